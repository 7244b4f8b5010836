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


def time_budget(seconds: float | None) -> contextlib.AbstractContextManager[None]:
    """A block that raises SymbolicTimeout once it has used ``seconds`` of CPU time."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        return contextlib.nullcontext()
    return _Budget(seconds)


class _Budget:
    """The timer of one budget, and the handler of its signal.

    The handler raises only inside the block.  Python runs a signal handler between any two
    bytecodes, so the signal can also arrive while the budget is being entered or left; an
    exception raised there would escape before the timer is disarmed and the previous
    handler restored, and go on firing (every RETRY_SECONDS) anywhere in the process, long
    after the block.  So there the handler does not raise: on entry it fires again a moment
    later, inside the block; on exit the block is over, and the timer about to be disarmed.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.closed = False

    def __enter__(self) -> None:
        self.start = time.process_time()
        self.outer_remaining, _ = signal.getitimer(TIMER)
        budget = min(self.seconds, self.outer_remaining) if self.outer_remaining > 0 else self.seconds
        self.previous = signal.signal(SIGNAL, self._expire)
        signal.setitimer(TIMER, budget)

    def __exit__(self, *exception) -> None:
        signal.setitimer(TIMER, 0)
        signal.signal(SIGNAL, self.previous)
        self.closed = True
        if self.outer_remaining > 0:
            left = self.outer_remaining - (time.process_time() - self.start)
            # An exhausted outer budget fires at once, in the outer handler.
            signal.setitimer(TIMER, max(left, 1e-3))

    def _expire(self, signum, frame) -> None:
        if self.closed:
            return
        step = self._entering_or_leaving(frame)
        if step is _Budget.__enter__.__code__:
            signal.setitimer(TIMER, RETRY_SECONDS)  # the block that follows is stopped
            return
        if step is _Budget.__exit__.__code__:
            return  # the timer is about to be disarmed
        # Raised inside a garbage-collector callback (hypothesis installs one), this exception
        # is printed and dropped by Python: the timer fires again shortly, until one is not.
        signal.setitimer(TIMER, RETRY_SECONDS)
        raise SymbolicTimeout(f"symbolic step exceeded {self.seconds} s of CPU time")

    def _entering_or_leaving(self, frame):
        """The code of this budget's ``__enter__`` or ``__exit__`` if ``frame`` runs inside it."""
        # Only a few frames deep: between them, entry and exit call nothing but C functions
        # (and, through the allocator, a garbage-collector callback).
        for _ in range(_FRAMES_SEARCHED):
            if frame is None:
                return None
            if frame.f_code in _OWN_CODE and frame.f_locals.get("self") is self:
                return frame.f_code
            frame = frame.f_back
        return None


_OWN_CODE = (_Budget.__enter__.__code__, _Budget.__exit__.__code__)
_FRAMES_SEARCHED = 8
