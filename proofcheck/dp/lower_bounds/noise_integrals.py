"""E|Y_m − m| and E|X − J~(Y)| of Theorem 6.4's chain, by quadrature over the noise of the release (4).

The paper's mechanism (3)–(4) releases Y_m = [(m + c) e^{σZ − σ²} − c]₊ at count m,
Z standard Gaussian.  At every count m = n + j of the prior's support the chain needs

* E|Y_m − m|, whose mean over J is D of (21)–(22), and
* E g(m − Y_m), g(a) = E|a + U| (``many_count_quantities.dithered_absolute``), whose
  mean over J is E|X − J~(Y)| of Lemma 6.3,

both integrated over Z, never through the closed form (9).  The 2K integrands are
summed at the same Gauss–Legendre nodes (``arb_quadrature.integrate_balls``, Arb
numbers as fast multiprecision numbers), so that φ(z) and e^{σz − σ²}, common to all
of them, are evaluated once per node.  The pieces end where some integrand is not
analytic: the clip point of each count (below it Y_m = 0), z = σ (where Y_m = m for
every m) and the points where |m − Y_m| = 1/2 (the kinks of g).

The line is cut to [−T, T + σ], φ(T) below the working precision
(``many_count_line_quadrature``).  Since g(a) ≤ |a| + 1/4 and
|Y_m − m| ≤ m + (m + c) e^{σz − σ²}, every integrand is at most
(m + 1/4) φ(z) + (m + c) φ(z − σ), so each cut-off tail is at most
(2m + c + 1/4) Q(T), Q the Gaussian upper tail; twice that is added to the radius of
each integral, which must then still leave the working precision.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
from flint import arb, fmpq

from ...core.numbers.precision import arb_bits
from ..numerics.arb_numbers import ball_of, checked_value_of, exact_ball, two_to
from ..numerics.arb_quadrature import integrate_balls, ordered_points
from .line_quadrature import GUARD_BITS, cut_off, gaussian_tail, once_per_node


def _dithered_absolute(a: arb) -> arb:
    # g(a) of ``dithered_absolute``; the branch is read at the midpoint: g is continuous,
    # so a node next to a kink costs no more than the radius of a.
    return a * a + arb(1) / 4 if abs(a.mid()) <= 0.5 else abs(a)


def _integrals(mech, counts, bits):
    """Balls of E|Y_m − m| and E g(m − Y_m) for each m of ``counts``, at ``bits``."""
    with mpmath.workprec(bits):
        sigma = ball_of(mech.sigma())
    with arb_bits(bits):
        c = arb(fmpq(mech.c.numerator, mech.c.denominator))
        shift = sigma * sigma
        norm = 1 / (2 * arb.pi()).sqrt()
        T = cut_off(bits)
        half = arb(1) / 2
        breaks = [sigma]
        for m in counts:
            breaks.append(((c / (m + c)).log() + shift) / sigma)
            breaks += [(((m + s + c) / (m + c)).log() + shift) / sigma for s in (-half, half) if m + s > 0]
        points = ordered_points([-T, T + sigma] + [exact_ball(b) for b in breaks if -T < b < T + sigma])

        def integrands(z):
            weight = (-(z * z) / 2).exp() * norm
            growth = (sigma * z - shift).exp()
            errors, dithered = [], []
            for m in counts:
                released = (m + c) * growth - c
                gap = m - released if released.mid() > 0 else arb(m)
                errors.append(abs(gap) * weight)
                dithered.append(_dithered_absolute(gap) * weight)
            return errors + dithered

        values = integrate_balls(once_per_node(integrands), points, two_to(-(bits - GUARD_BITS // 2)))
        tails = [2 * (2 * m + c + half / 2) * gaussian_tail(T) for m in counts]
        values = [v + arb(0, t.upper()) for v, t in zip(values, tails + tails)]
        return values[:len(counts)], values[len(counts):]


@lru_cache(maxsize=64)
def noise_expectations(mech, counts: tuple, prec: int):
    """([E|Y_m − m|], [E g(m − Y_m)]) over m in ``counts``, as mpf at working precision ``prec``.

    Cached: the chain at every prior with the same mechanism and support reads the same ones."""
    errors, dithered = _integrals(mech, counts, prec + GUARD_BITS)
    with mpmath.workprec(prec):
        return [checked_value_of(b) for b in errors], [checked_value_of(b) for b in dithered]
