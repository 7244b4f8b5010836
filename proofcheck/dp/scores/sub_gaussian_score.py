"""Certified sub-Gaussian scores: K(t) <= c t^2 for every real t, decided by Arb balls.

For a symmetric law with density f and odd score psi = (log f)', the score's
cumulant generating function K(t) = log M(t), M(t) = E exp(t psi(X)) = E cosh(t psi(X)),
is even, so t >= 0 suffices.  Its small-t curvature is I/2 (I = E psi^2, the Fisher
information).  In the small-shift limit of a log-location mechanism,
D_alpha(P_delta || P_0)/(alpha delta^2) -> K(t)/t^2 with t = (alpha - 1) delta fixed,
so sup_alpha D_alpha/alpha ~ I delta^2/2 (the KL value) exactly when K(t) <= I t^2/2:
the score is *sub-Gaussian with variance proxy I*.  When that proxy equals the variance
I the score is *strictly* sub-Gaussian, in the sense of Arbel, Marchal and Nguyen, "On
strict sub-Gaussianity, optimal proxy variance and symmetry for bounded random
variables", ESAIM: Probability and Statistics 24 (2020) (optimal proxy variance equal to
the variance); the t^4 term of the Taylor form below shows that it forces a fourth
cumulant <= 0.

A law supplies, through a ``ScoreLaw``, certified enclosures of the half-line integrals

    J(t, p, odd) = integral_0^oo f(x) psi(x)^p cosh(t psi(x)) dx   (sinh when ``odd``),

(any constant factor common to all of them cancels), and optionally an analytic bound
for sup over t >= T of log M(t)/t^2.  The certificate has three parts; each comparison
is decided by Arb, and an undecided one is never a pass.

1. **Near zero, 0 < t <= t0: the Taylor form.**  With m_j = E psi^j,
   M(t) = 1 + m2 t^2/2 + m4 t^4/24 + R, 0 <= R <= (t^6/720) E[psi^6 cosh(t0 psi)]
   (each term u^{2j}/(2j)! with j >= 3 is at most u^6/720 times one of cosh's),
   and e^{c t^2} >= 1 + c t^2 + c^2 t^4/2, so

       (e^{c t^2} - M(t)) / t^2 >= (c - m2/2) + t^2 (q - r t^2),
       q = c^2/2 - m4/24,  r = E[psi^6 cosh(t0 psi)]/720.

   When c = m2/2 exactly (shown symbolically by the caller: balls cannot show an
   equality), q = -kappa4/24 with kappa4 = m4 - 3 m2^2 the fourth cumulant of psi, and
   the bound is positive on (0, t0] once q - r t0^2 > 0.  When c < m2/2, or c = m2/2 and
   kappa4 > 0, K(t) > c t^2 for small t: a point where Arb shows it refutes the claim.

2. **The covering, t0 <= t <= T.**  Consecutive cells [t_l, t_u], each certified for
   every t in it (not only at its ends), by one of two bounds:
   *monotone*: M is increasing on t >= 0 (M' = E psi sinh(t psi) >= 0) and so is c t^2,
   so log M(t_u) < c t_l^2 suffices;
   *second order*: K(t) <= K(m) + K'(m)(t - m) + B (t - m)^2/2 about the midpoint m,
   with K' = M'/M and B = M''(t_u)/M(t_l) >= K'' (K'' <= M''/M; M and M'' increase),
   and the quadratic lower bound of c t^2 - K(t) is checked at the cell's ends when it
   is concave.  This is what lets the cells near t0 be wide, where c t^2 - K(t) is only
   of order |kappa4| t^4/24.  Cells that do not decide are halved; a midpoint with
   log M > c t^2 refutes.

3. **The tail, t >= T: the law's analytic bound** (``ScoreLaw.cgf_tail_ratio``), an
   upper bound for sup over t >= T of log M(t)/t^2 whose constants Arb evaluates; it
   must lie below c.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from flint import arb

from ...core.numbers.precision import arb_bits

#: Bits for the integrals; the Taylor and tail comparisons retry at doubled precision.
PREC = 40
MAX_PREC = 256


def exact(value) -> arb:
    """An exact Arb number from an int, a Fraction or a decimal or fraction string (never a float).

    >>> exact("3/8")
    0.375000000000000
    """
    value = Fraction(value)
    return arb(value.numerator) / value.denominator


class ScoreLaw:
    """What a law provides to the certificate: implement ``integral``; ``cgf_tail_ratio`` if known.

    ``name``: the law's name, for messages.
    """

    name = ""

    def integral(self, t_text: str, power: int, odd: bool, prec: int) -> arb:
        """A ball containing J(t, power, odd) (module docstring), up to a factor common to all."""
        raise NotImplementedError

    def cgf_tail_ratio(self, T_text: str, prec: int):
        """A ball bounding sup over t >= T of log M(t)/t^2 from above, or None (no analytic tail)."""
        return None

    def fisher_symbolic(self):
        """I = E psi^2 derived by SymPy from the density, or None: c = I/2 can only be shown exactly."""
        return None

    # -- derived -----------------------------------------------------------------------
    def moment(self, t_text: str, power: int, odd: bool, prec: int) -> arb:
        """E[psi^power cosh(t psi)] (sinh when ``odd``): J normalised by J(0, 0)."""
        with arb_bits(prec):
            return self.integral(t_text, power, odd, prec) / self.integral("0", 0, False, prec)

    def log_mgf(self, t_text: str, prec: int) -> arb:
        """A ball containing K(t) = log E exp(t psi(X))."""
        with arb_bits(prec):
            return self.moment(t_text, 0, False, prec).log()


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
    """``decide(prec)`` -> a dict or None (undecided), at ``prec`` and doubled precisions."""
    while prec <= MAX_PREC:
        outcome = decide(prec)
        if outcome is not None:
            return outcome
        prec *= 2
    return None


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _dyadic(value: Fraction) -> Fraction:
    """``value`` rounded down to a multiple of 2^-10 (short exact endpoints), at least 2^-10."""
    return max(Fraction(int(value * 1024), 1024), Fraction(1, 1024))


def exceeds_at(law: ScoreLaw, curvature, t_text: str, prec: int = PREC) -> bool:
    """True when Arb shows K(t) > c t^2 at the exact point t (a certified counterexample)."""
    with arb_bits(prec):
        return bool(law.log_mgf(t_text, prec) > curvature(prec) * exact(t_text) ** 2)


def _small_counterexample(law, curvature, t0: str, prec: int):
    """The largest t = t0 / 2^j (j < 12) at which Arb shows K(t) > c t^2, or None."""
    t = Fraction(t0)
    for _ in range(12):
        if exceeds_at(law, curvature, _text(t), prec):
            return _text(t)
        t /= 2
    return None


def taylor_part(law: ScoreLaw, curvature, matches_fisher: bool, t0: str, prec: int = PREC) -> dict:
    """Decide e^{c t^2} > M(t) on (0, t0] by the Taylor form (module docstring, part 1).

    ``curvature(prec)`` is c as an Arb ball; ``matches_fisher`` says that c = I/2 holds
    exactly (symbolically), so that the t^2 term vanishes.
    Returns {'outcome': True/False/None, ...} with the balls that decided it.
    """
    def decide(bits):
        with arb_bits(bits):
            c, s = curvature(bits), exact(t0)
            m2, m4 = law.moment("0", 2, False, bits), law.moment("0", 4, False, bits)
            r = law.moment(t0, 6, False, bits) / 720
            q, excess = c * c / 2 - m4 / 24, c - m2 / 2
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
            if excess > 0 and excess + s * s * arb(0).min(q) - r * s ** 4 > 0:
                return dict(info, outcome=True)
            if matches_fisher and q < 0:
                return dict(info, outcome=False, reason="c = I/2 and the fourth cumulant of psi is positive")
            return None
    outcome = _retry(decide, prec)
    if outcome is None:
        return {"outcome": None, "reason": "the Taylor form did not decide on (0, t0]: no certified t^4 margin "
                "(a fourth cumulant of 0, as for the Gaussian, leaves none; otherwise lower t0)"}
    if outcome["outcome"] is False:
        # Back the refutation by a point where Arb shows K(t) > c t^2.
        outcome["at"] = _small_counterexample(law, curvature, t0, prec)
        if outcome["at"] is None:
            outcome = dict(outcome, outcome=None, reason=outcome["reason"] + ", but no point t0/2^j showed it")
    return outcome


def monotone_margin(law: ScoreLaw, curvature, low: str, high: str, prec: int) -> arb:
    """c low^2 - log M(high): positive means K(t) < c t^2 on all of [low, high] (M and c t^2 increase)."""
    with arb_bits(prec):
        return curvature(prec) * exact(low) ** 2 - law.log_mgf(high, prec)


def cell_margin(law: ScoreLaw, curvature, low: str, high: str, prec: int) -> arb:
    """A lower bound for min over t in [low, high] of c t^2 - K(t) (the second-order cell).

    With m the midpoint and u = t - m, K(t) <= K(m) + K'(m) u + B u^2/2, where
    B = M''(high)/M(low) >= K'' on the cell.  So c t^2 - K(t) >= P(u) = [c m^2 - K(m)]
    + [2 c m - K'(m)] u + (c - B/2) u^2; when c - B/2 <= 0, P is concave and its minimum
    over |u| <= h/2 is at an end.
    """
    with arb_bits(prec):
        c = curvature(prec)
        lo, hi = Fraction(low), Fraction(high)
        mid = _text((lo + hi) / 2)
        half, m = exact((hi - lo) / 2), exact(mid)
        k_mid = law.log_mgf(mid, prec)
        slope = law.integral(mid, 1, True, prec) / law.integral(mid, 0, False, prec)
        bound = law.integral(high, 2, False, prec) / law.integral(low, 0, False, prec)
        constant, linear, quadratic = c * m * m - k_mid, 2 * c * m - slope, c - bound / 2
        if quadratic <= 0:
            return (constant - linear * half + quadratic * half * half).min(
                constant + linear * half + quadratic * half * half)
        return constant - abs(linear) * half + arb(0).min(quadratic) * half * half


def covering_part(law: ScoreLaw, curvature, t0: str, T: str, first_step="1/16", prec: int = PREC,
                  min_width=Fraction(1, 2**12)) -> dict:
    """Cover [t0, T] by consecutive cells, each certified by ``monotone_margin`` or ``cell_margin``.

    The cells are chosen by step control: a certified cell lets the next one grow by half,
    a cell that does not decide is halved.  The choice only affects speed: each accepted
    cell is certified on its own.  A midpoint where Arb shows log M(t) > c t^2 refutes; a
    cell narrower than ``min_width`` that still does not decide leaves the verdict undecided.
    """
    low, high, step = Fraction(t0), Fraction(T), Fraction(first_step)
    accepted, smallest, routes, rejected = [], None, {"monotone": 0, "second-order": 0}, 0
    while low < high:
        upper = min(high, low + step)
        text_a, text_b = _text(low), _text(upper)
        route, margin = "monotone", monotone_margin(law, curvature, text_a, text_b, prec)
        if not margin > 0:
            route, margin = "second-order", cell_margin(law, curvature, text_a, text_b, prec)
        if not margin > 0 and 2 * prec <= MAX_PREC:
            # Wide balls, not a thin margin, may be what failed: one try at twice the bits.
            margin = cell_margin(law, curvature, text_a, text_b, 2 * prec)
        if margin > 0:
            smallest = margin if smallest is None or margin.lower() < smallest.lower() else smallest
            accepted.append((text_a, text_b, route))
            routes[route] += 1
            low, step = upper, _dyadic(step * 3 / 2)
            continue
        rejected += 1
        middle = _text((low + upper) / 2)
        if exceeds_at(law, curvature, middle, prec):
            return {"outcome": False, "cells": len(accepted), "at": middle,
                    "reason": "K(t) > c t^2 at this t (certified)"}
        if upper - low < min_width:
            return {"outcome": None, "cells": len(accepted), "at": text_a,
                    "reason": f"cell [{text_a}, {text_b}] undecided at width below {min_width}"}
        step = (upper - low) / 2
    return {"outcome": True, "cells": len(accepted), "by route": routes, "rejected steps": rejected,
            "smallest margin": smallest, "accepted": accepted}


def tail_part(law: ScoreLaw, curvature, T: str, prec: int = PREC) -> dict:
    """Decide sup over t >= T of log M(t)/t^2 < c by the law's analytic tail bound."""
    def decide(bits):
        with arb_bits(bits):
            bound, c = law.cgf_tail_ratio(T, bits), curvature(bits)
            if bound is None:
                return {"outcome": None, "reason": f"no analytic tail bound for the {law.name} law"}
            if bound < c:
                return {"outcome": True, "bound": bound, "c": c}
            if bound >= c:
                return {"outcome": None, "bound": bound, "c": c,
                        "reason": "the analytic tail bound does not reach below c at this T: raise T"}
            return None
    outcome = _retry(decide, prec)
    return outcome if outcome is not None else {"outcome": None, "reason": "tail comparison undecided"}


def certify(law: ScoreLaw, curvature, matches_fisher: bool, t0="1/2", T="10", first_step="1/16",
            prec: int = PREC) -> Certificate:
    """K(t) <= c t^2 for every real t: the three parts, in order.

    'certified' only when all three parts are decided True; 'refuted' when Arb shows
    K(t) > c t^2 at a point (which it names); otherwise 'undecided' (a tail bound that
    does not reach below c is undecided, not a refutation).
    """
    started = time.perf_counter()
    taylor = taylor_part(law, curvature, matches_fisher, t0, prec)
    result = Certificate("undecided", taylor.get("reason", ""), taylor=taylor)
    if taylor["outcome"] is False:
        result.status, result.route = "refuted", f"Arb: {taylor['reason']}; K(t) > c t^2 at t = {taylor['at']}"
        result.counterexample = {"t": taylor["at"]}
    elif taylor["outcome"] is True:
        covering = covering_part(law, curvature, t0, T, first_step, prec)
        result.covering, result.route = covering, covering.get("reason", "")
        if covering["outcome"] is False:
            result.status, result.route = "refuted", f"Arb: K(t) > c t^2 at t = {covering['at']}"
            result.counterexample = {"t": covering["at"]}
        elif covering["outcome"] is True:
            tail = tail_part(law, curvature, T, prec)
            result.tail, result.route = tail, tail.get("reason", "")
            if tail["outcome"] is True:
                result.status = "certified"
                result.route = (f"Arb: Taylor form on (0, {t0}] (fourth cumulant < 0 with remainder), "
                                f"{covering['cells']} cells covering [{t0}, {T}] ({covering['by route']['monotone']} "
                                f"by monotonicity of M, {covering['by route']['second-order']} by a second-order "
                                f"bound with K'' <= M''/M), analytic tail bound for t >= {T}")
    result.seconds = time.perf_counter() - started
    return result
