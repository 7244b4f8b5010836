"""The released laws P_j of Theorem 6.4's chain and their information quantities, by quadrature.

At counts n + j the release (4) has law P_j: an atom at 0 (the clipped mass) and, above
it, the bijective image of the log-space Gaussian N(μ_j, σ²), μ_j = log(n + j + c) − σ²,
so that the continuous parts are integrated in the log coordinate w = log(y + c) > log c
with densities f_j(w) = φ((w − μ_j)/σ)/σ.  With p the prior's weights and
f̄ = Σ_j p_j f_j, the chain needs

* I(J; Y) = Σ_j p_j D_KL(P_j ‖ P̄): the atoms' terms plus ∫ Σ_j p_j f_j log(f_j/f̄);
* D_KL(P_j ‖ P_{j*}) for every j: the atoms' term plus ∫ f_j log(f_j/f_{j*}), a
  quadratic log-ratio (the same σ);
* D_KL(P̄ ‖ P_{j*}): the atoms' term plus ∫ f̄ log(f̄/f_{j*});
* H(J | Y) = −E log P(J | Y), from the posterior p_j f_j/f̄ (and the atoms'), computed
  on its own, not as H(J) − I(J; Y), so that the identity between them is a comparison.

The K + 3 integrands are summed at the same Gauss–Legendre nodes
(``arb_quadrature.integrate_balls``, Arb numbers as fast multiprecision numbers), the
K densities evaluated once per node, on pieces split at log c and around each mean.

The line is cut at W = max μ_j + Tσ (``cut_off``: φ(T) below the working precision),
and each integral's radius gets a bound of its tail beyond W.  There every log-ratio
log(f_k/f_l) is at most L(w) = Δ(w − min μ)/σ², Δ = max μ − min μ, and log f̄ lies
between the log f_k; so the integrands of I, D_KL(P̄ ‖ P_{j*}) and H(J | Y) are at most
Σ_j f_j (L + λ), λ = max log(1/p_j), and that of D_KL(P_j ‖ P_{j*}) is
f_j |μ_j − μ_*|(2(w − μ_j) + |μ_j − μ_*|)/(2σ²); each integrates in closed form in Q and φ.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
from flint import arb, fmpq

from ...core.numbers.precision import arb_bits
from ..numerics.arb_numbers import ball_of, checked_value_of, exact_ball, two_to
from ..numerics.arb_quadrature import integrate_balls, ordered_points
from .instance import Instance, mpf_of
from .line_quadrature import GUARD_BITS, cut_off, gaussian_density, gaussian_tail, once_per_node


@dataclass
class LawQuantities:
    information: object
    divergences: list
    mixture_to_star: object
    conditional: object


def _atoms(instance: Instance):
    """P_j(Y = 0) = Φ((log c − μ_j)/σ) at the working precision."""
    mech = instance.mechanism
    sigma, edge = mech.sigma(), mpmath.log(mpf_of(mech.c))
    return [mpmath.ncdf((edge - mech.log_mean(instance.n + j)) / sigma) for j in instance.prior.support]


def _atom_terms(ps, atoms, star):
    """The atoms' terms of I(J; Y), each D_KL(P_j ‖ P_{j*}), D_KL(P̄ ‖ P_{j*}) and H(J | Y)."""
    mix = mpmath.fsum(p * a for p, a in zip(ps, atoms))
    kl = lambda p, q: p * mpmath.log(p / q) if p > 0 else mpmath.mpf(0)  # noqa: E731
    return LawQuantities(
        information=mpmath.fsum(p * a * mpmath.log(a / mix) for p, a in zip(ps, atoms) if p * a > 0),
        divergences=[kl(a, atoms[star]) for a in atoms],
        mixture_to_star=kl(mix, atoms[star]),
        conditional=-mpmath.fsum(p * a * mpmath.log(p * a / mix) for p, a in zip(ps, atoms) if p * a > 0))


def _posterior_rest(gs):
    """Σ_{k≠j} g_k for every j, as sums (no subtraction): where Y reveals J they are tiny."""
    before, after = [arb(0)], [arb(0)]
    for g in gs[:-1]:
        before.append(before[-1] + g)
    for g in reversed(gs[1:]):
        after.append(after[-1] + g)
    return [b + a for b, a in zip(before, reversed(after))]


def _surprisal_term(g, rest, log_g, log_fbar):
    """−g log(g/f̄), f̄ = g + rest, without cancellation.

    Where J = j is the likely cause of Y (rest < g), log(g/f̄) is near 0 and is taken as
    −log(1 + rest/g), the rest a sum of the other terms (tiny where Y reveals J); elsewhere
    log f̄ − log g is at least log 2 and the difference of the logarithms loses nothing."""
    if rest.mid() < g.mid():
        return g * (rest / g).log1p()
    return g * (log_fbar - log_g)


def _tails(means, sigma, star, ps, W):
    """Bounds of the integrals beyond W: [I, each D_KL(P_j ‖ P_*), D_KL(P̄ ‖ P_*), H(J | Y)]."""
    low = min(means, key=lambda m: m.mid())
    spread = max(means, key=lambda m: m.mid()) - low
    lam = max((-p.log() for p in ps if p > 0), key=lambda x: x.mid())
    common = arb(0)
    for mu in means:
        u = (W - mu) / sigma
        common += ((lam + spread * (mu - low) / sigma ** 2) * gaussian_tail(u)
                   + spread / sigma * gaussian_density(u))
    divergences = []
    for mu in means:
        u, d = (W - mu) / sigma, abs(mu - means[star])
        divergences.append(d / (2 * sigma ** 2) * (2 * sigma * gaussian_density(u) + d * gaussian_tail(u)))
    return [common, *divergences, common, common]


def _integrals(instance: Instance, ps, bits):
    """Balls of the continuous parts, in the order of ``_tails``."""
    mech, star = instance.mechanism, instance.prior.j_star
    with mpmath.workprec(bits):
        sigma = ball_of(mech.sigma())
    with arb_bits(bits):
        c = arb(fmpq(mech.c.numerator, mech.c.denominator))
        means = [(instance.n + j + c).log() - sigma * sigma for j in instance.prior.support]
        ps = [ball_of(p) for p in ps]
        edge = c.log()
        T = cut_off(bits)
        W = max(means, key=lambda m: m.mid()) + T * sigma
        inner = [mu + k * sigma for mu in means for k in (-8, 0, 8)]
        points = ordered_points([exact_ball(p) for p in [edge, W] + [p for p in inner if edge < p < W]])
        norm = 1 / (sigma * (2 * arb.pi()).sqrt())
        log_norm = norm.log()
        exponent = -1 / (2 * sigma * sigma)
        live = [j for j, p in enumerate(ps) if p > 0]
        log_ps = [ps[j].log() for j in live]

        def integrands(w):
            # log f_j = exponent (w − μ_j)² + log norm: one logarithm per node, that of f̄.
            logs = [exponent * (w - mu) ** 2 + log_norm for mu in means]
            fs = [x.exp() for x in logs]
            gs = [ps[j] * fs[j] for j in live]
            fbar = sum(gs, arb(0))
            log_fbar = fbar.log()
            information = sum((g * (logs[j] - log_fbar) for g, j in zip(gs, live)), arb(0))
            divergences = [f * (x - logs[star]) for f, x in zip(fs, logs)]
            mixture = fbar * (log_fbar - logs[star])
            conditional = sum((_surprisal_term(g, r, lp + logs[j], log_fbar)
                               for g, r, lp, j in zip(gs, _posterior_rest(gs), log_ps, live)), arb(0))
            return [information, *divergences, mixture, conditional]

        values = integrate_balls(once_per_node(integrands), points, two_to(-(bits - GUARD_BITS // 2)))
        tails = _tails(means, sigma, star, ps, W)
        return [v + arb(0, t.upper()) for v, t in zip(values, tails)]


def released_law_quantities(instance: Instance, ps) -> LawQuantities:
    """I(J; Y), [D_KL(P_j ‖ P_{j*})], D_KL(P̄ ‖ P_{j*}) and H(J | Y) at the working precision.

    The continuous parts are good to the working precision, or absolutely where they
    are below 1 nat (H(J | Y) where Y reveals J); a wider ball is refused."""
    prec = mpmath.mp.prec
    atoms = _atom_terms(ps, _atoms(instance), instance.prior.j_star)
    balls = _integrals(instance, ps, prec + GUARD_BITS)
    one = mpmath.mpf(1)
    info, *divs, mix, cond = [checked_value_of(b, scale=one) for b in balls]
    return LawQuantities(atoms.information + info, [a + d for a, d in zip(atoms.divergences, divs)],
                         atoms.mixture_to_star + mix, atoms.conditional + cond)
