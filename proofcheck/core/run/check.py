"""Checking one claim: its kind's check, its corroboration by a script, its negative controls.

Whatever goes wrong inside a check becomes that claim's ``error`` verdict; a claim that
SymPy reads otherwise than its text is an error before it is checked
(``literal_reading``).  The worker pool that runs these checks in isolation is
``runner.py``.
"""
from __future__ import annotations

import time
from dataclasses import replace

from ..kinds.derived import corroborate
from ..model.claims import Claim
from ..model.errors import ProofcheckError, SymbolicTimeout, shorten
from ..model.narrowing import note_narrowing
from ..model.results import MutantReport
from ..model.verdict import Settings, Verdict
from ..points.shrink import shrink_counterexample
from .limits import memory_limit_bytes
from .literal_reading import misreading

# An error verdict's reason is kept to this many characters: an error may echo a huge expression.
REASON_LIMIT = 300


def check_claim(claim: Claim, settings: Settings) -> Verdict:
    """The verdict on ``claim``; whatever goes wrong inside a check is that claim's error."""
    kind = claim.checker
    start = time.perf_counter()
    try:
        verdict = _misread(claim, settings) or kind.check(claim, settings)
        verdict = shrink_counterexample(claim, verdict, settings)
        if settings.corroborate and not kind.checks_its_script:
            verdict = corroborate(claim, verdict, settings)
        verdict = note_narrowing(claim, verdict)
    except ProofcheckError as error:
        verdict = Verdict("error", None, shorten(str(error), REASON_LIMIT))
    except MemoryError:
        limit = memory_limit_bytes()
        verdict = Verdict("error", None, "ran out of memory" + (
            f" (a check may use {limit / 2**30:.0f} GiB)" if limit else ""))
    except SymbolicTimeout as error:
        verdict = Verdict("error", None, shorten(str(error), REASON_LIMIT))
    except Exception as error:  # noqa: BLE001 - an error verdict, never a crash of the run
        verdict = Verdict("error", None, shorten(f"{type(error).__name__}: {error}", REASON_LIMIT))
    verdict.seconds = time.perf_counter() - start
    return verdict


def _misread(claim: Claim, settings: Settings) -> Verdict | None:
    """An error where SymPy's reading of the claim differs from the text at a sampled point
    (``literal_reading``); a negative control, built from that reading, is not read again."""
    if settings.mutant_mode:
        return None
    found = misreading(claim, settings)
    return None if found is None else Verdict("error", None, found)


def control_settings(settings: Settings) -> Settings:
    """The settings a negative control is checked under: a counter-example is all it needs."""
    return replace(settings, symbolic_budget=min(settings.symbolic_budget, 10.0), mutant_mode=True,
                   corroborate=False)


def run_mutants(claim: Claim, settings: Settings, limit: int | None = None,
                before_each=None) -> MutantReport:
    """Check the negative controls of ``claim`` (the first ``limit`` of them, if given).

    ``before_each()`` is called as each control starts (a worker renews its time limit).
    """
    kind = claim.checker
    report = MutantReport()
    start = time.perf_counter()
    if not kind.computational:
        return report
    mutant_settings = control_settings(settings)
    # A kind may produce its controls lazily (an inequality checks each perturbation densely
    # before it counts as a control): with a ``limit``, no perturbation is even made once
    # that many controls have run.
    controls = iter(kind.mutants(claim, settings))
    while limit is None or report.made < limit:
        description, mutant = next(controls, (None, None))
        if description is None:
            break
        if mutant is None:  # a perturbation the kind dismissed (a weakened inequality)
            report.dismissed.append(description)
            continue
        if before_each:
            before_each()
        report.made += 1
        verdict = check_claim(mutant, mutant_settings)
        if verdict.status == "passed":
            report.accepted.append(description)
        else:
            report.rejected += 1
    report.seconds = time.perf_counter() - start
    return report


def timed_out(timeout: float) -> Verdict:
    return Verdict("error", None, f"timed out after {timeout:g} s", seconds=timeout)
