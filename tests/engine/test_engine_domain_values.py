"""Domains: what a value outside its domain is told, and what a narrowed region keeps.

A value given in data is read exactly (an int, a Fraction, a float by its
shortest decimal, or a numeric expression), and a value that is not a finite
real number, not an integer where one is declared, of the wrong parity, or
outside a bound is refused with a message naming the parameter and the
reason.  A claim's ``sampling`` narrows the region a numeric route samples,
keeping the integrality and parity the true domain declares.
"""
from fractions import Fraction

import pytest
import sympy as sp

from proofcheck.core.model.domains import assumptions_for, parse_domain, parse_parameter
from proofcheck.core.model.errors import DomainError, ExpressionError

SPECS = {"r": "0 < r < 1", "K": "odd integer K >= 3", "n": "integer n >= 1", "c": "c > 0", "t": "real"}
GOOD = {"r": "1/2", "K": 5, "n": 7, "c": 1, "t": 0}


@pytest.fixture(scope="module")
def domain():
    return parse_domain(SPECS)


@pytest.mark.parametrize("name, value, message", [
    ("c", float("inf"), "value inf is not a finite number"),
    ("t", float("-inf"), "value -inf is not a finite number"),
    ("c", float("nan"), "value nan is not a finite number"),
    ("c", "oo", "value oo is not a finite number"),
    ("t", "-oo", "value -oo is not a finite number"),
    ("t", sp.zoo, "value zoo is not a finite number"),
    ("c", sp.nan, "value nan is not a finite number"),
    ("c", sp.I, "value I is not real"),
    ("c", True, "value True is not a number"),
    ("c", [1], "value [1] is not a number"),
    ("c", "x", "unknown name 'x' in expression 'x'"),
    ("c", "1 < 2", "value '1 < 2' is not a number"),
    ("n", Fraction(3, 2), "value 3/2 is not an integer (integer n >= 1)"),
    ("K", 4, "value 4 has the wrong parity (odd integer K >= 3)"),
    ("r", 1, "value 1 violates 0 < r < 1"),
])
def test_a_value_outside_its_domain_is_refused_naming_the_parameter_and_the_reason(domain, name, value, message):
    with pytest.raises(DomainError) as error:
        domain.validate_point({**GOOD, name: value})
    assert error.value.parameter == name
    assert str(error.value) == f"parameter {name}: {message}"


def test_a_missing_or_an_unknown_parameter_is_named():
    domain = parse_domain({"a": "a > 0", "b": "b > 0"})
    with pytest.raises(DomainError) as error:
        domain.validate_point({"a": 1})
    assert (error.value.parameter, str(error.value)) == ("b", "parameter b: has no value at this sample point")
    with pytest.raises(DomainError) as error:
        domain.validate_point({"a": 1, "b": 1, "z": 1, "y": 2})
    assert (error.value.parameter, str(error.value)) == ("y", "parameter y: is not a parameter of this claim")


def test_values_are_read_exactly(domain):
    point = domain.validate_point({**GOOD, "c": Fraction(3, 7), "t": 0.1, "r": sp.Rational(1, 3)})
    values = {s.name: v for s, v in point.items()}
    assert values["c"] == sp.Rational(3, 7) and values["t"] == sp.Rational(1, 10)
    assert values["r"] == sp.Rational(1, 3)


def test_a_parameter_validates_a_plain_number_exactly():
    parameter = parse_domain({"t": "real"}).parameters["t"]
    assert parameter.validate(0.25, {}) == sp.Rational(1, 4)
    assert parameter.validate(Fraction(1, 3), {}) == sp.Rational(1, 3)


def test_a_bound_that_is_not_the_parameter_compared_with_a_bound_is_refused():
    symbols = {name: sp.Symbol(name) for name in ("a", "b")}
    for spec in ("b < 1", "a < a + 1", "a + 1 < a"):
        with pytest.raises(ExpressionError) as error:
            parse_parameter("a", spec, symbols)
        assert str(error.value) == f"domain {spec!r} of a must compare a with a bound"


def test_a_lower_bound_on_the_right_or_the_left_is_read_as_such():
    symbols = {"a": sp.Symbol("a")}
    for spec in ("a > 2", "2 < a", "-1 <= a"):
        parameter = parse_parameter("a", spec, symbols)
        assert parameter.upper is None and parameter.lower is not None
    assert parse_parameter("a", "a >= -1", symbols).lower.strict is False
    assert parse_parameter("a", "2 > a", symbols).upper.strict is True


# -- assumptions ---------------------------------------------------------------------------

@pytest.mark.parametrize("spec, expected", [
    ("x > 0", {"real": True, "positive": True}),
    ("x >= 0", {"real": True, "nonnegative": True}),
    ("x > -1", {"real": True}),
    ("x < 0", {"real": True, "negative": True}),
    ("x <= 0", {"real": True}),
    ("-2 < x < -1", {"real": True, "negative": True}),
    ("even integer x >= 2", {"real": True, "integer": True, "positive": True, "even": True}),
    ("odd integer x <= -1", {"real": True, "integer": True, "negative": True, "odd": True}),
])
def test_the_symbols_assumptions_follow_from_constant_bounds(spec, expected):
    assert assumptions_for(parse_parameter("x", spec, {"x": sp.Symbol("x")})) == expected


def test_a_bound_naming_another_parameter_gives_no_sign():
    domain = parse_domain({"r": "0 < r < 1", "r0": "r < r0"})
    assert domain.parameters["r0"].symbol.is_positive is None
    assert domain.parameters["r0"].depends_on == {"r"}


# -- narrowing -----------------------------------------------------------------------------

def test_a_narrowed_region_keeps_the_integrality_and_parity_of_the_true_domain():
    domain = parse_domain({"K": "odd integer K >= 3", "s": "s > 0"})
    narrow = domain.narrowed({"K": "3 <= K <= 9", "s": "1 <= s <= 10"})
    K = narrow.parameters["K"]
    assert (K.integer, K.parity) == (True, 1)
    assert narrow.parameters["s"].integer is False and narrow.parameters["s"].parity is None
    assert K.symbol is domain.parameters["K"].symbol
    values = sorted({p[K.symbol] for p in narrow.sample_points(8)})
    assert values and all(v % 2 == 1 and 3 <= v <= 9 for v in values)
    assert narrow.describe() == "3 <= K <= 9, 1 <= s <= 10"


def test_a_narrowed_region_may_state_its_own_parity():
    domain = parse_domain({"K": "integer K >= 3"})
    narrow = domain.narrowed({"K": "even integer 4 <= K <= 8"})
    assert (narrow.parameters["K"].integer, narrow.parameters["K"].parity) == (True, 0)


def test_only_a_parameter_of_the_claim_can_be_narrowed():
    with pytest.raises(DomainError) as error:
        parse_domain({"s": "s > 0"}).narrowed({"z": "0 < z < 1"})
    assert (error.value.parameter, str(error.value)) == (
        "z", "parameter z: is not a parameter of this claim, so it cannot be sampled")


@pytest.mark.parametrize("specs, message", [
    ({"a": "a < b", "b": "b < c", "c": "c < a", "d": "d > 0"},
     "domains refer to each other in a cycle: ['a', 'b', 'c']"),
    ({"a": "0 < "}, "syntax error in domain '0 < ' of a"),
    ({"a": "a"}, "domain of a must be a comparison, got 'a'"),
    ({"a": 3}, "domain of a must be a string such as '0 < a < 1'"),
])
def test_a_domain_that_cannot_be_read_is_refused_saying_why(specs, message):
    with pytest.raises(ExpressionError) as error:
        parse_domain(specs)
    assert str(error.value) == message


def test_a_parameters_domain_must_be_text():
    with pytest.raises(ExpressionError) as error:
        parse_parameter("a", 3, {})
    assert str(error.value) == "domain of a must be a string such as '0 < a < 1'"


def test_an_upper_bound_is_checked_where_there_is_no_lower_one():
    domain = parse_domain({"x": "x <= 3"})
    assert domain.validate_point({"x": 3}) == {domain.parameters["x"].symbol: 3}
    with pytest.raises(DomainError) as error:
        domain.validate_point({"x": 5})
    assert str(error.value) == "parameter x: value 5 violates x <= 3"


def test_a_bound_naming_a_parameter_without_a_value_is_refused():
    r0 = parse_domain({"r": "0 < r < 1", "r0": "0 < r0 < r"}).parameters["r0"]
    with pytest.raises(DomainError) as error:
        r0.validate(sp.Rational(1, 4), {})
    assert (error.value.parameter, str(error.value)) == ("r0", "parameter r0: bound r needs {r}")


def test_odd_or_even_alone_makes_a_parameter_an_integer():
    domain = parse_domain({"K": "odd K >= 3", "m": "even m >= 0"})
    assert [(p.integer, p.parity) for p in domain.parameters.values()] == [(True, 1), (True, 0)]
    assert domain.parameters["K"].symbol.is_integer and domain.parameters["m"].symbol.is_even
    with pytest.raises(DomainError):
        domain.validate_point({"K": sp.Rational(7, 2), "m": 2})


def test_the_default_sample_is_the_seed_zero_sample():
    domain = parse_domain({"x": "0 < x < 1"})
    assert domain.sample_points(8) == domain.sample_points(8, seed=0) != domain.sample_points(8, seed=1)
