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

The certificate for K(t) <= c t^2 (c the asserted curvature) has three parts,
each decided by Arb balls (python-flint); an undecided comparison is never a pass.

1. **Near zero, 0 < t <= t0: the Taylor form.**  With m_j = E psi^j,
   M(t) = 1 + m2 t^2/2 + m4 t^4/24 + R, 0 <= R <= (t^6/720) E[psi^6 cosh(t0 psi)]
   (each term u^{2j}/(2j)! with j >= 3 is at most u^6/720 times one of cosh's),
   and e^{c t^2} >= 1 + c t^2 + c^2 t^4/2.  So

       (e^{c t^2} - M(t)) / t^2 >= (c - m2/2) + t^2 (q - r t^2),
       q = c^2/2 - m4/24,  r = E[psi^6 cosh(t0 psi)]/720.

   When c = m2/2 exactly (c = I/2: SymPy's derivation of I from the density,
   ``noise_laws.symbolic_quantities``), q = -kappa4/24 with kappa4 = m4 - 3 m2^2
   the fourth cumulant of psi, and the bound is positive on (0, t0] as soon as
   q - r t0^2 > 0: the certificate shows kappa4 < 0 with that remainder.
   When c < m2/2 (certified) K(t) > c t^2 for small t: the claim is refuted.

2. **The covering, t0 <= t <= T.**  Consecutive cells [t_l, t_u], each certified on
   its own for every t in it (not only at its ends), by one of two bounds:
   *monotone*: M is increasing on t >= 0 (M' = E psi sinh(t psi) >= 0) and c t^2 too,
   so log M(t_u) < c t_l^2 suffices;
   *second order*: K(t) <= K(m) + K'(m)(t - m) + B (t - m)^2/2 about the midpoint m,
   with K' = M'/M and B = M''(t_u)/M(t_l) >= K'' (K'' <= M''/M, M and M'' increasing),
   and the resulting quadratic lower bound for c t^2 - K(t) is checked at the cell's ends
   (it is concave) — this is what lets cells near t0, where c t^2 - K(t) ~ |kappa4| t^4/24,
   be wide.  Cells that do not decide are halved; a midpoint with log M > c t^2 refutes.

3. **The tail, t >= T >= 1: an analytic bound.**  By the lemma of
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

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from flint import acb, arb

from .airy_log_derivative import airy_law_anchor, score_integral_tail
from .noise_laws import ArbPrecision

#: Bits for the integrals; the comparisons retry at twice this before giving up on a cell.
PREC = 40
MAX_PREC = 256
CUTOFF = 40


class Undecided(ArithmeticError):
    """Arb could not decide a comparison at the precisions tried."""


def _exact(value) -> arb:
    """An exact Arb number from an int, a Fraction or a decimal string (never through a float)."""
    value = Fraction(value)
    return arb(value.numerator) / value.denominator


def _integrand(t: arb, power: int, odd: bool):
    """z -> Ai(z)^2 (2 g(z))^power cosh(2 t g(z)) (sinh when ``odd``), g = Ai'/Ai: meromorphic."""
    def f(z, analytic):
        ai, aip = z.airy_ai(), z.airy_ai(derivative=1)
        g = aip / ai
        value = ai * ai * ((2 * t * g).sinh() if odd else (2 * t * g).cosh())
        return value * (2 * g) ** power if power else value
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
    with ArbPrecision(prec):
        a, _ = airy_law_anchor(prec)
        t = _exact(t_text)
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


def score_moment(t_text: str, k: int, prec: int = PREC) -> arb:
    """integral_a^oo Ai^2 (2g)^{2k} cosh(2tg) dy: ``score_integral`` with an even power 2k."""
    return score_integral(t_text, 2 * k, False, prec)


def log_mgf(t_text: str, prec: int = PREC) -> arb:
    """A ball containing K(t) = log E exp(t psi(X)) for the Airy law (t an exact decimal string).

    >>> bool(log_mgf("1") > 0.63196) and bool(log_mgf("1") < 0.63197)
    True
    """
    with ArbPrecision(prec):
        return (score_moment(t_text, 0, prec) / score_moment("0", 0, prec)).log()


# -- the three parts of the certificate ---------------------------------------------------

@dataclass
class Certificate:
    """The outcome: ``status`` is 'certified', 'refuted' or 'undecided', with what decided it."""

    status: str
    route: str
    taylor: dict = field(default_factory=dict)
    covering: dict = field(default_factory=dict)
    tail: dict = field(default_factory=dict)
    counterexample: dict = field(default_factory=dict)
    seconds: float = 0.0


def _retry(decide, prec):
    """``decide(prec)`` -> True/False/None, at ``prec`` and doubled precisions up to MAX_PREC."""
    while prec <= MAX_PREC:
        outcome = decide(prec)
        if outcome is not None:
            return outcome, prec
        prec *= 2
    return None, prec // 2


def taylor_part(curvature, matches_fisher: bool, t0: str, prec: int = PREC) -> dict:
    """Decide e^{c t^2} > M(t) on (0, t0] by the Taylor form (module docstring, part 1).

    ``curvature`` is a function prec -> Arb ball of c; ``matches_fisher`` says that
    c = I/2 holds exactly (symbolically), so that the t^2 term vanishes.
    Returns {'outcome': True/False/None, ...} with the balls that decided it.
    """
    def decide(bits):
        with ArbPrecision(bits):
            c, n = curvature(bits), score_moment("0", 0, bits)
            m2, m4 = score_moment("0", 1, bits) / n, score_moment("0", 2, bits) / n
            r = score_moment(t0, 3, bits) / n / 720
            q, s = c * c / 2 - m4 / 24, _exact(t0)
            excess = c - m2 / 2
            info = {"m2": m2, "m4": m4, "kappa4": m4 - 3 * m2 * m2, "q": q, "r": r,
                    "quartic margin q - r t0^2": q - r * s * s, "c - m2/2": excess}
            if matches_fisher:
                if not excess.contains(0):
                    raise ArithmeticError("c = I/2 symbolically, yet the integrated m2/2 excludes c")
                excess = arb(0)
            elif excess < 0:
                return dict(info, outcome=False, reason="c < m2/2 = I/2: K(t)/t^2 -> I/2 > c as t -> 0")
            elif not excess > 0:
                return None
            quartic = q - r * s * s
            if quartic > 0:
                return dict(info, outcome=True)
            floor = excess + s * s * (arb(0).min(q)) - r * s ** 4 if excess > 0 else arb(-1)
            if floor > 0:
                return dict(info, outcome=True, floor=floor)
            return None
    outcome, bits = _retry(decide, prec)
    return outcome if outcome is not None else {"outcome": None, "bits": bits}


def _ratio(numerator: arb, t_text: str, prec: int) -> arb:
    return numerator / score_integral(t_text, 0, False, prec)


def cell_margin(curvature, low: str, high: str, prec: int) -> arb:
    """A lower bound for min over t in [low, high] of c t^2 - K(t) (second-order cell).

    With m the midpoint and u = t - m, K(t) <= K(m) + K'(m) u + B u^2/2, where
    B = M''(high)/M(low) >= K'' on the cell (K'' = M''/M - (M'/M)^2 <= M''/M, and M, M''
    increase on t >= 0).  So c t^2 - K(t) >= P(u) = [c m^2 - K(m)] + [2 c m - K'(m)] u
    + (c - B/2) u^2; when c - B/2 <= 0, P is concave and its minimum over |u| <= h/2 is at an end.
    """
    with ArbPrecision(prec):
        c = curvature(prec)
        lo, hi = Fraction(low), Fraction(high)
        mid = _text((lo + hi) / 2)
        half = _exact(_text((hi - lo) / 2))
        m = _exact(mid)
        k_mid = _ratio(score_integral(mid, 0, False, prec), "0", prec).log()
        slope = _ratio(score_integral(mid, 1, True, prec), mid, prec)
        curvature_bound = _ratio(score_integral(high, 2, False, prec), low, prec)
        constant, linear, quadratic = c * m * m - k_mid, 2 * c * m - slope, c - curvature_bound / 2
        if quadratic <= 0:
            return (constant - linear * half + quadratic * half * half).min(
                constant + linear * half + quadratic * half * half)
        return constant - abs(linear) * half + arb(0).min(quadratic) * half * half


def _point_fails(curvature, t: str, prec: int):
    with ArbPrecision(prec):
        return bool(log_mgf(t, prec) > curvature(prec) * _exact(t) ** 2)


def monotone_margin(curvature, low: str, high: str, prec: int) -> arb:
    """c low^2 - log M(high): positive means K(t) < c t^2 on all of [low, high] (M and c t^2 increase)."""
    with ArbPrecision(prec):
        return curvature(prec) * _exact(low) ** 2 - log_mgf(high, prec)


def covering_part(curvature, t0: str, T: str, first_step="1/16", prec: int = PREC,
                  min_width=Fraction(1, 2**12)) -> dict:
    """Cover [t0, T] by consecutive cells, each certified by ``monotone_margin`` or ``cell_margin``.

    The cells are chosen by step control: a certified cell lets the next one grow by half,
    a cell that does not decide is halved.  The choice of cells only affects speed: each
    accepted cell is certified on its own.  A midpoint where Arb shows log M(t) > c t^2
    refutes; a cell narrower than ``min_width`` that still does not decide leaves the
    verdict undecided.
    """
    low, high, step = Fraction(t0), Fraction(T), Fraction(first_step)
    accepted, smallest, routes, rejected = [], None, {"monotone": 0, "second-order": 0}, 0
    while low < high:
        upper = min(high, low + step)
        text_a, text_b = _text(low), _text(upper)
        route, margin = "monotone", monotone_margin(curvature, text_a, text_b, prec)
        if not margin > 0:
            route, margin = "second-order", cell_margin(curvature, text_a, text_b, prec)
        if margin > 0:
            smallest = margin if smallest is None or margin.lower() < smallest.lower() else smallest
            accepted.append((text_a, text_b, route))
            routes[route] += 1
            low, step = upper, _dyadic(step * 3 / 2)
            continue
        rejected += 1
        middle = (low + upper) / 2
        if _point_fails(curvature, _text(middle), prec):
            return {"outcome": False, "cells": len(accepted), "at": _text(middle),
                    "reason": "log M(t) > c t^2 at this t (certified)"}
        if upper - low < min_width:
            return {"outcome": None, "cells": len(accepted), "at": text_a,
                    "reason": f"cell [{text_a}, {text_b}] undecided at width below {min_width}"}
        step = (upper - low) / 2
    return {"outcome": True, "cells": len(accepted), "by route": routes, "rejected steps": rejected,
            "smallest margin": smallest, "accepted": accepted}


def _dyadic(value: Fraction) -> Fraction:
    """``value`` rounded down to a multiple of 2^-10 (short exact endpoints), at least 2^-10."""
    return max(Fraction(int(value * 1024), 1024), Fraction(1, 1024))


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def tail_part(curvature, T: str, prec: int = PREC) -> dict:
    """Decide L(t)/t^2 < c for every t >= T (module docstring, part 3)."""
    def decide(bits):
        with ArbPrecision(bits):
            a, peak = airy_law_anchor(bits)
            c, s = curvature(bits), _exact(T)
            if not s >= 1:
                raise ValueError("the tail bound needs T >= 1")
            log_rho = (peak / score_moment("0", 0, bits)).log()
            bound = (log_rho.max(arb(0)) / (s * s) + 2 * (-a).sqrt() / s + (-a + 1 + 3 * s).log() / (s * s)
                     + arb(8) / 3 / (2 * arb(2).sqrt()) / s.sqrt())
            if bound < c:
                return {"outcome": True, "bound on L(t)/t^2 for t >= T": bound, "c": c, "log rho": log_rho}
            if bound >= c:
                return {"outcome": False, "bound on L(t)/t^2 for t >= T": bound, "c": c,
                        "reason": "the analytic tail bound does not reach below c t^2 at this T: raise T"}
            return None
    outcome, bits = _retry(decide, prec)
    return outcome if outcome is not None else {"outcome": None, "bits": bits}


def certify_sub_gaussian(curvature, matches_fisher: bool, t0="1/2", T="10", first_step="1/16",
                         prec: int = PREC) -> Certificate:
    """K(t) <= c t^2 for every real t, for the Airy score: the three parts, in order.

    ``curvature(prec)`` returns c as an Arb ball.  'certified' only when all three
    parts are decided True; 'refuted' when Arb shows K(t) > c t^2 somewhere (the
    Taylor part with c < I/2, or a point of the covering); otherwise 'undecided'
    (a tail bound that does not reach below c t^2 is undecided, not a refutation).
    """
    started = time.perf_counter()
    taylor = taylor_part(curvature, matches_fisher, t0, prec)
    result = Certificate("undecided", "", taylor=taylor)
    if taylor["outcome"] is False:
        result.status, result.route = "refuted", "Arb: " + taylor["reason"]
        result.counterexample = {"c - m2/2": taylor["c - m2/2"].str(6)}
    elif taylor["outcome"] is True:
        covering = covering_part(curvature, t0, T, first_step, prec)
        result.covering = covering
        if covering["outcome"] is False:
            result.status, result.route = "refuted", f"Arb: log M(t) > c t^2 at t = {covering['at']}"
            result.counterexample = {"t": covering["at"]}
        elif covering["outcome"] is True:
            tail = tail_part(curvature, T, prec)
            result.tail = tail
            if tail["outcome"] is True:
                result.status = "certified"
                result.route = (f"Arb: Taylor form on (0, {t0}] (kappa4 < 0 with remainder), "
                                f"{covering['cells']} cells covering [{t0}, {T}] ({covering['by route']['monotone']} by "
                                f"monotonicity of M, {covering['by route']['second-order']} by a second-order "
                                f"bound with K'' <= M''/M), "
                                f"analytic tail bound for t >= {T}")
    result.seconds = time.perf_counter() - started
    return result
