"""Parameters and their domains, as a claim declares them.

A domain is written as the paper writes it, for example ``"0 < r < 1"``,
``"0 < r0 < r"`` (a bound may name an earlier parameter), ``"c > 0"``,
``"integer n >= 1"``, ``"odd integer K >= 3"`` or ``"alpha > 1"``.  From it
proofcheck takes the SymPy assumptions of the symbol, validates values given
in data, and narrows the region a numeric route samples (``sampling`` in a
claim).  The sample points themselves are drawn by ``proofcheck.core.model.sampling``.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

import sympy as sp

from .errors import DomainError, ExpressionError
from .expressions import make_symbol, parse_expression
from .sampling import sample_points as _sample_points

_WORDS = {"integer", "odd", "even", "real"}


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
        # A rational (every sampled value but a few edges) is a finite real number.
        if not value.is_Rational:
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
            if not _within(value, limit, side == "lower", bound.strict):
                raise DomainError(self.name, f"value {value} violates {self.spec}")
        return value


def _within(value, limit, lower: bool, strict: bool) -> bool:
    """``value`` (>, >=) ``limit`` for a lower bound, (<, <=) for an upper one."""
    if value.is_Rational and limit.is_Rational:
        # Compared as integers (denominators are positive): SymPy's answer without its dispatch.
        value, limit = value.p * limit.q, limit.p * value.q
    if lower:
        return bool(value > limit if strict else value >= limit)
    return bool(value < limit if strict else value <= limit)


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
    ordered: list = []
    placed: set = set()
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
        point: dict = {}
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

    def sample_points(self, count: int, seed: int = 0) -> list[dict]:
        """At least ``MIN_POINTS`` exact points in general position (``proofcheck.core.model.sampling``)."""
        return _sample_points(self, count, seed)

    def lower_bound_shifts(self) -> tuple[dict, dict]:
        """``(forward, back)``: each parameter with a constant lower bound a != 0 written a + t,
        ``t > 0`` (``t >= 0`` for a closed bound), and back.

        SymPy's assumptions know only signs: alpha > 1 is alpha = 1 + t, and then 1 - 2 alpha
        = -1 - 2t is seen negative.  A sign proved for every t > 0 holds on the parameter's
        range, whatever its upper bound (the shift forgets it, which only widens the range).
        """
        forward, back = {}, {}
        for parameter in self.parameters.values():
            lower = parameter.lower
            if lower is None or not lower.expr.is_number or lower.expr == 0:
                continue  # a bound at 0 is the symbol's own sign already
            x = parameter.symbol
            above = sp.Dummy(f"{x.name}_above", real=True,
                             **({"positive": True} if lower.strict else {"nonnegative": True}))
            forward[x], back[above] = lower.expr + above, x - lower.expr
        return forward, back

    def interval_proof_map(self, expr):
        """``expr`` with each real parameter between two bounds written through a positive t.

        ``a < x < b`` is ``x = (a + b t)/(1 + t)`` with t > 0; a closed end is reached at t = 0
        (``(b + a t)/(1 + t)`` for ``a < x <= b``), so t >= 0 there.  A bound may name another
        parameter (0 < r0 < r): the parameters are written last first, so that r0's bound r is
        written in turn.  A parameter closed at both ends, or integer, or with a bound that is
        not finite, keeps its symbol.  A sign proved of the result for every t holds for every
        value of the parameters, as each map is onto its range.
        """
        for parameter in reversed(list(self.parameters.values())):
            lower, upper = parameter.lower, parameter.upper
            if parameter.integer or lower is None or upper is None or not (lower.strict or upper.strict):
                continue
            if not (lower.expr.is_finite is not False and upper.expr.is_finite is not False):
                continue
            t = sp.Dummy(f"{parameter.name}_t", **({"positive": True} if lower.strict and upper.strict
                                                      else {"nonnegative": True}))
            a, b = lower.expr, upper.expr
            written = (b + a * t) / (1 + t) if lower.strict else (a + b * t) / (1 + t)
            expr = expr.xreplace({parameter.symbol: written})
        return expr

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
