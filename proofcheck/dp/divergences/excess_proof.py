"""A certified bracket of sup_{alpha > 1} D_alpha/alpha at fixed parameters, for a printed excess.

A claim "sup_alpha D_alpha/alpha exceeds its alpha -> 1 limit rho0 by about x%" is a correct
rounding when the excess lies strictly inside the interval of numbers that round to x,
(x - u/2, x + u/2) for u a unit of its last place.  Both ends are proved here:

* the limit rho0 = F'(1) for F(alpha) = (alpha - 1) D_alpha, by l'Hopital once SymPy shows
  F(1) = 0 exactly; it is a closed form, enclosed by Arb;
* below: at one order alpha* (the peak the search found, as a rational), Arb shows
  D_alpha*/alpha* > rho0 (1 + (x - u/2)/100);
* above: D_alpha/alpha < rho0 (1 + (x + u/2)/100) at every alpha > 1, by the proof over
  the orders (``alpha_proof``: a Taylor form near alpha = 1, a bisection of log(alpha - 1),
  and beyond 1 + 2^H the monotonicity of Renyi divergences), which applies because the
  closed form is shown to be the Renyi divergence of two laws on finitely many points
  (``renyi_form``).

Anything not shown leaves the claim to the numeric route.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from ...core.decimals.printed import format_fixed, parse_decimal
from ...core.model.errors import SymbolicTimeout
from ...core.model.timeout import time_budget
from ...core.numbers.intervals import decide
from .alpha_proof import prepare, prove_orders
from .renyi_form import finite_renyi

SECONDS = 2.0
# Boxes per piece of the orders: the bound above the peak is within 0.02% of it for 7-RR at
# eps = 1/10, so the bisection about the peak goes deeper than the grid's points need.
BOXES = 2000


@dataclass
class ExcessProof:
    words: str
    route: str


def certified_excess(divergence, alpha, printed: str, peak_alpha) -> ExcessProof | None:
    """The proof that the excess of sup D_alpha/alpha over its alpha -> 1 limit rounds to
    ``printed`` percent, or None.  ``peak_alpha`` (an mpf) is where the search found the peak."""
    divergence = sp.sympify(divergence)
    if divergence.free_symbols != {alpha} or not finite_renyi(divergence, alpha):
        return None
    limit = _limit_at_one(divergence, alpha)
    if limit is None:
        return None
    number = parse_decimal(printed)
    unit = sp.Rational(1, 10 ** number.places)
    value = sp.Integer(int(number.scaled)) * unit
    low, high = (limit * (1 + (value + sign * unit / 2) / 100) for sign in (-1, 1))
    star = sp.Rational(str(Fraction(float(peak_alpha)).limit_denominator(10 ** 6)))
    if not star > 1 or decide(">", divergence.xreplace({alpha: star}) / star, low) is not True:
        return None
    prepared = prepare(divergence, high, alpha)
    if isinstance(prepared, str):
        return None
    outcome = prove_orders(prepared, {}, lambda order: False, BOXES)
    if outcome.status != "proved":
        return None
    below, above = (format_fixed(int(number.scaled) * 10 + step, number.places + 1) for step in (-5, 5))
    return ExcessProof(
        f"at alpha = {star}, D_alpha/alpha > rho0 (1 + {below}%) (Arb), and D_alpha/alpha < "
        f"rho0 (1 + {above}%) at every alpha > 1: near 1 by the Taylor remainder, up to 1 + "
        f"2^{outcome.far} by a bisection of log(alpha - 1) ({outcome.boxes} boxes), and beyond since the closed "
        f"form is the Renyi divergence of two laws on finitely many points, nondecreasing in alpha (van Erven & "
        f"Harremoes 2014, Thm. 3); rho0 = {limit} by l'Hopital",
        f"sup over alpha > 1 bracketed by Arb: {outcome.boxes} boxes, and alpha = {star}")


def _limit_at_one(divergence, alpha):
    """rho0 = F'(1) for F = (alpha - 1) D_alpha where SymPy shows F(1) = 0; else None."""
    try:
        with time_budget(SECONDS):
            cumulant = sp.simplify((alpha - 1) * divergence)
            if sp.simplify(cumulant.xreplace({alpha: 1})) != 0:
                return None
            limit = sp.simplify(sp.diff(cumulant, alpha).xreplace({alpha: 1}))
    except (SymbolicTimeout, ValueError, TypeError, NotImplementedError, ZeroDivisionError):
        return None
    return limit if limit.is_number and limit.is_positive else None
