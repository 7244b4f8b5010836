"""Taylor coefficients by Arb's series arithmetic (core/numbers/taylor.py) hold SymPy's."""
from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from flint import arb, fmpq
from hypothesis import given, settings
from hypothesis import strategies as st

from proofcheck.core.numbers.arb_expressions import NotEnclosable
from proofcheck.core.numbers.taylor import taylor

x, y = sp.symbols("x y")


def _exact(q):
    return arb(fmpq(q.numerator, q.denominator))


EXPRESSIONS = [
    x * sp.tanh(x / 2) - x + 1 - sp.exp(-x),
    sp.log(1 + x) ** 2 * y - sp.sqrt(x + y) + sp.erf(x * y),
    (x + 2) ** sp.pi / (1 + x**2) - sp.atan(y / (1 + x)) + sp.cosh(x) * sp.sinh(y),
    sp.gamma(x + 1) + sp.loggamma(y + 2) - sp.erfc(x) * sp.cos(x * y) + (x + y) ** -3,
]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(range(len(EXPRESSIONS))), st.fractions(0, 2, max_denominator=64),
       st.fractions(1, 3, max_denominator=64), st.fractions(0, 1, max_denominator=64))
def test_each_coefficient_holds_the_derivative_at_every_point_of_the_ball(k, lo, other, t):
    expr, width = EXPRESSIONS[k], Fraction(1, 8)
    ball = _exact(lo).union(_exact(lo + width))
    coefficients = taylor(expr, (x, y), [ball, _exact(other)], 0, 5)
    point = sp.Rational(lo + width * t)
    for j, c in enumerate(coefficients):
        exact = sp.diff(expr, x, j).subs({x: point, y: sp.Rational(other)}) / sp.factorial(j)
        with mpmath.workdps(40):
            value = mpmath.mpf(sp.N(exact, 40))
            mid, rad = mpmath.mpf(c.mid().str(40, radius=False)), mpmath.mpf(c.rad().str(40, radius=False))
            assert abs(value - mid) <= rad * (1 + mpmath.mpf(10) ** -20) + mpmath.mpf(10) ** -30, (expr, j)


def test_an_exact_zero_coefficient_comes_out_as_an_exact_ball():
    coefficients = taylor(EXPRESSIONS[0], (x,), [arb(0)], 0, 4)
    assert all(c.is_zero() for c in coefficients[:3]) and coefficients[3] > 0


def test_a_function_without_a_series_is_refused():
    with pytest.raises(NotEnclosable):
        taylor(sp.Abs(x - 1), (x,), [arb(0)], 0, 3)
