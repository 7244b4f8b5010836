"""Time the exact-zcdp pack: the whole verification, per claim, and with negative controls.

Run:  python benchmarks/exact_zcdp_bench.py [--jobs N] [--mutants]

Prints wall-clock and CPU seconds (the machine may be shared: CPU seconds are what the
pack costs, wall seconds what a user waits), the evidence reached, and the slowest claims.
The issue's budget is the whole pack in under 30 s.
"""
from __future__ import annotations

import argparse
import resource
import time
from collections import Counter

from proofcheck.core.model.verdict import EVIDENCE_ORDER, Settings
from proofcheck.core.run.runner import run
from proofcheck.papers import load_claims

BUDGET_SECONDS = 30.0


def cpu_seconds() -> float:
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(u.ru_utime + u.ru_stime for u in usage)


def measure(jobs: int, mutants: bool):
    start_wall, start_cpu = time.perf_counter(), cpu_seconds()
    claims = load_claims(["exact-zcdp"])
    loaded = time.perf_counter() - start_wall
    results = run(claims, Settings(), jobs=jobs, mutants=mutants)
    return results, loaded, time.perf_counter() - start_wall, cpu_seconds() - start_cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--mutants", action="store_true")
    args = parser.parse_args()
    results, loaded, wall, cpu = measure(args.jobs, args.mutants)
    evidence = Counter(r.verdict.evidence for r in results if r.verdict.passed)
    failed = [r.claim.id for r in results if not r.verdict.passed]
    print(f"exact-zcdp: {len(results)} claims, jobs={args.jobs}, mutants={'on' if args.mutants else 'off'}")
    # The budget is for verification; negative controls are extra work on top of it.
    budget = "" if args.mutants else \
        f" (budget {BUDGET_SECONDS:.0f} s: {'within' if wall < BUDGET_SECONDS else 'OVER'})"
    print(f"  loading {loaded:.2f} s; total {wall:.1f} s wall, {cpu:.1f} s CPU{budget}")
    print("  evidence: " + ", ".join(f"{evidence.get(e, 0)} {e}" for e in EVIDENCE_ORDER)
          + (f"; FAILED: {', '.join(failed)}" if failed else "; all passed"))
    if args.mutants:
        made = sum(r.mutants.made for r in results)
        rejected = sum(r.mutants.rejected for r in results)
        print(f"  negative controls: {rejected} of {made} rejected")
    print("  slowest claims (check only, wall seconds):")
    for r in sorted(results, key=lambda r: -r.verdict.seconds)[:8]:
        print(f"    {r.verdict.seconds:6.2f}  {r.claim.id:28} {r.verdict.evidence}")
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
