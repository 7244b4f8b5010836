"""Paper packs: each folder holds one paper's claims as data.

A pack is a folder with ``paper.toml`` (its name, title and source) and a
``claims/`` folder of TOML files, one per section of the paper, in order.
A pack may add kinds of its own: its ``paper.toml`` lists them in a
``[kinds]`` table (name = "module:Class", the module relative to the pack).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from ..core.model.errors import ProofcheckError

HERE = Path(__file__).parent


@dataclass
class Pack:
    name: str
    title: str
    source: str
    folder: Path
    order: int = 0
    kinds: dict | None = None  # kind name -> "proofcheck.papers.<pack>.module:Class"

    @property
    def claims_folder(self) -> Path:
        return self.folder / "claims"


def packs() -> dict[str, Pack]:
    """Every installed pack, by name, in their declared order."""
    return dict(_installed())


@lru_cache(maxsize=1)
def _installed() -> dict[str, Pack]:
    # Read once per process: each claim's kind is looked up through the packs' kinds.
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
    from ..kinds import engine_kinds  # lazy: listing the packs loads no engine
    registry = engine_kinds()
    for pack in packs().values():
        registry = registry.with_kinds(pack.kinds)
    return registry


def load_claims(names=None, path=None, only=None):
    """Claims of the named packs (all by default), or of a claims file or folder.

    With ``only`` (a collection of ids) just those claims are built: parsing
    every expression of every pack takes seconds, checking one claim need not.
    A packaged claim is built once per process while its file is unchanged.
    """
    from ..core.model.claims import load_path  # lazy: listing the packs loads no engine
    only = set(only) if only is not None else None
    if path is not None:
        return _own(load_path(path, registry_for(), only=only, **own_files(path)), path)
    return [built_claim(entry) for entry in list_claims(names) if only is None or entry.id in only]


def list_claims(names=None, path=None):
    """The claims of the named packs, or of a file or folder, read but not built (``verify --list``)."""
    from ..core.model.claims import list_path  # lazy: listing the packs loads no engine
    if path is not None:
        return _own(list_path(path, registry_for(), **own_files(path)), path)
    claims = []
    for pack, start in _selected(names):
        claims += _listed(pack.claims_folder, pack.name, start, _stamp(pack.claims_folder))
    return claims


def built_claim(entry):
    """The claim that ``entry`` of a packaged paper (``list_claims``) lists, built once per
    process while its file is unchanged: a pytest item builds its own claim, no other."""
    stat = Path(entry.source).stat()
    return _built(entry.source, entry.paper, entry.id, entry.order, (stat.st_mtime_ns, stat.st_size))


OWN_PATTERN = "*.claims.toml"  # the files of a folder of one's own, as pytest collects them


def broken_own_files(path) -> dict[str, str]:
    """The files of a folder of one's own that cannot be built: file -> one-line reason."""
    from ..core.model.claims import broken_files
    return broken_files(path, registry_for(), OWN_PATTERN)


def own_files(path) -> dict:
    """How a claims file or folder of one's own is read: ``*.claims.toml``, the broken ones aside."""
    return {"pattern": OWN_PATTERN, "skip": tuple(broken_own_files(path))}


def _own(claims, path):
    """A claims file of one's own names its paper (``paper = ...``) or is named after the file:
    a result always says which paper it belongs to."""
    name = next((c.paper for c in claims if c.paper), "") or \
        Path(path).name.removesuffix(".toml").removesuffix(".claims") or "claims"
    for claim in claims:
        claim.paper = claim.paper or name
    return claims


def _selected(names):
    """``(pack, order of its first claim)`` for each named pack (every pack by default)."""
    available = packs()
    selected = list(available) if not names else list(names)
    unknown = [name for name in selected if name not in available]
    if unknown:
        raise ProofcheckError(f"unknown paper {unknown[0]!r} (known: {', '.join(available)})")
    return [(available[name], _first_order(available, name)) for name in selected]


def _numbered(claims, start):
    for claim in claims:
        claim.order += start
    return claims


def _first_order(available, name) -> int:
    """The order of a pack's first claim: the packs' claims are numbered on in the packs' order,
    whichever are selected, so a claim's order never depends on what else is loaded."""
    start = 0
    for pack in available.values():
        if pack.name == name:
            return start
        start += len(_listed(pack.claims_folder, pack.name, 0, _stamp(pack.claims_folder)))
    raise KeyError(name)


@lru_cache(maxsize=16)
def _listed(folder: Path, paper: str, start: int, stamp: tuple) -> tuple:
    """A pack's entries, read once per process while its files are unchanged (``stamp``)."""
    from ..core.model.claims import list_path  # lazy: listing the packs loads no engine
    return tuple(_numbered(list_path(folder, registry_for(), paper=paper), start))


@lru_cache(maxsize=4096)
def _built(source: str, paper: str, claim_id: str, order: int, stamp: tuple):
    from ..core.model.claims import load_file  # lazy: listing the packs loads no engine
    claim, = load_file(source, registry_for(), paper=paper, only={claim_id}, document=_document(source, stamp))
    claim.order = order
    return claim


@lru_cache(maxsize=64)
def _document(source: str, stamp: tuple) -> dict:
    """A claims file's TOML, read once while it is unchanged: each claim of it is built apart."""
    from ..core.model.claims import read_file  # lazy: listing the packs loads no engine
    return read_file(source)


def _stamp(folder: Path) -> tuple:
    from ..core.model.claims import claims_files  # lazy: listing the packs loads no engine
    return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in claims_files(folder))
