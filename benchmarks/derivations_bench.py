"""Time the literate derivations (derivations/*.py).

Two measurements, wall clock and CPU time:

* each derivation alone, in a fresh Python process (what
  ``python derivations/NAME.py`` costs, SymPy's import excluded; a derivation
  that uses another's results pays for that one too);
* all derivations in one process, as ``proofcheck derive --all`` and the
  test suite run them (shared results are computed once).

The target is under 60 s for all of them together.

Run: ``python benchmarks/derivations_bench.py [--repeat N] [--json]``.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

_ONE = r"""
import json, sys, time
import sympy
from proofcheck.core import literate
from proofcheck.commands.derive import load
module = load(sys.argv[1])
wall, cpu = time.perf_counter(), time.process_time()
d = literate.run(module.derive, module.TITLE, module.SOURCE)
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "steps": len(d.steps)}))
"""


def alone(name: str) -> dict:
    output = subprocess.run([sys.executable, "-c", _ONE, name], check=True, capture_output=True, text=True)
    return json.loads(output.stdout.strip().splitlines()[-1])


def together(names) -> dict:
    from proofcheck.commands.derive import load
    from proofcheck.core import literate
    times = {}
    wall, cpu = time.perf_counter(), time.process_time()
    for name in names:
        module = load(name)
        w, c = time.perf_counter(), time.process_time()
        literate.run(module.derive, module.TITLE, module.SOURCE)
        times[name] = {"wall": time.perf_counter() - w, "cpu": time.process_time() - c}
    return {"each": times, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each measurement; the best is kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from proofcheck.commands.derive import names
    all_names = names()
    best_alone = {}
    for name in all_names:
        runs = [alone(name) for _ in range(args.repeat)]
        best_alone[name] = min(runs, key=lambda r: r["wall"])
    runs = [together(all_names) for _ in range(args.repeat)]
    best_together = min(runs, key=lambda r: r["wall"])
    if args.json:
        json.dump({"alone": best_alone, "together": best_together}, sys.stdout, indent=1)
        print()
        return 0
    print(f"{'derivation':20} {'steps':>5} {'alone wall':>11} {'alone cpu':>10} {'in one process':>15}")
    for name in all_names:
        a, t = best_alone[name], best_together["each"][name]
        print(f"{name:20} {a['steps']:5d} {a['wall']:10.2f}s {a['cpu']:9.2f}s {t['wall']:14.2f}s")
    print(f"{'all, one process':20} {'':5} {'':11} {'':10} {best_together['wall']:14.2f}s "
          f"(cpu {best_together['cpu']:.2f} s; target < 60 s)")
    print(f"{'sum of alone runs':20} {'':5} {sum(a['wall'] for a in best_alone.values()):10.2f}s "
          f"{sum(a['cpu'] for a in best_alone.values()):9.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
