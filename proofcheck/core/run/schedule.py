"""Which claim a worker of the runner takes next: a paper's claims stay together.

The claims of one paper share their costly first steps: the closed forms of its
laws, the breakpoints of its integrands, the nodes of a quadrature at each
precision, the modules a check imports when it first needs them.  A worker keeps
what it computed (``lru_cache``, module state), so a paper checked in one worker
pays for them once.  Handed out one claim at a time to whichever worker was free,
the claims of a paper were spread over every worker, and each paid again: the
claims of the three packs cost 53 s of CPU over two workers and 45 s in one
process.  Kept together, they cost 45 s over two workers as well (a file as the
group saved nothing: what is shared reaches across the files of a paper).

So each worker takes a whole paper (its group) and checks its claims in turn; a
worker that finds no paper left takes claims from the far end of the longest
queue of another, which keeps every worker busy to the end.
"""
from __future__ import annotations

from collections import deque


class Schedule:
    """Indexes handed out by group: ``take(worker)`` is the next index for ``worker``, or None.

    ``order`` lists the indexes in the order a lone worker would take them;
    ``group_of(index)`` names its group.  Groups keep that order inside, and are
    taken in the order of their first index.
    """

    def __init__(self, order, group_of):
        groups: dict = {}
        for index in order:
            groups.setdefault(group_of(index), deque()).append(index)
        self._free = deque(groups.values())
        self._own: dict = {}

    def take(self, worker):
        queue = self._own.get(worker)
        if not queue and self._free:
            queue = self._own[worker] = self._free.popleft()
        if queue:
            return queue.popleft()
        # Nothing of its own is left: the far end of the longest queue that another holds.
        others = [q for q in self._own.values() if q]
        return max(others, key=len).pop() if others else None

    def release(self, worker):
        """Give back what ``worker`` had not started (it died or was stopped), to be taken first."""
        queue = self._own.pop(worker, None)
        if queue:
            self._free.appendleft(queue)

    def __bool__(self):
        return bool(self._free) or any(self._own.values())


def expected_cost(claim) -> int:
    """A claim's rough cost by its kind: the ones that solve, integrate or extrapolate weigh more."""
    return {"optimum": 3, "derived": 3, "identity": 2, "limit": 2, "series": 2}.get(claim.kind, 1)


def group_of(claim) -> str:
    """The paper a claim belongs to: what one worker checks together."""
    return getattr(claim, "paper", "")


def heaviest_first(claims):
    """A sort key for the indexes of ``claims``: the heaviest paper first (its summed expected
    cost), each paper's claims together, its slowest kinds first; ties in the claims' order."""
    weight, first = {}, {}
    for index, claim in enumerate(claims):
        group = group_of(claim)
        weight[group] = weight.get(group, 0) + expected_cost(claim)
        first.setdefault(group, index)
    return lambda i: (-weight[group_of(claims[i])], first[group_of(claims[i])], -expected_cost(claims[i]), i)
