"""A time budget for symbolic steps, which can otherwise run without bound.

Uses the interval timer, so it only acts in a process's main thread (the
command line, pytest, and each worker of the parallel runner); elsewhere the
step runs unbounded rather than being interrupted unsafely.  Budgets nest: an
inner budget never outlives the outer one, and on leaving it the outer
budget's remaining time is re-armed.
"""
from __future__ import annotations

import contextlib
import signal
import threading
import time

from .errors import SymbolicTimeout


@contextlib.contextmanager
def time_budget(seconds: float | None):
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expire(signum, frame):
        raise SymbolicTimeout(f"symbolic step exceeded {seconds} s")

    start = time.monotonic()
    outer_remaining, _ = signal.getitimer(signal.ITIMER_REAL)
    previous = signal.signal(signal.SIGALRM, _expire)
    budget = min(seconds, outer_remaining) if outer_remaining > 0 else seconds
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_remaining > 0:
            left = outer_remaining - (time.monotonic() - start)
            # An exhausted outer budget fires at once, in the outer handler.
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3))
