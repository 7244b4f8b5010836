"""A side of a numeric comparison as a ball: Arb's enclosure around mpmath's values.

mpmath computes a side as one number, and what the side's closed form cancels is lost
without a trace.  e^K (1 + x e^-K) - e^K came out 0 at 50 and at 100 digits for K = 400
(it is x): the false identity "= 0" passed, and with an integral in place of x, a false
"<= 1/2" passed by a clear margin.  A side whose low digits are an integral's noise,
K 10^-60 + 10^-130 - (an integral that is 0, computed as 6 10^-65 at 50 digits and
5 10^-115 at 100), kept the noise's sign at both precisions, and a false ">=" passed.

Here Arb encloses the side, so that a cancellation widens its ball instead.  The parts
that Arb cannot enclose (an operator: an integral, a limit, a sum, a derivative; a
``Piecewise`` whose conditions have no ball rule; any function without one) are cut out
as the largest such sub-expressions, the leaves.  mpmath computes each leaf at dps and at
2*dps, and it enters as a ball about the second value whose radius is the difference of
the two (the error of the first, as the second shows it, which bounds the second's), plus
the required digits of its own size.  Noise about 0 becomes a ball about 0 as wide as the noise, which
decides nothing until a higher precision shrinks it.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb

from ..model.errors import CancelledDigits
from ..model.expressions import OPERATORS
from ..model.verdict import Verdict, failed, show_point
from .arb_expressions import NotEnclosable, compile_arb, mpf_of
from .intervals import enclose
from .numeric import evaluate
from .precision import ESCALATION, arb_bits, clear_margin, required_digits, zero_floor


def side_ball(expr, point, dps: int, single: bool = False):
    """A ball for ``expr`` at the exact ``point``, its leaves from mpmath at dps and 2*dps; None
    where a leaf is not finite (an infinity is decided by the rules for infinities, not by a
    ball); CancelledDigits where a step (an integer part, a sign, a condition) straddles its jump
    and the point's exact values do not decide it.

    With ``single``, each leaf is computed at dps alone and trusted to ``clear_margin(dps)``
    of its size, or of 1 if it is smaller: a margin that rounding or quadrature error at dps
    digits cannot produce (an operator is accurate to dps digits against 1 at worst).

    Raises ``EvaluationError`` where mpmath cannot compute a leaf, as ``evaluate`` does."""
    names = tuple(sorted(point, key=str))
    marked, leaves = _cut(sp.sympify(expr), names)
    for leaf in leaves:
        if isinstance(leaf, sp.sign):
            _sign_decided(leaf, point, dps, single)
    values = [(_single_value if single else _leaf_value)(leaf, point, dps) for leaf in leaves]
    if any(value is None for value in values):
        return None
    # The precision of the second values, with guard bits: the balls' own rounding stays far
    # below any radius that decides.
    bits = int(2 * dps * 3.33) + 32
    marks = tuple(_marks(len(leaves)))
    with arb_bits(bits):
        leaf_balls = [arb(*value) for value in values]
        balls = [_point_ball(point[name], bits) for name in names] + leaf_balls
        try:
            ball = compile_arb(marked, names + marks)(balls)
        except NotEnclosable:
            ball = _steps_taken_exactly(marked, point, marks, leaf_balls)
    return ball if ball.is_finite() else None


def _steps_taken_exactly(marked, point, marks, leaf_balls):
    """The ball of ``marked`` where a step (an integer part, a condition) straddles its jump:
    the point's exact values put in, so that SymPy takes the steps of exact numbers.

    At r = 1 - 10^-30, n = 1001, ceiling(((1 + 3r)/(1 - r))^2 n) is the ceiling of an integer,
    which no ball decides.  A step that stays undecided is CancelledDigits: mpmath's side of
    it may be a rounding (floor(2^K (1 + 2^-K (x + 1)) - 2^K) came out 0), and more digits
    may decide it.
    """
    exact = marked.xreplace({name: value for name, value in point.items() if isinstance(value, sp.Rational)})
    try:
        return compile_arb(exact, marks)(leaf_balls)
    except NotEnclosable:
        raise CancelledDigits("a step (an integer part, a condition) is not decided by the balls "
                              "at this precision") from None


def _sign_decided(leaf, point, dps, single):
    """CancelledDigits where the ball of a ``sign``'s argument holds 0 and is not exactly 0:
    mpmath took sign(2^K (1 + 2^-K x) - 2^K) for 0 at every precision."""
    ball = side_ball(leaf.args[0], point, dps, single)
    if ball is not None and not (ball > 0 or ball < 0 or ball.is_exact()):
        raise CancelledDigits("the argument of a sign is not decided by its ball at this precision")


def _point_ball(value, bits):
    if isinstance(value, (mpmath.mpf, mpmath.mpc)):
        return arb(value)  # an mpf is an exact binary number
    return enclose(value, {}, bits)


def _single_value(leaf, point, dps):
    value = evaluate(leaf, point, dps)
    if not mpmath.isfinite(value):
        return None
    radius = clear_margin(dps) * max(1, abs(value))
    if isinstance(leaf, sp.Sum) and all(sp.sympify(sp.sympify(bound).xreplace(point)).is_finite
                                        for _, low, high in leaf.limits for bound in (low, high)):
        # A finite sum may cancel far below its terms (sum of (-1)^k C(114, k) is 0, its terms
        # 10^33): its value is then trusted only as far as it holds at more digits.  (An infinite
        # one is summed by extrapolation, which settles its own digits, at a far higher cost.)
        again = evaluate(leaf, point, dps + _SUM_GUARD_DIGITS)
        if not mpmath.isfinite(again):
            return None
        radius += abs(value - again)
    return value, radius


_SUM_GUARD_DIGITS = 10


def _leaf_value(leaf, point, dps):
    """(midpoint, radius) of a leaf: its value at 2*dps, within its change from dps and the
    required digits of its size; None if not finite."""
    first, second = evaluate(leaf, point, dps), evaluate(leaf, point, 2 * dps)
    if not (mpmath.isfinite(first) and mpmath.isfinite(second)):
        return None
    with mpmath.workdps(2 * dps + 10):
        radius = abs(first - second) + mpmath.mpf(10) ** (-required_digits(2 * dps)) * abs(second)
    return second, radius


def _marks(count):
    # Plain symbols: their compiled functions are cached.  No parsed name contains "__".
    return [sp.Symbol(f"leaf__{i}") for i in range(count)]


@lru_cache(maxsize=1024)
def _cut(expr, names):
    """``expr`` with its leaves replaced by marks, and the leaves in the marks' order."""
    leaves: list = []

    def encloses(node):
        try:
            compile_arb(node, names + tuple(_marks(len(leaves))))
            return True
        except NotEnclosable:
            return False

    def leaf(node):
        if node not in leaves:
            leaves.append(node)
        return _marks(leaves.index(node) + 1)[-1]

    def cut(node):
        if isinstance(node, OPERATORS) or not isinstance(node, sp.Expr):
            return leaf(node)
        if encloses(node):
            return node
        if not node.args or isinstance(node, sp.Piecewise):
            return leaf(node)
        rebuilt = node.func(*[cut(a) for a in node.args])
        return rebuilt if encloses(rebuilt) else leaf(node)

    marked = cut(expr)
    # A node that became a leaf after its arguments were cut leaves those marks unused.
    used = [(i, leaf_) for i, leaf_ in enumerate(leaves) if _marks(i + 1)[-1] in marked.free_symbols]
    renamed = {_marks(i + 1)[-1]: mark for (i, _), mark in zip(used, _marks(len(used)))}
    return marked.xreplace(renamed), tuple(leaf_ for _, leaf_ in used)


def within(ball, tolerance) -> bool:
    """Whether every value of ``ball`` lies within ``tolerance`` of 0."""
    return bool(abs(ball.mid()) + ball.rad() <= arb(tolerance))


def ball_scale(left, right, floor):
    """The size a difference of two side balls is measured against: the larger of the sides
    that are certainly not 0, and ``floor`` only where neither is (noise about a true 0, a tie
    of two sides that are 0 up to rounding).  A side certainly not 0 against one that is 0 up to
    a radius is measured at its own size: 5 10^-271 against 0 once passed as a tie.
    """
    sizes = [abs(mpf_of(ball)) for ball in (left, right) if ball > 0 or ball < 0]
    return max(sizes) if sizes else floor


def unvouched(left, right, point, settings, label):
    """None if the sides' balls (``side_balls``) agree to the required digits at ``point``;
    else the verdict: failed where the balls differ by more, an error where they stay too
    wide (a side that cancels more digits than ``ESCALATION`` times dps carry).

    Two mpmath values that agree say nothing of what each side cancelled: e^K (1 + x e^-K)
    - e^K came out 0 at 50 and at 100 digits for K = 400, and "= 0" passed (it is x).
    """
    dps = settings.dps
    while dps <= ESCALATION * settings.dps:
        try:
            sides = [side_ball(side, point, dps) for side in (left, right)]
        except CancelledDigits:
            if 2 * dps > ESCALATION * settings.dps:
                raise
            dps *= 2
            continue
        if None in sides:
            return None  # an infinity: the rules for infinities above decide
        difference = sides[0] - sides[1]
        scale = ball_scale(*sides, zero_floor(settings.dps))
        tolerance = mpmath.mpf(10) ** (-required_digits(settings.dps)) * scale
        if within(difference, tolerance):
            return None
        if abs(difference) > arb(tolerance):
            return failed(f"{label} and assertion differ: their balls, cancellation included, lie apart",
                          {"point": show_point(point), label: ball_text(sides[0], 20) or sides[0].str(5),
                           "asserted": ball_text(sides[1], 20) or sides[1].str(5)})
        dps *= 2
    return Verdict("error", None, f"at {show_point(point)}: the sides' balls stay too wide to agree to "
                   f"{required_digits(settings.dps)} digits at {ESCALATION * settings.dps} digits (a side "
                   "cancels more than that); raise --dps", {"point": show_point(point)})


def ball_text(ball, most: int):
    """A ball's midpoint as text, with the significant digits its radius leaves (at most
    ``most``); None where it leaves fewer than 3 (a value it does not know)."""
    if ball is None or not ball.is_finite():
        return None
    mid, rad = ball.mid(), ball.rad()
    if mid == 0:
        return "0" if rad == 0 else None
    with mpmath.workdps(most + 10):
        known = int(mpmath.floor(-mpmath.log10(mpf_of(rad) / abs(mpf_of(mid))))) if rad != 0 else most
        return mpmath.nstr(mpf_of(mid), min(known, most)) if known >= 3 else None
