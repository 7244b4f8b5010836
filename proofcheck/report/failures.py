"""What a reader is told when a claim fails: where, what was derived, what was asserted, and by how much.

A checker's counter-example is data (the JSON output keeps it whole, every
digit included); this module turns it into lines a reader can act on:

    in claims/50-main.toml, claim eq-31
    derived:  2*Phi(sigma) - 1
    asserted: 2*Phi(sigma/2) - 1
    at sigma = 5: derived 1.9751613, asserted 0.99999943
    relative difference 0.49: they part at the 1st significant digit

Pure functions of a result; nothing is recomputed, so an explanation can never
disagree with the verdict it explains.
"""
from __future__ import annotations

import os

import mpmath
import sympy as sp

from ..core.model.errors import shorten

# Digits shown in text; the JSON output carries all the digits the check trusted.
SHOWN_DIGITS = 10

# (derived side, asserted side) as the kinds name them in a counter-example.
_PAIRS = (("definition", "asserted"), ("derived", "asserted"), ("objective", "asserted"),
          ("quadrature", "asserted"), ("energy", "asserted"), ("lhs", "rhs"))


def explain(result, indent: str = "      ") -> list[str]:
    """The lines under a FAIL or ERROR line of ``verify``."""
    claim, verdict = result.claim, result.verdict
    lines = [f"in {display_path(claim.source)}, claim {claim.id}"]
    if verdict.details:
        lines.append(shorten(verdict.details, 300))
    if verdict.status == "failed":
        lines += _sides(claim, verdict.counterexample)
        lines += _point_and_values(verdict.counterexample)
    elif verdict.counterexample.get("point"):
        lines.append("at " + _point(verdict.counterexample["point"]))
    return [indent + line for line in lines]


def display_path(source: str) -> str:
    """A claims file relative to the working folder when it lies below it, else as given."""
    try:
        relative = os.path.relpath(source)
    except ValueError:  # another drive
        return source
    return source if relative.startswith("..") else relative


def _sides(claim, counterexample: dict) -> list[str]:
    """The definition (when its values are shown), the formula SymPy derived, and the assertion."""
    if all(isinstance(claim.get(name), str) for name in ("lhs", "rel", "rhs")):
        # An inequality asserts the relation as a whole, not one side.
        return [f"claimed:  {shorten(claim.get('lhs'), 90)} {claim.get('rel')} {shorten(claim.get('rhs'), 90)}"]
    lines = []
    formula = next((counterexample[key] for key in counterexample if key.endswith(" formula")), None)
    definition = _first_field(claim, defining=True)
    if definition and (formula is None or "definition" in counterexample):
        # The values shown are the definition's: the reader sees what was evaluated.
        lines.append(f"definition: {shorten(definition, 200)}")
    if formula is not None:
        lines.append(f"derived:  {shorten(formula, 200)}")
    asserted = _first_field(claim, defining=False)
    if asserted:
        lines.append(f"asserted: {shorten(asserted, 200)}")
    return lines


def _first_field(claim, defining: bool) -> str | None:
    """The claim's first defining (or asserted) expression, as the claims file writes it."""
    kind = claim.checker
    if kind is None:
        return None
    asserted = set(kind.asserted_fields)
    fields = [f for f in kind.expression_fields if (f in asserted) != defining]
    for name in fields:
        value = claim.get(name)
        if isinstance(value, str):
            return value
    return None


def _point_and_values(counterexample: dict) -> list[str]:
    pair = next(((a, b) for a, b in _PAIRS if a in counterexample and b in counterexample), None)
    point = counterexample.get("point")
    where = f"at {_point(point)}: " if point else ""
    if pair is None:
        extra = {k: v for k, v in counterexample.items()
                 if k not in ("point", "simplest", "details") and not k.endswith(" formula")}
        shown = ", ".join(f"{k} {_number(v)}" for k, v in extra.items())
        return ([where + shown] if where or shown else []) + _shrunk_from(counterexample)
    left, right = (counterexample[key] for key in pair)
    lines = [f"{where}{pair[0]} {_number(left)}, {pair[1]} {_number(right)}"]
    # For an inequality the sides are meant to differ: where they part says nothing.
    gap = parting(left, right) if pair != ("lhs", "rhs") else ""
    if gap:
        lines.append(gap)
    return lines + _shrunk_from(counterexample)


def _shrunk_from(counterexample: dict) -> list[str]:
    """The simplest point where the claim still fails, when there is one simpler (core/points/shrink.py)."""
    simplest = counterexample.get("simplest")
    if not simplest:
        return []
    shown = _point_and_values({k: v for k, v in simplest.items() if k != "details"})
    return ["simplest failing point found: " + shown[0]] if shown else []


def _point(point) -> str:
    if isinstance(point, str):
        return point  # already written out (a series held to the numbers: "a = 1/2")
    return ", ".join(f"{name} = {_number(value)}" for name, value in point.items())


def _number(text) -> str:
    """A value readable at a glance: SHOWN_DIGITS significant digits (exact text kept in JSON)."""
    value = _as_mpf(text)
    if value is None:
        return shorten(str(text), 60)
    return mpmath.nstr(value, SHOWN_DIGITS)


def _as_mpf(text):
    try:
        with mpmath.workdps(60):
            if isinstance(text, str) and "/" in text:
                rational = sp.Rational(text)
                return mpmath.mpf(rational.p) / rational.q
            return mpmath.mpf(text)
    except (ValueError, TypeError, ZeroDivisionError):
        return None


def parting(left, right) -> str:
    """The relative difference of two values and the significant digit at which they part.

    Relative to the larger magnitude; ``k`` shared leading digits means they part
    at digit ``k + 1`` (0.886 and 0.87, relative 0.018, part at the 2nd).
    """
    a, b = _as_mpf(left), _as_mpf(right)
    if a is None or b is None or not (mpmath.isfinite(a) and mpmath.isfinite(b)):
        return ""
    with mpmath.workdps(60):
        scale = max(abs(a), abs(b))
        if scale == 0 or a == b:
            return ""
        relative = abs(a - b) / scale
        shared = max(0, int(mpmath.floor(-mpmath.log10(relative))))
    return f"relative difference {mpmath.nstr(relative, 2)}: they part at the {_ordinal(shared + 1)} " \
           f"significant digit"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
