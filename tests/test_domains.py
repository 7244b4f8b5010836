"""Domains as the paper writes them: validation names the parameter, samples reach the edges."""
import pytest
import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.model.errors import DomainError

DOMAIN = parse_domain({"r": "0 < r < 1", "r0": "0 < r0 < r", "c": "c > 0",
                       "n": "integer n >= 1", "K": "odd integer K >= 3"})


def test_symbols_carry_the_domain_assumptions():
    s = DOMAIN.symbols
    assert s["r"].is_positive and s["c"].is_positive
    assert s["n"].is_integer and s["n"].is_positive
    assert s["K"].is_odd


@pytest.mark.parametrize("values, name", [
    ({"r": "3/2", "r0": "1/4", "c": 1, "n": 1, "K": 3}, "r"),
    ({"r": "1/2", "r0": "1/2", "c": 1, "n": 1, "K": 3}, "r0"),
    ({"r": "1/2", "r0": "1/4", "c": 0, "n": 1, "K": 3}, "c"),
    ({"r": "1/2", "r0": "1/4", "c": 1, "n": "3/2", "K": 3}, "n"),
    ({"r": "1/2", "r0": "1/4", "c": 1, "n": -1, "K": 3}, "n"),
    ({"r": "1/2", "r0": "1/4", "c": 1, "n": 1, "K": 4}, "K"),
    ({"r": float("nan"), "r0": "1/4", "c": 1, "n": 1, "K": 3}, "r"),
    ({"r": "1/2", "r0": "1/4", "c": float("inf"), "n": 1, "K": 3}, "c"),
])
def test_out_of_domain_values_are_refused_naming_the_parameter(values, name):
    with pytest.raises(DomainError, match=f"parameter {name}"):
        DOMAIN.validate_point(values)


def test_samples_lie_in_the_domain_and_include_its_edges():
    points = DOMAIN.sample_points(12, seed=1)
    s = DOMAIN.symbols
    for p in points:
        DOMAIN.validate_point({k.name: v for k, v in p.items()})
    rs = [p[s["r"]] for p in points]
    assert min(rs) <= sp.Rational(1, 10**5) and max(rs) >= 1 - sp.Rational(1, 10**5)
    assert min(p[s["n"]] for p in points) == 1
    assert all(p[s["K"]] % 2 == 1 for p in points)


def test_samples_are_exact_and_reproducible():
    assert DOMAIN.sample_points(6, seed=7) == DOMAIN.sample_points(6, seed=7)
    assert all(v.is_Rational for p in DOMAIN.sample_points(6) for v in p.values())
