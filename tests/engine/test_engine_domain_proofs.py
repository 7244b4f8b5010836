"""The certified route over a claim's whole domain (proofcheck/core/proofs): each outcome,
and the arguments it rests on (an end settled by Taylor coefficients, a product by factors)."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.numbers.intervals import decide
from proofcheck.core.proofs.boxes import ball, halves
from proofcheck.core.proofs.compactify import pieces
from proofcheck.core.proofs.route import certify_sign


def _certify(params, slack, strict=True):
    domain = parse_domain(params)
    expr = sp.sympify(slack, locals=domain.symbols)

    def holds_at(point):
        return decide(">" if strict else ">=", expr, 0, point)
    return certify_sign(expr, domain, strict, holds_at)


def test_a_ball_of_an_interval_holds_both_ends_exactly():
    b = ball((Fraction(1, 3), Fraction(1, 2)))
    assert b.contains(ball((Fraction(1, 3), Fraction(1, 3)))) and b.contains(ball((Fraction(1, 2),) * 2))


def test_halving_a_box_keeps_its_other_sides():
    box = ((Fraction(0), Fraction(1)), (Fraction(2), Fraction(4)))
    assert halves(box, 1) == (((0, 1), (2, 3)), ((0, 1), (3, 4)))


def test_a_half_line_is_a_near_piece_and_a_far_piece_through_one_over_s():
    (near, far) = pieces(parse_domain({"c": "c > 0"}))
    s = far.units[0]
    assert far.values[sp.Symbol("c", positive=True)] == 1 / s and far.edges[0][0] is None
    assert near.edges[0] == (False, True)


def test_a_pole_and_a_zero_of_order_six_at_open_edges_are_proved():
    status, said = _certify({"r": "0 < r < 1"}, "(1 - r)**6/(r**2*(1 + r)**2)")
    assert status == "proved" and "boxes cover 0 < r < 1" in said


def test_a_product_vanishing_at_a_corner_of_a_moving_range_is_proved_factor_by_factor():
    status, _ = _certify({"r": "0 < r <= 1", "c": "c > 0", "r0": "0 < r0 < r"}, "r - c*r0/(1 + c)")
    assert status == "proved"


def test_a_failure_far_out_on_a_half_line_of_integers_is_refuted_at_an_integer():
    status, point = _certify({"n": "integer n >= 1"}, "(log(n) - 40)**2 - 1", strict=False)
    assert status == "refuted"
    (n,) = point.values()
    assert n.is_integer and 39 < float(sp.log(n)) < 41


def test_a_failure_below_e_minus_100_at_an_open_edge_is_refuted():
    status, point = _certify({"x": "0 < x < 1"}, "log(x) + 100")
    assert status == "refuted" and 0 < next(iter(point.values())) < sp.exp(-100)


def test_a_weak_bound_met_on_a_whole_closed_face_is_proved():
    status, _ = _certify({"r": "0 < r < 1", "d": "(1 - r)/2 <= d <= 1"}, "2*d**2 - (1 - r)**2/2", strict=False)
    assert status == "proved"


def test_a_strict_claim_that_is_zero_on_a_closed_edge_is_never_proved():
    status, _ = _certify({"x": "0 <= x < 1"}, "x")
    assert status != "proved"


def test_a_slack_holding_an_integral_is_left_undecided_with_the_reason():
    status, said = _certify({"x": "0 < x < 1"}, "Integral(x, (x, 0, 1))")
    assert status == "undecided" and "operator" in said


def test_abs_and_max_resolved_on_boxes_prove_a_bound_out_to_infinity():
    """Proposition 2.3: |1/2 - n| < max(n, 1) for every integer n >= 0; at the far end x = 1/s
    the switch 1/2 - 1/s is judged as (s - 2)/2, negative on the whole box."""
    status, said = _certify({"n": "integer n >= 0"}, "Max(n, 1) - Abs(1/2 - n)")
    assert status == "proved", said


def test_a_wrong_max_is_refuted_even_where_the_switches_resolve_it():
    status, point = _certify({"n": "integer n >= 0"}, "Max(n, 1) - Abs(3/2 - n) - 1", strict=False)
    assert status == "refuted" and list(point.values())[0] in (0, 1)


def test_the_sign_of_an_odd_increasing_function_is_the_sign_of_its_argument():
    """§4.1: e^(sigma^2/2 - a) (2 Phi(a/sigma - sigma) - 1) < 0 for a < sigma^2 (Phi via erf)."""
    status, said = _certify({"sigma": "sigma > 0", "a": "a < sigma**2"},
                            "-exp(sigma**2/2 - a)*erf((a/sigma - sigma)/sqrt(2))")
    assert status == "proved", said


def test_an_argument_negative_near_an_edge_is_not_proved_through_its_wrapper():
    status, _ = _certify({"x": "x > 0"}, "atan(x - 1/1000)")
    assert status == "refuted"


def test_erfinv_beyond_one_is_never_proved_from_its_argument_sign():
    status, _ = _certify({"x": "0 < x < 1"}, "erfinv(2*x)")
    assert status != "proved"


def test_a_factor_cancelled_by_factoring_must_still_be_proved_nonzero():
    # (x^2 - 1)/(x - 1) is x + 1 once factored, but it is not defined at x = 1 inside x > 0.
    status, _ = _certify({"x": "x > 0"}, "(x**2 - 1)/(x - 1)")
    assert status != "proved"
    status, _ = _certify({"x": "x > 2"}, "(x**2 - 1)/(x - 1)")
    assert status == "proved"


def test_a_denominator_that_is_a_product_is_proved_nonzero_factor_by_factor():
    # sqrt(n) (1 - r) tends to 0 x oo where r -> 1 and n -> oo meet; each factor alone is plain.
    status, words = _certify({"r": "0 < r < 1", "n": "integer n >= 1"}, "1 + 1/(sqrt(n)*(1 - r))")
    assert status == "proved", words


def test_a_slack_that_vanishes_to_order_three_at_an_open_edge_is_proved_from_its_series():
    # eps tanh(eps/2) against eps^2/2: the difference is eps^3/12 + O(eps^5) as eps -> 0.
    status, words = _certify({"eps": "eps > 0"}, "eps**2/2 - eps*tanh(eps/2)")
    assert status == "proved" and "boxes cover eps > 0" in words


def test_the_same_slack_a_hair_too_strong_is_never_proved():
    status, _ = _certify({"eps": "eps > 0"}, "eps**2/2 - eps*tanh(eps/2) - eps**3/11")
    assert status != "proved"
