"""Exact zCDP of binary randomized response, by convexity in the order (second paper).

Binary randomized response keeps a bit with probability e^ε/(e^ε + 1).  Its Rényi
divergence gives the cumulant generating function of the privacy loss,
K(h) = h D_{1+h} = log((e^{(1+h)ε} + e^{−hε})/(e^ε + 1)), and with ρ its KL value
ε tanh(ε/2) the claim D_α/α ≤ ρ for every α > 1 reads F(h) = ρ h (1 + h) − K(h) ≥ 0.
SymPy writes F'' = 2ε tanh(ε/2) − ε² sech²((h + ½)ε): it rises in h, and at h = 0 it
is ε sech²(ε/2)(sinh ε − ε) ≥ 0, so F is convex on h ≥ 0 with F(0) = F'(0) = 0.  This
is the argument ``proofcheck/dp/divergences/convexity_proof.py`` certifies with Arb for
``pure-dp-tight-zcdp``, written out here in closed form.

Run: ``python derivations/pure_dp_convexity.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate

TITLE = "Exact zCDP of binary randomized response: D_α/α ≤ ε tanh(ε/2) by convexity in the order"
SOURCE = "arXiv 2510.25746 (pure DP, tight for binary randomized response; Steinke 2024, Thm. 5)."
ESTABLISHES = {
    "cumulant": "K(h) = h D_{1+h} = log((e^{(1+h)ε} + e^{−hε})/(e^ε + 1))",
    "kl": "K'(0) = KL = ε tanh(ε/2), the α → 1 limit of D_α/α",
    "second_derivative": "F''(h) = 2ε tanh(ε/2) − ε² sech²((h + ½)ε) for F = ρ h (1 + h) − K",
    "rising": "dF''/dh = 2ε³ sech²((h + ½)ε) tanh((h + ½)ε) > 0",
    "at_zero": "F''(0) = ε sech²(ε/2)(sinh ε − ε)",
    "sinh_excess": "sinh ε − ε = ∫_0^ε 2 sinh²(t/2) dt > 0",
}


def _exp_form(difference):
    """Hyperbolic functions as exponentials: the difference then cancels to 0."""
    return sp.simplify(sp.expand(difference.rewrite(sp.exp)))


def derive(d: literate.Derivation) -> None:
    eps = d.parameters(eps="eps > 0")
    h = d.variable("h", positive=True)
    alpha = d.variable("alpha", positive=True)
    t = d.variable("t", positive=True)
    divergence = sp.log((sp.exp(alpha * eps) + sp.exp((1 - alpha) * eps)) / (sp.exp(eps) + 1)) / (alpha - 1)
    cumulant = d.step("D_α", "K(h) = h D_{1+h}: the Rényi divergence at α = 1 + h times h.",
                      sp.simplify(h * divergence.subs(alpha, 1 + h)),
                      lhs=literate.name("K(h)"), paper=sp.log((sp.exp((1 + h) * eps) + sp.exp(-h * eps))
                                                             / (sp.exp(eps) + 1)),
                      result="cumulant", hint=_exp_form)
    rho = d.step("KL", "K'(0), the limit of D_α/α as α → 1: the KL divergence of the pair.",
                 sp.simplify(sp.diff(cumulant, h).subs(h, 0)), lhs=literate.name("K'(0)"),
                 paper=eps * sp.tanh(eps / 2), key="kl", result="kl", hint=_exp_form)
    d.step("KL", "K(0) = 0: F(0) = 0, and F'(0) = ρ − K'(0) = 0.", cumulant.subs(h, 0), lhs=literate.name("K(0)"),
           paper=0)
    centre = (h + sp.Rational(1, 2)) * eps
    second = d.step("convexity", "F'' = 2ρ − K'' for F(h) = ρ h (1 + h) − K(h).",
                    sp.simplify(2 * rho - sp.diff(cumulant, h, 2)), lhs=literate.name("F''(h)"),
                    paper=2 * eps * sp.tanh(eps / 2) - eps**2 / sp.cosh(centre) ** 2,
                    key="second", result="second_derivative", hint=_exp_form)
    rising = d.step("convexity", "Its derivative in h.", sp.simplify(sp.diff(second, h)),
                    lhs=literate.name("dF''/dh"),
                    paper=2 * eps**3 * sp.tanh(centre) / sp.cosh(centre) ** 2, result="rising", hint=_exp_form)
    d.holds("convexity", "It is positive for h > 0: ε, sech² and tanh of a positive number are.", rising, ">")
    d.step("convexity", "At h = 0, with 2 tanh(ε/2) cosh²(ε/2) = sinh ε.", second.subs(h, 0),
                     lhs=literate.name("F''(0)"),
                     paper=eps * (sp.sinh(eps) - eps) / sp.cosh(eps / 2) ** 2, key="at_zero", result="at_zero",
                     hint=_exp_form)
    d.step("convexity", "sinh ε − ε as the integral of cosh t − 1 = 2 sinh²(t/2) from 0 to ε.",
                    sp.integrate(2 * sp.sinh(t / 2) ** 2, (t, 0, eps)), lhs=literate.name("∫_0^ε 2 sinh²(t/2) dt"),
                    paper=sp.sinh(eps) - eps, result="sinh_excess", hint=_exp_form)
    d.holds("convexity", "The integrand 2 sinh²(t/2) is positive for t > 0.", 2 * sp.sinh(t / 2) ** 2, ">")
    d.cite("convexity", "The integral of a positive function over (0, ε) is positive: sinh ε > ε, so "
           "F''(0) > 0, and F'' rising in h keeps F'' > 0 for every h > 0.", sp.Gt(sp.sinh(eps), eps))
    d.cite("convexity", "F convex on h >= 0 with F(0) = F'(0) = 0 gives F(h) >= 0, that is "
           "D_α/α <= ρ = ε tanh(ε/2) at every order α > 1 and every ε > 0; the α → 1 limit attains it.",
           sp.Le(divergence / alpha, rho))


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
