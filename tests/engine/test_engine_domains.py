"""domains: parsing what a paper writes, validating values, drawing points inside."""
import pytest
import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.model.errors import DomainError, ProofcheckError

SPECS = {"r0": "0 < r0 < r", "r": "0 < r < 1", "K": "odd integer K >= 3", "n": "integer n >= 1",
         "c": "c > 0", "t": "real", "a": "1 <= a <= 2", "m": "even integer -4 <= m <= 10"}
GOOD = {"r": "1/2", "r0": "1/4", "K": 5, "n": 7, "c": "1e-3", "t": -3.5, "a": 2, "m": -4}


@pytest.fixture(scope="module")
def domain():
    return parse_domain(SPECS)


def test_dependency_order(domain):
    names = list(domain.parameters)
    assert names.index("r") < names.index("r0")
    assert set(names) == set(SPECS)


def test_assumptions(domain):
    p = domain.parameters
    assert p["r"].symbol.is_positive and p["c"].symbol.is_positive and p["r0"].symbol.is_real
    assert p["K"].symbol.is_integer and p["K"].symbol.is_odd
    assert p["n"].symbol.is_integer and p["n"].symbol.is_positive
    assert p["m"].symbol.is_even
    assert p["t"].symbol.is_real and p["t"].symbol.is_positive is None


def test_validate_point_exact_values(domain):
    point = domain.validate_point(GOOD)
    values = {s.name: v for s, v in point.items()}
    assert values["c"] == sp.Rational(1, 1000)
    assert values["t"] == sp.Rational(-7, 2)
    assert values["r0"] == sp.Rational(1, 4)


@pytest.mark.parametrize("name, value", [
    ("r0", "1/2"),            # bound naming another parameter: r0 < r fails
    ("r0", "0"),
    ("r", "1"), ("r", "0"), ("r", "-1/2"),
    ("K", 4), ("K", 1), ("K", "7/2"),
    ("n", 0), ("n", "3/2"), ("n", 1.5),
    ("c", 0), ("c", -1), ("c", float("inf")), ("c", float("nan")), ("c", "oo"), ("c", True), ("c", "x"),
    ("c", "__import__('os')"), ("c", [1]),
    ("a", "2.0000001"), ("a", "0.9999999"),
    ("m", -5), ("m", -6), ("m", 12),
])
def test_validate_point_refuses(domain, name, value):
    with pytest.raises(DomainError) as error:
        domain.validate_point({**GOOD, name: value})
    assert error.value.parameter == name


def test_validate_point_missing_or_unknown(domain):
    missing = dict(GOOD)
    del missing["t"]
    with pytest.raises(DomainError):
        domain.validate_point(missing)
    with pytest.raises(DomainError):
        domain.validate_point({**GOOD, "z": 1})


def test_closed_bounds_accept_their_edges(domain):
    domain.validate_point({**GOOD, "a": 1})
    domain.validate_point({**GOOD, "a": 2})
    domain.validate_point({**GOOD, "K": 3, "n": 1, "m": 10})


@pytest.mark.parametrize("specs", [
    {"a": "a < b", "b": "b < a"},        # cycle
    {"a": "0 < "},                        # syntax
    {"a": "a"},                           # not a comparison
    {"a": "a*a > 1"},                     # not a bound on a
    {"a": "0 < b < 1"},                   # unknown name
    {"a": 3},                             # not text
    {"a": "__import__('os') < a"},
    {"a": "complex a > 0"},
    {"a": "0 < a == 1"},
])
def test_parse_domain_refuses(specs):
    with pytest.raises(ProofcheckError):
        parse_domain(specs)


def _is_exact(value):
    return isinstance(value, sp.Basic) and value.is_number and value.is_real and not value.has(sp.Float) \
        and value.is_finite


@pytest.mark.parametrize("seed", [0, 1, 20260729])
def test_sample_points_lie_in_the_domain_and_are_exact(domain, seed):
    points = domain.sample_points(12, seed=seed)
    assert 1 <= len(points) <= 13  # the count asked for, and the upper corner
    for point in points:
        assert all(_is_exact(v) for v in point.values()), point
        domain.validate_point({s.name: v for s, v in point.items()})


def test_a_dependent_upper_bound_is_sampled_where_both_parameters_are_largest():
    domain = parse_domain({"r": "0 < r <= 1", "r0": "0 < r0 < r"})
    points = [{s.name: v for s, v in p.items()} for p in domain.sample_points(12, seed=0)]
    assert any(p["r"] == 1 and p["r0"] > 1 - sp.Rational(1, 10**6) for p in points), points


def test_sample_points_are_reproducible(domain):
    assert domain.sample_points(8, seed=5) == domain.sample_points(8, seed=5)


def _values(specs, count=8, seed=0):
    d = parse_domain(specs)
    (name,) = specs
    return [p[d.parameters[name].symbol] for p in d.sample_points(count, seed=seed)]


def test_sample_points_reach_the_edges_of_an_open_interval():
    values = _values({"r": "0 < r < 1"})
    assert all(0 < v < 1 for v in values)
    assert min(values) <= sp.Rational(1, 100) and max(values) >= sp.Rational(99, 100)


def test_sample_points_include_closed_edges():
    values = _values({"a": "1 <= a <= 2"})
    assert all(1 <= v <= 2 for v in values)
    assert 1 in values and 2 in values


def test_sample_points_of_a_half_line_spread_over_magnitudes():
    values = _values({"c": "c > 0"}, count=8)
    assert all(v > 0 for v in values)
    assert min(values) <= sp.Rational(1, 100) and max(values) >= 100


def test_integer_samples_respect_parity_and_bounds():
    values = _values({"m": "even integer -4 <= m <= 10"})
    assert values and all(v.is_integer and v % 2 == 0 and -4 <= v <= 10 for v in values)
    values = _values({"K": "odd integer K >= 3"})
    assert values and all(v.is_integer and v % 2 == 1 and v >= 3 for v in values)


def test_no_parameters_gives_one_empty_point():
    assert parse_domain({}).sample_points(4) == [{}]


# -- the edges, value by value (core/model/sampling.py) ------------------------------------------

HAIR, NEAR = sp.Rational(1, 10**30), sp.Rational(1, 10**6)


@pytest.mark.parametrize("specs, name, at, expected", [
    # A non-strict bound is its boundary; a strict one a hair (10^-30 of the range) and a
    # little (10^-6) inside; the middle of a bounded range; for a half-line, 10^6 and 1 away,
    # and 0 third where the range holds it (the far end then 10^6 past 0).
    ({"r": "0 < r <= 1"}, "r", {}, [HAIR, 1, sp.Rational(1, 2), NEAR]),
    ({"x": "0 <= x < 2"}, "x", {}, [0, 2 - 2 * HAIR, 1, 2 - 2 * NEAR]),
    ({"x": "x > 0"}, "x", {}, [HAIR, 10**6, 1, NEAR]),
    ({"x": "x <= -3"}, "x", {}, [-3, -3 - 10**6, -4]),
    ({"x": "x <= 3"}, "x", {}, [3, -10**6, 0, 2]),
    ({"n": "integer n >= 1"}, "n", {}, [1, 10**6 + 1, 1001, 2]),
    # A bound that depends on another parameter is read at that parameter's value.
    ({"r": "0 < r <= 1", "r0": "0 < r0 < r"}, "r0", {"r": 1}, [HAIR, 1 - HAIR, sp.Rational(1, 2), NEAR, 1 - NEAR]),
    ({"r": "0 < r <= 1", "r0": "0 < r0 < r"}, "r0", {"r": sp.Rational(1, 4)},
     [HAIR / 4, (1 - HAIR) / 4, sp.Rational(1, 8), NEAR / 4, (1 - NEAR) / 4]),
])
def test_the_edges_of_a_parameter_follow_the_documented_rules(specs, name, at, expected):
    from proofcheck.core.model.sampling import edge_values
    domain = parse_domain(specs)
    point = {domain.parameters[k].symbol: sp.sympify(v) for k, v in at.items()}
    values = edge_values(domain.parameters[name], point)
    assert values == [sp.sympify(v) for v in expected]
    assert all(_is_exact(v) for v in values)


def test_edge_points_stagger_the_parameters_and_the_interior_draws_are_distinct():
    domain = parse_domain({"x": "0 < x < 1", "y": "0 < y < 1"})
    points = [{s.name: v for s, v in p.items()} for p in domain.sample_points(12, seed=0)]
    # Staggered edges: no point is tied but the upper corner, both at their upper edge.
    tied = [p for p in points if p["x"] == p["y"]]
    assert tied == [{"x": 1 - sp.Rational(1, 10**30), "y": 1 - sp.Rational(1, 10**30)}]
    interior = points[5:]
    assert len({tuple(p.values()) for p in interior}) == len(interior) >= 8
