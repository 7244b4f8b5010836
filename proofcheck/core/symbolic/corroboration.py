"""SymPy's operators held against the definition: a closed form the numbers contradict is no derivation.

SymPy's ``integrate``, ``limit`` and ``summation`` can return a wrong closed form
without a warning, and the symbolic route took each one as derived:

- the integral over [0, 1] of sqrt(2 - x) sqrt(1/(2 - x)), which is 1, came out -1
  (sympy/sympy#29792), and "= -1" passed as a symbolic identity;
- the limit as k -> 0+ of the derivative of sqrt(C (M1 + M2 - sqrt((M1 + M2)^2 - M1 M2
  (2 - 2 cos(k a))))/(M1 M2)), which is a sqrt(C/(2 (M1 + M2))), came out 0
  (sympy/sympy#23525), and "= 0" passed.

So before a closed form is used (reduced against an assertion, taken as a derived side,
or audited as a constant), the definition itself is computed at a few exact points by the
numeric route (quadrature, numeric limits and sums, ``numeric.py``), and both are enclosed
as balls (``side_balls``, at ``DIGITS`` digits alone: each operator trusted to
``clear_margin(DIGITS)`` of its size or of 1, a margin its quadrature error cannot reach).
Balls that lie apart contradict SymPy: the closed form is refused (``NoClosedForm``), and
the claim goes on by the numeric route, from the definition.

Operators are held innermost first (``symbolic._close``), each with the operators inside it
already closed and held, so that no operator is computed inside another: computed numerically,
each value of an outer operator costs a whole inner one, and eq. (13)'s iterated limit ran past
the runner's limit of 300 s.  The operators inside a limit are held with its variable on its way
to the limit point (``approaching``), those inside an integral or a sum with its variable within
the range (``inside``).  A series is held power by power (``series_contradiction``).

This is a net for SymPy's blunders, not a second proof: a point where the definition cannot
be computed within ``SECONDS`` (an infinite limit, a side that is not finite) decides nothing,
and the derivation stands there on SymPy's word, as it always did.  A variable a point leaves
free is given a value its assumptions allow (``_completed``).
"""
from __future__ import annotations

import mpmath
import sympy as sp
from flint import arb

from ..model.errors import SymbolicTimeout, Unbounded
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..numbers.numeric import evaluate
from ..numbers.precision import arb_bits, clear_margin
from ..numbers.side_balls import side_ball

# The digits at which the definition and the closed form are compared: each side to
# clear_margin(20) = 10^-4 of its size (or of 1, for a smaller one).  A closed form that
# SymPy got wrong is wrong in its structure (a sign, a branch, a lost term), far beyond that;
# at 20 digits the packs' 136 points cost 3.0 s, at 30 digits 4.7 s, at 50 digits 5.8 s.
DIGITS = 20

# CPU seconds for both sides at one point.  The packs' single operators take a fraction of
# a second; more is a definition that the numeric route would take long over anyway.
SECONDS = 2.0

# How far off its limit point a variable is taken for the operators inside the limit, and
# how far across its range an integration variable is taken for those inside the integral.
NEAR = sp.Rational(1, 8)
ACROSS = sp.Rational(3, 8)



def contradiction(definition, closed, points, decided=None) -> dict | None:
    """The first of ``points`` where the balls of ``definition`` (its operators computed
    numerically) and of SymPy's ``closed`` form lie apart, shown as text; None if none does.
    Each point where both balls were had is appended to the list ``decided``, if given."""
    definition, closed = _derivatives_taken(sp.sympify(definition)), sp.sympify(closed)
    if not definition.has(*OPERATORS) or _nested(definition):
        return None  # no operator (nothing of SymPy's to hold it against), or nested ones
    for point in points:
        point = _completed(point, definition.free_symbols)
        if not definition.free_symbols <= set(point):
            continue  # a variable whose assumptions give it no value
        balls = _balls(definition, closed, point)
        if balls is not None and decided is not None:
            decided.append(point)
        if balls is not None and (isinstance(balls[0], str) or not balls[0].overlaps(balls[1])):
            shown = balls[0] if isinstance(balls[0], str) else balls[0].str(12)
            return {"point": ", ".join(f"{name} = {value}" for name, value in point.items()) or "(none)",
                    "definition": shown, "SymPy": balls[1].str(12), "at": point}
    return None


def _completed(point, symbols) -> dict:
    """``point`` with each variable it leaves free (a declared variable, an optimum's) at a value
    its assumptions allow: the closed form must equal the definition at every such value, and
    SymPy's -t for the integral of t sqrt(2 - x) sqrt(1/(2 - x)) over [0, 1] (it is t) passed
    unheld where no point gave t a value."""
    out = dict(point)
    for symbol in sorted(symbols - set(point), key=str):
        value = next((v for v in _FREE_VALUES if _allowed(symbol, v)), None)
        if value is not None:
            out[symbol] = value
    return out


_FREE_VALUES = (sp.Rational(7, 10), sp.Rational(-7, 10), sp.Integer(2), sp.Integer(-2), sp.Integer(3),
                sp.Integer(-3))


def _allowed(symbol, value) -> bool:
    """Whether ``value`` has every property ``symbol`` is assumed to have (or not to have)."""
    return all(getattr(value, f"is_{fact}") in (None, holds) for fact, holds in symbol.assumptions0.items())


def approaching(points, variable, at, direction) -> list:
    """``points``, each with ``variable`` on its way to ``at`` (an eighth of the point's size off
    it, or of 1 at 0, on the side of ``direction``; 8 on the way to infinity), for the operators
    inside a limit: the inner limits of an iterated limit (eq. (13)'s, in n, then r0, c and r)
    have their outer variables' values there, and are held where the outer limits look.  A point
    where ``at`` has no value (it depends on a variable the point leaves free) leaves it free."""
    moved = []
    for point in points:
        target = sp.sympify(sp.sympify(at).xreplace(point))  # a point may hold a plain int
        if target in (sp.oo, -sp.oo):
            moved.append({**point, variable: 8 * sp.sign(target)})
        elif target.is_number and target.is_real:
            step = NEAR * (abs(target) if target != 0 else 1)
            moved.append({**point, variable: target - step if str(direction) == "-" else target + step})
        else:
            moved.append(point)
    return moved


def inside(points, variable, lower, upper, integer: bool = False) -> list:
    """``points``, each with ``variable`` inside (lower, upper): an integration variable
    ``ACROSS`` of the way across a finite range (or that far past the finite end of a half-line,
    at ``ACROSS`` on the whole line), a summation index at its first term.  The operators inside
    an integral or a sum (the inner integral of a double integral) are held there.  A point
    where a bound has no value leaves the variable free."""
    moved = []
    for point in points:
        lo, hi = (sp.sympify(sp.sympify(bound).xreplace(point)) for bound in (lower, upper))
        if not (lo.is_number and hi.is_number):
            moved.append(point)
        elif integer:
            moved.append({**point, variable: lo} if lo.is_finite else point)
        elif lo.is_finite and hi.is_finite:
            moved.append({**point, variable: lo + ACROSS * (hi - lo)})
        else:
            moved.append({**point, variable: lo + ACROSS if lo.is_finite else hi - ACROSS if hi.is_finite
                          else ACROSS})
    return moved


def _derivatives_taken(expr):
    """``expr`` with each derivative taken by SymPy's rules of differentiation, which do not
    search and are not what this module doubts: the limit of a derivative is then a limit of
    an expression, computed numerically like any other.  A derivative of an operator is left
    alone: taking it would ask SymPy for the very operator held here."""
    return expr.replace(lambda node: isinstance(node, sp.Derivative) and not node.expr.has(*OPERATORS),
                        lambda node: node.doit())


def _nested(expr) -> bool:
    """Whether an operator of ``expr`` holds another in its expression or its bounds."""
    return any(any(arg.has(*OPERATORS) for arg in node.args)
               for node in sp.preorder_traversal(expr) if isinstance(node, OPERATORS))


def _balls(definition, closed, point):
    """(definition ball, closed-form ball) at ``point``; None where either cannot be had."""
    try:
        with time_budget(SECONDS):
            # The closed form first: where it is not finite (SymPy's oo), no quadrature is spent.
            closed_ball = side_ball(closed, point, DIGITS, single=True)
            if closed_ball is None:
                closed_ball = _through_complex_numbers(closed, point)
            if closed_ball is None:
                return None
            try:
                definition_ball = side_ball(definition, point, DIGITS, single=True)
            except Unbounded as growing:
                return _outgrown(growing.last, closed_ball)
    except (SymbolicTimeout, ArithmeticError, ValueError, TypeError, NotImplementedError, RecursionError):
        # No value in time, or none at all: CancelledDigits and NoLimit (EvaluationError, an
        # ArithmeticError), a point out of the domain, a function mpmath lacks.  Such a point
        # refuses nothing; it accepts nothing either (SymPy's word stands as it stood).  Any
        # other exception is a fault of this module and is not hidden.
        return None
    return None if definition_ball is None else (definition_ball, closed_ball)


def _through_complex_numbers(closed, point):
    """A ball for a closed form whose real value passes through complex numbers, where Arb's real
    balls are not finite: mpmath's value at ``DIGITS`` (refused if not real), within the margin
    of ``single``.  SymPy's integral of cos t/(a + cos t) over [0, 2 pi] is
    2 pi a sqrt(-1/(a - 1)) sqrt(a + 1)/(...) - ..., which is 2 pi also for a > 1, where the
    integral is 2 pi (1 - a/sqrt(a^2 - 1)); the net looked at no point there, and "= 2 pi" passed."""
    if closed.has(*OPERATORS):
        return None
    value = evaluate(closed, point, DIGITS)  # an EvaluationError where it is not real
    if not mpmath.isfinite(value):
        return None
    with arb_bits(int(DIGITS * 3.33) + 32):
        centre = arb(value)  # an mpf is an exact binary number
        return centre + arb(0, 1) * (arb(clear_margin(DIGITS)) * max(arb(1), abs(centre)))


def _outgrown(last, closed_ball):
    """("grows without bound ...", SymPy's ball) where a limit's values, of one sign and larger at
    every step, have passed ten times SymPy's finite value (or 1) and are still growing: no finite
    limit of SymPy's is what they approach.  SymPy's limit of (n^2 + n^a)/n^2 as n -> oo is 1
    for every a, and n^2 + n^a ~ n^2 for 0 < a < 3 (false for a > 2) passed as symbolic.  Values
    that grow but have not passed it decide nothing (a slow approach from below grows too)."""
    if not closed_ball.is_finite():
        return None
    size = max(float(abs(closed_ball).upper()), 1.0)
    if abs(last) <= 10 * size:
        return None
    return (f"grows without bound ({mpmath.nstr(last, 3)} at the nearest point, still growing)", closed_ball)


def series_contradiction(expr, asserted, variable, at, order: int, points,
                         direction: str | None = None) -> tuple[dict | None, int]:
    """(the first power where ``asserted`` is not the expansion of ``expr`` to O(h^order), as the
    numbers show it, with the point, or None; how many of the ``order`` powers the numbers
    decided somewhere), h = variable - at, or 1/variable at infinity.

    The limit of (expr - asserted)/h^j as h -> 0 is 0 for every j < order where the expansion is
    right; where it first goes wrong, at the power j, that limit is the wrong coefficient's error,
    not 0 (below it, 0; above it, no finite limit, which decides nothing).  SymPy's ``series`` is
    then held to the numbers as its ``integrate`` and ``limit`` are.
    """
    h = 1 / variable if at in (sp.oo, -sp.oo) else variable - at  # from the side of ``direction``
    direction = direction or ("-" if at == sp.oo else "+")
    remainder = sp.sympify(expr) - sp.sympify(asserted)
    # The variable is the limit's own: a point that also gives it a value (a series in a parameter)
    # would leave nothing to approach.
    points = [{name: value for name, value in point.items() if name != variable} for point in points]
    held = 0
    for power in range(order):
        decided: list = []
        found = contradiction(sp.Limit(remainder / h**power, variable, at, direction), sp.Integer(0), points,
                              decided)
        if found is not None:
            return {**found, "power": power}, held + 1
        held += bool(decided)
    return None, held
