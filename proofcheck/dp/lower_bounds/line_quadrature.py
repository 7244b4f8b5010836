"""Quadrature over the line for Theorem 6.4's chain: Gaussian cut-offs and shared nodes.

The chain's integrals (``many_count_noise_integrals``, ``many_count_released_laws``)
are Gauss–Legendre sums in Arb (``arb_quadrature.integrate_balls``) of Gaussian
weights times slowly growing factors.  The line is cut at T standard deviations,
φ(T) below the working precision, and each caller adds a bound of its tails in
closed form through Q(T) = P(Z > T) to the radius of its integrals.

``integrate_balls`` first sizes each piece with the fine rule and then runs the
adaptive rules from the same piece, whose fine rule has the same nodes; integrands
are evaluated once per node (``once_per_node``).
"""
from __future__ import annotations

import math

from flint import arb

#: Bits carried beyond the caller's precision: the sums over nodes lose a few, and the
#: result must still be good to the caller's last bit.
GUARD_BITS = 24


def gaussian_tail(x: arb) -> arb:
    """Q(x) = P(Z > x) for Z standard Gaussian."""
    return (x / arb(2).sqrt()).erfc() / 2


def gaussian_density(x: arb) -> arb:
    """φ(x), the standard Gaussian density."""
    return (-(x * x) / 2).exp() / (2 * arb.pi()).sqrt()


def cut_off(bits: int) -> arb:
    """T with φ(T) < 2^-(bits + 8): the Gaussian weight beyond T is below the working precision."""
    return arb(math.ceil(math.sqrt(2 * (bits + 8) * math.log(2))))


def once_per_node(integrands):
    """``integrands`` remembering its values at each node (an exact point: the key is its midpoint)."""
    seen = {}

    def at(x):
        key = x.mid().man_exp()
        if key not in seen:
            seen[key] = integrands(x)
        return seen[key]
    return at
