"""Both halves of the paper, consistent: the mechanism's v(n) (§3) against the
mechanism-independent lower bounds of §6, and the `gap` and `mechanism` commands.

Lower bounds are computed at 30 digits (exact rational arithmetic for (14),
exact finite sums for the priors); an inequality v(n) ≥ bound is decided only
when the two differ beyond 18 significant digits.
"""
from __future__ import annotations

import json
import math
from fractions import Fraction

import mpmath
import pytest
from conftest import mechanisms
from hypothesis import given
from hypothesis import strategies as st

from proofcheck import ShiftedLogGaussian
from proofcheck.cli import main as cli
from proofcheck.core.model.errors import DomainError
from proofcheck.core.numbers.precision import required_digits
from proofcheck.dp.lower_bounds import bounds as lb

DPS = 30
TOLERANCE = mpmath.mpf(10) ** (-required_digits(DPS))


def _mp(value):
    value = Fraction(value)
    return mpmath.mpf(value.numerator) / value.denominator


def clearly_at_least(v, bound):
    """v ≥ bound, decided: bound is 0 or v exceeds it beyond the tolerance."""
    return bound == 0 or v - bound > TOLERANCE * v


def _relative_gap(a, b):
    return abs(a - b) / max(abs(a), abs(b))


# -- (14), (15) ----------------------------------------------------------------------------

def test_two_count_bound_tends_to_15():
    """n²·(14) → (1 − r)^6/(128 r²(1 + r)²) as n → ∞ (the ceiling costs O(1/n))."""
    for r in (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10)):
        with mpmath.workdps(DPS):
            limit = _mp((1 - r) ** 6 / (128 * r ** 2 * (1 + r) ** 2))
            n = 10**12
            scaled = n * n * lb.two_count_bound(r, n)
            assert abs(scaled / limit - 1) < mpmath.mpf(10) ** -10
            assert not abs(scaled / (2 * limit) - 1) < mpmath.mpf(10) ** -10       # control


def test_two_count_threshold_m_separates_the_laws_as_in_the_proof():
    """At m = ⌈C_r n⌉ the Markov bounds sum to r(q + 1)/(q − 1) ≤ (1 + r)/2, q = √(m/n)."""
    for r in (Fraction(1, 20), Fraction(1, 3), Fraction(4, 5)):
        for n in (1, 7, 1000):
            c_r = ((1 + 3 * r) / (1 - r)) ** 2
            m = math.ceil(c_r * n)
            with mpmath.workdps(DPS):
                q = mpmath.sqrt(mpmath.mpf(m) / n)
                assert _mp(r) * (q + 1) / (q - 1) <= _mp((1 + r) / 2) * (1 + TOLERANCE)
            # and a smaller C_r, e.g. ((1 + 2r)/(1 − r))², would not separate them at large n
            m_small = math.ceil(((1 + 2 * r) / (1 - r)) ** 2 * 10**6)
            with mpmath.workdps(DPS):
                q = mpmath.sqrt(mpmath.mpf(m_small) / 10**6)
                assert _mp(r) * (q + 1) / (q - 1) > _mp((1 + r) / 2)


# -- (23) is (19) with the uniform prior; (24)-(25) ------------------------------------------

@pytest.mark.parametrize("K", [3, 5, 11, 41])
def test_uniform_bound_23_is_19_with_the_uniform_prior(K):
    """(19) from its three ingredients summed over the prior, against (23)."""
    r, n = Fraction(1, 100), 10
    with mpmath.workdps(DPS + 10):
        p = mpmath.mpf(1) / K
        entropy = -mpmath.fsum(p * mpmath.log(p) for _ in range(K))
        mean = mpmath.fsum(j * p for j in range(K))
        centre = (K - 1) // 2
        spread = mpmath.fsum((j - centre) ** 2 * p for j in range(K))
        information = entropy - mpmath.log(2 * mpmath.e * (_mp(r) * (n + mean) + mpmath.mpf(1) / 4))
        by_definition = max(information, 0) / spread
        assert by_definition > 0
        assert _relative_gap(lb.uniform_bound(r, n, K, dps=DPS), by_definition) <= TOLERANCE
        # control: (23) with 6 in place of 12 would not match
        assert _relative_gap(lb.uniform_bound(r, n, K, dps=DPS) / 2, by_definition) > TOLERANCE


def test_best_uniform_bound_approaches_24_and_25():
    """r²n²·(23) at the best K → (12/a²)[log(a/(2e(1 + ar/2)))]₊ with a = K/(rn), (24),
    which is close to 3/(2e³) for small r, (25)."""
    r, n = Fraction(1, 1000), 10**8
    value, K = lb.best_uniform_bound(r, n, dps=DPS)
    with mpmath.workdps(DPS):
        a = mpmath.mpf(K) / (_mp(r) * n)
        limit_24 = 12 / a ** 2 * mpmath.log(a / (2 * mpmath.e * (1 + a * _mp(r) / 2)))
        scaled = value * _mp(r) ** 2 * n * n
        # (24) drops the −1 of K² − 1, the 1/4 and the −1/2 of (K − 1)/2: O(1/(rn)) apart.
        assert abs(scaled / limit_24 - 1) < 5 / (_mp(r) * n)
        assert abs(a / (2 * mpmath.e ** 1.5) - 1) < mpmath.mpf("0.01")               # a ≈ 2e^{3/2}
        # (25) is the r → 0 limit; log(1 + ar/2) ≈ ar/2 against a bracket of 1/2 costs ~ar.
        assert abs(scaled / (3 / (2 * mpmath.e ** 3)) - 1) < 2 * a * _mp(r)


def test_uniform_bound_vanishes_for_r_at_least_one_over_e():
    for K in (3, 101, 10**6 + 1):
        assert lb.uniform_bound(Fraction(3, 8), 50, K) == 0
    assert lb.best_uniform_bound(Fraction(3, 8), 50)[0] == 0


# -- the truncated-Gaussian prior: Lemma 6.6, (30), (29) -------------------------------------

def test_quantised_prior_sums_follow_lemma_6_6():
    """H(Q_S) − log S → h_L and E Q_S²/S² → τ_L², (26) and (28), with the closed forms of Z_L."""
    L = Fraction(2)
    h, tau2 = lb.truncated_gaussian_entropy_variance(2.0)
    previous = None
    for S in (Fraction(50), Fraction(500), Fraction(5000)):
        entropy, moment = lb.quantised_gaussian_entropy_and_moment(S, L, DPS)
        gap = abs(float(entropy) - math.log(S) - h) + abs(float(moment) / float(S) ** 2 - tau2)
        assert previous is None or gap < previous / 5
        previous = gap
    assert previous < 1e-5


def test_double_precision_prior_sums_agree_with_the_exact_ones():
    for S in (Fraction(1234, 10), Fraction(20_000, 3)):
        exact = lb.quantised_gaussian_entropy_and_moment(S, Fraction(8, 5), DPS)
        double = lb.quantised_gaussian_entropy_and_moment_double(S, Fraction(8, 5))
        for a, b in zip(exact, double):
            assert _relative_gap(a, b) < mpmath.mpf(10) ** -lb.DOUBLE_DIGITS


def test_gaussian_prior_bound_tends_to_30():
    r, L, x = Fraction(1, 20), Fraction(2), Fraction(3)
    limit = lb.asymptotic_gaussian_coefficient(float(r), float(L), float(x))
    gaps = []
    for n in (10**2, 10**3, 10**4):
        scaled = float(lb.gaussian_prior_bound(r, n, L, x) * _mp(r) ** 2 * n * n)
        gaps.append(abs(scaled - limit))
    assert gaps[2] < gaps[1] < gaps[0] and gaps[2] < 2e-3 * limit


def test_small_r_gaussian_constant_approaches_29():
    """max over (L, x) of (30) → π/(4e²) as r → 0, (29), and never exceeds it."""
    target = math.pi / (4 * math.e ** 2)
    values = []
    for r in ("1e-2", "1e-4", "1e-7"):
        L, x = lb.choose_gaussian_prior(r)
        values.append(lb.asymptotic_gaussian_coefficient(float(r), L, x))
    assert values[0] < values[1] < values[2] < target
    assert target - values[2] < 2e-3


def test_gaussian_prior_beats_the_uniform_prior_at_large_n_and_small_r():
    gaussian = lb.gaussian_prior_bound("0.01", 10**4)
    uniform, _ = lb.best_uniform_bound("0.01", 10**4)
    assert gaussian > uniform * (1 + TOLERANCE)


# -- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("call, parameter", [
    (lambda: lb.two_count_bound(1, 5), "r"), (lambda: lb.two_count_bound(0, 5), "r"),
    (lambda: lb.two_count_bound("nan", 5), "r"), (lambda: lb.two_count_bound(0.5, 0), "n"),
    (lambda: lb.uniform_bound(0.5, 3, 4), "K"), (lambda: lb.uniform_bound(0.5, 3, 1), "K"),
    (lambda: lb.uniform_bound(0.5, 3, 3.5), "K"), (lambda: lb.best_uniform_bound(1.2, 3), "r"),
    (lambda: lb.gaussian_prior_bound(0.1, 3, L=1), "x"), (lambda: lb.gaussian_prior_bound(0.1, 3, 0, 1), "L"),
    (lambda: lb.gaussian_prior_bound(0.1, 10**9, 3, 3), "n"), (lambda: lb.best_lower_bound(0.1, -1), "n"),
    (lambda: lb.best_lower_bound(0.1, 5, dps=True), "dps"),
])
def test_lower_bounds_refuse_bad_input_by_name(call, parameter):
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.parameter == parameter


# -- the two halves, consistent ------------------------------------------------------------------


@pytest.mark.slow
@given(mechanisms(), st.integers(1, 300))
def test_mechanism_budget_is_above_every_lower_bound(params, n):
    """The mechanism meets E|x̂ − m| ≤ r0(m + c)/(1 + c) ≤ r0·m ≤ r·m at m ≥ 1, so §6 applies
    to it with r and with r0: v(n) ≥ (14), ≥ (23) for every odd K ≤ 4rn + 3, ≥ (19)."""
    r, r0, c = params
    mechanism = ShiftedLogGaussian(r, r0, c)
    v = mechanism.v(n, dps=DPS)
    for tolerance in (r, r0):
        assert clearly_at_least(v, lb.two_count_bound(tolerance, n, dps=DPS))
        for K in range(3, int(4 * tolerance * n + 3) + 1, 2):
            assert clearly_at_least(v, lb.uniform_bound(tolerance, n, K, dps=DPS))
        # Near the r where (30) vanishes the best prior is very wide (x about 7·10^6 at r = 0.368):
        # past MAX_PRIOR_CELLS its sums are refused, and best_lower_bound skips it, as here.
        L, x = lb._default_prior(tolerance)
        if L is not None and lb.gaussian_prior_cells(tolerance, n, L, x) <= lb.MAX_PRIOR_CELLS:
            assert clearly_at_least(v, lb.gaussian_prior_bound(tolerance, n, dps=DPS))


def test_the_lower_bounds_reject_a_budget_that_decays_too_fast():
    """Negative controls: v(n)/n (rate n⁻³) and v(n)/200 (constant too small for c = 1,
    r = 0.1, where the true ratio is about 162) both fall below a lower bound."""
    mechanism = ShiftedLogGaussian("0.1")
    n = 10**4
    bound, _ = lb.best_lower_bound("0.1", n, dps=DPS)
    assert mechanism.v(n) / n < bound
    assert mechanism.v(n) / 200 < bound
    assert mechanism.v(n) / 100 > bound


def test_best_lower_bound_names_its_argument():
    value, name = lb.best_lower_bound("0.3", 10)
    assert name.startswith("two-count") and value == lb.two_count_bound("0.3", 10)
    value, name = lb.best_lower_bound("0.01", 1000)
    assert name.startswith("truncated-Gaussian") and value > 0


# -- the commands ----------------------------------------------------------------------------------

def test_gap_command_prints_every_power_of_ten_and_the_ratio(capsys):
    assert cli(["gap", "--r", "0.1", "--max-exponent", "4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [row["n"] for row in record["rows"]] == [1, 10, 100, 1000, 10_000]
    assert record["consistent"] and all(float(row["ratio"]) > 1 for row in record["rows"])
    assert "zCDP" in record["v_is"]
    assert cli(["gap", "--r", "0.25", "--c", "0.5", "--r0", "0.2", "--max-exponent", "2"]) == 0
    text = capsys.readouterr().out
    assert "v(n)" in text and "best lower bound" in text and "zCDP rho" in text


@pytest.mark.slow
def test_gap_command_default_range_runs_to_a_million(capsys):
    assert cli(["gap", "--r", "0.1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rows"][-1]["n"] == 10**6 and record["consistent"]


def test_mechanism_command_reports_sigma_v_epsilon_and_exact_error(capsys):
    assert cli(["mechanism", "--r", "0.3", "--n", "0,1,10,1000000000000000000", "--delta", "1e-6",
                "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    mechanism = ShiftedLogGaussian("0.3")
    # JSON carries decimal strings with the digits that are correct at --dps (18 at 30).
    assert record["sigma"] == mpmath.nstr(mechanism.sigma, 18) and "zCDP" in record["v_is"]
    rows = {row["n"]: row for row in record["rows"]}
    assert rows[0]["v"] == rows[1]["v"] == mpmath.nstr(mechanism.v(1), 18)
    assert rows[10**18]["v"] == mpmath.nstr(mechanism.v(10**18), 18) and float(rows[10**18]["v"]) > 0
    for row in rows.values():
        assert mpmath.mpf(row["expected_absolute_error"]) <= mpmath.mpf(row["error_bound"]) \
            < mpmath.mpf(row["utility_target"])
    assert cli(["mechanism", "--r", "0.3"]) == 0
    text = capsys.readouterr().out
    assert "sigma (3)" in text and "zCDP rho" in text


def test_mechanism_command_at_r_equal_one(capsys):
    assert cli(["mechanism", "--r", "1", "--n", "0,4"]) == 0
    assert "Proposition 2.3" in capsys.readouterr().out


@pytest.mark.parametrize("argv, parameter", [
    (["mechanism", "--r", "1.5"], "r"), (["mechanism", "--r", "nan"], "r"),
    (["mechanism", "--r", "0.5", "--r0", "0.5"], "r0"), (["mechanism", "--r", "0.5", "--c", "-1"], "c"),
    (["mechanism", "--r", "0.5", "--c", "inf"], "c"), (["mechanism", "--r", "0.5", "--n", "1,-3"], "--n"),
    (["mechanism", "--r", "0.5", "--n", "2.5"], "--n"), (["mechanism", "--r", "0.5", "--n", ""], "--n"),
    (["mechanism", "--r", "0.5", "--delta", "0"], "delta"),
    (["mechanism", "--r", "0.5", "--delta", "1"], "delta"),
    (["mechanism", "--r", "0.5", "--dps", "3"], "--dps"), (["mechanism", "--r", "1", "--r0", "0.5"], "r0"),
    (["gap", "--r", "1"], "r"), (["gap", "--r", "0"], "r"), (["gap", "--r", "0.2", "--c", "nan"], "c"),
    (["gap", "--r", "0.2", "--max-exponent", "9"], "--max-exponent"),
])
def test_commands_refuse_bad_input_in_one_line_with_exit_2(argv, parameter, capsys):
    assert cli(argv) == 2
    err = capsys.readouterr().err.strip()
    # --dps is read by the one digit validator of every command: "--dps must be between ...".
    named = "--dps must be" if parameter == "--dps" else f"parameter {parameter}"
    assert err.count("\n") == 0 and named in err and "Traceback" not in err
