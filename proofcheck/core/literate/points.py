"""The exact points at which a derivation's certified fallback compares the two sides.

Three interior points, the same on every run and printed in the transcript
(``{r=2/5}; {r=1/2}; {r=3/5}``), so that a reader can repeat the comparison by
hand.  A declared parameter is placed at 2/5, 1/2 and 3/5 of a bounded range,
1/3, 3/2 and 7/2 beyond a single bound, and at a few integers just above the
lower bound (or below the upper one) of an integer range; a bound may name an
earlier parameter, and a value outside the domain falls back to its middle.  A bound or auxiliary symbol
(``d.variable``) is given a value that respects its assumptions (positive,
negative, integer, odd, even).

These are not the claims engine's sample (``proofcheck.core.model.sampling``),
which hunts for a failure at the edges and in general position across the
domain: a certified step is evidence at these few interior points, and says so.
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import ProofcheckError
from ..model.sampling import from_unit

# Where, in units of a bounded domain, the certified fallback samples: interior
# points (the domain's edges are for the claims engine's sampler).
SAMPLE_UNITS = (sp.Rational(2, 5), sp.Rational(1, 2), sp.Rational(3, 5))


def interior_points(domain, expr) -> list[dict]:
    """Exact interior points for every free symbol of ``expr`` (``domain`` may be None)."""
    free: set = getattr(expr, "free_symbols", set())
    points = []
    for index in range(len(SAMPLE_UNITS)):
        point: dict = {}
        if domain is not None:
            for parameter in domain.parameters.values():
                point[parameter.symbol] = _domain_value(parameter, point, index)
            point = {s: v for s, v in point.items() if s in free}
        for symbol in free:
            if symbol not in point:
                point[symbol] = _value_for(symbol, index)
        if point not in points:
            points.append(point)
    return points


def _domain_value(parameter, point, index):
    """An exact interior value of a declared parameter (bounds may name earlier ones)."""
    lo = parameter.lower.expr.subs(point) if parameter.lower else None
    hi = parameter.upper.expr.subs(point) if parameter.upper else None
    if parameter.integer:
        start = int(sp.ceiling(lo)) if lo is not None else (int(sp.floor(hi)) - 8 if hi is not None else 0)
        value = sp.Integer(start + [1, 2, 6][index])
        if parameter.parity is not None and int(value) % 2 != parameter.parity:
            value += 1
    elif lo is not None and hi is not None:
        value = lo + SAMPLE_UNITS[index] * (hi - lo)
    elif lo is not None:
        value = lo + [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    elif hi is not None:
        value = hi - [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    else:
        value = [sp.Rational(-3, 4), sp.Rational(1, 3), sp.Rational(5, 2)][index]
    try:
        return parameter.validate(value, point)
    except ProofcheckError:
        return from_unit(parameter, sp.Rational(1, 2), point)


def _value_for(symbol, index):
    """An exact sample value respecting a symbol's assumptions."""
    if symbol.is_integer:
        base = [2, 3, 7][index]
        if symbol.is_odd:
            base = [3, 5, 7][index]
        if symbol.is_even:
            base = [2, 4, 8][index]
        return sp.Integer(-base if symbol.is_negative else base)
    magnitude = [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    if symbol.is_negative:
        return -magnitude
    if symbol.is_nonnegative or symbol.is_positive:
        return magnitude
    return [sp.Rational(-3, 4), sp.Rational(1, 3), sp.Rational(5, 2)][index]


def where(points) -> str:
    """Where a certified step holds, as the transcript says it."""
    if points == [{}]:
        return " (no free parameters)"
    return (f" at {len(points)} points " + "; ".join(show(p) for p in points)
            + " (evidence at these points, not for every value)")


def show(point) -> str:
    """A point as the transcript shows it: ``{c=1/3, r=2/5}``."""
    if not point:
        return "(no free parameters)"
    return "{" + ", ".join(f"{k}={v}" for k, v in sorted(point.items(), key=lambda kv: kv[0].name)) + "}"
