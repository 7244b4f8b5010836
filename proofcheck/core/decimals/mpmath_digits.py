"""The digits of an exact constant by a second, independent engine: mpmath.

``mpmath_digits`` evaluates the constant with mpmath at extra working digits
and rounds it with mpmath's own integer arithmetic, sharing nothing with the
certified Arb route of ``proofcheck.core.decimals.digits`` but the expression, so that
``compare_engines`` can set the two against each other.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
from flint import arb, fmpz

from ..model.errors import EvaluationError, ProofcheckError
from ..numbers.numeric import evaluate
from ..numbers.precision import arb_bits
from .balls import scale
from .digits import Digits, certified_digits, exact_constant, validate_digits


def mpmath_value(expr, n: int):
    """``expr`` evaluated by mpmath at ``n`` digits plus guard digits (not certified)."""
    try:
        return evaluate(exact_constant(expr), {}, n + 20)
    except EvaluationError as error:
        raise ProofcheckError(str(error)) from None


def mpmath_digits(expr, n: int, value=None) -> tuple[str, int, bool]:
    """(significand, exponent, negative) of the mpmath value rounded to n digits, by mpmath alone."""
    n = validate_digits(n, "number of digits")
    value = mpmath_value(expr, n) if value is None else value
    with mpmath.workdps(n + 30):
        if value == 0:
            return "0" * n, 0, False
        magnitude = abs(value)
        e = int(mpmath.floor(mpmath.log10(magnitude)))
        for _ in range(3):
            m = _round_half_away(magnitude * mpmath.mpf(10) ** (n - 1 - e))
            if m < mpmath.mpf(10) ** (n - 1):
                e -= 1
            elif m >= mpmath.mpf(10) ** n:
                e += 1
            else:
                break
        # mpmath's integers are gmpy2 mpz here, whose str() has no digit cap.
        integer = mpmath.libmp.to_int(m._mpf_)
        return str(integer), e, value < 0


def _round_half_away(scaled):
    """The nearest integer to ``scaled > 0``, a tie rounded up, as ``certified_digits`` rounds.

    ``mpmath.nint`` rounds a tie to even, which would part from Arb on exact ties
    such as 1/128 = 0.0078125 at 4 digits.  mpmath's value carries 20 guard digits,
    so a value within 10^-10 of a half-integer is taken for a tie: only an exact
    rational can be one, and a tie that is no binary fraction comes out a few units
    of the last guard digit to either side of it.
    """
    half = mpmath.mpf(1) / 2
    below = mpmath.floor(scaled)
    if abs(scaled - below - half) <= mpmath.mpf(10) ** -10:
        return below + 1
    return mpmath.floor(scaled + half)


@dataclass(frozen=True)
class EngineComparison:
    digits: int
    arb_digits: Digits
    mpmath_significand: str
    mpmath_exponent: int
    mpmath_inside: bool   # mpmath's value lies in the Arb ball widened by its own tolerance

    @property
    def agree(self) -> bool:
        return (self.mpmath_inside and self.mpmath_significand == self.arb_digits.significand
                and self.mpmath_exponent == self.arb_digits.exponent)


def compare_engines(expr, n: int) -> EngineComparison:
    """Arb's certified digits against mpmath's, at ``n`` significant digits.

    mpmath works at ``n + 20`` digits, so its value must lie within about
    ``10^-(n+10)`` (relative) of the exact one: inside the Arb ball widened by
    that tolerance.
    """
    certified = certified_digits(expr, n)
    value = mpmath_value(expr, n)
    significand, exponent, _ = mpmath_digits(expr, n, value)
    sign, mantissa, binary_exponent, _ = value._mpf_ if value != 0 else (0, 0, 0, 0)
    with arb_bits(certified.bits + 64):
        approximation = arb(fmpz(int(mantissa))) * arb(2) ** int(binary_exponent)
        if sign:
            approximation = -approximation
        enclosure = certified.enclosure
        tolerance = scale(abs(enclosure), -(n + 10))
        distance = abs(approximation - arb(enclosure.mid()))
        inside = bool(distance - arb(enclosure.rad()) - tolerance <= 0)
    return EngineComparison(n, certified, significand, exponent, inside)
