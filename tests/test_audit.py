"""``proofcheck audit EXPR DECIMAL``: certified verdicts on printed decimals, and bad input refused.

Statements tested: "pi/(4e^2) ~ 0.1062921" (29) is a correct rounding and
not a truncation; a changed last digit is wrong, with the true value and the
error in units of the last place; expressions are parsed, never evaluated
as Python; malformed decimals and bad --dps exit 2 with one line.
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from proofcheck.cli import main
from proofcheck.core.decimals.audit import audit, audit_decimal
from proofcheck.core.decimals.printed import parse_decimal
from proofcheck.core.model.errors import ProofcheckError


def run(capsys, *argv):
    status = main(["audit", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- the paper's decimals -------------------------------------------------------

@pytest.mark.parametrize("expression, printed, says", [
    ("pi/(4*E**2)", "0.1062921", "correct rounding to 7 decimal places (not a truncation: that is 0.1062920)"),
    ("3/(2*E**3)", "0.0746806", "correct rounding and a correct truncation to 7 decimal places"),
    ("4*E**2/pi**2", "2.995", "correct rounding to 3 decimal places (not a truncation: that is 2.994)"),
    ("192/E**3", "9.56", "correct rounding to 2 decimal places"),
    ("1/128", "0.00781", "correct rounding and a correct truncation to 5 decimal places"),
    ("1/pi", "0.31831", "correct rounding to 5 decimal places"),
    ("pi/(4*E**2)", "0.10629", "correct rounding and a correct truncation"),
    ("3/(2*E**3)", "0.07468", "correct rounding and a correct truncation"),
])
def test_the_papers_decimals_are_correct_and_the_output_says_which(capsys, expression, printed, says):
    status, out, err = run(capsys, expression, printed)
    assert status == 0 and err == ""
    assert says in out


def test_correct_truncation_that_is_not_a_rounding_exits_zero_and_says_so(capsys):
    status, out, _ = run(capsys, "pi", "3.1415")
    assert status == 0
    assert "correct truncation to 4 decimal places (not a rounding: that is 3.1416)" in out


def test_wrong_decimal_gives_true_value_and_error_in_last_place(capsys):
    status, out, _ = run(capsys, "pi/(4*E**2)", "0.1062922")
    assert status == 1
    assert "0.1062922 is wrong" in out and "rounds to 0.1062921" in out
    assert "0.106292082896909082109780590302" in out
    assert "+1.17 units in the last printed place" in out


def test_ratio_printed_one_unit_too_high_is_wrong_by_one_and_a_third_units(capsys):
    status, out, _ = run(capsys, "4*E**2/pi**2", "2.996", "--json")
    record = json.loads(out)
    assert status == 1
    found = (record["verdict"], record["correctly_rounded"], record["error_in_last_place"])
    assert found == ("wrong", "2.995", "+1.33")
    assert record["true_value"].startswith("2.9946716397731533745725013170")


def test_json_record_of_a_correct_rounding(capsys):
    status, out, _ = run(capsys, "pi/(4*E**2)", "0.1062921", "--json", "--dps", "12")
    record = json.loads(out)
    assert status == 0
    assert record["rounding"] is True and record["truncation"] is False
    assert record["true_value"] == "0.106292082897" and record["significant_digits"] == 12
    assert record["evidence"] == "certified" and record["error_in_last_place"] == "+0.171"


def test_exact_halfway_value_accepts_both_neighbours(capsys):
    for printed, verdict in (("0.12", "rounded and truncated"), ("0.13", "rounded")):
        result = audit(sp.Rational(1, 8), printed)
        assert result.verdict == verdict and result.tie
    assert audit(sp.Rational(1, 8), "0.14").verdict == "wrong"


def test_negative_values_truncate_towards_zero():
    value = -1 / sp.pi
    assert audit(value, "-0.3183").verdict == "rounded and truncated"
    assert audit(value, "-0.31831").verdict == "rounded"
    assert audit(value, "-0.31830").verdict == "truncated"
    assert audit(value, "-0.3184").verdict == "wrong"
    assert audit(value, "0.3183").verdict == "wrong"


def test_tiny_values_and_zero():
    assert audit(sp.exp(-100), "0.00").verdict == "rounded and truncated"
    assert audit(-sp.exp(-100), "0.000").verdict == "rounded and truncated"
    assert audit(sp.Integer(0), "0.0").verdict == "rounded and truncated"
    assert audit(sp.exp(-100), "0.01").verdict == "wrong"


def test_operators_are_derived_before_the_audit(capsys):
    status, out, _ = run(capsys, "summation(1/k**2, k, 1, oo)", "1.6449")
    assert status == 0 and "pi**2/6" in out
    status, out, _ = run(capsys, "limit(r**2*(1 - r)**6/(128*r**2*(1 + r)**2), r, 0, '+')", "0.00781")
    assert status == 0


def test_value_on_a_boundary_sympy_cannot_see_is_undecided_not_passed(capsys):
    # log(8)/log(2) is exactly 3: whether 2 truncates it cannot be decided by enclosures.
    status, out, _ = run(capsys, "log(8)/log(2)", "2")
    assert status == 1 and "cannot be decided" in out
    # ... but 3 is certainly a correct rounding, even though truncation is undecided.
    status, out, _ = run(capsys, "log(8)/log(2)", "3")
    assert status == 0 and "correct rounding" in out and "undecided" in out


def test_long_printed_decimal_is_audited_to_its_last_digit():
    digits = "0." + "3" * 5000
    assert audit(sp.Rational(1, 3), digits).verdict == "rounded and truncated"
    assert audit(sp.Rational(1, 3), digits[:-1] + "4").verdict == "wrong"
    value = sp.pi / (4 * sp.E**2)
    from proofcheck.core.decimals.digits import certified_digits
    d = certified_digits(value, 3000)
    assert audit(value, d.positional()).rounding is True


@given(p=st.integers(min_value=-10**9, max_value=10**9), q=st.integers(min_value=1, max_value=10**6),
       places=st.integers(min_value=0, max_value=8), offset=st.integers(min_value=-3, max_value=3))
def test_audit_agrees_with_exact_rational_arithmetic(p, q, places, offset):
    # An independent route: for a rational x, decide rounding and truncation with fractions.
    x = Fraction(p, q)
    unit = Fraction(1, 10**places)
    scaled = x / unit
    nearest = int(scaled.__floor__()) if x >= 0 else -int((-scaled).__floor__())
    printed_scaled = nearest + offset
    sign = "-" if printed_scaled < 0 else ""
    text = str(abs(printed_scaled)).rjust(places + 1, "0")
    printed = sign + (f"{text[:-places]}.{text[-places:]}" if places else text)
    printed_value = Fraction(printed_scaled) * unit
    is_rounding = abs(x - printed_value) <= unit / 2
    truncation = (scaled.__floor__() if x >= 0 else -((-scaled).__floor__()))
    is_truncation = truncation == printed_scaled
    result = audit(sp.Rational(p, q), printed)
    assert result.rounding is is_rounding and result.truncation is is_truncation
    # A rational is compared exactly: the claims' reading, which needs every rendering
    # decided, gives the same verdict, ties and values one unit away included.
    assert audit_decimal(sp.Rational(p, q), printed).verdict == result.verdict


# -- bad input -----------------------------------------------------------------

@pytest.mark.parametrize("expression", [
    "__import__('os').system('touch /tmp/proofcheck_audit_pwned')",
    "os.system('touch /tmp/proofcheck_audit_pwned')",
    "open('/tmp/proofcheck_audit_pwned', 'w')",
    "eval('1')",
    "(lambda: 1)()",
    "[x for x in (1,)]",
    "pi.__class__",
    "exec",
])
def test_code_injection_is_refused_as_bad_input(capsys, tmp_path, expression):
    status, out, err = run(capsys, expression, "1")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("proofcheck: error:")
    import os
    assert not os.path.exists("/tmp/proofcheck_audit_pwned")


@pytest.mark.parametrize("expression, message", [
    ("foo(2)", "unknown function 'foo'"),
    ("q + 1", "unknown name 'q'"),
    ("r", "free variable"),
    ("pi +", "syntax error"),
    ("log(0)", "not a finite real number"),
    ("sqrt(-2)", "imaginary unit"),
    ("erfinv(2)", "not a finite real number"),
    ("exp(10**6)", "beyond the supported range"),
])
def test_bad_expression_exits_two_naming_the_problem(capsys, expression, message):
    status, out, err = run(capsys, expression, "1")
    assert status == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize("decimal", ["3.1.4", "abc", "", "1e", "e5", "0x10", "+-1", ".", "nan", "1,5", "1 5"])
def test_malformed_decimal_exits_two(capsys, decimal):
    status, _, err = run(capsys, "pi", decimal)
    assert status == 2 and "malformed decimal" in err and err.count("\n") == 1


@pytest.mark.parametrize("dps", ["0", "-5", "2.5", "100001", "ten"])
def test_bad_dps_exits_two(capsys, dps):
    status, _, err = run(capsys, "pi", "3.14", "--dps", dps)
    assert status == 2 and "--dps" in err and err.count("\n") == 1


def test_printed_decimal_may_carry_the_papers_approx_sign():
    assert parse_decimal("≈ 0.1062921").places == 7
    with pytest.raises(ProofcheckError):
        parse_decimal(0.1062921)
