"""A failure explains itself: the file and claim, what was derived (a formula where SymPy found one),
what was asserted, the point and both values, the relative difference and the digit where they part."""
import json

import pytest
from conftest import WRONG_DRIFT, run_cli

from proofcheck.report.failures import parting

WRONG_CONSTANT = '''
[[claim]]
id = "gaussian-half-integral"
where = "Theorem 5.1, the constant"
statement = "the half Gaussian integral is 0.87"
kind = "identity"
variables = { x = "real" }
lhs = "integrate(exp(-x**2), x, 0, oo)"
asserts = "87/100"
''' + WRONG_DRIFT



def test_a_wrong_constant_shows_the_derived_formula_both_values_and_where_they_part(tmp_path):
    claims = tmp_path / "revised.toml"
    claims.write_text(WRONG_CONSTANT)
    result = run_cli("verify", "--claims", str(claims), "--only", "gaussian-half-integral", "-j", "1")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    text = result.stdout
    assert f"in {claims}, claim gaussian-half-integral" in text
    assert "derived:  sqrt(pi)/2" in text
    assert "asserted: 87/100" in text
    assert "derived 0.8862269255, asserted 0.87" in text
    assert "relative difference 0.018: they part at the 2nd significant digit" in text
    assert "{" not in text  # no raw Python dict


@pytest.mark.slow
def test_a_numeric_failure_shows_the_definition_the_point_and_both_values(tmp_path):
    claims = tmp_path / "revised.toml"
    claims.write_text(WRONG_CONSTANT)
    result = run_cli("verify", "--claims", str(claims), "--only", "wrong-drift", "-j", "1")
    assert result.returncode == 1
    text = result.stdout
    assert "definition: E(Abs(exp(sigma*z - sigma**2/2) - 1), z)" in text
    assert "derived:  2*erf(sqrt(2)*sigma/4)" in text     # what SymPy made of it
    assert "asserted: 2*Phi(sigma) - 1" in text
    assert "at sigma = 5.0: definition 1.975161339, asserted 0.9999994267" in text
    assert "they part at the 1st significant digit" in text
    assert "differ at 50 digits" not in text


@pytest.mark.slow
def test_json_keeps_every_trusted_digit_and_names_the_paper(tmp_path):
    claims = tmp_path / "revised.toml"
    claims.write_text(WRONG_CONSTANT)
    result = run_cli("verify", "--claims", str(claims), "--json", "-j", "1")
    records = {r["id"]: r for r in json.loads(result.stdout)["claims"]}
    assert all(r["paper"] == "revised" for r in records.values())
    constant = records["gaussian-half-integral"]["counterexample"]
    assert constant["derived formula"] == "sqrt(pi)/2"
    assert constant["derived"].startswith("0.88622692545275801364908374167")
    assert len(records["wrong-drift"]["counterexample"]["definition"]) >= 30


def test_the_parting_digit_counts_the_shared_leading_digits():
    assert parting("0.8862", "0.87").endswith("the 2nd significant digit")
    assert parting("1.9751", "0.99999").endswith("the 1st significant digit")
    assert parting("3.14159", "3.14160").endswith("the 6th significant digit")
    assert parting("2", "2") == ""


def test_a_failed_inequality_shows_the_relation_claimed_and_both_sides_at_the_point(tmp_path):
    claims = tmp_path / "bound.toml"
    claims.write_text('[[claim]]\nid = "wrong-bound"\nwhere = "Lemma 9"\nstatement = "x^2 <= x on (0, 2)"\n'
                      'kind = "inequality"\nparams = { x = "0 < x < 2" }\nlhs = "x**2"\nrel = "<="\nrhs = "x"\n')
    result = run_cli("verify", "--claims", str(claims), "-j", "1")
    assert result.returncode == 1
    assert "claimed:  x**2 <= x" in result.stdout
    assert "lhs 4.0, rhs 2.0" in result.stdout and "part at" not in result.stdout


WRONG_SERIES = '''
[[claim]]
id = "series-wrong-for-a-at-0"
where = "a series SymPy expands for a generic a"
statement = "a x^2/(a + x^2) = x^2 + O(x^4) for 0 <= a <= 1 (false at a = 0)"
kind = "series"
params = { a = "0 <= a <= 1" }
variables = { x = "real" }
expr = "a*x**2/(a + x**2)"
variable = "x"
point = "0"
order = 4
asserts = "x**2"
'''


def test_a_series_the_numbers_refute_shows_its_point_without_a_traceback(tmp_path):
    claims = tmp_path / "series.toml"
    claims.write_text(WRONG_SERIES)
    result = run_cli("verify", "--claims", str(claims), "-j", "1")
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "at a = 0" in result.stdout, result.stdout
