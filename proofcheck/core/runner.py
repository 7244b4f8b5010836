"""The runner: check claims (and their negative controls), each isolated in a worker process.

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
from dataclasses import replace

from .claims import Claim
from .errors import ProofcheckError, SymbolicTimeout
from .narrowing import note_narrowing
from .shrink import shrink_counterexample
# A claim's outcome, as the runner hands it back (re-exported: callers import it from here).
from .results import MutantReport, Result
from .schedule import Schedule, group_of, heaviest_first
from .timeout import DEFAULT_TIMEOUT
from .verdict import Settings, Verdict


def check_claim(claim: Claim, settings: Settings) -> Verdict:
    """The verdict on ``claim``; whatever goes wrong inside a check is that claim's error."""
    kind = claim.checker
    start = time.perf_counter()
    try:
        verdict = _misread(claim, settings) or kind.check(claim, settings)
        verdict = shrink_counterexample(claim, verdict, settings)
        if settings.corroborate:
            verdict = kind.corroborate(claim, verdict, settings)
        verdict = note_narrowing(claim, verdict)
    except ProofcheckError as error:
        verdict = Verdict("error", None, one_line(str(error)))
    except MemoryError:
        limit = memory_limit_bytes()
        verdict = Verdict("error", None, "ran out of memory" + (
            f" (a check may use {limit / 2**30:.0f} GiB)" if limit else ""))
    except SymbolicTimeout as error:
        verdict = Verdict("error", None, one_line(str(error)))
    except Exception as error:  # noqa: BLE001 - an error verdict, never a crash of the run
        verdict = Verdict("error", None, one_line(f"{type(error).__name__}: {error}"))
    verdict.seconds = time.perf_counter() - start
    return verdict


def _misread(claim: Claim, settings: Settings) -> Verdict | None:
    """An error where SymPy's reading of the claim differs from the text at a sampled point
    (``literal_reading``); a negative control, built from that reading, is not read again."""
    if settings.mutant_mode:
        return None
    from .literal_reading import misreading
    found = misreading(claim, settings)
    return None if found is None else Verdict("error", None, found)


def one_line(text: str, limit: int = 300) -> str:
    """A reason on one line, shortened with an ellipsis: an error may echo a huge expression."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def control_settings(settings: Settings) -> Settings:
    """The settings a negative control is checked under: a counter-example is all it needs."""
    return replace(settings, symbolic_budget=min(settings.symbolic_budget, 10.0), mutant_mode=True,
                   corroborate=False)


def run_mutants(claim: Claim, settings: Settings, limit: int | None = None,
                before_each=None) -> MutantReport:
    """Check the negative controls of ``claim`` (the first ``limit`` of them, if given).

    ``before_each()`` is called as each control starts (a worker renews its time limit).
    """
    kind = claim.checker
    report = MutantReport()
    start = time.perf_counter()
    if not kind.computational:
        return report
    mutant_settings = control_settings(settings)
    # A kind may produce its controls lazily (an inequality checks each perturbation densely
    # before it counts as a control): with a ``limit``, no perturbation is even made once
    # that many controls have run.
    controls = iter(kind.mutants(claim, settings))
    while limit is None or report.made < limit:
        description, mutant = next(controls, (None, None))
        if description is None:
            break
        if mutant is None:  # a perturbation the kind dismissed (a weakened inequality)
            report.dismissed.append(description)
            continue
        if before_each:
            before_each()
        report.made += 1
        verdict = check_claim(mutant, mutant_settings)
        if verdict.status == "passed":
            report.accepted.append(description)
        else:
            report.rejected += 1
    report.seconds = time.perf_counter() - start
    return report


_CLAIMS: list[Claim] = []
_SETTINGS: Settings | None = None
_WITH_MUTANTS = False
_BUILD = None


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
    global _CLAIMS, _SETTINGS, _WITH_MUTANTS, _BUILD
    _CLAIMS, _SETTINGS, _WITH_MUTANTS, _BUILD = list(claims), settings, mutants, build
    results: list[Result | None] = [None] * len(claims)
    jobs = max(1, min(jobs, len(claims), os.cpu_count() or 1))
    order = list(range(len(claims)))
    if not in_order:
        order.sort(key=heaviest_first(claims))
    done = 0
    if "fork" in multiprocessing.get_all_start_methods():
        finished = _run_isolated(order, jobs, mutants, timeout, started)
    else:  # no fork (Windows): in this process, with only the symbolic steps' own budgets
        finished = _run_here(order, mutants, started)
    for index, verdict, mutant_report in finished:
        done += 1
        claim = claims[index]
        if build is not None and verdict.status != "passed":
            try:
                claim = _built(index)
            except ProofcheckError:
                pass  # the verdict says what stopped it; the entry names the claim
        results[index] = Result(claim, verdict, mutant_report)
        if progress:
            progress(done, len(claims), results[index])
    return results  # type: ignore[return-value]


def _built(index):
    """The claim at ``index``, built from its entry where ``run`` was given a builder."""
    return _CLAIMS[index] if _BUILD is None else _BUILD(_CLAIMS[index])


def _run_here(order, mutants, started):
    for index in order:
        if started:
            started(_CLAIMS[index])
        claim = _built(index)
        verdict = check_claim(claim, _SETTINGS)
        yield index, verdict, run_mutants(claim, _SETTINGS) if mutants else None


def timed_out(timeout: float) -> Verdict:
    return Verdict("error", None, f"timed out after {timeout:g} s", seconds=timeout)


class _Worker:
    """One forked worker and the claim it is checking (``index`` None when idle)."""

    def __init__(self, context, others):
        self.connection, child_end = context.Pipe()
        self.process = context.Process(target=_serve, args=(child_end, others), daemon=True)
        self.process.start()
        # Only the worker holds its end: when it dies, our end reads EOF at once.
        child_end.close()
        self.index = None
        self.deadline = None
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


def _run_isolated(order, jobs, mutants, timeout, started):
    """Yield ``(index, verdict, mutants)`` for every index of ``order``, as they finish."""
    context = multiprocessing.get_context("fork")
    pending = Schedule(order, lambda index: group_of(_CLAIMS[index]))
    workers: list[_Worker] = []

    def spawn():
        # Ctrl-C waits until the new worker is listed: between the fork and the list, it
        # would leave a worker that nobody stops, holding the output open.
        with _sigint_held():
            worker = _Worker(context, [w.connection for w in workers])
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
                        started(_CLAIMS[index])
                    worker.give(index, timeout)
            busy = [w for w in workers if w.index is not None]
            deadlines = [w.deadline for w in busy if w.deadline is not None]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            ready = multiprocessing.connection.wait([w.connection for w in busy], timeout=wait)
            for worker in list(busy):
                if worker.connection in ready:
                    finished = _receive(worker, mutants, timeout)
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


def _serve(connection, others):
    """A worker's loop: check the claims it is sent until told to stop."""
    # Ctrl-C is the parent's to handle: it stops the workers, which then print nothing
    # (the fork inherited it held back: it is ignored first, then let through).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for other in others:
        other.close()
    _limit_memory()
    try:
        while True:
            try:
                index = connection.recv()
            except (EOFError, OSError):
                return
            if index is None:
                return
            try:
                claim = _built(index)
            except ProofcheckError as error:  # a record that cannot be built: that claim's error
                _send(connection, "verdict", Verdict("error", None, one_line(str(error))))
                if _WITH_MUTANTS:
                    _send(connection, "mutants", MutantReport())
                continue
            _send(connection, "verdict", check_claim(claim, _SETTINGS))
            if _WITH_MUTANTS:
                report = run_mutants(claim, _SETTINGS, before_each=lambda: connection.send(("mutant", None)))
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
        reason = one_line(f"its verdict could not be passed back ({type(error).__name__}: {error})")
        connection.send((message, Verdict("error", None, reason, seconds=payload.seconds)))


def memory_limit_bytes() -> int | None:
    """The address space a worker may use: half the machine's memory, at least 2 GiB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return max(total // 2, 2 << 30)


def _limit_memory():
    """Turn a memory runaway into a MemoryError in this worker rather than a machine that swaps.

    The limit is on the address space beyond what the worker already holds
    after the fork, so loading SymPy and the claims does not count against it.
    """
    try:
        import resource
        limit = memory_limit_bytes()
        if limit is None:
            return
        with open("/proc/self/statm") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = held + limit
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        if soft == resource.RLIM_INFINITY or wanted < soft:
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ImportError, OSError, ValueError):
        pass  # no limit on this platform: the time limit still stops a runaway

