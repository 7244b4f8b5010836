"""The claim that is checked is the claim as written: SymPy's reading held against the text.

SymPy evaluates an expression as it is built, from its symbols' assumptions: with n an
integer, ``floor(n)`` is ``n``; with x > 0, ``sqrt(x**2)`` is ``x``.  A wrong rule rewrites
the claim before any route sees it.  SymPy 1.14 read ``floor(n/6)`` as ``n/6`` for an even n
and ``sin(pi 2^n/6)`` as 0, and "floor(n/6) = n/6" passed as a symbolic identity: every
route checked a claim nobody wrote (``core/model/sympy_repairs.py`` mends the rules found wrong;
``Abs(gamma(o + 1/2))`` for an odd o, read as ``-gamma(o + 1/2)``, was caught here first).

So each expression is read a second time with its parameters and variables as plain real
symbols, where no rule about integers, parity or signs can act.  Where the two readings
differ, they are enclosed with Arb at the claim's sampled points; a point where the balls
prove them different is an error naming it, never a pass.  An expression balls cannot
enclose (an integral) is compared at no point: this is a net, as the sampled points are.
"""
from __future__ import annotations

import sympy as sp

from ..model.claims import read_definitions, substitute_definitions
from ..model.errors import ProofcheckError
from ..model.expressions import parse_expression
from ..model.verdict import show_point
from ..numbers.intervals import LOOK_PREC, NotEnclosable, enclose
from ..points.policy import sample_points


def misreading(claim, settings) -> str | None:
    """Where SymPy's reading of a field differs from the text read literally, at one of the
    claim's sampled points, in words; else None."""
    readings = _literal_readings(claim) if claim.sampling_domain is not None else {}
    if not readings:
        return None
    points = sample_points(claim, settings)
    plain = {symbol: readings["_symbols"][name] for name, symbol in claim.symbols.items()
             if name in readings["_symbols"]}
    for name, literal in readings.items():
        if name == "_symbols":
            continue
        read = claim.parsed[name]
        if _same(read, literal):
            continue
        for point in points:
            if _apart(read, literal, point, plain):
                return (f"SymPy read {name} = {sp.sstr(literal)[:80]} as {sp.sstr(read)[:80]} from the "
                        f"assumptions on its symbols, and at {show_point(point)} the two differ: "
                        "the claim as written is not the claim SymPy would check")
    return None


def _literal_readings(claim) -> dict:
    """Each expression field parsed again with plain real symbols (``_symbols``: those symbols)."""
    names = list(claim.domain.parameters) + list(claim.get("variables", {}) or {})
    symbols = {name: sp.Symbol(name, real=True) for name in names}
    fields = [f for f in getattr(claim.checker, "expression_fields", ())
              if isinstance(claim.raw.get(f), str) and isinstance(claim.parsed.get(f), sp.Expr)]
    if not fields:
        return {}
    try:
        definitions, functions = read_definitions(claim.get("define"), claim.shared_define, symbols,
                                                  claim.source, claim.id)
        readings = {f: substitute_definitions(parse_expression(claim.raw[f], symbols, functions), definitions)
                    for f in fields}
    except ProofcheckError:
        return {}  # a kind that reads its fields in symbols of its own: not compared
    readings["_symbols"] = {name: symbols[name] for name in names}
    return readings


def _same(a, b) -> bool:
    """The same tree, a symbol matched by its name (rebuilding one reading in the other's
    symbols makes SymPy evaluate it again: seconds, on an absolute value of a maximum)."""
    if a.is_Symbol or b.is_Symbol:
        return a.is_Symbol and b.is_Symbol and a.name == b.name
    if not a.args or not b.args:
        return a == b
    return a.func == b.func and len(a.args) == len(b.args) and all(
        _same(x, y) if isinstance(x, sp.Basic) and isinstance(y, sp.Basic) else x == y
        for x, y in zip(a.args, b.args))


def _apart(read, literal, point, plain) -> bool:
    """Whether balls at ``point`` prove the two readings different."""
    try:
        a = enclose(read, point, LOOK_PREC)
        b = enclose(literal, {plain.get(s, s): v for s, v in point.items()}, LOOK_PREC)
    except (NotEnclosable, ArithmeticError, ValueError, TypeError, ProofcheckError):
        return False
    return a.is_finite() and b.is_finite() and not a.overlaps(b)
