"""The runner: check claims (and their negative controls), each isolated in a worker process.

How one claim is checked is ``check.py``; this module is the pool of workers around it.

Workers are forked after the claims are loaded, so they inherit the parsed
claims and receive only indices.  Each check runs in a worker's main thread,
where the time budget of symbolic steps can act.  Whatever happens inside a
check (an exception, a memory runaway, a claim that never ends) becomes that
claim's ``error`` verdict and the other claims go on: exceptions are caught in
the worker, memory is capped per worker, and a worker over its time limit is
killed and replaced.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import time

from ..model.claims import Claim
from ..model.errors import ProofcheckError, shorten
from ..model.results import MutantReport, Result
from ..model.timeout import DEFAULT_TIMEOUT
from ..model.verdict import Settings, Verdict
from .check import REASON_LIMIT, check_claim, run_mutants, timed_out
from .limits import limit_memory
from .schedule import Schedule, group_of, heaviest_first


class Batch:
    """What a run checks and how: the claims (or entries), the settings, whether the negative
    controls run, and the builder of an entry.  A forked worker inherits it."""

    def __init__(self, claims, settings: Settings, mutants: bool, build=None):
        self.claims, self.settings, self.mutants, self.build = list(claims), settings, mutants, build

    def built(self, index: int) -> Claim:
        """The claim at ``index``, built from its entry where the run was given a builder."""
        return self.claims[index] if self.build is None else self.build(self.claims[index])


def run(claims: list[Claim], settings: Settings, jobs: int = 1, mutants: bool = False,
        progress=None, timeout: float | None = DEFAULT_TIMEOUT, started=None,
        in_order: bool = False, build=None) -> list[Result]:
    """Check every claim, each in a worker process; results come back in the claims' order.

    ``progress(done, total, result)`` is called as results arrive and
    ``started(claim)`` as a worker takes a claim.  A claim that runs longer than
    ``timeout`` seconds (each negative control has the same limit) has its
    worker killed and replaced: the claim's verdict is ``error: timed out after
    S s`` and the other claims go on.  Killing a process is the only limit that
    cannot be lost: an alarm signal can be swallowed by library code or fire
    inside a garbage-collector callback.

    Each worker takes the claims of one paper at a time (``schedule``): they share their
    costly first steps.  Papers are handed out the heaviest first and, inside a paper, the
    slowest kinds first, which keeps every worker busy to the end; ``in_order`` hands
    them out in the claims' order instead, so that a caller printing results in that
    order can print them as they come.

    With ``build`` (an entry to its claim), ``claims`` may be entries read but not built
    (``claims.Entry``): each worker builds the claims it checks, in parallel, and a result
    holds its entry (its claim, built here, where it did not pass: a failure shows its fields).
    """
    batch = Batch(claims, settings, mutants, build)
    results: list[Result | None] = [None] * len(claims)
    jobs = max(1, min(jobs, len(claims), os.cpu_count() or 1))
    order = list(range(len(claims)))
    if not in_order:
        order.sort(key=heaviest_first(claims))
    done = 0
    if "fork" in multiprocessing.get_all_start_methods():
        finished = _run_isolated(batch, order, jobs, timeout, started)
    else:  # no fork (Windows): in this process, with only the symbolic steps' own budgets
        finished = _run_here(batch, order, started)
    for index, verdict, mutant_report in finished:
        done += 1
        claim = claims[index]
        if build is not None and verdict.status != "passed":
            try:
                claim = batch.built(index)
            except ProofcheckError:
                pass  # the verdict says what stopped it; the entry names the claim
        results[index] = Result(claim, verdict, mutant_report)
        if progress:
            progress(done, len(claims), results[index])
    return results  # type: ignore[return-value]


def _run_here(batch: Batch, order, started):
    for index in order:
        if started:
            started(batch.claims[index])
        claim = batch.built(index)
        verdict = check_claim(claim, batch.settings)
        yield index, verdict, run_mutants(claim, batch.settings) if batch.mutants else None


class _Worker:
    """One forked worker and the claim it is checking (``index`` None when idle)."""

    def __init__(self, context, others, batch: Batch):
        self.connection, child_end = context.Pipe()
        self.process = context.Process(target=_serve, args=(child_end, others, batch), daemon=True)
        self.process.start()
        # Only the worker holds its end: when it dies, our end reads EOF at once.
        child_end.close()
        self.index = None
        self.deadline: float | None = None
        self.verdict = None
        self.mutants = None

    def give(self, index, timeout):
        self.index, self.verdict, self.mutants = index, None, None
        self.connection.send(index)
        self.renew(timeout)

    def renew(self, timeout):
        self.deadline = time.monotonic() + timeout if timeout else None

    def stop(self):
        # Killing is safe: a worker holds nothing but its copy of the claims.
        self.process.kill()
        self.process.join()
        self.connection.close()


def _run_isolated(batch: Batch, order, jobs, timeout, started):
    """Yield ``(index, verdict, mutants)`` for every index of ``order``, as they finish."""
    context = multiprocessing.get_context("fork")
    pending = Schedule(order, lambda index: group_of(batch.claims[index]))
    workers: list[_Worker] = []

    def spawn():
        # Ctrl-C waits until the new worker is listed: between the fork and the list, it
        # would leave a worker that nobody stops, holding the output open.
        with _sigint_held():
            worker = _Worker(context, [w.connection for w in workers], batch)
            workers.append(worker)
        return worker

    def replace(worker):
        worker.stop()
        workers.remove(worker)
        pending.release(worker)
        spawn()

    try:
        for _ in range(jobs):
            spawn()
        while pending or any(w.index is not None for w in workers):
            for worker in workers:
                if worker.index is None and pending:
                    index = pending.take(worker)
                    if started:
                        started(batch.claims[index])
                    worker.give(index, timeout)
            busy = [w for w in workers if w.index is not None]
            deadlines = [w.deadline for w in busy if w.deadline is not None]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            ready = multiprocessing.connection.wait([w.connection for w in busy], timeout=wait)
            for worker in list(busy):
                if worker.connection in ready:
                    finished = _receive(worker, batch.mutants, timeout)
                    if finished is not None:
                        yield finished
                        worker.index = None
                    if not worker.process.is_alive():
                        replace(worker)
                elif worker.deadline is not None and time.monotonic() >= worker.deadline:
                    yield _expired(worker, timeout)
                    replace(worker)
    finally:
        # On Ctrl-C or any error here, no worker outlives the run.
        for worker in workers:
            worker.stop()


@contextlib.contextmanager
def _sigint_held():
    """Ctrl-C is delivered when the block ends, not inside it (where signal masks exist)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # The mask is read before it changes, and changed inside ``try``: whatever interrupts
    # this block, the mask it found is the mask it leaves (a process spawned later inherits it).
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _receive(worker, mutants, timeout):
    """Read one message from ``worker``; return a finished result, or None if more is to come."""
    try:
        message, payload = worker.connection.recv()
    except (EOFError, OSError):
        worker.process.join(timeout=5)
        return _died(worker)
    if message == "verdict":
        worker.verdict = payload
        if not mutants:
            return worker.index, payload, None
        worker.renew(timeout)
        return None
    if message == "mutant":  # a negative control starts: it has its own time limit
        worker.renew(timeout)
        return None
    return worker.index, worker.verdict, payload  # "mutants": the report


def _died(worker):
    """The result of a claim whose worker died (killed by the system, or a crash in C code)."""
    code = worker.process.exitcode
    how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited ({code})"
    reason = f"the worker checking it {how}" + (" (out of memory?)" if code == -signal.SIGKILL else "")
    if worker.verdict is None:
        return worker.index, Verdict("error", None, reason), None
    # The claim was decided before; only its negative controls were lost.
    return worker.index, worker.verdict, MutantReport(unfinished=f"negative controls stopped: {reason}")


def _expired(worker, timeout):
    if worker.verdict is None:
        return worker.index, timed_out(timeout), None
    report = MutantReport(unfinished=f"a negative control timed out after {timeout:g} s")
    return worker.index, worker.verdict, report


def _serve(connection, others, batch: Batch):
    """A worker's loop: check the claims it is sent until told to stop."""
    # Ctrl-C is the parent's to handle: it stops the workers, which then print nothing
    # (the fork inherited it held back: it is ignored first, then let through).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for other in others:
        other.close()
    limit_memory()
    try:
        while True:
            try:
                index = connection.recv()
            except (EOFError, OSError):
                return
            if index is None:
                return
            try:
                claim = batch.built(index)
            except ProofcheckError as error:  # a record that cannot be built: that claim's error
                _send(connection, "verdict", Verdict("error", None, shorten(str(error), REASON_LIMIT)))
                if batch.mutants:
                    _send(connection, "mutants", MutantReport())
                continue
            _send(connection, "verdict", check_claim(claim, batch.settings))
            if batch.mutants:
                report = run_mutants(claim, batch.settings, before_each=lambda: connection.send(("mutant", None)))
                _send(connection, "mutants", report)
    except BaseException:  # noqa: BLE001 - the parent reports the claim; no stray traceback here
        os._exit(70)


def _send(connection, message, payload):
    """Send a result; one that cannot be pickled becomes the claim's error, not a dead worker."""
    try:
        connection.send((message, payload))
    except (TypeError, AttributeError, ValueError, RecursionError) as error:  # pickling
        if message != "verdict":
            raise
        reason = shorten(f"its verdict could not be passed back ({type(error).__name__}: {error})", REASON_LIMIT)
        connection.send((message, Verdict("error", None, reason, seconds=payload.seconds)))
