"""Ai and Ai' at mpmath's working precision, and a1', the first zero of Ai'.

The Airy functions are evaluated with Arb (python-flint) at the working
precision plus guard bits, converting mpmath numbers exactly in both
directions (``arb_numbers``); a1' ~ -1.0188 comes from mpmath
(``airyaizero``) and, for certified enclosures, from Arb
(``arb.airy_ai_zero``).  Claims write a1' as the symbol ``A1P``.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb

from ...core.numbers.precision import arb_bits
from .arb_numbers import ball_of, checked_value_of, tail_guard_bits

#: The symbol that claims use for a1', the first zero of Ai' (a negative number).
A1P = sp.Symbol("a1p", negative=True)


def airy_ai_pair(y):
    """(Ai(y), Ai'(y)) at the working mpmath precision, computed with Arb balls."""
    with arb_bits(mpmath.mp.prec + tail_guard_bits(y)):
        b = ball_of(y)
        ai = checked_value_of(b.airy_ai())
        return ai, checked_value_of(b.airy_ai(derivative=1), scale=abs(ai))


def airy_ai_squared(y, factor_ball):
    """Ai(y)^2 times ``factor_ball`` at the working precision, to full relative accuracy."""
    with arb_bits(mpmath.mp.prec + tail_guard_bits(y)):
        ai = ball_of(y).airy_ai()
        return checked_value_of(ai * ai * factor_ball)


def airy_ai_squared_and_log_derivative(y, factor_ball):
    """(Ai(y)^2 times ``factor_ball``, Ai'(y)/Ai(y)) at the working precision, from one Ai and one Ai'.

    Ai'/Ai vanishes at a1', so it is read to the working precision relative to max(|Ai'/Ai|, 1)
    (as Ai' is relative to Ai in ``airy_ai_pair``)."""
    with arb_bits(mpmath.mp.prec + tail_guard_bits(y)):
        b = ball_of(y)
        ai, aip = b.airy_ai(), b.airy_ai(derivative=1)
        return checked_value_of(ai * ai * factor_ball), checked_value_of(aip / ai, scale=mpmath.mpf(1))


def airy_log_ai_squared(y, shift_ball=None):
    """2 log Ai(y) (minus ``shift_ball`` if given) at the working precision, y > a1 (Ai > 0)."""
    with arb_bits(mpmath.mp.prec + tail_guard_bits(y)):
        value = 2 * ball_of(y).airy_ai().log()
        if shift_ball is not None:
            value -= shift_ball
        return checked_value_of(value, scale=mpmath.mpf(1))


@lru_cache(maxsize=32)
def _a1p_at(dps: int):
    with mpmath.workdps(dps):
        return +mpmath.airyaizero(1, derivative=1)


def first_zero_of_airy_derivative(dps: int):
    """a1' (negative), from mpmath, at ``dps`` digits (not rounded to the caller's precision)."""
    return _a1p_at(int(dps))


def first_zero_of_airy_derivative_ball(prec: int) -> arb:
    """An Arb ball certified to contain a1', at ``prec`` bits."""
    with arb_bits(prec):
        return arb.airy_ai_zero(1, derivative=1)
