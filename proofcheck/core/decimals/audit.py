"""Is a printed decimal a correct rounding or truncation of a value?

A decimal ``P`` printed with ``k`` places is

* a correct rounding of ``x`` when ``|x - P| <= 10^-k / 2`` (a value exactly
  halfway, a tie, has both neighbours as correct roundings);
* a correct truncation when it is ``x`` cut to ``k`` places towards zero:
  ``P <= x < P + 10^-k`` for ``P > 0``; ``P - 10^-k < x <= P`` for ``P < 0``;
  ``|x| < 10^-k`` for ``P = 0``.

``audit`` decides both with Arb balls (python-flint) around ``x * 10^k``,
doubling the working precision until every comparison is separated or a
budget of bits is spent; a comparison never separated is undecided (None),
never a pass.  When wrong, the audit gives the correct rounding and
truncation and the error ``(P - x) / 10^-k`` in units of the last printed
place.  What differs between its users is a parameter:

* the value: an exact SymPy constant (enclosed by Arb; a rational is compared
  exactly, so that a value lying on a boundary is settled), or any function
  from working bits to a ball: a constant that Arb encloses directly (a1'),
  or a numeric value with the tolerance it is trusted to (``numeric_ball``),
  whose verdict settles only what that tolerance allows;
* ``accepts``: the renderings that make the decimal correct, a rounding or a
  truncation (``EITHER``, a paper's decimals) or a rounding only
  (``ROUNDING_ONLY``, a percentage stated as rounded);
* ``require_decided``: whether an undecided rendering is reported in the
  ``Audit`` (``proofcheck audit``: a certain rounding is correct even where
  being also a truncation is undecided) or refuses the audit
  (``AuditUndecided``) unless every accepted rendering is decided (claims);
* ``signed_zero``: whether a zero printed with a minus sign (``-0.000``)
  claims the sign of a truncation, so that it truncates only a value in
  ``(-10^-k, 0]`` (claims), or is read as the number zero it denotes
  (``proofcheck audit``).  A rounding is judged by the number either way.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import sympy as sp
from flint import arb, fmpq

from ..model.errors import ProofcheckError
from ..numbers.intervals import MAX_PREC, START_PREC, enclose
from ..numbers.precision import arb_bits
from .balls import (
    GUARD_BITS,
    LOG2_10,
    compare,
    constant_ball,
    decimal_exponent_estimate,
    is_tie,
    like,
    nearest,
    scale,
    truncate,
)
from .digits import EXTRA_BITS, MAX_DECIMAL_EXPONENT, RoundingBoundaryError, digits_of_ball
from .printed import PrintedNumber, format_fixed, parse_decimal

ROUNDING, TRUNCATION = "rounding", "truncation"
EITHER = (ROUNDING, TRUNCATION)
ROUNDING_ONLY = (ROUNDING,)


class AuditUndecided(ProofcheckError):
    """An accepted rendering was left undecided within the budget of bits."""


@dataclass(frozen=True)
class Audit:
    """The verdict on one printed decimal.

    ``rounding`` and ``truncation`` are True, False, or None when the value
    lies too close to the boundary to decide within the bit budget.  The
    verdict is ``rounded`` / ``truncated`` / ``rounded and truncated`` as soon
    as one of them is certainly True, ``wrong`` when both are certainly False,
    and ``undecided`` otherwise.  The decimal is correct (``ok``) when one of
    the renderings in ``accepts`` certainly holds.
    """
    printed: str
    places: int
    rounding: bool | None
    truncation: bool | None
    correctly_rounded: str | None  # the value rounded to `places` places (None if undecided)
    truncated: str | None        # the value truncated to `places` places (None if undecided)
    error_in_last_place: str     # (printed - value) / 10^-places, 3 significant digits
    bits: int
    tie: bool = False            # the value lies exactly halfway: both neighbours are correct roundings
    accepts: tuple[str, ...] = EITHER

    @property
    def verdict(self) -> str:
        if self.rounding and self.truncation:
            return "rounded and truncated"
        if self.rounding:
            return "rounded"
        if self.truncation:
            return "truncated"
        if self.rounding is False and self.truncation is False:
            return "wrong"
        return "undecided"

    @property
    def ok(self) -> bool:
        return any(self._holds(rendering) is True for rendering in self.accepts)

    @property
    def decided(self) -> bool:
        """Every accepted rendering is certainly true or certainly false."""
        return all(self._holds(rendering) is not None for rendering in self.accepts)

    def _holds(self, rendering: str) -> bool | None:
        return self.rounding if rendering == ROUNDING else self.truncation

    def sentence(self) -> str:
        """One line saying what the printed decimal is."""
        place = f"{self.places} decimal place{'s' if self.places != 1 else ''}"
        undecided = "undecided (too close to a boundary)"
        if self.rounding and self.truncation:
            return f"{self.printed} is a correct rounding and a correct truncation to {place}"
        if self.rounding:
            other = (f"not a truncation: that is {_abbreviate(self.truncated)}" if self.truncation is False
                     else f"whether it is also a truncation is {undecided}")
            tie = "; the value lies exactly halfway, so either neighbour rounds correctly" if self.tie else ""
            return f"{self.printed} is a correct rounding to {place} ({other}){tie}"
        if self.truncation:
            other = (f"not a rounding: that is {_abbreviate(self.correctly_rounded)}" if self.rounding is False
                     else f"whether it is also a rounding is {undecided}")
            return f"{self.printed} is a correct truncation to {place} ({other})"
        if self.verdict == "undecided":
            return (f"{self.printed} cannot be decided with {self.bits} bits: the value lies too close "
                    f"to a rounding or truncation boundary (it may lie exactly on it)")
        return (f"{self.printed} is wrong: to {place} the value rounds to "
                f"{_abbreviate(self.correctly_rounded) or undecided} and truncates to "
                f"{_abbreviate(self.truncated) or undecided}")


def _abbreviate(text: str | None, keep: int = 30) -> str | None:
    """A long decimal shortened for one line of output (the records keep it whole)."""
    if text is None or len(text) <= 2 * keep:
        return text
    return f"{text[:keep]}...{text[-10:]} ({len(text.lstrip('-').replace('.', ''))} digits)"


# -- the value ---------------------------------------------------------------------

def numeric_ball(value, tolerance) -> Callable[[int], arb]:
    """A numeric value trusted to within ``tolerance`` (absolute), as a ball around it."""
    return lambda bits: arb(value, tolerance)


def _source(value) -> tuple[Callable[[int], object], str]:
    """(bits -> the value as an exact fmpq or a ball, how to name it in an error)."""
    if callable(value) and not isinstance(value, sp.Basic):
        return value, "the value"
    if isinstance(value, int):
        value = sp.Integer(value)
    if getattr(value, "is_Rational", False):
        exact = fmpq(int(value.p), int(value.q))
        return (lambda bits: exact), f"the value of {value}"
    return constant_ball(value), f"the value of {value}"


# -- the audit ---------------------------------------------------------------------

def _renderings(y, printed: PrintedNumber, signed_zero: bool):
    """(is a rounding, is a truncation) for ``y = x * 10^places`` against the printed integer M.

    Each is True, False, or None when the ball does not decide it.
    """
    m = like(y, printed.scaled)
    is_rounding = _holds(compare(abs(y - m), like(y, fmpq(1, 2))), lambda c: c <= 0)
    conditions: tuple[bool | None, ...]
    if printed.scaled > 0:
        conditions = (_holds(compare(y, m), lambda c: c >= 0), _holds(compare(y, m + 1), lambda c: c < 0))
    elif printed.scaled < 0 or (signed_zero and printed.negative):
        conditions = (_holds(compare(y, m - 1), lambda c: c > 0), _holds(compare(y, m), lambda c: c <= 0))
    else:
        conditions = (_holds(compare(abs(y), like(y, 1)), lambda c: c < 0),)
    is_truncation = (False if False in conditions else None if None in conditions else True)
    return is_rounding, is_truncation


def _holds(comparison: int | None, predicate) -> bool | None:
    return None if comparison is None else bool(predicate(comparison))


def audit(value, printed, max_bits: int | None = None, *, accepts: tuple[str, ...] = EITHER,
          require_decided: bool = False, signed_zero: bool = False) -> Audit:
    """The verdict on ``printed`` as a decimal rendering of ``value`` (see the module docstring).

    ``max_bits`` bounds the working precision (by default twice what the
    printed places need, plus ``EXTRA_BITS``).
    """
    number = printed if isinstance(printed, PrintedNumber) else parse_decimal(printed)
    source, name = _source(value)
    with arb_bits(64):
        rough = source(64)
        rough = rough if isinstance(rough, arb) else arb(rough)
    magnitude_bits: float = 0
    if not rough.contains(0):
        magnitude_bits = max(0, decimal_exponent_estimate(rough) + 1) * LOG2_10
    if magnitude_bits / LOG2_10 > MAX_DECIMAL_EXPONENT:
        raise ProofcheckError(f"{name} is beyond the supported range")
    # Absolute accuracy far below one unit in the last printed place.
    needed = math.ceil(magnitude_bits + number.places * LOG2_10) + GUARD_BITS
    budget = max_bits or 2 * needed + EXTRA_BITS
    bits = min(needed, budget)
    while True:
        with arb_bits(bits):
            y = scale(source(bits), number.places)
            is_rounding, is_truncation = _renderings(y, number, signed_zero)
            rounded_to, truncated_to = nearest(y), truncate(y)
            tie = is_tie(y)
            error = like(y, number.scaled) - y
        if None not in (is_rounding, is_truncation, rounded_to, truncated_to) or bits >= budget:
            break
        bits = min(budget, 2 * bits)
    renderings = {ROUNDING: is_rounding, TRUNCATION: is_truncation}
    if require_decided and None in (renderings[r] for r in accepts):
        shown = number.text if isinstance(printed, PrintedNumber) else printed
        raise AuditUndecided(f"value too close to a rounding boundary to audit {shown!r} "
                             f"within {budget} bits")
    return Audit(number.text, number.places, is_rounding, is_truncation,
                 None if rounded_to is None else format_fixed(rounded_to, number.places),
                 None if truncated_to is None else format_fixed(truncated_to, number.places),
                 _short(error, 3), bits, tie, tuple(accepts))


def _short(value, n: int) -> str:
    """A few certified significant digits of a number, signed (``+0.829``); Arb's own text if undecided."""
    if isinstance(value, fmpq):
        if value == 0:
            return "0"
        ball, budget = (lambda bits: arb(value)), None
    else:
        if value.is_exact() and value.is_zero():
            return "0"
        ball, budget = (lambda bits: +value), max(value.rel_accuracy_bits(), 128)
    try:
        digits = digits_of_ball(ball, n, max_bits=budget)
    except (RoundingBoundaryError, ProofcheckError):
        if isinstance(value, fmpq):
            with arb_bits(START_PREC):
                return arb(value).str(n)
        return value.str(n)
    text = str(digits)
    return text if text.startswith("-") else "+" + text


# -- the claims' reading -------------------------------------------------------------

@dataclass
class DecimalAudit:
    """A decided audit as a claim reports it: the value and the error as Arb prints them."""
    printed: str
    verdict: str           # "rounded", "truncated", "rounded and truncated", "wrong"
    true_value: str        # the exact value to a few more digits than printed
    error_in_last_place: str  # (printed - true) / 10**-k, as a short decimal
    places: int

    @property
    def ok(self) -> bool:
        return self.verdict != "wrong"


def audit_decimal(expr, printed: str, max_prec: int = MAX_PREC) -> DecimalAudit:
    """Is ``printed`` a correct rounding or truncation of the exact ``expr``?  Decided, or an error."""
    result = audit(expr, printed, max_prec, require_decided=True, signed_zero=True)
    number = parse_decimal(printed)
    printed_q = sp.Rational(int(number.scaled), 10**number.places)
    unit = sp.Rational(1, 10**number.places)
    ball = enclose(expr, prec=max(START_PREC, int((number.places + 25) * 3.33)))
    true_text = ball.str(number.places + 6, radius=False)
    error = enclose((printed_q - expr) / unit, prec=START_PREC).str(4, radius=False)
    return DecimalAudit(printed=str(printed), verdict=result.verdict, true_value=true_text,
                        error_in_last_place=error, places=number.places)
