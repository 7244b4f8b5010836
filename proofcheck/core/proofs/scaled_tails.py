"""Gaussian tails written through the scaled complementary error function, for infinite ends.

Where a Gaussian tail meets an exponential that cancels it, as in the conversion of zCDP to
DP (Bun and Steinke, 2016, Proposition 1.3) at the Gaussian mechanism,

    e^{eps} Phi(-u - mu) / delta     with  eps = rho + u mu,  mu^2 = 2 rho,  delta = e^{-u^2/2},

each factor is 0 or oo as delta -> 0, and no interval holds the product.  With
erfcx(x) = e^{x^2} erfc(x) (DLMF 7.2.3, decreasing on the whole line from +oo to 0),

    e^{A} erfc(B) = e^{A - B^2} erfcx(B),

and A - B^2 expands to what cancels: the product above is erfcx((u + mu)/sqrt 2)/(2 ...), a
decreasing function of u whose limit at u = oo is 0.  ``scaled`` does the rewriting; the
enclosure with infinite ends (``extended``) takes erfcx as a decreasing function.
"""
from __future__ import annotations

import sympy as sp
from flint import arb


class erfcx(sp.Function):  # noqa: N801 - the name the literature gives it
    """The scaled complementary error function e^{x^2} erfc(x) (DLMF 7.2.3)."""

    nargs = 1

    def _eval_rewrite_as_erfc(self, x, **kwargs):
        return sp.exp(x ** 2) * sp.erfc(x)

    def fdiff(self, argindex=1):
        x = self.args[0]
        return 2 * x * erfcx(x) - 2 / sp.sqrt(sp.pi)


def erfcx_ball(x: arb) -> arb:
    """erfcx at a finite ball, as e^{x^2} erfc(x) in Arb (its radius covers the product's)."""
    return (x * x).exp() * x.erfc()


def scaled(expr):
    """``expr`` with each product e^A erfc(B) written e^{A - B^2} erfcx(B), A - B^2 expanded, or
    ``expr`` itself where there is none.  erf is first written 1 - erfc, so that the parts of
    e^A erf(B) - e^A that cancel do."""
    if not expr.has(sp.erf, sp.erfc):
        return expr
    expanded = sp.expand(sp.powsimp(expr.rewrite(sp.erfc), combine="exp"))
    terms = [_scaled_term(sp.powsimp(t, combine="exp")) for t in sp.Add.make_args(expanded)]
    return sp.powsimp(sp.Add(*terms), combine="exp")


def _scaled_term(term):
    factors = sp.Mul.make_args(term)
    exps = [f for f in factors if isinstance(f, sp.exp)]
    tails = [f for f in factors if isinstance(f, sp.erfc)]
    if len(exps) != 1 or len(tails) != 1:
        return term
    (power,), (tail,) = exps, tails
    rest = sp.Mul(*(f for f in factors if f is not power and f is not tail))
    exponent = sp.expand(power.args[0] - tail.args[0] ** 2)
    return rest * sp.exp(exponent) * erfcx(tail.args[0])
