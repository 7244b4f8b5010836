"""The shifted-log Gaussian mechanism for one count (§3, Theorem 3.1).

Fix a tolerance 0 < r ≤ 1 and design parameters 0 < r0 < r and c > 0.  With

    σ = Φ⁻¹(1/2 + r0/(2(1 + c)))                                      (3)

the mechanism releases, for a count n ≥ 0 and Z ~ N(0, 1),

    x̂ = [(n + c) exp(σZ − σ²) − c]₊                                  (4)

and satisfies count-dependent zCDP (Definition 2.1) with the budget of the
edge (n − 1) ↔ n

    v(n) = log²((n + c)/(n − 1 + c)) / (2σ²)   (n ≥ 1),   v(0) = v(1)   (5), (6)

-- a zCDP ρ for that one edge, valid in both directions and at every order.
v is computed as log1p(1/(n − 1 + c))²/(2σ²), which loses no digits to
cancellation however large n is (the ratio (n + c)/(n − 1 + c) does, from
n ≈ 10^8 on in double precision).

Expected absolute error of the release.  Before clipping, U = (n + c)W − c
with W = exp(σZ − σ²), and Lemma 4.1 gives E|U − n| = (n + c)(2Φ(σ) − 1),
which (3) makes r0(n + c)/(1 + c), eq. (9).  Clipping changes the error only
on {U ≤ 0} = {Z ≤ z₀}, z₀ = (log(c/(n + c)) + σ²)/σ, where |U − n| = n − U
becomes n; so the clipped error is (9) minus E[(−U)₊]:

    E|x̂ − n| = (n + c)(2Φ(σ) − 1) − cΦ(z₀) + (n + c)e^{−σ²/2} Φ(z₀ − σ),

using E[W·1{Z ≤ z}] = e^{−σ²/2} Φ(z − σ) (the Gaussian shift identity in the
proof of Lemma 4.1).  ``expected_absolute_error`` returns this exact value;
the tests compare it with quadrature of the definition and with Monte Carlo.

r = 1.  Proposition 2.3: the data-independent release x̂ = 1/2 meets the
repaired utility criterion (2) at every count with v ≡ 0.  The API serves
r = 1 with exactly that release: ``ShiftedLogGaussian(1)`` is in
data-independent mode (``data_independent`` is True, ``sigma`` is +∞ -- the
noise that makes the budget zero -- and ``r0`` is None), ``v`` and
``epsilon`` are 0, the expected error is |n − 1/2|, and ``release`` returns
1/2 for every count (or its stochastic rounding, 0 or 1 with probability 1/2
each).  Giving r0 together with r = 1 is an error.
"""
from __future__ import annotations

import mpmath
import numpy as np

from ...core.model.errors import DomainError
from ...core.numbers.precision import GUARD_DIGITS, validate_dps
from ..divergences.renyi import AtomPlusDensity, shifted_log_coordinate
from ..numerics.exact_inputs import count, exact, positive, probability, to_mpf

DEFAULT_DPS = 50
# The mechanism's quantities (Phi^-1, v(n), the exact expected error) grow nearly as the square
# of the digits: 0.7 s for a table at 2000 digits, 15 s at 10 000, 108 s at 30 000, so a table
# at 100 000 would take about a quarter of an hour.  They stop here.
MAX_DIGITS = 10_000
_INT64_LIMIT = float(2 ** 62)


class ShiftedLogGaussian:
    """The mechanism (4) with parameters (r, r0, c); r0 defaults to r/2 (Theorem 1.1's proof).

    ``r``, ``r0``, ``c`` and ``sigma`` are mpmath numbers at ``dps`` digits;
    the methods compute at ``dps`` digits unless given another ``dps``.
    """

    def __init__(self, r, r0=None, c=1.0, dps: int = DEFAULT_DPS):
        self.dps = _digits(dps)
        self._r = exact(r, "r")
        if not 0 < self._r <= 1:
            raise DomainError("r", f"must lie in (0, 1], got {r!r}")
        self._c = positive(c, "c")
        self.data_independent = self._r == 1 and r0 is None
        if self._r == 1 and r0 is not None:
            raise DomainError("r0", "at r = 1 the release is the data-independent one of "
                              "Proposition 2.3 (v = 0); r0 is not used")
        self._r0 = None if self.data_independent else (
            self._r / 2 if r0 is None else exact(r0, "r0"))
        if self._r0 is not None and not 0 < self._r0 < self._r:
            raise DomainError("r0", f"must lie in (0, r) = (0, {self._r}), got {r0!r}")
        with mpmath.workdps(self.dps):
            self.r = to_mpf(self._r)
            self.c = to_mpf(self._c)
            self.r0 = None if self._r0 is None else to_mpf(self._r0)
        self._sigmas: dict = {}
        self.sigma = self._sigma(self.dps)

    @property
    def exact_parameters(self) -> dict:
        """r, r0 and c as the exact rationals the mechanism was built from (r0 None at r = 1)."""
        return {"r": self._r, "r0": self._r0, "c": self._c}

    def __repr__(self):
        if self.data_independent:
            return "ShiftedLogGaussian(r=1): data-independent release 1/2 (Proposition 2.3)"
        return f"ShiftedLogGaussian(r={self._r}, r0={self._r0}, c={self._c})"

    # -- the parameters of (3) -------------------------------------------------------------

    def _sigma(self, dps):
        """(3): Φ⁻¹(1/2 + r0/(2(1+c))) = √2 · erfinv(r0/(1 + c)), at ``dps`` digits."""
        if self.data_independent:
            return mpmath.inf
        if dps not in self._sigmas:
            with mpmath.workdps(dps):
                self._sigmas[dps] = mpmath.sqrt(2) * mpmath.erfinv(to_mpf(self._r0 / (1 + self._c)))
        return self._sigmas[dps]

    def _dps(self, dps):
        return self.dps if dps is None else _digits(dps)

    # -- privacy ---------------------------------------------------------------------------

    def v(self, n, dps=None):
        """zCDP ρ of the edge (n − 1) ↔ n, (6); v(0) = v(1), (5).  Exact to ``dps`` digits."""
        n = count(n, "n")
        dps = self._dps(dps)
        if self.data_independent:
            return mpmath.mpf(0)
        edge = max(n, 1)
        with mpmath.workdps(dps + GUARD_DIGITS):
            # log((n + c)/(n − 1 + c)) = log1p(1/(n − 1 + c)), with 1/(n − 1 + c) exact.
            step = mpmath.log1p(to_mpf(1 / (edge - 1 + self._c)))
            value = step ** 2 / (2 * self._sigma(dps + GUARD_DIGITS) ** 2)
        with mpmath.workdps(dps):
            return +value

    def epsilon(self, n, delta, dps=None):
        """(ε, δ)-DP of the edge (n − 1) ↔ n from its zCDP ρ = v(n): ρ + 2√(ρ log(1/δ)), §5.1."""
        delta = probability(delta, "delta")
        dps = self._dps(dps)
        rho = self.v(n, dps=dps + GUARD_DIGITS)
        with mpmath.workdps(dps + GUARD_DIGITS):
            value = rho + 2 * mpmath.sqrt(rho * -mpmath.log(to_mpf(delta)))
        with mpmath.workdps(dps):
            return +value

    # -- utility ---------------------------------------------------------------------------

    def expected_absolute_error(self, n, clipped=True, dps=None):
        """E|x̂ − n| exactly (module docstring); ``clipped=False`` gives E|U − n|, (9)."""
        n = count(n, "n")
        dps = self._dps(dps)
        if self.data_independent:
            return abs(mpmath.mpf(n) - mpmath.mpf(1) / 2)
        with mpmath.workdps(dps + GUARD_DIGITS):
            sigma = self._sigma(dps + GUARD_DIGITS)
            shifted = to_mpf(n + self._c)
            unclipped = shifted * mpmath.erf(sigma / mpmath.sqrt(2))  # (n + c)(2Φ(σ) − 1)
            if not clipped:
                value = unclipped
            else:
                c = to_mpf(self._c)
                z0 = (mpmath.log(to_mpf(self._c / (n + self._c))) + sigma ** 2) / sigma
                mass_below_zero = c * mpmath.ncdf(z0) \
                    - shifted * mpmath.exp(-sigma ** 2 / 2) * mpmath.ncdf(z0 - sigma)
                value = unclipped - mass_below_zero
        with mpmath.workdps(dps):
            return +value

    def error_bound(self, n, dps=None):
        """Theorem 3.1(i): E|x̂ − n| ≤ r0(n + c)/(1 + c); r at r = 1 (the release 1/2)."""
        n = count(n, "n")
        with mpmath.workdps(self._dps(dps)):
            if self.data_independent:
                return +self.expected_absolute_error(n)
            return to_mpf(self._r0 * (n + self._c) / (1 + self._c))

    def utility_target(self, n, dps=None):
        """The repaired criterion (2): r·max(n, 1), which the error stays strictly below."""
        n = count(n, "n")
        with mpmath.workdps(self._dps(dps)):
            return to_mpf(self._r * max(n, 1))

    # -- the released law, for quadrature ----------------------------------------------------

    def output_law(self, n, clipped=True, dps=None) -> AtomPlusDensity:
        """The law of x̂ (clipped: atom at 0 plus a density on (0, ∞)) or of U (on (−c, ∞)).

        Density of U at y > −c: φ((log(y + c) − μ)/σ) / (σ (y + c)), μ = log(n + c) − σ², (10);
        the clipped law moves the mass of (−c, 0] to the atom Φ((log c − μ)/σ) at 0.
        Constants are computed at ``dps`` plus guard digits.
        """
        n = count(n, "n")
        if self.data_independent:
            return AtomPlusDensity(atom=1, atom_at=mpmath.mpf(1) / 2, label="point mass at 1/2")
        dps = self._dps(dps) + GUARD_DIGITS
        with mpmath.workdps(dps):
            sigma = self._sigma(dps)
            c = to_mpf(self._c)
            mu = mpmath.log(to_mpf(n + self._c)) - sigma ** 2
            log_norm = -mpmath.log(sigma) - mpmath.log(2 * mpmath.pi) / 2

            def log_density_t(t):
                # The density at y = e^t − c, written in t = log(y + c) so that no
                # digits are lost forming y + c near y = −c.
                z = (t - mu) / sigma
                return log_norm - z * z / 2 - t

            def log_density(y):
                return log_density_t(mpmath.log(y + c))

            common = dict(log_density=log_density, log_density_t=log_density_t,
                          coordinate=shifted_log_coordinate(c), upper=mpmath.inf)
            centre = mpmath.exp(mu) - c
            if clipped:
                atom = mpmath.ncdf((mpmath.log(c) - mu) / sigma)
                return AtomPlusDensity(atom=atom, atom_at=mpmath.mpf(0), lower=mpmath.mpf(0),
                                       center=max(centre, c), label=f"clipped release at n={n}",
                                       **common)
            return AtomPlusDensity(lower=-c, center=centre, label=f"unclipped release at n={n}",
                                   **common)

    # -- sampling --------------------------------------------------------------------------

    def release(self, counts, rng=None, integer=False):
        """Draw (4) independently for every count; a reference sampler for verification.

        ``counts`` is any array of nonnegative integers (integral floats are
        accepted); the result has the same shape, float64, or int64 with
        ``integer=True`` (float64 holding integers if a value exceeds 2^62).
        ``rng`` is a ``numpy.random.Generator``, a seed, or None (fresh entropy).
        ``integer=True`` applies stochastic rounding (§3): ⌊y⌋ or ⌈y⌉ with the
        probabilities that keep the conditional mean y; it is postprocessing,
        so the budget v is unchanged, and for an integer count n the conditional
        expected error stays exactly |y − n|.

        This is a reference sampler, written to check the paper's claims on
        released values.  It is not hardened against floating-point side
        channels: like the textbook Laplace sampler studied by Mironov (2012,
        "On significance of the least significant bits for differential
        privacy"), it computes in double precision with numpy's PCG64, so the
        set of attainable outputs, their rounding, and the generator all leak
        information and the stated budget does not hold bit for bit.  A
        production deployment needs a cryptographically secure random source,
        an exact or discretised sampler for the log-space Gaussian (for example
        the discrete Gaussian of Canonne, Kamath and Steinke 2020 on a fixed
        grid, or snapping as in Mironov's fix) with the budget re-derived for
        that discrete mechanism, and constant-time arithmetic independent of
        the data.
        """
        values = _counts_array(counts)
        generator = _generator(rng)
        if self.data_independent:
            released = np.full(values.shape, 0.5)
        else:
            sigma = float(self.sigma)
            released = generator.standard_normal(values.shape)
            released *= sigma
            released -= sigma * sigma
            np.exp(released, out=released)
            values += float(self.c)
            released *= values
            released -= float(self.c)
            np.maximum(released, 0.0, out=released)
        if integer:
            scratch = values if values.dtype == np.float64 and values.shape == released.shape else None
            return _round_in_place(released, generator, scratch)
        return released


def stochastic_round(values, rng=None):
    """⌊y⌋ + 1{u < y − ⌊y⌋}, u uniform on [0, 1): mean y, values ⌊y⌋ and ⌈y⌉ (§3).

    ``values`` must be nonnegative; int64 is returned unless a value exceeds
    2^62 (then float64 holding the integers).
    """
    generator = _generator(rng)
    values = np.array(values, dtype=np.float64)  # a private copy, rounded in place
    if values.size and not values.min() >= 0:
        raise DomainError("values", "stochastic rounding here is for nonnegative values")
    return _round_in_place(values, generator)


def _round_in_place(values, generator, scratch=None):
    """Stochastic rounding of ``values`` (overwritten), using ``scratch`` (float64, same shape) if given.

    ⌊y + u⌋ with u uniform on [0, 1) is ⌊y⌋ + 1 exactly when u ≥ 1 − (y − ⌊y⌋),
    an event of probability y − ⌊y⌋: the rounding of §3, in two passes.
    """
    fits = values.size == 0 or float(values.max()) < _INT64_LIMIT
    uniform = generator.random(values.shape, out=scratch)
    values += uniform
    if not fits:
        return np.floor(values, out=values)
    # The uniforms are spent: their buffer receives the integers.
    rounded = uniform.view(np.int64)
    np.floor(values, out=rounded, casting="unsafe")
    return rounded


def stochastic_rounding_law(y):
    """The law of the stochastic rounding of y ≥ 0, exactly: (⌊y⌋, ⌊y⌋ + 1, P(up) = y − ⌊y⌋)."""
    y = exact(y, "y")
    if y < 0:
        raise DomainError("y", f"must be nonnegative, got {y}")
    floor = y.numerator // y.denominator
    return floor, floor + 1, y - floor


def _digits(dps) -> int:
    return validate_dps(dps, "dps", high=MAX_DIGITS, error=DomainError)


def _generator(rng) -> np.random.Generator:
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return np.random.default_rng(int(rng))
    raise DomainError("rng", "expected a numpy.random.Generator, a nonnegative seed or None, "
                      f"got {rng!r}")


def _counts_array(counts) -> np.ndarray:
    """The counts as a fresh float64 array, after checking they are nonnegative integers."""
    try:
        array = np.asarray(counts)
    except (TypeError, ValueError) as error:
        raise DomainError("counts", f"not an array of counts: {error}") from None
    kind = array.dtype.kind
    if kind in "iu":
        if array.size and array.min() < 0:
            raise DomainError("counts", f"a count must be nonnegative, got {array.min()}")
        return array.astype(np.float64)
    if kind == "f":
        values = array.astype(np.float64)
        if values.size:
            if not np.isfinite(values).all():
                raise DomainError("counts", "a count must be finite (NaN or inf given)")
            if values.min() < 0:
                raise DomainError("counts", f"a count must be nonnegative, got {values.min()}")
            if not (np.floor(values) == values).all():
                raise DomainError("counts", "a count must be an integer")
        return values
    if kind == "O":
        checked = [count(value, "counts") for value in array.ravel()]
        return np.array(checked, dtype=np.float64).reshape(array.shape)
    raise DomainError("counts", f"expected integer counts, got an array of {array.dtype}")
