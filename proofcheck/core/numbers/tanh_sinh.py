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

An integrand that can be called at a ball (``at_ball``: one compiled onto Arb,
``ball_integrands.BallIntegrand``) is summed on balls: the same standard nodes, held as
Arb balls, are mapped onto the piece and weighted there, and only the sum of a
level becomes an mpf.  Per node that saves an mpf node, an mpf value and mpmath's
exact dot product, most of the time of a quadrature.  The terms are the same
(each node an exact point within a rounding of mpmath's, each value the
midpoint of the integrand's ball there, as before), and a node whose ball is
refused is evaluated by mpmath at the mpf node mpmath would have used.
"""
from __future__ import annotations

import mpmath
from flint import arb, ctx
from mpmath.calculus.quadrature import TanhSinh

from ..model.errors import CancelledDigits
from . import dropped_radii
from .arb_expressions import mpf_of
from .precision import arb_bits


class _MappedOnce(TanhSinh):
    def __init__(self, ctx):
        super().__init__(ctx)
        self._half_line = {}  # (id of the standard nodes, prec) -> (those nodes, [(u, w u^2/2)])
        self._whole_line = {}
        # The same as balls, [(t, w, t ball, w ball)], on [-1, 1] and on a half-line (t is u).
        self._standard_balls, self._half_line_balls = {}, {}

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

    def summation(self, f, points, prec, epsilon, max_degree, verbose=False):
        """mpmath's ``summation``, each level summed on balls where ``f`` has ``at_ball``."""
        ctx = self.ctx
        points = [ctx.convert(p) for p in points]
        if getattr(f, "at_ball", None) is None or not all(isinstance(p, ctx.mpf) for p in points) \
                or any(p > q for p, q in zip(points, points[1:])):
            # A contour or a reversed range: mpmath's own sums.
            return super().summation(f, points, prec, epsilon, max_degree, verbose)
        total = total_error = ctx.zero
        for a, b in zip(points, points[1:]):
            if a == b:
                continue
            results, error = [], ctx.zero
            for degree in range(1, max_degree + 1):
                results.append(self._ball_level(f, a, b, degree, prec, results))
                if degree > 1:
                    error = self.estimate_error(results, prec, epsilon)
                    if error <= epsilon:
                        break
            total += results[-1]
            total_error += error
        return total, total_error

    def _ball_level(self, f, a, b, degree, prec, previous):
        """``TanhSinh.sum_next`` of the nodes of ``degree`` on [a, b], the new terms summed on balls
        at mpmath's working precision (which carries quadrature's guard bits)."""
        ctx = self.ctx
        h = ctx.mpf(2) ** (-degree)
        level = previous[-1] / (h * 2) if previous else ctx.zero
        with arb_bits(ctx.prec):
            return h * (level + _ball_sum(f, self._ball_nodes(a, b, degree, prec)))

    def _ball_nodes(self, a, b, degree, prec):
        """The nodes of ``degree`` mapped onto [a, b] (``_Mapped``), from mpmath's standard nodes
        at the precision mpmath computes them at."""
        ctx = self.ctx
        with ctx.workprec(prec + 20):
            nodes = self.standard_cache.get((degree, prec))
            if nodes is None:
                nodes = self.standard_cache[degree, prec] = self.calc_nodes(degree, prec)
            if ctx.isinf(a) or ctx.isinf(b):
                pairs = self._ball_pairs(self._half_line_balls, degree, nodes,
                                         lambda: self._kept(self._half_line, nodes,
                                                            lambda: _half_line_pairs(ctx, nodes)))
                if a == ctx.ninf and b == ctx.inf:
                    # mpmath folds the whole line onto [0, oo]: f(-x) + f(x) there.
                    return _Mapped(pairs, -ctx.one, 1, 1, True)
                return _Mapped(pairs, a - 1, 1, 1) if b == ctx.inf else _Mapped(pairs, b + 1, -1, 1)
            pairs = self._ball_pairs(self._standard_balls, degree, nodes, lambda: nodes)
            return _Mapped(pairs, (b + a) / 2, (b - a) / 2, (b - a) / 2)

    def _ball_pairs(self, table, degree, nodes, pairs):
        """``[(t, w, t ball, w ball)]`` for the (node, weight) ``pairs()`` of the standard ``nodes``.

        Kept for the first levels, where nearly every integral is settled; the last
        levels hold seven eighths of the nodes and serve few integrals, so their balls
        are made afresh, and the memory of a check at high precision stays near mpmath's own.
        """
        key = (id(nodes), self.ctx.prec)
        entry = table.get(key)
        if entry is None or entry[0] is not nodes:
            entry = (nodes, [(t, w, arb(t), arb(w)) for t, w in pairs()])
            if degree <= KEPT_DEGREE:
                table[key] = entry
        return entry[1]

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


class _Mapped:
    """The nodes of one level on one piece, ``x = shift + slope t``, each weight times ``scale``.

    On a half-line t is u = 2/(x + 1) of a standard node and the slope is +-1 (the
    weight w u^2/2 is kept with it); on a finite piece the slope and the scale are
    (b - a)/2; the whole line is folded onto [0, oo], where the term is w (f(-x) + f(x)).
    """

    def __init__(self, pairs, shift, slope, scale, folded=False):
        self.pairs, self.folded = pairs, folded
        self.shift, self.slope, self.scale = shift, slope, scale
        self.shift_ball, self.slope_ball, self.scale_ball = arb(shift), arb(slope), arb(scale)

    def mpf_node(self, t):
        # The node as mpmath maps it (``transform_nodes``): a slope of +-1 is exact, so
        # a1 + u and b1 - u come out to the bit.
        return self.shift + self.slope * t


def _ball_sum(f, mapped):
    """The sum of w f(x) over the nodes of ``mapped``, on balls; an mpf.

    A node whose ball ``f.at_ball`` refuses is evaluated by ``f`` at the mpf node, and
    its term summed apart with mpmath (it may be complex).

    The sum keeps the radii of the integrand's balls.  Where they leave fewer than an eighth
    of the working bits of the terms' total size, the integrand cancels more than the
    working precision carries, and the level's midpoint is no value of it: an error.
    e^K (1 + e^-K e^-z^2 (2 + tanh(z)^2)) - e^K, at K = 400, was 0 at every node (it is
    not), and its integral "= 0" passed.
    """

    # Where it can, a node whose ball cancelled is taken again at more bits (``at_ball_kept``).
    at_ball = getattr(f, "at_ball_kept", None) or f.at_ball
    shift, slope, scale = mapped.shift_ball, mapped.slope_ball, mapped.scale_ball
    signs = (-1, 1) if mapped.folded else (1,)
    on_balls, size = arb(0), arb(0)
    apart = []
    for t, w, t_ball, w_ball in mapped.pairs:
        # The node is an exact point (the midpoint of its ball, within a rounding of mpmath's
        # node), as mpmath's mpf node was: a radius there would widen the integrand's ball, and
        # far out on a half-line (x up to 10^60) leave its midpoint with few digits.
        x = (shift + slope * t_ball).mid()
        weight = w_ball * scale
        for sign in signs:
            node = x if sign == 1 else -x
            value = at_ball(node)
            if value is not None:
                term = weight * value
                on_balls += term
                size += abs(term.mid())
                continue
            mpf_node = mapped.mpf_node(t)
            apart.append((w * mapped.scale, f(mpf_node if sign == 1 else -mpf_node)))
    bits = ctx.prec
    # Against the terms' total size, or a floor far above a rounding (a piece where the
    # integrand is 0 up to its last bits).  An integrand that loses some of its digits (at
    # sigma = 10^-38, Theorem 3.1(i)'s 1100 e^(sigma z) - 1100 loses 38) still has a value, and
    # the change between dps and 2*dps shows its error (``side_balls``); one that has lost
    # seven eighths of them has none.
    floor = arb(2) ** -(bits // 4)
    dropped_radii.enter(on_balls.rad(), size)  # the integral's own check (settled_quadrature)
    if on_balls.rad() > (size if size > floor else floor) * arb(2) ** -(bits // 8):
        raise CancelledDigits("the integrand's balls lost seven eighths of the working bits: it "
                              "cancels more digits than the working precision carries, or grows too fast")
    total = mpf_of(on_balls)
    return total + mpmath.fdot(apart) if apart else total


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
# The levels whose nodes are kept as balls (``_MappedOnce._ball_pairs``).
KEPT_DEGREE = FIRST_DEGREE + 1


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
