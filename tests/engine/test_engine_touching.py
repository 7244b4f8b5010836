"""A slack that touches 0 at an explicit point of its claim: settled beside the point by the sign of
its Hessian over the hull of each box and the point, once the slack and its gradient are shown
exactly 0 there (core/proofs/touching.py)."""
from fractions import Fraction

import mpmath
import sympy as sp
from flint import arb

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.arb_expressions import compile_arb
from proofcheck.core.proofs.touching import Touching, touching_points
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
x, y = sp.symbols("x y", real=True)


def verdict_of(params, lhs, rel, rhs, points):
    record = {"id": "touch", "where": "unit test", "statement": "unit test", "kind": "inequality",
              "params": params, "lhs": lhs, "rel": rel, "rhs": rhs, "points": points}
    return check_claim(build_claim(record, "tests/engine", KINDS), Settings())


def test_a_tangent_below_a_convex_curve_is_certified_through_its_touching_point():
    verdict = verdict_of({"x": "0 <= x <= 5"}, "exp(x - 2)", ">=", "x - 1", [{"x": "2"}])
    assert verdict.passed and verdict.evidence == "certified", verdict.details
    assert "beside x = 2" in verdict.route


def test_without_its_point_the_same_tangency_is_not_certified():
    verdict = verdict_of({"x": "0 <= x <= 5"}, "exp(x - 2)", ">=", "x - 1", [])
    assert verdict.passed and verdict.evidence == "numeric", verdict.details


def test_a_point_where_the_gradient_is_not_zero_is_no_touching_point():
    assert touching_points((x - sp.Rational(1, 2)) ** 2 + (x - sp.Rational(1, 2)) / 10**6,
                           [{x: sp.Rational(1, 2)}]) == []
    assert touching_points((x - sp.Rational(1, 2)) ** 2, [{x: sp.Rational(1, 2)}]) == [{x: sp.Rational(1, 2)}]


def test_a_point_where_the_slack_is_not_zero_is_no_touching_point():
    assert touching_points((x - 1) ** 2 + sp.Rational(1, 10**40), [{x: 1}]) == []


def test_a_saddle_fails_gershgorin_and_a_minimum_passes_it():
    half = (Fraction(1, 2), Fraction(1, 2))
    box = ((Fraction(0), Fraction(1)), (Fraction(0), Fraction(1)))
    saddle = Touching((x - sp.Rational(1, 2)) ** 2 - (y - sp.Rational(1, 2)) ** 2 / 10**6, (x, y), [half])
    bowl = Touching((x - sp.Rational(1, 2)) ** 2 + (y - sp.Rational(1, 2)) ** 2 / 10**6, (x, y), [half])
    assert not saddle.settles(box)
    assert bowl.settles(box)


def test_the_hessian_is_read_over_the_hull_of_box_and_point_not_at_the_point():
    slack = (x - sp.Rational(1, 2)) ** 2 * (1 - 2 * sp.exp(-10**6 * (x - sp.Rational(1, 2) - sp.Rational(1, 500)) ** 2))
    touching = Touching(slack, (x,), [(Fraction(1, 2),)])
    assert not touching.settles(((Fraction(1, 2), Fraction(1, 2) + Fraction(1, 256)),))


def test_a_box_far_from_the_touching_point_is_not_argued_from_it():
    touching = Touching((x - sp.Rational(1, 2)) ** 2, (x,), [(Fraction(1, 2),)])
    assert not touching.settles(((Fraction(15, 16), Fraction(1)),))
    assert touching.settles(((Fraction(1, 2), Fraction(5, 8)),))


def test_polygamma_of_every_order_is_enclosed_as_mpmath_computes_it():
    function = compile_arb(sp.polygamma(0, x) + sp.polygamma(2, x), (x,))
    value = function([arb(Fraction(1, 2).numerator) / 2])
    expected = mpmath.digamma(0.5) + mpmath.polygamma(2, 0.5)
    assert abs(float(value.mid()) - float(expected)) < 1e-12 and value.rad() < 1e-12
