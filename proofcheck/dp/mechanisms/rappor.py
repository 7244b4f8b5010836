"""RAPPOR (basic one-time response): Renyi divergence and tight zCDP.

A value is one-hot encoded and each bit is flipped independently with
probability 1/(1 + e^{eps/2}), so the mechanism is eps-DP.  Neighbouring
inputs differ in exactly two bits; the other bits have the same law under
both, so (Harrison 2024, "Tight RDP and zCDP bounds for RAPPOR", Thm. 1)

    D_alpha = 2 log( (e^{alpha eps/2} + e^{(1-alpha) eps/2}) / (e^{eps/2} + 1) ) / (alpha - 1),

twice the divergence of binary randomized response at eps/2, and (Thm. 4,
arXiv 2510.25746) the tight zCDP parameter is rho = eps tanh(eps/4).

All functions compute at the ambient mpmath precision.
"""
from __future__ import annotations

import itertools

import mpmath

from ..numerics import parameters
from ..numerics.parameters import mpf


def flip_probability(eps):
    return 1 / (1 + mpmath.exp(mpf(parameters.epsilon(eps)) / 2))


def renyi_divergence(alpha, eps):
    """D_alpha of the two differing bits, closed form."""
    alpha, eps = mpf(parameters.order(alpha)), mpf(parameters.epsilon(eps))
    half = eps / 2
    ratio = (mpmath.exp(alpha * half) + mpmath.exp((1 - alpha) * half)) / (mpmath.exp(half) + 1)
    return 2 * mpmath.log(ratio) / (alpha - 1)


def renyi_divergence_by_summation(alpha, eps):
    """D_alpha from its definition: the sum over the four reports of the two differing bits.

    Input x sets bit 1, input x' sets bit 2; each reported bit keeps its value
    with probability 1 - flip.
    """
    alpha = mpf(parameters.order(alpha))
    flip = flip_probability(eps)

    def law(true_bits, report):
        probability = mpmath.mpf(1)
        for true, reported in zip(true_bits, report):
            probability *= (1 - flip) if true == reported else flip
        return probability

    x, x_prime = (1, 0), (0, 1)
    total = mpmath.fsum(law(x, y) ** alpha * law(x_prime, y) ** (1 - alpha)
                        for y in itertools.product((0, 1), repeat=2))
    return mpmath.log(total) / (alpha - 1)


def kl_divergence(eps):
    """KL of the two differing bits: eps tanh(eps/4)."""
    eps = mpf(parameters.epsilon(eps))
    return eps * mpmath.tanh(eps / 4)


def tight_rho(eps):
    """The tight zCDP parameter (Harrison 2024, Thm. 4): the KL divergence."""
    return kl_divergence(eps)
