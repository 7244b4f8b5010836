"""A box of unit intervals, its splitting, and its Arb balls built exactly from Fractions."""
from __future__ import annotations

from fractions import Fraction

from flint import arb, fmpq

Interval = tuple  # (Fraction lo, Fraction hi), lo <= hi
Box = tuple  # one Interval per unit variable

UNIT = (Fraction(0), Fraction(1))


def exact_ball(value: Fraction) -> arb:
    """The ball of an exact rational (rounded once, with its error in the radius)."""
    return arb(fmpq(value.numerator, value.denominator))


def ball(interval: Interval) -> arb:
    """A ball containing every point of ``[lo, hi]``: the union of its ends' balls."""
    lo, hi = interval
    return exact_ball(lo) if lo == hi else exact_ball(lo).union(exact_ball(hi))


def balls(box: Box) -> list:
    return [ball(side) for side in box]


def middle(box: Box) -> tuple:
    return tuple((lo + hi) / 2 for lo, hi in box)


def width(interval: Interval) -> Fraction:
    return interval[1] - interval[0]


def halves(box: Box, i: int) -> tuple:
    """The two halves of ``box`` across its ``i``-th side."""
    lo, hi = box[i]
    mid = (lo + hi) / 2
    return box[:i] + ((lo, mid),) + box[i + 1:], box[:i] + ((mid, hi),) + box[i + 1:]


def widest(box: Box, among=None) -> int:
    """The index of the widest side (of those ``among``, where given)."""
    return max(among or range(len(box)), key=lambda i: width(box[i]))


def face(box: Box, i: int, upper: bool) -> Box:
    """The face of ``box`` where side ``i`` is at its upper (or lower) end."""
    end = box[i][1] if upper else box[i][0]
    return box[:i] + ((end, end),) + box[i + 1:]


def bits_for(box: Box, base: int = 128) -> int:
    """A working precision that keeps the sides' relative widths: 2^-137 is no width at 128 bits."""
    finest = min((width(s) for s in box if width(s) > 0), default=Fraction(1))
    return base + max(0, finest.denominator.bit_length() - finest.numerator.bit_length())
