"""The quantities of Theorem 6.4's chain at an instance, each computed from its definition.

For a prior J, the paper's mechanism (3)–(4) and a base count n
(``many_count_instance``), by summation and quadrature:

* H(J) by summation over the support;
* h(X) for X = J + U by integrating −f log f of the dithered density;
* E|U| by integrating |u| over [−1/2, 1/2];
* D = Σ p_j E|Y_{n+j} − (n + j)| and E|X − J~(Y)| by quadrature over the noise
  Z of the release (4) itself (never the closed form (9));
* h of the Laplace law with mean absolute value d by integrating −f log f;
* I(J; Y), D_KL(P_j ‖ P_{j*}) and D_KL(P̄ ‖ P_{j*}) by quadrature of the
  released laws: an atom at 0 (the clipped mass) and, above it, the bijective
  image of the log-space Gaussian N(log(m + c) − σ², σ²), so that the divergence
  of the continuous parts is computed in the log coordinate w = log(y + c);
* H(J | Y) from the posterior, on its own (not as H(J) − I(J; Y)).
"""
from __future__ import annotations

import mpmath

from .many_count_instance import Instance, mpf_of


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
    f = lambda w: mpmath.exp(-abs(w) / d) / (2 * d)  # noqa: E731
    return mpmath.quad(lambda w: -f(w) * mpmath.log(f(w)), [-mpmath.inf, 0, mpmath.inf])


def _release_breaks(mech, m, extra=()):
    sigma = mech.sigma()
    points = sorted({mech.clip_point(m), sigma, *extra})
    return [-mpmath.inf, *points, mpmath.inf]


def expected_error(mech, m):
    """E_m|Y − m| for the release (4), by quadrature over Z (kinks at the clip and at z = σ)."""
    return mpmath.quad(lambda z: abs(mech.release(m, z) - m) * mpmath.npdf(z), _release_breaks(mech, m))


def expected_dithered_error(mech, m):
    """E|X − J~(Y)| given J = m − n: E g(m − Y_m), by quadrature over Z."""
    sigma, c = mech.sigma(), mpf_of(mech.c)
    half = mpmath.mpf(1) / 2
    kinks = [(mpmath.log((m + s + c) / (m + c)) + sigma ** 2) / sigma for s in (-half, half) if m + s + c > c]
    return mpmath.quad(lambda z: dithered_absolute(m - mech.release(m, z)) * mpmath.npdf(z),
                       _release_breaks(mech, m, kinks))


class ReleasedLaws:
    """The laws P_j of Y at counts n + j: an atom at 0 and a log-space Gaussian above it."""

    def __init__(self, instance: Instance):
        self.mech = instance.mechanism
        self.n = instance.n
        self.sigma = self.mech.sigma()
        self.edge = mpmath.log(mpf_of(self.mech.c))  # w = log(y + c) > log c  <=>  y > 0
        self.means = [self.mech.log_mean(instance.n + j) for j in instance.prior.support]
        self.atoms = [mpmath.ncdf((self.edge - mu) / self.sigma) for mu in self.means]

    def density(self, j, w):
        return mpmath.npdf(w, self.means[j], self.sigma)

    def breaks(self, means=None):
        """Splitting points for quadrature over w > log c: around each mean that matters."""
        s = self.sigma
        points = {self.edge}
        for mu in (self.means if means is None else means):
            for k in (-8, 0, 8):
                if mu + k * s > self.edge:
                    points.add(mu + k * s)
        return sorted(points) + [mpmath.inf]

    def log_ratio(self, j, star):
        """log(f_j/f_star) of two log-space Gaussians with the same σ: a quadratic in w."""
        mu, nu, s2 = self.means[j], self.means[star], 2 * self.sigma ** 2
        return lambda w: ((w - nu) ** 2 - (w - mu) ** 2) / s2

    def kl(self, p_atom, p_density, q_atom, log_ratio, means=None):
        """D_KL of two such laws: the atoms' term plus the integral over w > log c."""
        atom = p_atom * mpmath.log(p_atom / q_atom) if p_atom > 0 else mpmath.mpf(0)
        return atom + mpmath.quad(lambda w: p_density(w) * log_ratio(w), self.breaks(means))


def information_and_divergences(instance: Instance, ps):
    """I(J; Y), each D_KL(P_j ‖ P_{j*}) and D_KL(P̄ ‖ P_{j*}), by quadrature.

    I(J; Y) = Σ_j p_j D_KL(P_j ‖ P̄) is integrated once: the atoms' terms plus one
    integral over w > log c of Σ_j p_j f_j log(f_j/f̄).
    """
    laws = ReleasedLaws(instance)
    star = instance.prior.j_star
    mix_atom = mpmath.fsum(p * a for p, a in zip(ps, laws.atoms))
    mixture = lambda w: mpmath.fsum(p * laws.density(j, w) for j, p in enumerate(ps))  # noqa: E731
    q_density = lambda w: laws.density(star, w)  # noqa: E731
    divergences = [laws.kl(laws.atoms[j], lambda w, j=j: laws.density(j, w), laws.atoms[star],
                           laws.log_ratio(j, star), [laws.means[j], laws.means[star]])
                   for j in instance.prior.support]

    def information_integrand(w):
        densities = [laws.density(j, w) for j in instance.prior.support]
        mean = mpmath.fsum(p * f for p, f in zip(ps, densities))
        return mpmath.fsum(p * f * mpmath.log(f / mean) for p, f in zip(ps, densities) if p * f > 0)
    atoms = mpmath.fsum(p * a * mpmath.log(a / mix_atom) for p, a in zip(ps, laws.atoms) if p * a > 0)
    information = atoms + mpmath.quad(information_integrand, laws.breaks())
    mixture_to_star = laws.kl(mix_atom, mixture, laws.atoms[star],
                              lambda w: mpmath.log(mixture(w) / q_density(w)))
    return information, divergences, mixture_to_star


def conditional_entropy(instance: Instance, ps):
    """H(J | Y) = −E log P(J | Y), integrated from the posterior p_j f_j/f̄ (and the atoms').

    Lemma 6.3 shows h(X | Y) = H(J | Y) for the dithered X = J + U; this is computed on its
    own, not as H(J) − I(J; Y), so that the identity between them is a comparison.
    """
    laws = ReleasedLaws(instance)
    mix_atom = mpmath.fsum(p * a for p, a in zip(ps, laws.atoms))
    atoms = -mpmath.fsum(p * a * mpmath.log(p * a / mix_atom) for p, a in zip(ps, laws.atoms) if p * a > 0)

    def integrand(w):
        joint = [p * laws.density(j, w) for j, p in enumerate(ps)]
        mean = mpmath.fsum(joint)
        return -mpmath.fsum(g * mpmath.log(g / mean) for g in joint if g > 0)
    return atoms + mpmath.quad(integrand, laws.breaks())
