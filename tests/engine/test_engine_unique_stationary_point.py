"""unique_stationary_point: one stationary point is the global optimum only in one variable,
for an objective smooth on its whole interval, with every root of its derivative listed."""
import pytest
import sympy as sp

from proofcheck.core.symbolic.unique_stationary_point import unique_optimum

X = sp.Symbol("x", real=True)
A = sp.Symbol("a", positive=True)
ETA = sp.Symbol("eta", positive=True)
POSITIVE = sp.Interval.open(0, sp.oo)


def test_a_smooth_objective_with_one_stationary_point_is_shown():
    # Eq. (25): 12/a^2 log(a/(2e)) over a > 0, its only stationary point 2 e^(3/2).
    assert unique_optimum(12 / A**2 * sp.log(A / (2 * sp.E)), A, POSITIVE, 2 * sp.exp(sp.Rational(3, 2)))


def test_a_stationary_point_that_is_not_the_asserted_one_is_not_shown():
    assert not unique_optimum(12 / A**2 * sp.log(A / (2 * sp.E)), A, POSITIVE, 2 * sp.exp(sp.Rational(5, 2)))


def test_two_stationary_points_are_not_one():
    assert not unique_optimum(X**3 - 3 * X, X, sp.Interval(-2, 3), 1)
    assert unique_optimum(X**3 - 3 * X, X, sp.Interval(0, 3), 1)  # -1 lies outside


def test_a_pole_inside_the_interval_is_not_smooth():
    assert not unique_optimum(X**2 + 1 / X, X, sp.Interval(-1, 1), 2 ** sp.Rational(-1, 3))
    assert unique_optimum(X**2 + 1 / X, X, sp.Interval.Lopen(0, 1), 2 ** sp.Rational(-1, 3))


def test_a_kink_or_an_operator_is_not_smooth():
    assert not unique_optimum(sp.Abs(X) + (X - 1) ** 2, X, sp.Reals, sp.Rational(1, 2))
    assert not unique_optimum(sp.Integral(X * sp.exp(-A), (A, 0, 1)), X, sp.Reals, 0)


def test_a_log_whose_argument_is_not_shown_positive_is_not_smooth():
    # log(1 - x^2) is undefined beyond 1: over (-2, 2) its argument is not positive.
    assert not unique_optimum(sp.log(1 - X**2), X, sp.Interval.open(-2, 2), 0)
    assert unique_optimum(sp.log(1 - X**2), X, sp.Interval.open(-1, 1), 0)


@pytest.mark.slow
def test_a_root_that_cannot_be_placed_inside_the_interval_is_not_shown():
    # The bounded range's extremal mass 1/(1 - e^-eta) - 1/eta lies in (0, 1), but that needs
    # e^eta > 1 + eta, which the sign rules do not prove: globality is left to the scan.
    f = X * ETA + sp.log(1 - X + X * sp.exp(-ETA))
    pstar = 1 / (1 - sp.exp(-ETA)) - 1 / ETA
    assert not unique_optimum(f, X, sp.Interval.open(0, 1), pstar)


def test_a_hessian_definite_everywhere_is_shown_and_one_that_is_only_definite_near_the_point_is_not():
    from proofcheck.core.symbolic.unique_stationary_point import definite_everywhere
    u, v = sp.symbols("u v", real=True)
    plane = [sp.Reals, sp.Reals]
    assert definite_everywhere(u**2 + v**2 + u * v, [u, v], plane, "min")
    assert definite_everywhere(-(u - 2) ** 2 - (v - 3) ** 2, [u, v], plane, "max")
    assert not definite_everywhere(-(u - 2) ** 2 - (v - 3) ** 2, [u, v], plane, "min")
    # Definite at (0, 0) only: x^2 (1 + y)^3 + y^2 goes to -oo along y = -2.
    assert not definite_everywhere(u**2 * (1 + v) ** 3 + v**2, [u, v], plane, "min")


def test_a_hessian_definite_on_each_side_of_a_pole_is_not_definite_on_the_interval():
    # (x + 1)^2/10 + 1/x^2 is convex on each side of 0, with a minimum on each: 1.07 near 1.6
    # and 0.35 near -1.99.  Only on one side is one of them the global minimum.
    from proofcheck.core.symbolic.unique_stationary_point import definite_everywhere
    f = (X + 1) ** 2 / 10 + 1 / X**2
    assert not definite_everywhere(f, [X], [sp.Interval(-3, 3)], "min")
    assert definite_everywhere(f, [X], [sp.Interval.Lopen(0, 3)], "min")


def test_the_bounded_range_extremal_mass_is_a_maximum_of_a_concave_function():
    from proofcheck.core.symbolic.unique_stationary_point import definite_everywhere
    f = X * ETA + sp.log(1 - X + X * sp.exp(-ETA))
    assert definite_everywhere(f, [X], [sp.Interval.open(0, 1)], "max")
