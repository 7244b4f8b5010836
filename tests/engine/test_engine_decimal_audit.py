"""The audit of a printed decimal: rounding, truncation, undecided, and what it says.

A decimal printed with k places is a correct rounding of x when
|x - P| <= 10^-k / 2 (a tie accepts both neighbours) and a correct truncation
when it is x cut towards zero.  Each is decided on Arb balls around x * 10^k
(an exact rational is compared exactly), raising the precision up to a budget
of bits; what a ball never separates is undecided, never a pass.  The expected
renderings are worked out by hand from the value's digits.
"""
import math

import pytest
import sympy as sp
from flint import arb, fmpq

from proofcheck.core.decimals.audit import EITHER, ROUNDING_ONLY, Audit, AuditUndecided, audit, numeric_ball
from proofcheck.core.decimals.balls import (
    compare,
    constant_ball,
    decimal_exponent_estimate,
    is_tie,
    nearest,
    scale,
    truncate,
)
from proofcheck.core.decimals.printed import parse_decimal
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.numbers.precision import arb_bits


def fields(result: Audit):
    return (result.verdict, result.ok, result.decided, result.rounding, result.truncation,
            result.correctly_rounded, result.truncated, result.error_in_last_place, result.tie)


# -- deciding ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, printed, expected", [
    # pi = 3.14159 26535...
    (sp.pi, "3.14", ("rounded and truncated", True, True, True, True, "3.14", "3.14", "-0.159", False)),
    (sp.pi, "3.1416", ("rounded", True, True, True, False, "3.1416", "3.1415", "+0.0735", False)),
    (sp.pi, "3.141", ("truncated", True, True, False, True, "3.142", "3.141", "-0.593", False)),
    (sp.pi, "3.15", ("wrong", False, True, False, False, "3.14", "3.14", "+0.841", False)),
    (-sp.pi, "-3.141", ("truncated", True, True, False, True, "-3.142", "-3.141", "+0.593", False)),
    (-sp.pi, "-3.140", ("wrong", False, True, False, False, "-3.142", "-3.141", "+1.59", False)),
    # 1/8 = 0.125 lies halfway: both 0.12 and 0.13 round it; 0.12 also truncates it.
    (sp.Rational(1, 8), "0.12", ("rounded and truncated", True, True, True, True, "0.13", "0.12", "-0.500", True)),
    (sp.Rational(1, 8), "0.13", ("rounded", True, True, True, False, "0.13", "0.12", "+0.500", True)),
    (sp.Rational(-1, 8), "-0.13", ("rounded", True, True, True, False, "-0.13", "-0.12", "-0.500", True)),
    (sp.Rational(1, 8), "0.11", ("wrong", False, True, False, False, "0.13", "0.12", "-1.50", True)),
    (sp.Rational(3, 20), "0.2", ("rounded", True, True, True, False, "0.2", "0.1", "+0.500", True)),
    (sp.Rational(3, 20), "0.1", ("rounded and truncated", True, True, True, True, "0.2", "0.1", "-0.500", True)),
    (sp.Rational(3, 20), "0.3", ("wrong", False, True, False, False, "0.2", "0.1", "+1.50", True)),
    (2, "2.0", ("rounded and truncated", True, True, True, True, "2.0", "2.0", "0", False)),
    (sp.Rational(2, 3), "0.667", ("rounded", True, True, True, False, "0.667", "0.666", "+0.333", False)),
    (sp.Rational(-2, 3), "-0.666", ("truncated", True, True, False, True, "-0.667", "-0.666", "+0.667", False)),
])
def test_a_printed_decimal_is_classified_by_its_renderings(value, printed, expected):
    assert fields(audit(value, printed)) == expected


def test_the_truncation_of_a_value_below_one_unit_is_zero_of_either_sign_unless_the_sign_is_claimed():
    tiny, negative = sp.Rational(1, 10**4), sp.Rational(-1, 10**4)
    assert (audit(tiny, "0.000").truncation, audit(negative, "0.000").truncation) == (True, True)
    # Read as the number it denotes, -0.000 is zero ...
    assert audit(tiny, "-0.000").truncation is True
    # ... but a claim's -0.000 says the value is negative.
    assert audit(tiny, "-0.000", signed_zero=True).truncation is False
    assert audit(negative, "-0.000", signed_zero=True).truncation is True
    assert audit(tiny, "-0.000", signed_zero=True).rounding is True
    assert audit(sp.Rational(1, 10**3), "0.000").truncation is False
    assert audit(sp.Rational(-1, 10**3), "-0.000", signed_zero=True).truncation is False


def test_the_edges_of_a_truncation_belong_to_the_side_of_zero():
    # P <= x < P + 1 unit for P > 0; P - 1 unit < x <= P for P < 0.
    assert audit(sp.Rational(12, 100), "0.12").truncation is True
    assert audit(sp.Rational(13, 100), "0.12").truncation is False
    assert audit(sp.Rational(-12, 100), "-0.12").truncation is True
    assert audit(sp.Rational(-13, 100), "-0.12").truncation is False
    assert audit(sp.Rational(-11, 100), "-0.12").truncation is False
    assert audit(sp.Rational(11, 100), "0.12").truncation is False


def test_a_rounding_accepts_exactly_half_a_unit_and_no_more():
    assert audit(sp.Rational(125, 1000), "0.12").rounding is True
    assert audit(sp.Rational(125, 1000) + sp.Rational(1, 10**30), "0.12").rounding is False
    assert audit(sp.Rational(115, 1000), "0.12").rounding is True
    assert audit(sp.Rational(115, 1000) - sp.Rational(1, 10**30), "0.12").rounding is False


def test_the_precision_is_what_the_places_and_the_magnitude_need_plus_guard_bits():
    # ceil(log2(10) * (1 + 2)) + 64 for pi to 2 places; the value's decimal exponent counts.
    assert audit(sp.pi, "3.14").bits == math.ceil(3 * math.log2(10)) + 64
    assert audit(1000 * sp.pi, "3141.59").bits == math.ceil((4 + 2) * math.log2(10)) + 64
    assert audit(sp.pi / 1000, "0.00314").bits == math.ceil(5 * math.log2(10)) + 64


def test_a_value_near_a_boundary_raises_the_precision_until_it_is_decided():
    near = sp.Rational(1, 8) + sp.pi / 10**60  # just above 0.125: rounds to 0.13, truncates to 0.12
    result = audit(near, "0.13")
    assert fields(result) == ("rounded", True, True, True, False, "0.13", "0.12", "+0.500", False)
    assert result.bits > 200
    capped = audit(near, "0.13", max_bits=100)
    assert (capped.rounding, capped.truncation, capped.correctly_rounded, capped.bits) == (None, False, None, 100)
    assert (capped.verdict, capped.ok) == ("undecided", False)
    assert capped.sentence() == ("0.13 cannot be decided with 100 bits: the value lies too close to a "
                                 "rounding or truncation boundary (it may lie exactly on it)")


WIDE = numeric_ball(0.6665, 1e-4)  # a numeric value trusted to 1e-4 straddles 0.6665


def test_a_numeric_value_settles_only_what_its_tolerance_allows():
    result = audit(WIDE, "0.666")
    assert (result.rounding, result.truncation, result.ok, result.decided) == (None, True, True, False)
    assert result.bits == 2 * (math.ceil(3 * math.log2(10)) + 64) + 1024  # the whole default budget
    assert result.sentence() == ("0.666 is a correct truncation to 3 decimal places (whether it is also "
                                 "a rounding is undecided (too close to a boundary))")
    assert audit(numeric_ball(0.6668, 1e-6), "0.667").rounding is True


def test_an_undecided_accepted_rendering_refuses_the_audit_when_a_decision_is_required():
    with pytest.raises(AuditUndecided) as error:
        audit(WIDE, "0.666", require_decided=True)
    assert str(error.value) == ("value too close to a rounding boundary to audit '0.666' within "
                                f"{2 * (math.ceil(3 * math.log2(10)) + 64) + 1024} bits")
    with pytest.raises(AuditUndecided, match="to audit '0.667' within 100 bits"):
        audit(WIDE, parse_decimal("0.667"), max_bits=100, require_decided=True)


def test_a_rounding_only_audit_needs_no_decision_on_the_truncation():
    # 0.667 +- 1e-9: certainly a rounding of 0.667; a truncation only if not below 0.667.
    ball = numeric_ball(0.667, 1e-9)
    result = audit(ball, "0.667", accepts=ROUNDING_ONLY, require_decided=True)
    assert (result.rounding, result.truncation, result.ok, result.decided) == (True, None, True, True)
    assert result.accepts == ROUNDING_ONLY
    with pytest.raises(AuditUndecided):
        audit(ball, "0.667", require_decided=True)
    assert audit(ball, "0.667").accepts == EITHER


def test_a_truncation_is_not_a_correct_rendering_when_only_roundings_are_accepted():
    result = audit(sp.Rational(2, 3), "0.666", accepts=ROUNDING_ONLY)
    assert (result.verdict, result.ok) == ("truncated", False)


def test_a_value_beyond_the_supported_range_is_refused():
    with pytest.raises(ProofcheckError) as error:
        audit(sp.exp(sp.Integer(240000)), "1")
    assert str(error.value) == "the value of exp(240000) is beyond the supported range"
    assert audit(sp.exp(sp.Integer(230000)), "1").verdict == "wrong"


# -- what it says --------------------------------------------------------------------------

@pytest.mark.parametrize("value, printed, sentence", [
    (sp.pi, "3", "3 is a correct rounding and a correct truncation to 0 decimal places"),
    (sp.pi, "3.1", "3.1 is a correct rounding and a correct truncation to 1 decimal place"),
    (sp.pi, "3.1416", "3.1416 is a correct rounding to 4 decimal places (not a truncation: that is 3.1415)"),
    (sp.pi, "3.141", "3.141 is a correct truncation to 3 decimal places (not a rounding: that is 3.142)"),
    (sp.pi, "3.15", "3.15 is wrong: to 2 decimal places the value rounds to 3.14 and truncates to 3.14"),
    (sp.Rational(1, 8), "0.13", "0.13 is a correct rounding to 2 decimal places (not a truncation: that "
                                "is 0.12); the value lies exactly halfway, so either neighbour rounds correctly"),
])
def test_the_sentence_says_what_the_printed_decimal_is(value, printed, sentence):
    assert audit(value, printed).sentence() == sentence


def test_a_long_decimal_is_shortened_in_the_sentence_but_kept_whole_in_the_record():
    wrong = "0." + "3" * 79 + "4"
    result = audit(sp.Rational(1, 3), wrong)
    assert result.correctly_rounded == "0." + "3" * 80
    assert result.sentence() == (f"{wrong} is wrong: to 80 decimal places the value rounds to "
                                 f"0.{'3' * 28}...{'3' * 10} (81 digits) and truncates to "
                                 f"0.{'3' * 28}...{'3' * 10} (81 digits)")
    # 60 characters are shown whole, 61 are not.
    whole = audit(sp.Rational(1, 3), "0." + "3" * 57 + "4").sentence()
    assert whole.endswith(f"rounds to 0.{'3' * 58} and truncates to 0.{'3' * 58}")
    cut = audit(sp.Rational(-1, 3), "-0." + "3" * 57 + "4").sentence()
    assert cut.endswith(f"rounds to -0.{'3' * 27}...{'3' * 10} (59 digits) and truncates to "
                        f"-0.{'3' * 27}...{'3' * 10} (59 digits)")


def test_the_error_is_given_in_units_of_the_last_place_to_three_digits():
    assert audit(sp.Rational(2, 3), "0.667").error_in_last_place == "+0.333"
    assert audit(sp.Rational(1, 3), "0.334").error_in_last_place == "+0.667"
    assert audit(sp.pi, "3.1").error_in_last_place == "-0.416"
    assert audit(sp.Rational(1, 2), "0.5").error_in_last_place == "0"
    # A numeric ball too wide for three digits is shown as Arb prints it.
    assert audit(WIDE, "0.666").error_in_last_place == "[+/- 0.601]"


# -- the balls -----------------------------------------------------------------------------

def test_a_constant_ball_encloses_the_exact_value_or_refuses():
    with arb_bits(200):
        ball = constant_ball(sp.pi)(200)
        assert ball.is_finite() and ball.contains(arb.pi()) and ball.rad() < arb(2) ** -190
    for expr, message in ((sp.Symbol("x"), "cannot enclose x: no value for x"),
                          (sp.oo, "cannot enclose oo: no exact ball for oo"),
                          (sp.exp(sp.exp(sp.exp(10))), "exp(exp(exp(10))) is too large to certify at this "
                                                       "precision (its enclosure is [+/- inf])"),
                          (sp.log(0, evaluate=False), "log(0) is not a finite real number (its enclosure is nan)")):
        with pytest.raises(ProofcheckError) as error:
            constant_ball(expr)(64)
        assert str(error.value) == message


def test_a_comparison_is_decided_only_when_the_balls_are_apart_or_exactly_equal():
    assert compare(fmpq(1, 3), fmpq(1, 2)) == -1 and compare(fmpq(1, 2), fmpq(1, 3)) == 1
    assert compare(fmpq(1, 2), fmpq(1, 2)) == 0
    assert compare(arb(1), 2) == -1 and compare(arb(3), 2) == 1 and compare(arb(2), 2) == 0
    assert compare(arb(2, 1e-9), 2) is None
    assert compare(arb(2, 1e-9), arb(2)) is None


@pytest.mark.parametrize("y, expected", [
    (fmpq(5, 2), 3), (fmpq(-5, 2), -3), (fmpq(1, 2), 1), (fmpq(-1, 2), -1), (arb(-0.5), -1),
    (fmpq(7, 3), 2), (fmpq(-7, 3), -2), (fmpq(1, 3), 0), (fmpq(-1, 3), 0),
    (arb(2.25), 2), (arb(-2.75), -3), (arb(0, 0.1), 0),
    (arb(2.5, 1e-9), None), (arb(-2.5, 1e-9), None), (arb(-0.5, 1e-3), None), (arb(0, 1), None),
])
def test_the_nearest_integer_rounds_halves_away_from_zero_and_is_none_where_the_ball_straddles(y, expected):
    assert nearest(y) == expected


@pytest.mark.parametrize("y, expected", [
    (fmpq(5, 2), True), (fmpq(-3, 2), True), (fmpq(2), False), (fmpq(1, 4), False), (fmpq(5, 4), False),
    (arb(2.5), True), (arb(-0.5), True), (arb(3), False), (arb(2.25), False), (arb(2.5, 1e-9), False),
])
def test_a_tie_is_an_exact_integer_plus_one_half(y, expected):
    assert is_tie(y) is expected


@pytest.mark.parametrize("y, expected", [
    (fmpq(27, 10), 2), (fmpq(-27, 10), -2), (fmpq(-1), -1), (fmpq(1), 1), (fmpq(1, 2), 0), (fmpq(-1, 2), 0),
    (arb(0, 0.9), 0), (arb(2.5, 0.1), 2), (arb(-2.5, 0.1), -2),
    (arb(1, 0.1), None), (arb(-1, 0.1), None), (arb(0, 5), None),
])
def test_the_truncation_cuts_towards_zero_and_is_none_where_the_ball_straddles_an_integer(y, expected):
    assert truncate(y) == expected


def test_scaling_by_a_power_of_ten_works_both_ways_and_stays_exact_for_a_rational():
    assert scale(fmpq(3, 7), 2) == fmpq(300, 7) and scale(fmpq(3, 7), -2) == fmpq(3, 700)
    assert scale(fmpq(3, 7), 0) == fmpq(3, 7)
    with arb_bits(128):
        assert scale(arb(5), 3) == arb(5000) and scale(arb(5), -1).contains(arb("0.5"))
        assert scale(arb(5), -1).mid() == arb("0.5").mid()


@pytest.mark.parametrize("x", [1, 2, 0.5, 1000, 1024, 999.9, 1e-5, -37.5, 2.0**-20, 7e12])
def test_the_decimal_exponent_estimate_is_the_binary_exponent_in_decades(x):
    estimate = decimal_exponent_estimate(arb(x))
    assert estimate == math.floor(math.floor(math.log2(abs(x))) / math.log2(10))
    assert estimate in (math.floor(math.log10(abs(x))), math.floor(math.log10(abs(x))) - 1)
    assert type(estimate) is int


def test_the_magnitude_counts_from_one_and_a_value_containing_zero_needs_only_the_places():
    assert audit(0, "0.0").bits == math.ceil(math.log2(10)) + 64
    assert audit(1, "1.0").bits == math.ceil(2 * math.log2(10)) + 64
    # just above 1/8, decided on the second doubling: 71, 142, 284 bits
    assert audit(sp.Rational(1, 8) + sp.pi / 10**60, "0.13").bits == 4 * (math.ceil(2 * math.log2(10)) + 64)


def test_any_value_given_as_a_ball_is_named_as_the_value():
    with pytest.raises(ProofcheckError) as error:
        audit(lambda bits: arb(10) ** 200000, "1")
    assert str(error.value) == "the value is beyond the supported range"


def test_an_exact_ball_gives_an_exact_error():
    assert audit(numeric_ball(0.5, 0), "0.4").error_in_last_place == "-1.00"


def test_the_refusal_quotes_the_decimal_as_printed():
    with pytest.raises(AuditUndecided, match="to audit '≈0.666' within"):
        audit(WIDE, "≈0.666", require_decided=True)


def test_the_sentence_says_which_rendering_is_undecided():
    assert audit(numeric_ball(0.667, 1e-9), "0.667").sentence() == (
        "0.667 is a correct rounding to 3 decimal places (whether it is also a truncation is undecided "
        "(too close to a boundary))")
    assert audit(WIDE, "0.670").sentence() == (
        "0.670 is wrong: to 3 decimal places the value rounds to undecided (too close to a boundary) "
        "and truncates to 0.666")


def test_an_exact_rational_is_decided_exactly_at_the_first_precision():
    # Within 10^-60 of a rounding boundary and of a truncation boundary: a ball at 71 or 74
    # bits could not tell, the exact comparison does.
    above_a_tie = audit(sp.Rational(1, 8) + sp.Rational(1, 10**60), "0.13")
    assert (above_a_tie.rounding, above_a_tie.truncation, above_a_tie.bits) == (True, False, 71)
    below_a_unit = audit(sp.Rational(1, 1000) - sp.Rational(1, 10**60), "0.000")
    assert (below_a_unit.truncation, below_a_unit.bits) == (True, 74)
    assert nearest(fmpq(2 * 10**20 + 1, 2)) == 10**20 + 1
    assert truncate(fmpq(-(2 * 10**20 + 1), 2)) == -10**20


def test_an_error_exactly_zero_or_on_a_three_digit_tie_is_shown_as_such():
    assert audit(numeric_ball(0.5, 0), "0.5").error_in_last_place == "0"
    # 1 - 0.8765 = 0.1235 exactly: three digits cannot be certified, Arb's ball is shown.
    assert audit(sp.Rational(8765, 10000), "1").error_in_last_place == "[0.123 +/- 5.01e-4]"
