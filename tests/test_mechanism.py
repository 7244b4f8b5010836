"""The shifted-log Gaussian mechanism of §3, run: its parameters, its budget, and the
utility of what it releases (after clipping and rounding), checked from definitions.

Quadratures run at 30 digits and are compared with ``agree`` at 18 digits;
inequalities are decided only beyond that tolerance.  The Monte Carlo test uses
10^6 draws with a fixed seed and a two-sided interval of z = 4.5 sample standard
errors (a false alarm about once in 150 000 runs of a correct sampler).
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest
from conftest import mechanisms
from hypothesis import given
from hypothesis import strategies as st

from proofcheck import ShiftedLogGaussian
from proofcheck.core.model.errors import DomainError
from proofcheck.core.numbers.precision import required_digits
from proofcheck.dp.mechanisms.shifted_log_gaussian import stochastic_round, stochastic_rounding_law

DPS = 30
Z_MONTE_CARLO = 4.5


counts = st.one_of(st.just(0), st.integers(0, 10), st.integers(0, 10**9))


def _mp(value):
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return mpmath.mpf(value)


def agree_relative(a, b, dps=DPS):
    """Agreement to 3·dps/5 significant digits, with no absolute floor.

    ``core.precision.agree`` counts any two numbers below 10^(-4·dps/5) as
    equal; v(n) at n = 10^18 is about 10^-35, so its digits need this test.
    """
    with mpmath.workdps(dps + 10):
        a, b = mpmath.mpf(a), mpmath.mpf(b)
        return abs(a - b) <= mpmath.mpf(10) ** (-required_digits(dps)) * max(abs(a), abs(b))


def clearly_less(a, b, dps=DPS):
    """a < b decided beyond the 3·dps/5-digit tolerance (an undecided comparison is not a pass)."""
    return b - a > mpmath.mpf(10) ** (-required_digits(dps)) * max(abs(a), abs(b))


# -- the parameters of (3) ------------------------------------------------------------------

@given(mechanisms())
def test_sigma_solves_equation_3(params):
    r, r0, c = params
    mechanism = ShiftedLogGaussian(r, r0, c, dps=50)
    with mpmath.workdps(50):
        # Φ computed by mpmath's ncdf, an independent route from the erfinv in the class.
        assert agree_relative(mpmath.ncdf(mechanism.sigma), mpmath.mpf(1) / 2 + _mp(r0 / (2 * (1 + c))), 50)


def test_r0_defaults_to_half_r_as_in_theorem_1_1():
    mechanism = ShiftedLogGaussian("0.3")
    assert mechanism.exact_parameters == {"r": Fraction(3, 10), "r0": Fraction(3, 20), "c": 1}


def test_floats_mean_the_decimal_they_print():
    assert ShiftedLogGaussian(0.1, c=0.5).exact_parameters["r"] == Fraction(1, 10)


# -- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, parameter", [
    (dict(r=0), "r"), (dict(r=-0.1), "r"), (dict(r=1.5), "r"), (dict(r=float("nan")), "r"),
    (dict(r=float("inf")), "r"), (dict(r="abc"), "r"), (dict(r=True), "r"), (dict(r=None), "r"),
    (dict(r=0.5, r0=0), "r0"), (dict(r=0.5, r0=0.5), "r0"), (dict(r=0.5, r0=0.7), "r0"),
    (dict(r=0.5, r0=float("nan")), "r0"), (dict(r=1, r0=0.5), "r0"),
    (dict(r=0.5, c=0), "c"), (dict(r=0.5, c=-1), "c"), (dict(r=0.5, c=float("inf")), "c"),
    (dict(r=0.5, c=float("nan")), "c"), (dict(r=0.5, c="1e999999"), "c"),
])
def test_out_of_domain_parameters_are_refused_by_name(kwargs, parameter):
    with pytest.raises(ValueError) as error:
        ShiftedLogGaussian(**kwargs)
    assert isinstance(error.value, DomainError)
    assert error.value.parameter == parameter
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("call, parameter", [
    (lambda m: m.v(-1), "n"), (lambda m: m.v(1.5), "n"), (lambda m: m.v(float("nan")), "n"),
    (lambda m: m.v(float("inf")), "n"), (lambda m: m.v("ten"), "n"),
    (lambda m: m.epsilon(3, 0), "delta"), (lambda m: m.epsilon(3, 1), "delta"),
    (lambda m: m.epsilon(3, float("nan")), "delta"), (lambda m: m.expected_absolute_error(-2), "n"),
    (lambda m: m.release([1, -1]), "counts"), (lambda m: m.release([1.5]), "counts"),
    (lambda m: m.release([np.nan]), "counts"), (lambda m: m.release([np.inf]), "counts"),
    (lambda m: m.release(["a"]), "counts"), (lambda m: m.release([True]), "counts"),
    (lambda m: m.release([1], rng="seed"), "rng"), (lambda m: m.release([1], rng=-3), "rng"),
    (lambda m: m.v(3, dps=2), "dps"),
])
def test_bad_arguments_are_refused_by_name(call, parameter):
    with pytest.raises(DomainError) as error:
        call(ShiftedLogGaussian("0.2"))
    assert error.value.parameter == parameter


# -- r = 1: Proposition 2.3 -----------------------------------------------------------------

def test_r_equal_one_is_the_data_independent_release_of_proposition_2_3():
    mechanism = ShiftedLogGaussian(1)
    assert mechanism.data_independent and mechanism.sigma == mpmath.inf and mechanism.r0 is None
    for n in (0, 1, 2, 10**6):
        assert mechanism.v(n) == 0 and mechanism.epsilon(n, "1e-9") == 0
        error = mechanism.expected_absolute_error(n)
        assert error == abs(mpmath.mpf(n) - mpmath.mpf(1) / 2)
        assert error < max(n, 1)  # (2) strictly
    released = mechanism.release([0, 5, 10**9], rng=1)
    assert (released == 0.5).all()
    rounded = mechanism.release(np.zeros(100_000, dtype=int), rng=2, integer=True)
    assert set(np.unique(rounded)) <= {0, 1} and abs(rounded.mean() - 0.5) < Z_MONTE_CARLO * 0.5 / 300


# -- the budget (5)-(7) ---------------------------------------------------------------------

@given(mechanisms())
def test_v_zero_equals_v_one_by_5(params):
    mechanism = ShiftedLogGaussian(*params)
    assert mechanism.v(0) == mechanism.v(1)


@given(mechanisms(), st.integers(1, 10**12))
def test_v_is_nonincreasing(params, n):
    mechanism = ShiftedLogGaussian(*params)
    assert mechanism.v(n + 1) < mechanism.v(n)


@pytest.mark.parametrize("n", [1, 10, 10**8, 10**15, 10**18])
def test_v_keeps_its_digits_up_to_n_1e18(n):
    """(6) at 30 digits against the plain ratio log((n+c)/(n−1+c)) evaluated with 80 digits."""
    mechanism = ShiftedLogGaussian("0.3", c="0.7")
    with mpmath.workdps(80):
        c, sigma = mpmath.mpf(7) / 10, mechanism._sigma(80)
        plain = mpmath.log((n + c) / (n - 1 + c)) ** 2 / (2 * sigma ** 2)
    assert agree_relative(mechanism.v(n, dps=DPS), plain, DPS)


def test_the_plain_ratio_in_double_precision_would_lose_the_digits():
    """Negative control for the test above: the naive form in floats fails at n = 10^15."""
    mechanism = ShiftedLogGaussian("0.3", c="0.7")
    n, sigma = 10**15, float(mechanism.sigma)
    naive = np.log((n + 0.7) / (n - 1 + 0.7)) ** 2 / (2 * sigma ** 2)
    assert not agree_relative(naive, mechanism.v(n), 15)


@given(mechanisms())
def test_v_decays_as_inverse_square_with_first_correction_from_7(params):
    """n²v(n)·2σ² = 1 − (2c − 1)/n + O(n⁻²): (7)'s rate, and its O(n⁻³) remainder, by expansion."""
    mechanism = ShiftedLogGaussian(*params, dps=60)
    c = _mp(params[2])
    with mpmath.workdps(60):
        for n in (10**6, 10**9):
            scaled = n * n * mechanism.v(n, dps=60) * 2 * mechanism.sigma ** 2
            assert abs(n * (scaled - 1) + (2 * c - 1)) < 10 * (1 + c) ** 2 / n


def test_epsilon_is_the_zcdp_conversion_and_bounds_the_exact_gaussian_profile():
    """ε(δ) of §5.1 is sound: the unclipped edge is a Gaussian pair whose exact δ(ε) is below δ.

    Exact profile of a Gaussian pair with μ = √(2ρ) (Balle and Wang 2018, Theorem 8):
    δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ).  Negative control: reading ρ itself as ε
    (dropping the δ term) gives an ε whose exact δ exceeds δ.
    """
    mechanism = ShiftedLogGaussian("0.2")
    with mpmath.workdps(40):
        for n in (1, 10, 1000):
            for delta in (mpmath.mpf("1e-3"), mpmath.mpf("1e-9")):
                rho = mechanism.v(n)
                mu = mpmath.sqrt(2 * rho)

                def exact_delta(eps):
                    return (mpmath.ncdf(mu / 2 - eps / mu)
                            - mpmath.exp(eps) * mpmath.ncdf(-mu / 2 - eps / mu))

                eps = mechanism.epsilon(n, delta)
                assert agree_relative(eps, rho + 2 * mpmath.sqrt(rho * mpmath.log(1 / delta)), DPS)
                assert exact_delta(eps) < delta
                assert exact_delta(rho) > delta


# -- utility of the released value (§4, Theorem 3.1(i)) ---------------------------------------

def _quadrature_error(mechanism, n, clipped, drift=None):
    """E|x̂ − n| by quadrature of the definition over Z ~ N(0, 1), split at every kink."""
    with mpmath.workdps(DPS + 10):
        sigma = mechanism._sigma(DPS + 10)
        c = _mp(mechanism.exact_parameters["c"])
        drift = sigma ** 2 if drift is None else drift
        shifted = n + c

        def released(z):
            value = shifted * mpmath.exp(sigma * z - drift) - c
            return max(value, 0) if clipped else value

        kinks = [drift / sigma]                                   # U = n
        if clipped:
            kinks.append((mpmath.log(c / shifted) + drift) / sigma)  # U = 0
        points = [-mpmath.inf] + sorted(kinks) + [mpmath.inf]
        return mpmath.quad(lambda z: abs(released(z) - n) * mpmath.npdf(z), points)


@pytest.mark.slow
@given(mechanisms(), counts)
def test_unclipped_error_equals_9_by_quadrature(params, n):
    r, r0, c = params
    mechanism = ShiftedLogGaussian(r, r0, c)
    by_quadrature = _quadrature_error(mechanism, n, clipped=False)
    with mpmath.workdps(DPS):
        assert agree_relative(by_quadrature, _mp(r0 * (n + c) / (1 + c)), DPS)          # (9) as printed
        assert agree_relative(by_quadrature, mechanism.expected_absolute_error(n, clipped=False), DPS)


def test_the_quadrature_rejects_the_mean_correcting_drift():
    """Negative control: with drift σ²/2 (Finley et al.'s unbiased estimator) (9) no longer holds."""
    mechanism = ShiftedLogGaussian("0.4", c="2")
    sigma = mechanism.sigma
    wrong = _quadrature_error(mechanism, 7, clipped=False, drift=sigma ** 2 / 2)
    assert not agree_relative(wrong, mpmath.mpf("0.2") * 9 / 3, DPS)


def test_drift_sigma_squared_minimises_absolute_error_section_4_1():
    mechanism = ShiftedLogGaussian("0.5", c="1")
    sigma = mechanism.sigma
    at = {h: _quadrature_error(mechanism, 5, clipped=False, drift=sigma ** 2 + h)
          for h in (-mpmath.mpf("1e-3"), 0, mpmath.mpf("1e-3"))}
    assert clearly_less(at[0], at[-mpmath.mpf("1e-3")]) and clearly_less(at[0], at[mpmath.mpf("1e-3")])


@pytest.mark.slow
@given(mechanisms(), counts)
def test_clipped_error_is_exact_and_within_theorem_3_1_i(params, n):
    r, r0, c = params
    mechanism = ShiftedLogGaussian(r, r0, c)
    by_quadrature = _quadrature_error(mechanism, n, clipped=True)
    exact = mechanism.expected_absolute_error(n)
    with mpmath.workdps(DPS):
        assert agree_relative(by_quadrature, exact, DPS)
        unclipped = _mp(r0 * (n + c) / (1 + c))
        assert exact <= unclipped * (1 + mpmath.mpf(10) ** -required_digits(DPS))
        assert clearly_less(exact, _mp(r * max(n, 1)))                        # strict (2)


def test_clipping_strictly_helps_at_the_boundary_count():
    mechanism = ShiftedLogGaussian("0.6", c="0.5")
    assert clearly_less(mechanism.expected_absolute_error(0), mechanism.expected_absolute_error(0, False))


# -- stochastic rounding (§3) -----------------------------------------------------------------

@given(st.fractions(min_value=0, max_value=10**6), st.integers(0, 10**6 + 1))
def test_stochastic_rounding_keeps_the_mean_and_the_error_to_an_integer(y, n):
    low, high, up = stochastic_rounding_law(y)
    assert high == low + 1 and 0 <= up < 1
    assert (1 - up) * low + up * high == y                                       # conditional mean
    assert (1 - up) * abs(low - n) + up * abs(high - n) == abs(y - n)            # E|round(y) − n|


def test_stochastic_rounding_error_identity_fails_for_a_non_integer_target():
    """Negative control: linearity of |z − n| between integers is what the identity needs."""
    low, high, up = stochastic_rounding_law(Fraction(5, 2))
    target = Fraction(12, 5)
    assert (1 - up) * abs(low - target) + up * abs(high - target) != abs(Fraction(5, 2) - target)


def test_sampled_rounding_goes_up_with_probability_the_fractional_part():
    draws = 10**6
    rounded = stochastic_round(np.full(draws, 41.3), rng=7)
    assert set(np.unique(rounded)) == {41, 42}
    frequency = (rounded == 42).mean()
    assert abs(frequency - 0.3) < Z_MONTE_CARLO * np.sqrt(0.3 * 0.7 / draws)


# -- the sampler ------------------------------------------------------------------------------

def test_release_is_reproducible_from_a_seed_and_a_generator():
    mechanism = ShiftedLogGaussian("0.3")
    counts = np.arange(20).reshape(4, 5)
    first = mechanism.release(counts, rng=11)
    assert first.shape == (4, 5) and first.dtype == np.float64
    assert (first == mechanism.release(counts, rng=np.random.default_rng(11))).all()
    assert (first >= 0).all()
    integers = mechanism.release(counts, rng=11, integer=True)
    assert integers.dtype == np.int64 and (np.abs(integers - first) < 1).all()


def test_release_clips_at_zero():
    released = ShiftedLogGaussian("0.9", r0="0.89", c="0.01").release(np.zeros(10_000, dtype=int), rng=3)
    assert (released == 0).mean() > 0.3 and (released >= 0).all()


def test_release_docstring_says_it_is_a_reference_sampler():
    doc = ShiftedLogGaussian.release.__doc__
    assert "reference sampler" in doc and "Mironov" in doc and "production" in doc


@pytest.mark.parametrize("n, integer", [(0, False), (3, False), (3, True), (250, True)])
def test_monte_carlo_error_of_release_matches_the_exact_value(n, integer):
    draws = 10**6
    mechanism = ShiftedLogGaussian("0.4", c="1.5")
    released = mechanism.release(np.full(draws, n), rng=20260729 + n, integer=integer)
    errors = np.abs(released - n)
    half_width = Z_MONTE_CARLO * errors.std(ddof=1) / np.sqrt(draws)
    exact = float(mechanism.expected_absolute_error(n))
    assert abs(errors.mean() - exact) < half_width
    # Power: the same interval rejects the error of a mechanism with r0 off by 2 %.
    wrong = float(ShiftedLogGaussian("0.4", r0="0.204", c="1.5").expected_absolute_error(n))
    assert abs(errors.mean() - wrong) > half_width
