"""box_search: the boxes where Arb's enclosure of an objective reaches past the asserted
value are halved, best first, and their midpoints proposed to the optimum's scan."""
import sympy as sp

from proofcheck.core.model.domains import parse_parameter
from proofcheck.core.points.box_search import better_candidates

A = sp.Symbol("a", real=True)
C = sp.Symbol("c", positive=True)


def _over(spec, symbols=None):
    parameter = parse_parameter("a", spec, symbols or {"a": A})
    parameter.symbol = A
    return [parameter]


def test_a_peak_narrower_than_the_grid_is_found():
    # Above 0 only within 0.013 of a = 3; the 60-point grid's step is 0.066.
    f = (A - 1) ** 2 * (5 * sp.exp(-10**4 * (A - 3) ** 2) - 1)
    found = better_candidates(f, _over("0 < a < 4"), {}, 0.0, "max")
    assert found and all(abs(float(p[A]) - 3) < 0.013 for p in found)


def test_a_dip_below_a_minimum_is_found_and_the_parameters_are_held():
    f = (A - 1) ** 2 * (1 - 5 * C * sp.exp(-10**4 * (A - 3) ** 2))
    found = better_candidates(f, _over("0 < a < c", {"a": A, "c": C}), {C: sp.Integer(4)}, 0.0, "min")
    assert found and all(abs(float(p[A]) - 3) < 0.01 for p in found)


def test_nothing_is_proposed_where_no_point_beats_the_value():
    assert better_candidates(-(A - 1) ** 2, _over("0 < a < 4"), {}, 0.0, "max") == []


def test_a_half_line_is_searched_a_million_past_its_bound():
    f = (A - 1) ** 2 * (5 * sp.exp(-10**4 * (A - 1000) ** 2) - 1)
    found = better_candidates(f, _over("a > 0"), {}, 0.0, "max")
    assert found and all(abs(float(p[A]) - 1000) < 0.013 for p in found)


def test_a_box_where_the_objective_is_not_enclosed_waits_behind_those_that_reach_past_the_target():
    # Every box holding x = 0 of x > 0 has log 0 in it: split first, it drew every halving there.
    x = sp.Symbol("x", positive=True)
    parameter = parse_parameter("x", "x > 0", {"x": x})
    parameter.symbol = x
    f = sp.exp(-10**6 * sp.log(x / 1000) ** 2) - sp.Rational(1, 2)
    found = better_candidates(f, [parameter], {}, 0.0, "max")
    assert found and all(abs(float(p[x]) - 1000) < 1 for p in found)


def test_the_domains_proposals_round_an_integer_both_ways_and_hold_a_moving_range():
    from proofcheck.core.model.domains import parse_domain
    from proofcheck.core.points.box_search import domain_proposals
    domain = parse_domain({"n": "integer n >= 1"})
    n = domain.parameters["n"].symbol
    found = domain_proposals(domain, sp.exp(-(n - 123457) ** 2) * 3 - 1, 0.0, "max", None)
    assert {p[n] for p in found} >= {123457} and all(abs(p[n] - 123457) <= 1 for p in found)
    domain = parse_domain({"r": "0 < r < 1", "q": "0 < q < r"})
    r, q = domain.parameters["r"].symbol, domain.parameters["q"].symbol
    assert domain_proposals(domain, -(r - q), 0.0, "max", None) == []  # q moves with r: held, if given
    held = {r: sp.Rational(1, 2), q: sp.Rational(1, 4)}
    found = domain_proposals(domain, sp.exp(-10**6 * (r - sp.Rational(3, 4)) ** 2) - sp.Rational(1, 2),
                             0.0, "max", held)
    assert found and all(p[q] == sp.Rational(1, 4) and abs(float(p[r]) - 0.75) < 1e-3 for p in found)
