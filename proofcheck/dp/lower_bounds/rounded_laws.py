"""Theorem 6.4's chain quantities for a discrete mechanism: the release (4) rounded to an integer.

§5 allows "clipping and optional rounding" after (4); rounding is post-processing, so
the rounded release keeps the budget v(n) of (6) (data processing).  Its law at count m
is discrete: P_m(0) = Φ(z_m(1/2)) and P_m(y) = Φ(z_m(y + 1/2)) − Φ(z_m(y − 1/2)) for
y ≥ 1, with z_m(t) = (log(t + c) − log(m + c) + σ²)/σ the noise at which (4) equals t.
Every quantity of the chain is then a sum over y (cut where the Gaussian weight is
below the working precision), computed here from those masses and no closed form:
D, E|X − J~|, I(J; Y), the divergences of (20), D_KL(P̄ ‖ P_{j*}), H(J | Y) and
h(X | Y) (by quadrature over x of the density of X given Y, ``dithered_conditional``).
The masses come from the mechanism's ``below`` (lower and upper tails at t), so the same
sums serve the drift-free Airy release of ``instance.AiryMechanism``, rounded.
"""
from __future__ import annotations

import mpmath

from .dithered_conditional import posterior_mixture_entropy
from .instance import Instance
from .quantities import dithered_absolute


def _masses(instance: Instance):
    """[P_m(y) for y = 0..top] at every count m = n + j of the support."""
    mech = instance.mechanism
    top_count = instance.n + len(instance.prior.weights) - 1
    # Cut where the upper tail at the largest count is below the working precision.
    top = top_count + 1
    while mech.below(top + mpmath.mpf(1) / 2, top_count)[1] > mpmath.mpf(2) ** (-mpmath.mp.prec - 8):
        top = 2 * top
    out = []
    for j in instance.prior.support:
        m = instance.n + j
        tails = [mech.below(y + mpmath.mpf(1) / 2, m) for y in range(top + 1)]
        # Above the median the masses are differences of upper tails: no cancellation of
        # two numbers near 1, so the far masses keep their digits.
        cells = [b[0] - a[0] if b[0] <= a[1] else a[1] - b[1] for a, b in zip(tails, tails[1:])]
        out.append([tails[0][0]] + cells)
    return out


def _kl(p, q):
    return mpmath.fsum(a * mpmath.log(a / b) for a, b in zip(p, q) if a > 0)


def rounded_law_quantities(instance: Instance, ps, width=1) -> dict:
    """The chain's quantities of the rounded release, by summation over y (see module)."""
    masses, star, n = _masses(instance), instance.prior.j_star, instance.n
    ys = range(len(masses[0]))
    mix = [mpmath.fsum(p * P[y] for p, P in zip(ps, masses)) for y in ys]
    errors = [mpmath.fsum(P[y] * abs(y - (n + j)) for y in ys) for j, P in enumerate(masses)]
    dithered = [mpmath.fsum(P[y] * dithered_absolute(j - (y - n)) for y in ys) for j, P in enumerate(masses)]
    posteriors = [(mix[y], [p * P[y] / mix[y] for p, P in zip(ps, masses)]) for y in ys if mix[y] > 0]
    conditional = -mpmath.fsum(w * q * mpmath.log(q) for w, post in posteriors for q in post if q > 0)
    return {
        "errors": errors, "dithered_each": dithered,
        "information": mpmath.fsum(p * _kl(P, mix) for p, P in zip(ps, masses) if p > 0),
        "divergences": [_kl(P, masses[star]) for P in masses],
        "mixture_to_star": _kl(mix, masses[star]),
        "conditional": conditional,
        "dithered_conditional": posterior_mixture_entropy(posteriors, list(instance.prior.support), width),
    }
