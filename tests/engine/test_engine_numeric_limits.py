"""numeric: limits by convergence, sums, conditions and nested operators.

A numeric limit is accepted only when values along points approaching the
limit point settle on it (numeric_limits.settled_limit); these tests pin down each way the
approach can go wrong: the side, the sign of infinity, a limit point that is
not zero, values that grow, oscillate, stall or stop being finite.
"""
import re

import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.errors import EvaluationError, NoLimit
from proofcheck.core.numbers import numeric, numeric_limits
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import agree

X = sp.Symbol("x", real=True)
A = sp.Symbol("a", positive=True)
J = sp.Symbol("j", integer=True)


def limit(expr, point, direction="+", env=None, dps=50):
    return evaluate(sp.Limit(expr, X, point, direction), env or {}, dps)


# -- where the points approach from ------------------------------------------------

def test_a_one_sided_limit_is_taken_from_its_own_side():
    assert agree(limit(sp.Abs(X) / X, 0, "+"), 1, 50)
    assert agree(limit(sp.Abs(X) / X, 0, "-"), -1, 50)


def test_a_limit_at_plus_infinity_is_approached_through_large_positive_values():
    # exp(-x) -> 0 as x -> +oo, but grows without bound through negative values.
    assert abs(limit(X * sp.exp(-X), sp.oo)) < mpmath.mpf(10) ** -40


def test_a_limit_at_minus_infinity_is_approached_through_large_negative_values():
    assert abs(limit(X * sp.exp(X), -sp.oo)) < mpmath.mpf(10) ** -40


def test_a_limit_at_a_point_away_from_zero_sees_points_distinct_from_it():
    # (x^2 - 1)/(x - 1) at x = 1 + 10^-e needs the point held exactly: rounded to 1 it is 0/0.
    for dps in (50, 100):
        assert agree(limit((X**2 - 1) / (X - 1), 1, "+", dps=dps), 2, dps)
        assert agree(limit((X**2 - 1) / (X - 1), 1, "-", dps=dps), 2, dps)


def test_a_limit_that_depends_on_a_parameter_uses_its_value():
    got = evaluate(sp.Limit((1 + A / X) ** X, X, sp.oo), {A: sp.Rational(3, 7)}, 50)
    with mpmath.workdps(60):
        assert agree(got, mpmath.exp(mpmath.mpf(3) / 7), 50)


def test_the_approach_exponents_double_up_to_twice_the_required_digits():
    # required_digits(50) = 30: points at 10^-1, 10^-2, 10^-4, ..., 10^-64.
    assert numeric_limits._approach_exponents(50) == (1, 2, 4, 8, 16, 32, 64)


# -- values that cancel digits near the limit point ----------------------------------

@pytest.mark.parametrize("expr, point, value", [
    ((sp.cos(X) - 1) / X**2, 0, sp.Rational(-1, 2)),                 # cancels twice the distance's digits
    ((sp.exp(X) - 1 - X) / X**2, 0, sp.Rational(1, 2)),
    ((sp.sin(X) - X) / X**3, 0, sp.Rational(-1, 6)),
    (X**2 * (sp.cos(1 / X) - 1), sp.oo, sp.Rational(-1, 2)),          # the same towards infinity
])
def test_a_limit_whose_values_cancel_a_multiple_of_the_distances_digits_is_taken(expr, point, value):
    assert agree(limit(expr, point), value, 50)


@pytest.mark.parametrize("dps", [50, 100])
def test_a_limit_dividing_by_a_difference_that_cancels_to_zero_is_taken_with_more_digits(dps):
    # alpha**2 - 2 alpha + 1 is exactly 0 at alpha = 1 + 10**-128 unless 256 digits are carried.
    expr = (X - 1) * sp.log(X) / (X**2 - 2 * X + 1)
    assert agree(limit(expr, 1, dps=dps), 1, dps)


def test_values_that_cancel_more_digits_than_can_be_carried_leave_the_limit_undecided_not_absent():
    expr = (sp.cos(X) - 1 + X**2 / 2 - X**4 / 24) / X**6   # cancels six times the distance's digits
    with pytest.raises(EvaluationError, match="still change with the working precision") as raised:
        limit(expr, 0)
    assert not isinstance(raised.value, NoLimit)


# -- when there is no limit, or it is not decided -----------------------------------

def test_an_oscillating_expression_has_no_limit_and_the_values_are_shown():
    with pytest.raises(NoLimit) as raised:
        limit(sp.sin(1 / X), 0, "+")
    assert "approaching 0.0 the values do not settle (" in str(raised.value)
    # every value of the approach is shown, as a number
    assert re.search(r"settle \((-?[0-9.]+(e[+-]?[0-9]+)?, ){5,}", str(raised.value)), str(raised.value)


def test_a_periodic_expression_has_no_limit_at_infinity():
    with pytest.raises(NoLimit):
        limit(sp.sin(sp.pi * X), sp.oo)


def test_growth_without_bound_is_left_undecided_not_failed():
    with pytest.raises(EvaluationError, match="^the values grow without bound near the limit point; "
                       "an infinite limit is decided symbolically, not by digits$") as raised:
        limit(-1 / X, 0, "+")
    assert not isinstance(raised.value, NoLimit)


def test_a_slowly_converging_limit_is_undecided():
    # 1/log(1/x) -> 0, but at x = 10^-64 it is still 0.007 and moving, and at 10^-128 0.003.
    with pytest.raises(EvaluationError, match="undecided") as raised:
        limit(1 / sp.log(1 / X), 0, "+")
    assert not isinstance(raised.value, NoLimit)
    text = str(raised.value)
    assert "approaching 0.0 still move by 0.00" in text and text.endswith("at 10**-128")


@pytest.mark.parametrize("size", [sp.Integer(1), sp.exp(-700)])
def test_a_limit_that_cancels_twice_the_distances_digits_is_taken_at_any_size(size):
    # (cos x - 1)/x^2 -> -1/2 loses 2e digits at 10^-e: its nearest value must agree with
    # itself at more digits, to the digits of its own size.  Counted against 1, the values
    # times e^-700 agreed with no digit left, and the limit was taken for none.
    got = limit(size * (sp.cos(X) - 1) / X ** 2, 0, "+")
    with mpmath.workdps(60):
        assert agree(got, -mpmath.mpf(sp.N(size, 60)) / 2, 50)


@pytest.mark.parametrize("size", [sp.Integer(1), sp.exp(-700)])
def test_a_limit_approached_as_a_square_root_has_its_digits_at_any_size(size):
    # 1 + sqrt(x) (2 + tanh(x + 1/x)) -> 1 is still 10^-16 of its size from one step to the
    # next at x = 10^-64, and 10^-32 at 10^-128.  Counted against 1, the limit of e^-700
    # times it was mpmath's extrapolation, 30% high.
    got = limit(size * (1 + sp.sqrt(X) * (2 + sp.tanh(X + 1 / X))), 0, "+")
    with mpmath.workdps(60):
        assert agree(got, mpmath.mpf(sp.N(size, 60)), 50)


@pytest.mark.parametrize("size", [sp.Integer(1), sp.exp(-700)])
def test_a_limit_approached_as_a_fourth_root_is_undecided_at_any_size(size):
    with pytest.raises(EvaluationError, match="undecided"):
        limit(size * (1 + X ** sp.Rational(1, 4) * (2 + sp.tanh(X + 1 / X))), 0, "+")


@pytest.mark.parametrize("size", [sp.Integer(1), sp.exp(-700)])
def test_a_limit_0_is_0_to_the_digits_of_the_expressions_own_size(size):
    # x (2 + tanh(x + 1/x)) is 3 10^-64 at x = 10^-64: its limit 0, times e^-700 or not, is
    # within 10^-30 of the size of the values approaching it.
    got = limit(size * X * (2 + sp.tanh(X + 1 / X)), 0, "+")
    with mpmath.workdps(50):
        assert abs(got) <= mpmath.mpf(10) ** -30 * mpmath.mpf(sp.N(size, 60))


def test_values_that_are_not_finite_near_the_point_are_an_error():
    with pytest.raises(EvaluationError, match="^the expression is not finite near the limit point$"):
        limit(sp.log(sp.floor(X)), 0, "+")


@pytest.mark.parametrize("values, grows", [
    ([1, 10, 100, 1000], True),
    ([-1, -10, -100, -1000], True),
    ([mpmath.mpf("0.5"), 5, 50, 500], True),          # positive, below 1
    ([100, 1, 10, 100, 1000], True),                  # only the last four count
    ([1, 2, 5, 10], False),                           # a factor of ten exactly is not enough
    ([1, -10, 100, -1000], False),                    # alternating signs
    ([0, 10, 100, 1000], False),                      # zero is of no sign
    ([1000, 100, 10, 1], False),
    ([1, 100, 100, 1000], False),                     # a step that does not grow
    ([0, -10, -100, -1000], False),                   # zero again, on the negative side
    ([mpmath.mpf("0.5"), -10, -100, -1000], False),   # a change of sign
    ([1, 2, 3, 11], True),                            # the last value decides, against the first
    ([2, 3, 4, 19], False),                           # 19 < 10 * 2
    ([1, 2, 5, mpmath.mpf("10.5")], True),            # just over tenfold
])
def test_divergence_means_one_sign_growing_at_every_step_tenfold_overall(values, grows):
    assert numeric_limits._diverges([mpmath.mpf(v) for v in values]) is grows


# -- sums, derivatives, nested operators ---------------------------------------------

def test_an_infinite_sum_is_summed_to_the_working_digits():
    got = evaluate(sp.Sum(1 / J**2, (J, 1, sp.oo)), {}, 50)
    with mpmath.workdps(60):
        assert agree(got, mpmath.pi**2 / 6, 50)


def test_a_short_sum_is_summed_term_by_term_from_its_lower_limit():
    got = evaluate(sp.Sum(J**2, (J, 3, A)), {A: 6}, 50)
    assert got == 9 + 16 + 25 + 36


def test_a_derivative_needs_the_value_of_its_variable():
    with pytest.raises(EvaluationError, match="^no value for x in "):
        evaluate(sp.Derivative(X**3, X), {}, 50)


def test_a_derivative_is_taken_at_the_point():
    got = evaluate(sp.Derivative(X**3, X), {X: sp.Rational(2, 3)}, 50)
    with mpmath.workdps(60):
        assert agree(got, mpmath.mpf(4) / 3, 50)


def test_an_integrand_with_a_nested_operator_is_evaluated_without_compiling():
    # integral over x of sum_{j=0}^{3} x^j on [0, 1] = 1 + 1/2 + 1/3 + 1/4
    integral = sp.Integral(sp.Sum(X**J, (J, 0, 3)), (X, 0, 1))
    got = evaluate(integral, {}, 50)
    with mpmath.workdps(60):
        assert agree(got, mpmath.mpf(25) / 12, 50)


# -- conditions of Piecewise and indicators -----------------------------------------

@pytest.mark.parametrize("condition, at, truth", [
    (X < 1, 1, False), (X <= 1, 1, True), (X > 1, 1, False), (X >= 1, 1, True),
    (sp.Eq(X, 1), 1, True), (sp.Ne(X, 1), 1, False),
    (X < 1, 0, True), (X > 1, 2, True), (sp.Eq(X, 1), 2, False), (sp.Ne(X, 1), 2, True),
    (sp.And(X > 0, X < 1), sp.Rational(1, 2), True),
    (sp.And(X > 0, X < 1), 2, False),
    (sp.Or(X < 0, X > 1), 2, True),
    (sp.Or(X < 0, X > 1), sp.Rational(1, 2), False),
    (sp.Not(X < 1), 2, True),
    (sp.Not(X < 1), 0, False),
])
def test_a_piecewise_takes_the_first_branch_whose_condition_holds(condition, at, truth):
    expr = sp.Piecewise((7, condition), (-3, True))
    assert evaluate(expr, {X: at}, 30) == (7 if truth else -3)


def test_a_piecewise_with_no_branch_that_applies_is_an_error():
    with pytest.raises(EvaluationError, match="^no branch of .* applies$"):
        evaluate(sp.Piecewise((1, X < 0)), {X: 1}, 30)


def test_the_constant_conditions_true_and_false():
    env = {X: mpmath.mpf(1)}
    assert numeric._truth(sp.true, env) is True
    assert numeric._truth(sp.false, env) is False


# -- every node of an expression, evaluated outside an integrand ---------------------

Y = sp.Symbol("y", real=True)


@pytest.mark.parametrize("expr, at, expected", [
    (sp.Abs(X - 2), sp.Rational(1, 3), sp.Rational(5, 3)),
    (sp.sign(X - sp.Rational(1, 2)), sp.Rational(1, 3), -1),
    (sp.sign(X - sp.Rational(1, 2)), sp.Rational(2, 3), 1),
    (sp.Max(X, 1 - X, sp.Rational(1, 5)), sp.Rational(1, 3), sp.Rational(2, 3)),
    (sp.Min(X, 1 - X, sp.Rational(1, 5)), sp.Rational(1, 3), sp.Rational(1, 5)),
    (sp.Min(X, 1 - X), sp.Rational(1, 3), sp.Rational(1, 3)),
    (sp.floor(7 * X / 2), sp.Rational(1, 3), 1),
    (sp.ceiling(7 * X / 2), sp.Rational(1, 3), 2),
    (X ** sp.Rational(1, 3), 8, 2),
    (X ** sp.Rational(1, 3), 0, 0),
    (X ** sp.Rational(1, 2), 9, 3),
    (X ** Y, 4, None),                        # 4^y at y = 3/2 (below)
    (X ** -2, sp.Rational(1, 3), 9),
    (X * sp.EulerGamma, 1, mpmath.euler),
    (X + sp.Float("0.25", 30), 1, mpmath.mpf("1.25")),
])
def test_each_node_is_evaluated_at_the_point(expr, at, expected):
    point = {X: at, Y: sp.Rational(3, 2)}
    got = evaluate(expr, point, 40)
    with mpmath.workdps(50):
        if isinstance(expected, sp.Rational):
            expected = mpmath.mpf(int(expected.p)) / int(expected.q)
        assert agree(got, 8 if expected is None else expected, 40), got


def test_infinities_keep_their_sign():
    assert evaluate(sp.oo, {}, 30) == mpmath.inf
    assert evaluate(-sp.oo, {}, 30) == -mpmath.inf


def test_a_parameter_given_as_an_irrational_number_is_evaluated():
    assert agree(evaluate(X**2, {X: sp.sqrt(2)}, 40), 2, 40)


@pytest.mark.parametrize("expr, point, message", [
    (X ** sp.Rational(1, 3), {X: -8}, "^negative base in"),
    (1 / X, {X: 0}, "^cannot evaluate"),
    (sp.log(X), {X: -2}, "is not real at"),
    (X + Y, {X: 1}, "^no value for y$"),
    (sp.besselj(0, X), {X: 1}, "^no numeric rule for besselj$"),
    (sp.Integral(X * Y, (X, 0, 1), (Y, 0, 1)), {}, "^only single definite integrals are supported: "),
])
def test_what_cannot_be_evaluated_says_why(expr, point, message):
    with pytest.raises(EvaluationError, match=message):
        evaluate(expr, point, 40)


def test_a_real_value_reached_through_a_complex_intermediate_is_kept():
    # cos(log(-1)) = cos(i pi) = cosh(pi): mpmath returns it as a complex number whose
    # imaginary part is 0.
    got = evaluate(sp.cos(sp.log(X)), {X: -1}, 40)
    with mpmath.workdps(50):
        assert agree(got, mpmath.cosh(mpmath.pi), 40)


def test_integration_limits_and_limit_points_may_depend_on_parameters():
    a = sp.Rational(2, 7)
    # integral of x from a to 2a is 3a^2/2
    got = evaluate(sp.Integral(X, (X, A, 2 * A)), {A: a}, 40)
    with mpmath.workdps(50):
        assert agree(got, mpmath.mpf(6) / 49, 40)
    got = evaluate(sp.Limit(sp.sin(X - A) / (X - A), X, A, "+"), {A: a}, 40)
    assert agree(got, 1, 40)
    got = evaluate(sp.Sum(J, (J, A, 2 * A)), {A: 3}, 40)
    assert got == 3 + 4 + 5 + 6


def test_an_operator_expression_with_several_parameters_is_remembered_by_its_point():
    b = sp.Symbol("b", positive=True)
    integral = sp.Integral(A * X + b, (X, 0, 1))
    first = evaluate(integral, {A: 2, b: 3}, 40)
    again = evaluate(integral, {b: 3, A: 2}, 40)
    other = evaluate(integral, {A: 3, b: 2}, 40)
    # The same point in another order is the remembered value itself; quadrature is
    # exact to the 40 digits asked for.
    assert first is again
    assert abs(first - 4) < mpmath.mpf(10) ** -40 and abs(other - mpmath.mpf(7) / 2) < mpmath.mpf(10) ** -40


def test_a_complex_breakpoint_is_skipped_and_the_real_one_still_cuts():
    # |x^2 + 1 - s| has no real kink for s < 1; |x - 1/3| has one at 1/3.
    s = sp.Symbol("s", positive=True)
    integrand = sp.Abs(X**2 + 1 - s) + sp.Abs(X - sp.Rational(1, 3))
    got = evaluate(sp.Integral(integrand, (X, 0, 1)), {s: sp.Rational(1, 2)}, 50)
    # 1/3 + 1/2 from the first term, 5/18 from the second
    with mpmath.workdps(60):
        assert agree(got, mpmath.mpf(1) / 3 + mpmath.mpf(1) / 2 + mpmath.mpf(5) / 18, 50)


def test_a_quadrature_that_does_not_converge_is_an_error_not_a_value():
    # A ceiling of a square has no list of steps, so tanh-sinh meets its jumps at 1/sqrt(e) and
    # sqrt(2/e) uncut.
    with pytest.raises(EvaluationError, match=r"^quadrature did not converge \(error estimate "):
        evaluate(sp.Integral(sp.ceiling(sp.E * X**2), (X, 0, 1)), {}, 15)


def test_breakpoints_not_found_in_time_leave_the_integral_undecided(monkeypatch):
    from proofcheck.core.model.errors import SymbolicTimeout

    def too_slow(integrand, variable):
        raise SymbolicTimeout("solve exceeded its budget")

    monkeypatch.setattr(numeric, "breakpoint_expressions", too_slow)
    with pytest.raises(EvaluationError, match="^the breakpoints of the integrand were not found in time$"):
        evaluate(sp.Integral(sp.Abs(X - sp.Rational(1, 3)), (X, 0, 1)), {}, 30)


def test_a_limit_mpmath_extrapolates_wrongly_is_taken_from_the_converged_approach():
    # 1 + x sin(1/x)^2 -> 1, but Richardson extrapolation gives 1.0000169...: the values
    # along the approach settle on 1 to the required digits, and they decide.
    got = limit(1 + X * sp.sin(1 / X) ** 2, 0, "+")
    assert agree(got, 1, 50), got


def test_negation_of_a_compound_condition():
    expr = sp.Piecewise((7, sp.Not(sp.And(X > 0, X < 1))), (-3, True))
    assert evaluate(expr, {X: 2}, 30) == 7
    assert evaluate(expr, {X: sp.Rational(1, 2)}, 30) == -3


# -- the extrapolation: Richardson's first, Shanks' where it does not converge -------------

def test_a_sequence_richardson_cannot_extrapolate_is_taken_to_shanks():
    # 1 + (-9/10)^k alternates geometrically: Richardson's method does not converge on it.
    f = lambda k: 1 + (-mpmath.mpf(9) / 10) ** int(k)  # noqa: E731
    with mpmath.workdps(40):
        with pytest.raises(mpmath.libmp.NoConvergence):
            mpmath.limit(f, mpmath.inf, method="richardson", strict=True)
        assert abs(numeric_limits._extrapolated(f, mpmath.inf, "+") - 1) < mpmath.mpf(10) ** -30


def test_a_limit_richardson_extrapolates_never_pays_for_shanks(monkeypatch):
    calls = []
    original = mpmath.limit
    monkeypatch.setattr(numeric_limits.mpmath, "limit", lambda *a, **k: calls.append(k) or original(*a, **k))
    with mpmath.workdps(50):
        value = numeric_limits._extrapolated(lambda x: mpmath.expm1(x) / x if x else 1, mpmath.mpf(0), "+")
    assert agree(value, 1, 50)
    assert calls and all(k.get("method") == "richardson" for k in calls)


def test_a_limit_whose_approach_settles_pays_for_no_extrapolation(monkeypatch):
    # Extrapolation costs the more the higher the precision; (e^x - 1)/x settles by 10^-128.
    calls = []
    monkeypatch.setattr(numeric_limits, "_extrapolated", lambda *a: calls.append(a) or mpmath.nan)
    assert agree(limit((sp.exp(X) - 1) / X, 0), 1, 50)
    assert calls == []


def test_a_limit_the_approach_leaves_unsettled_is_taken_from_the_extrapolation(monkeypatch):
    # 1 + 10^20 x moves by 10^-12 near 10^-32, and is 10^-44 from 1 at 10^-64: the values have
    # not settled, Richardson's extrapolation is exact, and the last value lies within the
    # digits of it.
    calls = []
    original = numeric_limits._extrapolated
    monkeypatch.setattr(numeric_limits, "_extrapolated", lambda *a: calls.append(a) or original(*a))
    assert agree(limit(1 + 10**20 * X, 0), 1, 50)
    assert len(calls) == 1
