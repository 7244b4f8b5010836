"""How one point of an inequality ``lhs rel rhs`` is decided, and how a side is shown there.

Arb balls first (``intervals.decide``).  Where they cannot enclose a side (an operator,
a ``Piecewise``), each side is a ball around mpmath's values of those parts
(``side_balls``): at dps alone, each part trusted to ``clear_margin(dps)``, then each
within its change between dps and 2*dps; the pair is doubled, up to ``ESCALATION``
times dps, before the point is reported undecided.  A side computed as one mpmath
number lost what it cancelled (e^K (1 + e^-K I) - e^K came out 0 for K = 400, and a
false "<= 1/2" passed), or kept the sign of the noise in its low digits.

Where a part is not finite (an infinite limit), the sides are compared as mpmath numbers,
at dps and 2*dps, with the rules for noise: a side that mpmath computes may be accurate in
absolute terms only (an integral whose integrand cancels, a limit 0).  Under the required
digits in size, it may be noise about 0, and its sign then says nothing.  Such a side is
watched at 2*dps and 4*dps: noise recedes with the digits, a true value stays.
"""
from __future__ import annotations

import mpmath
import sympy as sp

from ..model.errors import CancelledDigits, EvaluationError, NoLimit, SymbolicTimeout
from ..model.timeout import time_budget
from ..numbers.intervals import NotEnclosable, decide
from ..numbers.numeric import evaluate
from ..numbers.precision import (
    ESCALATION,
    against_zero,
    clear_margin,
    comparison_scale,
    noise_floor,
    receded_from,
    required_digits,
)
from ..numbers.side_balls import ball_scale, ball_text, side_ball, within


def slack_expression(claim):
    """An expression that is positive (strict) or nonnegative exactly when the claim holds."""
    lhs, rhs, rel = claim.expr("lhs"), claim.expr("rhs"), claim.parsed["rel"]
    return (rhs - lhs) if rel in ("<", "<=") else (lhs - rhs)


def slack_of(rel, left, right):
    """The slack of ``left rel right`` from the values of its sides."""
    return right - left if rel in ("<", "<=") else left - right


def decide_at(claim, point, settings):
    """True/False if decided at ``point``, with the route used; None if undecided.

    Arb balls first; where they cannot enclose a side, the sides as balls around
    mpmath's values of what they cannot enclose (``_decide_on_balls``); where such a
    value is not finite, mpmath's values of the sides at dps and 2*dps, which must
    reach the same verdict with a margin derived from the precision.  Undecided up to
    ``ESCALATION`` times dps (a point on or near the edge where the two sides meet), a
    point where SymPy finds the two sides exactly equal is a tie.
    """
    rel = claim.parsed["rel"]
    lhs, rhs = claim.expr("lhs"), claim.expr("rhs")
    try:
        outcome = decide(rel, lhs, rhs, point)
        if outcome is not None:
            return outcome, "certified"
    except (NotEnclosable, ZeroDivisionError, ValueError):
        pass
    strict = rel in ("<", ">")
    dps = settings.dps
    # A negative control needs a counter-example, not a decision at every point: no escalation.
    ceiling = settings.dps if settings.mutant_mode else ESCALATION * settings.dps
    try:
        decided = _decide_on_balls(rel, lhs, rhs, point, dps, ceiling)
    except NoLimit:
        return False, "numeric"
    except EvaluationError:
        return None, "error"
    if decided is not None:
        if decided[0] is None and _exactly_zero_at(slack_expression(claim), point):
            return not strict, "symbolic"
        return decided
    # A side with a leaf that is not finite (an integral or a limit that is infinite here):
    # mpmath's values, compared as numbers.
    # The sides found to be noise about 0: 0 at every higher precision, never computed again
    # (a limit 0 at 1600 digits, for a tie that only exact arithmetic can settle).
    zeroed: set = set()
    while dps <= ceiling:
        try:
            # Each side on its own: a side built from operators (a quadrature) is then
            # evaluated once per point, and shared with the negative controls.
            first = _sides(lhs, rhs, point, dps, zeroed)
            outcome, slack, scale = _outcome(rel, *first, dps)
            small = _under_noise(first, dps)
            if not small and abs(slack) > clear_margin(dps) * scale:
                # Decided by a margin far above what rounding or quadrature error at dps
                # digits could produce: twice the precision would only repeat it.
                return outcome, "numeric"
            second = _sides(lhs, rhs, point, 2 * dps, zeroed)
            settled = _noise_as_zero(lhs, rhs, point, first, second, small, dps, zeroed)
        except NoLimit:
            return False, "numeric"
        except EvaluationError:
            return None, "error"
        if settled is None:
            # A side that receded at twice the digits and then held: it has digits of its own
            # only from there on.
            dps *= 2
            continue
        first, second = settled
        outcomes, slacks = [], []
        for working, (left, right) in ((dps, first), (2 * dps, second)):
            outcome, slack, _ = _outcome(rel, left, right, working)
            if outcome is None and slacks and slack and against_zero(left, right) \
                    and not receded_from(abs(slack), abs(slacks[0]), dps):
                # Under the floor against an exact 0 at both precisions, and not receding: a true
                # value (a positive integral of size e^-400), decided by its sign, not a tie.
                outcomes[0] = slacks[0] > 0
                outcome = slack > 0
            outcomes.append(outcome if outcome is not None or strict else True)
            slacks.append(slack)
        if outcomes[0] is not None and outcomes[0] == outcomes[1]:
            return outcomes[0], "numeric"
        dps *= 2
    # Undecided at every precision: the two sides may be exactly equal here (a tie x = y).
    if _exactly_zero_at(slack_expression(claim), point):
        return not strict, "symbolic"
    return None, "numeric"


def _decide_on_balls(rel, lhs, rhs, point, dps, ceiling):
    """(True/False/None, route) from the sides as balls (``side_balls``); None where a side
    is not finite.

    At dps alone first, each leaf trusted to ``clear_margin(dps)`` of its size or of 1:
    a margin that rounding or quadrature error at dps digits could not produce, whatever
    the closed form around the leaves cancels (Arb tracks that).  Then each leaf within
    its change between dps and 2*dps, the pair doubled up to ``ceiling``.  A slack whose
    ball lies within the required digits of the sides decides a non-strict claim as a tie.
    """
    strict = rel in ("<", ">")
    stages = [(dps, True)]
    while dps <= ceiling:
        stages.append((dps, False))
        dps *= 2
    for working, single in stages:
        try:
            sides = [side_ball(side, point, working, single=single) for side in (lhs, rhs)]
        except CancelledDigits:
            if single or 2 * working <= ceiling:
                continue  # a part that these digits cannot compute: the next pair goes higher
            raise
        if None in sides:
            return None
        slack = slack_of(rel, *sides)
        if slack > 0 or slack < 0:
            _remember(sides, (lhs, rhs), point)
            return bool(slack > 0), "numeric"
        scale = ball_scale(*sides, mpmath.mpf(1) / 10**30)
        if not (single or strict) and within(slack, mpmath.mpf(10) ** (-required_digits(working)) * scale):
            return True, "numeric"
    return None, "numeric"


def _sides(lhs, rhs, point, working, zeroed=()):
    return tuple(mpmath.mpf(0) if i in zeroed else evaluate(side, point, working)
                 for i, side in enumerate((lhs, rhs)))


def _outcome(rel, left, right, working):
    """(True/False, or None for a tie within the digits; the slack; the scale it is measured at)."""
    slack = slack_of(rel, left, right)
    # Two sides of size e^-(5 10^5), neither 0, once made a tie, and a false "<=" passed.
    scale = comparison_scale(left, right, mpmath.mpf(1) / 10**30)
    tolerance = mpmath.mpf(10) ** (-required_digits(working)) * scale
    outcome = True if slack > tolerance else False if slack < -tolerance else None
    return outcome, slack, scale


def _under_noise(sides, dps):
    """The indices of the sides, not 0, too small for a clear margin to be read off them.

    Where balls cannot enclose a side, mpmath computes it, and an operator's value may be
    accurate in absolute terms only: a limit to the required digits of the size of the
    values approaching it (10^-30 against 1 at 50 digits), an integral whose integrand
    cancels to 10^-40.  A side under ``noise_floor`` may then have fewer digits than a clear
    margin assumes (dps/5), or be noise about 0 whose sign says nothing: the integral of
    (z - 1) e^-(z-1)^2 (2 + tanh(z-1)^2), which is 0, came out 7 10^-45, and a false
    ">= 10^-70" passed by a clear margin; the limit of K (10^-25 + x (2 + tanh(1/x)) +
    3 10^-29/log(1/x)) as x -> 0+, K 10^-25, came out 10^-6 of itself high, and a false
    ">= K 10^-25 (1 + 10^-7)" passed.
    """
    floor = noise_floor(dps)
    return [i for i, side in enumerate(sides) if side and abs(side) < floor]


def _noise_as_zero(lhs, rhs, point, first, second, small, dps, zeroed):
    """The sides at dps and 2*dps, with each small side that is noise made 0; None if undecided.

    A side that recedes at 2*dps and again at 4*dps is noise (``_noise``), and is 0 at both
    precisions, and added to ``zeroed``; one that recedes at 2*dps only had no digits at dps
    (a value of 10^-76 seen as noise of 10^-45): None, and the caller starts again from 2*dps.
    """
    first, second = list(first), list(second)
    for i in small:
        noise = _noise((lhs, rhs)[i], point, first[i], second[i], dps)
        if noise is None:
            return None
        if noise:
            first[i] = second[i] = mpmath.mpf(0)
            zeroed.add(i)
    return tuple(first), tuple(second)


def _noise(expression, point, value, higher, dps):
    """Whether ``value`` at dps, ``higher`` at 2*dps, are noise about 0: True if they recede and
    recede again at 4*dps, False if they hold, None if they recede once and then hold.

    Noise about 0 recedes as the digits grow; a true value stays.
    """
    if not receded_from(abs(higher), abs(value), dps):
        return False
    again = evaluate(expression, point, 4 * dps)
    return True if not again or receded_from(abs(again), abs(higher), 2 * dps) else None


def _exactly_zero_at(expression, point) -> bool:
    """True if SymPy's exact arithmetic makes ``expression`` 0 at the exact ``point``."""
    try:
        with time_budget(10.0):
            return sp.sympify(expression).xreplace(point) == 0
    except (SymbolicTimeout, TypeError, ValueError, ZeroDivisionError, RecursionError):
        return False


def shown_value(expression, point, dps, balls=True) -> str:
    """A side at a counter-example to 20 digits, or 0 where it is noise about 0 (which, shown
    as it came, would seem to satisfy the claim it refutes).

    The midpoint of the side's ball (``side_balls``) where the ball is narrow to those digits
    at dps or at 2*dps: mpmath's value of a side whose low digits are noise once showed
    K 10^-60 + 10^-130 - (an integral that is 0) as 0.99994 10^-60, below the side it exceeds.
    Else mpmath's value at the check's own precisions, whose values of an operator the
    decision has already computed."""
    text = _deciding(expression, point) if balls else None
    if text is not None:
        return text
    value = evaluate(expression, point, dps)
    if _under_noise([value], dps):
        higher = evaluate(expression, point, 2 * dps)
        if _noise(expression, point, value, higher, dps):
            return f"0 (noise of {mpmath.nstr(value, 3)} at {dps} digits, receding with them)"
    return mpmath.nstr(value, 20)


def _deciding(expression, point):
    """The side's ball that decided ``point`` (``_decide_on_balls``), as text with the digits it
    knows, up to 20; None if there is none.  Nothing is computed again for a display: a sum's
    terms at 200 digits once took 84 s to show a counter-example."""
    return ball_text(_DECIDING_BALLS.get((expression, _key(point))), 20)


def _remember(sides, expressions, point):
    if len(_DECIDING_BALLS) >= 1024:
        _DECIDING_BALLS.clear()
    for side, expression in zip(sides, expressions):
        _DECIDING_BALLS[expression, _key(point)] = side


def _key(point):
    return tuple(sorted((str(symbol), value) for symbol, value in point.items()))


# The side balls that decided a point, by (side, point): what a counter-example shows.
_DECIDING_BALLS: dict = {}
