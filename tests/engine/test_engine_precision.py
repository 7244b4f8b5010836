"""precision: what "agree to the required digits" means, at the edges."""
import mpmath
import pytest

from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import DEFAULT_DPS
from proofcheck.core.numbers.precision import (
    MAX_DPS,
    MIN_DPS,
    against_zero,
    agree,
    differs_at_higher_precision,
    digits_of_agreement,
    noise_floor,
    required_digits,
    validate_dps,
)

INF, NAN = mpmath.inf, mpmath.nan


@pytest.mark.parametrize("dps, digits", [(50, 30), (100, 60), (15, 9), (16, 9), (17, 10), (99, 59)])
def test_required_digits(dps, digits):
    assert required_digits(dps) == digits


@pytest.mark.parametrize("dps, exponent", [(50, -20), (100, -40), (15, -6)])
def test_a_clear_margin_is_read_only_off_values_above_the_noise_floor(dps, exponent):
    # A limit is accurate to the required digits against 1 at worst; a clear margin reads
    # dps/5 digits: required_digits(dps) - dps//5 = 30 - 10 at 50 digits.
    assert noise_floor(dps) == mpmath.mpf(10) ** exponent


def test_required_digits_leaves_headroom_and_grows_with_precision():
    for dps in range(MIN_DPS, 400):
        assert 0 < required_digits(dps) < dps
        assert required_digits(2 * dps) >= 2 * required_digits(dps)
    assert required_digits(DEFAULT_DPS) == 30


@pytest.mark.parametrize("value, expected", [(50, 50), ("50", 50), (" 80 ", 80), (MIN_DPS, MIN_DPS),
                                             (MAX_DPS, MAX_DPS)])
def test_validate_dps_accepts(value, expected):
    assert validate_dps(value) == expected


@pytest.mark.parametrize("value", [True, False, MIN_DPS - 1, MAX_DPS + 1, 0, -50, "-50", "fifty",
                                   "", "5e1", 50.0, None, "50.5"])
def test_validate_dps_refuses(value):
    with pytest.raises(ProofcheckError):
        validate_dps(value)


def test_agree_relative_tolerance_at_the_required_digits():
    x = mpmath.mpf(7) / 3
    with mpmath.workdps(120):
        assert agree(x, x * (1 + mpmath.mpf(10) ** -35), 50)
        assert not agree(x, x * (1 + mpmath.mpf(10) ** -25), 50)
        # The same pair at twice the precision: 60 digits are now required.
        assert not agree(x, x * (1 + mpmath.mpf(10) ** -45), 100)
        assert agree(x, x * (1 + mpmath.mpf(10) ** -65), 100)


def test_agree_is_relative_for_large_and_small_magnitudes():
    with mpmath.workdps(120):
        big = mpmath.mpf(10) ** 40
        assert agree(big, big + 1, 50)              # 1e-40 relative
        assert not agree(big, big * (1 + mpmath.mpf(10) ** -20), 50)
        small = mpmath.mpf(10) ** -40
        assert agree(small, small * (1 + mpmath.mpf(10) ** -35), 50)
        assert not agree(small, 2 * small, 50)
        assert not agree(small, -small, 50)


def test_agree_with_zero():
    assert agree(0, 0, 50)
    assert agree(mpmath.mpf(0), -mpmath.mpf(0), 50)
    assert not agree(0, 1, 50)
    assert not agree(0, mpmath.mpf(10) ** -10, 50)
    assert not agree(mpmath.mpf(10) ** -10, 0, 50)
    with mpmath.workdps(200):
        # Far below every required digit, both sides count as zero.
        assert agree(0, mpmath.mpf(10) ** -150, 50)


def test_two_tiny_sides_neither_of_them_zero_agree_only_relatively():
    # Lemma 4.1's quantities at sigma = 1000 are e^-(5 10^5): below the floor of zero, any two
    # of them "agreed", and a claim 10^-20 off (or twice the truth) passed at every point.
    # The floor is for a side that is exactly 0 (eq. (12) at n = m, 10^-57 against 0).
    with mpmath.workdps(60):
        tiny = mpmath.exp(-mpmath.mpf(5) * 10 ** 5)
        assert agree(tiny, tiny * (1 + mpmath.mpf(10) ** -35), 50)
        assert not agree(tiny, tiny * (1 + mpmath.mpf(10) ** -25), 50)
        assert not agree(tiny, 2 * tiny, 50)
        assert not agree(mpmath.mpf(10) ** -150, mpmath.mpf(10) ** -151, 50)
        assert agree(0, tiny, 50) and agree(tiny, 0, 50)


def test_against_an_exact_0_only_noise_that_recedes_agrees():
    true_value = mpmath.mpf(10) ** -174  # e^-400, what a positive integral of that size gives
    noise = {100: mpmath.mpf(10) ** -150, 200: mpmath.mpf(10) ** -300}  # recedes with the digits
    assert differs_at_higher_precision(lambda working: (true_value, 0), 50, true_value)
    assert not differs_at_higher_precision(lambda working: (noise[working], 0), 50, mpmath.mpf(10) ** -57)
    # Given no first gap, the value is held to receding between 100 and 200 digits.
    assert differs_at_higher_precision(lambda working: (true_value, 0), 50)
    assert not differs_at_higher_precision(lambda working: (noise[working], 0), 50)
    assert against_zero(0, true_value) and against_zero(true_value, 0)
    assert not against_zero(0, 0) and not against_zero(true_value, true_value)


def test_noise_that_recedes_but_never_under_the_floor_is_no_witness_but_undecided():
    # The integral of cos(993 x) cos(x) over [0, pi], which is 0, at 50, 100 and 200 digits.
    from proofcheck.core.model.errors import EvaluationError
    values = {100: mpmath.mpf("1.6e-111"), 200: mpmath.mpf("9.8e-212")}
    first = mpmath.mpf("-1.1e-61")
    assert differs_at_higher_precision(lambda working: (values[working], 0), 50, abs(first))
    with pytest.raises(EvaluationError, match="recedes with the digits"):
        differs_at_higher_precision(lambda working: (values[working], 0), 50, abs(first),
                                    receding_undecided=True)
    # A value that stays as it is (a true e^-400) is a witness either way.
    assert differs_at_higher_precision(lambda working: (mpmath.mpf(10) ** -174, 0), 50,
                                       mpmath.mpf(10) ** -174, receding_undecided=True)


def test_agree_symmetric():
    with mpmath.workdps(120):
        pairs = [(1, 1 + mpmath.mpf(10) ** -31), (1, 1 + mpmath.mpf(10) ** -29), (0, mpmath.mpf(10) ** -75),
                 (-3, 3), (mpmath.pi, mpmath.e)]
        for a, b in pairs:
            assert agree(a, b, 50) == agree(b, a, 50)


@pytest.mark.parametrize("a, b", [(INF, -INF), (-INF, INF), (INF, 1), (1, INF), (-INF, 0), (NAN, NAN),
                                  (NAN, 1), (1, NAN), (NAN, INF)])
def test_agree_never_with_nan_or_mismatched_infinities(a, b):
    assert not agree(a, b, 50)


def test_agree_with_a_huge_but_finite_value():
    assert not agree(mpmath.mpf(10) ** 300, INF, 50)


def test_digits_of_agreement():
    with mpmath.workdps(120):
        x = mpmath.mpf(5)
        d = digits_of_agreement(x, x * (1 + mpmath.mpf(10) ** -20), 50)
        assert 19 <= d <= 21
        assert digits_of_agreement(x, x, 50) >= 50
        assert digits_of_agreement(0, 0, 50) >= 50
        assert digits_of_agreement(1, 2, 50) < 1
