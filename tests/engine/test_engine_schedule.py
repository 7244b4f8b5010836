"""The runner's schedule: a paper's claims go to one worker, and no worker idles while claims wait."""
from types import SimpleNamespace

from proofcheck.core.run.schedule import Schedule, heaviest_first


def _taken(schedule, worker, count):
    return [schedule.take(worker) for _ in range(count)]


def test_each_worker_checks_one_paper_at_a_time_in_its_order():
    schedule = Schedule([0, 1, 2, 3, 4, 5], {0: "a", 1: "a", 2: "a", 3: "b", 4: "b", 5: "b"}.get)
    assert schedule.take("w1") == 0
    assert schedule.take("w2") == 3
    assert _taken(schedule, "w1", 2) == [1, 2]
    assert _taken(schedule, "w2", 2) == [4, 5]
    assert not schedule and schedule.take("w1") is None


def test_a_worker_with_no_paper_left_takes_from_the_far_end_of_the_longest_queue():
    schedule = Schedule(list(range(6)), lambda index: "a" if index < 5 else "b")
    assert schedule.take("w1") == 0
    assert schedule.take("w2") == 5
    assert schedule.take("w2") == 4  # w1's queue is 1..4: its last
    assert schedule.take("w1") == 1
    assert _taken(schedule, "w2", 3) == [3, 2, None]


def test_what_a_stopped_worker_had_not_started_is_handed_out_first():
    schedule = Schedule(list(range(5)), lambda index: "a" if index < 3 else "b")
    assert schedule.take("w1") == 0
    schedule.release("w1")  # killed while checking 0: 1 and 2 wait
    assert schedule.take("w2") == 1
    assert _taken(schedule, "w2", 4) == [2, 3, 4, None]


def test_the_heaviest_paper_comes_first_its_claims_together_slowest_kinds_first():
    claims = [SimpleNamespace(paper=paper, kind=kind) for paper, kind in
              [("small", "optimum"), ("big", "equality"), ("big", "derived"), ("small", "equality"),
               ("big", "inequality")]]
    order = sorted(range(len(claims)), key=heaviest_first(claims))
    assert order == [2, 1, 4, 0, 3]
