"""The map of a paper as JSON, for machines: the same rows and summary as the
Markdown report, plus the figures written and the registry check."""
from __future__ import annotations

import json
from pathlib import Path

from ..version import __version__
from .paper_map import Agreement, PaperMap


def report_dict(paper_map: PaperMap, figures=(), check: Agreement | None = None,
                out_dir: Path | None = None) -> dict:
    record = {
        "proofcheck": __version__,
        "papers": [{"name": p.name, "title": p.title, "source": p.source} for p in paper_map.papers],
        "settings": dict(paper_map.settings),
        "summary": paper_map.summary().as_dict(),
        "claims": [row.as_dict() for row in paper_map.rows],
        "figures": [f.as_dict(relative_to=out_dir) for f in figures],
    }
    if check is not None:
        record["registry"] = {"agrees": check.agrees, "missing": check.missing,
                              "duplicated": check.duplicated, "extra": check.extra,
                              "unknown_scripts": check.unknown_scripts,
                              "unreferenced_scripts": check.unreferenced_scripts}
    return record


def render(paper_map: PaperMap, figures=(), check: Agreement | None = None,
           out_dir: Path | None = None) -> str:
    return json.dumps(report_dict(paper_map, figures, check, out_dir), indent=1, ensure_ascii=False) + "\n"
