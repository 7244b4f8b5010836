"""Golden-section search for the extremum of a function of one variable on a bracket.

Kiefer's method (J. Kiefer, "Sequential minimax search for a maximum",
Proc. AMS 4 (1953)): each step keeps two interior points c < d at the golden
ratio of the bracket [a, b], drops the part beyond the worse of them, and
reuses the better as an interior point of the new bracket, so that each step
costs one evaluation.  For a unimodal function the bracket shrinks onto its
extremum by the factor 0.618 per step.

The arithmetic is the caller's: floats in, float arithmetic; mpf in (and an
mpf ``golden``), arithmetic at mpmath's working precision.  The values of
``f`` are only compared, never negated or rounded.
"""
from __future__ import annotations

import operator

# (sqrt(5) - 1)/2 in floating point; an mpmath caller passes its own, at its precision.
GOLDEN_RATIO = (5 ** 0.5 - 1) / 2


def golden_section_minimum(f, low, high, steps: int, golden=GOLDEN_RATIO):
    """The midpoint of the bracket left after ``steps`` steps towards the minimum of ``f``.

    ``f`` may return None where it cannot be evaluated; the search then stops
    at the bracket reached so far.
    """
    return _search(f, low, high, steps, golden, operator.lt)


def golden_section_maximum(f, low, high, steps: int, golden=GOLDEN_RATIO):
    """The midpoint of the bracket left after ``steps`` steps towards the maximum of ``f``."""
    return _search(f, low, high, steps, golden, operator.gt)


def _search(f, low, high, steps, golden, better):
    a, b = low, high
    c, d = b - golden * (b - a), a + golden * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc is None or fd is None:
            break
        if better(fc, fd):
            b, d, fd = d, c, fc
            c = b - golden * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + golden * (b - a)
            fd = f(d)
    return (a + b) / 2
