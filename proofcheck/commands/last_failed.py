"""``verify --lf``: check again only the claims that did not pass last time, as ``pytest --lf``.

Each ``verify`` that uses the verdict cache writes the ids of its claims that failed or
ended in an error to ``lastfailed.json`` in the cache folder (``--cache-dir``); ``--lf``
reads them back.  With nothing recorded, every selected claim is checked, as pytest does.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

FILE = "lastfailed.json"


def _path(args) -> Path | None:
    from ..core.run.verdict_cache import DEFAULT_DIR, cache_for
    if cache_for(args) is None:
        return None
    return Path(getattr(args, "cache_dir", None) or DEFAULT_DIR) / FILE


def recorded(args) -> set[str]:
    """The ids the last run recorded as not passed (empty when none, or unreadable)."""
    path = _path(args)
    try:
        return set(json.loads(path.read_text(encoding="utf-8")).get("not_passed", [])) if path else set()
    except (OSError, ValueError, AttributeError, TypeError):
        return set()


def keep_last_failed(args, claims) -> list:
    """The selected claims that did not pass last time; all of them when there are none."""
    failed = recorded(args)
    kept = [c for c in claims if c.id in failed]
    if not kept:
        print("proofcheck: no claim failed last time; checking every selected claim", file=sys.stderr)
        return claims
    return kept


def remember(args, results) -> None:
    """Record the ids of the claims that did not pass, for the next ``--lf``."""
    path = _path(args)
    if path is None:
        return
    # As pytest's cache: a claim checked now replaces its record; one not checked keeps it.
    checked = {r.claim.id for r in results}
    not_passed = sorted((recorded(args) - checked) | {r.claim.id for r in results if not r.verdict.passed})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"not_passed": not_passed}, indent=1) + "\n", encoding="utf-8")
    except OSError:
        pass  # a read-only folder: --lf then checks everything, nothing is lost
