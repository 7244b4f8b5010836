"""Time the commands whose cost is start-up: help, a bad argument, the map, one claim.

Run: python benchmarks/startup_bench.py [--repeat N]

Prints the best wall time of N runs (default 5) of each command, with no verdict
cache, so that one claim is really checked.  Targets: `--help` and a bad
argument <= 0.3 s, `verify --list` and `verify --only eq-32-ratio` <= 1.0 s,
`verify --only lemma-4.1` <= 2.0 s.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

COMMANDS = [
    ("--help", ["--help"]),
    ("a bad argument", ["verify", "--dps", "3"]),
    ("verify --list", ["verify", "--list"]),
    ("verify --only eq-32-ratio", ["verify", "--only", "eq-32-ratio"]),
    ("verify --only lemma-4.1", ["verify", "--only", "lemma-4.1"]),
    ("constants --dps 50", ["constants", "--dps", "50"]),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "PROOFCHECK_NO_CACHE": "1"}
    for label, words in COMMANDS:
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "proofcheck", *words], capture_output=True, env=env)
            best = min(best, time.perf_counter() - start)
        print(f"{label:28} {best:6.2f} s  (exit {result.returncode})")


if __name__ == "__main__":
    main()
