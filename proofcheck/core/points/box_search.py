"""A better point than an asserted optimum, looked for by enclosing the objective on boxes.

The optimum's scan (``kinds/optimum.py``) evaluates the objective on a grid of 60 points per
variable: a peak narrower than the grid's step is not seen.  The maximum of
(a - 1)^2 (5 e^(-10^4 (a - 3)^2) - 1) over 0 < a < 4 is 16, near a = 3, within 0.013 of it
the objective is above 0; "the maximum is 0, at a = 1" passed as numeric.

Here the box of the optimisation variables (each range finite, its bounds fixed at the
parameters' point) is split in halves, best box first: Arb encloses the objective on a box
(each variable a ball as wide as its side), a box whose enclosure lies below the asserted
value (above it, for a minimum) holds no better point and is dropped, and the midpoint of
each box kept is a point the scan then decides; a half-line is searched 10^6 past its bound.
A narrow peak lifts the enclosure of every box that holds it, so the halving follows it down.
Like the counter-example search, this only proposes points: each is decided with the balls of
``side_balls`` like a point of the grid, so it can find a better point but never make a pass.

The same search proposes points to an inequality's search for a counter-example (where its
slack may dip below 0, ``counterexamples``) and to an identity's comparison of closed forms
(where its sides may differ, ``kinds/equality``), over the claim's parameters
(``domain_proposals``): e^(-10^6 (x - 3)^2) <= 1/2 on 0 < x < 10, false only within 8 10^-4
of x = 3, passed on its samples and scans.
"""
from __future__ import annotations

import heapq
import itertools
import math

import sympy as sp
from flint import arb

from ..model.errors import DomainError
from ..model.sampling import bounds_at
from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..numbers.intervals import enclose as enclose_value
from ..numbers.precision import arb_bits

# Boxes enclosed at one point of the parameters, for one variable: a narrow peak is found within
# some log2(range/width) halvings per variable; a flat objective costs this many enclosures.  Each
# further variable doubles it (a peak of width 10^-3 in a square of side 10 took 600).
MAX_BOXES = 300
MOST_BOXES = 2400
# The midpoints proposed (the best ones, by the objective's value there).
PROPOSED = 4
BITS = 128
# How far a half-line is searched past its bound.
FAR = 1e6


def better_candidates(f, variables, point, target: float, sense: str,
                      relax_integers: bool = False) -> list[dict]:
    """Points of the variables' box (at the parameters' ``point``) where ``f`` may beat ``target``
    (exceed it for ``sense`` "max", fall below it for "min"), best first; none where Arb cannot
    enclose ``f``, or where a bound moves with another variable.  A half-line is searched 10^6
    past its bound, as far as its points are drawn: a better point beyond is not seen.  With
    ``relax_integers`` an integer variable is searched as a real one (its proposals are the
    caller's to round); else an integer variable leaves no box."""
    box = _box(variables, point, relax_integers)
    if box is None:
        return []
    sign = 1 if sense == "max" else -1
    symbols = [p.symbol for p in variables]
    names = tuple(symbols) + tuple(s for s in point if s not in symbols)
    try:
        enclose = compile_arb(sign * f, names)
    except NotEnclosable:
        return []
    try:
        fixed = [enclose_value(point[s], None, BITS) for s in names[len(symbols):]]
    except (NotEnclosable, TypeError, ValueError):
        return []  # a parameter's value Arb cannot enclose: the grid alone looks
    with arb_bits(BITS):
        return _search(enclose, fixed, box, symbols, sign * target)


def domain_proposals(domain, f, target: float, sense: str, base) -> list[dict]:
    """Points of ``domain`` (each parameter given, in the domain) where ``f`` may beat ``target``:
    the box search over every parameter whose range is fixed, those whose range moves with
    another (0 < r0 < r) held at ``base``; an integer parameter searched as a real one, each
    midpoint rounded to the integers either side.  None where ``base`` is needed and missing."""
    parameters = list(domain.parameters.values())
    moving = [p for p in parameters if p.depends_on & set(domain.parameters)]
    if moving and base is None:
        return []
    held = {p.symbol: base[p.symbol] for p in moving}
    variables = [p for p in parameters if p.symbol not in held]
    if not variables:
        return []
    out = []
    for proposal in better_candidates(f, variables, held, target, sense, relax_integers=True):
        choices = [[held[p.symbol]] if p.symbol in held else
                   [sp.floor(proposal[p.symbol]), sp.ceiling(proposal[p.symbol])] if p.integer else
                   [proposal[p.symbol]] for p in parameters]
        for values in itertools.product(*choices):
            try:
                point = domain.validate_point({p.name: v for p, v in zip(parameters, values)})
            except (DomainError, TypeError, ValueError):
                continue
            if point not in out:
                out.append(point)
    return out


def _box(variables, point, relax_integers=False):
    box = []
    for parameter in variables:
        lo, hi = bounds_at(parameter, point)
        # A bound that moves with another variable (0 < y < x) leaves no box.
        if (parameter.integer and not relax_integers) or any(
                b is not None and not (b.is_number and b.is_finite) for b in (lo, hi)):
            return None
        # A half-line is searched as far as it is sampled, 10^6 past its bound (``sampling``).
        if lo is None:
            lo = -FAR if hi is None or hi > 0 else float(hi) - FAR
        if hi is None:
            hi = FAR if lo < 0 else float(lo) + FAR
        box.append((float(lo), float(hi)))
    return box


def _search(enclose, fixed, box, symbols, target):
    # A box where the objective is not enclosed (it holds a pole, log 0) is kept and split, after
    # every box that surely reaches past the target: first, it drew every halving towards x = 0
    # of 0 < x, and a peak at x = 1000 was never reached.
    unknown = math.nextafter(target, math.inf)

    def upper(sides):
        try:
            ball = enclose([arb((a + b) / 2, (b - a) / 2) for a, b in sides] + fixed)
        except (NotEnclosable, ArithmeticError, ValueError, TypeError):
            return unknown
        return float(ball.upper()) if ball.is_finite() else unknown

    def at_middle(sides):
        try:
            ball = enclose([arb((a + b) / 2) for a, b in sides] + fixed)
        except (NotEnclosable, ArithmeticError, ValueError, TypeError):
            return None
        return float(ball.mid()) if ball.is_finite() else None

    heap = [(-upper(box), 0, box)]
    middles, count = [], 1
    most = min(MAX_BOXES * 2 ** (len(box) - 1), MOST_BOXES)
    while heap and count < most:
        bound, _, sides = heapq.heappop(heap)
        if -bound <= target:
            break  # the best box left holds nothing above the target: neither does any other
        value = at_middle(sides)
        if value is not None and value > target:
            middles.append((value, sides))
        widest = max(range(len(sides)), key=lambda i: sides[i][1] - sides[i][0])
        a, b = sides[widest]
        for half in ((a, (a + b) / 2), ((a + b) / 2, b)):
            child = sides[:widest] + [half] + sides[widest + 1:]
            count += 1
            heapq.heappush(heap, (-upper(child), count, child))
    middles.sort(key=lambda t: -t[0])
    return [{s: sp.Rational((a + b) / 2) for s, (a, b) in zip(symbols, sides)} for _, sides in middles[:PROPOSED]]
