"""Write-ups that go with a paper's report: ``docs/<paper>/*.md`` of a source checkout.

A write-up states a result in prose, step by step, each step linked to its claim id
and evidence (e.g. ``docs/findings/c-star-upper-bound.md``).  ``proofcheck report``
copies the folder (figures included) next to the paper's report and links each file
from it; an installed package without the ``docs`` folder simply has none.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"

# A paper's name as a folder: a plain name, never a path.  The name comes from a claims file,
# and "../../etc" would have copied a folder from anywhere to anywhere.
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def folder_for(paper: str, docs: Path | None = None) -> Path | None:
    """``docs/<paper>``, or None where the paper's name is not a plain folder name."""
    if not isinstance(paper, str) or not _PLAIN.fullmatch(paper) or ".." in paper:
        return None
    return (docs or DOCS) / paper


def writeups_for(paper: str, docs: Path | None = None) -> list[Path]:
    """The Markdown write-ups of ``paper``, sorted by name ([] when there are none)."""
    folder = folder_for(paper, docs)
    return sorted(folder.glob("*.md")) if folder is not None and folder.is_dir() else []


def title_of(path: Path) -> str:
    """The first heading of a write-up, or its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def copy_writeups(paper: str, out_dir: Path, docs: Path | None = None) -> list[tuple[str, str]]:
    """Copy ``docs/<paper>/`` to ``out_dir/<paper>/``; (title, link relative to out_dir) per write-up."""
    found = writeups_for(paper, docs)
    if not found:
        return []
    target = Path(out_dir) / paper
    source = folder_for(paper, docs)
    assert source is not None  # writeups_for found write-ups there
    shutil.copytree(source, target, dirs_exist_ok=True)
    return [(title_of(path), f"{paper}/{path.name}") for path in found]
