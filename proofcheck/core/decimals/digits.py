"""Certified decimal digits of exact constants.

A paper prints ``pi/(4e^2) ~ 0.1062921`` (29), ``3/(2e^3) ~ 0.0746806`` (25),
``4e^2/pi^2 ~ 2.995`` after (32), and the rows of Table 2.
``certified_digits(expr, n)`` gives the first ``n`` significant digits of the
exact value, correctly rounded (ties, possible only for exact rationals, go
away from zero), from Arb balls (python-flint), never from a float.  The
enclosure is computed once at the bits that ``n`` digits need plus guard bits
(the fast path: one evaluation suffices for any ``n`` up to ``MAX_DIGITS``
unless the value lies near a rounding boundary or the expression cancels);
the digits are printed only when every point of the ball rounds to the same
digits.  Otherwise the precision is raised, first by the bits that
cancellation lost, then by doubling, up to a budget; a value still too close
to a rounding boundary raises ``RoundingBoundaryError``: it is reported,
never guessed.

Whether a printed decimal is a correct rounding of such a constant is
``proofcheck.core.decimals.audit``; the same digits by an independent route
(mpmath) are ``proofcheck.core.decimals.mpmath_digits``.

Integers are handled as FLINT ``fmpz`` throughout: Python's own
``int -> str`` conversion is quadratic and refuses more than 4300 digits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import sympy as sp
from flint import arb, fmpz

from ..model.errors import ProofcheckError, SymbolicTimeout, shorten
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..numbers.precision import MAX_DPS, arb_bits, validate_dps
from ..symbolic.operators import NoClosedForm, closed_form
from .balls import GUARD_BITS, LOG2_10, constant_ball, decimal_exponent_estimate, is_tie, nearest, scale

MIN_DIGITS = 1
MAX_DIGITS = MAX_DPS
# The decimal exponent of a value whose digits we print.  Beyond this the
# scaling power of ten alone would have more digits than MAX_DIGITS.
MAX_DECIMAL_EXPONENT = MAX_DIGITS
# Raise the precision up to twice what the digits need plus this many bits:
# a value that is still undecided then lies within about 10^-(2n+300) of a
# rounding boundary (relative), and is reported as such.
EXTRA_BITS = 1024
DERIVE_SECONDS = 20.0


class RoundingBoundaryError(ArithmeticError):
    """The value lies too close to a rounding boundary to certify the digits."""

    def __init__(self, what: str, bits: int, near_zero: bool = False):
        self.bits = bits
        if near_zero:
            super().__init__(f"{what}: the value cannot be separated from zero with {bits} bits "
                             f"(it may be exactly zero)")
        else:
            super().__init__(f"{what}: the value is too close to a rounding boundary to decide "
                             f"with {bits} bits (it may lie exactly on it)")


# -- input validation ---------------------------------------------------------

def validate_digits(value, name: str = "--dps") -> int:
    """``value`` as an int in [MIN_DIGITS, MAX_DIGITS], or a one-line error naming ``name``."""
    return validate_dps(value, name, low=MIN_DIGITS, high=MAX_DIGITS)


def exact_constant(expr, what: str = "expression"):
    """``expr`` as an exact SymPy constant: operators derived, no free symbol, real and finite."""
    expr = sp.sympify(expr)
    if expr.has(*OPERATORS):
        try:
            with time_budget(DERIVE_SECONDS):
                expr = closed_form(expr)
        except NoClosedForm as error:
            raise ProofcheckError(f"{what}: {error}") from None
        except SymbolicTimeout:
            raise ProofcheckError(f"{what}: SymPy did not evaluate it within {DERIVE_SECONDS:g} s") from None
    if expr.free_symbols:
        names = ", ".join(sorted(str(s) for s in expr.free_symbols))
        raise ProofcheckError(f"{what} has a free variable ({names}); a constant is needed")
    if expr.has(sp.zoo, sp.oo, -sp.oo, sp.nan) or expr.has(sp.I):
        raise ProofcheckError(f"{what} is not a finite real number: {shorten(expr)}")
    return expr


def _needed_bits(digits: int) -> int:
    return math.ceil(digits * LOG2_10) + GUARD_BITS


# -- significant digits ------------------------------------------------------

@dataclass(frozen=True)
class Digits:
    """``sign 0.d1 d2 ... dn x 10^(exponent+1)``: n certified significant digits.

    ``significand`` holds the n digits; the value is
    ``d1.d2...dn x 10^exponent``.  ``tie`` is True when the exact value lies
    halfway between two n-digit numbers (rounded away from zero).
    """
    significand: str
    exponent: int
    negative: bool
    bits: int
    enclosure: arb = field(compare=False, repr=False)
    tie: bool = False

    @property
    def n(self) -> int:
        return len(self.significand)

    @property
    def is_zero(self) -> bool:
        return set(self.significand) == {"0"}

    def scientific(self) -> str:
        sign = "-" if self.negative else ""
        d = self.significand
        mantissa = d[0] + ("." + d[1:] if len(d) > 1 else "")
        return f"{sign}{mantissa}e{self.exponent:+d}"

    def positional(self) -> str:
        """The digits without an exponent, e.g. ``0.1062921``; trailing zeros only if significant."""
        sign = "-" if self.negative else ""
        d, e = self.significand, self.exponent
        if self.is_zero:
            return "0"
        if e < 0:
            return f"{sign}0.{'0' * (-e - 1)}{d}"
        if e < len(d) - 1:
            return f"{sign}{d[:e + 1]}.{d[e + 1:]}"
        return f"{sign}{d}{'0' * (e - len(d) + 1)}"

    def __str__(self) -> str:
        if self.is_zero:
            return "0"
        if -8 <= self.exponent < self.n:
            return self.positional()
        return self.scientific()


def _significant_from_ball(value: arb, n: int):
    """(digits fmpz, exponent, tie) for n significant digits of |value|, or None if undecided."""
    magnitude = abs(value)
    e = decimal_exponent_estimate(value)
    if abs(e) > MAX_DECIMAL_EXPONENT + 2:
        raise ProofcheckError(f"the value's magnitude 10^{e} is beyond the supported range "
                              f"(decimal exponent up to {MAX_DECIMAL_EXPONENT})")
    low, high = arb(fmpz(10) ** (n - 1)), arb(fmpz(10) ** n)
    for _ in range(4):
        scaled = scale(magnitude, n - 1 - e)
        if scaled < low:
            e -= 1
        elif scaled >= high:
            e += 1
        else:
            break
    else:  # pragma: no cover - the estimate is within one of the truth
        return None
    if not scaled < high:
        # The ball straddles 10^(e+1): look at it from the next decade.
        e += 1
        scaled = scale(magnitude, n - 1 - e)
    m = nearest(scaled)
    if m is None:
        return None
    if not scaled >= low:
        # The ball straddles 10^e.  Points below it are rounded one decade
        # lower; certify only if they also round up to exactly 10^e.
        below = nearest(scaled * 10)
        if m == fmpz(10) ** (n - 1) and below == fmpz(10) ** n:
            return m, e, False
        return None
    tie = is_tie(scaled)
    if m == fmpz(10) ** n:
        return fmpz(10) ** (n - 1), e + 1, tie
    return m, e, tie


def digits_of_ball(ball: Callable[[int], arb], n: int, max_bits: int | None = None,
                   what: str = "value") -> Digits:
    """Certified ``n`` significant digits of the number enclosed by ``ball(bits)``."""
    n = validate_digits(n, "number of digits")
    needed = _needed_bits(n)
    budget = max_bits or 2 * needed + EXTRA_BITS
    bits = needed
    while True:
        with arb_bits(bits):
            value = ball(bits)
            if value.is_zero():  # an exact zero
                return Digits("0" * n, 0, False, bits, value)
            accuracy = value.rel_accuracy_bits()
            result = None
            if accuracy >= needed - GUARD_BITS // 2 and not value.contains(0):
                result = _significant_from_ball(value, n)
        if result is not None:
            m, e, tie = result
            return Digits(str(m), e, value < 0, bits, value, tie)
        if bits >= budget:
            raise RoundingBoundaryError(f"{what} to {n} significant digits", bits,
                                        near_zero=bool(value.contains(0)))
        # Cancellation costs bits: add what was lost; otherwise the ball is
        # accurate but near a boundary, so double.
        deficit = needed - accuracy if accuracy < needed else 0
        grow = deficit + GUARD_BITS if 0 < deficit < bits else bits
        bits = min(budget, bits + grow)


def certified_digits(expr, n: int, max_bits: int | None = None) -> Digits:
    """The first ``n`` significant digits of the exact constant ``expr``, correctly rounded."""
    expr = exact_constant(expr)
    return digits_of_ball(constant_ball(expr), n, max_bits, what=str(expr))


def certified_enclosure(expr, n: int) -> arb:
    """A ball around ``expr`` whose radius is far below one unit in the ``n``-th digit."""
    return certified_digits(expr, n).enclosure


def radius_bound(value: arb) -> str:
    """A power of ten at least the radius of ``value`` (``"1e-67"``), or ``"0"`` for an exact ball."""
    radius = value.rad()
    if radius.is_zero():
        return "0"
    mantissa, exponent = radius.man_exp()
    # radius < 2^(bits + exponent) <= 10^k
    k = math.ceil((int(abs(mantissa).bit_length()) + int(exponent)) / LOG2_10 + 1e-6)
    return f"1e{k:d}"


def midpoint_text(value: arb, n: int) -> str:
    """The midpoint of ``value`` to ``n`` significant digits (display only, not certified)."""
    return value.mid().str(n, radius=False, more=True)
