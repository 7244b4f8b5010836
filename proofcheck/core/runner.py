"""The runner: check claims (and their negative controls), in parallel if asked.

Workers are forked after the claims are loaded, so they inherit the parsed
claims and receive only indices.  Each check runs in a worker's main thread,
where the time budget of symbolic steps can act.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass, field

from .claims import Claim
from .errors import ProofcheckError
from .kinds import KINDS
from .kinds.derived import corroborate
from .narrowing import note_narrowing
from .verdict import Settings, Verdict


@dataclass
class MutantReport:
    made: int = 0
    rejected: int = 0
    accepted: list = field(default_factory=list)  # descriptions of mutants the checker accepted
    dismissed: list = field(default_factory=list)  # perturbations shown densely to be no wrong claim
    seconds: float = 0.0

    def as_dict(self):
        return {"made": self.made, "rejected": self.rejected, "accepted": list(self.accepted),
                "dismissed": len(self.dismissed), "seconds": round(self.seconds, 3)}


@dataclass
class Result:
    claim: Claim
    verdict: Verdict
    mutants: MutantReport | None = None

    def as_dict(self) -> dict:
        record = {
            "id": self.claim.id, "paper": self.claim.paper, "where": self.claim.where,
            "statement": self.claim.statement, "kind": self.claim.kind,
            "status": self.verdict.status, "evidence": self.verdict.evidence,
            "route": self.verdict.route,
            "seconds": round(self.verdict.seconds, 3), "details": self.verdict.details,
        }
        if self.verdict.counterexample:
            record["counterexample"] = self.verdict.counterexample
        if self.claim.get("derivation"):
            record["derivation"] = self.claim.get("derivation")
        if self.claim.get("finding"):
            record["finding"] = True
        if self.mutants is not None:
            record["mutants"] = self.mutants.as_dict()
        return record


def check_claim(claim: Claim, settings: Settings) -> Verdict:
    kind = KINDS[claim.kind]
    start = time.perf_counter()
    try:
        verdict = kind.check(claim, settings)
        if claim.kind != "derived" and claim.get("derivation") and claim.get("result"):
            verdict = corroborate(claim, verdict, settings)
        verdict = note_narrowing(claim, verdict)
    except ProofcheckError as error:
        verdict = Verdict("error", None, str(error))
    except (ArithmeticError, ValueError, TypeError, NotImplementedError, RecursionError) as error:
        verdict = Verdict("error", None, f"{type(error).__name__}: {error}"[:300])
    verdict.seconds = time.perf_counter() - start
    return verdict


def run_mutants(claim: Claim, settings: Settings, limit: int | None = None) -> MutantReport:
    """Check the negative controls of ``claim`` (the first ``limit`` of them, if given)."""
    kind = KINDS[claim.kind]
    report = MutantReport()
    start = time.perf_counter()
    if not kind.computational:
        return report
    mutant_settings = Settings(dps=settings.dps, seed=settings.seed, samples=settings.samples,
                               symbolic_budget=min(settings.symbolic_budget, 10.0),
                               routes=settings.routes, mutant_mode=True)
    mutants = kind.mutants(claim, settings)
    # A kind lists a perturbation it dismissed (a weakened inequality) with no claim.
    report.dismissed = [description for description, mutant in mutants if mutant is None]
    mutants = [(description, mutant) for description, mutant in mutants if mutant is not None]
    for description, mutant in (mutants if limit is None else mutants[:limit]):
        report.made += 1
        verdict = check_claim(mutant, mutant_settings)
        if verdict.status == "passed":
            report.accepted.append(description)
        else:
            report.rejected += 1
    report.seconds = time.perf_counter() - start
    return report


_CLAIMS: list[Claim] = []
_SETTINGS: Settings | None = None
_WITH_MUTANTS = False


def _work(index: int) -> tuple[int, Verdict, MutantReport | None]:
    claim = _CLAIMS[index]
    verdict = check_claim(claim, _SETTINGS)
    mutants = run_mutants(claim, _SETTINGS) if _WITH_MUTANTS else None
    return index, verdict, mutants


def run(claims: list[Claim], settings: Settings, jobs: int = 1, mutants: bool = False,
        progress=None) -> list[Result]:
    """Check every claim; ``progress(done, total, result)`` is called as results arrive."""
    global _CLAIMS, _SETTINGS, _WITH_MUTANTS
    _CLAIMS, _SETTINGS, _WITH_MUTANTS = list(claims), settings, mutants
    results: list[Result | None] = [None] * len(claims)
    jobs = max(1, min(jobs, len(claims), os.cpu_count() or 1))

    def record(index, verdict, mutant_report, done):
        results[index] = Result(claims[index], verdict, mutant_report)
        if progress:
            progress(done, len(claims), results[index])

    if jobs == 1:
        for i in range(len(claims)):
            record(*_work(i), i + 1)
    else:
        context = multiprocessing.get_context("fork")
        # Slow claims first keeps both workers busy to the end.
        order = sorted(range(len(claims)), key=lambda i: -_expected_cost(claims[i]))
        with context.Pool(jobs) as pool:
            for done, (index, verdict, mutant_report) in enumerate(
                    pool.imap_unordered(_work, order, chunksize=1), start=1):
                record(index, verdict, mutant_report, done)
    return results  # type: ignore[return-value]


def _expected_cost(claim: Claim) -> int:
    return {"optimum": 3, "derived": 3, "identity": 2, "limit": 2, "series": 2}.get(claim.kind, 1)
