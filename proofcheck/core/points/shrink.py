"""A failed claim's counter-example moved to the simplest point where the claim still fails.

A sampled failure sits where the sampler happened to draw (``s = 10^-30, d = 10^6``); the
same claim usually fails at ``s = d = 1`` too, which a reader can check by hand.  As
hypothesis shrinks a failing example, each parameter in turn is moved to simpler values
(small integers, simple fractions, the middle of its range), kept where the claim still
fails there.  "Still fails" is decided by the claim's own checker on the claim with every
parameter fixed at that point (a ``define`` of each), with the same digits: a shrunk point is
a counter-example by the same standard as the original, never by a float tolerance.  The
verdict is unchanged (an error stays an error): the simplest point is added beside the one the
check found, as ``simplest`` in the JSON and one more line under a failure.
"""
from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import sympy as sp

from ..model.errors import DomainError, ProofcheckError, SymbolicTimeout
from ..model.expressions import parse_expression
from ..model.timeout import time_budget
from ..model.verdict import Settings, Verdict, show_point

# Simple values in order of preference; each parameter's mid-range is tried with them.
SIMPLE = (1, 2, 0, Fraction(1, 2), 3, -1, 4, 5, 10, Fraction(1, 10), Fraction(1, 4), Fraction(3, 2),
          -2, Fraction(-1, 2), 100, Fraction(1, 100))
# At most this many checks of a fixed point, and this much CPU time: shrinking is for reading.
MAX_CHECKS = 12
SHRINK_SECONDS = 20.0


def shrink_counterexample(claim, verdict: Verdict, settings: Settings) -> Verdict:
    """``verdict`` with its counter-example at the simplest failing point found (or as it was)."""
    # Only a failure: an error stays the error it was (the corpus holds some by design), and a
    # user who wants a verdict where a quadrature gave up narrows the domain.
    original = verdict.counterexample.get("point") if verdict.status == "failed" else None
    # A point written out as text ("a = 1/2", a series held to the numbers) is shown as it is.
    if not isinstance(original, dict) or not original or settings.mutant_mode or not claim.domain.parameters:
        return verdict
    try:
        current = {name: _value(str(text)) for name, text in original.items()}
    except ProofcheckError:
        return verdict
    if set(current) != set(claim.domain.parameters):
        return verdict
    found = None
    try:
        with time_budget(SHRINK_SECONDS):
            found = _search(claim, current, settings)
    except SymbolicTimeout:
        pass  # shrinking is for reading; the original counter-example stands
    except Exception:  # noqa: BLE001 - never let the reading aid spoil the verdict it reads
        return verdict
    if found is None:
        return verdict
    current, found = found
    # Beside the point the check found, kept whole (its reason, values and formulas), the
    # simplest: its values as the checker of the fixed claim reports them.
    values = {k: v for k, v in found.counterexample.items() if not k.endswith(" formula") and k != "point"}
    simplest = {"point": show_point(current), **values, "details": found.details}
    return replace(verdict, counterexample={**verdict.counterexample, "simplest": simplest})


_RATIONAL = re.compile(r"-?[0-9]+(/[0-9]+)?")


def _value(text: str):
    """A point's value as the verdict shows it: an exact rational (of any size) or an expression."""
    return sp.Rational(text) if _RATIONAL.fullmatch(text) else parse_expression(text, {})


def _search(claim, current, settings):
    """(the simplest failing point found, the verdict there), or None.

    Every parameter at one simple value first (1, 1), then each parameter in turn moved to
    simpler values, the others held.  A point whose values the parser cannot take (a
    rational of thirty digits, where the sampler drew it) is skipped, so the first stage is
    what frees a counter-example of such values."""
    names = list(claim.domain.parameters)
    trials = [{name: value for name in names} for value in _candidates(claim, names[0], current)]
    trials = [t for t in trials if _total(t) < _total(current)]
    found, checks = None, 0
    for trial in trials:
        if checks >= MAX_CHECKS // 2:
            break
        if _in_domain(claim, trial):
            checks += 1
            at_trial = _check_at(claim, trial, settings)
            if at_trial is not None:
                current, found = trial, at_trial
                break
    for name in names:
        for value in _candidates(claim, name, current):
            if checks >= MAX_CHECKS:
                return None if found is None else (current, found)
            trial = {**current, name: value}
            if not _in_domain(claim, trial):
                continue
            checks += 1
            at_trial = _check_at(claim, trial, settings)
            if at_trial is not None:
                current, found = trial, at_trial
                break
    return None if found is None else (current, found)


def _total(point) -> int:
    return sum(_complexity(v) for v in point.values())


def _complexity(value) -> int:
    """How hard a value is to read: |numerator| + denominator of a rational, else very."""
    value = sp.nsimplify(value) if not isinstance(value, sp.Basic) else value
    if value.is_Rational:
        return abs(int(value.p)) + int(value.q)
    return 10**12


def _candidates(claim, name, current) -> list:
    """Values simpler than the current one for parameter ``name``, the simplest first."""
    parameter = claim.domain.parameters[name]
    values = [sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.Integer(v)
              for v in SIMPLE]
    middle = _middle(claim, parameter, current)
    if middle is not None:
        values.append(middle)
    if parameter.integer:
        values = [v for v in values if v.is_Integer]
    limit = _complexity(current[name])
    chosen = []
    for value in sorted(values, key=_complexity):
        if _complexity(value) < limit and value not in chosen:
            chosen.append(value)
    return chosen


def _middle(claim, parameter, current):
    """The middle of a bounded range, rounded to a simple fraction; None for an open range."""
    if parameter.lower is None or parameter.upper is None:
        return None
    at = {p.symbol: current[n] for n, p in claim.domain.parameters.items()}
    try:
        middle = ((parameter.lower.expr + parameter.upper.expr) / 2).xreplace(at)
        if not middle.is_number:
            return None
        return sp.Rational(Fraction(float(middle)).limit_denominator(10))
    except (TypeError, ValueError, AttributeError, OverflowError):
        return None


def _in_domain(claim, trial) -> bool:
    try:
        claim.domain.validate_point(trial)
        return True
    except (DomainError, ProofcheckError, TypeError, ValueError):
        return False


def _check_at(claim, trial, settings) -> Verdict | None:
    """The claim's own failed verdict with every parameter fixed at ``trial``, or None."""
    from ..model.claims import build_claim
    record = {k: v for k, v in claim.raw.items() if k not in ("params", "points", "sampling", "define")}
    # The fixed values first, then the file's helpers the claim uses, then its own: each may
    # use the ones before it, as the parameters were before.
    record["define"] = ({name: sp.sstr(value) for name, value in trial.items()}
                        | dict(claim.shared_define or {}) | dict(claim.get("define") or {}))
    try:
        fixed = build_claim(record, claim.source, {claim.kind: claim.checker}, paper=claim.paper,
                            section=claim.section, order=claim.order)
        verdict = claim.checker.check(fixed, settings)
    except SymbolicTimeout:
        raise
    except Exception:  # noqa: BLE001 - a point the checker cannot decide is no counter-example
        return None
    return verdict if verdict.status == "failed" else None
