"""The smallest integers of an all-integer claim, every one of them: where Diophantine
equations have their first solutions.

``|n^2 + m^2 - k^2| >= 1`` fails at (3, 4, 5) and ``|n (n - 1)/2 - m^2| > 0`` at (9, 6).
Wherever the integers miss such a solution the relative slack is flat (a constant 1), so
that no descent comes to them, and their roots along one parameter are irrational.  So the
claim's slack is evaluated (in floating point, as the search does) at every point of a box
of about ``SMALL_BOX`` points from the lower bounds, each parameter taking the same number
of its smallest values (of its parity); the points where it is not positive, and the two
where it is least, are proposed, and decided like sampled ones.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..model.sampling import bounds_at

# How many points of the box an all-integer claim is evaluated at (4096: 64 values each of
# two parameters, 16 of three; the compiled slack takes microseconds a point).
SMALL_BOX = 4096
PROPOSED = 5


def smallest_integers(domain, value) -> list[list]:
    """Value lists of the box where ``value`` (the relative slack at a list of values) is not
    positive (at most ``PROPOSED``), and the two where it is least; none unless every
    parameter is an integer with a lower bound of its own (a number)."""
    parameters = list(domain.parameters.values())
    if not parameters or not all(p.integer and p.lower is not None and p.lower.expr.is_number
                                 for p in parameters):
        return []
    side = int(SMALL_BOX ** (1 / len(parameters)))
    ranges = [_smallest(parameter, side) for parameter in parameters]
    scored = []
    for values in itertools.product(*ranges):
        v = value([sp.Integer(n) for n in values])
        if v is not None:
            scored.append((v, values))
    scored.sort()
    chosen = [t for t in scored if t[0] <= 0][:PROPOSED] + scored[:2]
    return [[sp.Integer(n) for n in values] for _, values in chosen]


def _smallest(parameter, count) -> range:
    """The ``count`` smallest integers of the parameter's range (of its parity, if it has one)."""
    lo, _ = bounds_at(parameter, {})
    start = int(sp.floor(lo)) + 1 if parameter.lower.strict and lo.is_integer else int(sp.ceiling(lo))
    step = 1 if parameter.parity is None else 2
    if parameter.parity is not None and start % 2 != parameter.parity:
        start += 1
    return range(start, start + step * count, step)
