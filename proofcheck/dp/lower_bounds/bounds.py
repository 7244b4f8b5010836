"""Mechanism-independent lower bounds on a count-dependent zCDP budget v(n) (§6).

Every mechanism whose estimate Y meets E_m|Y − m| ≤ r·m at every positive
count m and satisfies count-dependent zCDP (Definition 2.1) with a
nonincreasing budget v obeys, for every n ≥ 1 and 0 < r < 1:

* the two-count bound, Proposition 6.2,

      v(n) ≥ (1 − r)² / (2(⌈C_r n⌉ − n)²),   C_r = ((1 + 3r)/(1 − r))²,     (14)

* the many-count inequality, Theorem 6.4: for any finitely supported prior J
  on the nonnegative integers and any integer j⋆ with E(J − j⋆)² > 0,

      v(n) ≥ [H(J) − log(2e(r(n + E J) + 1/4))]₊ / E(J − j⋆)²,             (19)

  evaluated here for two priors:

  - J uniform on {0, …, K − 1}, K odd, j⋆ = (K − 1)/2: Corollary 6.5,

        v(n) ≥ 12/(K² − 1) · [log(K / (2e(r(n + (K − 1)/2) + 1/4)))]₊,       (23)

  - the truncated-Gaussian prior of Corollary 6.7 at finite n: Z_L a standard
    Gaussian conditioned on [−L, L], S = x r n, Q_S = SZ_L rounded to the
    nearest integer, B = ⌈LS⌉ + 1, J = B + Q_S, j⋆ = B.  H(J), E J and
    E(J − B)² are finite sums over the cells of the quantisation, computed
    exactly (to the working precision) from the Gaussian distribution
    function; E J = B holds exactly, since the law of Q_S is symmetric.

Any (K) or (L, x) gives a valid bound, so the parameters are *chosen* with
double-precision arithmetic -- a scan over odd K, or the maximiser of the
n → ∞ form (30) of the Gaussian bound with the closed-form entropy and
variance of Z_L -- and the bound is then evaluated at ``dps`` digits.

At r = 1 the data-independent release (Proposition 2.3) has v ≡ 0, so no
positive lower bound exists; the functions here require 0 < r < 1 and say so.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import gmpy2
import mpmath
import numpy as np

from ...core.model.errors import DomainError
from ...core.numbers.precision import GUARD_DIGITS, validate_dps
from ..numerics.exact_inputs import count, exact, to_mpf

DEFAULT_DPS = 30
# Cells of the Gaussian prior summed at all (n = 10^6 needs 1.3·10^6 at r = 0.1).
MAX_PRIOR_CELLS = 4_000_000
# Wide priors (more cells than this) are summed in double precision when at
# most DOUBLE_DIGITS digits are asked for.
EXACT_SUM_CELLS = 20_000
DOUBLE_DIGITS = 12
# A bound is asked for to as few digits as this (`gap` prints ten, from DOUBLE_DIGITS):
# the one place below precision.MIN_DPS, since these sums are exact or in double precision.
MIN_BOUND_DIGITS = 5
# Odd K scanned one by one when choosing the uniform prior.
MAX_SCANNED_K = 4_000_000


def _tolerance(r) -> Fraction:
    value = exact(r, "r")
    if value == 1:
        raise DomainError("r", "at r = 1 the data-independent release of Proposition 2.3 has v = 0, "
                          "so the lower bounds of section 6 need 0 < r < 1")
    if not 0 < value < 1:
        raise DomainError("r", f"must lie in (0, 1), got {r!r}")
    return value


def _base_count(n) -> int:
    n = count(n, "n")
    if n < 1:
        raise DomainError("n", "the lower bounds are stated for a base count n >= 1")
    return n


def _digits(dps) -> int:
    return validate_dps(DEFAULT_DPS if dps is None else dps, "dps", low=MIN_BOUND_DIGITS, error=DomainError)


# -- (14) ------------------------------------------------------------------------------------

def two_count_bound(r, n, dps=None):
    """(14): (1 − r)²/(2(⌈C_r n⌉ − n)²), exact rational arithmetic, returned at ``dps`` digits."""
    r, n, dps = _tolerance(r), _base_count(n), _digits(dps)
    c_r = ((1 + 3 * r) / (1 - r)) ** 2
    m = -((-c_r * n).numerator // (-c_r * n).denominator)  # ⌈C_r n⌉, exactly
    with mpmath.workdps(dps):
        return to_mpf((1 - r) ** 2 / (2 * (m - n) ** 2))


# -- (23) ------------------------------------------------------------------------------------

def uniform_bound(r, n, K, dps=None):
    """(23): the uniform prior on {0, …, K − 1}, K odd ≥ 3."""
    r, n, dps = _tolerance(r), _base_count(n), _digits(dps)
    K = count(K, "K")
    if K < 3 or K % 2 == 0:
        raise DomainError("K", f"must be an odd integer >= 3, got {K}")
    with mpmath.workdps(dps + GUARD_DIGITS):
        allowed_error = to_mpf(r * (n + Fraction(K - 1, 2)) + Fraction(1, 4))
        information = mpmath.log(K) - mpmath.log(2 * mpmath.e * allowed_error)
        value = 12 * max(information, 0) / (K * K - 1)
    with mpmath.workdps(dps):
        return +value


def best_uniform_bound(r, n, dps=None):
    """(value, K): the largest (23) over odd K ≥ 3 (K chosen in double precision).

    log K − log(2e(r(n + (K−1)/2) + 1/4)) increases to −log(e r), so (23) is
    0 for every K once r ≥ 1/e; otherwise the bound is at most
    12 log(1/(e r))/(K² − 1), which limits the K worth scanning.
    """
    r, n, dps = _tolerance(r), _base_count(n), _digits(dps)
    ceiling = -math.log(math.e * float(r))
    if ceiling <= 0:
        return uniform_bound(r, n, 3, dps), 3
    K = _scan_uniform(float(r), n, ceiling)
    candidates = [k for k in (K - 2, K, K + 2) if k >= 3]
    values = [(uniform_bound(r, n, k, dps), k) for k in candidates]
    return max(values, key=lambda pair: pair[0])


def _uniform_doubles(r, n, K):
    information = np.log(K) - np.log(2 * math.e * (r * (n + (K - 1) / 2) + 0.25))
    return 12 * np.maximum(information, 0) / (K * K - 1)


def _scan_uniform(r, n, ceiling):
    # Start around the small-r optimum K ≈ 2e^{3/2} r n of (24)-(25), then
    # extend until the ceiling 12·log(1/(er))/(K² − 1) falls below the best.
    best_value, best_k = 0.0, 3
    start, stop = 3, math.ceil(max(4 * r * n + 3, 4 * math.e ** 1.5 * r * n + 3, 101.0))
    scanned = 0
    while True:
        ks = np.arange(start, stop + 1, 2, dtype=np.float64)
        scanned += ks.size
        if ks.size:
            values = _uniform_doubles(r, n, ks)
            index = int(np.argmax(values))
            if values[index] > best_value:
                best_value, best_k = float(values[index]), int(ks[index])
        if best_value <= 0:
            return 3
        needed = math.sqrt(12 * ceiling / best_value + 1)
        if needed <= stop or scanned >= MAX_SCANNED_K:
            return best_k
        start = stop + 2 if stop % 2 else stop + 1
        stop = max(start, min(math.ceil(needed), start + 2 * (MAX_SCANNED_K - scanned)))


# -- (19) with the truncated-Gaussian prior of Corollary 6.7 -----------------------------------

def truncated_gaussian_entropy_variance(L):
    """(h_L, τ_L²) of the standard Gaussian conditioned on [−L, L], in closed form (floats).

    With Z = 2Φ(L) − 1: h_L = log(√(2πe)·Z) − Lφ(L)/Z and τ_L² = 1 − 2Lφ(L)/Z.
    """
    mass = math.erf(L / math.sqrt(2))
    density = math.exp(-L * L / 2) / math.sqrt(2 * math.pi)
    return (math.log(math.sqrt(2 * math.pi * math.e) * mass) - L * density / mass,
            1 - 2 * L * density / mass)


def asymptotic_gaussian_coefficient(r, L, x):
    """The right side of (30): lim inf r²n²·(19) as n → ∞ for the prior (L, x) (floats)."""
    h, tau2 = truncated_gaussian_entropy_variance(L)
    information = math.log(x) + h - math.log(2 * math.e) - math.log(1 + L * x * r)
    return max(information, 0.0) / (x * x * tau2)


def choose_gaussian_prior(r):
    """(L, x) maximising (30) at this r, in double precision; None when (30) is 0 throughout.

    For fixed L the maximiser over x solves 1/(1 + Lrx) = 2·[log x + h_L − log(2e) − log(1 + Lrx)]
    (stationarity of (30) in x); L is then chosen by a scan and golden-section refinement.
    """
    r = float(_tolerance(r))

    def best_x(L):
        h, _ = truncated_gaussian_entropy_variance(L)

        def excess(x):
            return 1 / (1 + L * r * x) - 2 * (math.log(x) + h - math.log(2 * math.e)
                                                - math.log(1 + L * r * x))
        lo, hi = 1e-12, 1e12
        for _ in range(200):
            mid = math.sqrt(lo * hi)
            lo, hi = (mid, hi) if excess(mid) > 0 else (lo, mid)
        return math.sqrt(lo * hi)

    def score(L):
        return asymptotic_gaussian_coefficient(r, L, best_x(L))

    grid = [0.25 * k for k in range(1, 41)]
    L = max(grid, key=score)
    lo, hi = max(L - 0.25, 0.05), L + 0.25
    golden = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - golden * (hi - lo), lo + golden * (hi - lo)
        lo, hi = (lo, b) if score(a) >= score(b) else (a, hi)
    L = (lo + hi) / 2
    if score(L) <= 0:
        return None  # (30) vanishes for every prior: r is too large for this argument
    return L, best_x(L)


def gaussian_prior_cells(r, n, L, x) -> int:
    """How many cells the quantised prior has: 2K + 1 with K = ⌈LS + 1/2⌉ − 1, S = x r n."""
    S = exact(x, "x") * _tolerance(r) * _base_count(n)
    half = _ceil(exact(L, "L") * S + Fraction(1, 2)) - 1
    return 2 * max(half, 0) + 1


def gaussian_prior_bound(r, n, L=None, x=None, dps=None):
    """(19) for the truncated-Gaussian prior (L, x) of Corollary 6.7, at finite n.

    With L and x omitted, (L, x) maximises (30) at this r (``choose_gaussian_prior``)
    and, when the prior has few cells, a small grid around it is also tried at
    this n.  H(J), E J and E(J − B)² are exact finite sums (see the module).
    """
    r, n, dps = _tolerance(r), _base_count(n), _digits(dps)
    if (L is None) != (x is None):
        raise DomainError("L" if L is None else "x", "give both L and x, or neither")
    if L is not None:
        return _gaussian_prior_value(r, n, _positive(L, "L"), _positive(x, "x"), dps)
    L0, x0 = _default_prior(r)
    if L0 is None:
        return mpmath.mpf(0)
    candidates = [(L0, x0)]
    if gaussian_prior_cells(r, n, 2 * L0, 2 * x0) <= 4001:
        candidates += [(L0 * a, x0 * b) for a in (Fraction(3, 4), 1, Fraction(4, 3))
                       for b in (Fraction(1, 2), Fraction(7, 10), 1, Fraction(7, 5), 2)
                       if (a, b) != (1, 1)]
    return max(_gaussian_prior_value(r, n, L, x, dps) for L, x in candidates)


@lru_cache(maxsize=64)
def _default_prior(r: Fraction):
    # A function of r alone, so a curve over n (the budget figure, ``proofcheck gap``)
    # optimises the prior once, not at every count.
    chosen = choose_gaussian_prior(r)
    if chosen is None:
        return None, None
    return tuple(Fraction(value).limit_denominator(10 ** 6) for value in chosen)


def _positive(value, name) -> Fraction:
    number = exact(value, name)
    if number <= 0:
        raise DomainError(name, f"must be positive, got {value!r}")
    return number


def _ceil(value: Fraction) -> int:
    return -((-value.numerator) // value.denominator)


def _gaussian_prior_value(r, n, L, x, dps):
    S = x * r * n
    cells = gaussian_prior_cells(r, n, L, x)
    if cells > MAX_PRIOR_CELLS:
        raise DomainError("n", f"the truncated-Gaussian prior at n={n} has {cells} cells; "
                          f"exact sums are limited to {MAX_PRIOR_CELLS}")
    if cells == 1:
        return mpmath.mpf(0)  # J is constant: E(J − j⋆)² = 0 and (19) does not apply
    shift = _ceil(L * S) + 1  # B; J = B + Q_S ≥ 0
    if dps <= DOUBLE_DIGITS and cells > EXACT_SUM_CELLS:
        entropy, second_moment = quantised_gaussian_entropy_and_moment_double(S, L)
    else:
        entropy, second_moment = quantised_gaussian_entropy_and_moment(S, L, dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        allowed_error = to_mpf(r * (n + shift) + Fraction(1, 4))  # r(n + E J) + 1/4, E J = B
        information = entropy - mpmath.log(2 * mpmath.e * allowed_error)
        value = max(information, 0) / second_moment
    with mpmath.workdps(dps):
        return +value


def quantised_gaussian_entropy_and_moment(S, L, dps=DEFAULT_DPS):
    """(H(Q_S), E Q_S²) for Q_S = round(S·Z_L), by exact summation over the cells.

    P(Q_S = k) = (Φ(min((k + ½)/S, L)) − Φ(max((k − ½)/S, −L))) / (2Φ(L) − 1),
    symmetric in k.  Differences of Φ are taken as differences of erfc on the
    positive side, where they lose only about log10(S) digits, which the
    working precision adds back.  Returned as mpf at ``dps`` digits.
    """
    S, L = Fraction(S), Fraction(L)
    half = _ceil(L * S + Fraction(1, 2)) - 1
    bits = int((dps + GUARD_DIGITS + math.log10(float(S) + 1)) * 3.33) + 16
    with gmpy2.context(precision=bits):
        s_value = gmpy2.mpq(S.numerator, S.denominator)
        l_value = gmpy2.mpfr(gmpy2.mpq(L.numerator, L.denominator))
        root2 = gmpy2.sqrt(gmpy2.mpfr(2))
        mass = gmpy2.erf(l_value / root2)  # 2Φ(L) − 1
        edge_step = 1 / (2 * gmpy2.mpfr(s_value) * root2)  # the cell edge (k ± ½)/S, over √2
        l_scaled = l_value / root2
        centre = gmpy2.erf(min(edge_step, l_scaled)) / mass
        entropy = -centre * gmpy2.log(centre) if centre > 0 else gmpy2.mpfr(0)
        moment = gmpy2.mpfr(0)
        tail_lower = gmpy2.erfc(min(edge_step, l_scaled))
        tail_sum = gmpy2.mpfr(0)
        for k in range(1, half + 1):
            upper = min((2 * k + 1) * edge_step, l_scaled)
            tail_upper = gmpy2.erfc(upper)
            p = (tail_lower - tail_upper) / (2 * mass)
            tail_lower = tail_upper
            if p > 0:
                tail_sum -= p * gmpy2.log(p)
                moment += k * k * p
        entropy += 2 * tail_sum
        moment *= 2
        return _to_mpf(entropy, dps), _to_mpf(moment, dps)


def quantised_gaussian_entropy_and_moment_double(S, L, chunk: int = 1 << 20):
    """(H(Q_S), E Q_S²) in double precision, good to about DOUBLE_DIGITS digits.

    Each cell mass is computed without cancellation: for the cell [a, a + w]
    (a ≥ 0, w ≤ 1/S),

        Φ(a + w) − Φ(a) = φ(a) ∫₀^w e^{−at − t²/2} dt = φ(a) Σ_j c_j w^{j+1}/(j + 1),

    with c₀ = 1, c₁ = −a, c_j = −(a c_{j−1} + c_{j−2})/j (from f' = −(a + t)f),
    summed to sixteen terms (the remainder is far below double precision).  Used only for wide
    priors (large S), where the cells are narrow; returned as mpf.
    """
    S, L = Fraction(S), Fraction(L)
    half = _ceil(L * S + Fraction(1, 2)) - 1
    s_value, l_value = float(S), float(L)
    mass = math.erf(l_value / math.sqrt(2))
    width = 1 / s_value
    if width > 1e-2:
        raise DomainError("S", "the double-precision sums are for narrow cells (S > 100)")
    centre = 2 * _cell_masses(np.zeros(1), np.array([min(width / 2, l_value)]))[0] / mass
    entropy_terms = [-centre * math.log(centre)]
    moment_terms = []
    for first in range(1, half + 1, chunk):
        k = np.arange(first, min(first + chunk, half + 1), dtype=np.float64)
        lower = (k - 0.5) * width
        upper = np.minimum((k + 0.5) * width, l_value)
        p = _cell_masses(lower, upper - lower) / mass
        entropy_terms.append(-2 * math.fsum(p * np.log(p)))
        moment_terms.append(2 * math.fsum(k * k * p))
    with mpmath.workdps(DOUBLE_DIGITS):
        return mpmath.mpf(math.fsum(entropy_terms)), mpmath.mpf(math.fsum(moment_terms))


def _cell_masses(lower, width):
    """Φ(lower + width) − Φ(lower) for lower ≥ 0 and small width, by the series above."""
    term = width.copy()           # c_0 w
    total = term.copy()
    previous, current = np.zeros_like(lower), np.ones_like(lower)   # c_{-1}, c_0
    # Sixteen terms: with w ≤ 10⁻² and a ≤ L the remainder is below 10⁻²⁰ of the sum.
    for j in range(1, 16):
        previous, current = current, -(lower * current + previous) / j
        total += current * width ** (j + 1) / (j + 1)
    return np.exp(-lower * lower / 2) / math.sqrt(2 * math.pi) * total


def _to_mpf(value, dps):
    numerator, denominator = value.as_integer_ratio()
    with mpmath.workdps(dps):
        return mpmath.mpf(int(numerator)) / int(denominator)


# -- the best of them ---------------------------------------------------------------------------

def best_lower_bound(r, n, dps=None):
    """(value, name): the largest of (14), the best (23) and the Gaussian (19) at (r, n).

    The Gaussian prior is skipped when its exact sums exceed MAX_PRIOR_CELLS.
    """
    r, n, dps = _tolerance(r), _base_count(n), _digits(dps)
    bounds = [(two_count_bound(r, n, dps), "two-count (14)")]
    value, K = best_uniform_bound(r, n, dps)
    bounds.append((value, f"uniform prior (23), K={K}"))
    L, x = _default_prior(r)
    if L is not None and gaussian_prior_cells(r, n, L, x) <= MAX_PRIOR_CELLS:
        bounds.append((gaussian_prior_bound(r, n, dps=dps), "truncated-Gaussian prior (19)"))
    return max(bounds, key=lambda pair: pair[0])
