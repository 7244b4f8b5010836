"""inequality: the sign-from-assumptions route proves only what holds on the whole domain.

This route passes a claim without sampling a point, so a fault in it is a false
pass.  Each false claim below is true everywhere except on the boundary of its
domain (a closed bound, the first integer), exactly where a wrong shift of the
bound or a strict/non-strict mix-up would hide it.  The true claims show the
route still reaches its proofs: each needs the simplification, the factoring or
the shift of a lower bound that the route performs.
"""
import pytest
import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()


def verdict_of(params, lhs, rel, rhs, **extra):
    record = {"id": "ineq", "where": "unit test", "statement": "unit test", "kind": "inequality",
              "params": params, "lhs": lhs, "rel": rel, "rhs": rhs, **extra}
    return check_claim(build_claim(record, "tests/engine", KINDS), Settings())


@pytest.mark.parametrize("params, lhs, rel, rhs", [
    ({"x": "real"}, "x**2 + 1", ">", "0"),                         # positive as it stands
    ({"x": "real"}, "x**2 - 2*x + 1", ">=", "0"),                  # (x - 1)^2 once factored
    ({"x": "x >= 2"}, "x**2", ">=", "4"),                          # x = 2 + t, t >= 0
    ({"x": "x > 2"}, "x**2", ">", "4"),                            # x = 2 + t, t > 0
    ({"n": "integer n >= 1"}, "n**2", ">=", "n"),                  # n = 1 + t, t >= 0 integer
    ({"n": "integer n > 1/2"}, "n**2", ">=", "n"),                 # n > 1/2 means n >= 1
    ({"n": "integer n >= 1/2"}, "n**3", ">=", "n**2"),             # n >= 1/2 means n >= 1
    ({"x": "x > 0"}, "exp(log(x) + 1)", ">", "x"),                 # e x > x after simplify
])
def test_a_true_inequality_is_proved_from_the_assumptions(params, lhs, rel, rhs):
    verdict = verdict_of(params, lhs, rel, rhs)
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert verdict.route == "sign from assumptions"


@pytest.mark.parametrize("params, lhs, rel, rhs", [
    ({"x": "x >= 0"}, "x**2", ">", "0"),                           # 0 > 0 at x = 0
    ({"x": "x >= 2"}, "x**2", ">", "4"),                           # closed bound: 4 > 4 at x = 2
    ({"n": "integer n >= 0"}, "n**2", ">", "0"),                   # at n = 0
    ({"n": "integer n > 0"}, "n**2", ">", "n"),                    # 1 > 1 at n = 1
    ({"n": "integer n >= 1/2"}, "n**2", ">", "1"),                 # n = 1 is in the domain
    ({"n": "integer n > 1/2"}, "n**2", ">", "1"),
    ({"x": "real"}, "x**2 - 2*x + 1", ">", "0"),                   # (x - 1)^2 > 0 fails at 1
])
def test_an_inequality_false_only_on_the_boundary_fails(params, lhs, rel, rhs):
    verdict = verdict_of(params, lhs, rel, rhs)
    assert verdict.status == "failed", (verdict.status, verdict.evidence, verdict.details)


def test_a_constant_inequality_is_left_to_the_arb_enclosure():
    verdict = verdict_of({}, "pi", ">", "3")
    assert verdict.passed and verdict.evidence == "certified", verdict.details
    assert verdict_of({}, "pi", ">", "22/7").status == "failed"


def test_an_inequality_with_an_integral_is_signed_only_through_its_closed_form_held_to_the_numbers():
    verdict = verdict_of({"s": "s > 0"}, "integrate(exp(-s*x), x, 0, 1)", "<=", "1",
                         variables={"x": "real"})
    assert verdict.passed, verdict.details
    assert verdict.evidence != "symbolic" or "closed form held to the numbers" in verdict.route


def test_an_inequality_with_a_sum_is_not_signed_symbolically():
    verdict = verdict_of({"s": "s > 0"}, "summation(s/2**k, k, 1, 3)", "<=", "s",
                         variables={"k": "integer"})
    assert verdict.passed and verdict.evidence != "symbolic", verdict.details


# -- the numeric route at ties: where the two sides are equal ------------------------------

NUMERIC = Settings(routes=("numeric",))


def numeric_verdict_of(params, lhs, rel, rhs):
    record = {"id": "ineq", "where": "unit test", "statement": "unit test", "kind": "inequality",
              "params": params, "lhs": lhs, "rel": rel, "rhs": rhs}
    return check_claim(build_claim(record, "tests/engine", KINDS), NUMERIC)


@pytest.mark.slow
def test_an_equality_written_as_a_non_strict_inequality_holds_at_every_tie():
    # Equal everywhere, and no ball can show it: each point is decided by the precisions.
    verdict = numeric_verdict_of({"x": "real"}, "sin(x)**2 + cos(x)**2", ">=", "1")
    assert verdict.passed and verdict.evidence == "numeric", verdict.details


def test_an_equality_written_as_a_strict_inequality_is_never_passed():
    verdict = numeric_verdict_of({"x": "real"}, "sin(x)**2 + cos(x)**2", ">", "1")
    assert not verdict.passed, verdict.details


def test_a_non_strict_bound_attained_on_the_boundary_holds_and_its_strict_twin_fails():
    assert numeric_verdict_of({"x": "x >= 1"}, "exp(x - 1)", ">=", "x").passed
    assert numeric_verdict_of({"x": "x >= 1"}, "exp(x - 1)", ">", "x").status == "failed"


# -- a rational slack as an expanded numerator over a positive denominator -------------------

T = sp.Symbol("t", positive=True)


def test_a_rational_slack_with_positive_terms_over_a_positive_denominator_is_signed():
    from proofcheck.core.kinds.inequality import _expanded_over_positive
    assert _expanded_over_positive((T + 1)**3 / (T**2 + T + 1) + T / (1 + T), strict=True)


def test_a_nonnegative_numerator_over_a_denominator_of_no_proved_sign_is_not_signed():
    from proofcheck.core.kinds.inequality import _expanded_over_positive
    # t/(t - 2) < 0 for 0 < t < 2: its numerator alone is positive.
    assert not _expanded_over_positive(T / (T - 2), strict=False)


def test_a_numerator_that_expands_to_zero_is_not_strictly_positive():
    from proofcheck.core.kinds.inequality import _expanded_over_positive
    zero = sp.expand((T + 1)**2) - T**2 - 2 * T - 1
    assert not _expanded_over_positive((zero + sp.Mul(T, 0, evaluate=False)) / (1 + T), strict=True)
    assert _expanded_over_positive(((T + 1)**2 - T**2 - 2 * T - 1) / (1 + T), strict=False)


# -- a lower bound that is another parameter: t > n written n + u, u > 0 --------------------------

def test_a_parameter_above_another_is_written_as_that_one_plus_a_positive_amount():
    verdict = verdict_of({"n": "integer n >= 1", "t": "t > n", "s": "s > 0"}, "(t + s - n)/(t - n)", ">=", "1")
    assert verdict.evidence == "symbolic", verdict.details


def test_a_parameter_above_another_may_be_as_close_to_it_as_it_likes():
    # (t - n - 1)/(t - n) < 0 for n < t < n + 1.
    verdict = verdict_of({"n": "integer n >= 1", "t": "t > n"}, "(t - n - 1)/(t - n)", ">=", "0")
    assert verdict.status == "failed", verdict.details


def test_the_point_where_an_indicator_switches_belongs_to_its_own_case():
    # 1{x > 1} + |x - 1| > 0 fails at x = 1 alone, where the indicator is 0.
    verdict = verdict_of({"x": "real"}, "Indicator(x > 1) + Abs(x - 1)", ">", "0")
    assert verdict.evidence != "symbolic", verdict.details
    assert verdict_of({"x": "real"}, "Indicator(x >= 1) + Abs(x - 1)", ">", "0").evidence == "symbolic"
