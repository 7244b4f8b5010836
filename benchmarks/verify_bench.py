"""Time `proofcheck verify`: each pack and all packs, cold (empty verdict cache) and warm.

Run: python benchmarks/verify_bench.py [--jobs N] [--mutants] [PAPER ...]

For each run it prints wall and CPU seconds (the CPU of the command and its
workers), the exit status, the counts per evidence level, and, for a cold run,
the five slowest claims.  "all" is every pack in one command.  Each cold run
uses a fresh cache folder, and the warm run repeats it with nothing changed.
Targets: all packs cold <= 20 s wall, larger-groups <= 12 s wall, warm <= 2 s.
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


def cpu_seconds_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, env):
    cpu_before, start = cpu_seconds_of_children(), time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    return result, time.perf_counter() - start, cpu_seconds_of_children() - cpu_before


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--mutants", action="store_true")
    parser.add_argument("papers", nargs="*", default=["all", "larger-groups", "exact-zcdp", "findings"])
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PROOFCHECK_NO_CACHE"}
    for paper in args.papers:
        with tempfile.TemporaryDirectory() as cache:
            command = [sys.executable, "-m", "proofcheck", "verify", *([] if paper == "all" else [paper]),
                       "--json", "-j", str(args.jobs), "--cache-dir", cache]
            if args.mutants:
                command.append("--mutants")
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


if __name__ == "__main__":
    main()
