"""Timings of the shifted-log Gaussian machinery against the targets of its issue.

    python benchmarks/mechanism_bench.py [--repeat N]

Targets: ``release`` of 10^7 counts under 1 s; the Rényi divergence of one
edge, by quadrature at 30 digits, under 1 s; ``proofcheck gap`` under 10 s.
Each figure is the best of ``--repeat`` runs (the machine may be shared).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import time

import numpy as np


def best_of(repeat, task):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    from proofcheck import ShiftedLogGaussian
    from proofcheck.cli import main as cli
    from proofcheck.dp.divergences.renyi import renyi_divergence

    mechanism = ShiftedLogGaussian("0.3")
    counts = np.random.default_rng(1).integers(0, 10**6, size=10**7)
    rng = np.random.default_rng(2)
    rows = [
        ("release, 10^7 counts, real", 1.0,
         best_of(args.repeat, lambda: mechanism.release(counts, rng))),
        ("release, 10^7 counts, stochastic rounding", 1.0,
         best_of(args.repeat, lambda: mechanism.release(counts, rng, integer=True))),
    ]
    for n, clipped, alpha in ((1, True, 100), (1000, True, 2), (10**6, False, "1.01")):
        low, high = mechanism.output_law(n - 1, clipped, dps=30), mechanism.output_law(n, clipped, dps=30)
        rows.append((f"Renyi quadrature, edge {n - 1}<->{n}, alpha={alpha}, "
                     f"{'clipped' if clipped else 'unclipped'}, one direction, 30 digits", 1.0,
                     best_of(args.repeat, lambda: renyi_divergence(high, low, alpha, dps=30))))
        rows.append(("  same edge, both directions", 1.0,
                     best_of(args.repeat, lambda: (renyi_divergence(high, low, alpha, dps=30),
                                                   renyi_divergence(low, high, alpha, dps=30)))))
    for r in ("0.1", "0.3", "0.01"):
        def gap():
            with contextlib.redirect_stdout(io.StringIO()):
                cli(["gap", "--r", r])
        rows.append((f"proofcheck gap --r {r} (in process)", 10.0, best_of(max(1, args.repeat - 2), gap)))

    width = max(len(name) for name, _, _ in rows)
    for name, target, seconds in rows:
        status = "ok" if seconds < target else "SLOW"
        print(f"{name:<{width}}  {seconds:7.3f} s  (target < {target:g} s)  {status}")


if __name__ == "__main__":
    main()
