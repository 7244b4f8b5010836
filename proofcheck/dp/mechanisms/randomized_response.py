"""k-ary randomized response: Renyi divergence and tight zCDP.

Randomized response over k categories reports the true value with
probability e^eps/(e^eps + k - 1) and each other value with probability
1/(e^eps + k - 1), so it is eps-DP.  For inputs x != x' the two output laws
differ only at x and x'; the k - 2 other outputs have equal mass under both.
Summing the definition over the k outputs gives

    D_alpha = log( (e^{alpha eps} + e^{(1-alpha) eps} + k - 2) / (e^eps + k - 1) ) / (alpha - 1)

(as dp_accounting's randomized-response RDP).  The KL limit is
eps (e^eps - 1)/(e^eps + k - 1); arXiv 2510.25746 shows it is the tight zCDP
parameter for k <= 6.  For k = 7 the supremum over alpha is attained at an
interior order (about 179 at eps = 0.01), above the KL limit.

Binary randomized response (k = 2) is the worst case of pure eps-DP
(``pure_dp``).  All functions compute at the ambient mpmath precision.
"""
from __future__ import annotations

import mpmath

from ...core.model.errors import DomainError
from ..numerics import parameters
from ..numerics.parameters import mpf

MAX_ENUMERATED_OUTPUTS = 10**5


def output_probabilities(eps, k):
    """(probability of the true value, probability of each other value)."""
    eps, k = mpf(parameters.epsilon(eps)), parameters.categories(k)
    denominator = mpmath.exp(eps) + k - 1
    return mpmath.exp(eps) / denominator, 1 / denominator


def renyi_divergence(alpha, eps, k):
    """D_alpha(RR(x) || RR(x')), closed form."""
    alpha = mpf(parameters.order(alpha))
    eps, k = mpf(parameters.epsilon(eps)), parameters.categories(k)
    numerator = mpmath.exp(alpha * eps) + mpmath.exp((1 - alpha) * eps) + (k - 2)
    return mpmath.log(numerator / (mpmath.exp(eps) + k - 1)) / (alpha - 1)


def renyi_divergence_by_summation(alpha, eps, k):
    """D_alpha from its definition, summing P(y)^alpha Q(y)^(1-alpha) over all k outputs y."""
    alpha = mpf(parameters.order(alpha))
    k = parameters.categories(k)
    if k > MAX_ENUMERATED_OUTPUTS:
        raise DomainError("k", f"at most {MAX_ENUMERATED_OUTPUTS} outputs are enumerated one by one")
    keep, other = output_probabilities(eps, k)

    def law(true_value, y):
        return keep if y == true_value else other

    # Neighbouring inputs x = 0 and x' = 1.
    total = mpmath.fsum(law(0, y) ** alpha * law(1, y) ** (1 - alpha) for y in range(k))
    return mpmath.log(total) / (alpha - 1)


def kl_divergence(eps, k):
    """KL(RR(x) || RR(x')) = eps (e^eps - 1)/(e^eps + k - 1)."""
    eps, k = mpf(parameters.epsilon(eps)), parameters.categories(k)
    return eps * mpmath.expm1(eps) / (mpmath.exp(eps) + k - 1)


def tight_rho(eps, k):
    """The tight zCDP parameter for k <= 6 (arXiv 2510.25746): the KL divergence.

    For k >= 7 the supremum over alpha can lie above the KL divergence, so no
    closed form is returned; ``tight_zcdp.supremum`` computes it numerically.
    """
    k = parameters.categories(k)
    if k > 6:
        raise DomainError("k", f"the KL limit is the tight zCDP parameter only for k <= 6, got {k}")
    return kl_divergence(eps, k)
