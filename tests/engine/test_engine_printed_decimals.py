"""The decimal kind: a printed decimal audited against the exact value it renders.

A decimal claim has no parameters and prints its decimal as a string.  It
passes, certified, when the decimal is a correct rounding or truncation of the
exact value (a value exactly halfway accepts both neighbours); otherwise it
fails showing the true value and the error in units of the last printed
place.  Its negative controls are the decimal moved by one or two units in the
last place, except the moves that are still a correct rendering.
"""

import pytest
from conftest import unit_claim as claim

from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()




def verdict_of(value, printed):
    return check_claim(claim(kind="decimal", value=value, printed=printed), SETTINGS)


@pytest.mark.parametrize("printed, details", [
    ("3.1416", "3.1416 is a correct rounding of 3.141592654..."),
    ("3.141", "3.141 is a correct truncation of 3.14159265..."),
    ("3.14", "3.14 is a correct rounding and truncation of 3.1415927..."),
])
def test_a_correct_decimal_passes_certified_naming_its_rendering_and_the_true_value(printed, details):
    verdict = verdict_of("pi", printed)
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "certified", details)


def test_a_wrong_decimal_fails_with_the_true_value_and_the_error_in_the_last_place():
    verdict = verdict_of("pi", "3.15")
    assert verdict.status == "failed"
    assert verdict.details == ("3.15 is wrong: the value is 3.1415927..., off by 0.8407 units "
                               "in the last printed place")
    assert verdict.counterexample == {"printed": "3.15", "true": "3.1415927"}


def test_a_decimal_one_unit_off_below_fails():
    verdict = verdict_of("pi", "3.1414")
    assert verdict.status == "failed"
    assert verdict.counterexample == {"printed": "3.1414", "true": "3.141592654"}


@pytest.mark.parametrize("record, message", [
    (dict(params={"x": "x > 0"}, value="x", printed="1.0"), "a decimal claim has no free parameters"),
    (dict(value="pi", printed=3.14), "'printed' must be the decimal as a string, e.g. \"0.1062921\""),
])
def test_a_decimal_claim_with_parameters_or_an_unquoted_decimal_is_refused(record, message):
    with pytest.raises(ProofcheckError) as error:
        claim(kind="decimal", **record)
    assert str(error.value).endswith(f", claim {error.value.claim_id}: {message}")


def test_a_printed_text_that_is_no_decimal_is_refused_when_the_claim_is_read():
    with pytest.raises(ProofcheckError):
        claim(kind="decimal", value="pi", printed="3,14")


def test_the_controls_move_the_last_digit_by_one_and_two_units_both_ways():
    record = claim(kind="decimal", value="pi", printed="3.1416")
    names = [name for name, _ in KINDS["decimal"].mutants(record, SETTINGS)]
    # 3.1415 is a correct truncation, so it is no control.
    assert names == ["printed 3.1416 -> 3.1417", "printed 3.1416 -> 3.1418", "printed 3.1416 -> 3.1414"]
    controls = [control for _, control in KINDS["decimal"].mutants(record, SETTINGS)]
    assert [c.raw["printed"] for c in controls] == ["3.1417", "3.1418", "3.1414"]
    assert all(check_claim(c, SETTINGS).status == "failed" for c in controls)


def test_a_value_exactly_halfway_keeps_both_neighbours_out_of_the_controls():
    record = claim(kind="decimal", value="1/8", printed="0.12")
    names = [name for name, _ in KINDS["decimal"].mutants(record, SETTINGS)]
    assert names == ["printed 0.12 -> 0.11", "printed 0.12 -> 0.14", "printed 0.12 -> 0.10"]


def test_a_shift_to_the_correct_truncation_is_no_control():
    # 1 rounds 1/2 (half away from zero) and 0 truncates it: 1 -> 0 is still correct.
    record = claim(kind="decimal", value="1/2", printed="1")
    names = [name for name, _ in KINDS["decimal"].mutants(record, SETTINGS)]
    assert names == ["printed 1 -> 2", "printed 1 -> 3", "printed 1 -> -1"]
