"""A domain as pieces of the unit cube, each a map of unit variables onto part of it.

Each parameter, in the domain's dependency order, is written through a unit variable
s in [0, 1] (its bounds already written through the earlier parameters' maps):

* a < x < b          x = a + (b - a) s                 (edges s = 0, s = 1 as the bounds say);
* x > a              near x = a + s, far x = a + 1/s   (s -> 0 is x -> oo: an end, not a cut);
* x < b              near x = b - s, far x = b - 1/s;
* x real             x = 2 s - 1, x = 1/s, x = -1/s;
* integer a <= n <= b with at most ``FEW_INTEGERS`` values: one piece per integer.

An integer parameter with a longer range is covered by its real relaxation: proving the
claim for every real in the range proves it for every integer there; a point offered as a
counter-example is rounded to the integers and checked exactly.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import sympy as sp

FEW_INTEGERS = 12

# Which end of a unit interval belongs to the domain: True (a closed bound or an interior
# point), False (an open bound), None (an infinite end).
Edge = object


@dataclass
class Piece:
    """One map of the unit cube onto part of a domain."""
    units: tuple  # the unit symbols, one per parameter that is not fixed
    values: dict  # parameter symbol -> expression in the units (or an integer)
    edges: tuple  # per unit: (edge at 0, edge at 1), each True, False or None
    integers: dict = field(default_factory=dict)  # unit -> parameter symbol, for integer parameters
    words: tuple = ()  # per parameter, how it is covered (for a verdict)


class Unsupported(ValueError):
    """A domain this route does not map (a bound not finite, a parity)."""


def pieces(domain) -> list:
    """The pieces whose union is ``domain``."""
    options = []
    for parameter in domain.parameters.values():
        if parameter.parity is not None:
            raise Unsupported(f"{parameter.name} has a parity")
        options.append(_options(parameter))
    out = []
    for choice in itertools.product(*options):
        out.append(_assemble(list(domain.parameters.values()), choice))
    return out


def _options(parameter):
    """The ways of writing one parameter: (kind, data, edge0, edge1, words)."""
    lo = parameter.lower.expr if parameter.lower else None
    hi = parameter.upper.expr if parameter.upper else None
    for bound in (lo, hi):
        if bound is not None and bound.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
            raise Unsupported(f"bound {bound} of {parameter.name}")
    closed_lo = parameter.lower is not None and not parameter.lower.strict
    closed_hi = parameter.upper is not None and not parameter.upper.strict
    name = parameter.name
    if parameter.integer and lo is not None and hi is not None and lo.is_number and hi.is_number:
        first = sp.floor(lo) + 1 if parameter.lower.strict and lo.is_integer else sp.ceiling(lo)
        last = sp.ceiling(hi) - 1 if parameter.upper.strict and hi.is_integer else sp.floor(hi)
        if last - first < FEW_INTEGERS:
            return [("fixed", sp.Integer(k), None, None, f"{name} = {k}") for k in range(int(first), int(last) + 1)]
    if lo is not None and hi is not None:
        return [("span", (lo, hi), closed_lo, closed_hi, parameter.spec)]
    if lo is not None:
        return [("near", (lo, 1), closed_lo, True, f"{name} in [{lo}, {lo} + 1]"),
                ("far", (lo, 1), None, True, f"{name} >= {lo} + 1 (x = {lo} + 1/s)")]
    if hi is not None:
        return [("near", (hi, -1), closed_hi, True, f"{name} in [{hi} - 1, {hi}]"),
                ("far", (hi, -1), None, True, f"{name} <= {hi} - 1 (x = {hi} - 1/s)")]
    return [("span", (sp.Integer(-1), sp.Integer(1)), True, True, f"{name} in [-1, 1]"),
            ("far", (sp.Integer(0), 1), None, True, f"{name} >= 1 (x = 1/s)"),
            ("far", (sp.Integer(0), -1), None, True, f"{name} <= -1 (x = -1/s)")]


def _assemble(parameters, choice):
    values, units, edges, integers, words = {}, [], [], {}, []
    for parameter, (kind, data, edge0, edge1, said) in zip(parameters, choice):
        words.append(said)
        if kind == "fixed":
            values[parameter.symbol] = data
            continue
        s = sp.Symbol(f"_s_{parameter.name}", real=True)
        units.append(s)
        edges.append((edge0, edge1))
        if parameter.integer:
            integers[s] = parameter.symbol
        if kind == "span":
            lo, hi = (b.xreplace(values) for b in data)
            values[parameter.symbol] = lo + (hi - lo) * s
        else:
            bound, direction = data[0].xreplace(values), data[1]
            step = s if kind == "near" else 1 / s
            values[parameter.symbol] = bound + direction * step
    return Piece(tuple(units), values, tuple(edges), integers, tuple(words))
