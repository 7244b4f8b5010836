"""The argument at the ends of a range: a slack concave along a bounded parameter is least at
an end, |A| is split into A and -A, x = log y where x enters only through exponentials; and the
optimiser of an optimum shown inside its range, or a product of one-variable factors."""
import pytest
import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.least_at_ends import abs_cases, least_at_ends
from proofcheck.core.symbolic.unique_stationary_point import separable_maximum
from proofcheck.papers import registry_for

KINDS = registry_for()


def verdict_of(record):
    base = {"id": "ends", "where": "unit test", "statement": "unit test"}
    return check_claim(build_claim({**base, **record}, "tests/engine", KINDS), Settings())


def inequality(params, lhs, rel, rhs):
    return verdict_of({"kind": "inequality", "params": params, "lhs": lhs, "rel": rel, "rhs": rhs,
                       "evidence": "symbolic"})


def test_a_bound_on_an_absolute_value_affine_in_one_range_and_concave_in_another_is_proved():
    verdict = inequality({"S": "S > 0", "L": "L > 0", "z": "-L <= z <= L", "delta": "-1/2 <= delta <= 1/2"},
                         "Abs((S*z + delta)**2 - S**2*z**2)", "<=", "S*L + 1/4")
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert "|A| written A and -A" in verdict.route


def test_a_power_below_its_chord_is_proved_through_the_exponential():
    verdict = inequality({"alpha": "1 < alpha <= 4", "L": "-1 <= L <= 1"}, "exp(alpha*L)", "<=",
                         "exp(-alpha) + (exp(L) - exp(-1))*(exp(alpha) - exp(-alpha))/(exp(1) - exp(-1))")
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert "concave in e^L" in verdict.route


def test_the_absolute_value_is_split_both_ways():
    x = sp.Symbol("x", real=True)
    assert set(abs_cases(1 - sp.Abs(x))) == {1 - x, 1 + x}
    assert abs_cases(1 - x) == [1 - x]


def test_a_convex_slack_positive_at_both_ends_is_not_taken_to_its_ends():
    verdict = inequality({"x": "0 <= x <= 1"}, "(x - 1/2)**2 + 10**-3", ">=", "10**-2")
    assert verdict.status == "failed"


def test_a_strict_claim_equal_at_an_end_is_not_proved_there():
    x = sp.Symbol("x", real=True)
    record = build_claim({"id": "e", "where": "w", "statement": "s", "kind": "inequality",
                          "params": {"x": "0 <= x <= 1"}, "lhs": "x*(1 - x)", "rel": ">", "rhs": "0"},
                         "tests/engine", KINDS)

    def prove(expression, strict):  # SymPy's assumptions alone: -x''(1 - x) = 2 is signed, x (1 - x) is not
        return bool(expression.is_positive if strict else expression.is_nonnegative)

    slack = x * (1 - x)
    assert least_at_ends(slack.xreplace({x: record.domain.parameters["x"].symbol}), record.domain, prove,
                         strict=True) is None
    assert least_at_ends(slack.xreplace({x: record.domain.parameters["x"].symbol}), record.domain, prove,
                         strict=False)


@pytest.mark.slow  # deep tier: the pack's own claim (br-extremal-mass and the rest) runs by default
def test_an_optimiser_shown_inside_its_range_for_every_parameter_makes_a_concave_optimum_symbolic():
    verdict = verdict_of({"kind": "optimum", "params": {"eta": "eta > 0"}, "variables": {"p": "positive"},
                          "objective": "p*eta + log(1 - p + p*exp(-eta))", "over": {"p": "0 < p < 1"},
                          "at": {"p": "1/(1 - exp(-eta)) - 1/eta"},
                          "value": "eta/(exp(eta) - 1) + log((exp(eta) - 1)/eta) - 1", "sense": "max"})
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details


def test_an_optimiser_that_leaves_its_range_far_out_is_refuted():
    verdict = verdict_of({"kind": "optimum", "params": {"eta": "eta > 0"}, "variables": {"p": "positive"},
                          "objective": "-(p - 1/2 - eta/10**40)**2", "over": {"p": "0 < p < 1"},
                          "at": {"p": "1/2 + eta/10**40"}, "value": "0", "sense": "max"})
    assert verdict.status == "failed" and "outside its range" in verdict.details


def test_a_product_of_one_variable_factors_is_largest_where_each_factor_is():
    u, theta = sp.symbols("u theta", positive=True)
    f = 2 * theta**2 * (1 - theta)**2 * (u - 1)**2 / u**4
    intervals = [sp.Interval.open(1, sp.oo), sp.Interval.open(0, 1)]
    assert separable_maximum(f, [u, theta], intervals, {u: 2, theta: sp.Rational(1, 2)})
    assert not separable_maximum(f, [u, theta], intervals, {u: 3, theta: sp.Rational(1, 2)})
    # A factor with a second, higher peak: its stationary point at 1/2 is not its maximum.
    g = theta**2 * (1 - theta)**2 * (1 + 1000 * (theta - sp.Rational(1, 2))**4) * (u - 1)**2 / u**4
    assert not separable_maximum(g, [u, theta], intervals, {u: 2, theta: sp.Rational(1, 2)})


def test_a_gaussian_bump_in_two_variables_is_a_product_of_one_variable_factors():
    u, v = sp.symbols("u v", real=True)
    intervals = [sp.Interval(0, 5), sp.Interval(0, 5)]
    assert separable_maximum(sp.exp(-(u - 2)**2 - (v - 3)**2), [u, v], intervals, {u: 2, v: 3})


def test_a_root_below_a_nonnegative_side_is_proved_by_squaring_both():
    verdict = inequality({"x": "x > 0"}, "x + 1", ">=", "sqrt(x**2 + 1)")
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert "A - sqrt(B) as A and A^2 - B" in verdict.route


@pytest.mark.slow  # deep tier: the pack's own claim (br-extremal-mass and the rest) runs by default
def test_a_closed_integral_is_signed_by_the_symbolic_routes():
    # E R^2 = 2 + s^2 - 2 (1 + s^2) e^(-s^2/2) <= s^4 for the lognormal remainder (sec8-lognormal-first-order).
    verdict = verdict_of({"kind": "inequality", "params": {"sigma": "0 < sigma <= 1"}, "variables": {"z": "real"},
                          "lhs": "sqrt(E((exp(sigma*z - sigma**2) - 1 - sigma*z)**2, z))", "rel": "<=",
                          "rhs": "sigma**2", "evidence": "symbolic"})
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert "closed form held to the numbers" in verdict.route


def test_a_parameter_is_cut_where_a_breakpoint_meets_a_limit_or_another_breakpoint():
    from proofcheck.core.symbolic.parameter_pieces import cut_points, pieces
    record = build_claim({"id": "e", "where": "w", "statement": "s", "kind": "inequality",
                          "params": {"p": "0 < p < 1", "t": "real"}, "variables": {"x": "real"},
                          "define": {"f": "(1 - p)*Indicator(x <= 1/2) + p*Indicator(x > 1/2)"},
                          "lhs": "integrate(Abs(x - t)*f, x, -1/2, 3/2)", "rel": "<=",
                          "rhs": "p*Abs(1 - t) + (1 - p)*Abs(t) + 1/4"}, "tests/engine", KINDS)
    slack = record.expr("rhs") - record.expr("lhs")
    t = record.parameters["t"]
    half = sp.Rational(1, 2)
    assert cut_points(slack, t) == [-half, 0, half, 1, 3 * half]
    assert len(pieces(t, cut_points(slack, t))) == 6 + 5  # six open pieces and the five cut points
    # A breakpoint whose meeting with a limit depends on another parameter: no cut.
    p = record.parameters["p"]
    assert cut_points(sp.Integral(sp.Abs(record.symbols["x"] - p.symbol * t.symbol), (record.symbols["x"], 0, 1)),
                      t) == []


@pytest.mark.slow  # deep tier: the pack's own claim (br-extremal-mass and the rest) runs by default
def test_the_symbolic_route_proves_an_inequality_with_an_integral_piece_by_piece():
    verdict = verdict_of({"kind": "inequality", "params": {"p": "0 < p < 1", "t": "real"}, "variables": {"x": "real"},
                          "define": {"f": "(1 - p)*Indicator(x <= 1/2) + p*Indicator(x > 1/2)"},
                          "lhs": "integrate(Abs(x - t)*f, x, -1/2, 3/2)", "rel": "<=",
                          "rhs": "p*Abs(1 - t) + (1 - p)*Abs(t) + 1/4", "evidence": "symbolic"})
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert "on each piece of t cut at -1/2, 0, 1/2, 1, 3/2" in verdict.route
