"""The map of a paper: location -> claim -> kind -> evidence -> derivation -> status.

In the spirit of SampCert's ``paper_mapping.md`` (DESIGN.md, "A map of the
paper"): one row per claim, in the paper's order, so a reader can hold the
table against the paper; and a summary of how many claims reached each level
of evidence and how long the checking took.

The map is built from the claims registry (the packs' TOML files) and,
when the claims were checked, from the runner's results.  ``agreement``
compares the map with the registry and the ``derivations/`` folder: every
claim appears exactly once, every derivation a claim names exists, and every
derivation script is named by some claim.
"""
from __future__ import annotations

import importlib
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.model.narrowing import checked_line, sampled_note
from ..core.model.support import describe, weakest_along
from ..core.model.verdict import EVIDENCE_ORDER, STATUSES
from .failures import explain

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib
from ..core.model.errors import ProofcheckError
from ..papers import built_claim, list_claims, packs

NOT_CHECKED = "not checked"


@dataclass(frozen=True)
class PaperInfo:
    name: str
    title: str = ""
    source: str = ""


@dataclass(frozen=True)
class MapRow:
    """One claim of the map, as the paper states it and as it was checked."""

    id: str
    paper: str
    section: str
    where: str
    statement: str
    statement_tex: str
    kind: str
    derivation: str | None
    status: str = NOT_CHECKED
    evidence: str | None = None
    seconds: float | None = None
    details: str = ""
    finding: bool = False
    section_title: str = ""
    evidence_note: str = ""        # sampling narrowed in data; a weaker step along rests_on
    explanation: tuple = ()        # a failure as verify explains it: claimed, derived, the point
    checked: str = ""              # what the check covers: "checked: for all 0 < r < 1" (narrowing.py)

    def as_dict(self) -> dict:
        return {"id": self.id, "paper": self.paper, "section": self.section,
                "section_title": self.section_title, "where": self.where,
                "statement": self.statement, "statement_tex": self.statement_tex or None,
                "kind": self.kind, "evidence": self.evidence, "derivation": self.derivation,
                "status": self.status, "seconds": self.seconds, "details": self.details,
                "finding": self.finding, "evidence_note": self.evidence_note,
                "explanation": list(self.explanation), "checked": self.checked}


@dataclass
class Summary:
    """Claims per evidence level and per status, and the time the checks took."""

    claims: int
    evidence: dict[str, int]
    status: dict[str, int]
    seconds: float | None          # wall time of the whole run, when the claims were checked
    cpu_seconds: float | None      # sum of the per-claim times

    @property
    def checked(self) -> bool:
        return self.status.get(NOT_CHECKED, 0) < self.claims or self.claims == 0

    def standing_counts(self) -> str:
        """``125 proved (111 symbolic, 14 certified), 42 sampled, 45 by argument``."""
        e = self.evidence
        proved = e.get("symbolic", 0) + e.get("certified", 0)
        return (f"{proved} proved ({e.get('symbolic', 0)} symbolic, {e.get('certified', 0)} certified), "
                f"{e.get('numeric', 0)} sampled, {e.get('logical', 0)} by argument")

    @property
    def all_passed(self) -> bool:
        return self.status.get("passed", 0) == self.claims

    def as_dict(self) -> dict:
        return {"claims": self.claims, "evidence": dict(self.evidence), "status": dict(self.status),
                "seconds": self.seconds, "cpu_seconds": self.cpu_seconds}


@dataclass
class PaperMap:
    papers: list[PaperInfo]
    rows: list[MapRow]
    seconds: float | None = None
    settings: dict = field(default_factory=dict)

    def for_paper(self, name: str) -> "PaperMap":
        return PaperMap([p for p in self.papers if p.name == name],
                        [r for r in self.rows if r.paper == name], self.seconds, dict(self.settings))

    def summary(self) -> Summary:
        return summarise(self.rows, self.seconds)


def summarise(rows, seconds=None) -> Summary:
    passed = Counter(r.evidence for r in rows if r.status == "passed")
    status = Counter(r.status for r in rows)
    times = [r.seconds for r in rows if r.seconds is not None]
    return Summary(claims=len(rows), evidence={e: passed.get(e, 0) for e in EVIDENCE_ORDER},
                   status={s: status.get(s, 0) for s in (*STATUSES, NOT_CHECKED) if status.get(s)},
                   seconds=None if seconds is None else round(seconds, 2),
                   cpu_seconds=round(sum(times), 2) if times else None)


def derivation_name(value) -> str | None:
    """The script name a claim's ``derivation`` field refers to: ``NAME``,
    ``NAME.py`` and ``derivations/NAME.py`` all name ``derivations/NAME.py``."""
    if not value:
        return None
    name = str(value).strip().replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-3] if name.endswith(".py") else name


def section_title(source) -> str:
    """The ``title`` a claims file gives its section ("" if it gives none)."""
    try:
        return str(tomllib.loads(Path(source).read_text(encoding="utf-8")).get("title", ""))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""


def row_from_claim(claim, result=None, title: str = "") -> MapRow:
    row = MapRow(id=claim.id, paper=claim.paper, section=claim.section, where=claim.where,
                 statement=claim.statement, statement_tex=str(claim.get("statement_tex") or ""),
                 kind=claim.kind, derivation=derivation_name(claim.get("derivation")),
                 finding=bool(claim.get("finding")), section_title=title, checked=checked_line(claim))
    if result is None:
        return row
    verdict = result.verdict
    details = "" if verdict.passed else (verdict.details or "")[:300]
    note = sampled_note(claim, verdict)
    explanation = () if verdict.passed else tuple(explain(result))
    return replace(row, status=verdict.status, evidence=verdict.evidence,
                   seconds=round(verdict.seconds, 3), details=details, evidence_note=note,
                   explanation=explanation, checked=checked_line(claim, verdict.evidence))


def _with_chains(claims, results, rows):
    """Note on each row a weaker step along its rests_on chain (core/model/support.py)."""
    chains = weakest_along(claims, {r.claim.id: (r.verdict.status, r.verdict.evidence) for r in results})
    out = []
    for row in rows:
        note = describe(chains[row.id]) if row.id in chains else ""
        joined = "; ".join(n for n in (row.evidence_note, note) if n)
        out.append(replace(row, evidence_note=joined))
    return out


def build_map(claims, results=None, papers=None, seconds=None, settings=None) -> PaperMap:
    """The map of ``claims`` in their loaded order, which is the paper's order
    (one file per section, records in the order the paper states them).

    ``results`` (from ``proofcheck.core.run.runner.run``) are matched to claims by
    position, as the runner returns them.
    """
    if results is not None and len(results) != len(claims):
        raise ValueError(f"results: {len(results)} results for {len(claims)} claims")
    titles = {source: section_title(source) for source in {c.source for c in claims}}
    rows = [row_from_claim(c, results[i] if results is not None else None, titles[c.source])
            for i, c in enumerate(claims)]
    if results is not None:
        rows = _with_chains(claims, results, rows)
    if papers is None:
        papers = [PaperInfo(name) for name in dict.fromkeys(r.paper for r in rows)]
    return PaperMap(list(papers), rows, seconds, dict(settings or {}))


def load_registry(names=None, path=None):
    """The claims of the named packs (all by default), or of a claims file or
    folder, with the papers they belong to.

    The claims are entries as their files list them (``claims.Entry``), which is
    all the map reads; ``papers.built_claim`` builds one to check it.  A claims
    file of one's own is built here as well, so that an expression it gets wrong
    is an error even when nothing is checked (``report --no-verify``).
    A pack whose ``claims/`` folder holds no file yet is listed with no claims
    rather than refused, so the map can be drawn while a paper is being entered.
    """
    if path is not None:
        claims = list_claims(path=path)
        for claim in claims:
            built_claim(claim)
        return claims, [PaperInfo(p, source=str(path)) for p in dict.fromkeys(c.paper for c in claims)]
    available = packs()
    selected = list(names) if names else list(available)
    claims, papers = [], []
    for name in selected:
        pack = available.get(name)
        if pack is None:
            raise ProofcheckError(f"unknown paper {name!r} (known: {', '.join(available)})")
        papers.append(PaperInfo(pack.name, pack.title, pack.source))
        if not any(pack.claims_folder.rglob("*.toml")):
            continue
        claims += list_claims([name])
    return claims, papers


def derivation_folders() -> list[Path]:
    """The folders of the ``proofcheck.derivations`` package: ``derivations/``
    installed, or found by the package's stand-in in a source checkout."""
    try:
        package = importlib.import_module("proofcheck.derivations")
    except ImportError:
        return []
    return [Path(p) for p in getattr(package, "__path__", [])]


def derivation_scripts(folder=None) -> list[str]:
    """Every derivation script's name (``derivations/NAME.py``, ``__init__`` excluded)."""
    folders = [Path(folder)] if folder is not None else derivation_folders()
    return sorted({p.stem for f in folders if f.is_dir() for p in f.glob("*.py")
                   if not p.name.startswith("_")})


def derivations_folder() -> Path | None:
    """The folder that holds the derivation scripts (the target of the report's links)."""
    folders = derivation_folders()
    for folder in folders:
        if derivation_scripts(folder):
            return folder
    return folders[0] if folders else None


def referenced_scripts() -> set[str]:
    """The derivation scripts that some claim of some pack names, read from the
    claims files directly: cheaper than building every claim, when only the
    ``derivation`` fields are needed."""
    named = set()
    for pack in packs().values():
        for path in sorted(pack.claims_folder.rglob("*.toml")):
            try:
                records = tomllib.loads(path.read_text(encoding="utf-8")).get("claim", [])
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue  # loading the claims reports a broken file, with its name
            named |= {derivation_name(r.get("derivation")) for r in records if isinstance(r, dict)}
    return {name for name in named if name is not None}


@dataclass
class Agreement:
    """How the map and the registry differ; empty lists mean they agree."""

    missing: list[str]           # claims of the registry absent from the map
    duplicated: list[str]        # claims that appear more than once in the map
    extra: list[str]             # rows of the map that are no claim of the registry
    unknown_scripts: list[str]   # "claim-id -> NAME": a claim names a script that does not exist
    # Scripts that no claim names; None when only part of the registry was
    # loaded, since a script may belong to a paper not in view.
    unreferenced_scripts: list[str] | None

    @property
    def claims_agree(self) -> bool:
        return not (self.missing or self.duplicated or self.extra or self.unknown_scripts)

    @property
    def agrees(self) -> bool:
        return self.claims_agree and not self.unreferenced_scripts


def agreement(paper_map: PaperMap, claims, scripts, whole_registry: bool = True) -> Agreement:
    """Compare the map with the registry's ``claims`` and the derivation ``scripts``.
    Claims are keyed by ``paper:id``, since two papers may reuse an id.  Only
    when ``whole_registry`` holds can a script be said to be unreferenced."""
    counts = Counter(f"{r.paper}:{r.id}" for r in paper_map.rows)
    registry = {f"{c.paper}:{c.id}" for c in claims}
    scripts = set(scripts)
    named = {r.derivation for r in paper_map.rows if r.derivation}
    return Agreement(
        missing=sorted(registry - set(counts)),
        duplicated=sorted(i for i, k in counts.items() if k > 1),
        extra=sorted(set(counts) - registry),
        unknown_scripts=[f"{r.id} -> {r.derivation}" for r in paper_map.rows
                         if r.derivation and r.derivation not in scripts],
        unreferenced_scripts=sorted(scripts - named) if whole_registry else None,
    )
