"""The Laplace mechanism: Renyi divergence and tight zCDP.

Sensitivity 1 and scale b = 1/eps, so the mechanism is eps-DP.  The worst
neighbouring pair is P = Lap(0, b), Q = Lap(1, b) (every shift of size 1 gives
the same divergences).  Mironov 2017 ("Renyi differential privacy"), Prop. 6,
as ``_laplace_rdp`` in dp_accounting ``rdp/rdp_privacy_accountant.py``::

    D_alpha = log( alpha/(2 alpha - 1) e^{(alpha-1) eps}
                   + (alpha-1)/(2 alpha - 1) e^{-alpha eps} ) / (alpha - 1).

Harrison & Manurangsi (arXiv 2510.25746, the Laplace theorem) show that the
tight zCDP parameter sup_{alpha>1} D_alpha/alpha is the alpha -> 1 limit, the
KL divergence eps + e^{-eps} - 1 (conjectured by Yu-Xiang Wang, 2022).

All functions compute at the ambient mpmath precision.
"""
from __future__ import annotations

import mpmath

from ..numerics import parameters
from ..numerics.parameters import mpf


def density(x, eps, location=0):
    """The Laplace density of scale 1/eps centred at ``location``."""
    eps = mpf(eps)
    return eps / 2 * mpmath.exp(-eps * abs(x - location))


def renyi_divergence(alpha, eps):
    """D_alpha(Lap(0, 1/eps) || Lap(1, 1/eps)), closed form (Mironov 2017, Prop. 6)."""
    alpha, eps = mpf(parameters.order(alpha)), mpf(parameters.epsilon(eps))
    mixture = (alpha / (2 * alpha - 1) * mpmath.exp((alpha - 1) * eps)
               + (alpha - 1) / (2 * alpha - 1) * mpmath.exp(-alpha * eps))
    return mpmath.log(mixture) / (alpha - 1)


def renyi_divergence_by_integration(alpha, eps):
    """D_alpha from its definition, log of the integral of p^alpha q^(1-alpha), over alpha - 1.

    Quadrature is split at the two kinks of the integrand, x = 0 and x = 1,
    where each piece is a smooth exponential.
    """
    alpha, eps = mpf(parameters.order(alpha)), mpf(parameters.epsilon(eps))

    def integrand(x):
        # Written as one exponential so that large alpha cannot overflow p^alpha on its own.
        return eps / 2 * mpmath.exp(-eps * (alpha * abs(x) + (1 - alpha) * abs(x - 1)))

    total = mpmath.quad(integrand, [-mpmath.inf, 0, 1, mpmath.inf])
    return mpmath.log(total) / (alpha - 1)


def kl_divergence(eps):
    """KL(Lap(0, 1/eps) || Lap(1, 1/eps)) = eps + e^{-eps} - 1."""
    eps = mpf(parameters.epsilon(eps))
    # expm1 keeps the digits of e^{-eps} - 1 when eps is small.
    return eps + mpmath.expm1(-eps)


def tight_rho(eps):
    """The tight zCDP parameter (arXiv 2510.25746): the KL divergence."""
    return kl_divergence(eps)
