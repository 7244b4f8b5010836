"""Sampling's documented rules, value by value: the unit-cube map, integer ranges, interior
draws (log-uniform on wide ranges) and the tie points (core/model/sampling.py)."""
import math
import random

import pytest
import sympy as sp
from conftest import unit_claim

from proofcheck.core.model import sampling
from proofcheck.core.model.domains import Bound, Parameter, parse_domain
from proofcheck.core.model.errors import DomainError
from proofcheck.core.points.ties import tie_points

R = sp.Rational


def _parameter(spec, name="x"):
    return parse_domain({name: spec}).parameters[name]


# -- the unit cube mapped into a range (point_from_units) ---------------------------------

@pytest.mark.parametrize("spec, u, expected", [
    ("1 <= x <= 3", 0, 1), ("1 <= x <= 3", 1, 3), ("1 <= x <= 3", R(1, 4), R(3, 2)),
    ("1 < x < 3", 0, 1 + R(2, 10**6)), ("1 < x < 3", 1, 3 - R(2, 10**6)), ("1 < x < 3", R(1, 2), 2),
    ("1 < x <= 3", 1, 3), ("1 <= x < 3", 0, 1),
    ("x > 2", 0, 2 + R(1, 10**6)), ("x > 2", 1, 2 + 10**6), ("x > 2", R(1, 2), 3),
    ("x < -2", 0, -2 - R(1, 10**6)), ("x < -2", 1, -2 - 10**6),
    ("real", 1, 10**6), ("real", 0, -R(1, 10**6)), ("real", R(1, 2), 1), ("real", R(49, 100), -1),
])
def test_the_unit_cube_maps_onto_the_range_with_its_edges_at_0_and_1(spec, u, expected):
    assert sampling.from_unit(_parameter(spec), R(u), {}) == expected


@pytest.mark.parametrize("spec, u, expected", [
    ("integer 2 <= n <= 9", 0, 2), ("integer 2 <= n <= 9", 1, 9),
    ("integer 2 <= n <= 9", R(1, 2), 2 + math.floor(8 ** 0.5) - 1),  # offsets spread logarithmically
    ("integer n > 2", 0, 3), ("integer n < 7", 1, 6), ("integer 5/2 < n <= 13/2", 1, 6),
    ("integer 5/2 < n <= 13/2", 0, 3), ("even integer 2 <= n <= 9", 1, 8), ("odd integer 2 <= n <= 9", 0, 3),
    ("integer 4 <= n <= 4", R(1, 2), 4),
])
def test_an_integer_parameter_maps_u_to_its_integers(spec, u, expected):
    assert sampling.from_unit(_parameter(spec, "n"), R(u), {}) == expected


# -- integer ranges ---------------------------------------------------------------------------

@pytest.mark.parametrize("spec, expected", [
    ("integer n >= 2", (2, 2 + 10**6)), ("integer n > 2", (3, 3 + 10**6)), ("integer n > 5/2", (3, 3 + 10**6)),
    ("integer n >= 5/2", (3, 3 + 10**6)), ("integer n <= 7", (-10**6, 7)), ("integer n < 7", (-10**6, 6)),
    ("integer n < 13/2", (-10**6, 6)), ("integer n <= -13/2", (-7 - 10**6, -7)),
    ("integer n >= -2000000", (-2000000, 10**6)), ("integer n > -5", (-4, 10**6)),
    ("integer -3 < n < 3", (-2, 2)),
])
def test_the_integers_of_a_range_are_its_least_and_greatest(spec, expected):
    parameter = _parameter(spec, "n")
    assert sampling._integer_range(parameter, *sampling.bounds_at(parameter, {})) == expected


def test_a_range_without_an_integer_is_refused_by_name():
    parameter = _parameter("integer 1/3 < n < 2/3", "n")
    with pytest.raises(DomainError, match="no integer satisfies"):
        sampling._integer_range(parameter, *sampling.bounds_at(parameter, {}))


@pytest.mark.parametrize("spec, value, expected", [
    ("even integer 2 <= n <= 9", 3, 4), ("even integer 2 <= n <= 9", 9, 8), ("odd integer 2 <= n <= 9", 2, 3),
    ("odd integer 2 <= n <= 9", 9, 9), ("integer 2 <= n <= 9", 3, 3),
])
def test_a_value_of_the_wrong_parity_moves_up_or_at_the_top_down(spec, value, expected):
    assert sampling._with_parity(_parameter(spec, "n"), value, 2, 9) == expected


# -- interior draws -------------------------------------------------------------------------

def _draws(spec, count=400, name="x"):
    parameter, rng = _parameter(spec, name), random.Random(7)
    return [sampling._draw(parameter, rng, {}) for _ in range(count)]


def test_a_wide_positive_range_is_drawn_log_uniformly_half_the_time():
    draws = _draws("1/1000 <= x <= 20")
    assert all(R(1, 1000) <= d <= 20 for d in draws)
    # Uniform draws fall below 1/10 with probability 0.5 %, log-uniform ones with 35 %.
    below = sum(bool(d < R(1, 10)) for d in draws) / len(draws)
    assert 0.10 < below < 0.30


def test_a_wide_negative_range_is_its_mirror():
    draws = _draws("-20 <= x <= -1/1000")
    assert all(-20 <= d <= R(-1, 1000) for d in draws)
    assert 0.10 < sum(bool(d > R(-1, 10)) for d in draws) / len(draws) < 0.30


def test_a_range_from_zero_is_drawn_over_the_six_decades_below_its_top():
    draws = _draws("0 < x < 1")
    assert all(0 < d < 1 for d in draws)
    assert min(draws) >= R(1, 10**6) * R(99, 100)
    assert 0.2 < sum(bool(d < R(1, 1000)) for d in draws) / len(draws) < 0.35


def test_a_narrow_range_is_drawn_uniformly_with_twelve_digits():
    draws = _draws("1 <= x <= 2")
    assert all(1 < d < 2 for d in draws) and len(set(draws)) == len(draws)
    assert 0.4 < sum(bool(d < R(3, 2)) for d in draws) / len(draws) < 0.6
    assert all((d - 1).q == 10**12 or 10**12 % (d - 1).q == 0 for d in draws)


@pytest.mark.parametrize("spec, low, high", [("x > 3", 3, 3 + 10**6), ("x < -3", -3 - 10**6, -3)])
def test_a_half_line_is_drawn_at_offsets_from_a_millionth_to_a_million(spec, low, high):
    draws = _draws(spec)
    offsets = [abs(d - (3 if low == 3 else -3)) for d in draws]
    assert all(low < d < high for d in draws)
    assert min(offsets) < R(1, 1000) and max(offsets) > 1000
    assert 0.35 < sum(bool(o < 1) for o in offsets) / len(offsets) < 0.65


def test_the_whole_line_is_drawn_on_both_sides():
    draws = _draws("real")
    assert 0.4 < sum(bool(d > 0) for d in draws) / len(draws) < 0.6
    assert min(abs(d) for d in draws) < R(1, 1000) and max(abs(d) for d in draws) > 1000


@pytest.mark.parametrize("spec, low, high", [
    ("integer 1 <= n <= 1000000", 1, 10**6), ("integer n >= 5", 5, 5 + 10**6), ("integer n <= -5", -5 - 10**6, -5),
])
def test_integer_draws_see_small_and_large_offsets(spec, low, high):
    draws = _draws(spec, name="n")
    assert all(low <= d <= high for d in draws)
    near = -5 if high == -5 else low
    offsets = [abs(d - near) for d in draws]
    assert min(offsets) < 10 and max(offsets) > 10**4
    assert 0.3 < sum(bool(o < 1000) for o in offsets) / len(offsets) < 0.7


# -- a range that holds 0 inside ------------------------------------------------------------

@pytest.mark.parametrize("spec, name", [
    ("x >= -1000001", "x"), ("x < 3000000", "x"), ("-5 <= x <= 1000000", "x"),
    ("integer n > -1000000000000", "n"), ("odd integer o >= -1000001", "o"), ("integer n < 7", "n"),
])
def test_a_range_that_holds_zero_has_it_for_its_third_edge(spec, name):
    # An odd parameter moves to 1, the nearest value of its parity.
    assert sampling._edge_list(_parameter(spec, name), {})[2] == (1 if name == "o" else 0)


@pytest.mark.parametrize("spec, name, far", [
    ("x >= -1000001", "x", 10**6), ("x < 3000000", "x", -10**6),
    ("integer n > -1000000000000", "n", 10**6), ("integer n < 7", "n", -10**6),
])
def test_an_open_side_reaches_a_million_past_zero(spec, name, far):
    parameter = _parameter(spec, name)
    assert far in sampling._edge_list(parameter, {})
    # A real half-line's far end is at u = 1; an integer range runs from u = 0 to u = 1.
    assert sampling.from_unit(parameter, R(0 if parameter.integer and far < 0 else 1), {}) == far


@pytest.mark.parametrize("spec, name", [
    ("x >= -1000001", "x"), ("x < 3000000", "x"), ("-1000000 <= x <= 1000000", "x"),
    ("integer n > -1000000000000", "n"), ("integer -10**9 <= n <= 10**9", "n"),
])
def test_a_range_that_holds_zero_is_drawn_out_from_zero_on_both_sides(spec, name):
    draws = _draws(spec, name=name)
    assert 0.15 < sum(bool(d > 0) for d in draws) / len(draws) < 0.85
    assert sum(bool(abs(d) < 1000) for d in draws) / len(draws) > 0.1


def test_a_range_that_starts_at_zero_is_drawn_as_before():
    assert sampling._edge_list(_parameter("x >= 0"), {}) == [0, 10**6, 1]
    assert sampling._edge_list(_parameter("integer n >= 0", "n"), {}) == [0, 10**6, 1000, 1]


def test_an_integer_range_of_one_value_draws_it():
    assert set(_draws("integer 4 <= n <= 4", 10, "n")) == {4}


# -- tie points -----------------------------------------------------------------------------

def test_two_parameters_of_the_same_range_are_tied_and_put_a_hair_apart():
    domain = parse_domain({"x": "0 < x < 1", "y": "0 < y < 1", "n": "integer 1 <= n <= 5"})
    x, y, n = (domain.parameters[k].symbol for k in "xyn")
    point = {x: R(1, 3), y: R(2, 3), n: 2}
    ties = tie_points(domain, point)
    hair = R(1, 10**30)
    assert [t[y] for t in ties] == [R(1, 3), R(1, 3) + hair, R(1, 3) - hair]
    assert all(t[x] == R(1, 3) and t[n] == 2 for t in ties)


def test_ties_of_integers_are_exact_and_different_ranges_are_never_tied():
    domain = parse_domain({"m": "integer 1 <= m <= 5", "k": "integer 1 <= k <= 5", "x": "0 < x < 2"})
    m, k, x = (domain.parameters[s].symbol for s in ("m", "k", "x"))
    ties = tie_points(domain, {m: 2, k: 4, x: R(1, 2)})
    assert ties == [{m: 2, k: 2, x: R(1, 2)}]


def test_a_hair_scales_with_a_large_value_and_a_tie_outside_the_domain_is_dropped():
    domain = parse_domain({"x": "x > 0", "y": "y > 0"})
    x, y = (domain.parameters[k].symbol for k in "xy")
    ties = tie_points(domain, {x: R(1000), y: R(5)})
    assert [t[y] for t in ties] == [1000, 1000 + R(1000, 10**30), 1000 - R(1000, 10**30)]
    edge = parse_domain({"x": "0 < x <= 1", "y": "0 < y <= 1"})
    ex, ey = (edge.parameters[k].symbol for k in "xy")
    assert [t[ey] for t in tie_points(edge, {ex: R(1), ey: R(1, 2)})] == [1, 1 - R(1, 10**30)]


# -- edges, corners and whole points -----------------------------------------------------------

def test_the_whole_line_has_its_edges_at_zero_and_a_million_either_side():
    assert sampling._edge_list(_parameter("real"), {}) == [0, 10**6, -10**6]


@pytest.mark.parametrize("spec, expected", [
    ("x < -5", [-5 - R(1, 10**30), -5 - 10**6, -6, -5 - R(1, 10**6)]), ("x <= -5", [-5, -5 - 10**6, -6]),
    ("integer n <= -7", [-7 - 10**6, -7, -7 - 1000, -6 - 10**6]),
])
def test_a_range_bounded_above_only_has_its_edges_below_the_bound(spec, expected):
    name = "n" if "integer" in spec else "x"
    assert sampling._edge_list(_parameter(spec, name), {}) == expected


def test_the_upper_corner_of_a_range_bounded_above_only_is_its_bound():
    domain = parse_domain({"x": "x <= 5", "y": "0 < y <= 1"})
    corner = sampling._upper_corner(domain, random.Random(0))
    assert {s.name: v for s, v in corner.items()} == {"x": 5, "y": 1}


def test_the_edge_points_stagger_each_parameter_one_edge_further():
    domain = parse_domain({"x": "0 <= x <= 1", "y": "0 <= y <= 1"})
    first, second = (sampling._edge_point(domain, i, random.Random(0)) for i in (0, 1))
    values = [{s.name: v for s, v in p.items()} for p in (first, second)]
    assert values == [{"x": 0, "y": 1}, {"x": 1, "y": R(1, 2)}]


def test_a_missing_unit_coordinate_is_the_middle_of_its_range():
    domain = parse_domain({"x": "0 <= x <= 4", "y": "2 <= y <= 3"})
    point = sampling.point_from_units(domain, {"y": 1})
    assert {s.name: v for s, v in point.items()} == {"x": 2, "y": 3}


def test_an_empty_domain_is_refused_naming_its_parameters():
    domain = parse_domain({"x": "0 < x < 1", "y": "x + 2 < y < x + 1"})
    with pytest.raises(DomainError, match=r"no point satisfies the domain \(0 < x < 1, x \+ 2 < y < x \+ 1\)"):
        sampling.sample_points(domain, 4)


def test_every_pair_of_parameters_of_the_same_range_is_tied():
    domain = parse_domain({"x": "0 < x < 1", "n": "integer 1 <= n <= 5", "y": "0 < y < 1", "z": "0 < z < 1"})
    x, n, y, z = (domain.parameters[k].symbol for k in "xnyz")
    ties = tie_points(domain, {x: R(1, 5), n: 3, y: R(2, 5), z: R(3, 5)})
    moved = {(s.name, t[s]) for t in ties for s in (y, z) if t[s] == R(1, 5)} | \
        {("z", t[z]) for t in ties if t[z] == R(2, 5)}
    assert moved == {("y", R(1, 5)), ("z", R(1, 5)), ("z", R(2, 5))}
    assert all(t[n] == 3 for t in ties)


def test_a_strict_range_away_from_zero_is_approached_by_a_share_of_its_span():
    hair, near = R(1, 10**30), R(1, 10**6)
    assert sampling._edge_list(_parameter("1 < x < 3"), {}) == \
        [1 + 2 * hair, 3 - 2 * hair, 2, 1 + 2 * near, 3 - 2 * near]


def test_parameters_of_different_ranges_are_tied_where_the_ranges_meet_without_a_hair():
    domain = parse_domain({"x": "0 < x < 1", "y": "0 < y < 2"})
    x, y = (domain.parameters[k].symbol for k in "xy")
    assert tie_points(domain, {x: R(1, 3), y: R(3, 2)}) == [{x: R(1, 3), y: R(1, 3)}]
    # x's value is outside y's range: x is moved onto y instead.
    wide = parse_domain({"x": "0 < x < 2", "y": "0 < y < 1"})
    wx, wy = (wide.parameters[k].symbol for k in "xy")
    assert tie_points(wide, {wx: R(3, 2), wy: R(1, 3)}) == [{wx: R(1, 3), wy: R(1, 3)}]
    far = parse_domain({"x": "0 < x < 1", "y": "y > 5"})
    assert tie_points(far, {far.parameters["x"].symbol: R(1, 2), far.parameters["y"].symbol: 6}) == []


def test_parameters_named_by_a_letter_of_integer_are_tied():
    # "integer n >= 1" less every n would be "iteger  >= 1", unlike "integer m >= 1" less m.
    domain = parse_domain({"n": "integer n >= 1", "m": "integer m >= 1"})
    n, m = (domain.parameters[k].symbol for k in "nm")
    assert tie_points(domain, {n: 3, m: 8}) == [{n: 3, m: 3}]


# -- a sample is drawn once per domain, count and seed -----------------------------------

def test_a_domain_drawn_again_gives_the_same_points_as_fresh_copies():
    domain = parse_domain({"r": "0 < r < 1", "c": "c > 0"})
    first = domain.sample_points(20, seed=3)
    first[0].clear()  # a caller's change to its copy reaches no other caller
    again = parse_domain({"r": "0 < r < 1", "c": "c > 0"}).sample_points(20, seed=3)
    assert again == sampling._sample(domain, 20, 3) and again[0]


@pytest.mark.parametrize("other", [{"r": "0 < r < 1/2", "c": "c > 0"}, {"r": "0 < r <= 1", "c": "c > 0"},
                                   {"r": "0 < r < 1", "c": "integer c > 0"}, {"r": "0 < r < 1", "c": "c < 0"}])
def test_a_domain_that_differs_in_any_bound_or_kind_draws_its_own_points(other):
    parse_domain({"r": "0 < r < 1", "c": "c > 0"}).sample_points(20, seed=3)
    domain = parse_domain(other)
    assert domain.sample_points(20, seed=3) == sampling._sample(domain, 20, 3)


# -- the exact shortcuts of sampling: the same numbers SymPy gives ----------------------

def _rationals(count, seed):
    rng = random.Random(seed)
    for index in range(count):
        size = rng.randrange(1, 60)
        denominator = 1 if index % 4 == 0 else rng.randrange(1, 10 ** rng.randrange(1, 60))
        yield R(rng.randrange(-10 ** size, 10 ** size), denominator)


def test_a_rational_bound_at_30_digits_is_the_very_number_sympy_evaluates():
    import mpmath
    for value in list(_rationals(3000, seed=1)) + [R(0), R(1, 3), R(-2, 3), R(10**40 + 1, 3), R(1, 10**40)]:
        with mpmath.workdps(30):
            assert sampling._at_30_digits(value)._mpf_ == mpmath.mpf(sp.N(value, 30))._mpf_, value


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("strict", [True, False])
def test_a_rational_is_held_to_a_rational_bound_as_sympy_holds_it(lower, strict):
    values = list(_rationals(400, seed=2))
    for value, limit in zip(values, values[1:] + values[:1]):
        for bound in (limit, value):  # the second: a value on its own bound
            edge = Bound(bound, strict)
            parameter = Parameter("x", "x", lower=edge if lower else None, upper=None if lower else edge)
            expected = bool(value > bound if strict else value >= bound) if lower \
                else bool(value < bound if strict else value <= bound)
            try:
                parameter.validate(value, {})
                held = True
            except DomainError:
                held = False
            assert held == expected, (lower, strict, value, bound)


def test_a_range_beyond_every_exact_point_is_an_error_that_says_so():
    # A bound of exp(exp(100)) was read to 15 digits as a decimal of 10^(10^43) digits (an
    # OverflowError of gmpy2's); one of exp(exp(11)) gave a point Python cannot print.
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.check import check_claim
    for bound in ("exp(exp(100))", "exp(exp(11))"):
        claim = unit_claim(kind="inequality", params={"a": f"0 < a < {bound}"}, lhs="a", rel=">", rhs="0")
        verdict = check_claim(claim, Settings())
        assert verdict.status == "error" and "no point with at most 4000 digits" in verdict.details
