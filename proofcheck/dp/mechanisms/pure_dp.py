"""zCDP of an arbitrary pure eps-DP mechanism: the worst case and the classical bound.

A pure eps-DP pair has privacy loss L = log(dP/dQ) in [-eps, eps] with
E_Q[e^L] = 1.  For every alpha, y -> y^alpha is convex, so E_Q[(e^L)^alpha]
is largest when e^L sits at the two ends e^{-eps}, e^{eps}: binary randomized
response is the worst case (Steinke, "Tight RDP & zCDP bounds from pure DP",
2024, Thms. 4-5).  Its KL divergence is

    rho = eps tanh(eps/2) <= eps^2/2,

the second being the classical conversion (Bun & Steinke 2016, Prop. 1.4).
"""
from __future__ import annotations

import mpmath

from ..numerics import parameters
from ..numerics.parameters import mpf
from . import randomized_response


def worst_case_renyi_divergence(alpha, eps):
    """D_alpha of binary randomized response, the largest of any eps-DP pair."""
    return randomized_response.renyi_divergence(alpha, eps, 2)


def worst_case_rho(eps):
    """eps tanh(eps/2) (Steinke 2024, Thm. 5)."""
    eps = mpf(parameters.epsilon(eps))
    return eps * mpmath.tanh(eps / 2)


def bun_steinke_rho(eps):
    """eps^2/2 (Bun & Steinke 2016, Prop. 1.4)."""
    eps = mpf(parameters.epsilon(eps))
    return eps**2 / 2
