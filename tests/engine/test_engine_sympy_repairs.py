"""SymPy's assumptions, repaired where SymPy 1.14 answers wrongly (``core/model/sympy_repairs.py``).

A wrong "known" became a wrong verdict: atan(k^2) > 0 passed as symbolic, floor(n/6) for an
even n was read as n/6, and Abs(gamma(o + 1/2)) for an odd o as -gamma(o + 1/2).  The repaired
rules answer None ("not known") there, and keep every answer that was right.
"""
import sympy as sp

import proofcheck.core.model.expressions  # noqa: F401 -- reading a claim installs the repairs

K = sp.Symbol("k", integer=True)
EVEN = sp.Symbol("e", even=True)
ODD = sp.Symbol("o", odd=True, positive=True)
ANY_ODD = sp.Symbol("q", odd=True)
N = sp.Symbol("n", integer=True, positive=True)


def test_atan_of_an_integer_square_is_nonnegative_but_not_known_positive():
    # atan(0) = 0: the value is rational (and 0) at k = 0.
    assert sp.atan(K**2).is_nonnegative is True
    assert sp.atan(K**2).is_positive is None
    assert sp.atan(K**2).is_rational is None


def test_the_inverse_functions_are_irrational_at_a_rational_argument_away_from_their_zero():
    assert sp.atan(K**2 + 1).is_rational is False
    assert sp.atan(K**2 + 1).is_positive is True
    assert sp.acos(sp.Rational(1, 3)).is_rational is False
    assert sp.asin(sp.Rational(1, 3)).is_rational is False
    assert sp.acos(K).is_rational is None  # acos(1) = 0
    assert sp.asin(K).is_rational is None  # asin(0) = 0


def test_an_even_number_over_6_is_not_known_to_be_an_integer_and_is_read_as_written():
    assert (EVEN / 6).is_integer is None
    assert (EVEN**2 / 12).is_integer is None
    assert isinstance(sp.floor(EVEN / 6), sp.floor)
    assert sp.sin(sp.pi * EVEN / 6) != 0
    # 2^n is even: sin(pi 2^n/6) is sqrt(3)/2 at n = 1, not 0.
    assert sp.sin(sp.pi * 2**N / 6).subs(N, 1) == sp.sqrt(3) / 2


def test_an_even_number_over_3_may_be_an_integer():
    assert (EVEN / 3).is_integer is None
    assert sp.Abs(EVEN / 3 - 2).is_positive is None
    assert (6 / ODD).is_integer is None  # 6/3 = 2


def test_the_rules_that_were_right_still_answer():
    assert (EVEN / 2).is_integer is True
    assert (EVEN * K).is_integer is True
    assert (ODD / 2).is_integer is False
    assert sp.floor(N) == N
    assert sp.sin(sp.pi * N) == 0
    assert sp.cos(sp.pi * ODD) == -1
    assert sp.atan(sp.Integer(0)) == 0


def test_gamma_of_an_odd_number_and_a_half_is_not_known_nonpositive():
    # gamma(5/2) > 0 at o = 1 and gamma(-1/2) < 0 at o = -1: the sign is not known.
    value = sp.gamma(ANY_ODD + sp.Rational(1, 2))
    assert value.is_positive is None and value.is_nonpositive is None
    assert sp.Abs(value) != -value
    assert sp.Max(value, 0) != 0


def test_gamma_keeps_its_signs_where_the_rule_is_right():
    assert sp.gamma(ODD + sp.Rational(1, 2)).is_positive is True
    assert sp.gamma(sp.Rational(-1, 2)).is_negative is True
    assert sp.gamma(sp.Rational(-3, 2)).is_positive is True
    below = sp.Symbol("x", negative=True, noninteger=True)
    assert sp.gamma(below).is_positive is None


def test_minus_one_to_half_an_integer_is_not_known_imaginary_and_sin_of_odd_halves_is_real():
    # (-1)^(n/2) is 1 at n = 4; sin(pi o/2) is written by SymPy as (-1)^(o/2 - 1/2), which is +-1.
    assert ((-1) ** (K / 2)).is_imaginary is None
    assert sp.sin(sp.pi * ANY_ODD / 2).is_real is not False
    assert sp.Max(sp.sin(sp.pi * ANY_ODD / 2), 0).subs(ANY_ODD, 1) == 1
    assert ((-1) ** sp.Rational(1, 2)).is_imaginary is True
    assert ((-4) ** (ODD / 2)).is_imaginary is True
