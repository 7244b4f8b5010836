"""The runner isolates every claim: an exception, a memory runaway, a claim that never ends or a
worker killed from outside becomes that claim's error, and the other claims go on."""
import os
import signal
import time

import pytest

from proofcheck.core.kinds import Kind
from proofcheck.core.model import timeout
from proofcheck.core.model.claims import Claim
from proofcheck.core.model.errors import shorten
from proofcheck.core.model.verdict import Settings, passed
from proofcheck.core.run import limits, runner
from proofcheck.core.run.check import REASON_LIMIT


class _Behaviour(Kind):
    """A kind whose check does what the claim's ``do`` says; registered only for these tests."""

    name = "test-behaviour"

    def check(self, claim, settings):
        do = claim.get("do")
        if do == "raise":
            raise KeyError("a bug deep in a checker")
        if do == "spin":
            # The alarm of a symbolic budget is blocked, as when it fires inside a
            # garbage-collector callback: only the runner's own limit can stop this.
            signal.pthread_sigmask(signal.SIG_BLOCK, {timeout.SIGNAL})
            while True:
                pass
        if do == "hog":
            hoard = []
            while True:
                hoard.append(bytearray(16 << 20))
        if do == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        if do == "unpicklable":
            verdict = passed("symbolic")
            verdict.counterexample = {"value": lambda: 0}
            return verdict
        if do == "nap":
            time.sleep(float(claim.get("seconds")))
        return passed("symbolic")

    def mutants(self, claim, settings):
        if claim.get("mutant") == "spin":
            return [("a control that never ends", Claim(
                id=claim.id + "-mutant", where="test", statement="spin", kind=self.name,
                raw={"do": "spin"}, source="test", domain=None, symbols={}, functions={},
                definitions={}, checker=self))]
        return []


def claim(identifier, do="pass", **raw):
    return Claim(id=identifier, where="test", statement=do, kind=_Behaviour.name,
                 raw={"do": do, **raw}, source="test", domain=None, symbols={}, functions={},
                 definitions={}, checker=_Behaviour())


def statuses(results):
    return [(r.claim.id, r.verdict.status) for r in results]


def test_an_exception_in_a_claim_is_its_error_with_a_one_line_reason_and_the_others_go_on():
    results = runner.run([claim("a"), claim("b", "raise"), claim("c")], Settings(), jobs=1)
    assert statuses(results) == [("a", "passed"), ("b", "error"), ("c", "passed")]
    assert results[1].verdict.details == "KeyError: 'a bug deep in a checker'"


def test_a_runaway_claim_times_out_and_the_others_go_on():
    start = time.monotonic()
    results = runner.run([claim("a"), claim("spin", "spin"), claim("c")], Settings(), jobs=1, timeout=0.5)
    assert statuses(results) == [("a", "passed"), ("spin", "error"), ("c", "passed")]
    assert results[1].verdict.details == "timed out after 0.5 s"
    assert time.monotonic() - start < 30


@pytest.mark.slow
def test_a_runaway_claim_times_out_with_parallel_workers_too():
    results = runner.run([claim("spin", "spin"), claim("b"), claim("c"), claim("d")], Settings(), jobs=2,
                         timeout=0.5)
    assert statuses(results) == [("spin", "error"), ("b", "passed"), ("c", "passed"), ("d", "passed")]


@pytest.mark.slow
def test_a_memory_runaway_becomes_that_claims_error(monkeypatch):
    monkeypatch.setattr(limits, "memory_limit_bytes", lambda: 256 << 20)
    results = runner.run([claim("hog", "hog"), claim("b")], Settings(), jobs=1, timeout=60)
    assert statuses(results) == [("hog", "error"), ("b", "passed")]
    assert results[0].verdict.details.startswith("ran out of memory")


def test_a_worker_killed_from_outside_is_that_claims_error_and_is_replaced():
    results = runner.run([claim("die", "die"), claim("b"), claim("c")], Settings(), jobs=1)
    assert statuses(results) == [("die", "error"), ("b", "passed"), ("c", "passed")]
    assert "killed by signal 9" in results[0].verdict.details


@pytest.mark.slow
def test_results_come_back_in_the_claims_order_whatever_finishes_first():
    claims = [claim("slow", "nap", seconds="0.5"), claim("quick1"), claim("quick2")]
    finished = []
    results = runner.run(claims, Settings(), jobs=2, progress=lambda done, total, r: finished.append(r.claim.id))
    assert [r.claim.id for r in results] == ["slow", "quick1", "quick2"]
    assert finished[-1] == "slow"


def test_no_limit_means_a_claim_may_take_its_time():
    results = runner.run([claim("nap", "nap", seconds="0.2")], Settings(), jobs=1, timeout=None)
    assert statuses(results) == [("nap", "passed")]


def test_a_long_reason_is_shortened_to_one_line():
    reason = shorten("first line\nsecond " + "x" * 1000, REASON_LIMIT)
    assert "\n" not in reason and len(reason) == 300 and " … " in reason and reason.startswith("first line")


@pytest.mark.slow
def test_a_runaway_negative_control_leaves_the_verdict_but_marks_the_controls_unfinished():
    results = runner.run([claim("a", mutant="spin"), claim("b")], Settings(), jobs=1, mutants=True,
                         timeout=0.5)
    first, second = results
    assert first.verdict.passed and not first.mutants.ok
    assert first.mutants.unfinished == "a negative control timed out after 0.5 s"
    assert second.verdict.passed and second.mutants.ok


def test_a_verdict_that_cannot_be_passed_back_is_that_claims_error_not_a_pass(capfd):
    results = runner.run([claim("odd", "unpicklable"), claim("b")], Settings(), jobs=1)
    assert statuses(results) == [("odd", "error"), ("b", "passed")]
    assert results[0].verdict.details.startswith("its verdict could not be passed back")
    assert "Traceback" not in capfd.readouterr().err


def test_without_fork_the_claims_are_checked_in_this_process(monkeypatch):
    monkeypatch.setattr(runner.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    results = runner.run([claim("a"), claim("b", "raise")], Settings(), jobs=2)
    assert statuses(results) == [("a", "passed"), ("b", "error")]


def test_entries_are_built_by_the_workers_and_a_failure_comes_back_with_its_claim():
    # A pack's claims are built where they are checked: the parent holds entries, and builds a
    # claim itself only where it did not pass (its failure message shows the claim's fields).
    from proofcheck.core.model.claims import Entry
    from proofcheck.core.model.errors import ProofcheckError
    entries = [Entry(id=name, where="test", statement=name, kind=_Behaviour.name, raw={}, source="test")
               for name in ("a", "b", "bad")]
    built = {"a": claim("a"), "b": claim("b", "raise")}

    def build(entry):
        if entry.id == "bad":
            raise ProofcheckError("bad: an expression that cannot be read")
        return built[entry.id]

    results = runner.run(entries, Settings(), jobs=2, build=build)
    assert statuses(results) == [("a", "passed"), ("b", "error"), ("bad", "error")]
    assert results[0].claim is entries[0] and results[1].claim.checker is not None
    assert results[2].claim is entries[2] and results[2].verdict.details == "bad: an expression that cannot be read"
