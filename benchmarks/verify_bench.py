"""Time `proofcheck verify` of each paper pack, with and without negative controls.

Run: python benchmarks/verify_bench.py [--jobs N] [--mutants]
Prints wall and CPU seconds per pack and the count of claims per evidence level.
Targets (issue 2): the larger-groups pack in under 30 s wall on 2 cores.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time


def cpu_seconds_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--mutants", action="store_true")
    parser.add_argument("papers", nargs="*", default=["larger-groups", "exact-zcdp", "findings"])
    args = parser.parse_args()
    for paper in args.papers:
        command = [sys.executable, "-m", "proofcheck", "verify", paper, "--json", "-j", str(args.jobs)]
        if args.mutants:
            command.append("--mutants")
        cpu_before, start = cpu_seconds_of_children(), time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - start, cpu_seconds_of_children() - cpu_before
        summary = json.loads(result.stdout)["summary"] if result.stdout.strip() else {}
        print(f"{paper:15} wall {wall:6.1f} s  cpu {cpu:6.1f} s  exit {result.returncode}  "
              f"{summary.get('passed', 0)} passed, {summary.get('failed', 0)} failed  "
              f"evidence {summary.get('evidence', {})}"
              + (f"  mutants {summary['mutants']}" if 'mutants' in summary else ""))


if __name__ == "__main__":
    main()
