"""The paper's closed-form constants: certified digits, two engines, and every printed decimal.

Statements tested: each decimal the paper prints ((25), §6.4, (29), after (32),
Table 2, §8) is a correct rounding or truncation of its exact constant; the
digits printed at N are exactly those of the true value correctly rounded;
mpmath and Arb agree at N = 50, 1000, 10000 and at random N; bad N is refused.
"""
from __future__ import annotations

import json
import os
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from proofcheck.cli import main
from proofcheck.constants import load_constants, load_file
from proofcheck.core.decimals import digits as digits_module
from proofcheck.core.decimals import mpmath_digits as mpmath_digits_module
from proofcheck.core.decimals.audit import audit, audit_decimal
from proofcheck.core.decimals.digits import MAX_DIGITS, RoundingBoundaryError, certified_digits, validate_digits
from proofcheck.core.decimals.mpmath_digits import compare_engines
from proofcheck.core.model.errors import ProofcheckError

PAPER = Path(os.environ.get("PROOFCHECK_PAPER", "/work/shared/paper/larger-groups.md"))
E, pi = sp.E, sp.pi


@pytest.fixture(scope="module")
def constants():
    return {c.id: c for c in load_constants(["larger-groups"])}


# -- the registry ------------------------------------------------------------

def test_registry_holds_every_closed_form_constant_of_the_paper(constants):
    values = [c.exact for c in constants.values()]
    expected = [pi / (4 * E**2), 3 / (2 * E**3), 1 / pi, 4 * E**2 / pi**2, 192 / E**3,
                sp.Rational(1, 128), 4 / pi, 2 * sp.exp(sp.Rational(3, 2)), sp.sqrt(pi / 2)]
    for value in expected:
        assert value in values or any(sp.simplify(value - v) == 0 for v in values), value
    assert constants["small_r_limit_of_15"].exact == sp.Rational(1, 128)
    for c in constants.values():
        assert c.where and c.name


def test_small_r_limit_of_15_is_the_two_count_constant_of_table_2(constants):
    # (15) times r^2, as r -> 0, is the Table 2 row "Two-count proof": 1/128.
    assert constants["small_r_limit_of_15"].text.startswith("limit(")
    assert constants["small_r_limit_of_15"].exact == constants["two_count_lower"].exact


def test_every_derivation_reduces_to_its_exact_value(constants):
    with_derivation = [c for c in constants.values() if c.derivation is not None]
    assert len(with_derivation) >= 7
    for c in with_derivation:
        assert c.derivation_holds() is True, c.id


def test_a_changed_constant_no_longer_matches_its_derivation(constants):
    from dataclasses import replace
    for c in constants.values():
        if c.derivation is None:
            continue
        for wrong in (c.exact * sp.Rational(1001, 1000), c.exact + 1, c.exact.subs(E, 3)):
            if wrong == c.exact:
                continue
            assert replace(c, exact=wrong).derivation_holds() is False, (c.id, wrong)


def test_maximiser_of_24_at_small_r_is_two_e_to_the_three_halves(constants):
    # (24) with r -> 0: 12/a^2 log(a/(2e)); its critical point and value give (25).
    a = sp.Symbol("a", positive=True)
    bound = 12 / a**2 * sp.log(a / (2 * E))
    critical = sp.solve(sp.diff(bound, a), a)
    assert len(critical) == 1
    assert sp.simplify(critical[0] - constants["uniform_prior_maximiser"].exact) == 0
    assert sp.simplify(sp.diff(bound, a, 2).subs(a, critical[0])) < 0
    assert sp.simplify(bound.subs(a, critical[0]) - constants["uniform_prior_lower"].exact) == 0


def test_malformed_constants_file_is_refused_with_its_name(tmp_path):
    cases = {
        "unknown field": '[[constant]]\nid = "x"\nname = "x"\nvalue = "1/pi"\nwhere = "Table 2"\ncolour = 1\n',
        "unknown name": '[[constant]]\nid = "x"\nname = "x"\nvalue = "os.system(1)"\nwhere = "T"\n',
        "free variable": '[[constant]]\nid = "x"\nname = "x"\nvalue = "r"\nwhere = "T"\n'
                         'variables = { r = "positive" }\n',
        "malformed decimal": '[[constant]]\nid = "x"\nname = "x"\nvalue = "1/pi"\nwhere = "T"\n'
                             '[[constant.printed]]\ndecimal = "0.3.1"\nwhere = "T"\n',
        "duplicate id": '[[constant]]\nid = "x"\nname = "x"\nvalue = "1"\nwhere = "T"\n' * 2,
        "not toml": "[[constant]\n",
    }
    for label, text in cases.items():
        path = tmp_path / "constants.toml"
        path.write_text(text)
        with pytest.raises(ProofcheckError, match="constants.toml"):
            load_file(path)


def test_a_constant_whose_integral_sympy_gets_wrong_is_refused_not_certified(tmp_path):
    # SymPy 1.14 integrates sqrt(2 - x) sqrt(1/(2 - x)), which is 1 on [0, 1], to -1: its digits
    # and the printed "-1.000" were once certified.  The quadrature of the integral refuses it.
    path = tmp_path / "constants.toml"
    path.write_text('[[constant]]\nid = "x"\nname = "x"\nwhere = "T"\nvariables = { x = "real" }\n'
                    'value = "integrate(sqrt(2 - x)*sqrt(1/(2 - x)), x, 0, 1)"\n')
    with pytest.raises(ProofcheckError, match=r"contradicted by the operator computed numerically"):
        load_file(path)


# -- every printed decimal ----------------------------------------------------

# What each printed decimal is, worked out by hand from the digits.
EXPECTED_VERDICTS = {
    ("gaussian_prior_lower", "0.1062921"): "rounded",
    ("gaussian_prior_lower", "0.10629"): "rounded and truncated",
    ("uniform_prior_lower", "0.0746806"): "rounded and truncated",
    ("uniform_prior_lower", "0.07468"): "rounded and truncated",
    ("mechanism_upper", "0.31831"): "rounded",
    ("coefficient_gap_ratio", "2.995"): "rounded",
    ("uniform_over_two_count", "9.56"): "rounded",
    ("two_count_lower", "0.00781"): "rounded and truncated",
}


def test_every_decimal_the_paper_prints_is_a_correct_rounding_or_truncation(constants):
    seen = 0
    for c in constants.values():
        for printed, result in c.audit_printed():
            assert result.verdict == EXPECTED_VERDICTS[(c.id, printed.decimal)], (c.id, printed)
            seen += 1
    assert seen == 11


def test_claims_engine_audit_agrees_on_every_printed_decimal(constants):
    # The decimal claim kind reads the same audit with every rendering decided
    # and a zero's printed sign counted: the paper's decimals get the same verdicts.
    for c in constants.values():
        for printed, result in c.audit_printed():
            assert audit_decimal(c.exact, printed.decimal).verdict == result.verdict


def test_a_shifted_last_digit_is_wrong(constants):
    for c in constants.values():
        for printed in c.printed:
            text = printed.decimal
            last = int(text[-1])
            for shifted in {(last + 2) % 10, (last + 8) % 10}:
                wrong = text[:-1] + str(shifted)
                result = audit(c.exact, wrong)
                assert result.verdict == "wrong", (c.id, wrong)
                assert abs(float(result.error_in_last_place)) > 1


@pytest.mark.skipif(not PAPER.exists(), reason="paper text not available")
def test_registry_lists_every_decimal_printed_in_the_paper(constants):
    # Every number with two or more decimal places in the text is a printed
    # constant (section and result numbers have one).
    text = PAPER.read_text(encoding="utf-8")
    in_paper = Counter(re.findall(r"(?<![\d.])\d+\.\d{2,}(?!\.?\d)", text))
    in_registry = Counter(p.decimal for c in constants.values() for p in c.printed)
    assert in_paper == in_registry


def test_every_printed_decimal_is_also_a_decimal_claim(constants):
    from proofcheck.papers import built_claim, list_claims
    claims = [built_claim(e) for e in list_claims(["larger-groups"]) if e.kind == "decimal"]
    assert claims, "the pack has no decimal claims"
    for c in constants.values():
        for printed in c.printed:
            matches = [k for k in claims if k.raw["printed"].strip() == printed.decimal
                       and sp.simplify(k.expr("value") - c.exact) == 0]
            assert matches, f"no decimal claim for {printed.decimal} ({c.id}, {printed.where})"


# -- certified digits -----------------------------------------------------------

def test_digits_of_the_paper_constants_at_thirty_digits(constants):
    # Reference digits from the ball printed by Arb itself at much higher precision.
    assert str(constants["gaussian_prior_lower"].digits(30)) == "0.106292082896909082109780590302"
    assert str(constants["uniform_prior_lower"].digits(7)) == "0.07468060"
    assert str(constants["coefficient_gap_ratio"].digits(4)) == "2.995"
    assert str(constants["uniform_over_two_count"].digits(3)) == "9.56"
    assert str(constants["two_count_lower"].digits(3)) == "0.00781"
    assert str(constants["mechanism_upper"].digits(5)) == "0.31831"


@pytest.mark.parametrize("n", [50, 1000, 10000])
def test_mpmath_and_arb_agree_on_every_constant(constants, n):
    for c in constants.values():
        comparison = compare_engines(c.exact, n)
        assert comparison.agree, (c.id, n)
        assert len(comparison.arb_digits.significand) == n


@given(n=st.integers(min_value=1, max_value=400), index=st.integers(min_value=0, max_value=9))
def test_mpmath_and_arb_agree_at_random_precision(constants, n, index):
    c = list(constants.values())[index % len(constants)]
    assert compare_engines(c.exact, n).agree


@pytest.mark.parametrize("value, n", [("1/128", 4), ("-5/8", 2), ("3/8", 2), ("1/3", 5)])
def test_mpmath_and_arb_round_an_exact_tie_the_same_way(value, n):
    # 1/128 = 0.0078125 ties at 4 digits; mpmath's own nint would round it to even (7812).
    assert compare_engines(sp.Rational(value), n).agree


def test_engine_comparison_rejects_a_perturbed_value(monkeypatch):
    # Negative control: an mpmath value off in the last digits must not "agree".
    original = mpmath_digits_module.mpmath_value

    def perturbed(expr, n):
        value = original(expr, n)
        return value * (1 + mpmath_digits_module.mpmath.mpf(10) ** (-(n - 3)))
    monkeypatch.setattr(mpmath_digits_module, "mpmath_value", perturbed)
    assert not compare_engines(pi / (4 * E**2), 50).agree


def _rounded_reference(x: Fraction, n: int) -> str:
    """n significant digits of a positive rational, rounded half away from zero, by integer arithmetic."""
    e = 0
    while x >= Fraction(10) ** (e + 1):
        e += 1
    while x < Fraction(10) ** e:
        e -= 1
    scaled = x * Fraction(10) ** (n - 1 - e)
    m = (scaled + Fraction(1, 2)).__floor__()
    if m == 10 ** n:
        m, e = 10 ** (n - 1), e + 1
    return f"{str(m)[0]}.{str(m)[1:]}e{e:+d}" if n > 1 else f"{m}e{e:+d}"


@given(p=st.integers(min_value=1, max_value=10**12), q=st.integers(min_value=1, max_value=10**12),
       n=st.integers(min_value=1, max_value=40))
def test_digits_of_rationals_match_exact_integer_arithmetic(p, q, n):
    assert certified_digits(sp.Rational(p, q), n).scientific() == _rounded_reference(Fraction(p, q), n)


@given(n=st.integers(min_value=1, max_value=200))
def test_fewer_digits_are_the_rounding_of_more_digits(n):
    # Rounding 20 extra certified digits gives the certified digits (no double rounding
    # problem unless the extra digits are 5000...; pi/(4e^2) has none in its first 220).
    value = pi / (4 * E**2)
    long = certified_digits(value, n + 20)
    short = certified_digits(value, n)
    assert short.scientific() == _rounded_reference(Fraction(long.significand) / 10 ** (n + 19) *
                                                      Fraction(10) ** long.exponent, n)


def test_exact_tie_is_rounded_away_from_zero_and_flagged():
    d = certified_digits(sp.Rational(1, 128), 4)   # 0.0078125
    assert (str(d), d.tie) == ("0.007813", True)
    d = certified_digits(sp.Rational(-1, 128), 4)
    assert (str(d), d.tie) == ("-0.007813", True)
    assert certified_digits(sp.Rational(1, 128), 5).tie is False


def test_rounding_up_to_a_power_of_ten_moves_the_exponent():
    assert str(certified_digits(sp.Rational(99996, 100000), 4)) == "1.000"
    assert str(certified_digits(1 - sp.exp(-50), 3)) == "1.00"
    assert str(certified_digits(1 - sp.exp(-5), 3)) == "0.993"
    assert str(certified_digits(sp.Integer(10) - sp.exp(-40), 5)) == "10.000"


def test_value_near_a_rounding_boundary_is_decided_by_raising_precision():
    # 0.55 +/- e^-300 (about 10^-130): one digit needs ~430 bits, far more than the first pass.
    up = certified_digits(sp.Rational(55, 100) + sp.exp(-300), 1)
    down = certified_digits(sp.Rational(55, 100) - sp.exp(-300), 1)
    assert (str(up), str(down)) == ("0.6", "0.5")
    assert up.bits > 68


def test_value_too_close_to_a_rounding_boundary_is_reported_not_guessed():
    with pytest.raises(RoundingBoundaryError, match="too close to a rounding boundary"):
        certified_digits(sp.Rational(55, 100) + sp.exp(-3000), 1)
    # An exact boundary that SymPy does not recognise as rational: log(32)/log(4) = 5/2.
    with pytest.raises(RoundingBoundaryError):
        certified_digits(sp.log(32) / sp.log(4), 1)


def test_cancellation_is_repaired_by_raising_precision():
    d = certified_digits(pi - sp.Rational(355, 113), 20)
    assert str(d) == "-0.00000026676418906242231237"
    assert str(certified_digits(sp.exp(100) - (sp.exp(100) - sp.Rational(1, 3)), 10)) == "0.3333333333"


def test_fast_path_needs_one_evaluation_at_ten_thousand_digits(constants):
    for c in constants.values():
        d = c.digits(10000)
        assert d.bits == digits_module._needed_bits(10000), c.id


def test_one_digit_and_the_maximum_number_of_digits(constants):
    c = constants["gaussian_prior_lower"]
    assert str(c.digits(1)) == "0.1"
    d = c.digits(MAX_DIGITS)
    assert len(d.significand) == MAX_DIGITS
    assert d.significand.startswith("106292082896909082")


def test_zero_has_the_digit_zero():
    assert str(certified_digits(sp.Integer(0), 5)) == "0"


@pytest.mark.parametrize("bad", [0, -3, MAX_DIGITS + 1, "1.5", "abc", "", True, 2.0, "10" * 10])
def test_number_of_digits_outside_one_to_the_maximum_is_refused(bad):
    with pytest.raises(ProofcheckError, match="--dps"):
        validate_digits(bad)


def test_values_beyond_the_supported_magnitude_are_refused():
    with pytest.raises(ProofcheckError, match="beyond the supported range"):
        certified_digits(sp.exp(10**6), 5)


@pytest.mark.slow
def test_mpmath_and_arb_agree_at_one_hundred_thousand_digits(constants):
    for c in constants.values():
        assert compare_engines(c.exact, MAX_DIGITS).agree, c.id


# -- the command ----------------------------------------------------------------

def test_constants_command_certifies_and_audits_everything(capsys):
    assert main(["constants", "--dps", "60", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    records = {r["id"]: r for r in document["constants"]}
    assert document["summary"]["ok"] and document["summary"]["printed_decimals"] == 11
    record = records["gaussian_prior_lower"]
    assert record["decimal"].startswith("0.10629208289690908210978059030")
    assert len(record["decimal"].replace("0.", "", 1)) == 60
    assert record["exact"] == "pi*exp(-2)/4"
    assert "(29) Corollary 6.7" in record["where"]
    assert {p["verdict"] for p in record["printed"]} == {"rounded", "rounded and truncated"}
    assert record["enclosure"]["bits"] >= 60 * 3.32


def test_constants_command_text_output(capsys):
    assert main(["constants", "--dps", "12", "--only", "coefficient_gap_ratio"]) == 0
    out = capsys.readouterr().out
    assert "2.99467163977" in out and "2.995 is a correct rounding to 3 decimal places" in out


@pytest.mark.parametrize("dps", ["0", "-1", "1.5", "100001", "x"])
def test_constants_command_refuses_bad_dps_in_one_line(capsys, dps):
    assert main(["constants", "--dps", dps]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--dps" in err


def test_constants_command_fails_on_a_wrong_printed_decimal(tmp_path, capsys):
    path = tmp_path / "constants.toml"
    path.write_text('[[constant]]\nid = "ratio"\nname = "ratio"\nvalue = "4*E**2/pi**2"\nwhere = "(32)"\n'
                    '[[constant.printed]]\ndecimal = "2.996"\nwhere = "after (32)"\n')
    assert main(["constants", "--constants", str(path), "--dps", "10", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)["constants"][0]
    (printed,) = record["printed"]
    assert printed["verdict"] == "wrong" and printed["correctly_rounded"] == "2.995"
    assert printed["error_in_last_place"] == "+1.33"


def test_constants_command_compares_the_engines(capsys):
    assert main(["constants", "--dps", "200", "--compare-mpmath", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)["constants"]
    assert all(r["mpmath_agrees"] for r in records)


def test_value_that_may_be_exactly_zero_is_reported_as_such():
    # log 6 - log 2 - log 3 is 0, but SymPy leaves it unsimplified: no digit can be certified.
    with pytest.raises(RoundingBoundaryError, match="cannot be separated from zero"):
        certified_digits(sp.log(6) - sp.log(2) - sp.log(3), 5)
