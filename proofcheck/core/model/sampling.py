"""Exact sample points across a claim's domain (``proofcheck.core.model.domains``).

Sampling is adversarial ground, so the points are drawn in general position:

* at least ``MIN_POINTS`` points, ``MIN_INTERIOR`` of them interior draws,
  whatever a claim's ``samples`` says; edge points are at most a third;
* an edge point puts each parameter at one of its own edges, staggered so
  that two parameters are never at the same kind of edge by construction
  (equal means of equal ranges would hide a claim false off the diagonal);
  one more point, the upper corner, puts every parameter at its upper edge at
  once, so that a bound that depends on another parameter (0 < r0 < r <= 1)
  is reached where both are largest, a region interior draws seldom reach
  (kept where two parameters are equal there: one tied point beside the rest);
  a non-strict bound is tested at its boundary value itself, a strict one a
  hair inside (10**-30 of the range) and a little inside (10**-6);
* interior draws are seeded random rationals with many digits; a positive
  range that spans two or more decades, or is unbounded (then 10**-6 to
  10**6 unless ``sampling`` narrows it), is drawn log-uniformly, so that the
  small end of ``1/1000 <= eps <= 20`` is seen as often as the large end;
* an integer parameter sees both ends and the middle of its range, and
  log-uniform draws between them;
* a range that holds 0 inside (``x > -1000001``, ``integer n < 7``, ``-5 <= x <= 100``)
  has 0 for its third edge, half its interior draws are spread log-uniformly out from 0,
  and where it is open it reaches 10**6 past 0: a range is not seen only from its bound,
  where a claim false for every positive value would pass unseen.

Besides the sample, ``point_from_units`` maps a point of the unit cube into
the domain (edges at 0 and 1); ``core/points/ties.py`` puts two parameters on the
diagonal on purpose.

Every drawn value is an exact ``sympy.Rational`` (or ``Integer``), so a check
repeated at twice the precision evaluates at exactly the same point.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Mapping

import mpmath
import sympy as sp
from mpmath.libmp import from_rational

from .errors import DomainError, ProofcheckError

MIN_POINTS = 12
MIN_INTERIOR = 8
# How close (relative to the range) an edge point comes to a strict bound.
HAIR_DIGITS = 30
# An unbounded range is drawn over offsets from 10**-6 to 10**6 (log-uniformly).
_WIDE_DECADES = 6
# A positive range spanning this ratio or more is drawn log-uniformly.
_LOG_RATIO = 100


# -- one parameter ---------------------------------------------------------------

def bounds_at(parameter, point):
    """The parameter's lower and upper bound (None where missing) at the earlier parameters' values."""
    lo = parameter.lower.expr.xreplace(point) if parameter.lower else None
    hi = parameter.upper.expr.xreplace(point) if parameter.upper else None
    return lo, hi


def _holds_origin(lo, hi) -> bool:
    """0 strictly inside a range with a bound (the whole line is drawn about 0 already)."""
    if lo is None and hi is None:
        return False
    return (lo is None or lo.is_negative is True) and (hi is None or hi.is_positive is True)


def _far_above(lo):
    """The far end of a range open above: 10**6 past its bound, or past 0 if the bound is below 0."""
    return sp.Integer(10**6) if lo.is_negative else lo + 10**6


def _far_below(hi):
    return sp.Integer(-10**6) if hi.is_positive else hi - 10**6


def from_unit(parameter, u, point: Mapping[str, sp.Expr]):
    """Map ``u`` in [0, 1] (exact rational) into the parameter's domain, edges at 0 and 1."""
    u = sp.Rational(u)
    lo, hi = bounds_at(parameter, point)
    if parameter.integer:
        return _integer_from_unit(parameter, u, lo, hi)
    eps = sp.Rational(1, 10**6)
    if lo is not None and hi is not None:
        t = u
        if parameter.lower.strict:
            t = sp.Max(t, eps)
        if parameter.upper.strict:
            t = sp.Min(t, 1 - eps)
        return sp.expand(lo + t * (hi - lo))
    # Half lines and the whole line: logarithmic spread from 1e-6 to 1e6.
    magnitude = sp.Integer(10) ** _exponent_from_unit(u)
    # Stretched so that u = 1 is the far end (past 0, for a bound on the other side of it).
    if lo is not None:
        return lo + magnitude * (_far_above(lo) - lo) / 10**6
    if hi is not None:
        return hi - magnitude * (hi - _far_below(hi)) / 10**6
    return magnitude if u >= sp.Rational(1, 2) else -magnitude


def _integer_range(parameter, lo, hi):
    """The least and greatest integer of the range (10**6 past the other bound, or past 0
    if that is further, where one is missing)."""
    lo_i = None if lo is None else (int(sp.floor(lo)) + 1 if parameter.lower.strict and lo.is_integer
                                    else int(sp.ceiling(lo)))
    hi_i = None if hi is None else (int(sp.ceiling(hi)) - 1 if parameter.upper.strict and hi.is_integer
                                    else int(sp.floor(hi)))
    if lo_i is None:
        lo_i = min(hi_i if hi_i is not None else 0, 0) - 10**6
    if hi_i is None:
        hi_i = max(lo_i, 0) + 10**6
    if hi_i < lo_i:
        raise DomainError(parameter.name, f"no integer satisfies {parameter.spec}")
    return lo_i, hi_i


def _with_parity(parameter, value, lo_i, hi_i):
    if parameter.parity is not None and int(value) % 2 != parameter.parity:
        value = value + 1 if value + 1 <= hi_i else value - 1
    return sp.Integer(value)


def _integer_from_unit(parameter, u, lo, hi):
    lo_i, hi_i = _integer_range(parameter, lo, hi)
    span = hi_i - lo_i
    # Small offsets are as likely as large ones: spread logarithmically.
    offset = int(sp.floor((span + 1) ** u)) - 1 if span > 0 else 0
    return _with_parity(parameter, lo_i + min(offset, span), lo_i, hi_i)


def _exponent_from_unit(u):
    # u in [0,1] -> exponent in [-6, 6], rounded to a quarter so values stay exact.
    return sp.Rational(round(float(u) * 48) - 24, 4)


def _edge_list(parameter, point):
    """A short list of edge values: both ends (the boundary itself where it is
    non-strict, just inside where strict) and the middle."""
    lo, hi = bounds_at(parameter, point)
    if parameter.integer:
        lo_i, hi_i = _integer_range(parameter, lo, hi)
        middle = (lo_i + hi_i) // 2 if hi is not None and lo is not None else \
            (lo_i + 1000 if lo is not None else hi_i - 1000)
        values = _origin_third([lo_i, hi_i, middle, lo_i + 1], lo_i < 0 < hi_i)
        return [_with_parity(parameter, sp.Integer(v), lo_i, hi_i) for v in values]
    # A strict bound is approached twice: a hair inside (10**-30 of the range: a claim
    # false on a sliver at the open end fails there) and a little inside (10**-6).
    hair, near = sp.Rational(1, 10**HAIR_DIGITS), sp.Rational(1, 10**6)
    if lo is not None and hi is not None:
        span = hi - lo
        lows = [lo] if not parameter.lower.strict else [lo + hair * span, lo + near * span]
        highs = [hi] if not parameter.upper.strict else [hi - hair * span, hi - near * span]
        values = [lows[0], highs[0], (lo + hi) / 2] + lows[1:] + highs[1:]
        return _origin_third([sp.expand(v) for v in values], _holds_origin(lo, hi))
    if lo is not None:
        lows = [lo] if not parameter.lower.strict else [lo + hair, lo + near]
        return _origin_third([lows[0], _far_above(lo), lo + 1] + lows[1:], _holds_origin(lo, hi))
    if hi is not None:
        highs = [hi] if not parameter.upper.strict else [hi - hair, hi - near]
        return _origin_third([highs[0], _far_below(hi), hi - 1] + highs[1:], _holds_origin(lo, hi))
    return [sp.Integer(0), sp.Integer(10**6), sp.Integer(-10**6)]


def _origin_third(values, holds_origin: bool) -> list:
    """0 as the third edge (after both ends) of a range that holds it inside."""
    if not holds_origin or 0 in values:
        return values
    return values[:2] + [sp.Integer(0)] + values[2:]


def edge_values(parameter, point) -> list:
    """The edge values of ``parameter`` at ``point`` that lie in its domain."""
    out = []
    for value in _edge_list(parameter, point):
        try:
            out.append(parameter.validate(value, point))
        except DomainError:
            continue
    return out


def _rational_near(value, digits: int = 15) -> sp.Rational:
    """An exact rational with ``digits`` significant digits near ``value``; a ProofcheckError
    for one beyond 10^(+-MAX_POINT_DIGITS), which no exact point could hold (a range up to
    exp(exp(100)) gave an OverflowError, one up to exp(exp(11)) a point Python cannot print)."""
    value = mpmath.mpf(value)
    if value and mpmath.isfinite(value) and abs(mpmath.mag(value)) > _MAX_EXPONENT_BITS:
        raise ProofcheckError(f"a parameter's range reaches about 10^{int(mpmath.mag(value) * math.log10(2))}: "
                              f"no point with at most {MAX_POINT_DIGITS} digits can be drawn there")
    return sp.Rational(Fraction(mpmath.nstr(value, digits, min_fixed=-math.inf, max_fixed=math.inf)))


# Python prints and reads integers of at most 4300 digits (sys.get_int_max_str_digits): an exact
# point is shown in a verdict and kept in the cache as text.
MAX_POINT_DIGITS = 4000
_MAX_EXPONENT_BITS = int(MAX_POINT_DIGITS * math.log2(10))


def _draw(parameter, rng: random.Random, point):
    """One interior value in general position: uniform, or log-uniform on wide ranges."""
    lo, hi = bounds_at(parameter, point)
    if parameter.integer:
        lo_i, hi_i = _integer_range(parameter, lo, hi)
        if lo_i < 0 < hi_i and rng.random() < 0.5:
            return _with_parity(parameter, sp.Integer(_integer_about_origin(lo_i, hi_i, rng)), lo_i, hi_i)
        span = hi_i - lo_i
        offset = int(math.floor((span + 1) ** rng.random())) - 1 if span > 0 else 0
        value = lo_i + min(max(offset, 0), span) if lo is not None or hi is None else hi_i - min(offset, span)
        return _with_parity(parameter, sp.Integer(value), lo_i, hi_i)
    with mpmath.workdps(30):
        exponent = mpmath.mpf(rng.uniform(-_WIDE_DECADES, _WIDE_DECADES))
        if _holds_origin(lo, hi) and rng.random() < 0.5:
            return _about_origin(lo, hi, rng)
        if lo is not None and hi is not None:
            low, high = _at_30_digits(lo), _at_30_digits(hi)
            if low >= 0 and (low == 0 or high / low >= _LOG_RATIO) and rng.random() < 0.5:
                # Log-uniform over the decades of the range (the last six below hi when lo = 0).
                bottom = max(low, high * mpmath.mpf(10) ** -_WIDE_DECADES)
                value = bottom * (high / bottom) ** mpmath.mpf(rng.random())
            elif high <= 0 and (high == 0 or low / high >= _LOG_RATIO) and rng.random() < 0.5:
                top = min(high, low * mpmath.mpf(10) ** -_WIDE_DECADES)
                value = top * (low / top) ** mpmath.mpf(rng.random())
            else:
                value = lo + sp.Rational(rng.randrange(1, 10**12), 10**12) * (hi - lo)
                # Between rational bounds the value is a rational already, which expand keeps.
                return value if value.is_Rational else sp.expand(value)
            return _rational_near(value)
        magnitude = _rational_near(mpmath.mpf(10) ** exponent)
        if lo is not None:
            return lo + magnitude
        if hi is not None:
            return hi - magnitude
        return magnitude if rng.random() < 0.5 else -magnitude


def _integer_about_origin(lo_i, hi_i, rng) -> int:
    """An integer spread logarithmically out from 0 to one end of the range (either, at random)."""
    end = hi_i if rng.random() < 0.5 else lo_i
    offset = int(math.floor((abs(end) + 1) ** rng.random())) - 1
    return min(offset, abs(end)) * (1 if end > 0 else -1)


def _about_origin(lo, hi, rng):
    """A value spread log-uniformly out from 0 on either side: over the six decades below a
    bound, or from 10**-6 to 10**6 on an open side."""
    side = 1 if rng.random() < 0.5 else -1
    bound = hi if side > 0 else lo
    if bound is None:
        magnitude = mpmath.mpf(10) ** rng.uniform(-_WIDE_DECADES, _WIDE_DECADES)
    else:
        magnitude = abs(_at_30_digits(bound)) * mpmath.mpf(10) ** (-_WIDE_DECADES * rng.random())
    return side * _rational_near(magnitude)


def _at_30_digits(bound):
    """``bound`` as an mpf at 30 digits, the very number ``sp.N(bound, 30)`` gives.

    A rational is rounded as SymPy rounds it, at a tenth of the cost: truncated with four
    guard bits (``evalf_rational``), then to nearest at the 30 digits' precision
    (``EvalfMixin.evalf``).  Any other number goes through ``sp.N``.
    """
    if bound.is_Rational:
        with mpmath.workdps(30):
            guarded = from_rational(int(bound.p), int(bound.q), mpmath.mp.prec + 4)
            return mpmath.mpf(guarded)  # a raw value is rounded to the working precision
    return mpmath.mpf(sp.N(bound, 30))


# -- points of a domain ----------------------------------------------------------

def sample_points(domain, count: int, seed: int = 0) -> list[dict]:
    """At least ``MIN_POINTS`` exact points in general position (see the module docstring).

    The first third at most are edge points, each parameter at one of its
    own edges, staggered by parameter; the rest are seeded interior draws.
    """
    if not domain.parameters:
        return [{}]
    # The points are a function of the domain's parameters, the count and the seed alone:
    # a claim and each of its negative controls (the same domain) draw them once.
    key = (_shape(domain), count, seed)
    points = _DRAWN.pop(key, None)
    if points is None:
        points = _sample(domain, count, seed)
    _DRAWN[key] = points
    while len(_DRAWN) > _DRAWN_KEPT:
        del _DRAWN[next(iter(_DRAWN))]
    return [dict(point) for point in points]


# The most recently drawn samples (a dict keeps its order: the oldest is dropped first).
_DRAWN: dict = {}
_DRAWN_KEPT = 256


def _shape(domain) -> tuple:
    """Everything of a domain that the points depend on (symbols carry their assumptions)."""
    def bound(b):
        return None if b is None else (b.expr, b.strict)
    return tuple((p.symbol, p.integer, p.parity, bound(p.lower), bound(p.upper))
                 for p in domain.parameters.values())


def _sample(domain, count: int, seed: int) -> list[dict]:
    total = max(count, MIN_POINTS)
    edges = min(total // 3, total - MIN_INTERIOR)
    rng = random.Random(seed)
    points: list[dict] = []
    seen: set = set()
    for index in range(edges):
        _add(points, seen, _edge_point(domain, index, rng))
    _add(points, seen, _upper_corner(domain, rng))
    total += 1
    attempts = 0
    while len(points) < total and attempts < 20 * total:
        attempts += 1
        _add(points, seen, _interior_point(domain, rng))
    if not points:
        # An empty domain (a mistyped bound, 2 < a < 1) must not make every claim on it vacuous.
        name = next(iter(domain.parameters))
        raise DomainError(name, "no point satisfies the domain "
                          f"({', '.join(p.spec for p in domain.parameters.values())})")
    return points


def _add(points, seen, point):
    if point is None:
        return
    key = tuple(point.values())
    if key not in seen:
        seen.add(key)
        points.append(point)


def _edge_point(domain, index, rng):
    point: dict = {}
    for position, parameter in enumerate(domain.parameters.values()):
        choices = _edge_list(parameter, point)
        # Staggered: parameter k takes edge (index + k), so no two parameters sit at
        # the same kind of edge at the same point because of how the points are built.
        value = choices[(index + position) % len(choices)]
        try:
            point[parameter.symbol] = parameter.validate(value, point)
        except DomainError:
            value = _draw(parameter, rng, point)
            try:
                point[parameter.symbol] = parameter.validate(value, point)
            except DomainError:
                return None
    return point


def _upper_corner(domain, rng):
    """Every parameter at its upper edge (the far end of a range open above), in order, so that
    a dependent upper bound is met where the parameter it depends on is largest."""
    point = {}
    for parameter in domain.parameters.values():
        lo, hi = bounds_at(parameter, point)
        choices = _edge_list(parameter, point)
        # _edge_list puts the upper end second, except for a range bounded above only (first).
        value = choices[0] if (hi is not None and lo is None) else choices[1]
        try:
            point[parameter.symbol] = parameter.validate(value, point)
        except DomainError:
            try:
                point[parameter.symbol] = parameter.validate(_draw(parameter, rng, point), point)
            except DomainError:
                return None
    # Two parameters of the same range sit on the diagonal here.  The corner is kept: it is one
    # point beside a sample in general position, and x + y < 2 log 2 on (0, log 2]^2 fails there
    # alone (the staggered edges and the ties never put both at log 2).
    return point


def _interior_point(domain, rng):
    point = {}
    for parameter in domain.parameters.values():
        try:
            point[parameter.symbol] = parameter.validate(_draw(parameter, rng, point), point)
        except DomainError:
            return None
    return point


def point_from_units(domain, units: Mapping[str, object]) -> dict:
    """The point at ``units`` (parameter name -> u in [0, 1], 1/2 where missing) of the unit cube."""
    point: dict = {}
    for name, parameter in domain.parameters.items():
        point[parameter.symbol] = from_unit(parameter, units.get(name, sp.Rational(1, 2)), point)
    return point
