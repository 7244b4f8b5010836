"""Beside a failed claim's counter-example, the simplest point where the claim still fails
(proofcheck/core/shrink.py), decided by the claim's own checker on the claim fixed there."""
from __future__ import annotations

import json

import pytest
from conftest import run_cli

FALSE_CLAIMS = '''
[[claim]]
id = "gauss-kl-wrong"
where = "Gaussian KL without its half"
statement = "KL(N(0,s^2) || N(d,s^2)) = d^2/s^2 (false: it is d^2/(2 s^2))"
kind = "kl"
params = { s = "s > 0", d = "d > 0" }
variables = { x = "real" }
define = { "g(x, m)" = "exp(-(x - m)**2/(2*s**2))/(sqrt(2*pi)*s)" }
definition = "integrate(g(x, 0)*log(g(x, 0)/g(x, d)), x, -oo, oo)"
asserts = "d**2/s**2"

[[claim]]
id = "exp-product-wrong"
where = "exp(a) exp(b) = exp(ab), false"
statement = "exp(a) exp(b) = exp(a b)"
kind = "identity"
params = { a = "0 < a < 1000", b = "-50 < b < 1000" }
lhs = "exp(a)*exp(b)"
asserts = "exp(a*b)"

[[claim]]
id = "square-below-line-wrong"
where = "t^2 <= t + 7, false from t = 3.2"
statement = "t^2 <= t + 7 for t > 0"
kind = "inequality"
params = { t = "t > 0" }
lhs = "t**2"
rel = "<="
rhs = "t + 7"
'''


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = tmp_path_factory.mktemp("shrink") / "false.claims.toml"
    path.write_text(FALSE_CLAIMS, encoding="utf-8")
    result = run_cli("verify", "--claims", path, "--json", "-j", "1")
    return {r["id"]: r for r in json.loads(result.stdout)["claims"]}


def test_a_false_claim_undecided_at_one_sampled_point_fails_at_another(records):
    # The quadrature gives up at the sampled s = 10^-30, d = 10^6; the other points refute it.
    record = records["gauss-kl-wrong"]
    assert record["status"] == "failed"
    assert record["counterexample"]["simplest"]["point"] == {"s": "1", "d": "1"}


def test_an_error_stays_the_error_it_was():
    from proofcheck.core.model.claims import build_claim
    from proofcheck.core.model.verdict import Settings, Verdict
    from proofcheck.core.points.shrink import shrink_counterexample
    from proofcheck.papers import registry_for
    claim = build_claim({"id": "t", "where": "t", "statement": "t", "kind": "inequality",
                         "params": {"t": "t > 0"}, "lhs": "t**2", "rel": "<=", "rhs": "t + 7"},
                        "tests", registry_for())
    error = Verdict("error", None, "undecided at {'t': '10'}", {"point": {"t": "10"}})
    assert shrink_counterexample(claim, error, Settings()) == Verdict("error", None, "undecided at {'t': '10'}",
                                                                      {"point": {"t": "10"}})


def test_a_false_identity_is_shown_at_simple_values_and_keeps_the_sampled_point(records):
    record = records["exp-product-wrong"]
    assert record["status"] == "failed"
    assert record["counterexample"]["simplest"]["point"] == {"a": "1", "b": "0"}
    assert record["counterexample"]["point"] != {"a": "1", "b": "0"}  # the sampled point is kept


def test_an_inequality_is_shown_at_the_simplest_value_where_it_fails(records):
    # t^2 <= t + 7 holds up to t = 3.19: 4 is the simplest value where it fails (1, 2, 3 hold).
    record = records["square-below-line-wrong"]
    assert record["status"] == "failed" and record["counterexample"]["simplest"]["point"] == {"t": "4"}
    assert record["counterexample"]["point"] != {"t": "4"}


def test_the_simplest_point_is_shown_under_the_failure(tmp_path):
    path = tmp_path / "false.claims.toml"
    path.write_text(FALSE_CLAIMS, encoding="utf-8")
    result = run_cli("verify", "--claims", path, "-j", "1", "--only", "exp-product-wrong")
    assert "simplest failing point found: at a = 1.0, b = 0.0" in result.stdout


def test_shrinking_never_turns_a_pass_into_anything_else(tmp_path):
    path = tmp_path / "true.claims.toml"
    path.write_text(FALSE_CLAIMS.replace('asserts = "exp(a*b)"', 'asserts = "exp(a + b)"'), encoding="utf-8")
    result = run_cli("verify", "--claims", path, "--json", "-j", "1", "--only", "exp-product-wrong")
    assert json.loads(result.stdout)["claims"][0]["status"] == "passed"
