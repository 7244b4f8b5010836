"""Two parameters on the diagonal, on purpose (``core/sampling.py`` keeps them apart).

The sample draws parameters in general position, so a claim false only on the
diagonal x = y, or on a sliver beside it, is looked for here: one parameter is
moved onto another, and a hair (10**-30 of its size) above and below it.
"""
from __future__ import annotations

import sympy as sp

from .errors import DomainError
from .sampling import HAIR_DIGITS


def tie_points(domain, point) -> list[dict]:
    """``point`` with one parameter moved onto another, and a hair above and below it.

    Only parameters of the same kind of range are tied; invalid points are dropped.
    """
    out = []
    names = list(domain.parameters)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            a, b = domain.parameters[first], domain.parameters[second]
            if a.integer != b.integer or a.spec.replace(first, "") != b.spec.replace(second, ""):
                continue
            value = point[a.symbol]
            hair = sp.Rational(1, 10**HAIR_DIGITS) * max(abs(value), 1)
            for moved in (value, value + hair, value - hair) if not a.integer else (value,):
                tied = dict(point)
                tied[b.symbol] = moved
                try:
                    out.append(domain.validate_point({s.name: v for s, v in tied.items()}))
                except DomainError:
                    continue
    return out
