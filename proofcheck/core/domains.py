"""Parameters and their domains, as a claim declares them.

A domain is written as the paper writes it, for example ``"0 < r < 1"``,
``"0 < r0 < r"`` (a bound may name an earlier parameter), ``"c > 0"``,
``"integer n >= 1"``, ``"odd integer K >= 3"`` or ``"alpha > 1"``.  From it
proofcheck takes the SymPy assumptions of the symbol, validates values given
in data, and draws exact rational sample points across the domain.

Sampling is adversarial ground, so the points are drawn in general position:

* at least ``MIN_POINTS`` points, ``MIN_INTERIOR`` of them interior draws,
  whatever a claim's ``samples`` says; edge points are at most a third;
* an edge point puts each parameter at one of its own edges, staggered so
  that two parameters are never at the same kind of edge by construction
  (equal means of equal ranges would hide a claim false off the diagonal);
  a non-strict bound is tested at its boundary value itself, a strict one a
  hair inside (10**-30 of the range) and a little inside (10**-6);
* interior draws are seeded random rationals with many digits; a positive
  range that spans two or more decades, or is unbounded (then 10**-6 to
  10**6 unless ``sampling`` narrows it), is drawn log-uniformly, so that the
  small end of ``1/1000 <= eps <= 20`` is seen as often as the large end;
* an integer parameter sees both ends and the middle of its range, and
  log-uniform draws between them.

Every drawn value is an exact ``sympy.Rational`` (or ``Integer``), so a check
repeated at twice the precision evaluates at exactly the same point.
"""
from __future__ import annotations

import ast
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

import sympy as sp

from .errors import DomainError, ExpressionError
from .expressions import make_symbol, parse_expression

_WORDS = {"integer", "odd", "even", "real"}


MIN_POINTS = 12
MIN_INTERIOR = 8
# How close (relative to the range) an edge point comes to a strict bound.
_HAIR_DIGITS = 30
# An unbounded range is drawn over offsets from 10**-6 to 10**6 (log-uniformly).
_WIDE_DECADES = 6
# A positive range spanning this ratio or more is drawn log-uniformly.
_LOG_RATIO = 100


@dataclass
class Bound:
    expr: sp.Expr
    strict: bool


@dataclass
class Parameter:
    name: str
    spec: str
    integer: bool = False
    parity: int | None = None  # 1 for odd, 0 for even
    lower: Bound | None = None
    upper: Bound | None = None
    symbol: sp.Symbol = field(default=None)

    @property
    def depends_on(self) -> set[str]:
        names = set()
        for bound in (self.lower, self.upper):
            if bound is not None:
                names |= {s.name for s in bound.expr.free_symbols}
        return names

    # -- validation -----------------------------------------------------
    def validate(self, value, point: Mapping[str, sp.Expr]):
        """Raise DomainError naming this parameter if ``value`` is outside."""
        value = sp.nsimplify(value) if not isinstance(value, sp.Basic) else value
        if value.has(sp.nan) or value in (sp.oo, -sp.oo, sp.zoo):
            raise DomainError(self.name, f"value {value} is not a finite number")
        if not value.is_real:
            raise DomainError(self.name, f"value {value} is not real")
        if self.integer:
            if not value.is_integer:
                raise DomainError(self.name, f"value {value} is not an integer ({self.spec})")
            if self.parity is not None and int(value) % 2 != self.parity:
                raise DomainError(self.name, f"value {value} has the wrong parity ({self.spec})")
        for bound, side in ((self.lower, "lower"), (self.upper, "upper")):
            if bound is None:
                continue
            limit = bound.expr.xreplace(point)
            if limit.free_symbols:
                raise DomainError(self.name, f"bound {bound.expr} needs {limit.free_symbols}")
            if side == "lower":
                ok = value > limit if bound.strict else value >= limit
            else:
                ok = value < limit if bound.strict else value <= limit
            if not bool(ok):
                raise DomainError(self.name, f"value {value} violates {self.spec}")
        return value

    # -- sampling -------------------------------------------------------
    def _bounds_at(self, point):
        lo = self.lower.expr.xreplace(point) if self.lower else None
        hi = self.upper.expr.xreplace(point) if self.upper else None
        return lo, hi

    def from_unit(self, u, point: Mapping[str, sp.Expr]):
        """Map ``u`` in [0, 1] (exact rational) into the domain, edges at 0 and 1."""
        u = sp.Rational(u)
        lo, hi = self._bounds_at(point)
        if self.integer:
            return self._integer_from_unit(u, lo, hi)
        eps = sp.Rational(1, 10**6)
        if lo is not None and hi is not None:
            t = u
            if self.lower.strict:
                t = sp.Max(t, eps)
            if self.upper.strict:
                t = sp.Min(t, 1 - eps)
            return sp.expand(lo + t * (hi - lo))
        # Half lines and the whole line: logarithmic spread from 1e-6 to 1e6.
        magnitude = sp.Integer(10) ** _exponent_from_unit(u)
        if lo is not None:
            return lo + magnitude
        if hi is not None:
            return hi - magnitude
        return magnitude if u >= sp.Rational(1, 2) else -magnitude

    def _integer_range(self, lo, hi):
        """The least and greatest integer of the range (10**6 past a missing bound)."""
        lo_i = None if lo is None else (int(sp.floor(lo)) + 1 if self.lower.strict and lo.is_integer
                                        else int(sp.ceiling(lo)))
        hi_i = None if hi is None else (int(sp.ceiling(hi)) - 1 if self.upper.strict and hi.is_integer
                                        else int(sp.floor(hi)))
        if lo_i is None:
            lo_i = (hi_i if hi_i is not None else 0) - 10**6
        if hi_i is None:
            hi_i = lo_i + 10**6
        if hi_i < lo_i:
            raise DomainError(self.name, f"no integer satisfies {self.spec}")
        return lo_i, hi_i

    def _with_parity(self, value, lo_i, hi_i):
        if self.parity is not None and int(value) % 2 != self.parity:
            value = value + 1 if value + 1 <= hi_i else value - 1
        return sp.Integer(value)

    def _integer_from_unit(self, u, lo, hi):
        lo_i, hi_i = self._integer_range(lo, hi)
        span = hi_i - lo_i
        # Small offsets are as likely as large ones: spread logarithmically.
        offset = int(sp.floor((span + 1) ** u)) - 1 if span > 0 else 0
        value = lo_i + min(offset, span)
        if self.parity is not None and value % 2 != self.parity:
            value = value + 1 if value + 1 <= hi_i else value - 1
        return sp.Integer(value)


def _edge_list(parameter: "Parameter", point):
    """A short list of edge values: both ends (the boundary itself where it is
    non-strict, just inside where strict) and the middle."""
    lo, hi = parameter._bounds_at(point)
    if parameter.integer:
        lo_i, hi_i = parameter._integer_range(lo, hi)
        middle = (lo_i + hi_i) // 2 if hi is not None and lo is not None else \
            (lo_i + 1000 if lo is not None else hi_i - 1000)
        values = [lo_i, hi_i, middle, lo_i + 1]
        return [parameter._with_parity(sp.Integer(v), lo_i, hi_i) for v in values]
    # A strict bound is approached twice: a hair inside (10**-30 of the range: a claim
    # false on a sliver at the open end fails there) and a little inside (10**-6).
    hair, near = sp.Rational(1, 10**_HAIR_DIGITS), sp.Rational(1, 10**6)
    if lo is not None and hi is not None:
        span = hi - lo
        lows = [lo] if not parameter.lower.strict else [lo + hair * span, lo + near * span]
        highs = [hi] if not parameter.upper.strict else [hi - hair * span, hi - near * span]
        values = [lows[0], highs[0], (lo + hi) / 2] + lows[1:] + highs[1:]
        return [sp.expand(v) for v in values]
    if lo is not None:
        lows = [lo] if not parameter.lower.strict else [lo + hair, lo + near]
        return [lows[0], lo + 10**6, lo + 1] + lows[1:]
    if hi is not None:
        highs = [hi] if not parameter.upper.strict else [hi - hair, hi - near]
        return [highs[0], hi - 10**6, hi - 1] + highs[1:]
    return [sp.Integer(0), sp.Integer(10**6), sp.Integer(-10**6)]


def edge_values(parameter: "Parameter", point) -> list:
    """The edge values of ``parameter`` at ``point`` that lie in its domain."""
    out = []
    for value in _edge_list(parameter, point):
        try:
            out.append(parameter.validate(value, point))
        except DomainError:
            continue
    return out


def _rational_near(value, digits: int = 15) -> sp.Rational:
    """An exact rational with ``digits`` significant digits near ``value``."""
    import mpmath
    return sp.Rational(Fraction(mpmath.nstr(mpmath.mpf(value), digits, min_fixed=-math.inf,
                                            max_fixed=math.inf)))


def _draw(parameter: "Parameter", rng: random.Random, point):
    """One interior value in general position: uniform, or log-uniform on wide ranges."""
    import mpmath
    lo, hi = parameter._bounds_at(point)
    if parameter.integer:
        lo_i, hi_i = parameter._integer_range(lo, hi)
        span = hi_i - lo_i
        offset = int(math.floor((span + 1) ** rng.random())) - 1 if span > 0 else 0
        value = lo_i + min(max(offset, 0), span) if lo is not None or hi is None else hi_i - min(offset, span)
        return parameter._with_parity(sp.Integer(value), lo_i, hi_i)
    with mpmath.workdps(30):
        exponent = mpmath.mpf(rng.uniform(-_WIDE_DECADES, _WIDE_DECADES))
        if lo is not None and hi is not None:
            low, high = mpmath.mpf(sp.N(lo, 30)), mpmath.mpf(sp.N(hi, 30))
            if low >= 0 and (low == 0 or high / low >= _LOG_RATIO) and rng.random() < 0.5:
                # Log-uniform over the decades of the range (the last six below hi when lo = 0).
                bottom = max(low, high * mpmath.mpf(10) ** -_WIDE_DECADES)
                value = bottom * (high / bottom) ** mpmath.mpf(rng.random())
            elif high <= 0 and (high == 0 or low / high >= _LOG_RATIO) and rng.random() < 0.5:
                top = min(high, low * mpmath.mpf(10) ** -_WIDE_DECADES)
                value = top * (low / top) ** mpmath.mpf(rng.random())
            else:
                return sp.expand(lo + sp.Rational(rng.randrange(1, 10**12), 10**12) * (hi - lo))
            return _rational_near(value)
        magnitude = _rational_near(mpmath.mpf(10) ** exponent)
        if lo is not None:
            return lo + magnitude
        if hi is not None:
            return hi - magnitude
        return magnitude if rng.random() < 0.5 else -magnitude


def _exponent_from_unit(u):
    # u in [0,1] -> exponent in [-6, 6], rounded to a quarter so values stay exact.
    return sp.Rational(round(float(u) * 48) - 24, 4)


def parse_parameter(name: str, spec: str, symbols: Mapping[str, sp.Symbol]) -> Parameter:
    """Parse a domain such as ``"odd integer K >= 3"`` for parameter ``name``."""
    if not isinstance(spec, str):
        raise ExpressionError(f"domain of {name} must be a string such as '0 < {name} < 1'")
    words = spec.split()
    flags = []
    while words and words[0] in _WORDS:
        flags.append(words.pop(0))
    parameter = Parameter(name=name, spec=spec, integer="integer" in flags or "odd" in flags
                          or "even" in flags)
    if "odd" in flags:
        parameter.parity = 1
    if "even" in flags:
        parameter.parity = 0
    rest = " ".join(words)
    if rest:
        relation = parse_expression(rest, symbols)
        relations = list(relation.args) if isinstance(relation, sp.And) else [relation]
        if not all(isinstance(r, sp.core.relational.Relational) for r in relations):
            raise ExpressionError(f"domain of {name} must be a comparison, got {spec!r}")
        me = symbols[name]
        for rel in relations:
            _apply_relation(parameter, me, rel, spec)
    return parameter


def _apply_relation(parameter: Parameter, me, rel, spec):
    strict = isinstance(rel, (sp.StrictLessThan, sp.StrictGreaterThan))
    less = isinstance(rel, (sp.StrictLessThan, sp.LessThan))
    left, right = rel.lhs, rel.rhs
    if left == me and me not in right.free_symbols:
        bound, me_is_smaller = right, less
    elif right == me and me not in left.free_symbols:
        bound, me_is_smaller = left, not less
    else:
        raise ExpressionError(f"domain {spec!r} of {parameter.name} must compare "
                              f"{parameter.name} with a bound")
    if me_is_smaller:
        parameter.upper = Bound(bound, strict)
    else:
        parameter.lower = Bound(bound, strict)


def assumptions_for(parameter: Parameter) -> dict:
    """SymPy assumptions implied by a domain with constant bounds."""
    assumptions = {"real": True}
    if parameter.integer:
        assumptions["integer"] = True
    lower = parameter.lower
    if lower is not None and lower.expr.is_number:
        if lower.expr > 0 or (lower.expr == 0 and lower.strict):
            assumptions["positive"] = True
        elif lower.expr >= 0:
            assumptions["nonnegative"] = True
    elif lower is not None and all(_known_positive_name(s) for s in lower.expr.free_symbols):
        pass
    upper = parameter.upper
    if upper is not None and upper.expr.is_number:
        if upper.expr < 0 or (upper.expr == 0 and upper.strict):
            assumptions["negative"] = True
    if parameter.parity == 1:
        assumptions["odd"] = True
    if parameter.parity == 0:
        assumptions["even"] = True
    return assumptions


def _known_positive_name(symbol) -> bool:
    return bool(symbol.is_positive)


def _dependency_order(raw: Mapping[str, str]) -> list[str]:
    """Order parameters so every bound names only earlier parameters."""
    names = list(raw)
    mentions = {}
    for name, spec in raw.items():
        if not isinstance(spec, str):
            raise ExpressionError(f"domain of {name} must be a string such as '0 < {name} < 1'")
        try:
            tree = ast.parse(" ".join(w for w in spec.split() if w not in _WORDS) or "0", mode="eval")
        except SyntaxError:
            raise ExpressionError(f"syntax error in domain {spec!r} of {name}") from None
        mentions[name] = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & set(names) - {name}
    ordered, placed = [], set()
    while len(ordered) < len(names):
        ready = [n for n in names if n not in placed and mentions[n] <= placed]
        if not ready:
            raise ExpressionError(f"domains refer to each other in a cycle: {sorted(set(names) - placed)}")
        for n in ready:
            ordered.append(n)
            placed.add(n)
    return ordered


@dataclass
class Domain:
    """The parameters of one claim, in dependency order."""

    parameters: dict[str, Parameter]

    @property
    def symbols(self) -> dict[str, sp.Symbol]:
        return {name: p.symbol for name, p in self.parameters.items()}

    def narrowed(self, sampling: Mapping[str, str]) -> "Domain":
        """The same parameters, sampled from narrower regions (validation keeps the true domain).

        Used where the true domain is unbounded but a numeric route is only
        meaningful on a practical range (e.g. quadrature with sigma <= 10); the
        claim states that range in its data.
        """
        parameters = dict(self.parameters)
        symbols = self.symbols
        for name, spec in sampling.items():
            if name not in parameters:
                raise DomainError(name, "is not a parameter of this claim, so it cannot be sampled")
            original = parameters[name]
            narrow = parse_parameter(name, spec, symbols)
            narrow.symbol = original.symbol
            narrow.integer = narrow.integer or original.integer
            narrow.parity = narrow.parity if narrow.parity is not None else original.parity
            parameters[name] = narrow
        return Domain(parameters=parameters)

    def validate_point(self, values: Mapping[str, object]) -> dict:
        point = {}
        unknown = set(values) - set(self.parameters)
        if unknown:
            name = sorted(unknown)[0]
            raise DomainError(name, "is not a parameter of this claim")
        for name, parameter in self.parameters.items():
            if name not in values:
                raise DomainError(name, "has no value at this sample point")
            value = _exact(values[name], name)
            point[parameter.symbol] = parameter.validate(value, point)
        return point

    def point_from_units(self, units: Mapping[str, object]) -> dict:
        point = {}
        for name, parameter in self.parameters.items():
            point[parameter.symbol] = parameter.from_unit(units.get(name, sp.Rational(1, 2)), point)
        return point

    def sample_points(self, count: int, seed: int = 0) -> list[dict]:
        """At least ``MIN_POINTS`` exact points in general position (see the module docstring).

        The first third at most are edge points, each parameter at one of its
        own edges, staggered by parameter; the rest are seeded interior draws.
        """
        if not self.parameters:
            return [{}]
        total = max(count, MIN_POINTS)
        edges = min(total // 3, total - MIN_INTERIOR)
        rng = random.Random(seed)
        points, seen = [], set()
        for index in range(edges):
            self._add(points, seen, self._edge_point(index, rng))
        attempts = 0
        while len(points) < total and attempts < 20 * total:
            attempts += 1
            self._add(points, seen, self._interior_point(rng))
        if not points:
            # An empty domain (a mistyped bound, 2 < a < 1) must not make every claim on it vacuous.
            name = next(iter(self.parameters))
            raise DomainError(name, "no point satisfies the domain "
                              f"({', '.join(p.spec for p in self.parameters.values())})")
        return points

    @staticmethod
    def _add(points, seen, point):
        if point is None:
            return
        key = tuple(point.values())
        if key not in seen:
            seen.add(key)
            points.append(point)

    def _edge_point(self, index, rng):
        point = {}
        for position, parameter in enumerate(self.parameters.values()):
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

    def _interior_point(self, rng):
        point = {}
        for parameter in self.parameters.values():
            try:
                point[parameter.symbol] = parameter.validate(_draw(parameter, rng, point), point)
            except DomainError:
                return None
        return point

    def tie_points(self, point) -> list[dict]:
        """``point`` with one parameter moved onto another, and a hair above and below it.

        The sample keeps parameters in general position; a claim false only on
        (or a sliver beside) the diagonal x = y is looked for here, on purpose.
        Only parameters of the same kind of range are tied; invalid points are dropped.
        """
        out = []
        names = list(self.parameters)
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                a, b = self.parameters[first], self.parameters[second]
                if a.integer != b.integer or a.spec.replace(first, "") != b.spec.replace(second, ""):
                    continue
                value = point[a.symbol]
                hair = sp.Rational(1, 10**_HAIR_DIGITS) * max(abs(value), 1)
                for moved in (value, value + hair, value - hair) if not a.integer else (value,):
                    tied = dict(point)
                    tied[b.symbol] = moved
                    try:
                        out.append(self.validate_point({s.name: v for s, v in tied.items()}))
                    except DomainError:
                        continue
        return out

    def describe(self) -> str:
        """The box in words, for a verdict: ``0 < r < 1, c > 0``."""
        return ", ".join(p.spec for p in self.parameters.values())


def _exact(value, name):
    if isinstance(value, sp.Basic):
        return value
    if isinstance(value, bool):
        raise DomainError(name, f"value {value!r} is not a number")
    if isinstance(value, int):
        return sp.Integer(value)
    if isinstance(value, Fraction):
        return sp.Rational(value.numerator, value.denominator)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise DomainError(name, f"value {value!r} is not a finite number")
        return sp.Rational(repr(value))
    if isinstance(value, str):
        try:
            parsed = parse_expression(value, {})
        except ExpressionError as error:
            raise DomainError(name, str(error)) from None
        if not parsed.is_number:
            raise DomainError(name, f"value {value!r} is not a number")
        return parsed
    raise DomainError(name, f"value {value!r} is not a number")


def parse_domain(raw: Mapping[str, str], extra_symbols: Mapping[str, sp.Symbol] | None = None) -> Domain:
    """Parse a mapping ``name -> domain text`` into a Domain with SymPy symbols."""
    order = _dependency_order(raw)
    plain = {name: make_symbol(name) for name in order}
    parameters = {}
    for name in order:
        parameters[name] = parse_parameter(name, raw[name], {**plain, **(extra_symbols or {})})
    # Re-create the symbols with their assumptions, and the bounds in terms of them.
    final = {name: make_symbol(name, assumptions_for(parameters[name])) for name in order}
    swap = {plain[name]: final[name] for name in order}
    for name in order:
        parameter = parameters[name]
        parameter.symbol = final[name]
        for bound in (parameter.lower, parameter.upper):
            if bound is not None:
                bound.expr = bound.expr.xreplace(swap)
    return Domain(parameters=parameters)
