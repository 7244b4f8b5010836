"""Helpers shared by subcommands: argument types and a progress bar."""
from __future__ import annotations

import argparse
import sys


def positive_int(text: str) -> int:
    if len(text) > 12:  # int() of thousands of digits is slow, or refused
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text[:20]!r}…")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


# More sample points than this only repeats the edges and general points already drawn,
# and a million would keep a run going for days.
MAX_SAMPLES = 200


def sample_count(text: str) -> int:
    """Sample points per numeric claim: a positive integer up to MAX_SAMPLES."""
    value = positive_int(text)
    if value > MAX_SAMPLES:
        raise argparse.ArgumentTypeError(f"at most {MAX_SAMPLES} sample points, got {value}")
    return value


def add_samples(parser):
    parser.add_argument("--samples", type=sample_count, default=4, metavar="N",
                        help=f"sample points per numeric claim, 1 to {MAX_SAMPLES} (default 4)")


def timeout_seconds(text: str) -> float | None:
    """A per-claim time limit in seconds; 0 means none."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text[:40]!r}") from None
    if not 0 <= value <= 86400 or value != value:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 (no limit) and 86400, got {text[:40]!r}")
    return value or None


def add_timeout(parser):
    from ..core.runner import DEFAULT_TIMEOUT
    parser.add_argument("--timeout", type=timeout_seconds, default=DEFAULT_TIMEOUT, metavar="S",
                        help=f"time limit per claim in seconds; a claim over it is an error, the others "
                        f"go on (default {DEFAULT_TIMEOUT:g}; 0 for none)")


class Progress:
    """A one-line progress bar on stderr, shown only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
        self.stream = stream or sys.stderr
        self.total = total
        self.enabled = enabled and total > 0 and self.stream.isatty()
        self.shown = False

    def update(self, done: int, label: str = ""):
        if not self.enabled:
            return
        width = 30
        filled = int(width * done / self.total)
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {label[:40]:40}")
        self.stream.flush()
        self.shown = True

    def clear(self):
        if self.enabled and self.shown:
            self.stream.write("\r" + " " * 80 + "\r")
            self.stream.flush()
            self.shown = False
