"""The information chain of Theorem 6.4, (17)–(22), evaluated at a concrete instance.

Lemma 6.3 and Theorem 6.4 bound the budget v(n) of any mechanism through the
mutual information between a hidden offset J and the release Y at count n + J:

    H(J) − log(2e(D + 1/4))  ≤  I(J; Y)  ≤  v(n) E(J − j*)²          (17), (21)

with D = E|J − (Y − n)| ≤ r(n + E J), which gives (22) and then (19).  This module
takes a concrete prior J (weights on 0..K−1), the paper's own mechanism (3)–(4)
at (r, r0, c), and a base count n, and computes every quantity of that chain
from its definition, by summation and quadrature:

* H(J), E J, E(J − j*)² by summation over the support;
* h(X) for X = J + U by integrating −f log f of the dithered density;
* E|U| by integrating |u| over [−1/2, 1/2];
* D = Σ p_j E|Y_{n+j} − (n + j)| and E|X − J~(Y)| by quadrature over the noise
  Z of the release (4) itself (never the closed form (9));
* h of the Laplace law with mean absolute value d by integrating −f log f;
* I(J; Y), D_KL(P_j ‖ P_{j*}) and D_KL(P̄ ‖ P_{j*}) by quadrature of the
  released laws: an atom at 0 (the clipped mass) and, above it, the bijective
  image of the log-space Gaussian N(log(m + c) − σ², σ²), so that the divergence
  of the continuous parts is computed in the log coordinate w = log(y + c).

The steps of the chain are then comparisons of two computed sides.  They are
instances of a proved chain: they can refute a wrong constant in a step
(E|U| = 1/2, a Laplace entropy log(e d)), and they exercise the proof end to end,
but they do not prove Theorem 6.4.

The constants that the proof uses are parameters (``Constants``), so that a
wrong version of any step can be run and shown to fail.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

import math

import mpmath

from ..core.precision import required_digits


@dataclass(frozen=True)
class Constants:
    """The constants of the chain as the paper states them (Lemma 6.3 and (19)–(22))."""

    dither_mean: Fraction | str = Fraction(1, 4)      # E|U| for U uniform on [−1/2, 1/2]
    laplace_factor: str = "2e"                        # h(Laplace_d) = log(laplace_factor · d)
    privacy_factor: Fraction = Fraction(1)            # D_KL(P_j‖P_j*) ≤ factor · (j − j*)² v(n)

    def laplace(self):
        return {"2e": 2 * mpmath.e, "e": mpmath.e, "4e": 4 * mpmath.e}[self.laplace_factor]

    def dither(self):
        return mpmath.mpf(Fraction(self.dither_mean).numerator) / Fraction(self.dither_mean).denominator

    def privacy(self):
        return mpmath.mpf(self.privacy_factor.numerator) / self.privacy_factor.denominator


PAPER = Constants()


@dataclass(frozen=True)
class Mechanism:
    """The shifted-log Gaussian mechanism (3)–(4), parameters as exact rationals."""

    r: Fraction
    r0: Fraction
    c: Fraction

    def sigma(self):
        return _sigma(self.r0, self.c, mpmath.mp.prec)

    def budget(self, n: int):
        # (6): the budget of the edge (n − 1) ↔ n.
        sigma = self.sigma()
        return mpmath.log((n + _mpf(self.c)) / (n - 1 + _mpf(self.c))) ** 2 / (2 * sigma ** 2)

    def log_mean(self, m: int):
        """Mean of the log-space law of count m: log(m + c) − σ²."""
        return mpmath.log(m + _mpf(self.c)) - self.sigma() ** 2

    def release(self, m: int, z):
        """(4): [(m + c) exp(σz − σ²) − c]₊."""
        sigma, c = self.sigma(), _mpf(self.c)
        return max((m + c) * mpmath.exp(sigma * z - sigma ** 2) - c, mpmath.mpf(0))

    def clip_point(self, m: int):
        """The z below which (4) releases 0."""
        sigma, c = self.sigma(), _mpf(self.c)
        return (mpmath.log(c / (m + c)) + sigma ** 2) / sigma


@lru_cache(maxsize=64)
def _sigma(r0, c, prec):
    # (3): σ = Φ⁻¹(1/2 + r0/(2(1 + c))) = √2 erfinv(r0/(1 + c)); cached per precision
    # because every quadrature node of the release needs it.
    with mpmath.workprec(prec):
        return mpmath.sqrt(2) * mpmath.erfinv(_mpf(r0) / (1 + _mpf(c)))


@dataclass(frozen=True)
class Prior:
    """A finitely supported prior on 0..K−1 with a reference point j*."""

    name: str
    weights: tuple
    j_star: int

    @property
    def support(self):
        return range(len(self.weights))


def uniform_prior(K: int) -> Prior:
    """J uniform on {0, ..., K − 1}, j* = (K − 1)/2 (Corollary 6.5)."""
    return Prior(f"uniform on {K} points", tuple(Fraction(1, K) for _ in range(K)), (K - 1) // 2)


def truncated_gaussian_prior(S: Fraction, L: Fraction) -> Prior:
    """J = B + Q_S with Q_S = S Z_L rounded, Z_L standard Gaussian on [−L, L] (Corollary 6.7).

    The weights are exact expressions in Φ; they are evaluated at the working precision
    by ``weights_at``.  Here the support is shifted to start at 0, so j* is the cell of 0.
    """
    S, L = Fraction(S), Fraction(L)
    low = math.floor(-L * S - Fraction(1, 2)) + 1
    high = math.ceil(L * S + Fraction(1, 2)) - 1
    cells = tuple(("tg", S, L, k) for k in range(low, high + 1))
    return Prior(f"truncated Gaussian S={S}, L={L}", cells, -low)


def weights_at(prior: Prior):
    out = []
    for w in prior.weights:
        if isinstance(w, tuple):
            _, S, L, k = w
            S, L = _mpf(S), _mpf(L)
            Z = 2 * mpmath.ncdf(L) - 1
            F = lambda y: min(mpmath.mpf(1), max(mpmath.mpf(0), (mpmath.ncdf(y) - mpmath.ncdf(-L)) / Z))  # noqa: E731
            out.append(F((k + mpmath.mpf(1) / 2) / S) - F((k - mpmath.mpf(1) / 2) / S))
        else:
            out.append(_mpf(w))
    return out


@dataclass
class Step:
    """One comparison of the chain: ``left rel right``, both sides computed."""

    name: str
    where: str
    left: object
    rel: str
    right: object
    holds: bool | None = None


@dataclass
class Instance:
    prior: Prior
    mechanism: Mechanism
    n: int
    constants: Constants = field(default_factory=Constants)

    def describe(self):
        m = self.mechanism
        return f"{self.prior.name}, r={m.r}, r0={m.r0}, c={m.c}, n={self.n}"


# --- the quantities, each from its definition ---------------------------------------------

def _mpf(x):
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


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
    sigma, c = mech.sigma(), _mpf(mech.c)
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
        self.edge = mpmath.log(_mpf(self.mech.c))  # w = log(y + c) > log c  <=>  y > 0
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


def chain_steps(instance: Instance):
    """Every step of (17)–(22) at ``instance``, both sides computed at the current precision."""
    k = instance.constants
    mech, n, prior = instance.mechanism, instance.n, instance.prior
    ps = weights_at(prior)
    star = prior.j_star
    H = entropy(ps)
    mean_J = mpmath.fsum(p * j for j, p in enumerate(ps))
    spread = mpmath.fsum(p * (j - star) ** 2 for j, p in enumerate(ps))
    errors = [expected_error(mech, n + j) for j in prior.support]
    D = mpmath.fsum(p * e for p, e in zip(ps, errors))
    dithered = mpmath.fsum(p * expected_dithered_error(mech, n + j) for j, p in enumerate(ps))
    v = mech.budget(n)
    information, divergences, mixture_to_star = information_and_divergences(instance, ps)
    # h(X | Y) = H(J | Y) (Lemma 6.3, the dither carries no entropy on unit cells).
    conditional = conditional_entropy(instance, ps)
    r = _mpf(mech.r)
    worst_utility = max((e - r * (n + j) for j, e in enumerate(errors)), key=lambda x: x)
    # Every edge on a path from n + j to n + j* has larger endpoint m in (n, n + K); at
    # j = j* both sides of (20) are 0, so the comparisons run over the other points.
    worst_path = max(mech.budget(m) - v for m in range(n + 1, n + len(ps)))
    worst_kl = max(d - k.privacy() * (j - star) ** 2 * v for j, d in enumerate(divergences) if j != star)
    bound_19 = max(H - mpmath.log(k.laplace() * (r * (n + mean_J) + k.dither())), 0) / spread
    return [
        Step("E|U|", "Lemma 6.3: E|U| = 1/4", dither_mean_absolute(), "=", k.dither()),
        Step("h(X) = H(J)", "Lemma 6.3: h(X) = H(J)", dithered_entropy(ps), "=", H),
        Step("h(Laplace_d) at d = E|X - J~|", "Lemma 6.3: maximum entropy log(2ed)",
             laplace_entropy(dithered), "=", mpmath.log(k.laplace() * dithered)),
        Step("(18) at every count of the support", "max_j E|Y - m| - r m <= 0", worst_utility, "<=", 0),
        Step("E|X - J~| <= D + E|U|", "Lemma 6.3: triangle inequality", dithered, "<=", D + k.dither()),
        Step("D <= r(n + E J)", "Theorem 6.4: utility", D, "<=", r * (n + mean_J)),
        # Compared as a sum: where Y reveals J, h(X|Y) is near 0 and H(J) - I(J;Y) would cancel.
        Step("h(X|Y) + I(J;Y) = H(J)", "Lemma 6.3: I(X;Y) = I(J;Y), h(X|Y) = H(J|Y)",
             conditional + information, "=", H),
        Step("h(X|Y) <= log(2e E|X - J~|)", "Lemma 6.3: maximum entropy and Jensen", conditional, "<=",
             mpmath.log(k.laplace() * dithered)),
        Step("(17)", "I(J;Y) >= H(J) - log(2e(D + 1/4))", information, ">=",
             H - mpmath.log(k.laplace() * (D + k.dither()))),
        Step("(22)", "I(J;Y) >= H(J) - log(2e(r(n + E J) + 1/4))", information, ">=",
             H - mpmath.log(k.laplace() * (r * (n + mean_J) + k.dither()))),
        Step("path budgets", "max over the path of v(m) - v(n) < 0 (v nonincreasing)", worst_path, "<", 0),
        Step("(20)", "max over j != j* of D_KL(P_j||P_j*) - (j - j*)^2 v(n) <= 0", worst_kl, "<=", 0),
        Step("compensation identity", "E_J D_KL(P_J||Q) = I(J;Y) + D_KL(Pbar||Q)",
             mpmath.fsum(p * d for p, d in zip(ps, divergences)), "=", information + mixture_to_star),
        Step("(21)", "I(J;Y) <= v(n) E(J - j*)^2", information, "<=", k.privacy() * v * spread),
        Step("(19)", "v(n) >= [H(J) - log(2e(r(n + E J) + 1/4))]_+ / E(J - j*)^2", v, ">=", bound_19),
    ]


def _decide(step: Step, dps: int) -> bool | None:
    left, right = mpmath.mpf(step.left), mpmath.mpf(step.right)
    scale = max(abs(left), abs(right), mpmath.mpf(10) ** (-required_digits(dps)))
    tolerance = mpmath.mpf(10) ** (-required_digits(dps)) * scale
    gap = left - right
    if step.rel == "=":
        return abs(gap) <= tolerance
    if step.rel in ("<=", "<"):
        gap = -gap
    if gap > tolerance:
        return True
    if gap < -tolerance:
        return False
    return None  # within the precision of a tie: undecided, never a pass


def check_instance(instance: Instance, dps: int):
    """The chain at ``dps`` and again at 2*dps; a step holds only if both decide it holds."""
    results = []
    for working in (dps, 2 * dps):
        with mpmath.workdps(working):
            steps = chain_steps(instance)
            for step in steps:
                step.holds = _decide(step, working)
        results.append(steps)
    first, second = results
    for a, b in zip(first, second):
        a.holds = a.holds if a.holds == b.holds else None
    return first


def with_constants(instance: Instance, **changes) -> Instance:
    return replace(instance, constants=replace(instance.constants, **changes))
