"""What checking a claim gives back: its verdict and the outcome of its negative controls.

The runner (``runner.py``) makes these records; ``verify`` prints them, the
JSON and Markdown reports and the verdict cache (``verdict_cache.py``) keep them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .claims import Claim
from .narrowing import checked_line
from .verdict import Verdict


@dataclass
class MutantReport:
    made: int = 0
    rejected: int = 0
    accepted: list = field(default_factory=list)  # descriptions of mutants the checker accepted
    dismissed: list = field(default_factory=list)  # perturbations shown densely to be no wrong claim
    seconds: float = 0.0
    unfinished: str = ""  # why the controls did not all run (a time limit, a killed worker)

    @property
    def ok(self) -> bool:
        """Every control ran and none was accepted: only then do the controls vouch for the claim."""
        return not self.accepted and not self.unfinished

    def as_dict(self):
        record = {"made": self.made, "rejected": self.rejected, "accepted": list(self.accepted),
                  "dismissed": len(self.dismissed), "seconds": round(self.seconds, 3)}
        if self.unfinished:
            record["unfinished"] = self.unfinished
        return record


@dataclass
class Result:
    claim: Claim
    verdict: Verdict
    mutants: MutantReport | None = None
    cached: bool = False  # taken from the verdict cache (core/run/verdict_cache.py), not checked now

    def as_dict(self) -> dict:
        record: dict = {
            "id": self.claim.id, "paper": self.claim.paper, "where": self.claim.where,
            "statement": self.claim.statement, "kind": self.claim.kind,
            "status": self.verdict.status, "evidence": self.verdict.evidence,
            "route": self.verdict.route, "checked": checked_line(self.claim, self.verdict.evidence),
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
        if self.cached:
            record["cached"] = True
        return record
