"""``did you mean ...?``: the nearest known name to a mistyped one (difflib's ratio)."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'identity'?)`` for the nearest of ``known`` to ``name``, or ``""``."""
    close = difflib.get_close_matches(str(name), sorted(set(known)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
