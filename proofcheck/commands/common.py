"""Helpers shared by subcommands: argument types and a progress bar."""
from __future__ import annotations

import argparse
import sys
import time

from ..core.model.verdict import MAX_SAMPLES


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


def sample_count(text: str) -> int:
    """Sample points per numeric claim: a positive integer up to MAX_SAMPLES."""
    value = positive_int(text)
    if value > MAX_SAMPLES:
        raise argparse.ArgumentTypeError(f"at most {MAX_SAMPLES} sample points, got {value}")
    return value


def add_samples(parser):
    from ..core.model.sampling import MIN_POINTS
    # What N does (core/model/sampling.py): the draw of a claim without its own `samples` field has
    # max(N, MIN_POINTS) points; its `points` and the tie points come on top of them.
    parser.add_argument("--samples", type=sample_count, default=4, metavar="N",
                        help=f"points drawn for each numeric claim that sets no 'samples' of its own, 1 to "
                        f"{MAX_SAMPLES} (default 4): at least {MIN_POINTS} are always drawn, up to a third "
                        f"at the domain's edges, so only N above {MIN_POINTS} draws more; a claim's own "
                        f"'points' and the tie points come on top")


def add_dps(parser, default: int, high: int | None = None):
    """The one --dps of every command that computes, read by ``precision.validate_dps``.

    ``high`` is a command's own lower cap, where its cost grows too fast for MAX_DPS
    (``precision.MAX_QUADRATURE_DPS``, ``shifted_log_gaussian.MAX_DIGITS``).
    """
    from ..core.numbers.precision import MAX_DPS, MIN_DPS  # lazy: a command loads only what it runs
    parser.add_argument("--dps", default=str(default), metavar="N",
                        help=f"working digits, {MIN_DPS} to {high or MAX_DPS} (default {default}); JSON gives each "
                        f"value to the digits that are correct, text a readable rounding")


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
    from ..core.model.timeout import DEFAULT_TIMEOUT  # lazy: a command loads only what it runs
    parser.add_argument("--timeout", type=timeout_seconds, default=DEFAULT_TIMEOUT, metavar="S",
                        help=f"time limit per claim in seconds; a claim over it is an error, the others "
                        f"go on (default {DEFAULT_TIMEOUT:g}; 0 for none)")


def _eta(done: int, total: int, elapsed: float) -> str:
    """The time left at the pace so far, as m:ss ("-:--" before the first item is done)."""
    if done <= 0:
        return "-:--"
    left = round(elapsed / done * (total - done))
    return f"{left // 60}:{left % 60:02d}"


class Progress:
    """A progress bar on stderr: the item being worked on, the count done, the time elapsed and
    an estimate of the time left (from the pace so far; "-:--" until there is one).

    Drawn with ``rich`` below the lines the command prints (printing goes above
    it), as wide as the terminal, redrawn several times a second so a long item
    still shows time passing, and removed when the work ends.  Nothing at all is
    drawn unless both stdout and stderr are terminals: a bar in a log file or a
    pipe is noise, and printing above the bar needs both on the same screen.
    """

    def __init__(self, total: int, enabled: bool = True, stream=None):
        self.stream = stream or sys.stderr
        self.total = total
        self.enabled = enabled and total > 0 and _is_terminal(self.stream) and _is_terminal(sys.stdout)
        self._bar = None
        self._task = None
        self._done = 0
        self._label = ""
        self._started = time.monotonic()  # the pace counts from here, across a bar redrawn after clear()

    def update(self, done: int, label: str | None = None):
        """``done`` items finished; ``label`` names the item being worked on (None keeps it)."""
        self._done = done
        if label is not None:
            self._label = label
        self._draw()

    def working_on(self, label: str):
        self._label = label
        self._draw()

    def clear(self):
        """Remove the bar (the next update draws it again)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.clear()

    def _draw(self):
        if not self.enabled:
            return
        if self._bar is None:
            self._start()
        self._bar.update(self._task, completed=self._done, description=self._label,
                         eta=_eta(self._done, self.total, time.monotonic() - self._started))

    def _start(self):
        from rich.console import Console  # lazy: a command loads only what it runs

        # lazy: a command loads only what it runs
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )
        from rich.progress import Progress as RichProgress
        from rich.table import Column  # lazy: a command loads only what it runs
        console = Console(file=self.stream)
        self._bar = RichProgress(
            SpinnerColumn(), MofNCompleteColumn(), BarColumn(bar_width=None, table_column=Column(ratio=1)),
            TimeElapsedColumn(), TextColumn("eta {task.fields[eta]}"),
            TextColumn("{task.description}", table_column=Column(ratio=2, no_wrap=True, overflow="ellipsis")),
            console=console, transient=True, expand=True, redirect_stdout=True, redirect_stderr=False)
        self._task = self._bar.add_task(self._label, total=self.total, eta=_eta(0, self.total, 0.0))
        self._bar.start()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False



def add_cache(parser):
    """``--no-cache`` and ``--cache-dir``: where verdicts are kept between runs (core/run/verdict_cache.py)."""
    parser.add_argument("--no-cache", action="store_true",
                        help="check every claim again, neither reading nor writing the verdict cache")
    parser.add_argument("--cache-dir", metavar="DIR",
                        help="keep verdicts in DIR (default .proofcheck_cache in the current folder)")


def keep_only(items, ids, what: str):
    """The items whose ``id`` is in ``ids`` (all when ``ids`` is empty); an unknown id is an error."""
    if not ids:
        return items
    from ..core.model.errors import ProofcheckError  # lazy: a command loads only what it runs
    known = {item.id for item in items}
    missing = [i for i in ids if i not in known]
    if missing:
        raise ProofcheckError(f"no {what} with id {missing[0]!r}")
    return [item for item in items if item.id in set(ids)]


def end_at_ctrl_c() -> None:
    """From now on, Ctrl-C ends the process at once with status 130 and ``proofcheck: interrupted``.

    For a command that spends its time inside python-flint's integrals, which call back into
    Python: a KeyboardInterrupt raised in such a callback comes out of flint as a SystemError
    with an exception set (and once as an object dump and "lost sys.stderr").  A command with
    no worker and no file half written has nothing to undo, so it need not unwind at all."""
    import os
    import signal

    def interrupted(signum, frame):
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        os.write(2, b"proofcheck: interrupted\n")
        os._exit(130)

    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # a background job keeps ignoring it
        signal.signal(signal.SIGINT, interrupted)
