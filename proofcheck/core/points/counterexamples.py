"""The search for a counter-example to an inequality between the sampled points.

A claim ``lhs rel rhs`` holds where its slack (``rhs - lhs`` or ``lhs - rhs``)
is positive, or nonnegative.  Sampled points in general position
(``proofcheck.core.model.sampling``) miss a failure confined to a narrow dip, to an
interior minimum no sample comes near, to the diagonal x = y, or to a single
exact point; the search looks for each, on purpose:

* a compass search descends the relative slack from the worst samples;
* line scans minimise it along each parameter in turn (coordinate descent),
  a grid across the range refined by golden-section search
  (``proofcheck.core.numbers.golden``);
* ties put two parameters of the same range equal, and a hair apart;
* an all-integer claim is evaluated at every point of a box of its smallest
  integers, where a Diophantine equation has its first solutions;
* roots: SymPy solves slack = 0 along each integer parameter, the others at
  the worst sample (``proofcheck.core.points.slack_roots``), where a claim can fail at
  one integer, on a lattice, or on one step of a floor that nothing descends to,
  and where a piece of it switches (an absolute value, a sign, a minimum); on a
  closed bound that moves with other parameters, where the slack vanishes along
  that edge; and
  beside a point found where the slack nearly vanishes, its exact roots along
  each real parameter (on a curve, or at log 2, which no snap knows);
* boxes of the parameters are halved best first where Arb's enclosure of the slack
  reaches below 0, and their midpoints proposed (``box_search``), where a failure lies in
  a spot narrower than every scan's step (e^(-10^6 (x - 3)^2) <= 1/2 near x = 3); and
* snaps move each point found onto nearby simple exact numbers (1/3,
  sqrt(2), pi/4), where a strict inequality can fail at a single point.

The search runs in floating point (Arb balls at 128 bits through a compiled
function, or mpmath at 20 digits where a ball is not tight) and only proposes
points: each is then decided like a sampled one, so the search can find a
failure but never make a pass.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial

import mpmath
import sympy as sp
from flint import arb, fmpq

from ..model.errors import DomainError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.sampling import bounds_at
from ..model.timeout import time_budget
from ..numbers.arb_expressions import NotEnclosable, compile_arb, mpf_of
from ..numbers.golden import golden_section_minimum
from ..numbers.precision import arb_bits
from .box_search import domain_proposals
from .slack_roots import edge_proposals, root_proposals, switch_proposals, tight_proposals
from .small_integers import smallest_integers
from .ties import tie_points

# The search is bounded by its counts of evaluations (a few hundred, well under a
# second); this budget only stops a runaway, far enough above that a loaded machine
# never cuts the search short (which would make a verdict depend on the load).
SEARCH_SECONDS = 30.0
# How close a searched point must be to a simple exact number to be tried there as well.
SNAP_TOLERANCE = 1e-6
SNAP_DENOMINATOR = 1000


def counterexample_search(domain, slack, sides, points, starts: int = 2, rounds: int = 30):
    """Extra points of ``domain`` where ``slack`` is most likely negative, found by searching.

    ``slack`` is positive (or nonnegative) exactly where the claim holds, and
    ``sides`` are the claim's two sides, which scale it.  Sampled points miss a
    narrow dip (``(x - 5)**2 > 1/100`` fails only near 5).  For a closed-form
    claim the relative slack is minimised by a compass search from the sampled
    points where it is smallest, each parameter stepped multiplicatively
    (positive values) or additively, the step halved when no move helps.  The
    search only proposes points; each is then decided exactly like a sampled
    one, so it can only find a failure, never make a pass.
    """
    if slack.has(*OPERATORS) or not domain.parameters:
        return []
    symbols = [p.symbol for p in domain.parameters.values()]
    value = _relative_slack(slack, sides, symbols)
    if value is None:
        return []
    found: list[dict] = []
    try:
        with time_budget(SEARCH_SECONDS):
            _compass_search(domain, symbols, value, points, found, starts, rounds)
            worst = _worst(symbols, value, points)
            _line_scans(domain, symbols, value, worst, points, found)
            _ties(domain, symbols, worst, points, found)
            _small_integers(domain, symbols, value, points, found)
            _roots(domain, symbols, slack, worst, points, found)
            _tight_roots(domain, symbols, slack, value, found)
            _boxes(domain, symbols, slack, worst, points, found)
            _snaps(domain, symbols, found)
    except SymbolicTimeout:
        pass  # the search is an extra: what it found so far is still checked
    return found


def _relative_slack(slack, sides, symbols):
    """The slack relative to the sides as a function of the parameters' values (``_slack_value``),
    or None where SymPy cannot print it for mpmath."""
    # Relative to the larger side, but never below 1: against a side of 0 a purely relative
    # slack is a constant sign, which gives a search nothing to descend.
    # Left unevaluated: SymPy's comparisons of the sides cost more than the search itself.
    scale = sp.Max(*(sp.Abs(side) for side in sides), 1, evaluate=False)
    try:
        relative = sp.lambdify(symbols, slack / scale, modules="mpmath")
    except (TypeError, NameError, SyntaxError, KeyError, ValueError):
        return None
    try:
        on_balls = compile_arb(slack / scale, tuple(symbols))
    except NotEnclosable:
        on_balls = None
    return partial(_slack_value, relative, on_balls)


def _slack_value(relative, on_balls, values):
    """The relative slack at ``values`` as a float, or None where it is not a finite real."""
    if on_balls is not None:
        # Arb balls first (microseconds); mpmath where a ball is not a usable float
        # (out of the domain, a pole, digits lost), as before.
        ball_value = _float_on_balls(on_balls, values)
        if ball_value is not None:
            return ball_value
    try:
        with mpmath.workdps(20):
            result = relative(*[_mpf(v) for v in values])
        if isinstance(result, mpmath.mpc) or not mpmath.isfinite(result):
            return None
        return float(result)
    except (ZeroDivisionError, ValueError, OverflowError, TypeError, NameError):
        # NameError: a function SymPy prints under a name mpmath lacks (airyaiprime); the
        # search then proposes no point there, and the sampled points still decide.
        return None


def _compass_search(domain, symbols, value, points, found, starts, rounds):
    scored = []
    for point in points:
        v = value([point[s] for s in symbols])
        if v is not None:
            scored.append((v, [float(point[s]) for s in symbols]))
    scored.sort(key=lambda t: t[0])
    for best, start in scored[:starts]:
        current, step = list(start), 0.5
        for _ in range(rounds):
            moved = False
            for i in range(len(current)):
                for direction in (1, -1):
                    trial = list(current)
                    trial[i] = (trial[i] * (1 + direction * step) if trial[i] > 0 else
                                trial[i] + direction * step * max(abs(trial[i]), 1))
                    exact = _valid_point(domain, symbols, trial)
                    if exact is None:
                        continue
                    v = value([exact[s] for s in symbols])
                    if v is not None and v < best:
                        best, current, moved = v, trial, True
            if not moved:
                step /= 2
                if step < 1e-9:
                    break
        exact = _valid_point(domain, symbols, current)
        if exact is not None and exact not in points and exact not in found:
            found.append(exact)


def _line_scans(domain, symbols, value, worst, points, found, size: int = 200, refine: int = 80,
                passes: int = 2):  # the phases' common six, and the scan's three sizes
    """The minimum of the slack along each parameter in turn, from the worst sample.

    Each scan holds the other parameters where the previous scan left them
    (coordinate descent, ``passes`` rounds), starting from the worst sample.

    The minimum of ``x log x + 1/3`` sits at x = 1/e, a point no sample need come
    near.  Each parameter is scanned on ``size`` points across its range (spread
    logarithmically where the range is positive and wide), and the best bracket is
    refined by golden-section search.  All numeric (mpmath through a compiled
    function), so it is bounded in time; a symbolic solve of the derivative is not.
    """
    if worst is None:
        return
    # Coordinate descent: each scan starts where the previous one ended, so a minimum in
    # several parameters at once ((x - 1/2)^2 + (y - 2)^2) is reached in a second pass.
    for index, (parameter, symbol) in list(enumerate(zip(domain.parameters.values(), symbols))) * passes:
        grid = _scan_grid(parameter, worst, size)
        if not grid:
            continue
        base = [float(worst[s]) for s in symbols]

        def along(x):
            trial = list(base)
            trial[index] = x
            return value(trial)

        values = [along(x) for x in grid]
        known = [(v, i) for i, v in enumerate(values) if v is not None]
        if not known:
            continue
        _, best = min(known)
        low, high = grid[max(best - 1, 0)], grid[min(best + 1, len(grid) - 1)]
        x = golden_section_minimum(along, low, high, refine)
        trial = list(base)
        trial[index] = x
        exact = _propose(domain, symbols, trial, points, found)
        if exact is not None:
            worst = exact


def _scan_grid(parameter, point, size):
    try:
        lo, hi = bounds_at(parameter, point)
        lo = None if lo is None else float(lo)
        hi = None if hi is None else float(hi)
    except (TypeError, ValueError):
        return []
    if lo is not None and hi is not None:
        if lo >= 0 and (lo == 0 or hi / lo >= 100):
            bottom = max(lo, hi * 1e-6)
            return [bottom * (hi / bottom) ** (k / (size - 1)) for k in range(size)]
        return [lo + (hi - lo) * (k + 0.5) / size for k in range(size)]
    offsets = [10 ** (-6 + 12 * k / (size - 1)) for k in range(size)]
    if lo is not None:
        return [lo + d for d in offsets]
    if hi is not None:
        return [hi - d for d in offsets]
    return sorted([-d for d in offsets] + offsets)


def _ties(domain, symbols, worst, points, found):
    """Points where two parameters are equal (or a hair apart), from the worst sample.

    The sample never ties parameters by construction, so a claim false only on
    the diagonal (``|x - y| > 0``) is looked for here, on purpose.
    """
    if worst is None or len(symbols) < 2:
        return
    for tied in tie_points(domain, worst):
        _propose(domain, symbols, [tied[s] for s in symbols], points, found)


def _small_integers(domain, symbols, value, points, found):
    """Every point of a box of the smallest integers of an all-integer claim (``small_integers``):
    where it is not positive, and the two where it is least, are proposed."""
    for values in smallest_integers(domain, value):
        _propose(domain, symbols, values, points, found)


def _roots(domain, symbols, slack, worst, points, found):
    """The points where SymPy puts the slack's roots, or a piece of it switches
    (``core/points/slack_roots.py``), from the worst sample."""
    if worst is None:
        return
    for values in (root_proposals(domain, symbols, slack, worst) + switch_proposals(domain, symbols, slack, worst)
                   + edge_proposals(domain, symbols, slack, worst)):
        _propose(domain, symbols, values, points, found)


# A point found where the relative slack is below this is where it may vanish exactly.
TIGHT = 1e-6
TIGHT_POINTS = 2


def _tight_roots(domain, symbols, slack, value, found):
    """Exact roots of the slack beside the (at most ``TIGHT_POINTS``) points found where it
    nearly vanishes (``slack_roots.tight_proposals``): a zero on a curve, or at log 2."""
    scored = sorted((abs(v), i) for i, v in enumerate(value([p[s] for s in symbols]) for p in found)
                    if v is not None and abs(v) < TIGHT and _moderate(domain, found[i]))
    for _, index in scored[:TIGHT_POINTS]:
        for values in tight_proposals(domain, symbols, slack, found[index]):
            _propose(domain, symbols, values, (), found)


def _moderate(domain, point) -> bool:
    """Every real coordinate between 1e-7 and 1e7 in size and off its bounds: a slack that
    vanishes at an edge, or as a parameter grows or shrinks, is a limit, not a root to solve."""
    for parameter in domain.parameters.values():
        v = float(point[parameter.symbol])
        if parameter.integer:
            continue
        if not 1e-7 <= abs(v) <= 1e7:
            return False
        for bound in (b for b in bounds_at(parameter, point) if b is not None):
            if abs(float(bound) - v) <= 1e-6 * max(abs(v), 1.0):
                return False
    return True


def _snaps(domain, symbols, found):
    """The points found, moved onto nearby simple exact numbers (1, 1/3, sqrt(2), pi/4).

    A strict inequality can fail at a single point: ``(x - 1)**2 > 0`` only at
    x = 1, ``(x**2 - 2)**2 > 0`` only at sqrt(2).  The search descends to such a
    point only in floating point, where the slack is a tiny positive number; at
    the exact point it is 0.  Each coordinate is snapped to the simplest rational
    (denominator up to 1000) or closed form SymPy recognises within a relative
    1e-6, and the snapped point is decided like any other: a snap that misses
    costs one more point, never a verdict.
    """
    for point in list(found):
        snapped = {s: _snap(float(point[s])) for s in symbols}
        depth = max(len(c) for c in snapped.values())
        # The k-th simplest candidate of every coordinate together, then one coordinate at a time.
        trials = [[snapped[s][min(k, len(snapped[s]) - 1)] if snapped[s] else point[s] for s in symbols]
                  for k in range(depth)]
        if len(symbols) > 1:
            trials += [[c if s is t else point[s] for s in symbols]
                       for t in symbols for c in snapped[t]]
        for values in trials:
            exact = _valid_point(domain, symbols, values)
            if exact is not None and exact not in found:
                found.append(exact)


@lru_cache(maxsize=4096)
def _snap(value: float) -> tuple:
    """Simple exact numbers within a relative SNAP_TOLERANCE of ``value`` (possibly none).

    Remembered: a claim's search and those of its negative controls meet the same
    points (the domain's edges, the same minimiser), and SymPy's nsimplify is the
    costliest part of a search.
    """
    if value != value or value in (float("inf"), float("-inf")):
        return ()
    tolerance = SNAP_TOLERANCE * max(1.0, abs(value))
    out = []
    rational = Fraction(value).limit_denominator(SNAP_DENOMINATOR)
    if abs(float(rational) - value) <= tolerance:
        out.append(sp.Rational(rational.numerator, rational.denominator))
    # Algebraic numbers first (sqrt(2)), then with pi and e among the constants (pi/4).
    for constants in ([], [sp.pi, sp.E]):
        try:
            with time_budget(1.0):
                closed = sp.nsimplify(value, constants, tolerance=tolerance)
        except (SymbolicTimeout, TypeError, ValueError, OverflowError, RecursionError):
            continue
        if (not closed.is_Rational and closed.is_real and closed not in out
                and abs(float(closed) - value) <= tolerance):
            out.append(closed)
    return tuple(out)


def _boxes(domain, symbols, slack, worst, points, found):
    """Where the slack dips below 0 in a spot narrower than every scan's step (``box_search``):
    e^(-10^6 (x - 3)^2) <= 1/2 on 0 < x < 10 fails only within 8 10^-4 of x = 3, flat
    everywhere else, and passed on its samples and scans."""
    for point in domain_proposals(domain, slack, 0.0, "min", worst):
        if point not in points and point not in found:
            found.append(point)


def _worst(symbols, value, points):
    """The sampled point where the relative slack is least (None where it is nowhere known):
    where the line scans start, and the ties and the roots are sought from."""
    scored = [(v, p) for v, p in ((value([p[s] for s in symbols]), p) for p in points) if v is not None]
    return min(scored, key=lambda t: t[0])[1] if scored else None


def _propose(domain, symbols, values, points, found):
    """The point at ``values`` added to ``found`` if it is in the domain and new; it, or None."""
    exact = _valid_point(domain, symbols, values)
    if exact is not None and exact not in points and exact not in found:
        found.append(exact)
    return exact


def _valid_point(domain, symbols, values):
    """The point at these (float) values as exact rationals, or None if outside the domain."""
    point = {}
    try:
        for parameter, symbol, v in zip(domain.parameters.values(), symbols, values):
            if not isinstance(v, sp.Basic) and (v != v or v in (float("inf"), float("-inf"))):
                return None
            exact = (v if isinstance(v, sp.Basic) and (v.is_Integer or not parameter.integer) else
                     sp.Integer(round(v)) if parameter.integer else sp.Rational(v))
            point[symbol] = parameter.validate(exact, point)
    except (DomainError, ValueError, TypeError, OverflowError):
        return None
    return point


def _float_on_balls(on_balls, values):
    """The compiled relative slack at ``values`` as a float, or None where its ball cannot say."""
    try:
        with arb_bits(SEARCH_BITS):
            ball = on_balls([arb(fmpq(int(v.p), int(v.q))) if isinstance(v, sp.Rational) else arb(v)
                             for v in values])
    except (NotEnclosable, ZeroDivisionError, ValueError, TypeError):
        return None
    value = mpf_of(ball)
    if value is None or ball.rad() > abs(ball.mid()) * SEARCH_RELATIVE_RADIUS:
        return None
    return float(value)


# The search compares floats.  128 bits leave room for cancellation (a slack of 1e-22
# between two logarithms of 1 + 1e-11); a ball whose radius is not below a float's last
# bits, relative to its value, is evaluated by mpmath at 20 digits instead.
SEARCH_BITS = 128
SEARCH_RELATIVE_RADIUS = 2.0 ** -50


def _mpf(value):
    if isinstance(value, sp.Rational):
        return mpmath.mpf(int(value.p)) / int(value.q)
    return mpmath.mpf(value)
