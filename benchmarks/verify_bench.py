"""Time `proofcheck verify`: each pack and all packs, cold (empty verdict cache) and warm.

Run: python benchmarks/verify_bench.py [--jobs N] [--mutants] [--against REV [--rounds K]] [PAPER ...]

For each run it prints wall and CPU seconds (the CPU of the command and its
workers), the exit status, the counts per evidence level, and, for a cold run,
the five slowest claims.  "all" is every pack in one command.  Each cold run
uses a fresh cache folder, and the warm run repeats it with nothing changed.
Targets: all packs cold <= 20 s wall, larger-groups <= 12 s wall, warm <= 2 s.

``--against REV`` times the git revision REV beside the working tree, cold runs only,
alternating the two K times (a machine whose load drifts then drifts for both), from a
temporary worktree of REV; it ends with the claims whose time changed most between them.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, env, cwd=None):
    cpu_before, start = cpu_seconds_of_children(), time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    return result, time.perf_counter() - start, cpu_seconds_of_children() - cpu_before


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--mutants", action="store_true")
    parser.add_argument("--against", metavar="REV", help="a git revision timed beside the working tree")
    parser.add_argument("--rounds", type=int, default=2, help="alternations with --against")
    parser.add_argument("papers", nargs="*", default=None)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PROOFCHECK_NO_CACHE"}
    if args.against:
        compare(args, env)
        return
    for paper in args.papers or ["all", "larger-groups", "exact-zcdp", "findings"]:
        with tempfile.TemporaryDirectory() as cache:
            command = verify_command(paper, args.jobs, cache, args.mutants)
            for state in ("cold", "warm"):
                result, wall, cpu = timed(command, env)
                report = json.loads(result.stdout) if result.stdout.strip() else {"summary": {}, "claims": []}
                summary = report["summary"]
                print(f"{paper:14} {state}  wall {wall:6.1f} s  cpu {cpu:6.1f} s  exit {result.returncode}  "
                      f"{summary.get('passed', 0)} passed, {summary.get('failed', 0)} failed, "
                      f"{summary.get('cached', 0)} cached  evidence {summary.get('evidence', {})}"
                      + (f"  mutants {summary['mutants']}" if 'mutants' in summary else ""))
                if state == "cold":
                    slowest = sorted(report["claims"], key=lambda c: -c["seconds"])[:5]
                    print("    slowest: " + ", ".join(f"{c['id']} {c['seconds']:.1f} s" for c in slowest))


def verify_command(paper, jobs, cache, mutants=False):
    command = [sys.executable, "-m", "proofcheck", "verify", *([] if paper == "all" else [paper]),
               "--json", "-j", str(jobs), "--cache-dir", cache]
    return command + (["--mutants"] if mutants else [])


@contextmanager
def worktree(revision):
    """A temporary git worktree of ``revision``, removed afterwards."""
    with tempfile.TemporaryDirectory() as parent:
        path = Path(parent) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), revision],
                       check=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)


def compare(args, env):
    """Cold runs of the working tree and of ``args.against``, alternated ``args.rounds`` times."""
    papers = args.papers or ["all"]
    seconds: dict = {}
    with worktree(args.against) as other:
        trees = {"here": (ROOT, env), args.against: (other, {**env, "PYTHONPATH": str(other)})}
        for round_ in range(1, args.rounds + 1):
            for name, (tree, tree_env) in trees.items():
                for paper in papers:
                    with tempfile.TemporaryDirectory() as cache:
                        # Run inside the tree: ``python -m`` puts the current folder before PYTHONPATH.
                        result, wall, cpu = timed(verify_command(paper, args.jobs, cache, args.mutants),
                                                  tree_env, cwd=tree)
                    report = json.loads(result.stdout) if result.stdout.strip() else {"summary": {}, "claims": []}
                    summary = report["summary"]
                    print(f"round {round_}  {name:12} {paper:14} cold  wall {wall:6.1f} s  cpu {cpu:6.1f} s  "
                          f"exit {result.returncode}  evidence {summary.get('evidence', {})}", flush=True)
                    for claim in report["claims"]:
                        seconds.setdefault(name, {}).setdefault(claim["id"], []).append(claim["seconds"])
    print_changes(seconds, args.against)


def mean(values):
    return sum(values) / len(values)


def print_changes(seconds, against):
    """The claims whose mean time differs most between the working tree and ``against``."""
    here, there = seconds.get("here", {}), seconds.get(against, {})
    changes = sorted(((mean(here.get(i, [0])) - mean(there.get(i, [0])), i) for i in set(here) | set(there)),
                     reverse=True)
    print(f"claim seconds, here against {against}: total {sum(mean(v) for v in here.values()):.1f} s "
          f"against {sum(mean(v) for v in there.values()):.1f} s")
    for change, claim in changes[:10] + changes[-5:]:
        print(f"    {change:+6.2f} s  {claim}")


if __name__ == "__main__":
    main()
