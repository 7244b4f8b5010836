"""Arb enclosures of an expression over a box of unit variables.

Three forms, the tightest kept (R. E. Moore, R. B. Kearfott, M. J. Cloud, "Introduction to
Interval Analysis", SIAM 2009, ch. 6):

* natural     the expression evaluated on the box's balls;
* mean value  f(m) + sum_i f_i(box) (box_i - m_i), with the partial derivatives f_i from
              ``sympy.diff`` enclosed on the box: a difference of two close terms, which the
              natural form enlarges by the dependency problem, shrinks with the box;
* monotone    where f_i has a proved sign on the box, the smallest value lies on one face:
              that side is fixed at its end before the other forms are taken.

Derivatives are taken only of a smooth expression: one with Abs, Max, Min, a step or a
Piecewise gets the natural form alone.  A derivative enclosed finitely on the box means
every function in it is analytic there, so the mean-value theorem applies along the box.
"""
from __future__ import annotations

import sympy as sp

from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..numbers.precision import arb_bits
from .boxes import ball, balls, bits_for, exact_ball, face, middle

NOT_SMOOTH = (sp.Abs, sp.Max, sp.Min, sp.floor, sp.ceiling, sp.Piecewise, sp.sign, sp.Heaviside)


def smooth(expr) -> bool:
    return not expr.has(*NOT_SMOOTH)


class Enclosure:
    """``expr`` compiled over ``units``, with its gradient where the expression is smooth."""

    def __init__(self, expr, units, known=None):
        self.units, self.expr = tuple(units), expr
        self.value = compile_arb(expr, self.units)  # NotEnclosable reaches the caller
        self._gradient = None if smooth(expr) else ()
        # Partial derivatives the caller has already (an end's next Taylor derivative).
        self.known = known or {}

    @property
    def gradient(self):
        """The partial derivatives compiled when first asked for (a box the natural form
        settles never needs them), or None for an expression that is not smooth."""
        if self._gradient is None:
            try:
                self._gradient = [compile_arb(self.known[u]() if u in self.known else sp.diff(self.expr, u),
                                              self.units) for u in self.units]
            except NotEnclosable:
                self._gradient = ()
        return self._gradient or None

    def natural(self, box):
        try:
            return self.value(balls(box))
        except (NotEnclosable, ArithmeticError, ValueError, TypeError):
            return None

    def slopes(self, box):
        """The partial derivatives' balls on ``box``, or None."""
        if self.gradient is None:
            return None
        env = balls(box)
        try:
            out = [g(env) for g in self.gradient]
        except (NotEnclosable, ArithmeticError, ValueError, TypeError):
            return None
        return out if all(d.is_finite() for d in out) else None

    def mean_value(self, box, slopes):
        centre = middle(box)
        try:
            value = self.value([exact_ball(c) for c in centre])
        except (NotEnclosable, ArithmeticError, ValueError, TypeError):
            return None
        for d, side, c in zip(slopes, box, centre):
            value += d * (ball(side) - exact_ball(c))
        return value

    def enclose(self, box, lowest=True):
        """A ball holding the smallest value of the expression on ``box`` (its largest, with
        ``lowest`` false) -- or its whole range where no derivative has a sign -- and the
        box it was taken on (a face, where monotonicity fixed a side)."""
        with arb_bits(bits_for(box)):
            first = self.natural(box)
            if first is not None and first.is_finite() and (first > 0 or first < 0):
                return first, box  # decided by the natural form: no derivative is needed
            slopes = self.slopes(box)
            if slopes is not None:
                for i, d in enumerate(slopes):
                    if box[i][0] != box[i][1] and (d > 0 or d < 0):
                        box = face(box, i, upper=(d < 0) == lowest)
                if any(s[0] != s[1] for s in box):
                    slopes = self.slopes(box)
            best = self.natural(box)
            if slopes is not None:
                other = self.mean_value(box, slopes)
                if other is not None and other.is_finite():
                    best = other if best is None or not best.is_finite() else _tighter(best, other)
            return best, box


def _tighter(a, b):
    try:
        both = a.intersection(b)
    except ValueError:  # disjoint balls cannot both hold the value: an error elsewhere
        return a
    return both
