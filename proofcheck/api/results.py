"""``verify``: every claim of a pack checked, as ``proofcheck verify`` checks them, as one result.

Each claim is checked in a worker process of its own (``core/run/runner.py``), so
a claim that runs away is stopped at ``timeout`` and becomes that claim's
error while the others go on.  The verdict cache of the command line is not
used: a result is always checked now.
"""
from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping

from ..core.model.errors import ProofcheckError
from ..core.model.timeout import DEFAULT_TIMEOUT
from ..core.model.verdict import DEFAULT_DPS, EVIDENCE_ORDER, STATUSES
from ..core.run.runner import run
from ..report.console import Tally
from ..report.markdown import plain
from . import display
from .packs import Pack, load
from .verdicts import DEFAULT_SEED, CheckedVerdict, settings_for


def verify(pack_or_name: Pack | str | os.PathLike[str], dps: int = DEFAULT_DPS, jobs: int = 1,
           mutants: bool = False, *, samples: int = 4, seed: int = DEFAULT_SEED,
           timeout: float | None = DEFAULT_TIMEOUT) -> VerifyResult:
    """Check every claim of a pack (a ``Pack``, a packaged paper's name, or a claims path).

    ``jobs`` worker processes check claims side by side; ``mutants`` also runs
    each claim's negative controls; ``timeout`` is the limit per claim in
    seconds (None for none).
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ProofcheckError(f"jobs must be a positive integer, got {jobs!r}")
    settings = settings_for(dps, samples, seed)
    pack = pack_or_name if isinstance(pack_or_name, Pack) else load(pack_or_name)
    claims = pack.claims()
    start = time.perf_counter()
    results = run(claims, settings, jobs=jobs, mutants=mutants, timeout=timeout or None) if claims else []
    verdicts = [CheckedVerdict(r.claim, r.verdict, settings.dps, r.mutants) for r in results]
    return VerifyResult(pack.name, verdicts, settings.dps, time.perf_counter() - start)


class VerifyResult(Mapping[str, CheckedVerdict]):
    """The verdicts on a pack's claims, by id in the paper's order, and their counts."""

    def __init__(self, pack: str, verdicts: list[CheckedVerdict], dps: int, seconds: float):
        self.pack = pack
        self.dps = dps
        self.seconds = seconds
        self.verdicts = {verdict.id: verdict for verdict in verdicts}
        self._tally = Tally()
        for verdict in verdicts:
            self._tally.add(verdict)  # a CheckedVerdict carries the engine's verdict, as a Result does

    def __getitem__(self, claim_id: str) -> CheckedVerdict:
        try:
            return self.verdicts[claim_id]
        except KeyError:
            raise KeyError(f"no claim {claim_id!r} in this result for {self.pack}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.verdicts)

    def __len__(self) -> int:
        return len(self.verdicts)

    @property
    def counts(self) -> dict[str, int]:
        """How many claims passed, failed and could not be checked (``error``)."""
        return {status: self._tally.status[status] for status in STATUSES}

    @property
    def evidence(self) -> dict[str, int]:
        """How many claims passed at each level of evidence, strongest first."""
        return {level: self._tally.evidence[level] for level in EVIDENCE_ORDER}

    @property
    def failures(self) -> list[CheckedVerdict]:
        """The verdicts that are not passes: failed, or could not be checked."""
        return [verdict for verdict in self.verdicts.values() if not verdict.passed]

    @property
    def all_passed(self) -> bool:
        """Every claim passed and no negative control that ran was accepted (``verify``'s exit 0)."""
        controls = [v.mutants for v in self.verdicts.values() if v.mutants is not None]
        return self._tally.all_passed and all(report.ok for report in controls)

    @property
    def standings(self) -> dict[str, int]:
        """How many claims passed proved, sampled and by argument (``verify --require``'s levels)."""
        return self._tally.standings()

    def summary(self) -> str:
        """``212 claims: 125 proved (111 symbolic, 14 certified), 42 sampled, 45 by argument; 0 failed``."""
        return self._tally.counts()

    def __repr__(self) -> str:
        return f"<VerifyResult {self.pack}: {self.summary()}>"

    def _repr_markdown_(self) -> str:
        rows = [(f"`{v.id}`", display.cell(v.claim.where), display.STATUS_WORDS.get(v.status, v.status),
                 v.evidence or "-", display.cell(v.route)) for v in self.verdicts.values()]
        lines = [f"**{plain(self.pack)}**: {self.summary()}, {self.seconds:.1f} s at {self.dps} digits", ""]
        lines += display.table(("id", "where", "status", "evidence", "route"), rows)
        for verdict in self.failures:
            lines += ["", f"**{plain(verdict.id)}** {verdict.status}:", "", "```", *verdict.explanation(), "```"]
        return "\n".join(lines) + "\n"
