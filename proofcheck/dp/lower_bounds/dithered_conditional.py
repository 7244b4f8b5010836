"""h(X | Y) of Lemma 6.3 by quadrature of the conditional density of the dithered X given Y.

Lemma 6.3 sets X = J + U, U uniform on [−1/2, 1/2] and independent of (J, Y).  Given
Y = y the density of X is g_y(x) = Σ_j P(J = j | Y = y) f_U(x − j), and

    h(X | Y) = E_Y [ −∫ g_Y(x) log g_Y(x) dx ].

The lemma's step is that this equals H(J | Y) (each component has entropy 0 on a cell
of length one).  Here it is computed without that step: the inner integral is a
Gauss–Legendre quadrature over x of −g log g on every cell of the support of X, with the
dither density f_U as a function (``dither_width`` may be changed, by a negative
control); the outer expectation is the atom at Y = 0 plus a tanh–sinh quadrature over
w = log(y + c) of f̄(w) times the inner integral.  It shares no code with
``released_laws``, which computes H(J | Y), so the chain compares the two.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath

from .instance import Instance, mpf_of


def _dither_density(width):
    half = width / 2
    return lambda u: 1 / width if -half <= u <= half else mpmath.mpf(0)  # noqa: E731


def _cell_nodes(support, density, width):
    """The nodes of Gauss–Legendre on every cell of X's support: (weight, [f_U(x − j) for j])."""
    low, high = min(support) - width / 2, max(support) + width / 2
    edges = sorted({low, high, *(j + s * width / 2 for j in support for s in (-1, 1))})
    table = []
    for a, b in zip(edges, edges[1:]):
        half, mid = (b - a) / 2, (a + b) / 2
        for t, w in _legendre(mpmath.mp.prec):
            x = mid + half * t
            # The density at each node is the same for every y: tabulated once, kept sparse.
            table.append((half * w, [(i, f) for i, j in enumerate(support) if (f := density(x - j)) != 0]))
    return table


def _inner_entropy(posterior, table):
    """−∫ g log g dx, g(x) = Σ_j π_j f_U(x − j), as the Gauss–Legendre sum over ``table``."""
    total = []
    for weight, terms in table:
        g = mpmath.fsum(posterior[i] * f for i, f in terms)
        if g > 0:
            total.append(-weight * g * mpmath.log(g))
    return mpmath.fsum(total)


@lru_cache(maxsize=8)
def _legendre(prec):
    """The 3-point Gauss–Legendre rule on [−1, 1] (mpmath's degree 1) at ``prec`` bits."""
    with mpmath.workprec(prec):
        return tuple(mpmath.calculus.quadrature.GaussLegendre(mpmath.mp).calc_nodes(1, prec))


def dithered_conditional_entropy(instance: Instance, ps, width=1):
    """h(X | Y) at the working precision, X = J + U with U uniform of the given width."""
    mech, prior = instance.mechanism, instance.prior
    width = mpf_of(width)
    density = _dither_density(width)
    support = list(prior.support)
    table = _cell_nodes(support, density, width)
    sigma, c = mech.sigma(), mpf_of(mech.c)
    means = [mech.log_mean(instance.n + j) for j in support]
    edge = mpmath.log(c)
    atoms = [mpmath.ncdf((edge - mu) / sigma) for mu in means]
    mass = mpmath.fsum(p * a for p, a in zip(ps, atoms))
    at_zero = _inner_entropy([p * a / mass for p, a in zip(ps, atoms)], table) if mass > 0 else 0

    def outer(w):
        gs = [p * mpmath.npdf(w, mu, sigma) for p, mu in zip(ps, means)]
        fbar = mpmath.fsum(gs)
        if fbar == 0:
            return mpmath.mpf(0)
        return fbar * _inner_entropy([g / fbar for g in gs], table)
    T = int(mpmath.ceil(mpmath.sqrt(2 * (mpmath.mp.prec + 8) * mpmath.log(2))))
    points = sorted({edge, max(means) + T * sigma, *(mu + k * sigma for mu in means for k in (-4, 4)
                                                    if edge < mu + k * sigma < max(means) + T * sigma)})
    return mass * at_zero + mpmath.quad(outer, points, method="gauss-legendre")


def posterior_mixture_entropy(posteriors, support, width=1):
    """h(X | Y) for a discrete Y: Σ_y P(Y = y) (−∫ g_y log g_y dx), ``posteriors`` the pairs
    (P(Y = y), [P(J = j | Y = y)]); the inner integral as in ``dithered_conditional_entropy``."""
    width = mpf_of(width)
    table = _cell_nodes(support, _dither_density(width), width)
    return mpmath.fsum(w * _inner_entropy(post, table) for w, post in posteriors)
