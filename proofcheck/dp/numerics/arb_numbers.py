"""Arb numbers beside mpmath numbers: exact conversion both ways, and the bits a digit count needs.

The noise-law computations use python-flint's Arb balls as fast multiprecision
numbers (quadrature panels, the Airy functions) next to mpmath.  python-flint
reads an mpf through a decimal string, which rounds it and gives the ball a
radius; here an mpf is converted through its binary mantissa and exponent, so
that parameters, panel ends and nodes are exact points.  A ball is read back
as its midpoint, and refused where its radius exceeds the working precision.
"""
from __future__ import annotations

import mpmath
from flint import arb, arf, ctx, fmpz

from ...core.numbers.precision import arb_bits

#: Digits carried beyond those a result is asked for, in mpmath and in Arb alike.


def ball_of(value) -> arb:
    """``value`` (an mpf, taken exactly, or a number or decimal string read by mpmath) as an Arb number."""
    # An mpf is read as it is: mpmath.mpf(x) would round it to the caller's precision.
    sign, man, exp, bits = (value if isinstance(value, mpmath.mpf) else mpmath.mpf(value))._mpf_
    if not man:
        return arb(0)
    with arb_bits(max(ctx.prec, int(bits) + 8)):  # arb() rounds to the context precision: keep every bit
        return arb(arf((fmpz(int(-man if sign else man)), fmpz(int(exp)))))


def checked_value_of(ball: arb, scale=None):
    """The midpoint of ``ball`` as an mpf, refusing a ball too wide for the precision.

    The radius must be below the working precision relative to |value|, or to
    ``scale`` where the value may vanish (Ai' at its zero)."""
    if not ball.is_finite():
        raise ArithmeticError("Arb returned a non-finite ball")
    man, exp = ball.mid().man_exp()
    value = mpmath.mpf((int(man), int(exp)))
    radius_man, radius_exp = ball.rad().man_exp() if ball.rad() != 0 else (0, 0)
    radius = mpmath.mpf((int(radius_man), int(radius_exp)))
    reference = abs(value) if scale is None else max(abs(value), scale)
    if radius > reference * mpmath.mpf(2) ** (-mpmath.mp.prec):
        raise ArithmeticError("Arb ball too wide for the working precision")
    return value


def value_of(ball: arb):
    man, exp = ball.mid().man_exp()
    return mpmath.mpf((int(man), int(exp)))


def exact_ball(value) -> arb:
    """An exact Arb number: the midpoint of a ball, or an mpf/int/str converted without rounding.

    (python-flint reads an mpf through a decimal string, which makes a ball
    with a radius; panel ends and nodes must be exact points.)"""
    if isinstance(value, arb):
        return arb(value.mid())
    if isinstance(value, int):
        return arb(value)
    return ball_of(value)


def bits_for(digits) -> int:
    return int(digits * 3.33) + 1


def two_to(exponent: int) -> arf:
    return arf((fmpz(1), fmpz(exponent)))


def tail_guard_bits(y) -> int:
    """Guard bits for Ai(y): far out, Ai(y) ~ exp(-2 y^{3/2}/3) needs about log2(y^{3/2})
    extra bits for full relative accuracy (quadrature nodes reach y ~ 10^dps)."""
    _, man, exp, bc = (y if isinstance(y, mpmath.mpf) else mpmath.mpf(y))._mpf_
    magnitude = exp + bc if man else 0  # about log2|y|
    return 40 + (3 * magnitude) // 2 if magnitude > 0 else 40
