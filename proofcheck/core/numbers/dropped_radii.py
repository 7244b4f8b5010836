"""What an operator's balls leave out of its mpf value: a ledger per integral or sum.

A quadrature sums its integrand on Arb balls (``tanh_sinh._ball_sum``) and a sum
takes each term's midpoint (``ball_integrands``); both hand an mpf on.  The radii
they drop are entered here, beside the size of the terms they belong to.
Where the radii are more than ``2^-(bits/8)`` of that size, the value has lost
seven eighths of the working bits to cancellation: ``CancelledDigits``, and the
ball routes (``side_balls``) take it again at more digits.

A piece's own check (``tanh_sinh``) forgives radii under a floor far below 1, so
that a piece where the integrand is 0 up to its last bits (a Gaussian tail at
z = -10^38) is no error; counted against the whole integral, such a piece is
nothing.  Without this ledger the floor also forgave an integrand that is small
everywhere: e^-700 (2^K (1 + 2^-K e^-z^2 (2 + tanh z)) - 2^K) at K = 600 was 0 at
every node, and "<= e^-700" passed (it is 2 sqrt(pi) e^-700).
"""
from __future__ import annotations

from contextlib import contextmanager

from flint import arb, ctx

from ..model.errors import CancelledDigits


class Ledger:
    """The radii dropped and the size of the terms, summed over the values entered."""

    def __init__(self):
        self.radius, self.size = arb(0), arb(0)

    def enter(self, radius, size):
        self.radius += radius
        self.size += size

    def lost(self, tolerance) -> bool:
        """Whether the radii exceed ``tolerance`` of the size: fewer digits than it asks for."""
        return bool(self.radius > self.size * arb(tolerance))

    def check(self, what: str):
        """Raise CancelledDigits where the radii exceed ``2^-(bits/8)`` of the size."""
        if self.radius > self.size * arb(2) ** -(ctx.prec // 8):
            raise CancelledDigits(f"the balls of {what} lost seven eighths of the working bits: it cancels "
                                  "more digits than the working precision carries")


_OPEN: list = []


@contextmanager
def ledger():
    """A fresh ledger, into which every ball dropped meanwhile is entered."""
    opened = Ledger()
    _OPEN.append(opened)
    try:
        yield opened
    finally:
        _OPEN.pop()


def enter_unknown():
    """Enter a value that no finite ball vouches for: the ledger cannot be met."""
    enter(arb("inf"), arb(0))


def enter(radius, size):
    """Enter a dropped radius and the size of its term into the innermost open ledger."""
    if _OPEN:
        _OPEN[-1].enter(radius, size)
