"""Certified decimal digits of exact constants, and the audit of printed decimals.

A paper prints ``pi/(4e^2) ~ 0.1062921`` (29), ``3/(2e^3) ~ 0.0746806`` (25),
``4e^2/pi^2 ~ 2.995`` after (32), and the rows of Table 2.  Two questions are
asked of every such number, and both are answered with Arb balls
(python-flint), never with a float:

* ``certified_digits(expr, n)``: the first ``n`` significant digits of the
  exact value, correctly rounded (ties, possible only for exact rationals,
  go away from zero).  The enclosure is computed once at the bits that ``n``
  digits need plus guard bits (the fast path: one evaluation suffices for any
  ``n`` up to ``MAX_DIGITS`` unless the value lies near a rounding boundary
  or the expression cancels); the digits are printed only when every point
  of the ball rounds to the same digits.  Otherwise the precision is raised,
  first by the bits that cancellation lost, then by doubling, up to a budget;
  a value still too close to a rounding boundary raises
  ``RoundingBoundaryError``: it is reported, never guessed.
* ``audit(expr, printed)``: is a printed decimal with ``k`` places a correct
  rounding (``|x - P| <= 10^-k / 2``), a correct truncation
  (``P = trunc(x)`` at ``k`` places, towards zero), both, or wrong; when
  wrong, the true value and the error ``(P - x) / 10^-k`` in units of the
  last printed place.

``mpmath_digits`` computes the same digits by an independent route (mpmath
at extra working digits, rounded with mpmath's integer arithmetic), so that
the two engines can be compared (``compare_engines``).

Integers are handled as FLINT ``fmpz`` throughout: Python's own
``int -> str`` conversion is quadratic and refuses more than 4300 digits.
"""
from __future__ import annotations

import contextlib
import math
import re
from dataclasses import dataclass, field
from typing import Callable

import mpmath
import sympy as sp
from flint import arb, ctx, fmpz

from .errors import ProofcheckError, SymbolicTimeout, shorten
from .intervals import NotEnclosable, enclose
from .precision import MAX_DPS

MIN_DIGITS = 1
MAX_DIGITS = MAX_DPS
# The decimal exponent of a value whose digits we print.  Beyond this the
# scaling power of ten alone would have more digits than MAX_DIGITS.
MAX_DECIMAL_EXPONENT = MAX_DIGITS
LOG2_10 = math.log2(10)
GUARD_BITS = 64
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
    if isinstance(value, bool):
        raise ProofcheckError(f"{name} must be an integer, got {value!r}")
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            raise ProofcheckError(f"{name} must be an integer, got {value!r}")
        if len(text.lstrip("+-")) > 12:
            raise ProofcheckError(f"{name} must be between {MIN_DIGITS} and {MAX_DIGITS}, got {value}")
        value = int(text)
    if not isinstance(value, int):
        raise ProofcheckError(f"{name} must be an integer, got {value!r}")
    if not MIN_DIGITS <= value <= MAX_DIGITS:
        raise ProofcheckError(f"{name} must be between {MIN_DIGITS} and {MAX_DIGITS}, got {value}")
    return value


def exact_constant(expr, what: str = "expression"):
    """``expr`` as an exact SymPy constant: operators derived, no free symbol, real and finite."""
    expr = sp.sympify(expr)
    if expr.has(sp.Integral, sp.Limit, sp.Derivative, sp.Sum):
        from .symbolic import CannotDerive, derive
        from .timeout import time_budget
        try:
            with time_budget(DERIVE_SECONDS):
                expr = derive(expr)
        except CannotDerive as error:
            raise ProofcheckError(f"{what}: {error}") from None
        except SymbolicTimeout:
            raise ProofcheckError(f"{what}: SymPy did not evaluate it within {DERIVE_SECONDS:g} s") from None
    if expr.free_symbols:
        names = ", ".join(sorted(str(s) for s in expr.free_symbols))
        raise ProofcheckError(f"{what} has a free variable ({names}); a constant is needed")
    if expr.has(sp.zoo, sp.oo, -sp.oo, sp.nan) or expr.has(sp.I):
        raise ProofcheckError(f"{what} is not a finite real number: {shorten(expr)}")
    return expr


# -- balls -------------------------------------------------------------------

@contextlib.contextmanager
def _working_bits(bits: int):
    old = ctx.prec
    ctx.prec = bits
    try:
        yield
    finally:
        ctx.prec = old


def _ball_of(expr) -> Callable[[int], arb]:
    """A function from working bits to a certified ball around the exact ``expr``."""
    def ball(bits: int) -> arb:
        try:
            value = enclose(expr, prec=bits)
        except NotEnclosable as error:
            raise ProofcheckError(f"cannot enclose {shorten(expr)}: {error}") from None
        except (ZeroDivisionError, ValueError) as error:
            raise ProofcheckError(f"cannot enclose {shorten(expr)}: {error}") from None
        if not value.is_finite():
            if value.mid().is_finite():
                # exact_constant already refused an infinite value, so a ball with a
                # finite centre and no bound is a finite number beyond this precision.
                raise ProofcheckError(f"{shorten(expr)} is too large to certify at this precision "
                                      f"(its enclosure is {value})")
            raise ProofcheckError(f"{shorten(expr)} is not a finite real number (its enclosure is {value})")
        return value
    return ball


def _power_of_ten(k: int) -> arb:
    return arb(fmpz(10) ** k)


def _scale(value: arb, k: int) -> arb:
    """``value * 10**k`` for an integer ``k`` of either sign (in the current context)."""
    if k >= 0:
        return value * _power_of_ten(k)
    return value / _power_of_ten(-k)


def _compare(a: arb, b) -> int | None:
    """-1, 0, 1 when the balls decide ``a`` against ``b``; None when they overlap."""
    b = b if isinstance(b, arb) else arb(b)
    if a < b:
        return -1
    if a > b:
        return 1
    difference = a - b
    if difference.is_exact() and difference.is_zero():
        return 0
    return None


def _nearest(y: arb):
    """The integer nearest to every point of ``y`` (halves away from zero), or None."""
    half = arb(1) / 2
    if y > -half:
        return (y + half).floor().unique_fmpz()
    if y < half:
        result = (half - y).floor().unique_fmpz()
        return None if result is None else -result
    return None


def _is_tie(y: arb) -> bool:
    """True when ``y`` is exactly an integer plus one half."""
    if not y.is_exact():
        return False
    twice = (y * 2).unique_fmpz()
    return twice is not None and (y * 2).is_exact() and twice % 2 == 1


def _truncate(y: arb):
    """The integer part of every point of ``y`` (towards zero), or None."""
    if y > -1 and y < 1:
        return fmpz(0)
    if y >= 0:
        return y.floor().unique_fmpz()
    if y <= 0:
        return y.ceil().unique_fmpz()
    return None


def _decimal_exponent_estimate(value: arb) -> int:
    """floor(log10 |value|), possibly off by one; ``value`` excludes zero."""
    mantissa, exponent = value.mid().man_exp()
    log2 = int(abs(mantissa).bit_length()) + int(exponent) - 1
    return math.floor(log2 / LOG2_10)


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
    e = _decimal_exponent_estimate(value)
    if abs(e) > MAX_DECIMAL_EXPONENT + 2:
        raise ProofcheckError(f"the value's magnitude 10^{e} is beyond the supported range "
                              f"(decimal exponent up to {MAX_DECIMAL_EXPONENT})")
    low, high = arb(fmpz(10) ** (n - 1)), arb(fmpz(10) ** n)
    for _ in range(4):
        scaled = _scale(magnitude, n - 1 - e)
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
        scaled = _scale(magnitude, n - 1 - e)
    m = _nearest(scaled)
    if m is None:
        return None
    if not scaled >= low:
        # The ball straddles 10^e.  Points below it are rounded one decade
        # lower; certify only if they also round up to exactly 10^e.
        below = _nearest(scaled * 10)
        if m == fmpz(10) ** (n - 1) and below == fmpz(10) ** n:
            return m, e, False
        return None
    tie = _is_tie(scaled)
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
        with _working_bits(bits):
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
    return digits_of_ball(_ball_of(expr), n, max_bits, what=str(expr))


def certified_enclosure(expr, n: int) -> arb:
    """A ball around ``expr`` whose radius is far below one unit in the ``n``-th digit."""
    return certified_digits(expr, n).enclosure


# -- the independent engine ----------------------------------------------------

def mpmath_value(expr, n: int):
    """``expr`` evaluated by mpmath at ``n`` digits plus guard digits (not certified)."""
    from .numeric import EvaluationError, evaluate
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
            m = mpmath.nint(magnitude * mpmath.mpf(10) ** (n - 1 - e))
            if m < mpmath.mpf(10) ** (n - 1):
                e -= 1
            elif m >= mpmath.mpf(10) ** n:
                e += 1
            else:
                break
        # mpmath's integers are gmpy2 mpz here, whose str() has no digit cap.
        integer = mpmath.libmp.to_int(m._mpf_)
        return str(integer), e, value < 0


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
    with _working_bits(certified.bits + 64):
        approximation = arb(fmpz(int(mantissa))) * arb(2) ** int(binary_exponent)
        if sign:
            approximation = -approximation
        enclosure = certified.enclosure
        tolerance = _scale(abs(enclosure), -(n + 10))
        distance = abs(approximation - arb(enclosure.mid()))
        inside = bool(distance - arb(enclosure.rad()) - tolerance <= 0)
    return EngineComparison(n, certified, significand, exponent, inside)


# -- the audit of a printed decimal ---------------------------------------------

_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?")


@dataclass(frozen=True)
class PrintedNumber:
    text: str
    scaled: fmpz     # the printed number times 10^places, exactly
    places: int

    def __str__(self) -> str:
        return self.text


def parse_decimal(text) -> PrintedNumber:
    """A printed decimal (``0.1062921``, ``~ 2.995``, ``-1.5``) read exactly, or a one-line error."""
    if not isinstance(text, str):
        raise ProofcheckError(f"malformed decimal {text!r}: write it as text, e.g. \"0.1062921\"")
    stripped = text.strip().lstrip("≈~").strip()
    match = _DECIMAL.fullmatch(stripped)
    if not stripped or match is None or not (match.group(2) or match.group(3)):
        raise ProofcheckError(f"malformed decimal {text!r}: expected digits with an optional "
                              f"sign and decimal point, e.g. 0.1062921")
    sign, whole, fraction = match.group(1), match.group(2), match.group(3) or ""
    if len(whole) + len(fraction) > MAX_DIGITS:
        raise ProofcheckError(f"decimal {text[:20]!r}... has more than {MAX_DIGITS} digits")
    scaled = fmpz((whole + fraction).lstrip("0") or "0")
    if sign == "-":
        scaled = -scaled
    return PrintedNumber(stripped, scaled, len(fraction))


def format_fixed(scaled, places: int) -> str:
    """The integer ``scaled`` read as a decimal with ``places`` places (``7813, 6 -> 0.007813``)."""
    negative = scaled < 0
    text = str(abs(scaled)).rjust(places + 1, "0")
    body = f"{text[:-places]}.{text[-places:]}" if places else text
    return ("-" if negative else "") + body


@dataclass(frozen=True)
class Audit:
    """The verdict on one printed decimal.

    ``rounding`` and ``truncation`` are True, False, or None when the value
    lies too close to the boundary to decide within the bit budget.  The
    verdict is ``rounded`` / ``truncated`` / ``rounded and truncated`` as soon
    as one of them is certainly True, ``wrong`` when both are certainly False,
    and ``undecided`` otherwise.
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
        return bool(self.rounding or self.truncation)

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


def _audit_from_ball(y: arb, printed: PrintedNumber):
    """(is a rounding, is a truncation) for ``y = x * 10^places`` against the printed integer M.

    Each is True, False, or None when the ball does not decide it.
    """
    m = arb(printed.scaled)
    is_rounding = _holds(_compare(abs(y - m), arb(1) / 2), lambda c: c <= 0)
    # Truncation towards zero: M <= y < M + 1 for M > 0, M - 1 < y <= M for M < 0, |y| < 1 for M = 0.
    if printed.scaled > 0:
        conditions = (_holds(_compare(y, m), lambda c: c >= 0), _holds(_compare(y, m + 1), lambda c: c < 0))
    elif printed.scaled < 0:
        conditions = (_holds(_compare(y, m - 1), lambda c: c > 0), _holds(_compare(y, m), lambda c: c <= 0))
    else:
        conditions = (_holds(_compare(abs(y), arb(1)), lambda c: c < 0),)
    is_truncation = (False if False in conditions else None if None in conditions else True)
    return is_rounding, is_truncation


def _holds(comparison: int | None, predicate) -> bool | None:
    return None if comparison is None else bool(predicate(comparison))


def audit(expr, printed, max_bits: int | None = None) -> Audit:
    """Certified verdict on ``printed`` as a decimal rendering of the exact ``expr``."""
    number = printed if isinstance(printed, PrintedNumber) else parse_decimal(printed)
    expr = exact_constant(expr)
    ball = _ball_of(expr)
    with _working_bits(64):
        rough = ball(64)
    magnitude_bits = 0
    if not rough.contains(0):
        magnitude_bits = max(0, _decimal_exponent_estimate(rough) + 1) * LOG2_10
    if magnitude_bits / LOG2_10 > MAX_DECIMAL_EXPONENT:
        raise ProofcheckError(f"the value of {expr} is beyond the supported range")
    # Absolute accuracy far below one unit in the last printed place.
    needed = math.ceil(magnitude_bits + number.places * LOG2_10) + GUARD_BITS
    budget = max_bits or 2 * needed + EXTRA_BITS
    bits = needed
    while True:
        with _working_bits(bits):
            y = _scale(ball(bits), number.places)
            is_rounding, is_truncation = _audit_from_ball(y, number)
            rounded_to, truncated_to = _nearest(y), _truncate(y)
            tie = _is_tie(y)
            error = arb(number.scaled) - y
        if None not in (is_rounding, is_truncation, rounded_to, truncated_to) or bits >= budget:
            break
        bits = min(budget, 2 * bits)
    return Audit(number.text, number.places, is_rounding, is_truncation,
                 None if rounded_to is None else format_fixed(rounded_to, number.places),
                 None if truncated_to is None else format_fixed(truncated_to, number.places),
                 _short(error, 3), bits, tie)


def _short(value: arb, n: int) -> str:
    """A few certified significant digits of a ball, signed (``+0.829``); Arb's own text if undecided."""
    if value.is_exact() and value.is_zero():
        return "0"
    try:
        digits = digits_of_ball(lambda bits: +value, n, max_bits=max(value.rel_accuracy_bits(), 128))
    except (RoundingBoundaryError, ProofcheckError):
        return value.str(n)
    text = str(digits)
    return text if text.startswith("-") else "+" + text


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
