"""Time ``proofcheck report --html`` on every pack from a warm verdict cache.

    python benchmarks/html_report_bench.py [--runs 3]

The first run fills the cache of the current folder (``.proofcheck_cache``) if the
verdicts are not there yet; the runs after it are timed, end to end as a user meets
them (a new process: imports, loading, the cache, MathML, the figures, writing).
The target is under 10 s.  The pages go to a temporary folder.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

TARGET_SECONDS = 10.0


def one_run(out: str) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PROOFCHECK_NO_CACHE"}
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "proofcheck", "report", "--html", "--out", out],
                            capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        raise SystemExit(f"proofcheck report --html exited with status {result.returncode}: {result.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        print(f"warming the cache: {one_run(out):.1f} s")
        times = [one_run(out) for _ in range(args.runs)]
    best = min(times)
    print("warm runs: " + ", ".join(f"{t:.2f} s" for t in times) + f"; best {best:.2f} s "
          f"(target < {TARGET_SECONDS:.0f} s)")
    return 0 if best < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
