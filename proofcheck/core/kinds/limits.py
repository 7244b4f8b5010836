"""Kinds that assert an equality reached by a limit: limit, asymptotic, series.

* ``limit``      the iterated limit of ``expr`` over ``limits`` (innermost
                 first, as the paper writes "first n -> oo, then r -> 0")
                 equals ``asserts``;
* ``asymptotic`` ``expr ~ asserts`` as ``variable -> point``: the limit of
                 the ratio is 1;
* ``series``     the expansion of ``expr`` in ``variable`` at ``point`` up to
                 ``O(variable**-order)`` (at infinity) or ``O(variable**order)``
                 equals ``asserts``.

Each is checked as an identity is (``equality.equality_check``): SymPy derives the limit or the
expansion, and the numbers hold it to the definition.  A limit, an asymptote or a series at a
finite point with no direction given is taken from both sides where the variable can come from
both (``sides``): SymPy's limit and series are one-sided by default, and ``|x|/x -> 1`` at 0
passed, as did ``|x| + x^2 ~ x``.
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import ProofcheckError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..model.verdict import failed, weakest
from ..symbolic.corroboration import series_contradiction
from ..symbolic.operators import NoClosedForm, closed_form
from . import Kind
from .equality import CLOSED_FORMS, equality_check, probe_points, representative_point
from .series_by_limit import SERIES_REFUSALS, remainder_limit_check


def _declared_variable(claim) -> str:
    """The name in ``variable``, which must be a parameter or variable of the claim."""
    name = claim.raw["variable"]
    if name not in claim.symbols:
        raise ProofcheckError(f"variable {name!r} is not declared")
    return name


def _parse_point(claim, text):
    if isinstance(text, (int,)):
        return sp.Integer(text)
    return claim.parse(str(text))


class Limit(Kind):
    name = "limit"
    required = ("expr", "limits", "asserts")
    expression_fields = ("expr", "asserts")
    asserted_fields = ("asserts",)
    description = "the iterated limit of expr equals the asserted value"

    def prepare(self, claim):
        super().prepare(claim)
        limits = claim.raw["limits"]
        if not isinstance(limits, list) or not limits:
            raise ProofcheckError("'limits' must be a list such as [[\"n\", \"oo\"], [\"r\", \"0\", \"+\"]]")
        expressions = [claim.expr("expr")]
        for item in limits:
            if not isinstance(item, list) or len(item) not in (2, 3):
                raise ProofcheckError(f"malformed limit {item!r}")
            name = item[0]
            if name not in claim.symbols:
                raise ProofcheckError(f"limit variable {name!r} is not declared")
            point = _parse_point(claim, item[1])
            directions = [item[2]] if len(item) == 3 else sides(claim, name, point)
            if any(direction not in ("+", "-") for direction in directions):
                raise ProofcheckError(f"limit direction must be '+' or '-', got {item[2]!r}")
            expressions = [sp.Limit(e, claim.symbols[name], point, d) for e in expressions for d in directions]
        # The definition, and the same limits from the other side where no direction was given.
        claim.parsed["definition"], claim.parsed["other_sides"] = expressions[0], expressions[1:]
        limited = {str(item[0]) for item in limits}
        claim.parsed["free_after"] = {p for p in claim.parameters if p not in limited}

    def check(self, claim, settings):
        verdicts = [equality_check(claim, definition, claim.expr("asserts"), settings,
                                   numeric_ok=len(claim.raw["limits"]) == 1)
                    for definition in [claim.expr("definition")] + claim.parsed["other_sides"]]
        return both_sides(verdicts)


def sides(claim, name, point) -> list:
    """The directions from which the variable ``name`` can come to ``point`` where none is given:
    from below infinity, from above minus infinity, and at a finite point from each side where
    the variable's range (a parameter's bounds, or a variable's sign) goes past it."""
    if point == sp.oo:
        return ["-"]
    if point == -sp.oo or not point.is_real:
        return ["+"]
    parameter = claim.domain.parameters.get(name)
    if parameter is not None:
        lo = parameter.lower.expr if parameter.lower else None
        hi = parameter.upper.expr if parameter.upper else None
    else:
        symbol = claim.symbols[name]
        lo = sp.Integer(0) if symbol.is_nonnegative else None
        hi = sp.Integer(0) if symbol.is_nonpositive else None
    below = lo is None or (lo - point).is_negative is True
    above = hi is None or (hi - point).is_positive is True
    return ["+", "-"] if below and above else ["-"] if below else ["+"]


def both_sides(verdicts):
    """One verdict for a limit taken from each side: the first that did not pass, else the
    weakest evidence of the passes, its route saying both sides were taken."""
    for verdict in verdicts:
        if not verdict.passed:
            return verdict
    chosen = next(v for v in verdicts if v.evidence == weakest(*(v.evidence for v in verdicts)))
    if len(verdicts) > 1:
        chosen.route = f"{chosen.route}, from both sides" if chosen.route else "from both sides"
    return chosen


class Asymptotic(Kind):
    name = "asymptotic"
    required = ("expr", "variable", "point", "asserts")
    optional = ("direction",)
    expression_fields = ("expr", "asserts")
    asserted_fields = ("asserts",)
    description = "expr ~ asserts: the ratio tends to 1"

    def prepare(self, claim):
        super().prepare(claim)
        name = _declared_variable(claim)
        point = _parse_point(claim, claim.raw["point"])
        given = claim.raw.get("direction")
        directions = [given] if given is not None else sides(claim, name, point)
        claim.parsed["ratio_limit"] = (claim.symbols[name], point, directions)

    def check(self, claim, settings):
        variable, point, directions = claim.expr("ratio_limit")
        expression = _closed_form_once(claim, claim.expr("expr"), settings)
        return both_sides([equality_check(claim, sp.Limit(expression / claim.expr("asserts"), variable, point, d),
                                          sp.Integer(1), settings) for d in directions])


def _closed_form_once(claim, expression, settings):
    """``expression`` with its operators derived (an expectation integrated), once per process.

    Falls back to the expression itself when SymPy does not close it; the
    limit is then taken numerically from the definition.
    """
    if not expression.has(*OPERATORS):
        return expression
    if expression not in CLOSED_FORMS:
        try:
            with time_budget(settings.symbolic_budget):
                CLOSED_FORMS[expression] = closed_form(expression, representative_point(claim),
                                                        probe_points(claim))
        except (NoClosedForm, SymbolicTimeout, NotImplementedError, TypeError, ValueError):
            CLOSED_FORMS[expression] = expression
    return CLOSED_FORMS[expression]


class Series(Kind):
    name = "series"
    required = ("expr", "variable", "point", "order", "asserts")
    expression_fields = ("expr", "asserts")
    asserted_fields = ("asserts",)
    description = "the expansion of expr to the stated order equals the asserted terms"

    def prepare(self, claim):
        super().prepare(claim)
        name = _declared_variable(claim)
        order = claim.raw["order"]
        if not isinstance(order, int) or isinstance(order, bool) or not 1 <= order <= 12:
            raise ProofcheckError("'order' must be an integer from 1 to 12")
        claim.parsed["series_at"] = (claim.symbols[name], _parse_point(claim, claim.raw["point"]), order)

    def check(self, claim, settings):
        variable, point, order = claim.expr("series_at")
        directions = sides(claim, str(variable), point)
        return both_sides([self._side(claim, settings, variable, point, order, d) for d in directions])

    def _side(self, claim, settings, variable, point, order, direction):
        expanded = {}

        def expand(expression):
            # SymPy counts terms so that the remainder is O(x**order), or O(x**-order) at infinity.
            if expression not in expanded:
                expanded[expression] = sp.series(expression, variable, point, order, dir=direction).removeO()
            return expanded[expression]

        try:
            with time_budget(settings.symbolic_budget):
                expand(claim.expr("expr"))
        except SERIES_REFUSALS as error:
            return remainder_limit_check(claim, settings, variable, point, order, direction, error)
        except SymbolicTimeout:
            pass  # equality_check meets the same budget and says so
        verdict = equality_check(claim, claim.expr("expr"), claim.expr("asserts"), settings,
                                 closed_form_fn=expand, numeric_ok=False)
        if verdict.passed and verdict.evidence == "symbolic":
            # SymPy's series is held to the numbers, as its integrals and limits are.
            found, held = series_contradiction(claim.expr("expr"), claim.expr("asserts"), variable, point,
                                               order, probe_points(claim), direction)
            if found is not None:
                h = "1/" + str(variable) if point in (sp.oo, -sp.oo) else f"{variable} - {point}"
                return failed(f"SymPy's expansion agrees with the assertion, but the numbers do not: the "
                              f"limit of (expr - asserted)/({h})^{found['power']} is not 0",
                              {"point": found["point"], "limit": found["definition"]})
            held_text = "" if held == order else f" at {held} of {order} powers"
            verdict.route = f"series expanded, simplified to zero, held to the numbers{held_text}"
        return verdict
