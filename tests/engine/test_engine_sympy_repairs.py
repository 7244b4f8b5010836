"""SymPy's assumptions, repaired where SymPy 1.14 answers wrongly (``core/sympy_repairs.py``).

A wrong "known" became a wrong verdict: atan(k^2) > 0 passed as symbolic, and floor(n/6) for
an even n was read as n/6.  The repaired rules answer None ("not known") there, and keep every
answer that was right.
"""
import sympy as sp

import proofcheck.core.expressions  # noqa: F401 -- reading a claim installs the repairs

K = sp.Symbol("k", integer=True)
EVEN = sp.Symbol("e", even=True)
ODD = sp.Symbol("o", odd=True, positive=True)
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
