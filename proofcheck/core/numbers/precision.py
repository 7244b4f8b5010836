"""Precision control: how many digits to work at and what agreement means.

A numeric comparison at ``dps`` working digits asks for agreement to
``required_digits(dps) = 3*dps//5`` significant digits (30 at the default 50),
leaving ``2*dps//5`` digits of headroom for rounding in quadrature and special
functions.  A numeric verdict is only given if the same verdict is reached
again at ``2*dps``, which separates a true identity (the residual shrinks by
``dps`` orders of magnitude) from a near miss (the residual stays).  A sign that
is undecided at both is retried at doubled precisions up to ``ESCALATION*dps``.
"""
from __future__ import annotations

import numbers

import mpmath
from flint import ctx

from ..model.errors import DomainError, EvaluationError, ProofcheckError, shorten

# Digits carried beyond those a result must keep, so that its own rounding never reaches them.
GUARD_DIGITS = 10

MIN_DPS = 15
MAX_DPS = 100_000
# A comparison left undecided at dps and 2*dps (a point where the two sides meet, or
# nearly) is retried with the precisions doubled, up to this multiple of dps; only then
# is it reported undecided.  Deterministic: the outcome never depends on load.
ESCALATION = 8


# A quadrature over a noise law (dp/noise/laws.py, dp/mechanisms/log_location.py) grows about fourfold
# with each doubling of the digits (the Airy law's Fisher information: 0.3 s at 100 digits,
# 2.9 s at 400, about a minute at 2,000), so these computations stop here.
MAX_QUADRATURE_DPS = 2_000


def validate_dps(value, name: str = "--dps", *, low: int = MIN_DPS, high: int = MAX_DPS,
                 error: type[ProofcheckError] = ProofcheckError) -> int:
    """``value`` as an int in [low, high], or ``error`` with one line naming ``name``.

    The one check of a digit count, for the command line (a string) and the library (an
    int) alike: every command and function that works at ``dps`` digits accepts MIN_DPS to
    MAX_DPS, a quadrature over a noise law MIN_DPS to MAX_QUADRATURE_DPS, the mechanism's
    table MIN_DPS to ``shifted_log_gaussian.MAX_DIGITS``, and a count of digits to certify
    (``audit``, ``constants``) 1 to MAX_DPS.
    """
    def refuse(detail, shown):
        # An option reads "--dps must be ...", a function's parameter "parameter dps: must be ..."
        # (as DomainError, which names its parameter itself, words every parameter).
        if issubclass(error, DomainError):
            raise error(name, f"{detail}, got {shown}")
        where = name if name.startswith("-") else f"parameter {name}:"
        raise error(f"{where} {detail}, got {shown}")

    in_range = f"must be between {low} and {high}"
    if isinstance(value, bool):
        refuse("must be an integer", repr(value))
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not digits.isdigit():
            refuse("must be an integer", shorten(repr(value), 40))
        # Compare lengths first: int() refuses strings of more than 4,300 digits.
        if len(digits.lstrip("0")) > len(str(high)):
            refuse(in_range, shorten(text, 40))
        value = int(text)
    if not isinstance(value, numbers.Integral):
        refuse("must be an integer", shorten(repr(value), 40))
    value = int(value)  # numpy's integers too (the mechanism is sampled with numpy)
    if not low <= value <= high:
        refuse(in_range, value)
    return value


class arb_bits:
    """python-flint's Arb working precision set to ``bits`` for a block, restored after it.

    The one way the engine changes Arb's precision (mpmath's own are
    ``mpmath.workdps`` and ``mpmath.workprec``): a precision left raised by an
    exception would silently change every later enclosure in the process.  A class
    rather than a generator: it is entered at every point of every enclosure.
    """
    __slots__ = ("bits", "old")

    def __init__(self, bits: int):
        self.bits = int(bits)

    def __enter__(self):
        context = _arb_context()
        self.old = context.prec
        context.prec = self.bits

    def __exit__(self, *exception):
        _arb_context().prec = self.old
        return False


_ARB_CONTEXT: list = []


def _arb_context():
    # python-flint is imported on first use: `proofcheck --help` never loads it.
    if not _ARB_CONTEXT:
        _ARB_CONTEXT.append(ctx)
    return _ARB_CONTEXT[0]


def decimal_string(value, dps: int) -> str:
    """``value`` as a decimal string with the digits a computation at ``dps`` working digits
    vouches for (``required_digits(dps)``, the agreement a numeric check demands), for JSON."""
    with mpmath.workdps(dps):
        value = mpmath.mpf(value)
        if not mpmath.isfinite(value):
            return str(value)
        return mpmath.nstr(value, required_digits(dps), min_fixed=-5, max_fixed=required_digits(dps))


def required_digits(dps: int) -> int:
    return (3 * dps) // 5


def clear_margin(dps: int):
    """A relative margin that decides a sign at ``dps`` digits without a re-check.

    Each side is computed to about ``dps`` digits (quadrature's error estimate is
    held below 10**-dps), so a difference larger than 10**-(dps/5) of the larger
    side cannot be an artefact of rounding; 2*dps would repeat the verdict.
    """
    return mpmath.mpf(10) ** (-(dps // 5))


def noise_floor(dps: int):
    """The size under which a value mpmath computed may not have the digits a clear margin
    reads: 10^-(required_digits(dps) - dps/5), 10^-20 at 50 digits.  An operator is
    accurate to the required digits against 1 at worst (a limit), so a value under this has
    fewer than dps/5 digits of its own, or none (noise about 0)."""
    return mpmath.mpf(10) ** (-(required_digits(dps) - dps // 5))


def comparison_scale(a, b, floor):
    """The size a difference of ``a`` and ``b`` is measured against: the larger of the two,
    and ``floor`` only where one of them is exactly 0 (noise about a true zero).  Two sides
    neither of which is 0 are compared relatively, however small: with the floor always on,
    any two values of size e^-(5 10^5) once agreed, and tied in an inequality."""
    return max(abs(a), abs(b)) if a and b else max(abs(a), abs(b), floor)


def own_scale(value, around):
    """The size a quantity's digits are counted against: its own, or, where that is smaller
    (a limit 0, an optimal value 0), the size of the expression ``around`` it, capped at 1.
    Counted against 1 alone, a quantity of size e^-700 had no digits of its own."""
    return max(abs(value), min(1, around))


def zero_floor(dps: int):
    """The magnitude below which a value counts as zero: against an exact 0 (``agree``), or
    relative to the scale of a limit's values (``numeric_limits``)."""
    return mpmath.mpf(10) ** (-((4 * dps) // 5))


def agree(a, b, dps: int) -> bool:
    """True when ``a`` and ``b`` agree to ``required_digits(dps)`` digits.

    Relative agreement, with an absolute floor far below the required digits where
    one side is exactly 0: a quadrature's noise about a true zero (eq. (12) at n = m,
    10^-57 against 0) agrees with it.  Two sides neither of which is 0 agree only
    relatively, however small: both of size e^-(5 10^5) (Lemma 4.1's quantities at
    sigma = 1000), any two once agreed.  A side that is not finite never agrees: an
    infinity is decided symbolically, not by digits.
    """
    with mpmath.workdps(dps):
        a, b = mpmath.mpf(a), mpmath.mpf(b)
        # Two infinities (or nans) are not "equal to N digits": nothing was compared.
        if not (mpmath.isfinite(a) and mpmath.isfinite(b)):
            return False
        if a == b:
            return True
        scale = comparison_scale(a, b, zero_floor(dps))
        return abs(a - b) <= mpmath.mpf(10) ** (-required_digits(dps)) * scale


def differs_at_higher_precision(evaluate_pair, dps: int, first_gap=None, first_agreed=False,
                                receding_undecided=False) -> bool:
    """Confirm a disagreement seen at ``dps`` digits before it refutes a claim.

    ``evaluate_pair(working)`` returns both sides at ``working`` digits.  Where the
    sides are computed with cancellation (a parameter 10**-30 from a bound), a
    value at ``dps`` digits can be noise.  The disagreement counts if it persists
    at 2*dps, judged by the required digits there; where the gap shrank there by
    more than dps/5 orders of magnitude (noise receding, not a near miss), it must
    persist at 4*dps as well.  A true near miss (relative 10**-45) keeps its gap.
    Against an exact 0, a value that agrees only through the floor of zero must recede.
    """
    gap = first_gap
    for working in (2 * dps, 4 * dps):
        try:
            a, b = evaluate_pair(working)
        except EvaluationError:
            # Not computable at this precision (a quadrature or a limit that does not reach
            # the digits): a disagreement already seen stands.  A value that agreed with 0
            # through its floor (``first_agreed``) disagreed in nothing, and a higher precision
            # that cannot be had does not make it a witness: the point is undecided.
            if first_agreed:
                raise
            return True
        with mpmath.workdps(working):
            new_gap = abs(mpmath.mpf(a) - mpmath.mpf(b))
        receded = gap is not None and receded_from(new_gap, gap, dps)
        # Against an exact 0, a value under the floor is noise only if it recedes: a true
        # value of size e^-400 stays as it is at every precision.
        agreed = agree(a, b, working)
        if agreed and (receded or not against_zero(a, b)):
            return False
        # Without a first gap to compare with (a caller that gave none), such a value is
        # held to receding between 2*dps and 4*dps.
        if not receded and not (gap is None and agreed):
            return True
        gap = new_gap
    if receding_undecided and receded:
        # Receding still at 4*dps, as noise about 0 does (the integral of cos(993 x) cos(x) over
        # [0, pi] came out -1.1 10^-61, 1.6 10^-111, 9.8 10^-212): no witness of a difference.
        # A value that small would look the same until resolved: undecided, never a pass.
        raise EvaluationError(f"the difference recedes with the digits ({mpmath.nstr(new_gap, 3)} at "
                              f"{4 * dps} digits): 0, or a value below them")
    return True


def receded_from(new_gap, gap, dps: int) -> bool:
    """Whether a gap shrank by more than dps/5 orders of magnitude at a higher precision:
    noise receding, not a near miss (which keeps its gap)."""
    return new_gap < gap * mpmath.mpf(10) ** (-(dps // 5))


def against_zero(a, b) -> bool:
    """Whether exactly one of ``a`` and ``b`` is 0: the other may be noise about it, or a
    true value under the floor of zero, which only a higher precision tells apart."""
    return (a == 0) != (b == 0)


def digits_of_agreement(a, b, dps: int) -> float:
    """How many significant digits ``a`` and ``b`` share (for reports)."""
    with mpmath.workdps(dps):
        a, b = mpmath.mpf(a), mpmath.mpf(b)
        if not (mpmath.isfinite(a) and mpmath.isfinite(b)):
            return 0.0  # an infinity or a nan shares no digits with anything
        if a == b:
            return float(dps)
        scale = max(abs(a), abs(b))
        if scale == 0:
            return float(dps)
        return float(-mpmath.log10(abs(a - b) / scale))


def short(value, digits: int = 12) -> str:
    """A number in a verdict's text or evidence: ``digits`` significant digits (mpmath's nstr)."""
    return mpmath.nstr(value, digits)
