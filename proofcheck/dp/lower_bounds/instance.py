"""An instance of the chain of Theorem 6.4: a prior, the paper's mechanism, a count, the constants.

The chain (17)–(22) is evaluated (``many_count_chain``) for a concrete prior J
with weights on 0..K−1 and a reference point j*, the paper's own mechanism
(3)–(4) at exact rationals (r, r0, c), and a base count n.  The priors are
those of Corollary 6.5 (uniform) and Corollary 6.7 (a quantised truncated
Gaussian).

The constants that the proof uses are parameters (``Constants``), so that a
wrong version of any step can be run and shown to fail.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

import mpmath

from ...core.numbers.precision import arb_bits
from ..numerics.airy_functions import first_zero_of_airy_derivative, first_zero_of_airy_derivative_ball
from ..numerics.arb_numbers import ball_of, checked_value_of, tail_guard_bits


def mpf_of(x):
    """The exact rational ``x`` at the working precision."""
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


@dataclass(frozen=True)
class Constants:
    """The constants of the chain as the paper states them (Lemma 6.3 and (19)–(22))."""

    dither_mean: Fraction | str = Fraction(1, 4)      # E|U| for U uniform on [−1/2, 1/2]
    laplace_factor: str = "2e"                        # h(Laplace_d) = log(laplace_factor · d)
    privacy_factor: Fraction = Fraction(1)            # D_KL(P_j‖P_j*) ≤ factor · (j − j*)² v(n)
    dither_width: Fraction = Fraction(1)              # U uniform on [−width/2, width/2]

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
    rounded: bool = False   # release (4) rounded to the nearest integer: a discrete mechanism

    def sigma(self):
        return _sigma(self.r0, self.c, mpmath.mp.prec)

    def budget(self, n: int):
        # (6): the budget of the edge (n − 1) ↔ n.
        sigma = self.sigma()
        return mpmath.log((n + mpf_of(self.c)) / (n - 1 + mpf_of(self.c))) ** 2 / (2 * sigma ** 2)

    def log_mean(self, m: int):
        """Mean of the log-space law of count m: log(m + c) − σ²."""
        return mpmath.log(m + mpf_of(self.c)) - self.sigma() ** 2

    def release(self, m: int, z):
        """(4): [(m + c) exp(σz − σ²) − c]₊."""
        sigma, c = self.sigma(), mpf_of(self.c)
        return max((m + c) * mpmath.exp(sigma * z - sigma ** 2) - c, mpmath.mpf(0))

    def below(self, t, m: int):
        """P(release (4) < t) at count m, t > 0, and its upper tail P(release > t)."""
        z = (mpmath.log(t + mpf_of(self.c)) - mpmath.log(m + mpf_of(self.c)) + self.sigma() ** 2) / self.sigma()
        return mpmath.ncdf(z), mpmath.ncdf(-z)

    def clip_point(self, m: int):
        """The z below which (4) releases 0."""
        sigma, c = self.sigma(), mpf_of(self.c)
        return (mpmath.log(c / (m + c)) + sigma ** 2) / sigma


@dataclass(frozen=True)
class AiryMechanism:
    """The drift-free Airy log-location release [(m + c) e^{sX} − c]₊, rounded to an integer.

    X has the Airy law f = Ai(|x| + a1')²/Z (findings pack, ``explicit_family``), s > 0 its
    scale, no drift.  Its edge n − 1 ↔ n shifts X by δ_n = log((n + c)/(n − 1 + c))/s, and
    the theorem of ``airy_renyi_bound`` gives sup_α D_α/α ≤ |a1'| δ² at every shift, so
    v(n) = |a1'| δ_n² is a budget (δ_m ≤ δ_n for m ≥ n: nonincreasing).
    """

    r: Fraction
    c: Fraction
    s: Fraction
    rounded: bool = True

    @property
    def r0(self):
        return self.r

    def budget(self, n: int):
        delta = mpmath.log((n + mpf_of(self.c)) / (n - 1 + mpf_of(self.c))) / mpf_of(self.s)
        return abs(first_zero_of_airy_derivative(mpmath.mp.dps + 5)) * delta ** 2

    def below(self, t, m: int):
        """P(release before rounding < t) at count m, t > 0, and the upper tail, by symmetry."""
        x = (mpmath.log(t + mpf_of(self.c)) - mpmath.log(m + mpf_of(self.c))) / mpf_of(self.s)
        tail = _airy_tail(abs(x))
        return (1 - tail, tail) if x >= 0 else (tail, 1 - tail)


def _airy_tail(x):
    """P(X > x), x ≥ 0, for the Airy law: (Ai'(y)² − y Ai(y)²)/Z at y = x + a1', Z = −2a1' Ai(a1')².

    G(y) = y Ai² − Ai'² is an antiderivative of Ai² vanishing at +∞, so the tail is a
    difference with 0, not with 1: the far tail keeps its digits.  Ai and Ai' are Arb's (C,
    with error bounds; mpmath's series in Python took 5 of the airy chain's 6 s), with guard
    bits for the decay of Ai far out, and the ball is read back at the working precision."""
    bits = mpmath.mp.prec + tail_guard_bits(x)
    with arb_bits(bits):
        zero, norm = _airy_tail_constants(bits)
        y = ball_of(x) + zero
        ai = y.airy_ai()
        slope = y.airy_ai(derivative=1)
        return checked_value_of((slope * slope - y * ai * ai) / norm)


@lru_cache(maxsize=16)
def _airy_tail_constants(bits: int):
    """(a1', −2a1' Ai(a1')²) as Arb balls at ``bits``."""
    with arb_bits(bits):
        zero = first_zero_of_airy_derivative_ball(bits)
        return zero, -2 * zero * zero.airy_ai() ** 2


@lru_cache(maxsize=64)
def _sigma(r0, c, prec):
    # (3): σ = Φ⁻¹(1/2 + r0/(2(1 + c))) = √2 erfinv(r0/(1 + c)); cached per precision
    # because every quadrature node of the release needs it.
    with mpmath.workprec(prec):
        return mpmath.sqrt(2) * mpmath.erfinv(mpf_of(r0) / (1 + mpf_of(c)))


@dataclass(frozen=True)
class Prior:
    """A finitely supported prior: J = shift + i with weights on i = 0..K−1, reference point j*.

    ``j_star`` is an index; ``shift`` is the count that index 0 stands for, so that the
    paper's J = B + Q_S (Corollary 6.7) is stated with the paper's own B."""

    name: str
    weights: tuple
    j_star: int
    shift: int = 0

    @property
    def support(self):
        return range(len(self.weights))


def uniform_prior(K: int) -> Prior:
    """J uniform on {0, ..., K − 1}, j* = (K − 1)/2 (Corollary 6.5)."""
    return Prior(f"uniform on {K} points", tuple(Fraction(1, K) for _ in range(K)), (K - 1) // 2)


def truncated_gaussian_prior(S: Fraction, L: Fraction) -> Prior:
    """J = B + Q_S with Q_S = S Z_L rounded, Z_L standard Gaussian on [−L, L] (Corollary 6.7).

    The weights are exact expressions in Φ; they are evaluated at the working precision
    by ``weights_at``.  The indices start at the lowest cell, j* is the cell of 0, and
    J = B + Q_S with the paper's B = ⌈LS⌉ + 1, so index i stands for J = B + low + i.
    """
    S, L = Fraction(S), Fraction(L)
    low = math.floor(-L * S - Fraction(1, 2)) + 1
    high = math.ceil(L * S + Fraction(1, 2)) - 1
    cells = tuple(("tg", S, L, k) for k in range(low, high + 1))
    B = math.ceil(L * S) + 1
    return Prior(f"J = B + Q_S, S={S}, L={L}, B={B}", cells, -low, B + low)


def step_prior(S: Fraction, L: Fraction) -> Prior:
    """J = B + Q_S, Q_S = S Z rounded, Z of density 2/(3L) on [−L, 0) and 1/(3L) on [0, L].

    A bounded, piecewise-continuous density that jumps at 0, inside its support (Lemma 6.6
    covers it).  The cell weights are exact rationals: the length of each cell's part on
    either side of 0 times the density there.  B = ⌈LS⌉ + 1 and j* = B, as in Corollary 6.7.
    """
    S, L = Fraction(S), Fraction(L)
    low = math.floor(-L * S - Fraction(1, 2)) + 1
    high = math.ceil(L * S + Fraction(1, 2)) - 1

    def mass(a, b):
        left = max(Fraction(0), min(b, Fraction(0)) - max(a, -L))
        right = max(Fraction(0), min(b, L) - max(a, Fraction(0)))
        return left * 2 / (3 * L) + right / (3 * L)
    cells = tuple(mass((k - Fraction(1, 2)) / S, (k + Fraction(1, 2)) / S) for k in range(low, high + 1))
    B = math.ceil(L * S) + 1
    return Prior(f"J = B + Q_S, Z with a jump at 0, S={S}, L={L}, B={B}", cells, -low, B + low)


def weights_at(prior: Prior):
    out = []
    for w in prior.weights:
        if isinstance(w, tuple):
            _, S, L, k = w
            S, L = mpf_of(S), mpf_of(L)
            Z = 2 * mpmath.ncdf(L) - 1
            F = lambda y: min(mpmath.mpf(1), max(mpmath.mpf(0), (mpmath.ncdf(y) - mpmath.ncdf(-L)) / Z))  # noqa: E731
            out.append(F((k + mpmath.mpf(1) / 2) / S) - F((k - mpmath.mpf(1) / 2) / S))
        else:
            out.append(mpf_of(w))
    return out


@dataclass
class Instance:
    prior: Prior
    mechanism: Mechanism
    n: int
    constants: Constants = field(default_factory=Constants)

    def describe(self):
        m = self.mechanism
        rounded = ", rounded" if m.rounded else ""
        if isinstance(m, AiryMechanism):
            return f"{self.prior.name}, Airy drift-free, r={m.r}, c={m.c}, s={m.s}, rounded, n={self.n}"
        return f"{self.prior.name}, r={m.r}, r0={m.r0}, c={m.c}{rounded}, n={self.n}"


def with_constants(instance: Instance, **changes) -> Instance:
    return replace(instance, constants=replace(instance.constants, **changes))
