"""Paper packs: each folder holds one paper's claims as data.

A pack is a folder with ``paper.toml`` (its name, title and source) and a
``claims/`` folder of TOML files, one per section of the paper, in order.
A pack may add kinds of its own: its ``paper.toml`` lists them in a
``[kinds]`` table (name = "module:Class", the module relative to the pack).
"""
from __future__ import annotations

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
    kinds: dict = None  # kind name -> "proofcheck.papers.<pack>.module:Class"

    @property
    def claims_folder(self) -> Path:
        return self.folder / "claims"


def packs() -> dict[str, Pack]:
    """Every installed pack, by name, in their declared order."""
    found = []
    for meta in sorted(HERE.glob("*/paper.toml")):
        data = tomllib.loads(meta.read_text(encoding="utf-8"))
        package = f"proofcheck.papers.{meta.parent.name}"
        kinds = {name: f"{package}.{place}" for name, place in data.get("kinds", {}).items()}
        found.append(Pack(name=data["name"], title=data["title"], source=data.get("source", ""),
                          folder=meta.parent, order=int(data.get("order", 100)), kinds=kinds))
    return {p.name: p for p in sorted(found, key=lambda p: (p.order, p.name))}


def registry_for():
    """The kinds a claim may use: the engine's and every pack's (imported only when used)."""
    from ..kinds import engine_kinds
    registry = engine_kinds()
    for pack in packs().values():
        registry = registry.with_kinds(pack.kinds)
    return registry


def load_claims(names=None, path=None, only=None):
    """Claims of the named packs (all by default), or of a claims file or folder.

    With ``only`` (a collection of ids) just those claims are built: parsing
    every expression of every pack takes seconds, checking one claim need not.
    """
    from ..core.claims import load_path
    only = set(only) if only is not None else None
    return _gather(names, path, lambda folder, kinds, paper: load_path(folder, kinds, paper=paper, only=only))


def list_claims(names=None, path=None):
    """The claims of the named packs, or of a file or folder, read but not built (``verify --list``)."""
    from ..core.claims import list_path
    return _gather(names, path, lambda folder, kinds, paper: list_path(folder, kinds, paper=paper))


def _gather(names, path, read):
    if path is not None:
        # A claims file of one's own may use any kind, a pack's included.
        claims = read(path, registry_for(), "")
        # A claims file of one's own names its paper (``paper = ...``) or is named after the
        # file: a result always says which paper it belongs to.
        name = next((c.paper for c in claims if c.paper), "") or Path(path).stem or "claims"
        for claim in claims:
            claim.paper = claim.paper or name
        return claims
    available = packs()
    selected = list(available) if not names else list(names)
    unknown = [name for name in selected if name not in available]
    if unknown:
        raise ProofcheckError(f"unknown paper {unknown[0]!r} (known: {', '.join(available)})")
    kinds = registry_for()
    claims = []
    offset = 0
    for name in selected:
        pack = available[name]
        found = read(pack.claims_folder, kinds, pack.name)
        for claim in found:
            claim.order += offset
        claims += found
        offset += _count(pack)
    return claims


def _count(pack) -> int:
    """How many claims a pack lists, so that the next pack's orders follow on."""
    from ..core.claims import claims_files, read_file
    return sum(len(read_file(f).get("claim", [])) for f in claims_files(pack.claims_folder))
