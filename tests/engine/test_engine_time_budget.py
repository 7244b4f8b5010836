"""core.timeout: a symbolic step's budget is CPU time, so load cannot change a verdict.

A budget in wall-clock time is exhausted sooner on a loaded machine: the same
claim would then fall back to a weaker route, or be left undecided, depending
on what else runs.  Counted in the process's own CPU time, it is not.
"""
import time

import pytest

from proofcheck.core.model.errors import SymbolicTimeout
from proofcheck.core.model.timeout import time_budget


def _spin(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_budget_stops_a_step_that_computes_beyond_it():
    with pytest.raises(SymbolicTimeout, match="CPU time"):
        with time_budget(0.2):
            _spin(2.0)


@pytest.mark.slow
def test_waiting_is_not_computing_a_budget_is_not_spent_by_time_the_process_does_not_run():
    # Sleeping stands for the time a loaded machine gives to other processes.
    with time_budget(0.1):
        time.sleep(0.25)
        _spin(0.03)


def test_an_inner_budget_never_outlives_the_outer_one():
    start = time.process_time()
    with pytest.raises(SymbolicTimeout):
        with time_budget(0.2):
            with time_budget(5.0):
                _spin(2.0)
    assert time.process_time() - start < 1.0


@pytest.mark.slow
def test_the_outer_budget_is_rearmed_after_an_inner_one():
    with pytest.raises(SymbolicTimeout, match="0.3 s"):
        with time_budget(0.3):
            with time_budget(5.0):
                _spin(0.1)
            _spin(2.0)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the dropped one
def test_a_budget_that_runs_out_inside_a_garbage_collector_callback_still_stops_the_step():
    # Python prints and drops an exception raised in a gc callback (hypothesis installs one
    # that times every collection): the step must still be stopped, a moment later.
    import gc

    def slow_callback(phase, info):
        if phase == "start":
            _spin(0.3)

    gc.callbacks.append(slow_callback)
    start = time.process_time()
    try:
        with pytest.raises(SymbolicTimeout):
            with time_budget(0.1):
                gc.collect()  # the budget runs out inside the callback
                _spin(3.0)
    finally:
        gc.callbacks.remove(slow_callback)
    assert time.process_time() - start < 1.5


def _signal_on_the_first_line_of_leaving(budget_seconds, raises):
    """The budget's signal, delivered at the first line that runs after its block ends."""
    import os
    import signal
    import sys

    from proofcheck.core.model import timeout

    leaving = False

    def tracer(frame, event, arg):
        nonlocal leaving
        if leaving and event == "line" and frame.f_code.co_filename == timeout.__file__:
            leaving = False
            os.kill(os.getpid(), timeout.SIGNAL)
        return tracer

    before = signal.getsignal(timeout.SIGNAL)
    sys.settrace(tracer)
    try:
        try:
            with time_budget(budget_seconds):
                leaving = True
        finally:
            sys.settrace(None)
    except SymbolicTimeout:
        assert raises
    return before


def test_a_budget_that_runs_out_as_its_block_ends_leaves_no_timer_and_no_handler_behind():
    # Python runs a handler between any two bytecodes: an exception raised while the budget
    # is left would escape before the timer is disarmed, and go on stopping code outside it.
    import signal

    from proofcheck.core.model import timeout

    before = _signal_on_the_first_line_of_leaving(5.0, raises=False)
    assert signal.getitimer(timeout.TIMER) == (0.0, 0.0)
    assert signal.getsignal(timeout.SIGNAL) is before
    _spin(0.1)  # no stray SymbolicTimeout


@pytest.mark.slow
def test_an_outer_budget_is_rearmed_when_the_inner_one_runs_out_as_it_ends():
    with pytest.raises(SymbolicTimeout, match="0.4 s"):
        with time_budget(0.4):
            _signal_on_the_first_line_of_leaving(5.0, raises=False)
            _spin(2.0)
