"""Bounded-range mechanisms: the worst case and its tight zCDP parameter.

A mechanism is eta-bounded-range (Durfee & Rogers 2019) when, for every pair
of neighbours, the privacy loss L = log(dP/dQ) takes values in an interval of
width eta.  For each alpha, D_alpha(P || Q) = log E_Q[(e^L)^alpha]/(alpha - 1)
and y -> y^alpha is convex, so on a given interval [a, a + eta] the largest
divergence comes from the two-point law at its ends.  Such a law is fixed by
the mass p that P puts on the upper end: E_Q[e^L] = 1 forces

    a = log(1 - p + p e^{-eta}),
    D_alpha(p) = a + log(1 - p + p e^{(alpha-1) eta}) / (alpha - 1),
    KL(p) = a + p eta.

KL(p) is concave in p with its maximum at the extremal mass
p* = 1/(1 - e^{-eta}) - 1/eta, where (arXiv 2510.25746, worst-case
bounded-range theorem, as implemented in Google's dpsynth)

    rho = eta/(e^eta - 1) + log((e^eta - 1)/eta) - 1 <= eta^2/8,

the second being the bound of Cesar & Rogers 2021; rho = eta^2/8 - eta^4/576
+ O(eta^6).  All functions compute at the ambient mpmath precision.
"""
from __future__ import annotations

import mpmath

from ...core.model.errors import DomainError
from ..numerics import parameters
from ..numerics.parameters import mpf


def _renamed(reader, value, name):
    # The shared readers name eps; here the same domain belongs to eta or p.
    try:
        return reader(value)
    except DomainError as error:
        raise DomainError(name, str(error).split(": ", 1)[-1]) from None


def _width(eta):
    return mpf(_renamed(parameters.epsilon, eta, "eta"))


def _mass(p):
    p = _renamed(parameters.epsilon, p, "p")
    if not p < 1:
        raise DomainError("p", f"must be less than 1, got {p}")
    return mpf(p)


def lower_loss(eta, p):
    """The lower end a of the privacy loss, fixed by E_Q[e^L] = 1."""
    eta, p = _width(eta), _mass(p)
    return mpmath.log(1 - p + p * mpmath.exp(-eta))


def renyi_divergence(alpha, eta, p):
    """D_alpha(P || Q) of the two-point privacy-loss law with P-mass p on the upper end."""
    alpha = mpf(parameters.order(alpha))
    eta_value, p_value = _width(eta), _mass(p)
    moment = 1 - p_value + p_value * mpmath.exp((alpha - 1) * eta_value)
    return lower_loss(eta, p) + mpmath.log(moment) / (alpha - 1)


def worst_mass(alpha, eta):
    """The p maximising D_alpha(p), for alpha > 1.

    With A = 1 - e^{-eta} and B = e^{(alpha-1) eta} - 1, D_alpha(p) =
    log(1 - pA) + log(1 + pB)/(alpha - 1) is concave in p and its derivative
    -A/(1 - pA) + B/((alpha - 1)(1 + pB)) vanishes at
    p = (B - (alpha - 1) A)/(alpha A B), which tends to the extremal mass p*
    as alpha -> 1.
    """
    alpha = mpf(parameters.order(alpha))
    eta = _width(eta)
    a, b = -mpmath.expm1(-eta), mpmath.expm1((alpha - 1) * eta)
    return (b - (alpha - 1) * a) / (alpha * a * b)


def worst_case_renyi_divergence(alpha, eta):
    """max over p of D_alpha(p): the largest D_alpha of any eta-bounded-range pair."""
    return renyi_divergence(alpha, eta, worst_mass(alpha, eta))


def kl_divergence(eta, p):
    """KL(P || Q) = E_P[L] of the two-point law."""
    return lower_loss(eta, p) + _mass(p) * _width(eta)


def extremal_mass(eta):
    """p* = 1/(1 - e^{-eta}) - 1/eta, the maximiser of KL(p)."""
    eta = _width(eta)
    return -1 / mpmath.expm1(-eta) - 1 / eta


def tight_rho(eta):
    """eta/(e^eta - 1) + log((e^eta - 1)/eta) - 1 (arXiv 2510.25746)."""
    eta = _width(eta)
    return eta / mpmath.expm1(eta) + mpmath.log(mpmath.expm1(eta) / eta) - 1


def cesar_rogers_rho(eta):
    """eta^2/8 (Cesar & Rogers 2021)."""
    eta = _width(eta)
    return eta**2 / 8
