"""identity, limit, asymptotic, series: what each kind accepts, how it decides, what it says.

A true equality is passed symbolically when SymPy reduces the difference to 0,
else at sampled points where both sides agree to 3*dps/5 digits at dps and at
2*dps; a false one fails with both values shown to every digit the comparison
trusts, and the formula SymPy derived.  The expected values are the mathematics
of each claim (pi to 60 digits, a series by hand), not read back from the engine.
"""

import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.kinds.equality import numeric_compare
from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.points.policy import sample_points
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
NUMERIC = Settings(routes=("numeric",))




def verdict_of(settings=SETTINGS, **record):
    return check_claim(claim(**record), settings)


# 60 significant digits of pi (3.14159 26535 89793 23846 26433 83279 50288 41971 69399 37510
# 58209 74944 59230 ...), rounded.
PI_60 = "3.14159265358979323846264338327950288419716939937510582097494"


# -- series ------------------------------------------------------------------------------------

SERIES = dict(kind="series", params={"t": "t > 0"}, expr="exp(t)", variable="t", point="0", order=3)


def test_a_true_series_is_expanded_and_reduced_to_zero():
    verdict = verdict_of(**SERIES, asserts="1 + t + t**2/2")
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == "SymPy derived t**2/2 + t + 1"
    assert verdict.route == "series expanded, simplified to zero, held to the numbers"


def test_a_wrong_series_coefficient_fails_and_shows_the_expansion():
    verdict = verdict_of(**SERIES, asserts="1 + t + t**2/3")
    assert verdict.status == "failed"
    assert verdict.details == "derived and assertion differ, confirmed at higher precision"
    assert verdict.counterexample["derived formula"] == "t**2/2 + t + 1"
    assert verdict.route == ""


@pytest.mark.parametrize("record, derived", [
    (dict(variables={"t": "positive"}, expr="log(t)", point="1", asserts="(t - 1) - (t - 1)**2/2"),
     "t - (t - 1)**2/2 - 1"),
    (dict(params={"a": "1 <= a <= 2"}, variables={"t": "real"}, expr="exp(a*t)", point="0",
          asserts="1 + a*t + a**2*t**2/2"), "a**2*t**2/2 + a*t + 1"),
])
def test_a_series_is_expanded_at_its_own_point_in_its_own_variable(record, derived):
    verdict = verdict_of(kind="series", variable="t", order=3, **record)
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic",
                                                                  f"SymPy derived {derived}")


def test_a_series_has_no_numeric_route():
    verdict = verdict_of(NUMERIC, **SERIES, asserts="1 + t + t**2/2")
    assert (verdict.status, verdict.details) == ("error", "no numeric route for this kind")


@pytest.mark.parametrize("order", [0, 13, True, "3", 2.0])
def test_a_series_order_is_an_integer_from_1_to_12(order):
    with pytest.raises(ClaimFileError, match="'order' must be an integer from 1 to 12$"):
        claim(**dict(SERIES, order=order), asserts="1")


@pytest.mark.parametrize("order, asserts", [(1, "1"), (12, "1")])
def test_the_orders_1_and_12_are_accepted(order, asserts):
    assert claim(**dict(SERIES, order=order), asserts=asserts).parsed["series_at"][2] == order


def test_a_series_variable_must_be_declared():
    with pytest.raises(ClaimFileError, match="variable 'u' is not declared$"):
        claim(**dict(SERIES, variable="u"), asserts="1")


# -- limit ---------------------------------------------------------------------------------------

LIMIT = dict(kind="limit", params={"a": "a > 0"}, variables={"t": "positive"}, expr="sin(a*t)/t")


def test_a_true_limit_is_taken_symbolically():
    verdict = verdict_of(**LIMIT, limits=[["t", "0", "+"]], asserts="a")
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived a")
    assert verdict.route == "limit taken, simplified to zero"


def test_a_wrong_constant_limit_fails_on_the_enclosure_of_the_difference():
    verdict = verdict_of(kind="limit", params={"t": "t > 0"}, expr="sin(t)/t", limits=[["t", "0"]],
                         asserts="2")
    assert verdict.status == "failed"
    assert verdict.details == ("the derived constant and the assertion differ (Arb encloses the "
                               "difference away from 0)")
    assert verdict.counterexample == {"derived - asserted": "-1.000000000", "derived formula": "1",
                                      "derived": "1.0", "asserted": "2.0"}


def test_a_single_limit_has_a_numeric_route_and_an_iterated_one_has_none():
    single = verdict_of(NUMERIC, kind="limit", params={"t": "t > 0"}, expr="sin(t)/t",
                        limits=[["t", "0"]], asserts="2")
    assert single.status == "failed"
    assert single.details == "definition and assertion differ, confirmed at higher precision"
    iterated = verdict_of(NUMERIC, **dict(LIMIT, variables={"t": "positive", "n": "positive"},
                                          expr="sin(a*t)/t + 1/n"),
                          limits=[["n", "oo"], ["t", "0", "+"]], asserts="a")
    assert (iterated.status, iterated.details) == ("error", "no numeric route for this kind")


def test_limits_are_taken_innermost_first_and_the_direction_defaults_by_the_point():
    c = claim(**dict(LIMIT, variables={"t": "positive", "n": "positive"}),
              limits=[["n", "oo"], ["t", 0]], asserts="a")
    n, t = c.symbols["n"], c.symbols["t"]
    assert c.parsed["definition"] == sp.Limit(sp.Limit(c.expr("expr"), n, sp.oo, "-"), t, 0, "+")
    assert c.parsed["free_after"] == {"a"}


LIMITS_LIST = "'limits' must be a list such as [[\"n\", \"oo\"], [\"r\", \"0\", \"+\"]]"


def test_a_limit_keeps_its_stated_direction_and_frees_only_the_parameters_it_does_not_take():
    c = claim(kind="limit", params={"a": "a > 0", "t": "t > 0"}, expr="sin(a*t)/t",
              limits=[["t", "0", "-"]], asserts="a")
    assert c.parsed["definition"] == sp.Limit(c.expr("expr"), c.symbols["t"], 0, "-")
    assert c.parsed["free_after"] == {"a"}


@pytest.mark.parametrize("limits, message", [
    ("t", LIMITS_LIST),
    ([], LIMITS_LIST),
    ([["t"]], "malformed limit ['t']"),
    ([["t", "0", "+", "x"]], "malformed limit ['t', '0', '+', 'x']"),
    (["t"], "malformed limit 't'"),
    ({"t": "0"}, LIMITS_LIST),
    ([["u", "0"]], "limit variable 'u' is not declared"),
    ([["t", "0", "up"]], "limit direction must be '+' or '-', got 'up'"),
])
def test_a_malformed_limit_is_refused(limits, message):
    with pytest.raises(ClaimFileError) as raised:
        claim(**LIMIT, limits=limits, asserts="a")
    assert str(raised.value).endswith(message)


# -- asymptotic ------------------------------------------------------------------------------------

ASYMPTOTIC = dict(kind="asymptotic", params={"c": "c > 0"}, variables={"n": "positive"},
                  expr="log(1 + 1/(n + c))", variable="n", point="oo")


def test_a_true_asymptotic_equivalence_has_ratio_limit_one():
    verdict = verdict_of(**ASYMPTOTIC, asserts="1/n")
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived 1")


def test_an_asymptotic_equivalence_off_by_a_factor_fails():
    verdict = verdict_of(**ASYMPTOTIC, asserts="2/n")
    assert verdict.status == "failed"
    assert verdict.counterexample["derived formula"] == "1/2"


@pytest.mark.parametrize("point, direction, expected", [
    ("oo", None, (sp.oo, ["-"])), ("0", None, (0, ["+"])), (0, None, (0, ["+"])), ("0", "-", (0, ["-"])),
])
def test_an_asymptotic_direction_defaults_to_the_side_of_its_point(point, direction, expected):
    # n is positive: it comes to 0 from above only.
    record = dict(ASYMPTOTIC, point=point, **({"direction": direction} if direction else {}))
    c = claim(**record, asserts="1/n")
    assert c.parsed["ratio_limit"] == (c.symbols["n"], *expected)


def test_an_asymptotic_equivalence_of_a_real_variable_at_0_is_taken_from_both_sides():
    record = dict(kind="asymptotic", variables={"x": "real"}, expr="Abs(x) + x**2", variable="x", point="0")
    assert claim(**record, asserts="x").parsed["ratio_limit"][2] == ["+", "-"]
    assert verdict_of(**record, asserts="x").status == "failed"  # the ratio is -1 from the left
    assert verdict_of(**record, asserts="Abs(x)").passed


def test_an_asymptotic_equivalence_is_taken_from_its_stated_side():
    # |t| ~ -t as t -> 0 from below, and |t| ~ t from above.
    record = dict(kind="asymptotic", variables={"t": "real"}, expr="Abs(t)", variable="t", point="0",
                  asserts="-t")
    assert verdict_of(**record, direction="-").passed
    assert verdict_of(**record).status == "failed"


def test_an_asymptotic_equivalence_of_an_integral_uses_its_closed_form():
    # The integral of exp(-n x) over (0, 1) is (1 - exp(-n))/n ~ 1/n.
    verdict = verdict_of(kind="asymptotic", variables={"n": "positive", "x": "real"},
                         expr="integrate(exp(-n*x), x, 0, 1)", variable="n", point="oo", asserts="1/n")
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived 1")


def test_an_asymptotic_variable_must_be_declared():
    with pytest.raises(ClaimFileError, match="variable 'm' is not declared$"):
        claim(**dict(ASYMPTOTIC, variable="m"), asserts="1/n")


# -- identity on the numeric route -------------------------------------------------------------------

def test_an_identity_at_sampled_points_names_the_digits_the_points_and_the_recheck():
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a*pi", asserts="pi*a")
    verdict = check_claim(c, NUMERIC)
    count = len(sample_points(c, NUMERIC))
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == (f"definition and assertion agree to 30 digits at {count} points "
                               "(re-checked at 100 digits)")
    assert verdict.route == f"sampled {count} points in 1 <= a <= 2"


def test_an_identity_without_parameters_is_compared_at_one_point():
    verdict = verdict_of(NUMERIC, kind="identity", variables={"x": "real"},
                         lhs="integrate(exp(-x**2), x, 0, 1)", asserts="sqrt(pi)*erf(1)/2")
    assert verdict.passed
    assert verdict.details == ("definition and assertion agree to 30 digits at 1 points "
                               "(re-checked at 100 digits)")
    assert verdict.route == "sampled 1 points in no parameters"


def test_a_sampling_box_is_named_by_its_ranges():
    verdict = verdict_of(NUMERIC, kind="identity", params={"a": "real"}, lhs="Abs(a)", asserts="a",
                         sampling={"a": "0 < a < 1"})
    assert verdict.passed
    assert " points drawn from 0 < a < 1 (re-checked at 100 digits)" in verdict.details
    assert verdict.route.startswith("sampled ") and " points in 0 < a < 1" in verdict.route


def test_a_near_miss_shows_both_values_to_the_digits_of_the_recheck_and_the_formula():
    # Equal to 30 digits at dps 50; apart at 100 digits, where 60 digits are trusted.
    verdict = verdict_of(NUMERIC, kind="identity", params={"a": "1 <= a <= 2"}, lhs="a*pi",
                         asserts="a*pi*(1 + 10**-45)")
    assert verdict.status == "failed"
    assert verdict.details == "definition and assertion differ, confirmed at higher precision"
    point = verdict.counterexample["point"]
    assert point == {"a": "1"}  # the first edge of [1, 2]
    assert verdict.counterexample["definition"] == PI_60
    assert verdict.counterexample["asserted"].startswith("3.14159265358979323846264338327950288419716")
    assert verdict.counterexample["asserted"] != PI_60
    assert verdict.counterexample["definition formula"] == "pi*a"


def test_an_unevaluated_definition_shows_no_formula():
    verdict = verdict_of(NUMERIC, kind="identity", variables={"x": "real"},
                         lhs="integrate(exp(-x**2), x, 0, 1)", asserts="sqrt(pi)*erf(1)/2 + 10**-40")
    assert verdict.status == "failed"
    assert set(verdict.counterexample) == {"point", "definition", "asserted"}


def test_a_definition_with_no_limit_fails_naming_the_point():
    verdict = verdict_of(NUMERIC, kind="identity", variables={"t": "real"},
                         lhs="limit(sin(1/t), t, 0, '+')", asserts="0")
    assert verdict.status == "failed"
    assert verdict.details.startswith("definition: no limit: along points approaching 0.0 ")
    assert verdict.counterexample == {"point": {}}


def test_a_side_that_cannot_be_evaluated_is_an_error_at_its_point():
    # (a^2 - 1)/(a - 1) is a + 1 wherever it is defined: the point a = 1 is never a pass.
    verdict = verdict_of(NUMERIC, kind="identity", params={"a": "1 <= a <= 2"},
                         lhs="(a**2 - 1)/(a - 1)", asserts="a + 1")
    assert (verdict.status, verdict.evidence) == ("error", None)
    assert verdict.details.startswith("at {'a': '1'}: ")
    assert verdict.counterexample == {"point": {"a": "1"}}


def test_a_point_that_cannot_be_evaluated_does_not_hide_a_counter_example_at_another():
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a", asserts="a")
    a = c.symbols["a"]
    verdict = numeric_compare(c, 1 / (a - 1), sp.Integer(0), NUMERIC, points=[{a: sp.Integer(1)}, {a: sp.Integer(2)}])
    assert verdict.status == "failed" and verdict.counterexample["point"] == {"a": "2"}


def test_a_side_computed_at_no_point_is_an_error_at_the_first_after_two_points(monkeypatch):
    # sqrt(-a) is not real anywhere on 1 <= a <= 2: the comparison waits one point, not all of them.
    from proofcheck.core.kinds import equality
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a", asserts="a")
    a = c.symbols["a"]
    seen, outcome_at = [], equality._outcome_at
    monkeypatch.setattr(equality, "_outcome_at", lambda *args: seen.append(args[2]) or outcome_at(*args))
    points = [{a: sp.Integer(1)}, {a: sp.Rational(3, 2)}, {a: sp.Integer(2)}]
    verdict = numeric_compare(c, sp.sqrt(-a), a, NUMERIC, points=points)
    assert verdict.status == "error" and verdict.counterexample == {"point": {"a": "1"}}
    assert seen == points[:2]


def test_two_infinite_sides_decide_nothing_and_one_infinite_side_fails():
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a", asserts="a")
    a = c.symbols["a"]
    points = [{a: sp.Integer(1)}, {a: sp.Integer(2)}]
    both = numeric_compare(c, sp.oo * a, sp.oo + a, NUMERIC, points=points)
    assert (both.status, both.evidence) == ("error", None)
    assert both.details == ("both sides are infinite at {'a': '1'}: a numeric comparison decides "
                            "nothing there")
    assert both.counterexample == {"point": {"a": "1"}}
    one = numeric_compare(c, sp.oo * a, a, NUMERIC, points=points)
    assert one.status == "failed"
    # An infinite point among finite agreeing ones: the finite ones decide.
    mixed = numeric_compare(c, a, a, NUMERIC, points=points)
    assert mixed.passed and mixed.details.startswith("definition and assertion agree to 30 digits at 2 ")


def test_the_label_names_the_side_compared():
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a", asserts="a")
    a = c.symbols["a"]
    verdict = numeric_compare(c, a, 2 * a, NUMERIC, points=[{a: sp.Integer(1)}], label="derived")
    assert verdict.details == "derived and assertion differ, confirmed at higher precision"
    assert verdict.counterexample == {"point": {"a": "1"}, "derived": "1.0", "asserted": "2.0",
                                      "derived formula": "a"}


def test_an_infinite_point_does_not_stop_the_comparison_at_the_others():
    # log(a - 1) is -oo at a = 1 on both sides; at a = 2 the sides are 0 and 1.
    c = claim(kind="identity", params={"a": "1 <= a <= 2"}, lhs="a", asserts="a")
    a = c.symbols["a"]
    verdict = numeric_compare(c, sp.log(a - 1), sp.log(a - 1) + a - 1, NUMERIC,
                              points=[{a: sp.Integer(1)}, {a: sp.Integer(2)}])
    assert verdict.status == "failed" and verdict.counterexample["point"] == {"a": "2"}


@pytest.mark.parametrize("lhs, asserts, params", [
    ("summation(1/2**k, k, 1, oo)", "1 + 10**-40", {}),
    ("limit(sin(t)/t, t, 0, '+')", "1 + 10**-40", {}),
    ("diff(a**3, a)", "3*a**2 + 10**-40", {"a": "1 <= a <= 2"}),
])
def test_a_definition_left_as_an_operator_shows_no_formula(lhs, asserts, params):
    verdict = verdict_of(NUMERIC, kind="identity", params=params,
                         variables={"k": "integer", "t": "real"}, lhs=lhs, asserts=asserts)
    assert verdict.status == "failed", verdict.details
    assert set(verdict.counterexample) == {"point", "definition", "asserted"}


@pytest.mark.parametrize("lhs, asserts, route", [
    ("integrate(x, x, 0, 1)", "1/2", "integrated, simplified to zero"),
    ("summation(1/2**k, k, 1, oo)", "1", "summed, simplified to zero"),
    ("diff(a**3, a)", "3*a**2", "differentiated, simplified to zero"),
    ("limit(sin(t)/t, t, 0, '+')", "1", "limit taken, simplified to zero"),
    ("integrate(x, x, 0, 1) + summation(1/2**k, k, 1, oo)", "3/2", "integrated, summed, simplified to zero"),
])
def test_a_symbolic_pass_names_each_operator_sympy_evaluated(lhs, asserts, route):
    verdict = verdict_of(kind="identity", params={"a": "1 <= a <= 2"},
                         variables={"x": "real", "k": "integer", "t": "real"}, lhs=lhs, asserts=asserts)
    assert (verdict.status, verdict.evidence, verdict.route) == ("passed", "symbolic", route)


def test_each_constant_is_shown_to_thirty_digits():
    # e = 2.71828182845904523536028747135|266...: thirty digits, rounded down (31 would round up).
    verdict = verdict_of(kind="identity", lhs="E", asserts="E*(1 + 10**-45)")
    assert verdict.counterexample["derived"] == "2.71828182845904523536028747135"
    assert verdict.counterexample["derived - asserted"] == "-2.718281828e-45"


def test_two_constants_apart_by_a_tiny_amount_show_the_enclosed_difference_and_both_values():
    verdict = verdict_of(kind="identity", lhs="pi", asserts="pi*(1 + 10**-45)")
    assert verdict.status == "failed"
    # pi - pi (1 + 10**-45) = -pi 10**-45, to ten digits; each constant to thirty.
    assert verdict.counterexample == {"derived - asserted": "-3.141592654e-45", "derived formula": "pi",
                                      "derived": "3.14159265358979323846264338328",
                                      "asserted": "3.14159265358979323846264338328"}


# -- the order of the routes ----------------------------------------------------------------------

CONTROL = Settings(mutant_mode=True)


def test_an_infinite_limit_equal_to_infinity_passes_by_structure():
    # oo - oo is nan, never 0: the two infinities are compared as they stand.
    verdict = verdict_of(kind="identity", variables={"t": "real"}, lhs="limit(1/t, t, 0, '+')", asserts="oo")
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived oo")


def test_a_symbolic_route_out_of_time_says_so_before_the_numeric_verdict():
    # An integrand used nowhere else, so no closed form of it is remembered.
    verdict = verdict_of(Settings(symbolic_budget=1e-6), kind="identity",
                         variables={"x": "real", "y": "real"},
                         lhs="integrate(x**5*exp(-x)*cos(3*x), x, 0, 1)",
                         asserts="integrate(y**5*exp(-y)*cos(3*y), y, 0, 1)")
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == ("symbolic route stopped: over 1e-06 s; definition and assertion "
                               "agree to 30 digits at 1 points (re-checked at 100 digits)")


def test_a_closed_form_sympy_cannot_reduce_to_the_assertion_is_compared_at_points():
    # 4 atan(1/2) + 4 atan(1/3) = pi (Machin-like), which SymPy does not reduce.
    verdict = verdict_of(kind="identity", variables={"x": "real"}, lhs="4*integrate(1/(1 + x**2), x, 0, 1)",
                         asserts="4*atan(1/2) + 4*atan(1/3)")
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == ("derived closed form pi, not reduced to the assertion by SymPy; derived and "
                               "assertion agree to 30 digits at 1 points (re-checked at 100 digits)")


def test_a_wrong_identity_is_refuted_from_its_definition_and_shows_the_derived_formula():
    verdict = verdict_of(kind="identity", params={"a": "1 <= a <= 2"}, variables={"x": "real"},
                         lhs="integrate(a*x, x, 0, 1)", asserts="a/3")
    assert verdict.status == "failed"
    assert verdict.details == "definition and assertion differ, confirmed at higher precision"
    assert verdict.counterexample == {"point": {"a": "1"}, "definition": "0.5",
                                      "asserted": "0.333333333333333333333333333333",
                                      "derived formula": "a/2"}


def test_a_control_is_compared_first_with_the_closed_form_its_claim_derived():
    record = dict(kind="identity", params={"a": "1 <= a <= 2"}, variables={"x": "real"},
                  lhs="integrate(a*x**3, x, 0, 1)")
    assert verdict_of(**record, asserts="a/4").passed
    control = verdict_of(CONTROL, **record, asserts="a/5")
    assert control.status == "failed"
    assert control.details == "derived and assertion differ, confirmed at higher precision"
    assert control.counterexample["derived formula"] == "a/4"


def test_a_control_tries_the_points_first_but_a_claim_tries_sympy_first():
    # The control first: once the claim is checked, its closed form is remembered.
    record = dict(kind="identity", lhs="pi + 2", asserts="(pi + 2)*(1 + 10**-45)")
    control = verdict_of(CONTROL, **record)
    assert control.details == "definition and assertion differ, confirmed at higher precision"
    claimed = verdict_of(**record)
    assert claimed.details.startswith("the derived constant and the assertion differ")


def test_a_limit_control_goes_to_sympy_before_any_numeric_limit():
    verdict = verdict_of(CONTROL, kind="limit", params={"b": "b > 0"}, variables={"t": "positive"},
                         expr="sin(b*t)/(b*t)", limits=[["t", "0", "+"]], asserts="2")
    assert verdict.status == "failed"
    assert verdict.details.startswith("the derived constant and the assertion differ")


# -- the sample ------------------------------------------------------------------------------------

def test_the_sample_holds_the_tie_of_two_parameters_of_one_range_once_each_point():
    c = claim(kind="identity", params={"a": "0 < a < 1", "b": "0 < b < 1"}, lhs="a", asserts="a")
    points = sample_points(c, SETTINGS)
    a, b = c.symbols["a"], c.symbols["b"]
    assert any(p[a] == p[b] for p in points)
    assert len({tuple(sorted(p.items(), key=str)) for p in points}) == len(points)


def test_the_sample_grows_with_samples_ends_with_the_explicit_points_and_follows_the_seed():
    c = claim(kind="identity", params={"a": "0 < a < 1"}, lhs="a", asserts="a", samples=20,
              points=[{"a": "1/3"}])
    plain = claim(kind="identity", params={"a": "0 < a < 1"}, lhs="a", asserts="a")
    points = sample_points(c, SETTINGS)
    assert len(points) > len(sample_points(plain, SETTINGS)) + 1
    assert len(points) >= 20
    assert points[-1] == {c.symbols["a"]: sp.Rational(1, 3)}
    assert sample_points(c, Settings(seed=1)) != points
    assert sample_points(c, Settings(seed=1)) == sample_points(c, Settings(seed=1))


def test_a_closed_form_equal_to_the_assertion_only_after_simplification_passes_symbolically():
    # a**2 against (a + 1)**2 - 2a - 1: not the same expression until expanded.
    verdict = verdict_of(kind="identity", params={"a": "1 <= a <= 2"}, variables={"x": "real"},
                         lhs="integrate(2*x, x, 0, a)", asserts="(a + 1)**2 - 2*a - 1")
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived a**2")


def test_an_iterated_limit_sympy_cannot_take_is_an_error_saying_why():
    verdict = verdict_of(kind="limit", params={"a": "a > 0"}, variables={"t": "positive", "n": "positive"},
                         expr="sin(1/t) + 1/n", limits=[["n", "oo"], ["t", "0", "+"]], asserts="0")
    assert (verdict.status, verdict.evidence) == ("error", None)
    assert verdict.details == "symbolic route stopped: SymPy did not take the limit of sin(1/t)"


def test_a_sampling_box_of_several_ranges_lists_them_all():
    verdict = verdict_of(NUMERIC, kind="identity", params={"a": "real", "b": "real"}, lhs="Abs(a) + Abs(b)",
                         asserts="a + b", sampling={"a": "0 < a < 1", "b": "0 < b < 1"})
    assert verdict.passed and " points drawn from 0 < a < 1, 0 < b < 1 (re-checked" in verdict.details


def test_a_series_passed_on_points_keeps_the_route_of_its_points():
    # The coefficient of t is (4 atan(1/2) + 4 atan(1/3))/pi = 1, which SymPy does not reduce.
    verdict = verdict_of(**SERIES, asserts="1 + t*(4*atan(1/2) + 4*atan(1/3))/pi + t**2/2")
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.route.startswith("sampled ") and verdict.route.endswith(" points in t > 0")


# -- closed forms apart below the digits compared ------------------------------------------------

def test_two_closed_forms_apart_by_less_than_the_digits_compared_are_told_apart_by_arb():
    record = dict(kind="identity", params={"s": "0 < s < 10"}, lhs="exp(s**2/2)",
                  asserts="exp(s**2/2)*(1 + 1/10**200)")
    verdict = verdict_of(NUMERIC, **record)
    assert verdict.status == "failed" and "Arb encloses the difference away from 0" in verdict.details
    assert "e-200" in verdict.counterexample["difference"]
    assert verdict_of(NUMERIC, **dict(record, asserts="exp(s**2/4)**2")).status == "passed"
