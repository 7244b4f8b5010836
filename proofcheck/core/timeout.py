"""A time budget for symbolic steps, which can otherwise run without bound.

Uses the interval timer, so it only acts in a process's main thread (the
command line, pytest, and each worker of the parallel runner); elsewhere the
step runs unbounded rather than being interrupted unsafely.
"""
from __future__ import annotations

import contextlib
import signal
import threading

from .errors import SymbolicTimeout


@contextlib.contextmanager
def time_budget(seconds: float | None):
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expire(signum, frame):
        raise SymbolicTimeout(f"symbolic step exceeded {seconds} s")

    previous = signal.signal(signal.SIGALRM, _expire)
    remaining, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
