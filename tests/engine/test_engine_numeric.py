"""numeric.evaluate: operators computed from their definitions to the working digits.

Tanh-sinh quadrature over a kink or a jump gives only ~8 digits; agreement to
the required digits at dps and at 2*dps shows the integral was split there.
"""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.errors import EvaluationError
from proofcheck.core.model.expressions import parse_expression
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import agree, required_digits
from proofcheck.core.numbers.quadrature_pieces import LONG_PIECE, SPLIT_RATIO, split_long_pieces

X = sp.Symbol("x", real=True)
Z = sp.Symbol("z", real=True)
S = sp.Symbol("s", positive=True)
SYMBOLS = {"x": X, "z": Z, "s": S}


def parse(text):
    return parse_expression(text, SYMBOLS)


@pytest.mark.parametrize("operator, closed, point", [
    ("integrate(Abs(x - 1/3), x, 0, 1)", "5/18", {}),
    ("integrate(Abs(x - 1/pi), x, 0, 1)", "(1/pi)**2/2 + (1 - 1/pi)**2/2", {}),
    ("integrate(Max(x, 1 - x), x, 0, 1)", "3/4", {}),
    ("integrate(Min(x, s), x, 0, 1)", "s - s**2/2", {S: sp.Rational(2, 7)}),
    ("integrate(sqrt(Abs(x - 1/3)), x, 0, 1)", "2*((1/3)**(3/2) + (2/3)**(3/2))/3", {}),
    ("integrate(Indicator(x <= 1/sqrt(2)), x, 0, 1)", "1/sqrt(2)", {}),
    ("integrate(Indicator(x**2 <= s), x, 0, 1)", "sqrt(s)", {S: sp.Rational(1, 3)}),
    ("integrate(exp(x)*Indicator(x > s), x, 0, 1)", "E - exp(s)", {S: sp.Rational(1, 7)}),
    ("E(Abs(z - s), z)", "2*phi(s) + s*(2*Phi(s) - 1)", {S: sp.Rational(1, 2)}),
    ("E(pos(z - s), z)", "phi(s) - s*(1 - Phi(s))", {S: sp.Rational(1, 2)}),
    # Lemma 4.1 of the larger-groups paper: the kink sits at z = s.
    ("E(Abs(exp(s*z - s**2) - 1), z)", "2*Phi(s) - 1", {S: sp.Rational(3, 4)}),
    # Staircases, cut at each step (Q_S = floor(S z + 1/2) of Lemma 6.6): cells of width 1/7.
    ("integrate(floor(7*x + 1/2), x, 0, 1)", "7/2", {}),
    ("integrate(exp(x)*ceiling(s*x), x, 0, 1)", "3*E - exp(4/5) - exp(2/5) - 1", {S: sp.Rational(5, 2)}),
])
def test_integrals_with_kinks_and_jumps(operator, closed, point):
    for dps in (50, 100):
        got = evaluate(parse(operator), point, dps)
        want = evaluate(parse(closed), point, dps)
        assert agree(got, want, dps), (dps, mpmath.nstr(got - want, 5))


def test_a_kink_far_out_in_a_gaussian_tail_is_integrated_to_the_working_digits():
    # A cut at z = -10^38 leaves a piece [-10^38, 0] whose mass sits within a few units of
    # its right end; in one piece, ten levels of tanh-sinh did not converge at 50 digits.
    for dps in (50, 100):
        got = evaluate(parse("E(Abs(Max(z, -10**38)), z)"), {}, dps)
        assert agree(got, evaluate(parse("sqrt(2/pi)"), {}, dps), dps)


@pytest.mark.slow
def test_theorem_3_1_i_at_a_tiny_sigma_is_integrated_to_relative_digits():
    # E|x^ - n| at n = 1000, c = 100 and sigma = 10^-38 is 1100 (2 Phi(sigma) - 1) up to
    # e^(-10^76): the clipping point sits near z = -2 10^37.  An inequality decides this tie
    # with the tolerance below (its scale is floored at 10^-30), and at 50 digits one piece
    # [-2 10^37, sigma] missed it fivefold, which sent the claim to 200-digit quadrature.
    point = {S: sp.Rational(1, 10**38)}
    for dps in (50, 100):
        got = evaluate(parse("E(Abs(pos(1100*exp(s*z - s**2) - 100) - 1000), z)"), point, dps)
        want = evaluate(parse("1100*(2*Phi(s) - 1)"), point, dps)
        tolerance = mpmath.mpf(10) ** -required_digits(dps) * max(abs(want), mpmath.mpf(10) ** -30)
        assert abs(got - want) <= tolerance, (dps, mpmath.nstr(got - want, 5, min_fixed=0, max_fixed=0))


def test_only_long_finite_pieces_are_cut_again_from_both_ends():
    long = 10 * LONG_PIECE
    nodes = split_long_pieces([-mpmath.inf, -long, 0, 1, mpmath.inf])
    assert nodes[:2] == [-mpmath.inf, -long] and nodes[-3:] == [0, 1, mpmath.inf]
    inner = nodes[2:-3]
    assert inner == sorted(inner) and all(-long < x < 0 for x in inner)
    # Geometric from each end: the first cuts lie SPLIT_RATIO from -long and from 0.
    assert -long + SPLIT_RATIO in inner and -SPLIT_RATIO in inner
    assert split_long_pieces([0, LONG_PIECE]) == [0, LONG_PIECE]


def test_a_near_miss_of_an_integral_is_seen():
    # 5/18 + 1e-35 agrees to 30 digits at dps 50, not to 60 at dps 100.
    got = evaluate(parse("integrate(Abs(x - 1/3), x, 0, 1)"), {}, 100)
    assert not agree(got, evaluate(parse("5/18 + 10**-35"), {}, 100), 100)


@pytest.mark.parametrize("operator, closed, point", [
    ("summation(1/x**2, x, 1, oo)", "pi**2/6", {}),
    ("summation(x, x, 1, 100)", "5050", {}),
    ("diff(exp(s*x), x)", "s*exp(s*x)", {S: sp.Rational(1, 2), X: sp.Rational(1, 3)}),
    ("diff(sin(x), x, 3)", "-cos(x)", {X: sp.Rational(2, 5)}),
    ("limit(sin(x)/x, x, 0)", "1", {}),
    ("limit((exp(s*x) - 1)/x, x, 0, '+')", "s", {S: sp.Rational(3, 2)}),
])
def test_sums_derivatives_limits(operator, closed, point):
    for dps in (50, 100):
        assert agree(evaluate(parse(operator), point, dps), evaluate(parse(closed), point, dps), dps)


def test_points_are_exact_rationals_at_every_precision():
    # 1/3 is not 0.333...3 at some fixed precision: the residual shrinks with dps.
    expr = 3 * X - 1
    for dps in (50, 100, 200):
        assert abs(evaluate(expr, {X: sp.Rational(1, 3)}, dps)) < mpmath.mpf(10) ** (-dps)


def test_piecewise_and_indicators_at_a_point():
    expr = parse("Indicator(x <= s) + 2*Indicator(x > s)")
    assert evaluate(expr, {X: sp.Rational(1, 2), S: sp.Rational(1, 2)}, 30) == 1
    assert evaluate(expr, {X: sp.Rational(1, 2) + sp.Rational(1, 10**40), S: sp.Rational(1, 2)}, 30) == 2


@pytest.mark.parametrize("text, point", [
    ("1/x", {X: 0}),
    ("sqrt(x)", {X: -1}),
    ("x**(1/3)", {X: -8}),
    ("x + s", {X: 1}),              # no value for s
    ("log(x)", {X: -1}),
])
def test_evaluation_errors_are_reported(text, point):
    with pytest.raises(EvaluationError):
        evaluate(parse(text), point, 30)


@pytest.mark.parametrize("text, point, why", [
    ("integrate(floor(s*x**2), x, 0, 1)", {S: 3}, "did not converge"),
    ("integrate(floor(s*x), x, 0, 1)", {S: 10**6}, "steps"),
    ("E(floor(s*z), z)", {S: 1}, "infinite range"),
])
def test_a_staircase_whose_steps_are_not_listed_is_an_evaluation_error(text, point, why):
    with pytest.raises(EvaluationError, match=why):
        evaluate(parse(text), point, 30)


@pytest.mark.parametrize("term, lower, upper, copies", [
    ("s**2", 3, 1_000_002, 1_000_000),       # a million copies, counted, not added
    ("log(s/s) + 7", 1, 10, 10),           # 0 + 7 at each of ten indices
    ("s", 5, 4, 0),                        # an empty range
])
def test_a_sum_whose_term_is_free_of_the_index_is_its_term_times_the_count(term, lower, upper, copies):
    k = sp.Symbol("k", integer=True)
    expression = sp.Sum(parse(term), (k, lower, upper))
    point = {S: sp.Rational(3, 2)}
    expected = mpmath.mpf(copies) * evaluate(parse(term), point, 30)
    assert evaluate(expression, point, 30) == expected
