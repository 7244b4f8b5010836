"""counterexamples: the search between sampled points finds each kind of hidden failure.

Sampled points in general position miss a failure confined to a narrow dip, to a
minimum between samples, to the diagonal x = y, or to a single exact point.  Each test
hides one such failure from the given points and asks the search to propose a point
inside it; each proposal must lie in the domain.  The expected points are where the
mathematics puts the failure, not values read back from the search.
"""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.numbers.arb_expressions import compile_arb
from proofcheck.core.points import counterexamples


def search(params, slack_of, points_of):
    domain = parse_domain(params)
    symbols = domain.symbols
    slack = slack_of(symbols)
    points = [{symbols[name]: sp.nsimplify(value) for name, value in point.items()} for point in points_of]
    found = counterexamples.counterexample_search(domain, slack, (slack, sp.Integer(0)), points)
    for point in found:
        domain.validate_point({str(s): v for s, v in point.items()})  # every proposal is in the domain
    return symbols, found


def test_a_minimum_between_the_samples_of_one_parameter_is_found_by_the_scan():
    # (x - 3)^2 - 10^-4 < 0 only for |x - 3| < 0.01, far from every given point.
    symbols, found = search({"x": "0 < x < 10", "y": "1 <= y <= 2"},
                            lambda s: (s["x"] - 3) ** 2 - sp.Rational(1, 10**4) + 0 * s["y"],
                            [{"x": "1/2", "y": 1}, {"x": 9, "y": 2}, {"x": 6, "y": "3/2"}])
    assert any(abs(float(p[symbols["x"]]) - 3) < 0.01 for p in found), found


def test_a_failure_only_on_the_diagonal_is_found_by_tying_two_parameters():
    # (x - y)^2 > 0 fails only where x = y: ties put the worst sample on the diagonal.
    symbols, found = search({"x": "0 < x < 1", "y": "0 < y < 1"},
                            lambda s: (s["x"] - s["y"]) ** 2,
                            [{"x": "1/5", "y": "3/5"}, {"x": "7/9", "y": "1/3"}, {"x": "1/2", "y": "2/3"}])
    x, y = symbols["x"], symbols["y"]
    assert any(p[x] == p[y] for p in found), found


def test_a_failure_at_a_single_rational_point_is_found_by_snapping():
    # (x - 1/3)^2 > 0 fails only at x = 1/3 exactly, where floating point never lands.
    symbols, found = search({"x": "0 < x < 1"}, lambda s: (s["x"] - sp.Rational(1, 3)) ** 2,
                            [{"x": "1/10"}, {"x": "9/10"}, {"x": "3/5"}])
    assert any(p[symbols["x"]] == sp.Rational(1, 3) for p in found), found


def test_a_failure_at_a_single_irrational_point_is_found_by_snapping_to_a_closed_form():
    # (x^2 - 2)^2 > 0 fails only at sqrt(2).
    symbols, found = search({"x": "1 < x < 2"}, lambda s: (s["x"] ** 2 - 2) ** 2,
                            [{"x": "11/10"}, {"x": "19/10"}, {"x": "3/2"}])
    assert any(p[symbols["x"]] == sp.sqrt(2) for p in found), found


def test_a_failure_at_one_point_of_a_moving_edge_is_found_by_solving_along_the_edge():
    # 1 - x^2 + (3x - 1)^2 - y > 0 on 0 < y <= 1 - x^2 fails at (1/3, 8/9) alone: on the edge
    # y = 1 - x^2 the slack is (3x - 1)^2, solved for along x.
    symbols, found = search({"x": "0 < x < 1", "y": "0 < y <= 1 - x**2"},
                            lambda s: 1 - s["x"] ** 2 + (3 * s["x"] - 1) ** 2 - s["y"],
                            [{"x": "1/10", "y": "1/2"}, {"x": "4/5", "y": "1/5"}, {"x": "3/5", "y": "1/3"}])
    x, y = symbols["x"], symbols["y"]
    assert any(p[x] == sp.Rational(1, 3) and p[y] == sp.Rational(8, 9) for p in found), found


def test_a_root_that_solveset_leaves_as_a_condition_is_asked_of_solve():
    # solveset gives ConditionSet(x e^x = 1); solve gives W(1), which no snap knows.
    symbols, found = search({"x": "0 < x < 1"}, lambda s: (s["x"] * sp.exp(s["x"]) - 1) ** 2,
                            [{"x": "1/10"}, {"x": "9/10"}, {"x": "3/10"}])
    assert any(p[symbols["x"]] == sp.LambertW(1) for p in found), found


def test_proposals_respect_a_dependent_bound():
    # 0 < q < p < 1: the dip at q = p - 10^-3 is near the bound, which no proposal may cross.
    symbols, found = search({"p": "0 < p < 1", "q": "0 < q < p"},
                            lambda s: (s["q"] - s["p"] * sp.Rational(99, 100)) ** 2 - sp.Rational(1, 10**8),
                            [{"p": "1/2", "q": "1/10"}, {"p": "9/10", "q": "1/5"}])
    p, q = symbols["p"], symbols["q"]
    assert found and all(0 < point[q] < point[p] < 1 for point in found)


def test_nothing_is_searched_for_a_side_with_an_operator_or_a_claim_without_parameters():
    domain = parse_domain({"x": "0 < x < 1"})
    x, t = domain.symbols["x"], sp.Symbol("t")
    integral = sp.Integral(t * x, (t, 0, 1)) - sp.Rational(1, 3)
    assert counterexamples.counterexample_search(domain, integral, (integral, 0), [{x: sp.Rational(1, 2)}]) == []
    k = sp.Symbol("k", integer=True)
    series = sp.Sum(x ** k, (k, 0, 3)) - 2
    assert counterexamples.counterexample_search(domain, series, (series, 0), [{x: sp.Rational(1, 2)}]) == []
    empty = parse_domain({})
    assert counterexamples.counterexample_search(empty, sp.Integer(1), (1, 0), [{}]) == []


def test_the_points_already_given_are_not_proposed_again():
    symbols, found = search({"x": "0 < x < 10"}, lambda s: (s["x"] - 3) ** 2 - sp.Rational(1, 10**4),
                            [{"x": "1/2"}, {"x": 9}])
    x = symbols["x"]
    assert all(p[x] not in (sp.Rational(1, 2), 9) for p in found)
    assert len({p[x] for p in found}) == len(found)  # and none twice


@pytest.mark.parametrize("log, centre, width", [(sp.log, 148.41316, 0.0148), (sp.asinh, 74.20321, 0.0074)])
def test_the_search_descends_the_slack_relative_to_the_larger_side(log, centre, width):
    # x^4 (1 + (log x - 5)^2) >= x^4 (1 + 10^-8) fails only where |log x - 5| < 10^-4.  The
    # slack itself is smallest near x = 0, where the sides vanish; relative to them it
    # descends to the failure from every sample.  (asinh has no ball rule: mpmath evaluates it.)
    domain = parse_domain({"x": "0 < x < 10**6"})
    x = domain.symbols["x"]
    lhs, rhs = x ** 4 * (1 + sp.Rational(1, 10**8)), x ** 4 * (1 + (log(x) - 5) ** 2)
    points = [{x: sp.Integer(10)}, {x: sp.Integer(20)}, {x: sp.Integer(10**5)}]
    found = counterexamples.counterexample_search(domain, rhs - lhs, (lhs, rhs), points)
    assert any(abs(float(p[x]) - centre) < width for p in found), found


def test_a_slack_with_no_ball_rule_is_searched_in_mpmath():
    # asin has no ball rule.  1 - 2 exp(-(100 (asin x - 3/10))^2) > 0 fails only for
    # |x - sin(3/10)| < 0.0079, and is 1 to a float's last bit far from it: the compass
    # search from 4/5 and 9/10 sees nothing, the scan finds it.  The slack lies in [-1, 1]:
    # its relative slack is itself.
    domain = parse_domain({"x": "1/10 < x < 1"})
    x = domain.symbols["x"]
    slack = 1 - 2 * sp.exp(-(100 * (sp.asin(x) - sp.Rational(3, 10))) ** 2)
    points = [{x: sp.Rational(4, 5)}, {x: sp.Rational(9, 10)}]
    found = counterexamples.counterexample_search(domain, slack, (sp.Integer(0), sp.Integer(0)), points)
    assert any(abs(float(p[x]) - 0.29552) < 0.0079 for p in found), found


def test_a_ball_that_lost_the_bits_of_a_float_is_not_read_as_one():
    # e^x - 1 - x at x = 2^-50 is about 3.9e-31, on 128-bit balls within a radius of 1.1e-41:
    # ten digits, not the sixteen of a float.
    x = sp.Symbol("x")
    on_balls = compile_arb(sp.exp(x) - 1 - x, (x,))
    assert counterexamples._float_on_balls(on_balls, [sp.Rational(1, 2**50)]) is None
    with mpmath.workdps(40):
        expected = float(mpmath.expm1(mpmath.mpf(2) ** -10) - mpmath.mpf(2) ** -10)
    assert counterexamples._float_on_balls(on_balls, [sp.Rational(1, 2**10)]) == pytest.approx(expected, rel=1e-14)


def test_a_failure_under_a_cancellation_of_twenty_digits_is_found_on_balls():
    # x^2 + 2x + 1 + g(x) >= (x + 1)^2 with g = 10^11 (log x - 30)^2 - 1500: false only where
    # |log x - 30| < 1.2e-4.  Near x = e^30 the sides are 10^26, so the slack (at most 1500
    # deep) is lost in the last digits at 20 digits and kept on 128-bit balls.
    domain = parse_domain({"x": "10**12 < x < 10**14"})
    x = domain.symbols["x"]
    lhs, rhs = (x + 1) ** 2, x ** 2 + 2 * x + 1 + 10**11 * (sp.log(x) - 30) ** 2 - 1500
    found = counterexamples.counterexample_search(domain, rhs - lhs, (lhs, rhs), [{x: sp.Integer(9 * 10**13)}])
    centre = float(sp.exp(30))
    assert any(abs(float(p[x]) - centre) < 1.2e-4 * centre for p in found), found


def test_a_function_mpmath_has_no_name_for_leaves_the_search_without_a_point_not_broken(monkeypatch):
    from proofcheck.core.numbers.arb_expressions import NotEnclosable
    from proofcheck.core.points import counterexamples

    def refuse(*args):
        raise NotEnclosable("no balls here")
    monkeypatch.setattr(counterexamples, "compile_arb", refuse)
    domain = parse_domain({"x": "0 < x < 3"})
    x = domain.symbols["x"]
    slack = (sp.airyaiprime(x) - sp.airyaiprime(1)) ** 2
    points = domain.sample_points(5, seed=1)
    assert counterexamples.counterexample_search(domain, slack, (slack, sp.Integer(0)), points) == []


def test_an_integer_where_a_flat_slack_vanishes_is_found_by_its_roots():
    # atan((n - 123456)^2) is near pi/2 at every given point and 0 at n = 123456 alone.
    symbols, found = search({"n": "integer n >= 1"}, lambda s: sp.atan((s["n"] - 123456) ** 2),
                            [{"n": 1}, {"n": 1000}, {"n": 10**6}])
    assert {symbols["n"]: 123456} in found, found


def test_the_integers_beside_two_irrational_roots_are_proposed():
    # (n - 5)^2 - 2 < 0 for |n - 5| < sqrt(2): n = 4, 5, 6; the roots are 5 -+ sqrt(2).
    symbols, found = search({"n": "integer n >= 0"}, lambda s: (s["n"] - 5) ** 2 - 2,
                            [{"n": 0}, {"n": 100}])
    assert {n for n in (3, 4, 6, 7) if {symbols["n"]: n} in found} == {3, 4, 6, 7}, found


def test_a_failure_on_a_lattice_of_two_integers_is_found_with_the_second_left_free():
    # |n/3 - m| vanishes on n = 3m only; at the worst given m (odd) the root 3m is odd, not
    # an even n: the lattice point is found with m moved to an even neighbour.
    symbols, found = search({"n": "even integer n >= 2", "m": "integer m >= 1"},
                            lambda s: sp.Abs(s["n"] / 3 - s["m"]),
                            [{"n": 20, "m": 7}, {"n": 1000, "m": 5}])
    hits = [p for p in found if p[symbols["n"]] == 3 * p[symbols["m"]]]
    assert hits and all(p[symbols["n"]] % 2 == 0 for p in hits), found


def test_a_failure_on_one_step_of_a_floor_of_a_real_parameter_is_found_in_the_middle_of_the_step():
    # atan((floor(x) - 123456)^2) is near pi/2 at every given point and 0 on [123456, 123457).
    symbols, found = search({"x": "x > 0"}, lambda s: sp.atan((sp.floor(s["x"]) - 123456) ** 2),
                            [{"x": 1}, {"x": 1000}, {"x": 10**6}])
    assert {symbols["x"]: sp.Rational(246913, 2)} in found, found


def test_the_middle_of_two_switches_of_a_minimum_is_proposed_for_an_inequality():
    # min(1, 10^9 (x - 7)^2) - 1/2 is 1/2 at every given point and flat there: no descent.
    symbols, found = search({"x": "x > 0"}, lambda s: sp.Min(1, 10**9 * (s["x"] - 7) ** 2) - sp.Rational(1, 2),
                            [{"x": 1}, {"x": 1000}])
    assert {symbols["x"]: 7} in found, found


def test_a_curve_where_the_slack_vanishes_is_met_exactly_by_solving_along_one_parameter():
    # x y + 1/(x y) - 2 vanishes on x y = 1 only; a descent comes near the curve in floats, and
    # the point is moved onto it exactly: x a short rational, y = 1/x.
    symbols, found = search({"x": "x > 0", "y": "y > 0"}, lambda s: s["x"] * s["y"] + 1 / (s["x"] * s["y"]) - 2,
                            [{"x": 3, "y": 5}, {"x": sp.Rational(1, 7), "y": 2}])
    exact = [p for p in found if p[symbols["x"]] * p[symbols["y"]] == 1]
    assert exact, found


def test_a_point_no_snap_knows_is_met_by_the_roots_beside_a_tight_point():
    symbols, found = search({"x": "x > 0"}, lambda s: (sp.exp(s["x"]) - 2) ** 2, [{"x": 3}, {"x": sp.Rational(1, 10)}])
    assert {symbols["x"]: sp.log(2)} in found, found


@pytest.mark.slow
def test_the_smallest_integers_of_an_all_integer_claim_are_each_looked_at():
    # |n^2 + m^2 - k^2| - 1 is flat (0 or more) wherever the integers miss a Pythagorean triple.
    symbols, found = search({"n": "integer n >= 1", "m": "integer m >= 1", "k": "integer k >= 1"},
                            lambda s: sp.Abs(s["n"] ** 2 + s["m"] ** 2 - s["k"] ** 2) - 1,
                            [{"n": 10, "m": 20, "k": 1000}, {"n": 7, "m": 100, "k": 50}])
    assert any(p[symbols["n"]] ** 2 + p[symbols["m"]] ** 2 == p[symbols["k"]] ** 2 for p in found), found
