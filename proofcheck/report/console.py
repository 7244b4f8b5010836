"""The text ``verify`` prints: results in the papers' order, a header per paper, a summary per paper.

Workers finish claims in any order; ``InOrder`` holds a result back until every
claim before it has been printed, so the output is the same whatever ``-j`` is.
"""
from __future__ import annotations

import os
import textwrap
from collections import Counter
from dataclasses import dataclass, field

from ..core.model.verdict import EVIDENCE_ORDER, STANDING, STANDING_ORDER
from .failures import explain

STATUS_WORDS = {"passed": "PASS", "failed": "FAIL", "error": "ERROR"}
ID_WIDTH, WHERE_WIDTH = 34, 40
# The columns of a result line around the id and the location: status, evidence, seconds.
_FIXED = len("ERROR ") + len(" certified ") + len("000.00s")
# ANSI colours of the status words (green, red, yellow); NO_COLOR (no-color.org) turns them off.
_COLOURS = {"passed": "32", "failed": "31", "error": "33"}


@dataclass(frozen=True)
class Layout:
    """How the text is laid out: its width (None: the fixed columns, as piped output has) and
    whether the status words are coloured."""

    width: int | None = None
    colour: bool = False

    @classmethod
    def for_stream(cls, stream, environ) -> "Layout":
        """A terminal's width and colour; piped output keeps the fixed columns and no colour."""
        if not stream.isatty():
            return cls()
        try:
            width = os.get_terminal_size(stream.fileno()).columns
        except (OSError, ValueError):
            width = None
        return cls(width=width, colour=not environ.get("NO_COLOR"))

    def columns(self) -> tuple[int, int]:
        """The widths of the id and the location: the fixed ones where they fit, else shared."""
        if self.width is None or self.width >= _FIXED + ID_WIDTH + WHERE_WIDTH + 2:
            return ID_WIDTH, WHERE_WIDTH
        room = max(self.width - _FIXED - 2, 12)
        ident = min(ID_WIDTH, max(12, room * 3 // 5))
        return ident, max(room - ident, 0)

    def status(self, status: str) -> str:
        word = f"{STATUS_WORDS[status]:5}"
        return f"\x1b[{_COLOURS[status]}m{word}\x1b[0m" if self.colour else word

    def wrap(self, text: str) -> str:
        """A summary line folded at words to the width, so that no number is cut in two."""
        if self.width is None or len(text) <= self.width:
            return text
        return textwrap.fill(text, self.width, subsequent_indent="  ", break_long_words=False)


class InOrder:
    """Release results in the claims' order, each as soon as all claims before it are done."""

    def __init__(self, claims):
        self._position = {(claim.paper, claim.id): i for i, claim in enumerate(claims)}
        self._waiting: dict[int, object] = {}
        self._next = 0

    def add(self, result) -> list:
        self._waiting[self._position[(result.claim.paper, result.claim.id)]] = result
        released = []
        while self._next in self._waiting:
            released.append(self._waiting.pop(self._next))
            self._next += 1
        return released


def fit(text: str, width: int) -> str:
    """``text`` in ``width`` columns: cut at a word with an ellipsis, never mid-word."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text.ljust(width)
    cut = text[:width - 1]
    if " " in cut and not text[width - 1].isspace():
        cut = cut[:cut.rindex(" ")]
    return (cut.rstrip(" ,;:") + "…").ljust(width)


def result_line(result, layout: Layout = Layout()) -> str:
    """One claim: status, id, location, evidence, time, and the negative controls if run."""
    v = result.verdict
    ident, where = layout.columns()
    location = f"{fit(result.claim.where, where)} " if where else ""
    line = (f"{layout.status(v.status)} {fit(result.claim.id, ident)} {location}"
            f"{v.evidence or '-':9} {v.seconds:6.2f}s")
    mutants = result.mutants
    if mutants is not None:
        line += (f"  mutants {mutants.rejected}/{mutants.made} rejected"
                 + (f", {len(mutants.dismissed)} dismissed" if mutants.dismissed else "")
                 + f" ({mutants.seconds:.1f}s)")
        if mutants.unfinished:
            line += f"; {mutants.unfinished}"
    if not v.passed:
        line += "\n" + "\n".join(explain(result))
        from .permalinks import link_for
        link = link_for(result.claim.paper, result.claim.id)
        if link:
            line += f"\n      see {link}"
    return line


def paper_header(paper: str, title: str, count: int, layout: Layout = Layout()) -> str:
    name = f"{paper}: {title}" if title else paper
    tail = f" ({count} claim{'s' if count != 1 else ''}) =="
    if layout.width is not None and len(name) + len(tail) + 3 > layout.width:
        name = fit(name, max(layout.width - len(tail) - 3, len(paper))).rstrip()
    return f"== {name}{tail}"


@dataclass
class Tally:
    """Counts of a set of results: statuses and the evidence of those that passed."""

    status: Counter = field(default_factory=Counter)
    evidence: Counter = field(default_factory=Counter)

    def add(self, result):
        self.status[result.verdict.status] += 1
        if result.verdict.passed:
            self.evidence[result.verdict.evidence] += 1

    @property
    def all_passed(self) -> bool:
        return not self.status["failed"] and not self.status["error"]

    def standings(self) -> dict[str, int]:
        """Passed claims by what they rest on: proved, sampled, by argument."""
        found: Counter = Counter()
        for evidence, count in self.evidence.items():
            found[STANDING[evidence]] += count
        return {name: found.get(name, 0) for name in STANDING_ORDER}

    def counts(self) -> str:
        """``12 claims: 9 proved (7 symbolic, 2 certified), 1 sampled, 2 by argument; 0 failed``,
        and, only when there are any, ``, 2 errors``."""
        total = sum(self.status.values())
        standings = self.standings()
        proved = (f"{standings['proved']} proved ({self.evidence.get('symbolic', 0)} symbolic, "
                  f"{self.evidence.get('certified', 0)} certified)")
        text = (f"{total} claim{'s' if total != 1 else ''}: {proved}, {standings['sampled']} sampled, "
                f"{standings['by argument']} by argument; {self.status['failed']} failed")
        errors = self.status["error"]
        return text + (f", {errors} error{'s' if errors != 1 else ''}" if errors else "")

    def as_dict(self) -> dict:
        standings = self.standings()
        return {"passed": self.status["passed"], "failed": self.status["failed"],
                "errors": self.status["error"], "proved": standings["proved"],
                "sampled": standings["sampled"], "by_argument": standings["by argument"],
                "evidence": {e: self.evidence.get(e, 0) for e in EVIDENCE_ORDER}}


def paper_summary(paper: str, tally: Tally, layout: Layout = Layout()) -> str:
    return layout.wrap(f"-- {paper}: {tally.counts()}")
