"""The Airy score is sub-Gaussian: K(t) <= c t^2 for every real t, certified with Arb.

The Airy law f(x) = Ai(|x| + a)^2 / Z (a = a1', Z = -2 a Ai(a)^2) has the score
psi(x) = 2 sign(x) g(|x| + a), g = Ai'/Ai, and the cumulant generating function

    K(t) = log E exp(t psi(X)) = log M(t),
    M(t) = integral_a^oo Ai(y)^2 cosh(2 t g(y)) dy / integral_a^oo Ai(y)^2 dy,

(f is even and psi odd, so E e^{t psi} = E cosh(t psi) and K is even: t >= 0
suffices).  The findings pack needs K(t) <= I t^2/2, I = 4|a1'|/3 (finding
``airy-fisher``): as delta -> 0 with t = (alpha - 1) delta fixed,
D_alpha(P_delta || P_0)/(alpha delta^2) -> K(t)/t^2, so the supremum over alpha
of D_alpha/alpha is the KL limit to leading order exactly when sup_t K/t^2 = I/2.

The certificate is the one of ``sub_gaussian_score`` (Taylor form near 0 with the
fourth cumulant, a covering of [t0, T] by certified cells); what is Airy-specific is
below: the integrals and the analytic tail.

**The tail, t >= T >= 1: an analytic bound.**  By the lemma of
``airy_log_derivative`` (|g(y)| <= sqrt(y - a), Ai(y)^2 <= Ai(a)^2 e^{-(4/3)y^{3/2}}),
with phi(y) = 2t sqrt(y) - (4/3) y^{3/2} <= (8/3)(t/2)^{3/2} and
phi(y) <= -(2/3) y^{3/2} for y >= 3t,

    integral_a^oo Ai^2 cosh(2tg) dy <= Ai(a)^2 e^{2t sqrt(-a)} (-a + 1 + 3t e^{(8/3)(t/2)^{3/2}}),

so log M(t) <= L(t) = log rho + 2 sqrt(-a) t + log(-a + 1 + 3t) + (8/3)(t/2)^{3/2},
rho = Ai(a)^2 / integral_a^oo Ai^2.  Each term of L(t)/t^2 (with log rho replaced
by max(log rho, 0)) is nonincreasing for t >= 1, so L(t)/t^2 < c on [T, oo)
follows from its value at T.  The t^{3/2} growth is the Laplace-type bound:
K(t) ~ (2 sqrt 2/3) t^{3/2} while c t^2 grows faster.

Integrals over [a, Y] are certified by Arb's ``acb.integral`` (Petras' algorithm
with error bounds from the integrand on complex balls; the integrand is
meromorphic near [a, Y], Ai having no zero there); over [Y, oo) by
``airy_log_derivative.score_integral_tail``; the endpoint a, itself a ball, adds its
radius times a bound for the integrand.  The normaliser is integrated, not taken
from its closed form, so that M is derived from the density alone.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from flint import acb, arb, ctx

from ...core.numbers.precision import arb_bits
from ..airy.log_derivative import airy_law_anchor, score_integral_tail
from ..noise.symbolic_moments import symbolic_quantities
from .sub_gaussian_score import Certificate, ScoreLaw, certify, exact

PREC = 40
CUTOFF = 40

#: Ai^2, g = Ai'/Ai and 2g by ball (its exact midpoint and radius) and precision.  The integrals at
#: every t and power start from the same interval [a1', CUTOFF] and are bisected alike, so most of
#: the balls they evaluate recur; a ball seen again gets the very enclosures computed for it before.
_AIRY_TERMS: dict = {}
_AIRY_TERMS_LIMIT = 150_000  # about 100 MB


def _airy_terms(z: acb) -> tuple:
    """(Ai(z)^2, g(z), 2 g(z)), g = Ai'/Ai, on the complex ball z at the working precision, once per ball."""
    re, im = z.real, z.imag
    key = (ctx.prec,) + re.mid().man_exp() + re.rad().man_exp()
    if not im.is_zero():  # the quadrature nodes are real; the balls of its error bounds are not
        key += im.mid().man_exp() + im.rad().man_exp()
    terms = _AIRY_TERMS.get(key)
    if terms is None:
        if len(_AIRY_TERMS) >= _AIRY_TERMS_LIMIT:
            _AIRY_TERMS.clear()
        ai, aip, _, _ = z.airy()
        g = aip / ai
        terms = _AIRY_TERMS[key] = (ai * ai, g, 2 * g)
    return terms


def _integrand(t: arb, power: int, odd: bool):
    """z -> Ai(z)^2 (2 g(z))^power cosh(2 t g(z)) (sinh when ``odd``), g = Ai'/Ai: meromorphic."""
    twice_t = acb(2 * t)  # complex already: the product with g needs no conversion per call

    def f(z, analytic):
        square, g, twice_g = _airy_terms(z)
        value = square * ((twice_t * g).sinh() if odd else (twice_t * g).cosh())
        return value * twice_g ** power if power else value
    return f


def _tail(t: arb, power: int, cutoff: int, prec: int) -> arb:
    """An upper bound for the integral over [cutoff, oo) of |integrand|: |2g|^power |sinh| <= (2h)^power cosh,
    and an odd power is bounded by the two even ones around it (|u| <= 1 + u^2)."""
    if power % 2 == 0:
        return score_integral_tail(t, power // 2, cutoff, prec)
    return score_integral_tail(t, power // 2, cutoff, prec) + score_integral_tail(t, power // 2 + 1, cutoff, prec)


@lru_cache(maxsize=4096)
def score_integral(t_text: str, power: int, odd: bool = False, prec: int = PREC) -> arb:
    """A ball containing integral_a^oo Ai(y)^2 (2 g(y))^power cosh(2 t g(y)) dy (sinh when ``odd``),
    a = a1', g = Ai'/Ai, t an exact decimal or fraction string.

    Divided by the value at power 0, t = 0 (the half normaliser) it is E[psi^power cosh(t psi)]
    (E[psi^power sinh(t psi)] when ``odd``) under the Airy law: the derivatives of M(t).

    >>> n = score_integral("0", 0)
    >>> bool(abs(n - arb("0.2923203")) < arb(10) ** -6)  # -a1' Ai(a1')^2 (finding airy-normaliser)
    True
    """
    with arb_bits(prec):
        a, _ = airy_law_anchor(prec)
        t = exact(t_text)
        start = arb(a.mid())  # an exact point within the ball of a1'
        cutoff = max(CUTOFF, 3 * int(Fraction(t_text)) + 3)
        integrand = _integrand(t, power, odd)
        body = acb.integral(integrand, acb(start), acb(cutoff), rel_tol=arb(2) ** (-(prec - 10)))
        if not body.imag.contains(0):
            raise ArithmeticError("the integral of a real integrand has a nonzero imaginary part")
        # The piece between a1' and its midpoint: length at most rad(a1'), integrand bounded on the hull.
        edge = integrand(acb(a.union(start)), False).real
        edge_piece = arb(0, (arb(a.rad()) * abs(edge)).upper())
        # The tail lies in [-bound, bound] (in [0, bound] for the even integrands).
        tail = arb(0, _tail(t, power, cutoff, prec).upper())
        return body.real + edge_piece + tail


class AiryScore(ScoreLaw):
    """The Airy law's score integrals (J of ``sub_gaussian_score`` times 2 Z) and its analytic tail."""

    name = "airy"

    def integral(self, t_text, power, odd, prec):
        return score_integral(t_text, power, odd, prec)

    def fisher_symbolic(self):
        """I = 4|a1'|/3 as SymPy derives it from the density (``symbolic_moments.airy_symbolic_quantities``)."""
        return symbolic_quantities("airy")["fisher"]

    def cgf_tail_ratio(self, T_text, prec):
        """sup over t >= T of L(t)/t^2 (module docstring), each term nonincreasing for t >= 1.

        >>> bool(AiryScore().cgf_tail_ratio("10", 64) < arb("0.54"))
        True
        """
        with arb_bits(prec):
            a, peak = airy_law_anchor(prec)
            s = exact(T_text)
            if not s >= 1:
                raise ValueError("the Airy tail bound needs T >= 1")
            log_rho = (peak / score_integral("0", 0, False, prec)).log()
            return (log_rho.max(arb(0)) / (s * s) + 2 * (-a).sqrt() / s + (-a + 1 + 3 * s).log() / (s * s)
                    + arb(8) / 3 / (2 * arb(2).sqrt()) / s.sqrt())


AIRY = AiryScore()


def log_mgf(t_text: str, prec: int = PREC) -> arb:
    """A ball containing K(t) = log E exp(t psi(X)) for the Airy law (t an exact decimal string).

    >>> bool(log_mgf("1") > 0.63196) and bool(log_mgf("1") < 0.63197)
    True
    """
    return AIRY.log_mgf(t_text, prec)


def certify_sub_gaussian(curvature, matches_fisher: bool, t0="1/2", T="10", first_step="1/16",
                         prec: int = PREC) -> Certificate:
    """K(t) <= c t^2 for every real t, for the Airy score (``sub_gaussian_score.certify``)."""
    return certify(AIRY, curvature, matches_fisher, t0, T, first_step, prec)
