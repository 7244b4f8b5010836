"""Kind ``inequality``: ``lhs rel rhs`` across the claim's domain.

Routes, strongest first:

* symbolic  SymPy shows the difference positive (or nonnegative) from the
            parameters' assumptions, possibly after writing each parameter
            with a constant lower bound as that bound plus a positive amount;
* certified with no free parameters, Arb balls decide it;
* numeric   at sampled points, Arb balls decide it at each point (or, where
            the sides use operators that balls do not cover, mpmath at dps
            and 2*dps with a margin derived from the precision).

Negative controls: the relation reversed, and the asserted constants
perturbed.  A perturbation that weakens the bound, or keeps a sign claim
true, is no wrong version: it is dismissed (and counted) only after a dense
check of ``DENSE_POINTS`` points drawn independently of the checker's own
sample; every perturbation that is false somewhere must be rejected.  A claim with a
``slack`` field says, in words, why its bound is far from tight; its constant
perturbations are then not meaningful controls and only the reversal is used.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import sympy as sp

from ..errors import ProofcheckError, SymbolicTimeout
from ..intervals import NotEnclosable, decide
from ..numeric import EvaluationError, NoLimit, evaluate
from ..precision import ESCALATION, clear_margin, required_digits
from ..signs import proved_nonnegative
from ..timeout import time_budget
from ..verdict import Verdict, failed, passed
from . import Kind
from .equality import _show_point, sample_points

_REVERSED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
# The counter-example search is bounded by its counts of evaluations (a few hundred, well
# under a second); this budget only stops a runaway, far enough above that a loaded
# machine never cuts the search short (which would make a verdict depend on the load).
SEARCH_SECONDS = 30.0


def slack_expression(claim):
    """An expression that is positive (strict) or nonnegative exactly when the claim holds."""
    lhs, rhs, rel = claim.expr("lhs"), claim.expr("rhs"), claim.parsed["rel"]
    return (rhs - lhs) if rel in ("<", "<=") else (lhs - rhs)


def _symbolic(claim, settings):
    strict = claim.parsed["rel"] in ("<", ">")
    slack = slack_expression(claim)
    if slack.has(sp.Integral, sp.Limit, sp.Derivative, sp.Sum, sp.Piecewise):
        return False
    if slack.is_number:
        # SymPy signs a constant by evaluating it (evalf), which is not a derivation:
        # constants are left to the Arb enclosure, which certifies them.
        return False
    shifted = {}
    for parameter in claim.parameters.values():
        lower = parameter.lower
        if lower is not None and lower.expr.is_number and parameter.upper is None:
            # x > a is a + t with t > 0; x >= a is a + t with t >= 0, the boundary included.
            above = {"integer": True} if parameter.integer else {}
            t = sp.Symbol(f"_{parameter.name}_above", real=True,
                          **({"positive": True} if lower.strict and not parameter.integer
                             else {"nonnegative": True}), **above)
            shift = lower.expr + t
            if parameter.integer and lower.strict:
                shift = sp.floor(lower.expr) + 1 + t  # n > a, integer: n >= floor(a) + 1
            elif parameter.integer:
                shift = sp.ceiling(lower.expr) + t
            shifted[parameter.symbol] = shift
    candidates = []
    try:
        with time_budget(min(settings.symbolic_budget, 10.0)):
            simplified = sp.simplify(slack)
            candidates = [slack, simplified, sp.factor(simplified)]
            if shifted:
                candidates.append(sp.factor(sp.expand(slack.xreplace(shifted))))
            for c in candidates:
                if (c.is_positive if strict else c.is_nonnegative):
                    return True
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError,
            RecursionError):
        return False
    return False


def _decide_at(claim, point, settings):
    """True/False if decided at ``point``, with the route used; None if undecided.

    Arb balls first.  Where they cannot enclose a side, mpmath decides: at dps
    alone when the relative margin exceeds ``clear_margin(dps)``, else at dps and
    2*dps, which must reach the same verdict with a margin derived from the
    precision; if
    they do not (a point on or near the edge where the two sides meet), the
    pair of precisions is doubled, up to ``ESCALATION`` times the working
    precision, before the point is reported undecided.
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
    while dps <= ceiling:
        outcomes = []
        for working in (dps, 2 * dps):
            try:
                # Each side on its own: a side built from operators (a quadrature) is then
                # evaluated once per point, and shared with the negative controls.
                left, right = evaluate(lhs, point, working), evaluate(rhs, point, working)
            except NoLimit:
                return False, "numeric"
            except EvaluationError:
                return None, "error"
            slack = right - left if rel in ("<", "<=") else left - right
            scale = max(abs(left), abs(right), mpmath.mpf(1) / 10**30)
            tolerance = mpmath.mpf(10) ** (-required_digits(working)) * scale
            if slack > tolerance:
                outcomes.append(True)
            elif slack < -tolerance:
                outcomes.append(False)
            else:
                outcomes.append(None if strict else True)
            if working == dps and abs(slack) > clear_margin(dps) * scale:
                # Decided by a margin far above what rounding or quadrature error at dps
                # digits could produce: twice the precision would only repeat it.
                return outcomes[0], "numeric"
        if outcomes[0] is not None and outcomes[0] == outcomes[1]:
            return outcomes[0], "numeric"
        dps *= 2
    # Undecided at every precision: the two sides may be exactly equal here (a tie x = y).
    if _exactly_zero_at(slack_expression(claim), point):
        return not strict, "symbolic"
    return None, "numeric"


def _exactly_zero_at(expression, point) -> bool:
    """True if SymPy's exact arithmetic makes ``expression`` 0 at the exact ``point``."""
    try:
        with time_budget(10.0):
            return sp.sympify(expression).xreplace(point) == 0
    except (SymbolicTimeout, TypeError, ValueError, ZeroDivisionError, RecursionError):
        return False


class Inequality(Kind):
    name = "inequality"
    required = ("lhs", "rel", "rhs")
    optional = ("slack",)
    expression_fields = ("lhs", "rhs")
    asserted_fields = ("rhs", "lhs")
    description = "lhs rel rhs holds across the domain"

    def prepare(self, claim):
        super().prepare(claim)
        rel = claim.raw["rel"]
        if rel not in _REVERSED:
            raise ProofcheckError(f"'rel' must be one of <, <=, >, >=, got {rel!r}")
        claim.parsed["rel"] = rel
        if "slack" in claim.raw and not isinstance(claim.raw["slack"], str):
            raise ProofcheckError("'slack' must say in words why the bound is not tight")

    def check(self, claim, settings):
        if "symbolic" in settings.routes and not settings.mutant_mode and _symbolic(claim, settings):
            return passed("symbolic", "SymPy shows the difference is "
                          + ("positive" if claim.parsed["rel"] in "<>" else "nonnegative")
                          + " from the parameters' assumptions", route="sign from assumptions")
        points = sample_points(claim, settings)
        suspects = counterexample_search(claim, points)
        routes = set()
        for point in points + suspects:
            outcome, route = _decide_at(claim, point, settings)
            if outcome is None:
                return Verdict("error", None, f"undecided at {_show_point(point)} ({route}) up to "
                               f"{ESCALATION * settings.dps * 2} digits",
                               {"point": _show_point(point)})
            if not outcome:
                return failed(f"{claim.parsed['rel']} fails", _witness(claim, point))
            routes.add(route)
        if not claim.domain.parameters and routes == {"certified"}:
            return passed("certified", "decided by Arb balls", route="Arb enclosure")
        how = "Arb balls" if routes == {"certified"} else "Arb balls and mpmath" if "certified" in routes \
            else f"mpmath at {settings.dps} and {2 * settings.dps} digits"
        searched = f" and {len(suspects)} found by a search for a counter-example" if suspects else ""
        box = f" drawn from {claim.sampling_domain.describe()}" if claim.get("sampling") else ""
        region = (claim.sampling_domain if claim.get("sampling") else claim.domain).describe()
        return passed("numeric", f"holds at {len(points)} sampled points{box}{searched}, "
                      f"each decided by {how}",
                      route=f"sampled {len(points) + len(suspects)} points in {region}")

    def mutants(self, claim, settings):
        out = [(f"relation {claim.parsed['rel']} -> {_REVERSED[claim.parsed['rel']]}",
                _with_relation(claim, _REVERSED[claim.parsed["rel"]]))]
        if "slack" in claim.raw:
            return out
        from ..mutants import expression_mutants
        dense = dense_points(claim, settings)
        # A side built from operators (an expectation, an integral) is the definition, not
        # what the paper asserts: only the other side is perturbed.
        fields = [f for f in self.asserted_fields
                  if not claim.expr(f).has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative)]
        for description, mutant in expression_mutants(claim, fields, settings):
            reason = _still_true(claim, mutant, dense)
            out.append((description, mutant) if reason is None else (f"{description} ({reason})", None))
        return out


def _witness(claim, point):
    shown = {"point": _show_point(point)}
    try:
        shown["lhs"] = mpmath.nstr(evaluate(claim.expr("lhs"), point, 30), 20)
        shown["rhs"] = mpmath.nstr(evaluate(claim.expr("rhs"), point, 30), 20)
    except EvaluationError:
        pass
    return shown


def counterexample_search(claim, points, starts: int = 2, rounds: int = 30):
    """Extra points where the claim is most likely to fail, found by searching.

    Sampled points miss a narrow dip (``(x - 5)**2 > 1/100`` fails only near 5).
    For a closed-form claim the relative slack is minimised by a compass search
    from the sampled points where it is smallest, each parameter stepped
    multiplicatively (positive values) or additively, the step halved when no
    move helps.  The search only proposes points; each is then decided exactly
    like a sampled one, so it can only find a failure, never make a pass.
    """
    slack = slack_expression(claim)
    if slack.has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative) or not claim.domain.parameters:
        return []
    domain = claim.domain
    symbols = [p.symbol for p in domain.parameters.values()]
    # Relative to the larger side, but never below 1: against a side of 0 a purely relative
    # slack is a constant sign, which gives a search nothing to descend.
    scale = sp.Max(sp.Abs(claim.expr("lhs")), sp.Abs(claim.expr("rhs")), 1)
    try:
        relative = sp.lambdify(symbols, slack / scale, modules="mpmath")
    except (TypeError, NameError, SyntaxError, KeyError, ValueError):
        return []

    def value(values):
        try:
            with mpmath.workdps(20):
                result = relative(*[_mpf(v) for v in values])
            if isinstance(result, mpmath.mpc) or not mpmath.isfinite(result):
                return None
            return float(result)
        except (ZeroDivisionError, ValueError, OverflowError, TypeError):
            return None

    found = []
    try:
        with time_budget(SEARCH_SECONDS):
            _compass_search(domain, symbols, value, points, found, starts, rounds)
            _line_scans(domain, symbols, value, points, found)
            _ties(domain, symbols, value, points, found)
            _snaps(domain, symbols, found)
    except SymbolicTimeout:
        pass  # the search is an extra: what it found so far is still checked
    return found


def _line_scans(domain, symbols, value, points, found, size: int = 200, refine: int = 80,
                passes: int = 2):
    """The minimum of the slack along each parameter in turn, from the worst sample.

    Each scan holds the other parameters where the previous scan left them
    (coordinate descent, ``passes`` rounds), starting from the worst sample.

    The minimum of ``x log x + 1/3`` sits at x = 1/e, a point no sample need come
    near.  Each parameter is scanned on ``size`` points across its range (spread
    logarithmically where the range is positive and wide), and the best bracket is
    refined by golden-section search.  All numeric (mpmath through a compiled
    function), so it is bounded in time; a symbolic solve of the derivative is not.
    """
    scored = [(v, p) for v, p in ((value([p[s] for s in symbols]), p) for p in points) if v is not None]
    if not scored:
        return
    worst = min(scored, key=lambda t: t[0])[1]
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
        x = _golden_minimum(along, low, high, refine)
        trial = list(base)
        trial[index] = x
        exact = _valid_point(domain, symbols, trial)
        if exact is not None and exact not in points and exact not in found:
            found.append(exact)
        if exact is not None:
            worst = exact


def _ties(domain, symbols, value, points, found):
    """Points where two parameters are equal (or a hair apart), from the worst sample.

    The sample never ties parameters by construction, so a claim false only on
    the diagonal (``|x - y| > 0``) is looked for here, on purpose.
    """
    scored = [(v, p) for v, p in ((value([p[s] for s in symbols]), p) for p in points) if v is not None]
    if not scored or len(symbols) < 2:
        return
    worst = min(scored, key=lambda t: t[0])[1]
    for tied in domain.tie_points(worst):
        exact = _valid_point(domain, symbols, [tied[s] for s in symbols])
        if exact is not None and exact not in points and exact not in found:
            found.append(exact)


# How close a searched point must be to a simple exact number to be tried there as well.
SNAP_TOLERANCE = 1e-6
SNAP_DENOMINATOR = 1000


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


def _snap(value: float) -> list:
    """Simple exact numbers within a relative SNAP_TOLERANCE of ``value`` (possibly none)."""
    if value != value or value in (float("inf"), float("-inf")):
        return []
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
    return out


def _scan_grid(parameter, point, size):
    try:
        lo, hi = parameter._bounds_at(point)
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


def _golden_minimum(f, low, high, rounds):
    ratio = (5 ** 0.5 - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(rounds):
        if fc is None or fd is None:
            break
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    return (a + b) / 2


def _mpf(value):
    if isinstance(value, sp.Rational):
        return mpmath.mpf(int(value.p)) / int(value.q)
    return mpmath.mpf(value)


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


def _valid_point(domain, symbols, values):
    """The point at these (float) values as exact rationals, or None if outside the domain."""
    from ..errors import DomainError
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


def _with_relation(claim, rel):
    copy = claim.with_fields(rel=rel)
    copy.parsed["rel"] = rel
    return copy


DENSE_POINTS = 200


_DENSE: dict = {}


def dense_points(claim, settings):
    """``DENSE_POINTS`` points drawn independently of the checker's own sample (once per claim)."""
    key = (claim.source, claim.id, settings.seed)
    if key not in _DENSE:
        _DENSE[key] = claim.sampling_domain.sample_points(DENSE_POINTS, seed=settings.seed + 1)
    return _DENSE[key]


def _still_true(claim, mutant, dense):
    """Why a perturbed inequality is no wrong claim, or None if it is false somewhere.

    An inequality survives a change of a constant in the direction that weakens
    it, or one that keeps it true for another reason ("X > 0").  Such a mutant
    may be dismissed only after a dense check independent of the points the
    checker samples (else the controls could never expose a gap in that
    sample): the perturbation is proved, or seen at every one of the dense
    points, to weaken the (verified) claim; or the mutant holds at every dense
    point and at the points a counter-example search proposes.
    """
    strict = mutant.parsed["rel"] in ("<", ">")
    change = sp.sympify(slack_expression(mutant) - slack_expression(claim))
    if not change.has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative):
        if proved_nonnegative(change):
            return "dismissed: proved to weaken the claim"
        if all(_at_least(change, point, 0, strict=False) for point in dense):
            return f"dismissed: weakens the claim at all {len(dense)} dense points"
    slack = slack_expression(mutant)
    for point in dense + counterexample_search(mutant, dense):
        if not _at_least(slack, point, 0, strict):
            return None
    return f"dismissed: still holds at all {len(dense)} dense points"


def _at_least(expression, point, bound, strict):
    try:
        value = evaluate(expression, point, 20)
    except EvaluationError:
        return False  # not evaluable here: keep the mutant as a control rather than dismiss it
    return value > bound or (not strict and value >= bound)
