"""Floor and ceiling relaxed to x -/+ t, and switches decided exactly at a box's edge (core/proofs)."""
from fractions import Fraction

import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.proofs.route import certify_sign, relaxed
from proofcheck.core.proofs.switches import Switches

s = sp.Symbol("s", real=True)


def test_a_relaxed_ceiling_has_a_step_in_zero_to_one():
    domain = parse_domain({"x": "x > 0"})
    x = domain.symbols["x"]
    slack, wider = relaxed(sp.ceiling(3 * x) - 3 * x, domain)
    step = wider.parameters["_step0"]
    assert slack == step.symbol
    assert step.lower.expr == 0 and not step.lower.strict and step.upper.expr == 1 and step.upper.strict


def test_a_shifted_ceiling_is_proved_over_an_unbounded_domain():
    domain = parse_domain({"S": "S > 0", "L": "L > 0", "z": "-L <= z <= L"})
    S, L, z = (domain.symbols[k] for k in "SLz")
    status, words = certify_sign(sp.ceiling(L * S) + 1 + S * z - sp.Rational(1, 2), domain, True,
                                 lambda p: None, patience=4.0)
    assert status == "proved" and "floor or ceiling" in words


def test_a_wrong_floor_bound_is_never_proved():
    # floor(x) + 1/2 >= x - 1/4 fails at x = 9/10; the relaxed form fails for t > 3/4.
    domain = parse_domain({"x": "x >= 0"})
    x = domain.symbols["x"]
    status, _ = certify_sign(sp.floor(x) + sp.Rational(3, 4) - x, domain, False, lambda p: None)
    assert status != "proved"


def test_a_switch_at_the_edge_of_a_box_is_decided_exactly():
    switches = Switches(sp.Max(0, 2 * s - 1), (s,), [])
    # Balls round their radius up, so 2s - 1 on [1/2, 33/64] reaches below 0 as a ball.
    assert switches.pattern(((Fraction(1, 2), Fraction(33, 64)),)) == (-1,)
    assert switches.pattern(((Fraction(31, 64), Fraction(1, 2)),)) == (1,)
    assert switches.pattern(((Fraction(31, 64), Fraction(33, 64)),)) is None


def test_a_nested_switch_is_resolved_inside_the_one_that_holds_it():
    n = sp.Symbol("n", real=True)
    switches = Switches(sp.Abs(sp.Max(s, 0) - n) - sp.Abs(s - n), (s, n), [])
    box = ((Fraction(1, 4), Fraction(1, 2)), (Fraction(3, 4), Fraction(1)))  # 0 < s < n
    assert switches.resolved(switches.pattern(box)) == 0


def test_a_floor_identity_is_zero_in_both_cases_of_y_minus_floor_y():
    from proofcheck.core.symbolic.operators import is_zero
    y = sp.Symbol("y", nonnegative=True)
    n = sp.Symbol("n", integer=True, nonnegative=True)
    p = y - sp.floor(y)
    assert is_zero((1 - p) * sp.floor(y) + p * sp.ceiling(y) - y)
    assert is_zero((1 - p) * sp.Abs(sp.floor(y) - n) + p * sp.Abs(sp.ceiling(y) - n) - sp.Abs(y - n))
    # Wrong versions: off by a half, a sign, and the integers (where ceiling = floor).
    assert not is_zero((1 - p) * sp.floor(y) + p * sp.ceiling(y) - y - sp.Rational(1, 2))
    assert not is_zero((1 - p) * sp.Abs(sp.floor(y) - n) - p * sp.Abs(sp.ceiling(y) - n) - sp.Abs(y - n))
    assert not is_zero(sp.ceiling(y) - sp.floor(y) - 1)


def _denominator_reason(slack, domain):
    from proofcheck.core.proofs.route import _inside_of, _undefined_somewhere
    return _undefined_somewhere(slack, domain, _inside_of(domain), 1)


def test_a_ceiling_above_an_integer_by_a_vanishing_margin_is_a_nonzero_denominator():
    # ceiling(C n) - n with C = ((1 + 3r)/(1 - r))^2 > 1 is at least 1, but 0 at r = 0, where no
    # ball decides the ceiling; it is above C n - n > 0, which the branch and bound signs.
    domain = parse_domain({"r": "0 < r < 1", "n": "integer n >= 1"})
    r, n = domain.symbols["r"], domain.symbols["n"]
    assert _denominator_reason(1 / (n - sp.ceiling(((1 + 3 * r) / (1 - r)) ** 2 * n)), domain) is None


def test_a_ceiling_that_meets_its_integer_is_never_a_nonzero_denominator():
    # ceiling(n (1 - r)) = n wherever n (1 - r) > n - 1: the denominator is 0 there.
    domain = parse_domain({"r": "0 < r < 1", "n": "integer n >= 1"})
    r, n = domain.symbols["r"], domain.symbols["n"]
    assert "not proved nonzero" in _denominator_reason(1 / (n - sp.ceiling(n * (1 - r))), domain)


def test_the_bound_without_steps_lies_below_the_expression_for_either_sign():
    from proofcheck.core.proofs.route import _lower_bounds
    x = sp.Symbol("x", real=True)
    assert list(_lower_bounds(sp.ceiling(x) - 2)) == [x - 2, sp.ceiling(x) - 2]
    assert list(_lower_bounds(2 - sp.ceiling(x))) == [1 - x, 2 - sp.ceiling(x)]
    assert list(_lower_bounds(sp.floor(x) - 2)) == [x - 3, sp.floor(x) - 2]
    assert list(_lower_bounds(2 - sp.floor(x))) == [2 - x, 2 - sp.floor(x)]
    # A step under a nonlinear function has no such bound.
    assert list(_lower_bounds(sp.ceiling(x) ** 2 - 2)) == [sp.ceiling(x) ** 2 - 2]


def test_a_sum_of_exponentials_and_a_positive_constant_is_a_nonzero_denominator_by_assumptions():
    # e^eps e^(2 eps h) + 1 overflows every ball as h -> oo on a bounded eps; no box is needed.
    domain = parse_domain({"eps": "1/1000 <= eps <= 20", "h": "h > 0"})
    eps, h = domain.symbols["eps"], domain.symbols["h"]
    assert _denominator_reason(1 / (sp.exp(eps) * sp.exp(2 * eps * h) + 1), domain) is None


def test_an_integer_above_its_lower_bound_signs_a_denominator_by_assumptions():
    # k + e^eps - 1 on integer k >= 2 is 1 + t + e^eps with t >= 0.
    from proofcheck.core.proofs.route import _signed_by_assumptions
    domain = parse_domain({"eps": "1/1000 <= eps <= 20", "k": "integer 2 <= k <= 6"})
    eps, k = domain.symbols["eps"], domain.symbols["k"]
    assert _signed_by_assumptions(k + sp.exp(eps) - 1, domain)
    assert _signed_by_assumptions(k * sp.exp(eps) + sp.exp(3 * eps) - 2 * sp.exp(eps) + 1, domain)
    assert not _signed_by_assumptions(k + sp.exp(eps) - 4, domain)


def test_an_odd_increasing_function_is_a_nonzero_denominator_where_its_argument_is():
    # sigma = sqrt(2) erfinv(r0/(1 + c)) of mechanism (4): erfinv is 0 only at 0, and r0/(1 + c) > 0.
    domain = parse_domain({"c": "c > 0", "r0": "0 < r0 < 1"})
    c, r0 = domain.symbols["c"], domain.symbols["r0"]
    assert _denominator_reason(1 / sp.erfinv(r0 / (1 + c)) ** 2, domain) is None
    x = parse_domain({"x": "-1 < x < 1"}).symbols["x"]
    assert "not proved nonzero" in _denominator_reason(1 / sp.tanh(x), parse_domain({"x": "-1 < x < 1"}))
