"""Numeric limits that are accepted only when the values settle.

mpmath's extrapolation (``mpmath.limit``) returns a number for any input, even
where no limit exists (sin(1/x) as x -> 0).  So the expression is also
evaluated along points approaching the limit point; the values must settle
on the extrapolated value (or on their own last value) within the required
digits of the expression's own size (``_scale``: times e^-700 a limit is decided
as at size 1), and values that keep moving are no limit (``NoLimit``), never a guess.
Near the point an expression may cancel many digits ((cos x - 1)/x**2 loses
twice the distance's): the nearest value is confirmed at more digits, and all
are evaluated with as many as it needs.
``numeric.evaluate`` calls ``settled_limit`` for every ``Limit`` it meets.
"""
from __future__ import annotations

import mpmath

from ..model.errors import CancelledDigits, EvaluationError, NoLimit, Unbounded
from .precision import GUARD_DIGITS, own_scale, required_digits, zero_floor

# Where a numeric limit is watched: distances 10**-e from the limit point (or 10**e
# towards infinity), e = 1, 2, 4, ..., up to twice the required digits, each stretched
# by an irrational factor so that the sequence never lines up with a period of the
# expression (sin(pi x) at integers).


def _approach_exponents(working):
    exponents, e = [], 1
    while e < 2 * required_digits(working):
        exponents.append(e)
        e *= 2
    return tuple(exponents + [e])


def settled_limit(f, target, direction: str, working: int):
    """The limit of ``f`` at ``target``, accepted only if a sequence of points converges to it.

    mpmath's extrapolation returns a number for any input, even where no limit
    exists (sin(1/x) as x -> 0).  So the expression is also evaluated along
    points approaching the limit point, at enough extra digits that the points
    are exact.  The steps between successive values must shrink steadily (else
    NoLimit: there is no limit, and a claim of one fails).  The extrapolated
    value is returned when the sequence ends within the required digits of it,
    counted against the expression's own size (``_scale``); failing that, the
    sequence's last value when its last step is that small.  A sequence that has
    not settled is taken once to twice the distance's exponent (10^-128 after
    10^-64); then the limit is undecided (EvaluationError), never guessed.

    A sequence that has settled to the required digits of its last value's own size
    is that value, and is not extrapolated: extrapolation costs the more the higher
    the precision (Shanks' transformation of 2 + x Ai(-1/x) took minutes at 400
    digits).  Where the last value is smaller than the values before it (a limit 0,
    whose last value is the distance 10^-64 to the point), the extrapolation, exact
    for a power series, gives the digits that a comparison with 0 asks for.
    """
    extrapolated: list = []
    exponents = _approach_exponents(working)
    # An approach that settles only just short of the digits (x log x -> 0 moves by 7 10^-31
    # at 10^-64, against 2 10^-31 of its size) is taken one doubling further, once.
    for exponents in (exponents, exponents + (2 * exponents[-1],)):
        values = _approach(f, target, direction, working, exponents)
        value = _settled_value(values, extrapolated, f, target, direction, working)
        if value is not None:
            return value
    raise EvaluationError(f"the limit is undecided: the values approaching {mpmath.nstr(target, 5)} "
                          f"still move by {mpmath.nstr(abs(values[-1] - values[-2]), 3)} at 10**-{exponents[-1]}")


def _settled_value(values, extrapolated, f, target, direction, working):
    """The limit the ``values`` approaching it settle on, or None if they have not yet;
    ``extrapolated`` holds mpmath's extrapolation once it has been asked for.

    Raises NoLimit where they move by more than a twentieth of their size at the last
    point, or unevenly, and EvaluationError where they grow without bound.
    """
    steps = [abs(b - a) for a, b in zip(values, values[1:])]
    scale = _scale(values)
    floor = zero_floor(working) * scale
    tail = steps[-3:]
    if _diverges(values):
        raise Unbounded("the values grow without bound near the limit point; an infinite limit "
                        "is decided symbolically, not by digits", values[-1])
    if steps[-1] > scale / 20 or not all(b <= a or b <= floor for a, b in zip(tail, tail[1:])):
        shown = ", ".join(mpmath.nstr(v, 6) for v in values)
        raise NoLimit(f"no limit: along points approaching {mpmath.nstr(target, 5)} the values do not "
                      f"settle ({shown})")
    tolerance = mpmath.mpf(10) ** (-required_digits(working)) * scale
    if steps[-1] <= tolerance and abs(values[-1]) >= scale:
        return values[-1]  # settled, to the required digits of its own size
    if not extrapolated:
        extrapolated.append(_extrapolated(f, target, direction))
    if mpmath.isfinite(extrapolated[0]) and abs(values[-1] - extrapolated[0]) <= tolerance:
        return extrapolated[0]
    if steps[-1] <= tolerance:
        return values[-1]
    return None


def _scale(values):
    """The size a limit's digits are counted against: its last value's, or, where that is
    smaller (a limit 0), the size of the expression along the approach, capped at 1.

    Counted against 1 alone, a limit of an expression of size e^-700 had no digits of its
    own: mpmath's extrapolation of e^-700 (1 + 1/n)^n as n -> oo, 4% low, lay within
    10^-40 of the values approaching it, and a false inequality about its logarithm passed;
    the limit of e^-700 (1 + sqrt(x) (2 + tanh(x + 1/x))) as x -> 0+, whose values are
    still 10^-32 of their size from it at x = 10^-64, came out 30% high, and a false ">="
    passed.  Times e^-700, a limit is decided exactly as it is at size 1.
    """
    return own_scale(values[-1], max(abs(v) for v in values))


def _extrapolated(f, target, direction):
    """mpmath's extrapolation of ``f`` towards ``target``: Richardson's alone first, then with Shanks'.

    ``mpmath.limit`` samples f at target + 1/k (or at k), where an expression with
    a power series in 1/k is what Richardson's method extrapolates; Shanks'
    transformation, which mpmath runs beside it at four times the working precision,
    costs the more the more terms it takes, and is paid for only where Richardson's
    does not converge.  There it stops at ``SHANKS_TERMS_PER_DIGIT`` terms a digit
    (mpmath's own default is 10): every limit that converges here does so within 4,
    and an estimate that has not converged is only a guess, which the approach
    then accepts or not.  Either way the value must still agree with the approach.
    """
    options = {} if mpmath.isinf(target) else {"direction": 1 if direction == "+" else -1}
    try:
        try:
            return mpmath.limit(f, target, method="richardson", strict=True, **options)
        except mpmath.libmp.NoConvergence:
            return mpmath.limit(f, target, maxterms=SHANKS_TERMS_PER_DIGIT * mpmath.mp.dps, **options)
    except CancelledDigits:
        return mpmath.nan  # no estimate at these digits: the approach, at more, decides alone


SHANKS_TERMS_PER_DIGIT = 4


def _diverges(values):
    """Values of one sign whose size grows at every step, by a factor of ten overall."""
    tail = values[-4:]
    same_sign = all(v > 0 for v in tail) or all(v < 0 for v in tail)
    growing = all(abs(b) > abs(a) for a, b in zip(tail, tail[1:]))
    return same_sign and growing and abs(tail[-1]) > 10 * abs(tail[0])


def _approach(f, target, direction, working, exponents):
    extra = max(exponents) + 2 * GUARD_DIGITS
    with mpmath.workdps(working + extra):
        stretch = 1 + (mpmath.sqrt(5) - 1) / 7
        points = []
        for exponent in exponents:
            step = stretch * mpmath.mpf(10) ** exponent
            if mpmath.isinf(target):
                points.append(step if target > 0 else -step)
            else:
                points.append(target + (1 / step if direction == "+" else -1 / step))
    digits = working + extra
    for _ in range(CANCELLATION_ROUNDS):
        values = _values(f, points, digits)
        if values is not None and (not mpmath.isfinite(values[-1])
                                   or _confirmed(f, points[-1], values[-1], digits + extra, working,
                                                 _scale(values))):
            break
        digits += extra
    else:
        # CancelledDigits: a caller on balls (``side_balls``) takes the limit again at more digits.
        raise CancelledDigits(f"the values near the limit point still change with the working precision "
                              f"at {digits} digits: they cancel more digits than can be carried")
    if not all(mpmath.isfinite(v) for v in values):
        raise EvaluationError("the expression is not finite near the limit point")
    return values


# At a distance 10**-e from the limit point an expression may lose e digits to
# cancellation ((e^x - 1)/x), or a multiple of them ((cos x - 1)/x**2 loses 2e, and
# (alpha - 1)/(alpha**2 - 2 alpha + 1) divides by a difference that is 0 unless 2e
# digits are carried).  The values are computed with the distance's digits and a
# guard more than the working ones; the one nearest the point must agree, to the
# working digits, with itself at that many digits more.  Else every value is computed
# again with them, up to CANCELLATION_ROUNDS times, and then the limit is undecided.
# The farther points lose fewer digits: they share the precision the nearest one needs.
CANCELLATION_ROUNDS = 3


def _values(f, points, digits):
    """``f`` at each point with ``digits`` digits; None if a difference cancelled to 0 and was
    divided by, or cancelled more digits than the balls of ``f`` carry (``CancelledDigits``)."""
    try:
        with mpmath.workdps(digits):
            return [f(x) for x in points]
    except (ZeroDivisionError, CancelledDigits):
        return None


def _confirmed(f, x, value, digits, working, scale) -> bool:
    """True if ``f(x)`` with ``digits`` digits agrees with ``value`` to ``working`` digits of
    ``scale``, the size the limit's digits are counted against (``_scale``): counted against
    1, the values of e^-700 (cos x - 1)/x^2, which had lost all their digits, agreed with
    themselves at more, and a limit that exists was taken for none."""
    try:
        with mpmath.workdps(digits):
            again = f(x)
    except (ZeroDivisionError, CancelledDigits):
        return False
    return not mpmath.isfinite(again) or abs(again - value) <= mpmath.mpf(10) ** (-working) * scale
