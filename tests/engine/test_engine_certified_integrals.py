"""Arb's rigorous quadrature (``intervals.certified_integral``): each ball contains the exact
integral and is tight, and what it cannot integrate is refused by name."""
import re

import mpmath
import pytest
import sympy as sp
from flint import arb

from proofcheck.core.numbers.intervals import NotEnclosable, certified_integral, enclose, enclose_with_quadrature

X, A = sp.symbols("x a", real=True)
PREC = 128


@pytest.mark.parametrize("integrand, lower, upper, exact", [
    (X ** 2 + sp.Rational(1, 3), 0, 1, sp.Rational(2, 3)),
    (1 / (1 + X) ** 2, 0, 1, sp.Rational(1, 2)),
    (sp.sqrt(X), 0, 4, sp.Rational(16, 3)),
    (X ** sp.Rational(1, 3) * sp.exp(X), 1, 2, sp.Integral(X ** sp.Rational(1, 3) * sp.exp(X), (X, 1, 2))),
    (sp.log(X), 1, 2, 2 * sp.log(2) - 1),
    (sp.exp(-X ** 2), 0, 1, sp.sqrt(sp.pi) / 2 * sp.erf(1)),
    (sp.sin(X) * sp.cos(X) + sp.tan(X / 4), 0, 1, sp.sin(1) ** 2 / 2 - 4 * sp.log(sp.cos(sp.Rational(1, 4)))),
    (sp.sinh(X) - sp.cosh(X) + sp.tanh(X), 0, 1, sp.exp(-1) - 1 + sp.log(sp.cosh(1))),
    # int_0^1 atan = pi/4 - log(2)/2, int_0^1 erf = erf(1) - (1 - 1/e)/sqrt(pi), and erfc = 1 - erf.
    (sp.atan(X) + sp.erf(X) - sp.erfc(X), 0, 1,
     sp.pi / 4 - sp.log(2) / 2 + 2 * (sp.erf(1) - (1 - sp.exp(-1)) / sp.sqrt(sp.pi)) - 1),
    (sp.E * X + sp.pi, 0, 1, sp.E / 2 + sp.pi),
    # No closed form: the exact value is mpmath's quadrature of the integrand.
    (sp.gamma(1 + X) * sp.pi / sp.E, 0, 1, sp.Integral(sp.gamma(1 + X), (X, 0, 1)) * sp.pi / sp.E),
])
def test_the_ball_of_an_integral_contains_it_and_is_tight(integrand, lower, upper, exact):
    ball = certified_integral(sp.Integral(integrand, (X, lower, upper)), {}, PREC)
    with mpmath.workdps(40):
        value = mpmath.mpf(str(sp.N(exact, 45))) if not exact.has(sp.Integral) else \
            mpmath.quad(sp.lambdify(X, integrand, "mpmath"), [lower, upper])
        assert abs(mpmath.mpf(ball.mid().str(40, radius=False)) - value) < mpmath.mpf(10) ** -30
    assert ball.rad() < arb(2) ** -80


def test_a_parameter_enters_the_integrand_and_the_bounds():
    integral = sp.Integral(A * X, (X, 0, A))  # a^3 / 2
    ball = certified_integral(integral, {A: arb(3)}, PREC)
    assert ball.contains(arb(27) / 2) and ball.rad() < arb(2) ** -80


Y = sp.Symbol("y")  # no assumptions: sqrt(y**2) stays a square root, with its branch cut


@pytest.mark.parametrize("integrand, exact", [
    (sp.sqrt(Y ** 2), 1),  # |y|: the cut of the square root meets the line at 0
    (Y + sp.sqrt(Y ** 2), 1),
    (3 * sp.sqrt(Y ** 2), 3),
    ((1 + sp.sqrt(Y ** 2)) ** 2, sp.Rational(14, 3)),
    ((Y ** 2) ** sp.Rational(1, 3), sp.Rational(6, 5)),
    (sp.exp(sp.sqrt(Y ** 2)), 2 * (sp.E - 1)),
    (sp.log(Y ** 2), -4),  # the cut of the logarithm itself
    ((Y ** 2) ** sp.Rational(3, 4), sp.Rational(4, 5)),
    (2 ** sp.sqrt(Y ** 2), 2 / sp.log(2)),  # the cut is in the exponent
    (sp.log(1 + sp.sqrt(Y ** 2)), 2 * (2 * sp.log(2) - 1)),  # the cut is in the argument
])
@pytest.mark.slow
def test_an_integrand_with_a_branch_cut_on_the_range_is_never_taken_as_analytic(integrand, exact):
    # Arb's error bound assumes the integrand is analytic near the range; where a square
    # root or logarithm is cut, each function must say so, or the ball can miss the integral.
    ball = certified_integral(sp.Integral(integrand, (Y, -1, 1)), {}, PREC)
    assert not ball.is_finite() or ball.contains(enclose(exact, prec=4 * PREC)), ball
    if integrand == sp.sqrt(Y ** 2):
        assert ball.is_finite()  # bisection towards the kink gets there


def test_an_expression_without_an_integral_is_enclosed_at_the_precision_asked():
    assert enclose_with_quadrature(sp.pi * A, {A: 1}, 1024).rad() < arb(2) ** -1000


def test_an_expression_holding_an_integral_is_enclosed_whole():
    expr = 3 * sp.Integral(X ** 2, (X, 0, A)) - A ** 3 + 1  # = 1 for every a
    ball = enclose_with_quadrature(expr, {A: sp.Rational(5, 2)}, PREC)
    assert ball.contains(1) and ball.rad() < arb(2) ** -70
    assert enclose_with_quadrature(A + 1, {A: 2}, PREC).contains(3)


@pytest.mark.parametrize("integral, message", [
    (sp.Integral(sp.exp(-X ** 2), (X, 0, sp.oo)), "Arb's quadrature needs a finite range"),
    (sp.Integral(sp.exp(-X ** 2), (X, -sp.oo, 0)), "Arb's quadrature needs a finite range"),
    (sp.Integral(X * sp.Integral(A, (A, 0, X)) + 1, (X, 0, 1)), "nested integral"),
    (sp.Integral(X * A, (X, 0, 1), (A, 0, 1)), "only a single definite integral can be integrated by Arb"),
    (sp.Integral(sp.Abs(X), (X, -1, 1)), "no complex-ball rule for Abs (needed to integrate)"),
    (sp.Integral(sp.sqrt(X - 2), (X, 0, 1)), "the integral of a real integrand came out complex"),
    (sp.Integral(X * sp.Symbol("y"), (X, 0, 1)), "no value for y"),
])
def test_what_arb_cannot_integrate_is_refused_by_name(integral, message):
    with pytest.raises(NotEnclosable, match="^" + re.escape(message)):
        certified_integral(integral, {}, PREC)


def test_a_branch_cut_inside_the_range_is_never_integrated_across():
    # log(x) on [-1, 1] crosses its branch cut at 0: the ball is not finite, never a number.
    assert not certified_integral(sp.Integral(sp.log(X), (X, -1, 1)), {}, PREC).is_finite()
