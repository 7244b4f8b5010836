"""A time budget for symbolic steps, which can otherwise run without bound.

The budget is counted in this process's CPU time (the profiling interval
timer, user plus system time), not in wall-clock time: a step that SymPy
finishes within its budget on a quiet machine finishes within it on a loaded
one, so which route decides a claim -- and whether it is decided at all --
never depends on what else the machine is doing.  (The per-claim limit of the
runner, ``--timeout``, is wall-clock time: it guards the run, not the route.)

The timer only acts in a process's main thread (the command line, pytest, and
each worker of the parallel runner); elsewhere the step runs unbounded rather
than being interrupted unsafely.  Budgets nest: an inner budget never outlives
the outer one, and on leaving it the outer budget's remaining time is re-armed.
"""
from __future__ import annotations

import contextlib
import signal
import threading
import time

from .errors import SymbolicTimeout

# The default per-claim time limit of a run: ten times the slowest packaged claim (about
# 30 s on a loaded two-core machine), so a limit reached means a runaway, not a slow machine.
DEFAULT_TIMEOUT = 300.0

# CPU time of the process (user + system), and the signal it sends when it runs out.
TIMER = signal.ITIMER_PROF
SIGNAL = signal.SIGPROF
# After a budget runs out, how soon (CPU seconds) the step is stopped again if the first
# stop was lost.
RETRY_SECONDS = 0.01


@contextlib.contextmanager
def time_budget(seconds: float | None):
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expire(signum, frame):
        # Raised inside a garbage-collector callback (hypothesis installs one), this exception
        # is printed and dropped by Python: the timer fires again shortly, until one is not.
        signal.setitimer(TIMER, RETRY_SECONDS)
        raise SymbolicTimeout(f"symbolic step exceeded {seconds} s of CPU time")

    start = time.process_time()
    outer_remaining, _ = signal.getitimer(TIMER)
    previous = signal.signal(SIGNAL, _expire)
    budget = min(seconds, outer_remaining) if outer_remaining > 0 else seconds
    signal.setitimer(TIMER, budget)
    try:
        yield
    finally:
        signal.setitimer(TIMER, 0)
        signal.signal(SIGNAL, previous)
        if outer_remaining > 0:
            left = outer_remaining - (time.process_time() - start)
            # An exhausted outer budget fires at once, in the outer handler.
            signal.setitimer(TIMER, max(left, 1e-3))
