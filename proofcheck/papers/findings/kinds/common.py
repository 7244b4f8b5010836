"""What the findings kinds share: a1' in their expressions, the noise law a claim
names, lists of decimals, and the nudge that their negative controls apply.

Expressions may use the symbol ``a1p`` for a1', the first zero of Ai' (a
negative number, about -1.0188), enclosed by Arb's ``airy_ai_zero``
(``proofcheck.dp.numerics.airy_functions``); an asserted closed form is a ball around it,
and only where Arb has no rule does mpmath compute it, a1' from mpmath.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import sympy as sp
from flint import arb

from ....core.kinds import Kind
from ....core.model.errors import EvaluationError, ProofcheckError
from ....core.numbers.arb_expressions import mpf_of
from ....core.numbers.intervals import NotEnclosable, enclose_with
from ....core.numbers.numeric import evaluate
from ....core.numbers.precision import ESCALATION
from ....dp.noise import laws as noise_laws
from ....dp.numerics import airy_functions
from ....dp.numerics.airy_functions import A1P


def _declare_a1p(claim):
    existing = claim.symbols.get("a1p")
    if existing is not None and existing != A1P:
        raise ProofcheckError("the name a1p is reserved for the first zero of Ai'")
    claim.symbols["a1p"] = A1P


def numeric_value(expr, dps: int):
    """``expr`` (a closed form in a1p) at ``dps`` digits: the midpoint of its Arb ball, a1'
    enclosed by Arb, once the ball is narrow to dps digits (the precision raised up to
    ``ESCALATION`` times); mpmath's value, a1' from mpmath, where Arb has no rule.

    A value that mpmath computes as one number loses what the expression cancels:
    c + e^400 (1 + e^-400) - e^400 came out c, and an assertion 1 above the quantity agreed
    with it.  The ball of such an expression stays wide, and the value is then refused.
    """
    bits = int(2 * dps * 3.33) + 32
    try:
        while bits <= ESCALATION * (int(2 * dps * 3.33) + 32):
            ball = certified_ball(expr, bits)
            narrow = abs(ball.mid()) * arb(10) ** -(dps + 5) + arb(10) ** -(2 * dps)
            if ball.is_finite() and ball.rad() <= narrow:
                with mpmath.workdps(dps + 10):
                    return mpf_of(ball)
            bits *= 2
    except (NotEnclosable, ZeroDivisionError, ValueError):
        point = {A1P: airy_functions.first_zero_of_airy_derivative(dps + 20)} if expr.has(A1P) else {}
        return evaluate(expr, point, dps)
    raise EvaluationError(f"{expr} cancels more digits than {ESCALATION} times the working precision "
                          "carries: its ball stays wide")


def certified_ball(expr, bits: int) -> arb:
    """A certified ball around ``expr``, a1' enclosed by Arb."""
    balls = {A1P: airy_functions.first_zero_of_airy_derivative_ball(bits)} if expr.has(A1P) else {}
    return enclose_with(expr, balls, bits)


def nudged(claim, field, settings, digits):
    """The asserted ``field`` scaled by 1 + 10^-digits: a checker good to more digits rejects it."""
    expression = claim.expr(field) * (1 + sp.Rational(1, 10**digits))
    return (f"{field}: scaled by 1 + 1e-{digits}", claim.with_parsed(field, expression))


class AiryAware(Kind):
    """A kind whose expression fields may use a1p."""

    # The Airy law's constants, symbolic moments and certified integrals are computed once per
    # process and shared by every kind of the findings pack (and by the tests that name the group).
    shares_work = "airy-law"

    def prepare(self, claim):
        _declare_a1p(claim)
        super().prepare(claim)
        for name in self.expression_fields:
            if name in claim.parsed and claim.parsed[name].free_symbols - {A1P}:
                free = sorted(str(s) for s in claim.parsed[name].free_symbols - {A1P})
                raise ProofcheckError(f"'{name}' may use only a1p, not {', '.join(free)}")


def named_law(claim):
    """The noise law the claim names in ``law``; an unknown name is a one-line error."""
    try:
        return noise_laws.noise_law(claim.raw["law"])
    except noise_laws.NoiseLawError as error:
        raise ProofcheckError(str(error)) from None


def string_list(claim, name, minimum=1):
    """The claim's field ``name``: at least ``minimum`` exact decimals, written as strings."""
    values = claim.raw.get(name)
    if not isinstance(values, list) or len(values) < minimum or not all(isinstance(v, str) for v in values):
        raise ProofcheckError(f"'{name}' must be a list of decimals written as strings")
    for v in values:
        try:
            Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise ProofcheckError(f"'{name}': malformed number {v!r}") from None
    return values


