"""The discrete Laplace mechanism with integer sensitivity Delta.

Noise with pmf tanh(t/2) e^{-t|x|} on the integers (its total mass is 1:
the two geometric tails sum to coth(t/2)), and sensitivity Delta, so the
mechanism is eps-DP with eps = t Delta.  The worst neighbouring pair is the
pmf and its shift by Delta.

Splitting the Renyi sum at the kinks x = 0 and x = Delta leaves three
geometric series; with t = eps/Delta and r = e^{-(2 alpha - 1) t} < 1,

    D_alpha = log( (e^{(alpha-1) eps} + e^{-alpha eps}) / (1 + e^{-t})
                   + tanh(t/2) (r e^{(alpha-1) eps} - e^{-alpha eps}) / (1 - r) ) / (alpha - 1).

This closed form is derived here (the middle sum is empty at Delta = 1, which
leaves binary randomized response); the claims check it against the
definition.  The tight zCDP parameter (arXiv 2510.25746, discrete Laplace
theorem, in the parametrisation of the KL limit) is

    rho = eps - (eps/Delta) (1 - e^{-eps}) / sinh(eps/Delta),

which is eps tanh(eps/2) at Delta = 1 and tends to the Laplace value
eps + e^{-eps} - 1 as Delta -> oo.

All functions compute at the ambient mpmath precision.
"""
from __future__ import annotations

import mpmath

from ...core.model.errors import DomainError
from ..numerics import parameters
from ..numerics.parameters import mpf

MAX_DIRECT_TERMS = 10**5


def pmf(x, eps, delta):
    """tanh(t/2) e^{-t|x|}, t = eps/Delta."""
    t = mpf(eps) / delta
    return mpmath.tanh(t / 2) * mpmath.exp(-t * abs(x))


def _checked(alpha, eps, delta):
    return (mpf(parameters.order(alpha)), mpf(parameters.epsilon(eps)),
            parameters.sensitivity(delta))


def renyi_divergence(alpha, eps, delta):
    """D_alpha of the pmf against its shift by Delta, closed form (derived, see the module)."""
    alpha, eps, delta = _checked(alpha, eps, delta)
    t = eps / delta
    r = mpmath.exp(-(2 * alpha - 1) * t)
    outer = (mpmath.exp((alpha - 1) * eps) + mpmath.exp(-alpha * eps)) / (1 + mpmath.exp(-t))
    inner = mpmath.tanh(t / 2) * (r * mpmath.exp((alpha - 1) * eps) - mpmath.exp(-alpha * eps)) \
        / (-mpmath.expm1(-(2 * alpha - 1) * t))
    return mpmath.log(outer + inner) / (alpha - 1)


def renyi_divergence_by_summation(alpha, eps, delta):
    """D_alpha from its definition: the sum over the integers of p(x)^alpha p(x - Delta)^(1-alpha).

    The finite stretch 0 < x < Delta is summed term by term; the two tails
    x <= 0 and x >= Delta by mpmath's nsum.
    """
    alpha, eps, delta = _checked(alpha, eps, delta)
    if delta > MAX_DIRECT_TERMS:
        raise DomainError("delta-sens", f"at most {MAX_DIRECT_TERMS} for summation term by term")
    t = eps / delta
    scale = mpmath.tanh(t / 2)

    def term(x):
        # One exponential, so that p^alpha cannot overflow on its own for large alpha.
        return scale * mpmath.exp(-t * (alpha * abs(x) + (1 - alpha) * abs(x - delta)))

    left = mpmath.nsum(term, [-mpmath.inf, 0])
    middle = mpmath.fsum(term(mpmath.mpf(x)) for x in range(1, delta))
    right = mpmath.nsum(term, [delta, mpmath.inf])
    return mpmath.log(left + middle + right) / (alpha - 1)


def kl_divergence(eps, delta):
    """KL divergence of the pmf from its shift: eps - (eps/Delta)(1 - e^{-eps})/sinh(eps/Delta)."""
    eps, delta = mpf(parameters.epsilon(eps)), parameters.sensitivity(delta)
    return eps + (eps / delta) * mpmath.expm1(-eps) / mpmath.sinh(eps / delta)


def tight_rho(eps, delta):
    """The tight zCDP parameter (arXiv 2510.25746): the KL divergence."""
    return kl_divergence(eps, delta)
