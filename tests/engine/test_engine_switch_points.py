"""slack_roots.switch_points: an identity false only where a piece switches is compared there.

An identity has no slack to descend: the points where an absolute value, a sign, a minimum or a
piecewise condition switches are solved for, with the points between them.  The expected
points are where the mathematics puts the switch, not values read back from the search.
"""
import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.points.slack_roots import switch_points


def _switches(params, expr_of, base):
    domain = parse_domain(params)
    symbols = domain.symbols
    points = [{symbols[name]: sp.nsimplify(value) for name, value in base.items()}]
    return symbols, switch_points(domain, expr_of(symbols), points)


def test_the_zero_of_a_signs_argument_is_a_point_for_an_integer_parameter():
    symbols, found = _switches({"n": "integer n >= 1"}, lambda s: sp.sign(sp.atan((s["n"] - 123456) ** 2)) - 1,
                               {"n": 5})
    assert {symbols["n"]: 123456} in found, found


def test_the_middle_between_the_two_switches_of_a_minimum_is_a_point():
    symbols, found = _switches({"x": "x > 0"}, lambda s: sp.Min(1, 10**9 * (s["x"] - 7) ** 2), {"x": 3})
    assert {symbols["x"]: 7} in found, found
    assert {symbols["x"]: 7 - 1 / sp.sqrt(10**9)} in found, found


def test_a_switch_is_solved_along_each_parameter_with_the_others_held():
    symbols, found = _switches({"x": "0 < x < 10", "y": "0 < y < 10"}, lambda s: sp.Abs(s["x"] - 2 * s["y"]),
                               {"x": 1, "y": 3})
    assert {symbols["x"]: 6, symbols["y"]: 3} in found and {symbols["x"]: 1, symbols["y"]: sp.Rational(1, 2)} in found


def test_a_piecewise_condition_switches_where_its_sides_meet_and_points_outside_the_domain_are_dropped():
    symbols, found = _switches({"x": "x > 0"}, lambda s: sp.Piecewise((1, s["x"] < 5), (0, True))
                               + sp.Abs(s["x"] + 3), {"x": 1})
    assert found == [{symbols["x"]: 5}], found


def test_an_expression_without_pieces_has_no_switch_points():
    assert _switches({"x": "x > 0"}, lambda s: s["x"] ** 2 - 2, {"x": 1})[1] == []


def test_a_floor_steps_at_the_integers_and_the_first_steps_are_points():
    symbols, found = _switches({"n": "integer n >= 1"},
                               lambda s: sp.floor(s["n"] / 1000) - sp.floor((s["n"] - 1) / 1000), {"n": 5})
    assert {symbols["n"]: 1000} in found, found


def test_a_periodic_family_of_roots_is_taken_at_its_first_members():
    from proofcheck.core.points.slack_roots import _elements
    t = sp.Symbol("t", real=True)
    roots = sp.solveset(sp.sin(sp.pi * t / 3000000), t, domain=sp.S.Reals)
    assert {3000000, 6000000, -3000000} <= set(_elements(roots))
    assert _elements(sp.Interval(0, 1)) == []
