"""A decimal as a paper prints it, read exactly, and decimals written back.

``0.1062921``, ``~ 2.995``, ``-1.5``: an optional approximation sign, an
optional sign, digits with at most one decimal point.  The number is kept as
the integer ``scaled`` = printed x 10^places, a FLINT ``fmpz``, so that a
decimal of any length is exact (Python's own ``int`` refuses more than 4300
digits as text).  The number of places is part of what is printed: ``2.50``
claims one more place than ``2.5``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from flint import fmpz

from ..model.errors import ProofcheckError
from ..numbers.precision import MAX_DPS

MAX_PRINTED_DIGITS = MAX_DPS

_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?")
# Scientific notation as DP papers print delta (1e-5, 3.14e0, 2.5E-3): a mantissa and an exponent.
_SCIENTIFIC = re.compile(r"(.*?)[eE]([+-]?[0-9]{1,6})")


@dataclass(frozen=True)
class PrintedNumber:
    text: str
    scaled: fmpz     # the printed number times 10^places, exactly
    places: int

    @property
    def negative(self) -> bool:
        """The decimal carries a minus sign (``-0.000`` too: a zero printed as negative)."""
        return self.text.startswith("-")

    def __str__(self) -> str:
        return self.text


def parse_decimal(text) -> PrintedNumber:
    """A printed decimal (``0.1062921``, ``~ 2.995``, ``-1.5``, ``1e-5``) read exactly, or a one-line error."""
    if not isinstance(text, str):
        raise ProofcheckError(f"malformed decimal {text!r}: write it as text, e.g. \"0.1062921\"")
    stripped = text.strip().lstrip("≈~").strip()
    scientific = _SCIENTIFIC.fullmatch(stripped)
    if scientific:
        return _scientific(text, scientific.group(1), int(scientific.group(2)))
    match = _DECIMAL.fullmatch(stripped)
    if not stripped or match is None or not (match.group(2) or match.group(3)):
        raise ProofcheckError(f"malformed decimal {text!r}: expected digits with an optional "
                              f"sign and decimal point, e.g. 0.1062921")
    sign, whole, fraction = match.group(1), match.group(2), match.group(3) or ""
    if len(whole) + len(fraction) > MAX_PRINTED_DIGITS:
        raise ProofcheckError(f"decimal {text[:20]!r}... has more than {MAX_PRINTED_DIGITS} digits")
    scaled = fmpz((whole + fraction).lstrip("0") or "0")
    if sign == "-":
        scaled = -scaled
    return PrintedNumber(stripped, scaled, len(fraction))


def _scientific(text: str, mantissa: str, exponent: int) -> PrintedNumber:
    """``1e-5`` as ``0.00001``, ``3.14e0`` as ``3.14``: the mantissa's last digit keeps its place
    (``2.50e-3`` claims one more place than ``2.5e-3``)."""
    number = parse_decimal(mantissa)
    places = number.places - exponent
    if places < 0:
        raise ProofcheckError(f"decimal {text!r}: its last printed digit is left of the units; "
                              "write it without the exponent")
    if places > MAX_PRINTED_DIGITS:
        raise ProofcheckError(f"decimal {text!r} has more than {MAX_PRINTED_DIGITS} places")
    # The digits stay as printed; only the place of the decimal point moves.
    fixed = format_fixed(number.scaled, places)
    return PrintedNumber(("-" if number.negative and not fixed.startswith("-") else "") + fixed,
                         number.scaled, places)


def format_fixed(scaled, places: int) -> str:
    """The integer ``scaled`` read as a decimal with ``places`` places (``7813, 6 -> 0.007813``)."""
    negative = scaled < 0
    text = str(abs(scaled)).rjust(places + 1, "0")
    body = f"{text[:-places]}.{text[-places:]}" if places else text
    return ("-" if negative else "") + body


def shift_last_digit(text: str, step: int) -> str | None:
    """``text`` moved by ``step`` units in its last printed place (``0.31332, 1 -> 0.31333``).

    None when the result reads as ``text`` itself.
    """
    number = parse_decimal(text)
    result = format_fixed(number.scaled + step, number.places)
    return result if result != text else None
