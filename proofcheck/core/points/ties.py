"""Two parameters on the diagonal, on purpose (``core/model/sampling.py`` keeps them apart).

The sample draws parameters in general position, so a claim false only on the
diagonal x = y, or on a sliver beside it, is looked for here: one parameter is
moved onto another, and a hair (10**-30 of its size) above and below it.  Two
parameters of different ranges are tied too where the ranges meet (x > 0 and
0 < y < 1 at x = y = 1/2): a claim can be false on that part of the diagonal.
"""
from __future__ import annotations

import re

import sympy as sp

from ..model.errors import DomainError
from ..model.sampling import HAIR_DIGITS


def tie_points(domain, point, across_ranges: bool = True) -> list[dict]:
    """``point`` with one parameter moved onto another, and a hair above and below it.

    Parameters of the same kind of range are tied both ways (the first onto the second's
    value, failing that the second onto the first's); of different ranges that meet, at
    the tie alone, unless ``across_ranges`` is False (a claim whose every point is a
    quadrature).  Points outside the domain are dropped.
    """
    out = []
    names = list(domain.parameters)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            a, b = domain.parameters[first], domain.parameters[second]
            if a.integer != b.integer:
                continue
            same = _range_of(a) == _range_of(b)
            if not (same or across_ranges):
                continue
            for fixed, moving in ((a, b), (b, a)):
                tied = _tied(domain, point, fixed, moving, hairs=same)
                out += [t for t in tied if t not in out]
                if tied:
                    break
    return out


def _range_of(parameter) -> str:
    """The parameter's spec with its own name (a whole word) taken out: "integer n >= 1" and
    "integer m >= 1" are the same range, though "integer" holds an n."""
    return re.sub(rf"\b{re.escape(parameter.name)}\b", "", parameter.spec)


def _tied(domain, point, fixed, moving, hairs: bool) -> list[dict]:
    value = point[fixed.symbol]
    hair = sp.Rational(1, 10**HAIR_DIGITS) * max(abs(value), 1)
    out = []
    for moved in (value, value + hair, value - hair) if hairs and not fixed.integer else (value,):
        tied = dict(point)
        tied[moving.symbol] = moved
        try:
            out.append(domain.validate_point({s.name: v for s, v in tied.items()}))
        except DomainError:
            continue
    return out
