"""A verdict as Python objects: mpmath numbers at the working precision, SymPy for what was derived.

The engine's verdict keeps its counter-example as text (every digit the check
trusted, as ``verify --json`` prints it).  Here each value that is a number is
read back as an ``mpmath.mpf`` at the ``dps`` the check ran at: a decimal, a
rational ``p/q``, or an exact number such as ``sqrt(2)`` (a point snapped to
a simple value), the last through the whitelist parser.  The formula SymPy
derived is parsed in the claim's own symbols by the same parser; text is never
passed to ``sympify`` or ``eval``.  A value that is neither stays text.
"""
from __future__ import annotations

from typing import Any

import mpmath
import sympy as sp

from ..core.model.claims import Claim
from ..core.model.errors import ProofcheckError
from ..core.model.expressions import parse_expression
from ..core.model.results import MutantReport, Result
from ..core.model.verdict import MAX_SAMPLES, Settings, Verdict
from ..core.numbers.precision import validate_dps
from ..report.failures import explain
from ..report.markdown import plain
from . import display

DEFAULT_SEED = 20260729


def settings_for(dps: int, samples: int, seed: int) -> Settings:
    """The engine's settings, each argument checked as the command line checks it."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ProofcheckError(f"samples must be an integer from 1 to {MAX_SAMPLES}, got {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ProofcheckError(f"seed must be an integer, got {seed!r}")
    return Settings(dps=validate_dps(dps, "dps"), seed=seed, samples=samples)


class CheckedVerdict:
    """The verdict on one claim, with its counter-example as numbers and its derived formula as SymPy."""

    def __init__(self, claim: Claim, verdict: Verdict, dps: int, mutants: MutantReport | None = None):
        self.claim = claim
        self.verdict = verdict  # the engine's record, as ``verify --json`` prints it
        self.dps = dps
        self.mutants = mutants
        self.counterexample: dict[str, Any] = numbers(verdict.counterexample, dps)
        self.derived: sp.Expr | None = derived_formula(claim, verdict.counterexample)

    @property
    def id(self) -> str:
        return self.claim.id

    @property
    def status(self) -> str:
        """``passed``, ``failed`` or ``error``."""
        return self.verdict.status

    @property
    def passed(self) -> bool:
        return self.verdict.passed

    @property
    def evidence(self) -> str | None:
        """``symbolic``, ``certified``, ``numeric`` or ``logical`` for a pass; None otherwise."""
        return self.verdict.evidence

    @property
    def route(self) -> str:
        return self.verdict.route

    @property
    def details(self) -> str:
        return self.verdict.details

    @property
    def seconds(self) -> float:
        return self.verdict.seconds

    def explanation(self) -> list[str]:
        """What a reader is told when the claim fails or errs (as ``verify`` prints it); empty on a pass."""
        if self.passed:
            return []
        return explain(Result(self.claim, self.verdict, self.mutants), indent="")

    def __repr__(self) -> str:
        how = ", ".join(part for part in (self.evidence, self.route) if part)
        return f"<CheckedVerdict {self.id}: {self.status}" + (f" ({how})>" if how else ">")

    def _repr_markdown_(self) -> str:
        claim = self.claim
        lines = [f"{display.heading(claim.id, claim.where, claim.kind)}: "
                 f"{display.STATUS_WORDS.get(self.status, self.status)}", "",
                 display.shown(claim), "",
                 f"- evidence: {display.cell(self.evidence)}",
                 f"- route: {display.cell(self.route)}",
                 f"- at {self.dps} digits, {self.seconds:.2f} s"]
        if self.mutants is not None:
            lines.append(f"- negative controls: {self.mutants.rejected} of {self.mutants.made} rejected"
                         + (f", accepted: {plain(', '.join(self.mutants.accepted))}"
                            if self.mutants.accepted else ""))
        if self.passed:
            if self.details:
                lines.append(f"- {plain(self.details)}")
        else:
            lines += ["", "```", *self.explanation(), "```"]
        return "\n".join(lines) + "\n"


def numbers(value: Any, dps: int) -> Any:
    """``value`` with every number in it (nested tables too) an ``mpf`` at ``dps`` digits.

    A formula (a key ending in `` formula``) stays text: it is an expression in
    the claim's symbols, not a value; ``derived_formula`` reads it.
    """
    if isinstance(value, dict):
        return {key: item if str(key).endswith(" formula") else numbers(item, dps)
                for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [numbers(item, dps) for item in value]
    return number(value, dps)


def number(value: Any, dps: int) -> Any:
    """One value as an ``mpf`` at ``dps`` digits when it is a real number, else unchanged."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return value
    with mpmath.workdps(dps):
        try:
            return mpmath.mpf(value.strip() if isinstance(value, str) else value)  # decimals and p/q
        except (ValueError, TypeError):
            pass
        exact = _exact_number(str(value))
        if exact is None:
            return value
        return mpmath.mpf(str(exact.evalf(dps + 5)))


def _exact_number(text: str) -> sp.Expr | None:
    """``sqrt(2)``, ``pi/4``: a real number written as an expression without symbols, or None."""
    try:
        expression = parse_expression(text, {})
    except (ValueError, TypeError):
        return None
    if isinstance(expression, sp.Expr) and expression.is_number and expression.is_real:
        return expression
    return None


def derived_formula(claim: Claim, counterexample: dict) -> sp.Expr | None:
    """The formula SymPy derived for a failed claim, as an expression in the claim's symbols.

    None when the counter-example names none, or when the formula cannot be
    read back (it was shortened for display, or uses a name outside the
    whitelist).
    """
    formulas = [key for key in counterexample if str(key).endswith(" formula")]
    if not formulas:
        return None
    key = "derived formula" if "derived formula" in formulas else formulas[0]
    text = counterexample[key]
    if not isinstance(text, str):
        return None
    try:
        expression = parse_expression(text, claim.symbols, claim.functions)
    except (ValueError, TypeError):  # ExpressionError is a ValueError
        return None
    return expression if isinstance(expression, sp.Expr) else None
