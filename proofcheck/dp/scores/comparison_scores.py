"""Score integrals of the comparison laws, for the sub-Gaussian certificate (``sub_gaussian_score``).

Each law gives J(t, p, odd) = integral_0^oo w(x) psi(x)^p cosh(t psi(x)) dx (sinh when
``odd``), w an unnormalised density, by Arb's certified ``acb.integral`` over [0, X] plus a
tail bound over [X, oo) whose side conditions Arb checks, and, where one is known, an
analytic bound for sup over t >= T of K(t)/t^2.

* ``laplace``   w = e^{-x}, psi = -sign(x): K(t) = log cosh t <= t^2/2 = I t^2/2 (I = 1).
                |psi| <= 1 gives K(t) <= |t|, so K(t)/t^2 <= 1/T for t >= T.
* ``logistic``  w = e^{-x}/(1 + e^{-x})^2, psi = -tanh(x/2) = 1 - 2F(x): psi is uniform
                on [-1, 1], K(t) = log(sinh(t)/t) <= t^2/6 = I t^2/2 (I = 1/3); again
                K(t)/t^2 <= 1/T.  Tail of J: w <= e^{-x} and |psi| <= 1.
* ``gaussian``  w = e^{-x^2/2}, psi = -x: K(t) = t^2/2 = I t^2/2 exactly.  The score is
                sub-Gaussian but not strictly: the certificate must stay undecided (its
                fourth cumulant is 0, and no margin exists anywhere).
* ``quartic``   w = e^{-x^4}, psi = -4 x^3: the counterexample.  Its score's fourth
                cumulant is positive (E psi^4 / (E psi^2)^2 = Gamma(13/4) Gamma(1/4) /
                Gamma(7/4)^2, about 10.9 > 3), so K(t) > I t^2/2 for small t != 0 and
                sup_alpha D_alpha/alpha sits at alpha > 1 for small shifts.
                I = 16 E X^6 = 16 Gamma(7/4)/Gamma(1/4) = 12 Gamma(3/4)/Gamma(1/4).

Tails of J (x >= X, p the power of psi):

* Laplace, logistic: |integrand| <= e^{-x} cosh t, so the tail is <= e^{-X} cosh t.
* Gaussian, X >= max(4t, 1), p log X <= X^2/8, p <= X^2/4: -x^2/2 + tx <= -x^2/4 and
  x^p <= e^{x^2/8} (true at X, and the logarithms' slopes p/x <= x/4 keep it), so the
  tail is <= integral_X^oo e^{-x^2/8} <= (8/X) e^{-X^2/8}.
* Quartic, X >= max(8t, 1), p log(4X^3) <= X^4/4, 3p <= X^4: -x^4 + 4t x^3 <= -x^4/2 and
  (4x^3)^p <= e^{x^4/4}, so the tail is <= integral_X^oo e^{-x^4/4} <= (4/X^3) e^{-X^4/4}.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy as sp
from flint import acb, arb

from ...core.numbers.precision import arb_bits
from ..airy.log_derivative import EnvelopeError
from ..noise.symbolic_moments import symbolic_quantities
from .sub_gaussian_score import ScoreLaw, exact

PREC = 40


def _certified(conditions: dict, where: str) -> None:
    failed = [name for name, holds in conditions.items() if not holds]
    if failed:
        raise EnvelopeError(f"{where}: not certified: {', '.join(failed)}")


class _HalfLineScore(ScoreLaw):
    """J by ``acb.integral`` over [0, cutoff] plus the law's tail bound; cached per (t, p, odd, prec)."""

    def weight_and_score(self, z):
        raise NotImplementedError

    def cutoff(self, whole_t: int, power: int) -> int:
        """The end X of the integrated range, from the integer part of t."""
        raise NotImplementedError

    def tail(self, t: arb, power: int, cutoff: int) -> arb:
        raise NotImplementedError

    def integral(self, t_text, power, odd, prec):
        return _integral(self, t_text, power, odd, prec)


@lru_cache(maxsize=4096)
def _integral(law, t_text, power, odd, prec):
    with arb_bits(prec):
        t = exact(t_text)

        def integrand(z, analytic):
            weight, score = law.weight_and_score(z)
            value = weight * ((t * score).sinh() if odd else (t * score).cosh())
            return value * score ** power if power else value

        cutoff = law.cutoff(int(Fraction(t_text)), power)
        body = acb.integral(integrand, acb(0), acb(cutoff), rel_tol=arb(2) ** (-(prec - 10)))
        if not body.imag.contains(0):
            raise ArithmeticError("the integral of a real integrand has a nonzero imaginary part")
        return body.real + arb(0, law.tail(t, power, cutoff).upper())


class _BoundedScore(_HalfLineScore):
    """|psi| <= 1 and w <= e^{-x}: tail e^{-X} cosh t; K(t) <= |t| gives K(t)/t^2 <= 1/T."""

    def cutoff(self, whole_t, power):
        return 60 + 2 * whole_t

    def tail(self, t, power, cutoff):
        return (-arb(cutoff)).exp() * t.cosh()

    def cgf_tail_ratio(self, T_text, prec):
        with arb_bits(prec):
            return 1 / exact(T_text)


class LaplaceScore(_BoundedScore):
    name = "laplace"

    def weight_and_score(self, z):
        return (-z).exp(), acb(-1)

    def fisher_symbolic(self):
        return sp.sympify(symbolic_quantities("laplace")["fisher"])


class LogisticScore(_BoundedScore):
    name = "logistic"

    def weight_and_score(self, z):
        e = (-z).exp()
        return e / (1 + e) ** 2, -(z / 2).tanh()

    def fisher_symbolic(self):
        return sp.sympify(symbolic_quantities("logistic")["fisher"])


class GaussianScore(_HalfLineScore):
    name = "gaussian"

    def weight_and_score(self, z):
        return (-z * z / 2).exp(), -z

    def cutoff(self, whole_t, power):
        return max(40, 4 * whole_t + 4)

    def tail(self, t, power, cutoff):
        x = arb(cutoff)
        _certified({"X >= 4t": x >= 4 * t, "X >= 1": x >= 1, "p log X <= X^2/8": power * x.log() <= x * x / 8,
                    "p <= X^2/4": power <= x * x / 4}, f"Gaussian tail at X = {cutoff}")
        return 8 / x * (-x * x / 8).exp()

    def fisher_symbolic(self):
        return sp.sympify(symbolic_quantities("gaussian")["fisher"])


class QuarticScore(_HalfLineScore):
    """w = e^{-x^4}: a light-tailed law whose score -4x^3 has a positive fourth cumulant."""

    name = "quartic"

    def weight_and_score(self, z):
        z2 = z * z
        return (-z2 * z2).exp(), -4 * z2 * z

    def cutoff(self, whole_t, power):
        return max(8, 8 * whole_t + 8)

    def tail(self, t, power, cutoff):
        x = arb(cutoff)
        x3 = x ** 3
        _certified({"X >= 8t": x >= 8 * t, "X >= 1": x >= 1,
                    "p log(4X^3) <= X^4/4": power * (4 * x3).log() <= x3 * x / 4,
                    "3p <= X^4": 3 * power <= x3 * x}, f"quartic tail at X = {cutoff}")
        return 4 / x3 * (-x3 * x / 4).exp()

    def fisher_symbolic(self):
        """I = E psi^2 = integral 16 x^6 e^{-x^4} / integral e^{-x^4}, integrated by SymPy."""
        x = sp.Symbol("x", positive=True)
        weight = sp.exp(-x**4)
        score = sp.diff(sp.log(weight), x)
        return sp.simplify(sp.integrate(score**2 * weight, (x, 0, sp.oo)) / sp.integrate(weight, (x, 0, sp.oo)))


LAWS = {law.name: law for law in (LaplaceScore(), LogisticScore(), GaussianScore(), QuarticScore())}
