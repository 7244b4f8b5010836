"""Helpers shared by subcommands: argument types and a progress bar."""
from __future__ import annotations

import argparse
import sys


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


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
