"""Focused tests that a broken checker cannot pass.

Each group below targets one way the engine can silently become unsound: a
false claim reported as passed.  Every test states behaviour any sound engine
must have (a false claim fails, a true one passes, an undecidable comparison
is never a pass), not how the engine gets there.
"""
import mpmath
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.decimals.audit import audit_decimal
from proofcheck.core.kinds.equality import numeric_compare
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.intervals import decide
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import agree
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()

X = sp.Symbol("x", positive=True)




def verdict_of(record, settings=None):
    return check_claim(claim(**record), settings or Settings())


# -- 1. intervals.decide: an undecided comparison is never a pass -------------------------

# sin^2 + cos^2 is exactly 1, but no ball around it is exact: the balls never separate.
ONE_IN_DISGUISE = sp.sin(sp.pi / 7) ** 2 + sp.cos(sp.pi / 7) ** 2
# pi written with Machin-like arctangents (atan(1/2) + atan(1/3) = pi/4), plus a tiny offset.
PI_IN_DISGUISE = 4 * sp.atan(sp.Rational(1, 2)) + 4 * sp.atan(sp.Rational(1, 3))


@pytest.mark.parametrize("relation", ["<", "<=", ">", ">="])
def test_decide_equal_non_exact_values_is_undecided(relation):
    assert decide(relation, ONE_IN_DISGUISE, 1, max_prec=1024) is None
    assert decide(relation, sp.pi, PI_IN_DISGUISE, max_prec=1024) is None


@pytest.mark.parametrize("relation", ["<", ">"])
def test_decide_strict_comparison_of_equal_values_is_never_true(relation):
    assert decide(relation, ONE_IN_DISGUISE, 1, max_prec=2048) is not True
    assert decide(relation, sp.pi, PI_IN_DISGUISE, max_prec=2048) is not True


def test_decide_separation_below_the_budget_is_undecided_then_decided():
    tiny = sp.Rational(1, 10**500)  # ~1661 bits below 1
    rhs = PI_IN_DISGUISE + tiny
    assert decide(">=", sp.pi, rhs, max_prec=1024) is None
    assert decide("<", sp.pi, rhs, max_prec=1024) is None
    # With enough bits the balls separate, and the answer is the true one.
    assert decide(">=", sp.pi, rhs, max_prec=4096) is False
    assert decide("<", sp.pi, rhs, max_prec=4096) is True


def test_audit_refuses_a_value_it_cannot_separate_from_the_printed_decimal():
    # Exactly 1, but never an exact ball: a truncation cannot be decided either way.
    with pytest.raises(ProofcheckError):
        audit_decimal(ONE_IN_DISGUISE, "1", max_prec=512)


# -- 2. numeric_compare: the verdict is re-checked at twice the precision -----------------

NEAR_MISS = {"id": "near-miss", "kind": "identity", "params": {"a": "1 <= a <= 2"},
             "lhs": "a*pi*(1 + 10**-45)", "asserts": "a*pi"}


def test_numeric_compare_rechecks_at_twice_the_precision():
    # The sides differ by a relative 1e-45: within the 30 digits asked at dps = 50,
    # outside the 60 digits asked at dps = 100.
    c = claim(**NEAR_MISS)
    left, right = c.expr("lhs"), c.expr("asserts")
    point = {c.symbols["a"]: sp.Rational(3, 2)}
    assert agree(evaluate(left, point, 50), evaluate(right, point, 50), 50)
    verdict = numeric_compare(c, left, right, Settings(), points=[point])
    assert verdict.status == "failed"


def test_numeric_compare_passes_a_true_identity_at_both_precisions():
    c = claim(**NEAR_MISS)
    a = c.symbols["a"]
    verdict = numeric_compare(c, a * sp.pi * (1 + sp.Rational(1, 10**45)) - a * sp.pi / 10**45,
                              a * sp.pi, Settings(), points=[{a: sp.Rational(3, 2)}, {a: 1}])
    assert verdict.status == "passed"
    assert verdict.evidence == "numeric"


def test_near_miss_identity_fails_on_the_numeric_route():
    assert verdict_of(NEAR_MISS, Settings(routes=("numeric",))).status == "failed"


def test_near_miss_identity_fails_with_default_settings():
    assert verdict_of(NEAR_MISS).status == "failed"


def test_near_miss_of_a_quadrature_fails_on_the_numeric_route():
    # The integral of exp(-a x^2) over [0, 1] has no elementary closed form.
    record = {"id": "near-miss-quad", "kind": "identity", "params": {"a": "1 <= a <= 2"},
              "variables": {"x": "real"}, "lhs": "integrate(exp(-a*x**2), x, 0, 1)",
              "asserts": "sqrt(pi)*erf(sqrt(a))/(2*sqrt(a))*(1 + 10**-45)", "samples": 1}
    assert verdict_of(record, Settings(routes=("numeric",))).status == "failed"
    record = dict(record, id="quad", asserts="sqrt(pi)*erf(sqrt(a))/(2*sqrt(a))")
    assert verdict_of(record, Settings(routes=("numeric",))).status == "passed"


# -- 3. optimum: the second-order condition ----------------------------------------------

def _optimum(objective, sense, at="1", value="0"):
    return {"id": "opt", "kind": "optimum", "variables": {"x": "real"}, "objective": objective,
            "over": {"x": "real"}, "at": {"x": at}, "value": value, "sense": sense}


def test_a_minimum_claimed_as_a_maximum_fails():
    assert verdict_of(_optimum("(x - 1)**2", "max")).status == "failed"


def test_a_maximum_claimed_as_a_minimum_fails():
    assert verdict_of(_optimum("1 - (x - 1)**2", "min", value="1")).status == "failed"


def test_a_minimum_claimed_as_a_maximum_fails_with_a_parameter():
    record = _optimum("c*(x - c)**2 + c", "max", at="c", value="c")
    record["params"] = {"c": "1 <= c <= 3"}
    assert verdict_of(record).status == "failed"


def test_true_optima_pass():
    assert verdict_of(_optimum("-(x - 1)**2", "max")).passed
    assert verdict_of(_optimum("(x - 1)**2", "min")).passed


# -- 4. zcdp-supremum: every order of the stated grid is checked -------------------------

def _supremum(threshold, alpha_max="1000"):
    # D_alpha/alpha = eps + (alpha - 1)(alpha - threshold)/1000: tends to eps as alpha -> 1,
    # below eps for 1 < alpha < threshold, above it beyond.
    return {"id": "zcdp-sup", "kind": "zcdp-supremum", "params": {"eps": "1 <= eps <= 2"},
            "variables": {"alpha": "positive"}, "order": "alpha",
            "divergence": f"alpha*(eps + (alpha - 1)*(alpha - {threshold})/1000)", "asserts": "eps",
            "grid": {"nearest": "1/1000000", "alpha_max": alpha_max, "per_decade": 8}, "samples": 2}


def test_zcdp_supremum_exceeded_only_at_large_orders_fails():
    verdict = verdict_of(_supremum(threshold=20))
    assert verdict.status == "failed"


def test_zcdp_supremum_exceeded_only_near_alpha_max_fails():
    verdict = verdict_of(_supremum(threshold=900))
    assert verdict.status == "failed"


def test_zcdp_supremum_exceeded_only_beyond_the_grid_fails():
    # Below eps on the whole grid (alpha <= 1000) but above it past alpha = 2000: the
    # supremum is over every alpha > 1, so the orders beyond the grid are looked at too.
    verdict = verdict_of(_supremum(threshold=2000))
    assert verdict.status == "failed"


def test_zcdp_supremum_below_rho_at_every_order_passes():
    # D_alpha/alpha = eps - (alpha - 1)/(1000 alpha): below eps for every alpha > 1, tending to it.
    record = _supremum(threshold=0)
    record["divergence"] = "alpha*(eps - (alpha - 1)/(1000*alpha))"
    verdict = verdict_of(record)
    assert verdict.passed, verdict.details


# -- 5. renyi: the moment is compared with exp((alpha - 1) D_alpha) ----------------------

# Binary randomized response: the moment summed over the two outputs.
RR_MOMENT = ("(exp(eps)/(1 + exp(eps)))**alpha*(1/(1 + exp(eps)))**(1 - alpha)"
             " + (1/(1 + exp(eps)))**alpha*(exp(eps)/(1 + exp(eps)))**(1 - alpha)")
RR_DIVERGENCE = "log(exp(alpha*eps) + exp((1 - alpha)*eps)) - log(exp(eps) + 1)"


def _renyi(asserts):
    return {"id": "rr-renyi", "kind": "renyi", "params": {"eps": "eps > 0", "alpha": "alpha > 1"},
            "order": "alpha", "moment": RR_MOMENT, "asserts": asserts}


def test_renyi_true_closed_form_passes_symbolically():
    verdict = verdict_of(_renyi(f"({RR_DIVERGENCE})/(alpha - 1)"))
    assert verdict.passed, verdict.details
    assert verdict.evidence == "symbolic"


@pytest.mark.parametrize("wrong", [
    f"-({RR_DIVERGENCE})/(alpha - 1)",          # negated
    f"({RR_DIVERGENCE})/(1 - alpha)",           # sign of the order factor flipped
])
def test_renyi_wrong_closed_form_fails_outside_mutant_mode(wrong):
    assert verdict_of(_renyi(wrong), Settings()).status == "failed"


@pytest.mark.slow
def test_renyi_gaussian_negated_fails_and_true_passes():
    moment = "integrate(normal_pdf(x, 0, 1)**alpha*normal_pdf(x, mu, 1)**(1 - alpha), x, -oo, oo)"
    record = {"id": "gauss-renyi", "kind": "renyi",
              "params": {"mu": "0 < mu <= 3", "alpha": "1 < alpha <= 50"},
              "variables": {"x": "real"}, "order": "alpha", "moment": moment,
              "asserts": "alpha*mu**2/2", "samples": 2}
    verdict = verdict_of(record)
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert verdict_of(dict(record, asserts="-alpha*mu**2/2")).status == "failed"


# -- 6. numeric limits at infinity are extrapolated, not sampled -------------------------

@pytest.mark.parametrize("expr, value", [
    (X * sp.sin(1 / X), sp.Integer(1)),          # 1 - 1/(6 x^2): off by 1.7e-13 at x = 1e6
    ((1 + 1 / X) ** X, sp.E),                    # E (1 - 1/(2x)): off by 5e-7 relative at 1e6
    (X * (sp.exp(1 / X) - 1), sp.Integer(1)),
])
def test_numeric_limit_at_infinity_agrees_to_the_required_digits(expr, value):
    for dps in (50, 100):
        got = evaluate(sp.Limit(expr, X, sp.oo), {}, dps)
        assert agree(got, evaluate(value, {}, dps), dps), mpmath.nstr(got, 40)


def test_numeric_limit_at_minus_infinity():
    y = sp.Symbol("y", negative=True)
    got = evaluate(sp.Limit(y * sp.sin(1 / y), y, -sp.oo), {}, 50)
    assert agree(got, 1, 50), mpmath.nstr(got, 40)


@pytest.mark.parametrize("expr, asserts", [("x*sin(1/x)", "1"), ("(1 + 1/x)**x", "E")])
def test_limit_claim_on_the_numeric_route(expr, asserts):
    record = {"id": "lim", "kind": "limit", "variables": {"x": "positive"}, "expr": expr,
              "limits": [["x", "oo"]], "asserts": asserts}
    verdict = verdict_of(record, Settings(routes=("numeric",)))
    assert verdict.passed, verdict.details
    assert verdict.evidence == "numeric"
    wrong = dict(record, asserts=f"{asserts} + 10**-20")
    assert verdict_of(wrong, Settings(routes=("numeric",))).status == "failed"
