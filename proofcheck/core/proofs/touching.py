"""A slack that touches 0 at a known interior point, settled there by its second-order term.

Where a claim holds with equality at a point x0 inside its domain (e^{2h}/(8 e^3 Var) =
pi/(4 e^2) at p = 2, the Gaussian among generalised Gaussians), no box around x0 has an
enclosure of strictly one sign, and halving never ends.  If the slack f is exactly 0 at x0
and so is every first partial derivative (both decided by SymPy, exactly), Taylor's theorem
with Lagrange's remainder along the segment from x0 to any x of a convex box B holding x0
gives

    f(x) = (x - x0)^T H(xi) (x - x0) / 2,   xi in B,

so f >= 0 on B wherever the Hessian H is positive semidefinite at every point of B.  That is
shown from Arb enclosures of H on B by Gershgorin's theorem: each diagonal entry at least the
sum of the magnitudes of the others in its row (R. E. Moore, R. B. Kearfott, M. J. Cloud,
"Introduction to Interval Analysis", SIAM 2009, ch. 6, for enclosures of derivatives; a
finite enclosure of H on B means every function in f is analytic there).  Only a claim that
allows equality (>= 0) can be settled so: a strict one fails at x0 itself.

The candidate points are the claim's own explicit ``points``: one where the slack is not
exactly 0, or its gradient is not, is no touching point and is dropped.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from ..model.errors import SymbolicTimeout
from ..model.timeout import time_budget
from ..numbers.arb_expressions import NotEnclosable
from ..numbers.precision import arb_bits
from .boxes import bits_for
from .enclosure import Enclosure

# A box is argued from a touching point when their hull is at most this many times as wide.
HULL_FACTOR = 4
# CPU seconds for SymPy to show the slack and its gradient exactly 0 at one candidate point.
ZERO_SECONDS = 0.5


def _exactly_zero(expr) -> bool:
    """True only where SymPy reduces ``expr`` to 0 (never by numbers alone)."""
    try:
        with time_budget(ZERO_SECONDS):
            value = sp.simplify(sp.expand_func(expr))
    except (SymbolicTimeout, ValueError, TypeError, NotImplementedError, ZeroDivisionError):
        return False
    return value == 0


def touching_points(slack, points) -> list:
    """The points (symbol -> exact value) among ``points`` where ``slack`` and each of its first
    partial derivatives are exactly 0."""
    slack = sp.sympify(slack)
    symbols = sorted(slack.free_symbols, key=str)
    out = []
    for point in points:
        exact = {s: sp.nsimplify(v) if not isinstance(v, sp.Basic) else v for s, v in point.items()}
        if set(symbols) - set(exact) or not all(v.is_rational for v in exact.values()):
            continue
        if _exactly_zero(slack.xreplace(exact)) and all(
                _exactly_zero(sp.diff(slack, s).xreplace(exact)) for s in symbols):
            out.append(exact)
    return out


def in_units(point, piece) -> tuple | None:
    """The unit coordinates (Fractions) of ``point`` on ``piece``, or None where it is not there."""
    solved: dict = {}
    for parameter, value in piece.values.items():
        if parameter not in point:
            return None
        written = value.xreplace(solved) if isinstance(value, sp.Basic) else sp.Integer(value)
        unknown = written.free_symbols & set(piece.units)
        if not unknown:
            if sp.simplify(written - point[parameter]) != 0:
                return None
            continue
        (unit,) = unknown
        roots = [r for r in sp.solve(sp.Eq(written, point[parameter]), unit) if r.is_rational and 0 <= r <= 1]
        if len(roots) != 1:
            return None
        solved[unit] = roots[0]
    if set(solved) != set(piece.units):
        return None
    return tuple(Fraction(int(solved[u].p), int(solved[u].q)) for u in piece.units)


class Touching:
    """The second-order argument on boxes of one piece that hold one of its touching points."""

    def __init__(self, expr, units, points):
        self.units, self.points = tuple(units), [p for p in points if p is not None]
        self._hessian = None
        self.expr = expr

    def hessian(self):
        """The Hessian's entries as ``Enclosure``s (natural, mean-value and monotone forms: the
        natural form of a second derivative alone is wide on all but the smallest boxes)."""
        if self._hessian is None:
            try:
                first = [sp.diff(self.expr, u) for u in self.units]
                self._hessian = [[Enclosure(sp.diff(d, v), self.units) for v in self.units] for d in first]
            except NotEnclosable:
                self._hessian = []
        return self._hessian or None

    def settles(self, box) -> bool:
        """Whether the hull of ``box`` and a touching point beside it is a box on all of which the
        Hessian is semidefinite: the segment from the point to any x of ``box`` lies in it."""
        return any(self._semidefinite(hull) for hull in self._hulls(box))

    def _hulls(self, box):
        for point in self.points:
            hull = tuple((min(lo, c), max(hi, c)) for c, (lo, hi) in zip(point, box))
            # Only a box beside the point: far from it the first-order forms do better.
            if all(top - bottom <= HULL_FACTOR * (hi - lo) for (bottom, top), (lo, hi) in zip(hull, box)):
                yield hull

    def _semidefinite(self, box) -> bool:
        """Gershgorin on the enclosures: each diagonal entry's least value on ``box`` at least the
        sum of the largest magnitudes of the other entries of its row."""
        rows = self.hessian()
        if rows is None:
            return False
        with arb_bits(bits_for(box)):
            for i, row in enumerate(rows):
                least = row[i].enclose(box)[0]
                if least is None or not least.is_finite():
                    return False
                others = least * 0
                for j, entry in enumerate(row):
                    if j != i:
                        magnitude = _magnitude(entry, box)
                        if magnitude is None:
                            return False
                        others += magnitude
                if not least - others >= 0:
                    return False
        return True


def _magnitude(entry, box):
    """A ball above |entry| on ``box``, from its least and its largest value there, or None."""
    low, high = entry.enclose(box)[0], entry.enclose(box, lowest=False)[0]
    if low is None or high is None or not (low.is_finite() and high.is_finite()):
        return None
    return max(abs(low), abs(high), key=lambda b: b.mid() + b.rad())
