"""mpmath's tanh-sinh quadrature, its half-line nodes mapped once per degree and precision.

``mpmath.quad`` maps the standard nodes of [-1, 1] onto each piece of an
integral at every call.  On a half-line the map is a shift of fixed nodes
(mpmath's ``TanhSinh.transform_nodes``):

    [a, oo]:  x -> (a - 1) + u,   w -> w u^2/2,   u = 2/(x + 1)
    [-oo, b]: x -> (b + 1) - u,   w -> w u^2/2

so u and w u^2/2 depend only on the standard nodes, and are kept here; the
whole line needs no shift at all.  Every number is computed by the same
operations at the same precision as mpmath's, so an integral comes out to the
bit as ``mpmath.quad`` gives it; only the repeated divisions are saved, which
took half of the time of the Gaussian expectations of Theorem 3.1 and (33).
"""
from __future__ import annotations

import mpmath
from mpmath.calculus.quadrature import TanhSinh


class _MappedOnce(TanhSinh):
    def __init__(self, ctx):
        super().__init__(ctx)
        self._half_line = {}  # (id of the standard nodes, prec) -> (those nodes, [(u, w u^2/2)])
        self._whole_line = {}

    def transform_nodes(self, nodes, a, b, verbose=False):
        ctx = self.ctx
        a, b = ctx.convert(a), ctx.convert(b)
        if (a, b) == (ctx.ninf, ctx.inf):
            return list(self._kept(self._whole_line, nodes, lambda: super(_MappedOnce, self).transform_nodes(
                nodes, a, b, verbose)))
        if (a == ctx.ninf and ctx.isfinite(b)) or (b == ctx.inf and ctx.isfinite(a)):
            pairs = self._kept(self._half_line, nodes, lambda: _half_line_pairs(ctx, nodes))
            if b == ctx.inf:
                a1 = a - 1
                return [(a1 + u, w) for u, w in pairs]
            b1 = b + 1
            return [(b1 - u, w) for u, w in pairs]
        return super().transform_nodes(nodes, a, b, verbose)

    def estimate_error(self, results, prec, epsilon):
        try:
            return super().estimate_error(results, prec, epsilon)
        except ZeroDivisionError:
            # mpmath divides by log10 |I_k - I_(k-2)|, which is 0 where that difference is
            # exactly 1 (an integral at its own scale, ``settled_quadrature``, met it in
            # eq. (11)'s Renyi integral): an error of that order, so no convergence yet.
            return self.ctx.one

    def _kept(self, table, nodes, compute):
        key = (id(nodes), self.ctx.prec)
        entry = table.get(key)
        if entry is None or entry[0] is not nodes:
            entry = table[key] = (nodes, compute())
        return entry[1]


def _half_line_pairs(ctx, nodes):
    one, half = ctx.one, ctx.mpf(0.5)
    pairs = []
    for x, w in nodes:
        u = 2 / (x + one)
        pairs.append((u, w * (half * u**2)))
    return pairs


_RULES: dict = {}


def _rule(ctx):
    # mpmath.quad builds a rule from a callable given as its method: this one hands back
    # the same rule each time, so its caches (standard nodes, mapped nodes) persist.
    rule = _RULES.get(id(ctx))
    if rule is None or rule.ctx is not ctx:
        rule = _RULES[id(ctx)] = _MappedOnce(ctx)
    return rule


def quad(f, nodes, **options):
    """``mpmath.quad(f, nodes, **options)`` by tanh-sinh, with the half-line nodes mapped once."""
    return mpmath.quad(f, nodes, method=_rule, **options)


# Levels of tanh-sinh: the first attempt, and the most a slow integral may be given.
FIRST_DEGREE, LAST_DEGREE = 10, 14


def quad_to(f, nodes, tolerance):
    """``(value, error estimate)`` of the integral, to the relative ``tolerance`` if it can.

    Past the first ``FIRST_DEGREE`` levels, one more level shows how fast the
    error falls; the last levels (each doubling the nodes) are spent only if,
    falling at that rate, the error would meet the tolerance by ``LAST_DEGREE``.
    A plateau (an endpoint singularity the precision cannot resolve, a jump
    left uncut) then costs one level, not four.  Where the levels are spent the
    result is the one ``quad`` gives with ``maxdegree=LAST_DEGREE``: mpmath
    stops at the first level that converges, so fewer attempts never change a
    value.  The caller decides what an error above the tolerance means.
    """
    value, error = quad(f, nodes, error=True, maxdegree=FIRST_DEGREE)
    if _reached(value, error, tolerance):
        return value, error
    first_error = error
    value, error = quad(f, nodes, error=True, maxdegree=FIRST_DEGREE + 1)
    if _reached(value, error, tolerance) or not _on_course(first_error, error, value, tolerance):
        return value, error
    return quad(f, nodes, error=True, maxdegree=LAST_DEGREE)


def _reached(value, error, tolerance) -> bool:
    return error <= tolerance * max(1, abs(value))


def _on_course(before, after, value, tolerance) -> bool:
    """Whether an error falling from ``before`` to ``after`` in one level, at that rate
    (tanh-sinh's own convergence is faster still), reaches the tolerance by the last level.

    mpmath caps its estimate at 1 (``estimate_error``): there the rule has not yet
    resolved the integrand (a pole close to the range), the rate says nothing, and
    the levels are spent as before.
    """
    if after >= 1:
        return True
    if before == 0 or after >= before:
        return False
    levels = LAST_DEGREE - FIRST_DEGREE - 1
    return after * (after / before) ** levels <= tolerance * max(1, abs(value))
