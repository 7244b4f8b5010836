"""A paper's claims in Python: ``load`` a pack, index a claim by id, check it.

A pack is read when loaded (ids, places and statements, in the paper's order)
and each claim is built, its expressions parsed, only when it is first needed:
loading a paper and checking one of its claims takes a fraction of a second,
where building every claim of a large paper takes seconds.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path

import sympy as sp

from ..core.model.claims import Claim, Entry, claims_files, read_file
from ..core.model.errors import ProofcheckError
from ..core.model.verdict import DEFAULT_DPS
from ..core.run.check import check_claim, run_mutants
from ..papers import list_claims, load_claims, packs
from ..report.markdown import plain
from . import display
from .verdicts import DEFAULT_SEED, CheckedVerdict, settings_for


def load(name_or_path: str | os.PathLike[str]) -> Pack:
    """The claims of a packaged paper (``"larger-groups"``) or of a claims file or folder.

    Raises ``ProofcheckError`` (one line) for an unknown paper, a missing path
    or a malformed claims file.
    """
    available = packs()
    if isinstance(name_or_path, str) and name_or_path in available:
        pack = available[name_or_path]
        return Pack(pack.name, pack.title, pack.source, list_claims([pack.name]), paper=pack.name)
    if isinstance(name_or_path, str) and not _names_a_path(name_or_path):
        raise ProofcheckError(f"unknown paper {name_or_path!r} (known: {', '.join(available)}; "
                              "or give the path of a claims file or folder)")
    path = Path(name_or_path)
    entries = list_claims(path=path)
    name = entries[0].paper if entries else path.stem
    return Pack(name, _file_title(path) or name, str(path), entries, path=path)


def _names_a_path(text: str) -> bool:
    return os.path.exists(text) or text.endswith(".toml") or "/" in text or os.sep in text


def _file_title(path: Path) -> str:
    """The title a claims file gives itself (its section's), for a pack read from a path."""
    title = read_file(claims_files(path)[0]).get("title")
    return title if isinstance(title, str) else ""


class Pack(Mapping[str, "ClaimHandle"]):
    """The claims of one paper, by id, in the paper's order."""

    def __init__(self, name: str, title: str, source: str, entries: list[Entry],
                 paper: str | None = None, path: Path | None = None):
        self.name = name
        self.title = title
        self.source = source  # where the paper is (an arXiv number), or the claims file's path
        self._paper = paper
        self._path = path
        self._handles = {entry.id: ClaimHandle(self, entry) for entry in entries}
        self._built: dict[str, Claim] = {}

    def __getitem__(self, claim_id: str) -> ClaimHandle:
        try:
            return self._handles[claim_id]
        except KeyError:
            raise KeyError(f"no claim {claim_id!r} in {self.name}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._handles)

    def __len__(self) -> int:
        return len(self._handles)

    def claim(self, claim_id: str) -> Claim:
        """The engine's record of one claim, built on first use."""
        if claim_id not in self._built:
            self._remember(self._load(only={self[claim_id].id}))
        return self._built[claim_id]

    def claims(self) -> list[Claim]:
        """Every claim built, in the paper's order."""
        if len(self._built) < len(self):
            self._remember(self._load(only=None))
        return [self._built[claim_id] for claim_id in self]

    def _load(self, only: set[str] | None) -> list[Claim]:
        if self._path is not None:
            return load_claims(path=self._path, only=only)
        return load_claims([self._paper], only=only)

    def _remember(self, claims: list[Claim]) -> None:
        for claim in claims:
            self._built.setdefault(claim.id, claim)

    def __repr__(self) -> str:
        return f"<Pack {self.name!r}: {len(self)} claim{'s' if len(self) != 1 else ''}>"

    def _repr_markdown_(self) -> str:
        rows = [(f"`{handle.id}`", display.cell(handle.where),
                 display.statement(handle.statement, handle.statement_tex, in_table=True), handle.kind)
                for handle in self.values()]
        lines = [f"**{plain(self.name)}**: {plain(self.title)} ({len(self)} claims)", ""]
        return "\n".join(lines + display.table(("id", "where", "statement", "kind"), rows)) + "\n"


class ClaimHandle:
    """One claim of a pack: what it states, its expressions as SymPy, and its check."""

    def __init__(self, pack: Pack, entry: Entry):
        self.pack = pack
        self._entry = entry

    @property
    def id(self) -> str:
        return self._entry.id

    @property
    def where(self) -> str:
        """Its place in the paper, e.g. "Lemma 4.1, eq. (8)"."""
        return self._entry.where

    @property
    def statement(self) -> str:
        return self._entry.statement

    @property
    def statement_tex(self) -> str | None:
        tex = self._entry.get("statement_tex")
        return tex if isinstance(tex, str) else None

    @property
    def kind(self) -> str:
        return self._entry.kind

    @property
    def claim(self) -> Claim:
        """The engine's record: domain, symbols, parsed fields, checker."""
        return self.pack.claim(self.id)

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of its fields that are expressions (``lhs``, ``asserts``, ...)."""
        return tuple(name for name, value in self.claim.parsed.items() if isinstance(value, sp.Basic))

    def expression(self, field: str) -> sp.Expr:
        """Field ``field`` parsed to SymPy, with the claim's definitions substituted."""
        value = self.claim.parsed.get(field)
        if not isinstance(value, sp.Basic):
            raise KeyError(f"claim {self.id} has no expression {field!r} (it has: {', '.join(self.fields)})")
        return value

    def check(self, dps: int = DEFAULT_DPS, samples: int = 4, seed: int = DEFAULT_SEED,
              mutants: bool = False) -> CheckedVerdict:
        """Check the claim from definitions at ``dps`` working digits (and its negative controls).

        The check runs in this process; whatever goes wrong inside it becomes
        an ``error`` verdict, as in ``verify``.
        """
        settings = settings_for(dps, samples, seed)
        claim = self.claim
        verdict = check_claim(claim, settings)
        report = run_mutants(claim, settings) if mutants else None
        return CheckedVerdict(claim, verdict, settings.dps, report)

    def __repr__(self) -> str:
        return f"<ClaimHandle {self.id} ({self.where}; {self.kind}): {self.statement}>"

    def _repr_latex_(self) -> str | None:
        if self.statement_tex:
            return f"${self.statement_tex}$"
        return display.claim_latex(self.claim)

    def _repr_markdown_(self) -> str:
        shown = display.shown(self.claim)
        words = display.statement(self.statement, None)
        # Beside its formula, the words: they carry the hypotheses a formula leaves out.
        lines = [display.heading(self.id, self.where, self.kind), "", shown]
        if shown != words:
            lines += ["", words]
        return "\n".join(lines) + "\n"
