"""inequality: a sampled point where Arb balls prove the claim false fails it before SymPy is asked.

SymPy cannot prove a false inequality, and may spend its whole budget trying; a
certified counter-example among the sampled points settles the claim at once.  Only
a proof of failure may stop the check there: a tie, or a failure too small for the
low precision of that first look, goes on to the routes that decide it.
"""
import pytest

from proofcheck.core.kinds import inequality
from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()


def claim_of(params, lhs, rel, rhs, **extra):
    record = {"id": "ineq", "where": "unit test", "statement": "unit test", "kind": "inequality",
              "params": params, "lhs": lhs, "rel": rel, "rhs": rhs, **extra}
    return build_claim(record, "tests/engine", KINDS)


@pytest.fixture
def sympy_never_asked(monkeypatch):
    def refuse(claim, settings):
        raise AssertionError("the symbolic route was tried on a claim already refuted")
    monkeypatch.setattr(inequality, "_symbolic", refuse)


def test_a_false_inequality_fails_at_a_sampled_point_without_a_symbolic_attempt(sympy_never_asked):
    # x^2 > 5 fails for x < sqrt(5): the lower part of 0 < x < 10 is sampled.
    verdict = check_claim(claim_of({"x": "0 < x < 10"}, "x**2", ">", "5"), Settings())
    assert verdict.status == "failed", verdict.details
    point = verdict.counterexample["point"]
    assert "x" in point and verdict.counterexample["lhs"] and verdict.counterexample["rhs"]


def test_the_witness_of_the_refutation_is_a_point_where_the_claim_is_false(sympy_never_asked):
    from fractions import Fraction
    verdict = check_claim(claim_of({"x": "0 < x < 10"}, "x**2", ">", "5"), Settings())
    x = Fraction(str(verdict.counterexample["point"]["x"]))
    assert x * x <= 5


@pytest.mark.slow
def test_a_tie_that_balls_cannot_separate_is_not_taken_for_a_failure():
    # At x = 1, exp(x log 2) is a ball around 2 and 2**x is exactly 2: undecided, not false.
    claim = claim_of({"x": "0 < x < 3"}, "exp(x*log(2))", ">=", "2**x", points=[{"x": 1}])
    verdict = check_claim(claim, Settings(routes=("numeric",)))
    assert verdict.passed, verdict.details


def test_a_failure_below_the_first_looks_precision_is_still_found():
    # exp(x + e^-230) exceeds exp(x) by about 10^-100 e^x: 256 bits cannot see it, more can.
    verdict = check_claim(claim_of({"x": "1 <= x <= 2"}, "exp(x + exp(-230))", "<=", "exp(x)"), Settings())
    assert verdict.status == "failed", verdict.details


def test_a_true_inequality_is_not_refuted_and_keeps_its_symbolic_proof():
    verdict = check_claim(claim_of({"x": "real"}, "x**2 - 2*x + 1", ">=", "0"), Settings())
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
