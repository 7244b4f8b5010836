"""Adaptive Gauss-Legendre quadrature in Arb arithmetic, for integrals over the line.

Used for the divergence, calibration and utility integrals of the noise laws,
where many integrals of the same kind are needed: Arb numbers serve here as
fast multiprecision numbers (not as certificates).  Each panel is summed with
n and 2n nodes (n = 24 at the usual precisions) and split until the two agree
to the working precision; integrands are analytic between the breakpoints the
callers give (peaks, knots, thresholds), and an integrand is cut where it has
fallen below exp(-drop) of its peak, drop being the working precision in
nepers plus a margin.  The law moments (``noise_laws``) use mpmath's tanh-sinh
quadrature instead, a second, independent engine.
"""
from __future__ import annotations

from functools import lru_cache

from flint import arb, arf, ctx

from ...core.numbers.precision import GUARD_DIGITS, arb_bits
from .arb_numbers import bits_for, exact_ball, tail_guard_bits, two_to, value_of


def _rule_size() -> int:
    """Nodes of the coarse rule (the fine one has twice as many): 24 at the usual precisions,
    growing with the working bits so that deep runs do not need ever smaller panels."""
    return max(24, min(320, ctx.prec // 6))


@lru_cache(maxsize=64)
def _legendre(n: int, prec: int):
    with arb_bits(prec):
        return tuple(arb.legendre_p_root(n, k, weight=True) for k in range(n))


def _panel(fn, a, b, n):
    """Gauss-Legendre sums of ``fn`` (which returns a tuple of Arb numbers) over [a, b]."""
    half, centre = (b - a) / 2, (a + b) / 2
    totals = None
    for node, weight in _legendre(n, ctx.prec):
        values = fn(centre + half * node)
        totals = [weight * v for v in values] if totals is None else \
            [t + weight * v for t, v in zip(totals, values)]
    return [t * half for t in totals]


MAX_PANELS = 20_000


class QuadratureError(ArithmeticError):
    """The quadrature could not reach the accuracy asked for (raise the precision)."""


def _adaptive(fn, a, b, tolerances, budget, depth=0, fine=None):
    """Panel sums accepted when the 24- and 48-node rules agree to ``tolerances``.

    Where the two rules differ by no more than their own rounding (the balls'
    radii: the integrand lost its digits to cancellation), splitting cannot
    help: the panel is accepted with the difference added to its radius, so
    the caller sees the lost accuracy instead of an endless subdivision.
    ``fine``: the 48-node sums over [a, b], where the caller has them already."""
    budget[0] -= 1
    if budget[0] < 0:
        raise QuadratureError(f"adaptive quadrature needed more than {MAX_PANELS} panels")
    n = _rule_size()
    coarse = _panel(fn, a, b, n)
    if fine is None:
        fine = _panel(fn, a, b, 2 * n)
    differences = [abs((f - c).mid()) for f, c in zip(fine, coarse)]
    if all(d <= t for d, t in zip(differences, tolerances)):
        return fine
    if all(d <= t or d <= 2 * (f.rad() + c.rad()) for d, t, f, c in zip(differences, tolerances, fine, coarse)):
        return [f + arb(0, d) for f, d in zip(fine, differences)]
    if depth >= 40:
        raise QuadratureError("adaptive quadrature did not converge")
    middle = (a + b) / 2
    return [x + y for x, y in zip(_adaptive(fn, a, middle, tolerances, budget, depth + 1),
                                  _adaptive(fn, middle, b, tolerances, budget, depth + 1))]


def integrate_balls(fn, points, relative):
    """Integrals of ``fn`` (a tuple of integrands) over consecutive ``points``, to ``relative`` accuracy.

    A first pass sizes each integral with the fine rule on each piece (the sums
    the adaptive pass starts from); every accepted panel then agrees between
    its two rules to ``relative`` times that size (far below the digits
    reported: the working precision carries guard digits).  The returned balls
    carry the rounding of the integrand, so their radius shows any accuracy
    lost to cancellation (callers check it with ``require_digits``)."""
    pieces = list(zip(points, points[1:]))
    first = [_panel(fn, a, b, 2 * _rule_size()) for a, b in pieces]
    sizes = [sum((abs(p[i].mid()) for p in first), arf(0)) for i in range(len(first[0]))]
    tolerances = [arf(relative) * size for size in sizes]
    totals = [arb(0)] * len(sizes)
    budget = [MAX_PANELS]
    for (a, b), fine in zip(pieces, first):
        totals = [t + v for t, v in zip(totals, _adaptive(fn, a, b, tolerances, budget, fine=fine))]
    return totals


def require_digits(ball: arb, digits: int, what: str) -> arb:
    """``ball`` if its radius leaves ``digits`` significant digits; QuadratureError otherwise."""
    if ball.is_zero() or ball.rel_accuracy_bits() >= bits_for(digits):
        return ball
    raise QuadratureError(f"{what}: only {max(0, int(ball.rel_accuracy_bits() / 3.33))} of {digits} "
                          f"digits survived the working precision")


def reach(phi, centre, top, drop, direction):
    """A distance from ``centre`` in ``direction`` beyond which phi is below top - drop."""
    width = arb(1)
    while (phi(centre + direction * width) - top).mid() > -drop:
        width *= 2
        if width > 10**12:  # pragma: no cover - integrable laws never get here
            raise ArithmeticError("the integrand does not decay")
    return width


def geometric_points(centre, left, right):
    """``centre`` and the points 1/8, 1/4, 1/2 and all of the way from it to ``centre - left`` and ``centre + right``.

    The integrands fall off faster than exponentially (log f ~ -|x|^{3/2} for the
    Airy law), so the panels that converge are short near the peak and long in the
    tails: starting from these, few panels are split."""
    out = [centre]
    for fraction in (8, 4, 2, 1):
        out += [centre - left / fraction, centre + right / fraction]
    return out


def ordered_points(points):
    """Distinct points in increasing order (Arb numbers compared by their midpoints)."""
    seen, out = set(), []
    for p in sorted(points, key=value_of):
        key = value_of(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def peak_of(slope, lo, hi):
    """The point where ``slope`` (the derivative of a unimodal log-integrand) changes sign.

    ``lo`` and ``hi`` are first guesses; they are widened until the slope is
    positive at ``lo`` and negative at ``hi``, then bisected to a relative
    2^-30 (the peak only places breakpoints; it needs no more)."""
    lo, hi = exact_ball(lo), exact_ball(hi)
    while slope(lo) <= 0:
        lo = 2 * lo - 1
    while slope(hi) >= 0:
        hi = 2 * hi + 1
    for _ in range(80):
        mid = (lo + hi) / 2
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
        if (hi - lo).mid() < two_to(-30) * (1 + abs(mid.mid())):
            break
    return exact_ball((lo + hi) / 2)


def line_integrals(log_weight, slope, factors, cuts, digits, guess=(-1, 1), margin=0):
    """(top, [integral of exp(log_weight - top) * factor]) over the line, as Arb numbers.

    ``log_weight`` is unimodal with derivative ``slope``; the integrals are
    taken between the points where it has fallen by the working precision
    (plus ``margin`` nepers, for factors that grow in the tails), split at its
    peak and at ``cuts`` (where a factor or the weight is not analytic).
    Runs at ``digits`` plus guard digits."""
    bits = bits_for(digits + GUARD_DIGITS)
    with arb_bits(bits):
        peak = peak_of(lambda x: slope(x).mid(), *guess)
        top = log_weight(peak)
        drop = arf(int(0.7 * bits) + 10 + int(margin))
        left = reach(log_weight, peak, top, drop, -1)
        right = reach(log_weight, peak, top, drop, +1)
        # The weight is evaluated out to the cut-off points: guard bits for its tails there.
        tails = max(tail_guard_bits(value_of(peak - left)), tail_guard_bits(value_of(peak + right)))
    with arb_bits(bits + tails):
        points = geometric_points(peak, left, right)
        points += [exact_ball(c) for c in cuts if (peak - left < exact_ball(c) < peak + right)]
        points = ordered_points([exact_ball(p) for p in points])
        relative = two_to(-(bits - bits_for(GUARD_DIGITS // 2)))

        def integrands(x):
            weight = (log_weight(x) - top).exp()
            return [weight * g(x) for g in factors]

        return top, integrate_balls(integrands, points, relative)
