"""The orders alpha as a variable: rho - D_alpha/alpha enclosed by Arb over alpha intervals.

A grid of orders (``tight_zcdp.AlphaGrid``) misses a window between two of its orders where
D_alpha/alpha rises above rho.  Here the range of orders is covered by intervals of
u = log(alpha - 1), each enclosed twice -- directly, and in mean-value form
f(m) + f'(I) (I - m) with f' by SymPy -- and the two balls intersected.  An interval whose ball
lies above 0 is settled; the others are split in u, the lowest lower bound first (best first),
within a budget of intervals.  An interval's midpoint whose ball lies below 0 is a certified
counter-example: there D_alpha/alpha > rho.

Near alpha = 1, where the supremum is attained, rho - D_alpha/alpha tends to 0 and no interval
settles there: that end is the limit's, checked apart (``divergence_kinds.alpha_one_limit``),
and what the budget leaves is reported, never passed as covered.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp
from flint import arb, fmpq

from ...core.numbers.arb_expressions import NotEnclosable, compile_arb, mpf_of
from ...core.numbers.precision import arb_bits

BITS = 128
BUDGET = 200


@dataclass
class AlphaSearch:
    """What the search found: ``witness`` an order where D_alpha/alpha > rho (or None); the
    intervals settled; the undecided intervals left, lowest order first."""

    witness: Fraction | None
    settled: int
    undecided: list

    @property
    def covered(self) -> bool:
        return self.witness is None and not self.undecided


def search_orders(slack, alpha, point, orders, budget: int = BUDGET) -> AlphaSearch | None:
    """Search the orders from the first of ``orders`` (increasing Fractions, > 1) to the last
    for an alpha with ``slack`` = rho - D_alpha/alpha < 0 at the exact ``point``, starting from
    the intervals between consecutive ``orders`` (a grid's: a ball over a wider interval of
    alpha spans too many powers of e^alpha to keep its sign); None where Arb cannot enclose
    the slack.  Interval ends are exact binary numbers held as balls of radius 0."""
    names = tuple(sorted(point, key=str))
    try:
        with arb_bits(BITS):
            values = [_ball(point[name]) for name in names]
            direct = compile_arb(slack, names + (alpha,))
            slope = _slope(slack, alpha, names)
            ends = [_ball(order) for order in orders]
    except (NotEnclosable, TypeError, ValueError):
        return None

    def enclosure(a, b):
        box = a.union(b)
        middle = ((a + b) / 2).mid()
        ball = direct([*values, box])
        if not ball.is_finite() or slope is None:
            return ball, middle
        try:
            ball = ball.intersection(direct([*values, middle]) + slope([*values, box]) * (box - middle))
        except ValueError:
            pass  # disjoint balls: cannot happen for true enclosures; keep the direct one
        return ball, middle

    with arb_bits(BITS):
        return _best_first(enclosure, lambda m: direct([*values, m]), ends, budget)


def _best_first(enclosure, at, ends, budget):
    queue, settled, spent, count = [], 0, 0, 0

    def push(a, b):
        nonlocal settled, count
        try:
            ball, middle = enclosure(a, b)
        except (ZeroDivisionError, ValueError):
            return None
        if ball.is_finite() and ball > 0:
            settled += 1
            return None
        value = at(middle)
        if value.is_finite() and value < 0:
            return _fraction(middle)
        count += 1  # a tie-breaker: balls are not ordered
        heapq.heappush(queue, (_priority(ball, middle), count, a, b))
        return None

    witness = None
    for a, b in zip(ends, ends[1:]):
        witness = witness or push(a, b)
    while witness is None and queue and spent < budget:
        _, _, a, b = heapq.heappop(queue)
        spent += 1
        cut = (1 + ((a - 1) * (b - 1)).sqrt()).mid()  # the middle in log(alpha - 1)
        if not (a < cut < b):
            cut = ((a + b) / 2).mid()
        witness = push(a, cut) or push(cut, b)
    left = sorted((_fraction(a), _fraction(b)) for _, _, a, b in queue)
    return AlphaSearch(witness, settled, [] if witness else left)


def _slope(slack, alpha, names):
    """The compiled derivative of the slack in alpha; None where Arb has no rule for it (a
    derivative of Max holds Heaviside): the direct enclosure is then the only one."""
    try:
        return compile_arb(sp.diff(slack, alpha), names + (alpha,))
    except NotEnclosable:
        return None


def _priority(ball, middle) -> float:
    """The key of an interval: its lower bound, shrunk by alpha - 1 below 1 (where the slack
    tends to 0 and the dependency of D_alpha on alpha keeps every ball about 0, so that those
    intervals would take the whole budget and settle none); 0 for a ball that is not finite (far
    orders where e^alpha spans many powers: split last, they would take the budget too)."""
    if not ball.is_finite():
        return 0.0
    return float(ball.lower()) * min(1.0, float(middle - 1))


def _fraction(ball) -> Fraction:
    """The exact binary number at the middle of ``ball``."""
    mantissa, exponent = mpf_of(ball.mid()).man_exp
    return Fraction(int(mantissa)) * Fraction(2) ** int(exponent)


def _ball(value):
    value = sp.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else sp.sympify(value)
    if value.is_Rational:
        return arb(fmpq(int(value.p), int(value.q)))
    return compile_arb(value, ())([])
