"""Real numbers read in decimal from Arb balls (python-flint), never through a float.

A value ``x`` is asked decimal questions at a scale: ``y = x * 10^k`` and the
integers near ``y``.  Each answer is given only when every point of the ball
gives it (``None`` otherwise).  An exact rational may take the place of a ball
(a FLINT ``fmpq``): its answers are always decided, so that a value lying
exactly on a boundary (``3/20`` against ``0.2``) is settled, which no ball
around a number that is not dyadic can do.
"""
from __future__ import annotations

import math
from typing import Callable

from flint import arb, fmpq, fmpz

from ..model.errors import ProofcheckError, shorten
from ..numbers.intervals import NotEnclosable, enclose

LOG2_10 = math.log2(10)
GUARD_BITS = 64


def constant_ball(expr) -> Callable[[int], arb]:
    """A function from working bits to a certified, finite ball around the exact ``expr``."""
    def ball(bits: int) -> arb:
        try:
            value = enclose(expr, prec=bits)
        except NotEnclosable as error:
            raise ProofcheckError(f"cannot enclose {shorten(expr)}: {error}") from None
        except (ZeroDivisionError, ValueError) as error:
            raise ProofcheckError(f"cannot enclose {shorten(expr)}: {error}") from None
        if not value.is_finite():
            if value.mid().is_finite():
                # An infinite value is refused before it is enclosed, so a ball with a finite
                # centre and no bound is a finite number beyond this precision.
                raise ProofcheckError(f"{shorten(expr)} is too large to certify at this precision "
                                      f"(its enclosure is {value})")
            raise ProofcheckError(f"{shorten(expr)} is not a finite real number (its enclosure is {value})")
        return value
    return ball


def like(y, integer):
    """``integer`` as the same kind of number as ``y``: exact beside an fmpq, a ball beside a ball."""
    return integer if isinstance(y, fmpq) else arb(integer)


def scale(value, k: int):
    """``value * 10**k`` for an integer ``k`` of either sign (a ball in the current context)."""
    power = like(value, fmpz(10) ** abs(k))
    return value * power if k >= 0 else value / power


def compare(a, b) -> int | None:
    """-1, 0, 1 when ``a`` is decided against ``b``; None when the balls overlap."""
    if isinstance(a, fmpq):
        return (a > b) - (a < b)
    b = b if isinstance(b, arb) else arb(b)
    if a < b:
        return -1
    if a > b:
        return 1
    difference = a - b
    if difference.is_exact() and difference.is_zero():
        return 0
    return None


def _floor(y):
    return y.floor() if isinstance(y, fmpq) else y.floor().unique_fmpz()


def _ceil(y):
    return y.ceil() if isinstance(y, fmpq) else y.ceil().unique_fmpz()


def nearest(y):
    """The integer nearest to every point of ``y`` (halves away from zero), or None."""
    half = like(y, fmpq(1, 2))
    if y > -half:
        return _floor(y + half)
    if y < half:
        result = _floor(half - y)
        return None if result is None else -result
    return None


def is_tie(y) -> bool:
    """True when ``y`` is exactly an integer plus one half."""
    twice = y * 2
    if isinstance(y, fmpq):
        return twice.q == 1 and twice.p % 2 == 1
    if not y.is_exact():
        return False
    integer = twice.unique_fmpz()
    return integer is not None and twice.is_exact() and integer % 2 == 1


def truncate(y):
    """The integer part of every point of ``y`` (towards zero), or None."""
    if y > -1 and y < 1:
        return fmpz(0)
    if y >= 0:
        return _floor(y)
    if y <= 0:
        return _ceil(y)
    return None


def decimal_exponent_estimate(value: arb) -> int:
    """floor(log10 |value|), possibly off by one; ``value`` excludes zero."""
    mantissa, exponent = value.mid().man_exp()
    log2 = int(abs(mantissa).bit_length()) + int(exponent) - 1
    return math.floor(log2 / LOG2_10)
