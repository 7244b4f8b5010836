"""The tight zCDP parameter of a neighbouring pair: rho = sup_{alpha > 1} D_alpha / alpha.

zCDP (Bun & Steinke 2016, Def. 1.1) asks D_alpha(P || Q) <= rho alpha for
every alpha > 1, so the least rho for one pair is the supremum of
D_alpha/alpha.  As alpha -> 1, D_alpha/alpha tends to the KL divergence, so
rho >= KL always; arXiv 2510.25746 shows equality for the mechanisms of this
package (for randomized response only up to k = 6).

The supremum is searched numerically on a stated grid of orders: alpha - 1
runs over 10^(j/n) (rounded to six significant digits, so every order is an
exact rational) from a smallest offset up to ``alpha_max``, which is also
included.  ``peak`` refines the best grid order by golden-section search on
log(alpha - 1).  Neither is a proof over the continuum of orders: callers
report the grid and the precision with the result.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import mpmath

from ...core.numbers.golden import golden_section_maximum

ALPHA_MAX = Fraction(10**5)
NEAREST = Fraction(1, 10**6)
PER_DECADE = 16
GOLDEN_STEPS = 160


@dataclass(frozen=True)
class AlphaGrid:
    """Orders alpha with alpha - 1 = 10^(j/per_decade) in [nearest, alpha_max - 1], and alpha_max."""

    nearest: Fraction = NEAREST
    alpha_max: Fraction = ALPHA_MAX
    per_decade: int = PER_DECADE

    def __post_init__(self):
        if not (self.nearest > 0 and self.alpha_max > 1 + self.nearest and self.per_decade >= 1):
            raise ValueError("an alpha grid needs 0 < nearest < alpha_max - 1 and per_decade >= 1")

    def orders(self) -> list[Fraction]:
        first = math.floor(self.per_decade * math.log10(self.nearest))
        last = math.ceil(self.per_decade * math.log10(self.alpha_max - 1))
        orders = []
        for j in range(first, last + 1):
            with mpmath.workdps(30):
                offset = Fraction(Decimal(mpmath.nstr(mpmath.power(10, mpmath.mpf(j) / self.per_decade), 6)))
            alpha = 1 + offset
            if self.nearest <= offset and alpha < self.alpha_max and alpha not in orders:
                orders.append(alpha)
        orders.append(self.alpha_max)
        return orders

    def describe(self) -> str:
        return (f"{len(self.orders())} orders: alpha - 1 = 10^(j/{self.per_decade}) from "
                f"{_show(self.nearest)}, and alpha = {_show(self.alpha_max)}")


def grid_supremum(ratio, grid: AlphaGrid | None = None):
    """(alpha, value) maximising ``ratio(alpha)`` (D_alpha/alpha) over the grid."""
    best = None
    for alpha in (grid or AlphaGrid()).orders():
        value = ratio(alpha)
        if best is None or value > best[1]:
            best = (alpha, value)
    return best


def peak(ratio, grid: AlphaGrid | None = None, steps: int = GOLDEN_STEPS):
    """The largest D_alpha/alpha near the best grid order, refined by golden-section search.

    Returns (alpha, value) as mpf.  The search runs on u = log(alpha - 1) inside
    the two grid cells beside the best order, so a peak between grid points is
    found; a peak at the grid's first order means the supremum is approached
    as alpha -> 1.
    """
    orders = (grid or AlphaGrid()).orders()
    values = [ratio(a) for a in orders]
    best = max(range(len(orders)), key=values.__getitem__)
    low = mpmath.log(_mpf(orders[max(best - 1, 0)] - 1))
    high = mpmath.log(_mpf(orders[min(best + 1, len(orders) - 1)] - 1))

    def at(u):
        return ratio(1 + mpmath.exp(u))

    u = golden_section_maximum(at, low, high, steps, golden=(mpmath.sqrt(5) - 1) / 2)
    value = at(u)
    if values[best] > value:
        return _mpf(orders[best]), values[best]
    return 1 + mpmath.exp(u), value


def _mpf(value: Fraction):
    return mpmath.mpf(value.numerator) / value.denominator


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.3g}"
