"""optimum: each condition of an asserted optimum is checked, and each failure is named.

An optimum passes only if the derivative vanishes at the asserted optimiser
(relative to the objective's size, to 3*dps/5 digits at dps and at 2*dps), the
Hessian's leading minors have the signs of a maximum (alternating, from
negative) or a minimum (all positive), the value there is the asserted one, and
no other point of the domain does better: SymPy finds exactly one stationary
point inside the domain, or a scan finds nothing better.
"""

import pytest
from conftest import unit_claim

from proofcheck.core.kinds.mutants import expression_mutants
from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
NUMERIC = Settings(routes=("numeric",))

GLOBAL = ("the Hessian is definite everywhere, so the objective is strictly concave, so the strict local "
          "optimum is the global one")
SYMBOLIC_PASS = "first- and second-order conditions and value: symbolic; globality: " + GLOBAL
NUMERIC_PASS = ("first- and second-order conditions and value: numeric; globality: no better point in a "
                "scan of 60 points per variable")


def claim(**record):
    record.setdefault("kind", "optimum")
    record.setdefault("variables", {"x": "real"})
    return unit_claim(**record)


def verdict_of(settings=SETTINGS, **record):
    return check_claim(claim(**record), settings)


def one(objective, at, value, sense, over="real", **extra):
    return dict(objective=objective, over={"x": over}, at={"x": at}, value=value, sense=sense, **extra)


def two(objective, value, sense):
    return dict(variables={"x": "real", "y": "real"}, over={"x": "real", "y": "real"},
                objective=objective, at={"x": "0", "y": "0"}, value=value, sense=sense)


# -- passes ----------------------------------------------------------------------------------

def test_a_true_maximum_is_solved_symbolically():
    verdict = verdict_of(**one("-(x - 1)**2", "1", "0", "max"))
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", SYMBOLIC_PASS)
    assert verdict.route == "optimum solved (first and second order)"


def test_a_true_maximum_on_the_numeric_route_is_scanned():
    verdict = verdict_of(NUMERIC, **one("-(x - 1)**2", "1", "0", "max"))
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "numeric", NUMERIC_PASS)


def test_an_optimiser_that_depends_on_a_parameter():
    verdict = verdict_of(params={"a": "1 <= a <= 2"},
                         **one("a*log(x) - x", "a", "a*log(a) - a", "max", over="x > 0"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")


def test_a_true_minimum_of_two_variables_passes():
    verdict = verdict_of(**two("x**2 + y**2 + x*y", "0", "min"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")


def test_a_true_maximum_of_two_variables_passes():
    verdict = verdict_of(**two("-x**2 - y**2 + x*y", "0", "max"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")


# -- each condition failing ------------------------------------------------------------------------

def test_a_point_where_the_derivative_does_not_vanish_fails_the_first_order_condition():
    verdict = verdict_of(**one("-(x - 1)**2", "2", "-1", "max"))
    assert verdict.status == "failed"
    assert verdict.details == "first-order condition fails at the asserted optimiser"
    assert verdict.counterexample == {"point": {}, "derivative": "-2.0"}


def test_a_derivative_of_ten_to_the_minus_40_is_seen_at_twice_the_precision():
    # Within 10**-30 at 50 digits, outside 10**-60 at 100.
    verdict = verdict_of(**one("-(x - 1)**2 + x/10**40", "1", "1/10**40", "max"))
    assert verdict.status == "failed"
    assert verdict.details == "first-order condition fails at the asserted optimiser"
    assert verdict.counterexample == {"point": {}, "derivative": "1.0e-40"}


def test_a_wrong_optimal_value_fails():
    verdict = verdict_of(**one("-(x - 1)**2", "1", "1", "max"))
    assert verdict.status == "failed"
    assert verdict.details == "objective at the optimiser differs from the asserted value"
    assert verdict.counterexample == {"point": {}, "objective": "0.0", "asserted": "1.0"}


@pytest.mark.parametrize("record", [
    one("(x - 1)**2", "1", "0", "max"),
    one("-(x - 1)**2", "1", "0", "min"),
    two("x**2 - y**2", "0", "max"),                 # a saddle: the first minor is positive
    two("-x**2 - y**2 + 3*x*y", "0", "max"),        # a saddle: the determinant is -5
    two("x**2 + y**2 - 3*x*y", "0", "min"),         # a saddle: the determinant is -5
])
def test_the_wrong_kind_of_stationary_point_fails_the_second_order_condition(record):
    verdict = verdict_of(**record)
    assert (verdict.status, verdict.details) == ("failed", "second-order condition fails")
    assert verdict.counterexample == {"point": {}}


def test_a_local_maximum_beaten_elsewhere_in_the_domain_fails_the_scan():
    # x^3 - 3x: a local maximum 2 at -1, but 18 at the closed end 3.
    verdict = verdict_of(**one("x**3 - 3*x", "-1", "2", "max", over="-3 <= x <= 3"))
    assert verdict.status == "failed"
    assert verdict.details == "the scan found a better point: {'x': '3'}"


# Times e^-700 every condition decides as it does at size 1: counted against 1, such an
# objective was stationary anywhere and no point of the scan beat another.

def test_an_objective_of_size_e_minus_700_is_stationary_only_where_its_derivative_vanishes():
    verdict = verdict_of(**one("exp(-700)*(x - 1)**2", "2", "exp(-700)", "min", over="0 <= x <= 3"))
    assert verdict.status == "failed"
    assert verdict.details == "first-order condition fails at the asserted optimiser"
    verdict = verdict_of(NUMERIC, **one("exp(-700)*(x - 1)**2", "1", "0", "min", over="0 <= x <= 3"))
    assert verdict.status == "passed", verdict.details


def test_a_local_maximum_of_size_e_minus_700_beaten_elsewhere_fails_the_scan():
    verdict = verdict_of(**one("exp(-700)*(x**3 - 3*x)", "-1", "2*exp(-700)", "max", over="-3 <= x <= 3"))
    assert verdict.status == "failed"
    assert verdict.details == "the scan found a better point: {'x': '3'}"


def test_an_objective_that_cannot_be_evaluated_at_the_optimiser_is_an_error():
    verdict = verdict_of(**one("sqrt(x)", "-1", "0", "max"))
    assert (verdict.status, verdict.evidence, verdict.details) == ("error", None,
                                                                   "sqrt(x) is not real at {x: -1}")


def test_a_wrong_value_is_shown_to_twenty_digits():
    verdict = verdict_of(**one("-(x - 1)**2 + pi", "1", "3", "max"))
    assert verdict.counterexample == {"point": {}, "objective": "3.1415926535897932385", "asserted": "3.0"}


def test_a_local_minimum_beaten_elsewhere_fails_the_scan():
    verdict = verdict_of(**one("x**3 - 3*x", "1", "-2", "min", over="-3 <= x <= 3"))
    assert verdict.details == "the scan found a better point: {'x': '-3'}"


def test_a_narrow_better_peak_on_the_fine_grid_of_one_variable_is_found():
    # A peak of height 2 and width about 1/400 centred on 30/61, the 30th of the 60 grid
    # points of [0, 1]; a grid ten times coarser passes beside it.
    verdict = verdict_of(NUMERIC, **one("-(x - 1/10)**2 + 2*exp(-(400*x - 12000/61)**2)", "1/10", "0",
                                        "max", over="0 <= x <= 1"))
    assert verdict.details == "the scan found a better point: {'x': '30/61'}"


def test_a_flat_maximum_is_decided_by_its_first_non_zero_derivative():
    # -(x - 1)**4 is largest at 1, where its Hessian is 0: the fourth derivative, -24, decides.
    verdict = verdict_of(**one("-(x - 1)**4", "1", "0", "max"))
    assert verdict.status == "passed", verdict.details


def test_a_flat_point_of_odd_order_is_no_optimum():
    verdict = verdict_of(**one("-(x - 1)**5", "1", "0", "max"))
    assert verdict.status == "failed"
    assert "odd order 5" in verdict.details


def test_a_flat_minimum_claimed_a_maximum_fails():
    verdict = verdict_of(**one("(x - 1)**4", "1", "0", "max"))
    assert verdict.status == "failed"
    assert "order 4" in verdict.details


def test_a_derivative_at_an_optimiser_of_zero_is_judged_absolutely():
    verdict = verdict_of(**one("-(x - 1)**2", "0", "-1", "max"))
    assert verdict.details == "first-order condition fails at the asserted optimiser"
    assert verdict.counterexample == {"point": {}, "derivative": "2.0"}


def test_a_derivative_is_weighed_by_the_size_of_the_optimiser():
    # At x = 10**40 a slope of 10**-60 moves the objective by 10**-20 per relative step.
    verdict = verdict_of(**one("-(x - 10**40)**2/(10**40)**2 + x/(10**30)**2", "10**40", "10**-20", "max"))
    assert verdict.details == "first-order condition fails at the asserted optimiser"
    assert verdict.counterexample == {"point": {}, "derivative": "1.0e-60"}


def test_stationarity_is_judged_relative_to_the_size_of_the_objective():
    # A slope of 10**-45 against an objective of 10**20: 10**-65 relative, inside 60 digits.
    verdict = verdict_of(**one("10**20 - (x - 1)**2 + x/10**45", "1", "10**20 + 10**-45", "max"))
    assert (verdict.status, verdict.evidence, verdict.details) == (
        "passed", "numeric", "first- and second-order conditions and value: numeric; globality: " + GLOBAL)


@pytest.mark.parametrize("record, globality", [
    (one("-(x - 1)**2 + pi", "1", "4*atan(1/2) + 4*atan(1/3)", "max"),        # the value
     GLOBAL),
    (one("-(x - pi)**2", "4*atan(1/2) + 4*atan(1/3)", "0", "max"),            # the optimiser
     GLOBAL),
])
def test_conditions_sympy_cannot_reduce_are_numeric_evidence(record, globality):
    # 4 atan(1/2) + 4 atan(1/3) = pi, which SymPy does not reduce.
    verdict = verdict_of(**record)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == f"first- and second-order conditions and value: numeric; globality: {globality}"


def test_an_objective_defined_by_an_integral_is_optimised_in_closed_form():
    # The mean of -(x - Y)**2 over Y uniform on (0, 1) is -x**2 + x - 1/3: largest at 1/2.
    record = one("integrate(-(x - y)**2, y, 0, 1)", "1/2", "-1/12", "max",
                 variables={"x": "real", "y": "real"})
    verdict = verdict_of(**record)
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == "objective derived as -x**2 + x - 1/3; " + SYMBOLIC_PASS


def test_a_control_of_an_integral_objective_is_not_refuted_by_its_second_derivatives():
    # A control is checked without deriving the objective: second derivatives of a
    # quadrature decide nothing, and the control is an error, not a refutation.
    record = one("integrate(-(x - y)**2, y, 0, 1)", "1/2", "-1/12", "min",
                 variables={"x": "real", "y": "real"})
    verdict = verdict_of(Settings(mutant_mode=True), **record)
    assert (verdict.status, verdict.evidence) == ("error", None)
    assert verdict.details == ("second-order condition undecided: the objective was not derived in "
                               "closed form (raise the time budget)")
    assert verdict.counterexample == {"point": {}}


@pytest.mark.parametrize("objective, at, value, derived", [
    ("summation(-(x - k)**2, k, 1, 2)", "3/2", "-1/2", "-2*x**2 + 6*x - 5"),
    ("limit(-(x - 1)**2 + t, t, 0)", "1", "0", "-x**2 + 2*x - 1"),
    ("diff(-(x - 1)**3/3, x)", "1", "0", "-(x - 1)**2"),
])
def test_an_objective_defined_by_any_operator_is_derived_and_its_controls_are_not_refuted_by_it(
        objective, at, value, derived):
    record = dict(variables={"x": "real", "k": "integer", "t": "real"}, objective=objective,
                  over={"x": "real"}, at={"x": at}, value=value)
    verdict = verdict_of(**record, sense="max")
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == f"objective derived as {derived}; " + SYMBOLIC_PASS
    control = verdict_of(Settings(mutant_mode=True), **record, sense="min")
    assert (control.status, control.details) == ("error", "second-order condition undecided: the "
                                                 "objective was not derived in closed form (raise the "
                                                 "time budget)")


def test_a_true_optimum_checked_as_a_control_passes_on_the_numbers():
    verdict = verdict_of(Settings(mutant_mode=True), **one("-(x - 1)**2", "1", "0", "max"))
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "numeric", NUMERIC_PASS)


def test_a_stationary_point_above_an_upper_bound_is_outside():
    # x**3 - 3x on x < 0: of the stationary points -1 and 1, only -1 is inside.
    verdict = verdict_of(**one("x**3 - 3*x", "-1", "2", "max", over="x < 0"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")


# -- which stationary points count as inside the domain ------------------------------------------------

@pytest.mark.parametrize("over, sense, at, value, evidence", [
    ("-3 <= x <= 0", "max", "-1", "2", "symbolic"),     # only -1 of the two stationary points
    ("-1 <= x <= 0", "max", "-1", "2", "symbolic"),     # -1 on the closed edge: inside
    ("-1 < x <= 0", "max", "-1", "2", "numeric"),      # -1 on the open edge: none inside
    ("0 <= x <= 1", "min", "1", "-2", "symbolic"),      # 1 on the closed upper edge
    ("0 <= x < 1", "min", "1", "-2", "numeric"),       # 1 on the open upper edge
])
def test_a_stationary_point_on_an_edge_is_inside_only_if_the_edge_is_closed(over, sense, at, value,
                                                                              evidence):
    verdict = verdict_of(**one("x**3 - 3*x", at, value, sense, over=over))
    assert (verdict.status, verdict.evidence) == ("passed", evidence), verdict.details


# -- the fields ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (dict(sense="maximum"), "'sense' must be 'max' or 'min'"),
    (dict(over={}), "'over' must be a table: variable = \"domain\""),
    (dict(over="x"), "'over' must be a table: variable = \"domain\""),
    (dict(at={"y": "1"}), "'at' must give a value for each variable of 'over'"),
    (dict(at="1"), "'at' must give a value for each variable of 'over'"),
    (dict(over={"a": "real"}, at={"a": "1"}, params={"a": "real"}),
     "optimisation variable 'a' must be declared in 'variables'"),
    (dict(over={"z": "real"}, at={"z": "1"}), "optimisation variable 'z' must be declared in 'variables'"),
    # A range that moves with another variable: the scan stopped on "cannot determine truth value".
    (dict(variables={"x": "real", "y": "real"}, over={"y": "0 < y < 4", "x": "0 < x < y"},
          at={"x": "1", "y": "2"}),
     "the range of optimisation variable 'x' moves with y: a range in 'over' may name the parameters, "
     "not another variable of 'over' (write the objective in variables with fixed ranges, a = b u with 0 < u < 1)"),
])
def test_a_malformed_optimum_is_refused(change, message):
    with pytest.raises(ClaimFileError) as raised:
        claim(**dict(one("-(x - 1)**2", "1", "0", "max"), **change))
    assert str(raised.value).endswith(message)


def test_the_controls_perturb_the_value_and_the_optimiser_a_few_each():
    c = claim(**one("-(x - 2/3)**2 + 3/7 + 2*pi", "2/3", "3/7 + 2*pi", "max"))
    descriptions = [d for d, _ in c.checker.mutants(c, SETTINGS)]
    assert any(d.startswith("value: ") for d in descriptions)
    assert any(d.startswith("at.x: ") for d in descriptions)
    every = list(expression_mutants(c, ["value", "at.x"], SETTINGS))
    assert len(descriptions) < len(every)


def test_the_scan_goes_on_past_points_where_the_objective_has_no_value():
    import sympy as sp
    c = claim(**one("-(x - 1)**2", "1", "0", "max", over="0 < x < 10"))
    x = c.parsed["over"][0].symbol
    # No value below x = 1/2, where the scan starts; a better point near x = 8.
    f = sp.Piecewise((-(x - 1) ** 2 + 100 * sp.exp(-(x - 8) ** 2), x > sp.Rational(1, 2)))
    better, unresolved = KINDS["optimum"]._scan(c, f, {x: 1}, sp.Integer(0), [{}], SETTINGS)
    assert unresolved is None and better is not None and 7 < float(sp.Rational(better["x"])) < 9, better


def test_the_scan_of_two_variables_looks_at_every_sixth_point_of_its_grid():
    import sympy as sp
    c = claim(**dict(two("-x**2 - y**2", "0", "max"), over={"x": "0 < x < 61", "y": "0 < y < 61"}))
    x, y = (p.symbol for p in c.parsed["over"])
    # A narrow peak at the grid point (13, 13); the grid's other points are far below 0.
    f = -1 + 2 * sp.exp(-4 * ((x - 13) ** 2 + (y - 13) ** 2))
    better, unresolved = KINDS["optimum"]._scan(c, f, {x: 0, y: 0}, sp.Integer(0), [{}], SETTINGS)
    assert (better, unresolved) == ({"x": "13", "y": "13"}, None), better


def test_in_two_variables_a_unique_stationary_point_is_not_taken_as_global():
    # x^2 (1 + y)^3 + y^2: one stationary point, (0, 0), a strict local minimum; -96 at (10, -2).
    record = dict(variables={"x": "real", "y": "real"}, objective="x**2*(1 + y)**3 + y**2",
                  over={"x": "-10 <= x <= 10", "y": "-10 <= y <= 10"}, at={"x": "0", "y": "0"}, value="0",
                  sense="min")
    verdict = verdict_of(**record)
    assert verdict.status == "failed" and verdict.details.startswith("the scan found a better point")


def test_in_two_variables_a_concave_objective_is_shown_global():
    record = dict(variables={"u": "real", "v": "real"}, objective="-(u - 2)**2 - (v - 3)**2 + u*v/4",
                  over={"u": "0 <= u <= 5", "v": "0 <= v <= 5"}, at={"u": "152/63", "v": "208/63"},
                  value="-(152/63 - 2)**2 - (208/63 - 3)**2 + 152*208/(4*63**2)", sense="max")
    verdict = verdict_of(**record)
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", SYMBOLIC_PASS)


def test_in_two_variables_one_stationary_point_of_an_objective_not_concave_is_left_to_the_scan():
    # exp(-(u - 2)^2 - (v - 3)^2 - (u - 2)^2 (v - 3)^2): its maximum is global, but the bump is not
    # concave far out, nor a product of one-variable factors, and one stationary point does not show it.
    record = dict(variables={"u": "real", "v": "real"},
                  objective="exp(-(u - 2)**2 - (v - 3)**2 - (u - 2)**2*(v - 3)**2)",
                  over={"u": "0 <= u <= 5", "v": "0 <= v <= 5"}, at={"u": "2", "v": "3"}, value="1",
                  sense="max")
    verdict = verdict_of(**record)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details.endswith("globality: no better point in a scan of 60 points per variable")


def test_a_variable_declared_narrower_than_its_range_is_refused_by_name():
    # Declared positive, SymPy reads sqrt(x**2) as x: over the real line that is another objective
    # (at x = -1 it is below the asserted minimum 0).
    with pytest.raises(ClaimFileError, match="'x' is declared positive, but 'over' ranges over 'real'"):
        claim(variables={"x": "positive"}, objective="(x - 1)**2/100 + 2*x - 2*sqrt(x**2)",
              over={"x": "real"}, at={"x": "1"}, value="0", sense="min")
    assert claim(variables={"x": "positive"}, objective="(x - 1)**2", over={"x": "x > 0"}, at={"x": "1"},
                 value="0", sense="min") is not None
