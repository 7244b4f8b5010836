"""The quantities of Theorem 6.4's chain that do not involve the release, each from its definition.

For a prior J (``many_count_instance``), by summation and quadrature:

* H(J) by summation over the support;
* h(X) for X = J + U by integrating −f log f of the dithered density;
* E|U| by integrating |u| over [−1/2, 1/2];
* g(a) = E|a + U|, the dithered absolute value that E|X − J~(Y)| averages;
* h of the Laplace law with mean absolute value d by integrating −f log f.

Those that integrate over the release (4) are in ``many_count_noise_integrals``
(D and E|X − J~(Y)|, over the noise Z) and ``many_count_released_laws`` (I(J; Y),
the divergences of (20) and H(J | Y), over the released laws).
"""
from __future__ import annotations

import mpmath


def _xlogx_sum(ps):
    return -mpmath.fsum(p * mpmath.log(p) for p in ps if p > 0)


def entropy(ps):
    """H(J) = −Σ p log p."""
    return _xlogx_sum(ps)


def dithered_entropy(ps):
    """h(X), X = J + U: integrate −f log f of the density p_j on [j − 1/2, j + 1/2]."""
    total = []
    for j, p in enumerate(ps):
        if p > 0:
            total.append(mpmath.quad(lambda x, p=p: -p * mpmath.log(p), [j - mpmath.mpf(1) / 2, j + mpmath.mpf(1) / 2]))
    return mpmath.fsum(total)


def dither_mean_absolute():
    """E|U| for U uniform on [−1/2, 1/2], integrated."""
    return mpmath.quad(lambda u: abs(u), [-mpmath.mpf(1) / 2, 0, mpmath.mpf(1) / 2])


def dithered_absolute(a):
    """g(a) = E|a + U| = ∫_{−1/2}^{1/2} |a + u| du = a² + 1/4 for |a| ≤ 1/2, else |a|.

    The integral is split at the kink u = −a; the tests compare this with quadrature
    of the definition (``dithered_absolute_by_quadrature``).  The closed form keeps the
    outer quadrature over the noise from nesting a second one.
    """
    return a * a + mpmath.mpf(1) / 4 if abs(a) <= mpmath.mpf(1) / 2 else abs(a)


def dithered_absolute_by_quadrature(a):
    half = mpmath.mpf(1) / 2
    points = [-half, half] if abs(a) >= half else [-half, -a, half]
    return mpmath.quad(lambda u: abs(a + u), points)


def laplace_entropy(d):
    """h of the density e^{−|w|/d}/(2d), integrated."""
    # −f log f with log f = −|w|/d − log(2d) written out: one exponential per node.
    log_norm = mpmath.log(2 * d)
    return mpmath.quad(lambda w: mpmath.exp(-abs(w) / d) / (2 * d) * (abs(w) / d + log_norm),
                       [-mpmath.inf, 0, mpmath.inf])
