"""Where a claim's HTML page is, so that a failure can print its link.

``proofcheck report --html`` records the pages it wrote, and the claim ids on each, in
``.proofcheck_cache/html-report.json`` of the current folder (beside the verdicts, and
git-ignored with them).  ``verify`` and the pytest plugin then print, under a failure,
``file:///.../larger-groups.html#lemma-4.1``, only when that page exists and holds the claim.
Nothing is recorded or read while ``PROOFCHECK_NO_CACHE`` is set (the test suite sets it), so
output that is compared line by line does not depend on a report written earlier.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.run.verdict_cache import DEFAULT_DIR, DISABLE_VARIABLE

INDEX = "html-report.json"


def _index_path(folder=None) -> Path:
    return Path(folder or DEFAULT_DIR) / INDEX


def record(pages: dict[str, tuple[Path, list[str]]], folder=None) -> None:
    """Keep ``paper -> (page, claim ids)``, merged with the pages recorded before."""
    if os.environ.get(DISABLE_VARIABLE):
        return
    path = _index_path(folder)
    known = _read(path)
    for paper, (page, ids) in pages.items():
        known[paper] = {"path": str(Path(page).resolve()), "ids": list(ids)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ignore = path.parent / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# created by proofcheck: the verdict cache\n*\n", encoding="utf-8")
        path.write_text(json.dumps({"pages": known}, indent=1), encoding="utf-8")
    except OSError:
        pass  # without the record, failures print no link; nothing else depends on it


def _read(path: Path) -> dict:
    try:
        pages = json.loads(path.read_text(encoding="utf-8")).get("pages", {})
    except (OSError, ValueError, AttributeError):
        return {}
    return pages if isinstance(pages, dict) else {}


def link_for(paper: str, claim_id: str, folder=None) -> str | None:
    """``file://...page.html#claim-id`` when a recorded page holds the claim, else None."""
    if os.environ.get(DISABLE_VARIABLE):
        return None
    entry = _read(_index_path(folder)).get(paper)
    if not isinstance(entry, dict) or claim_id not in entry.get("ids", []):
        return None
    page = Path(str(entry.get("path", "")))
    if not page.is_file():
        return None
    from .html_claim import anchor
    return f"{page.as_uri()}#{anchor(claim_id)}"
