"""symbolic.is_zero: Arb balls look at a difference before SymPy tries to reduce it to 0.

A difference that balls prove nonzero at a point of the domain is no identity, and
simplifying it could only spend the symbolic budget (a false claim's difference, mostly).
The look may only ever say "not zero": an exact zero, a tie at one point, or an operator
balls do not cover goes on to the simplification strategies as before.
"""
import pytest
import sympy as sp

from proofcheck.core.kinds.equality import probe_points, representative_point
from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic import operators as symbolic
from proofcheck.papers import registry_for

x, y = sp.symbols("x y", positive=True)
KINDS = registry_for()


@pytest.fixture
def strategies_forbidden(monkeypatch):
    def refuse(expression):
        raise AssertionError(f"a simplification was tried on {expression}")
    monkeypatch.setattr(symbolic, "_STRATEGIES", (refuse,))


def test_a_difference_proved_nonzero_at_a_point_is_not_simplified(strategies_forbidden):
    assert symbolic.is_zero(sp.exp(x) - x - 1, at=[{x: sp.Rational(1, 3)}]) is False


def test_an_identity_is_still_reduced_to_zero_after_the_look():
    assert symbolic.is_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, at=[{x: sp.Rational(1, 3)}])


def test_a_difference_that_vanishes_at_the_point_goes_on_to_the_strategies():
    # (x - 1/2)^2 is 0 at x = 1/2, where balls cannot exclude 0; SymPy still decides (not 0).
    assert symbolic.is_zero((x - sp.Rational(1, 2)) ** 2, at=[{x: sp.Rational(1, 2)}]) is False
    assert symbolic.is_zero(sp.expand((x + 1) ** 2) - (x + 1) ** 2, at=[{x: sp.Rational(1, 2)}])


def test_an_operator_balls_do_not_cover_leaves_the_decision_to_sympy():
    integral = sp.Integral(y, (y, 0, x))
    assert symbolic.is_zero(integral - x ** 2 / 2, at=[{x: sp.Rational(1, 3)}])


def test_the_look_is_quick_a_difference_below_its_precision_goes_on_to_the_strategies(monkeypatch):
    # e^(x/10^100) - 1 is about 3e-101 at x = 1/3: balls need 512 bits to see it, the look stops at 256.
    tried = []
    monkeypatch.setattr(symbolic, "_STRATEGIES", (lambda e: tried.append(e) or e,))
    difference = sp.exp(x / sp.Integer(10) ** 100) - 1
    assert symbolic.is_zero(difference, at=[{x: sp.Rational(1, 3)}]) is False
    assert tried == [difference]


def test_without_points_nothing_is_looked_at(strategies_forbidden):
    with pytest.raises(AssertionError):
        symbolic.is_zero(sp.exp(x) - x - 1)


def test_the_probe_includes_a_point_off_the_diagonal_of_two_parameters_of_one_range():
    record = {"id": "p", "where": "unit test", "statement": "unit test", "kind": "identity",
              "params": {"mu": "0 < mu < 1", "nu": "0 < nu < 1"}, "lhs": "mu", "asserts": "nu"}
    claim = build_claim(record, "tests/engine", KINDS)
    middle, spread, *_ = probe_points(claim)
    assert middle == representative_point(claim)
    values = {str(k): v for k, v in spread.items()}
    assert values["mu"] != values["nu"] and all(0 < v < 1 for v in values.values())


def test_a_false_kl_claim_tied_at_the_middle_fails_without_a_simplification(strategies_forbidden):
    # KL(N(mu, 1) || N(nu, 1)) = (mu - nu)^2/2 is 0 at the middle mu = nu = 1/2: asserted 0.
    record = {"id": "kl", "where": "unit test", "statement": "unit test", "kind": "kl",
              "params": {"mu": "0 < mu < 1", "nu": "0 < nu < 1"}, "variables": {"x": "real"},
              "definition": "integrate(normal_pdf(x, mu, 1)*log(normal_pdf(x, mu, 1)/normal_pdf(x, nu, 1)), "
                            "x, -oo, oo)",
              "asserts": "0"}
    verdict = check_claim(build_claim(record, "tests/engine", KINDS), Settings())
    assert verdict.status == "failed", verdict.details


def test_an_expression_that_a_rewriting_leaves_as_it_was_is_simplified_once(monkeypatch):
    # x - 1 has no logarithm, erf or exponential to rewrite: the strategies that rewrite
    # first would simplify x - 1 again, and the answer could not change.
    simplified = []
    simplify = sp.simplify
    monkeypatch.setattr(sp, "simplify", lambda e, *a, **k: simplified.append(e) or simplify(e, *a, **k))
    assert symbolic.is_zero(x - 1) is False
    assert simplified == [x - 1]
    simplified.clear()
    # tanh(x) - 1 changes only when rewritten in exponentials: two simplifications.
    assert symbolic.is_zero(sp.tanh(x) - 1) is False
    assert simplified == [sp.tanh(x) - 1, (sp.tanh(x) - 1).rewrite(sp.exp)]
