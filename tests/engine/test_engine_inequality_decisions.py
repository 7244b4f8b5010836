"""inequality: how each point is decided, what a verdict says, which controls are real.

A point is decided by Arb balls where they enclose both sides; elsewhere (here:
``sign``, which has no ball rule) by mpmath at dps and 2*dps, each side within
10**-(3*working/5) of the larger side's magnitude, or of 10**-30 when both are
near zero; a pair of precisions that disagree is doubled, up to 8 times dps, and
a tie that survives all of them is settled by exact arithmetic or reported
undecided.  At dps 50 the ladder is 50/100, 100/200, 200/400, 400/800 digits,
and the tolerances are 10**-30, -60, -120, -240 and -480 of the scale.

The expected values below follow from these rules and from the mathematics of
each claim; none is read back from the code under test.
"""
import itertools
import re

import pytest
import sympy as sp

from proofcheck.core.kinds import inequality, inequality_points
from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers import side_balls
from proofcheck.core.points.policy import sample_points
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
CONTROL = Settings(mutant_mode=True)
NUMERIC = Settings(routes=("numeric",))
# The dense points are remembered per (source, id, seed): every claim here has its own id.
_IDS = itertools.count()


def claim(params, lhs, rel, rhs, **extra):
    record = {"id": extra.pop("id", f"ineq-{next(_IDS)}"), "where": "unit test", "statement": "unit test",
              "kind": "inequality", "params": params, "lhs": lhs, "rel": rel, "rhs": rhs, **extra}
    return build_claim(record, "tests/engine", KINDS)


def decided_at_one(lhs, rel, rhs, settings=SETTINGS):
    """(outcome, route) of ``lhs rel rhs`` at x = 1, x a real parameter (sign(x)**2 = 1 there)."""
    c = claim({"x": "real"}, lhs, rel, rhs)
    return inequality_points.decide_at(c, {c.symbols["x"]: sp.Integer(1)}, settings)


# -- the symbolic route: both directions of the relation -------------------------------------

@pytest.mark.parametrize("params, lhs, rel, rhs", [
    ({"x": "x >= 0"}, "0", "<", "x**2"),                           # 0 < 0 at x = 0
    ({"x": "x >= 2"}, "4", "<", "x**2"),                           # 4 < 4 at x = 2
    ({"n": "integer n > 0"}, "n", "<", "n**2"),                    # 1 < 1 at n = 1
    ({"n": "integer n > 1/2"}, "n", "<=", "1"),                    # n = 2 is in the domain
    ({"n": "integer n >= 1/2"}, "n", "<=", "1"),
    ({"x": "x >= 0"}, "sin(pi*x)", "<=", "0"),                     # sin(pi/2) = 1: x is not an integer
    ({"x": "x > 0"}, "cos(pi*x)**2", ">=", "1"),                   # 0 at x = 1/2
])
def test_an_inequality_false_somewhere_in_the_domain_fails_whichever_way_it_is_written(
        params, lhs, rel, rhs):
    verdict = check_claim(claim(params, lhs, rel, rhs), SETTINGS)
    assert verdict.status == "failed", (verdict.status, verdict.evidence, verdict.details)


@pytest.mark.parametrize("params, lhs, rel, rhs, sign", [
    ({"x": "x > 2"}, "4", "<", "x**2", "positive"),
    ({"x": "x >= 2"}, "4", "<=", "x**2", "nonnegative"),
    ({"n": "integer n > 1/2"}, "1", "<=", "n", "nonnegative"),
    ({"n": "integer n > 3/2"}, "2", "<=", "n", "nonnegative"),          # n = 2 + t, t >= 0
    ({"n": "integer n >= 3/2"}, "n", ">=", "2", "nonnegative"),         # n = 2 + t as well
    ({"x": "x > 2"}, "x**2", ">", "4", "positive"),
    ({"x": "real"}, "x**2 - 2*x + 1", ">=", "0", "nonnegative"),
])
def test_a_true_inequality_is_proved_from_the_assumptions_in_either_direction(
        params, lhs, rel, rhs, sign):
    verdict = check_claim(claim(params, lhs, rel, rhs), SETTINGS)
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
    assert verdict.details == f"SymPy shows the difference is {sign} from the parameters' assumptions"
    assert verdict.route == "sign from assumptions"


@pytest.mark.parametrize("params, lhs, rel, rhs, variables", [
    ({"s": "s > 0"}, "integrate(s*x, x, 0, 1)", ">", "0", {"x": "real"}),     # s/2
    ({"s": "s > 0"}, "summation(s, k, 1, 2)", ">", "0", {"k": "integer"}),   # 2 s
    ({"x": "x > -1"}, "diff(x*Abs(x), x)", ">=", "0", {}),                     # 2 |x|, a kink at 0
    ({"s": "s > 0"}, "limit(s + x, x, 0)", ">", "0", {"x": "real"}),           # s
])
def test_an_operator_is_signed_symbolically_only_as_an_integral_held_to_the_numbers(
        params, lhs, rel, rhs, variables):
    # Each of these simplifies to a difference SymPy signs at once; the route leaves every
    # operator to the points instead, but an integral, whose closed form is signed (or proved
    # over the domain) once that form is held to the numbers.
    verdict = check_claim(claim(params, lhs, rel, rhs, **({"variables": variables} if variables
                                                          else {})), SETTINGS)
    assert verdict.passed, verdict.details
    if verdict.evidence in ("symbolic", "certified"):
        assert "integrate" in lhs and "held to the numbers" in verdict.details, verdict.details


def test_an_indicator_is_signed_by_its_two_cases_not_by_simplifying_it():
    # 1{x <= 1} >= 0: 1 where x = 1 - s, s >= 0, and 0 where x = 1 + s, s > 0.
    verdict = check_claim(claim({"x": "real"}, "Indicator(x <= 1)", ">=", "0"), SETTINGS)
    assert verdict.evidence == "symbolic" and "two cases of its indicator" in verdict.route, verdict.details


def test_a_symbolic_step_out_of_time_proves_nothing():
    hurried = Settings(symbolic_budget=1e-6)
    false = check_claim(claim({"x": "x >= 0"}, "(x + 1)**3 - 3*x**2 - 3*x", ">", "1"), hurried)
    assert false.status == "failed", (false.status, false.evidence, false.details)


# -- a point decided by mpmath: margins, the precision ladder, ties ----------------------------

@pytest.mark.parametrize("lhs, rel, rhs, holds", [
    ("sign(x)**2", "<", "2", True), ("sign(x)**2", "<", "1/2", False),
    ("sign(x)**2", "<=", "2", True), ("sign(x)**2", "<=", "1/2", False),
    ("sign(x)**2", ">", "1/2", True), ("sign(x)**2", ">", "2", False),
    ("sign(x)**2", ">=", "1/2", True), ("sign(x)**2", ">=", "2", False),
    ("2", "<", "sign(x)**2", False), ("1/2", "<", "sign(x)**2", True),
    ("2", ">=", "sign(x)**2", True), ("1/2", ">=", "sign(x)**2", False),
])
def test_a_clear_margin_decides_a_point_by_mpmath_in_the_direction_of_the_relation(lhs, rel, rhs,
                                                                                   holds):
    assert decided_at_one(lhs, rel, rhs) == (holds, "numeric")
    assert decided_at_one(lhs, rel, rhs, CONTROL) == (holds, "numeric")


@pytest.mark.parametrize("params, lhs, rel, rhs", [
    ({"x": "real"}, "sign(x)**2", ">=", "2"),
    ({"x": "real"}, "sign(x)**2 + 1", "<", "1"),
    ({"x": "real"}, "2", "<=", "sign(x)**2"),
])
def test_a_false_inequality_decided_by_mpmath_fails(params, lhs, rel, rhs):
    verdict = check_claim(claim(params, lhs, rel, rhs), NUMERIC)
    assert verdict.status == "failed", (verdict.status, verdict.details)
    assert verdict.details == f"{rel} fails"


def test_a_strict_margin_below_the_first_tolerance_is_decided_one_rung_up():
    # 10**-45: inside 10**-30 at 50 digits, outside 10**-60 at 100.
    assert decided_at_one("sign(x)**2 + 10**-45", ">", "1") == (True, "numeric")
    assert decided_at_one("1", "<", "sign(x)**2 + 10**-45") == (True, "numeric")
    # A negative control is not escalated; the ball of the exact leaf sign(x) (within 10**-60
    # of 1 at the first pair) decides it there.
    assert decided_at_one("sign(x)**2 + 10**-45", ">", "1", CONTROL) == (True, "numeric")


def test_a_margin_of_ten_to_the_minus_200_is_decided_on_the_last_rung_only():
    # Inside 10**-120 (200 digits), outside 10**-240 (400 digits): the 400/800 rung.
    assert decided_at_one("sign(x)**2 + (10**-50)**4", ">", "1") == (True, "numeric")
    assert decided_at_one("sign(x)**2 + (10**-50)**4", ">", "1", CONTROL) == (None, "numeric")


def test_a_margin_beyond_the_last_rung_leaves_the_point_undecided():
    # A leaf is trusted to the required digits at twice the precision: 10**-480 on the last
    # pair, 400 and 800 digits.  10**-300 is decided there; 10**-480 is not.
    assert decided_at_one("sign(x)**2 + (10**-60)**5", ">", "1") == (True, "numeric")
    assert decided_at_one("sign(x)**2 + (10**-60)**8", ">", "1") == (None, "numeric")


def test_a_point_decided_false_fails_the_claim_though_an_earlier_point_is_undecided():
    # At x = 1/2 the margin 10**-480 is beyond the last rung: undecided.  At x = 3 the left side
    # is 1 + 10**-480 - 2 < 1: a counter-example, which the open point before it does not hide.
    c = claim({"x": "real"}, "sign(x)**2 + (10**-60)**8 - Max(0, x - 1)", ">", "1")
    x = c.symbols["x"]
    undecided, false = {x: sp.Rational(1, 2)}, {x: sp.Integer(3)}
    verdict = inequality._decide_all(c, [undecided, false], NUMERIC, set())
    assert verdict.status == "failed" and verdict.counterexample["point"] == {"x": "3"}
    # Alone, the open point is an error that names it, never a pass.
    alone = inequality._decide_all(c, [undecided, {x: sp.Rational(3, 4)}], NUMERIC, set())
    assert alone.status == "error" and alone.counterexample["point"] == {"x": "1/2"}


def test_a_claim_no_point_decides_stops_at_the_second_open_point(monkeypatch):
    # Each open point climbs to 8 dps: after two, the first is the error.
    c = claim({"x": "real"}, "sign(x)**2 + (10**-60)**8", ">", "1")
    x = c.symbols["x"]
    seen, decide = [], inequality.decide_at
    monkeypatch.setattr(inequality, "decide_at", lambda *args: seen.append(args[1]) or decide(*args))
    points = [{x: sp.Integer(k)} for k in (1, 2, 3)]
    verdict = inequality._decide_all(c, points, NUMERIC, set())
    assert verdict.status == "error" and verdict.counterexample == {"point": {"x": "1"}}
    assert seen == points[:2]


def test_a_non_strict_claim_false_by_less_than_the_first_tolerance_fails():
    # Within 10**-30 at 50 digits (counted as a tie, which >= allows), false at 100.
    assert decided_at_one("sign(x)**2 - 10**-45", ">=", "1") == (False, "numeric")
    assert decided_at_one("1 + 10**-45", "<=", "sign(x)**2") == (False, "numeric")


def test_two_sides_near_zero_are_measured_against_ten_to_the_minus_30():
    # One side 0, the other tiny: the scale is 10**-30, so the 400-digit tolerance is
    # 10**-270.  1.5e-270 clears it (and 10**-510 at 800 digits).  5e-271 does not, but it
    # stays 5e-271 at every precision: a true value, not noise about 0, decided by its sign
    # (a tie once, which let a positive integral of size e^-400 pass as <= 0).
    assert decided_at_one("sign(x)**2 - 1", "<", "3*(10**-54)**5/2") == (True, "numeric")
    assert decided_at_one("sign(x)**2 - 1", "<", "(10**-54)**5/2") == (True, "numeric")
    assert decided_at_one("sign(x)**2 - 1", ">=", "(10**-54)**5/2") == (False, "numeric")


# sin(x)^2 + cos(x)^2 - 1 is 0: mpmath gives 1.2e-61, -8.3e-112, 9.5e-212 at 50, 100 and
# 200 digits (and -6.6e-61 at x = 3).  Such noise about 0, compared with a constant far
# below it, once decided the point by a clear margin in the direction of its sign.
NOISE = "sign(x)*(sin({x})**2 + cos({x})**2 - 1)"


@pytest.mark.parametrize("lhs, rel, rhs", [
    (NOISE.format(x="x"), ">=", "(10**-35)**2"),       # +1.2e-61 >= 10^-70 passed
    (NOISE.format(x="3*x"), "<=", "-(10**-35)**2"),    # -6.6e-61 <= -10^-70 passed
    (NOISE.format(x="3*x"), "<", "0"),
    (NOISE.format(x="x"), ">", "0"),
])
def test_noise_about_0_that_recedes_with_the_digits_is_0_not_a_margin(lhs, rel, rhs):
    # Made 0, the side meets 10^-70 within the tolerance at 50 digits (10^-60 of the floor
    # 10^-30) and beyond it at 100: the pair 100/200 decides, one rung up.
    expected = (False, "numeric") if rhs != "0" else (None, "numeric")
    assert decided_at_one(lhs, rel, rhs) == expected


def test_a_counterexample_shows_noise_about_0_as_0():
    # Shown as it came (9.7e-62 at 50 digits), the side would seem to satisfy ">= 10^-70".
    verdict = check_claim(claim({"x": "x >= 1"}, NOISE.format(x="2"), ">=", "(10**-35)**2"), NUMERIC)
    assert verdict.status == "failed"
    assert re.fullmatch(r"0 \(noise of -?[0-9.]+e-[0-9]+ at 50 digits, receding with them\)",
                        verdict.counterexample["lhs"]), verdict.counterexample
    assert verdict.counterexample["rhs"] == "1.0e-70"


def test_a_strict_tie_against_noise_takes_its_leaves_to_800_digits_at_most(monkeypatch):
    # "> 0" against noise is a tie at every rung, up to 400/800 digits; a leaf is never
    # computed beyond them (a limit 0 once was taken at 1600 digits).
    seen = []
    evaluate = side_balls.evaluate
    monkeypatch.setattr(side_balls, "evaluate",
                        lambda expr, point, dps: seen.append(dps) or evaluate(expr, point, dps))
    assert decided_at_one(NOISE.format(x="x"), ">", "0") == (None, "numeric")
    assert max(seen) == 800


def test_noise_about_0_is_0_in_a_weak_inequality_against_0():
    assert decided_at_one(NOISE.format(x="x"), "<=", "0") == (True, "numeric")
    assert decided_at_one(NOISE.format(x="3*x"), ">=", "0") == (True, "numeric")


def test_a_small_value_hidden_by_noise_at_the_first_digits_is_decided_where_it_shows():
    # Noise of 1.2e-61 at 50 digits, 10^-75 from 100 digits on: the pair 100/200 decides.
    lhs = "sign(x)*(sin(x)**2 + cos(x)**2 - 1 + (10**-25)**3)"
    assert decided_at_one(lhs, ">", "2*(10**-25)**3") == (False, "numeric")
    assert decided_at_one(lhs, ">", "(10**-38)**2") == (True, "numeric")


def test_a_small_value_that_holds_its_digits_is_no_noise():
    # e^(10^-40) - 1 = 10^-40 + 5 10^-81, to 20 digits at 50 and more at 100: it stays.
    assert decided_at_one("sign(x)*(exp(10**-40) - 1)", ">=", "10**-40") == (True, "numeric")
    assert decided_at_one("sign(x)*(exp(10**-40) - 1)", "<", "10**-40") == (False, "numeric")


@pytest.mark.parametrize("rel, outcome", [(">", (False, "symbolic")), ("<", (False, "symbolic")),
                                          (">=", (True, "numeric")), ("<=", (True, "numeric"))])
def test_an_exact_tie_fails_a_strict_inequality_and_satisfies_a_weak_one(rel, outcome):
    # x sign(x) = |x| exactly; no ball encloses sign, and mpmath never separates them.
    assert decided_at_one("x*sign(x)", rel, "Abs(x)") == outcome


def test_a_tie_that_exact_arithmetic_cannot_show_is_undecided():
    # sin(1)**2 + cos(1)**2 - 1 is 0, but SymPy does not reduce it: no verdict either way.
    assert decided_at_one("sign(x)*(sin(x)**2 + cos(x)**2)", ">", "1") == (None, "numeric")


def test_a_side_that_cannot_be_evaluated_leaves_the_point_undecided_as_an_error():
    assert decided_at_one("sign(x)/(x - 1)", "<", "0") == (None, "error")


def test_a_limit_that_does_not_exist_makes_the_inequality_fail():
    c = claim({}, "limit(sin(1/t), t, 0, '+')", "<=", "2", variables={"t": "real"})
    assert inequality_points.decide_at(c, {}, SETTINGS) == (False, "numeric")
    verdict = check_claim(c, SETTINGS)
    assert verdict.status == "failed" and verdict.details == "<= fails"
    assert verdict.counterexample == {"point": {}}  # no value to show for either side


# -- what a verdict says -------------------------------------------------------------------

def test_a_constant_inequality_is_decided_by_arb_balls():
    verdict = check_claim(claim({}, "pi", ">", "3"), SETTINGS)
    assert (verdict.status, verdict.evidence) == ("passed", "certified")
    assert (verdict.details, verdict.route) == ("decided by Arb balls", "Arb enclosure")


def test_a_failed_point_shows_both_sides_to_twenty_digits():
    verdict = check_claim(claim({}, "pi", "<", "3"), SETTINGS)
    assert verdict.status == "failed" and verdict.details == "< fails"
    assert verdict.counterexample == {"point": {}, "lhs": "3.1415926535897932385", "rhs": "3.0"}
    # 22/7 = 3.142857142857142857142857...: twenty significant digits, rounded.
    verdict = check_claim(claim({}, "22/7", "<", "pi"), SETTINGS)
    assert verdict.counterexample == {"point": {}, "lhs": "3.1428571428571428571",
                                      "rhs": "3.1415926535897932385"}


def test_a_constant_decided_by_mpmath_is_numeric_evidence():
    c = claim({}, "limit(sin(t)/t, t, 0, '+')", "<", "2", variables={"t": "real"})
    verdict = check_claim(c, SETTINGS)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == ("holds at 1 sampled points, each decided by Arb about mpmath's values at 50 "
                               "and 100 digits or more")
    assert verdict.route.startswith("sampled 1 points in")


def _counts(verdict):
    found = re.fullmatch(r"holds at (\d+) sampled points(?: drawn from .*?)?"
                         r"(?: and (\d+) found by a search for a counter-example)?, each decided by .*",
                         verdict.details)
    assert found, verdict.details
    return int(found[1]), int(found[2] or 0)


def test_a_claim_with_parameters_is_numeric_evidence_even_when_every_point_is_certified():
    c = claim({"x": "0 < x < 1"}, "x**2", "<", "2")
    verdict = check_claim(c, NUMERIC)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details.endswith(", each decided by Arb balls")
    sampled, searched = _counts(verdict)
    assert sampled == len(sample_points(c, NUMERIC)) and searched >= 1
    assert verdict.route == f"sampled {sampled + searched} points in 0 < x < 1"


@pytest.mark.slow
def test_points_decided_partly_by_balls_and_partly_by_mpmath_say_so():
    verdict = check_claim(claim({"x": "real"}, "sin(x)**2 + cos(x)**2", ">=", "1"), NUMERIC)
    assert verdict.passed and verdict.details.endswith(
        ", each decided by Arb balls, or Arb about mpmath's values at 50 and 100 digits or more")


def test_points_decided_by_mpmath_alone_name_both_precisions():
    verdict = check_claim(claim({"x": "real"}, "x*sign(x)", ">=", "0"),
                          Settings(dps=30, routes=("numeric",)))
    assert verdict.passed
    assert verdict.details.endswith(", each decided by Arb about mpmath's values at 30 and 60 digits or more")


def test_a_sampling_box_is_named_in_the_details_and_the_route():
    c = claim({"x": "real", "y": "real"}, "x**2 + y**2", ">=", "2*x*y", sampling={"x": "0 < x < 1"})
    verdict = check_claim(c, NUMERIC)
    assert verdict.passed
    assert "sampled points drawn from 0 < x < 1, real" in verdict.details
    sampled, searched = _counts(verdict)
    assert f"sampled {sampled + searched} points in 0 < x < 1, real" in verdict.route
    plain = check_claim(claim({"x": "real", "y": "real"}, "x**2 + y**2", ">=", "2*x*y"), NUMERIC)
    assert "drawn from" not in plain.details and " points in real, real" in plain.route


def test_an_undecided_point_is_an_error_naming_the_point_and_the_last_precision():
    # 10**-480 apart, or tied at x = 0 against a scale of 10**-30: undecided everywhere.
    c = claim({"x": "real"}, "sign(x)**4 + (10**-60)**8", ">", "sign(x)**2")
    verdict = check_claim(c, NUMERIC)
    assert verdict.status == "error" and verdict.evidence is None
    point = verdict.counterexample["point"]
    assert set(point) == {"x"}
    assert verdict.details == f"undecided at {point} (numeric) up to 800 digits"
    assert verdict.counterexample == {"point": point}


# -- the claim's fields -----------------------------------------------------------------------

def test_a_relation_outside_the_four_is_refused():
    with pytest.raises(ClaimFileError, match="'rel' must be one of <, <=, >, >=, got '=='$"):
        claim({"x": "real"}, "x", "==", "x")


def test_a_slack_must_be_words():
    with pytest.raises(ClaimFileError, match=": 'slack' must say in words why the bound is not tight$"):
        claim({"x": "real"}, "x**2", ">=", "-1", slack=3)
    assert claim({"x": "real"}, "x**2", ">=", "-1", slack="far from tight").parsed["rel"] == ">="


# -- negative controls --------------------------------------------------------------------------

def _controls(c):
    return list(c.checker.mutants(c, SETTINGS))


def test_the_first_control_reverses_the_relation_and_is_rejected():
    c = claim({"x": "0 < x < 1"}, "x**2", "<", "2")
    description, reversed_claim = _controls(c)[0]
    assert description == "relation < -> >="
    assert reversed_claim.parsed["rel"] == ">="
    assert check_claim(reversed_claim, CONTROL).status == "failed"


def test_a_claim_with_a_slack_has_only_the_reversal_as_a_control():
    c = claim({"x": "0 < x < 1"}, "x**2", "<", "2", slack="only the direction is asserted")
    assert [d for d, _ in _controls(c)] == ["relation < -> >="]


def test_a_side_built_from_an_operator_is_never_perturbed():
    c = claim({"s": "s > 0"}, "integrate(exp(-s*x), x, 0, 1)", "<=", "1", variables={"x": "real"})
    controls = _controls(c)[1:]
    assert controls
    assert all(d.startswith("rhs: ") for d, _ in controls)
    assert all(m.expr("lhs") == c.expr("lhs") for _, m in controls if m is not None)


@pytest.mark.parametrize("side, variables", [
    ("summation(s, k, 1, 2)", {"k": "integer"}),
    ("limit(s + x, x, 0, '+')", {"x": "real"}),
    ("diff(s*x, x)", {"x": "real"}),
])
def test_no_operator_side_is_perturbed(side, variables):
    # The right side comes first among the perturbations: here the left is the first.
    c = claim({"s": "0 < s < 1"}, "1/4", "<=", side, variables=variables)
    controls = c.checker.mutants(c, SETTINGS)
    next(controls)
    description, _ = next(controls)
    assert description.startswith("lhs: "), description


def test_a_perturbation_that_cannot_be_evaluated_somewhere_is_kept_as_a_control():
    # sqrt(x - 1/2) has no real value below 1/2: nothing there shows it weakens the claim.
    c = claim({"x": "0 < x < 1"}, "sqrt(x + 1/2)", "<=", "2")
    mutant = c.with_parsed("lhs", sp.sqrt(c.symbols["x"] - sp.Rational(1, 2)))
    assert inequality._still_true(c, mutant, inequality.dense_points(c, SETTINGS)) is None


def test_a_perturbation_that_weakens_the_claim_is_dismissed_with_its_reason():
    c = claim({"x": "0 < x < 1"}, "x**2", "<", "2")
    said = dict(_controls(c))
    # 2 -> 3 on the right is proved to weaken x**2 < 2; x**4 < 2 weakens it only because
    # x**4 <= x**2 on (0, 1), which is seen at the dense points, not proved.
    assert "rhs: 2 -> 3 (dismissed: proved to weaken the claim)" in said
    weakened = [d for d in said if d.startswith("lhs: 2 -> 4")]
    assert len(weakened) == 1
    assert re.fullmatch(r"lhs: 2 -> 4 \(dismissed: weakens the claim at all \d+ dense points\)",
                        weakened[0])
    assert said["rhs: whole expression negated"] is not None  # x**2 < -2: a real control


def test_a_weakening_that_vanishes_at_the_ends_of_a_closed_range_still_weakens():
    # x**4 <= x**2 on [0, 1], with equality at 0 and 1: never a strengthening.
    c = claim({"x": "0 <= x <= 1"}, "x**2", "<=", "2")
    weakened = [d for d, _ in _controls(c) if d.startswith("lhs: 2 -> 4")]
    assert len(weakened) == 1 and "weakens the claim at all" in weakened[0], weakened


@pytest.mark.parametrize("lhs, rel, rhs, mutant_field, mutant_value", [
    ("Max(x, 1/2)", ">", "1/4", "rhs", "1/2"),
    ("1/4", "<", "Max(x, 1/2)", "lhs", "1/2"),
])
def test_a_strict_control_tied_on_part_of_the_range_is_kept(lhs, rel, rhs, mutant_field, mutant_value):
    # Max(x, 1/2) > 1/2 fails for every x <= 1/2: the perturbation is a wrong claim.
    c = claim({"x": "0 < x < 1"}, lhs, rel, rhs)
    mutant = c.with_parsed(mutant_field, sp.sympify(mutant_value))
    assert inequality._still_true(c, mutant, inequality.dense_points(c, SETTINGS)) is None


def test_the_dense_points_lie_in_their_own_claims_range():
    a = claim({"x": "0 < x < 1"}, "x", "<", "2", id="dense-a")
    b = claim({"x": "5 < x < 6"}, "x", "<", "9", id="dense-b")
    inequality.dense_points(a, SETTINGS)
    x = b.symbols["x"]
    assert all(5 < p[x] < 6 for p in inequality.dense_points(b, SETTINGS))


def test_two_claims_over_the_same_range_share_their_dense_points():
    one = claim({"x": "0 < x < 1"}, "x", "<", "2")
    two = claim({"x": "0 < x < 1"}, "x", "<", "3")
    assert inequality.dense_points(one, SETTINGS) == inequality.dense_points(two, SETTINGS)


@pytest.mark.parametrize("seed", [0, SETTINGS.seed])
def test_the_dense_points_are_drawn_apart_from_the_checkers_own_sample(seed):
    settings = Settings(seed=seed)
    c = claim({"x": "0 < x < 1"}, "x", "<", "2", id=f"apart-{seed}")
    dense = inequality.dense_points(c, settings)
    interior = c.sampling_domain.sample_points(settings.samples, seed=seed)[-settings.samples:]
    assert len(dense) >= inequality.DENSE_POINTS
    assert not any(p in dense for p in interior)


def test_a_tie_that_sympy_cannot_settle_in_time_is_not_taken_for_an_exact_tie(monkeypatch):
    # Undecided at every precision, a point is an exact tie only if SymPy's exact arithmetic
    # makes the slack 0 there; running out of time proves nothing, and must not pass it.
    import contextlib

    from proofcheck.core.model.errors import SymbolicTimeout

    @contextlib.contextmanager
    def out_of_time(seconds):
        raise SymbolicTimeout("over budget")
        yield  # pragma: no cover

    monkeypatch.setattr(inequality_points, "time_budget", out_of_time)
    x = sp.Symbol("x", positive=True)
    assert inequality_points._exactly_zero_at(x - 1, {x: sp.Integer(1)}) is False


def test_a_derivative_of_a_smooth_slack_is_taken_exactly_and_signed():
    verdict = check_claim(claim({"x": "x > 0"}, "diff(x**2, x)", ">", "0"), SETTINGS)
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details


def test_a_derivative_through_a_kink_is_not_signed_symbolically():
    # d/dx |x| is written sign(x) by SymPy, which is 0 at 0, where no derivative exists.
    verdict = check_claim(claim({"x": "x >= 0"}, "diff(Abs(x), x)", ">=", "0"), SETTINGS)
    assert verdict.evidence != "symbolic", verdict.details
