"""Paper packs: each folder holds one paper's claims as data.

A pack is a folder with ``paper.toml`` (its name, title and source) and a
``claims/`` folder of TOML files, one per section of the paper, in order.
A pack may add kinds of its own in ``kinds.py``.
"""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from ..core.errors import ProofcheckError

HERE = Path(__file__).parent


@dataclass
class Pack:
    name: str
    title: str
    source: str
    folder: Path
    order: int = 0

    @property
    def claims_folder(self) -> Path:
        return self.folder / "claims"


def packs() -> dict[str, Pack]:
    """Every installed pack, by name, in their declared order."""
    found = []
    for meta in sorted(HERE.glob("*/paper.toml")):
        data = tomllib.loads(meta.read_text(encoding="utf-8"))
        found.append(Pack(name=data["name"], title=data["title"], source=data.get("source", ""),
                          folder=meta.parent, order=int(data.get("order", 100))))
    return {p.name: p for p in sorted(found, key=lambda p: (p.order, p.name))}


def load_kinds() -> None:
    """Register the kinds that the DP layer and the packs add to the core's."""
    importlib.import_module("proofcheck.dp.kinds")
    for pack in packs().values():
        if (pack.folder / "kinds.py").exists():
            importlib.import_module(f"proofcheck.papers.{pack.folder.name}.kinds")


def load_claims(names=None, path=None):
    """Claims of the named packs (all by default), or of a claims file or folder."""
    from ..core.claims import load_path
    from ..core.kinds import KINDS
    load_kinds()
    if path is not None:
        claims = load_path(path, KINDS)
        # A claims file of one's own names its paper (``paper = ...``) or is named after the
        # file: a result always says which paper it belongs to.
        name = next((c.paper for c in claims if c.paper), "") or Path(path).stem or "claims"
        for claim in claims:
            claim.paper = claim.paper or name
        return claims
    available = packs()
    selected = list(available) if not names else list(names)
    claims = []
    for name in selected:
        pack = available.get(name)
        if pack is None:
            raise ProofcheckError(f"unknown paper {name!r} (known: {', '.join(available)})")
        for claim in load_path(pack.claims_folder, KINDS, paper=pack.name):
            claim.order += len(claims)
            claims.append(claim)
    return claims
