"""Exact inputs of the mechanism modules: every number enters as a rational.

A mechanism's parameters (r, r0, c, delta, a count n) are read once into a
``Fraction`` so that each later evaluation, at whatever precision, starts from
the same exact value.  A float means the decimal it prints as (``0.3`` is
3/10, as ``proofcheck.core.model.domains`` reads it); a string may be a decimal or a
ratio (``"0.3"``, ``"1/3"``).  Anything else -- NaN, infinities, booleans,
complex numbers, text that is not a number -- is refused with a
``DomainError`` naming the parameter.
"""
from __future__ import annotations

import math
import numbers
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

import mpmath

from ...core.model.errors import DomainError

MAX_DECIMAL_EXPONENT = 1000
_RATIO = re.compile(r"^\s*[+-]?\d+\s*/\s*\d+\s*$")


def exact(value, name: str) -> Fraction:
    """``value`` as an exact finite rational, or a DomainError naming ``name``."""
    if isinstance(value, bool) or value is None:
        raise DomainError(name, f"expected a number, got {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, mpmath.mpf):
        if not mpmath.isfinite(value):
            raise DomainError(name, f"expected a finite number, got {value}")
        return _fraction_of_mpf(value)
    if isinstance(value, numbers.Real):  # float, numpy floating, Decimal
        as_float = float(value)
        if not math.isfinite(as_float):
            raise DomainError(name, f"expected a finite number, got {value!r}")
        if isinstance(value, Decimal):
            return Fraction(value)
        return Fraction(repr(as_float))
    if isinstance(value, str):
        return _parse_text(value, name)
    raise DomainError(name, f"expected a real number, got {value!r}")


def _fraction_of_mpf(value) -> Fraction:
    mantissa, exponent = mpmath.mpf(value).man_exp
    return Fraction(mantissa) * Fraction(2) ** exponent


def _parse_text(text: str, name: str) -> Fraction:
    stripped = text.strip()
    if _RATIO.match(stripped):
        numerator, denominator = (int(part) for part in stripped.split("/"))
        if denominator == 0:
            raise DomainError(name, f"division by zero in {text!r}")
        return Fraction(numerator, denominator)
    try:
        decimal = Decimal(stripped)
    except InvalidOperation:
        raise DomainError(name, f"expected a number, got {text!r}") from None
    if not decimal.is_finite():
        raise DomainError(name, f"expected a finite number, got {text!r}")
    # A decimal exponent such as 1e999999999 would expand into a billion-digit integer.
    if decimal and not -MAX_DECIMAL_EXPONENT <= decimal.adjusted() <= MAX_DECIMAL_EXPONENT:
        raise DomainError(name, f"magnitude beyond 10^±{MAX_DECIMAL_EXPONENT}: {text!r}")
    return Fraction(decimal)


def count(value, name: str = "n") -> int:
    """A count: a nonnegative integer (an integral float is accepted)."""
    number = exact(value, name)
    if number.denominator != 1:
        raise DomainError(name, f"a count must be an integer, got {value!r}")
    if number < 0:
        raise DomainError(name, f"a count must be nonnegative, got {value!r}")
    return int(number)


def probability(value, name: str = "delta") -> Fraction:
    """A number strictly between 0 and 1."""
    number = exact(value, name)
    if not 0 < number < 1:
        raise DomainError(name, f"must lie in (0, 1), got {value!r}")
    return number


def positive(value, name: str) -> Fraction:
    number = exact(value, name)
    if number <= 0:
        raise DomainError(name, f"must be positive, got {value!r}")
    return number


def to_mpf(value: Fraction):
    """The rational as an mpf, correctly rounded at the current precision."""
    return mpmath.mpf(value.numerator) / value.denominator
