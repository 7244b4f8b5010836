"""Timings of the noise-law findings against the targets of their issue.

    python benchmarks/explore_bench.py [--repeat N] [--skip-verify]

Targets: ``proofcheck verify findings`` under 60 s at the default precision
(50 digits); one Renyi divergence of the Airy law under 1 s; ``proofcheck
explore noise-laws`` under 5 s and, with ``--r``, under 30 s.  Each figure is
the best of ``--repeat`` runs with the caches emptied in between (the machine
may be shared); the verify runs are separate processes.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
import time


def clear_caches():
    from proofcheck.dp.mechanisms import log_location
    from proofcheck.dp.noise import laws as noise_laws
    from proofcheck.dp.noise import symbolic_moments
    from proofcheck.dp.numerics import airy_functions, arb_quadrature
    from proofcheck.papers.findings.kinds import (
        ground_state,
        log_location_family,
        noise_law_quantity,
        renyi_profile,
        small_shift_limit,
        sub_gaussian_score,
    )
    kinds = (noise_law_quantity, ground_state, renyi_profile, small_shift_limit, sub_gaussian_score,
             log_location_family)
    for module in (airy_functions, arb_quadrature, noise_laws, symbolic_moments, log_location, *kinds):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def best_of(repeat, task):
    times = []
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return min(times)


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-verify", action="store_true", help="skip the (long) verify runs")
    args = parser.parse_args(argv)

    import mpmath

    from proofcheck.cli import main as cli
    from proofcheck.dp.airy import linear_potential
    from proofcheck.dp.mechanisms import log_location
    from proofcheck.dp.noise import laws as noise_laws

    rows = []
    for dps in (30, 50, 100):
        rows.append((f"Airy E|X|, I and normaliser by quadrature, {dps} digits", 5.0,
                     best_of(args.repeat, lambda: (noise_laws.mean_absolute_value("airy", dps),
                                                   noise_laws.fisher_information("airy", dps)))))
    rows.append(("ground state of -u'' + |x| u by shooting, 50 digits", 5.0,
                 best_of(args.repeat, lambda: linear_potential.linear_potential_ground_state(50))))
    for alpha, delta in (("1", "0.001"), ("2", "0.001"), ("2", "1"), ("100000", "1"), ("100000", "300")):
        rows.append((f"Airy D_alpha, alpha={alpha}, shift={delta}, 20 digits", 1.0,
                     best_of(args.repeat, lambda: log_location.renyi_divergence(
                         "airy", mpmath.mpf(alpha), mpmath.mpf(delta), 20))))
    rows.append(("Airy Renyi profile, 17 orders, shift 0.1, 20 digits", 5.0,
                 best_of(args.repeat, lambda: log_location.renyi_profile("airy", "0.1", dps=20))))
    for law in ("gaussian", "airy"):
        rows.append((f"{law} mechanism calibration at r = 0.01, 30 digits", 2.0,
                     best_of(args.repeat, lambda: log_location.LogLocationMechanism(law, "0.01", dps=30))))

    def explore(*extra):
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["explore", "noise-laws", *extra])

    rows.append(("proofcheck explore noise-laws (in process)", 5.0, best_of(args.repeat, explore)))
    rows.append(("proofcheck explore noise-laws --r 0.01 (in process)", 30.0,
                 best_of(max(1, args.repeat - 2), lambda: explore("--r", "0.01"))))
    if not args.skip_verify:
        proofcheck = [sys.executable, "-m", "proofcheck"]
        rows.append(("proofcheck verify findings -j 2 (50 digits)", 60.0,
                     wall(proofcheck + ["verify", "findings", "-j", "2"])))
        rows.append(("proofcheck verify findings -j 1 --mutants (50 digits)", 120.0,
                     wall(proofcheck + ["verify", "findings", "-j", "1", "--mutants"])))

    width = max(len(name) for name, _, _ in rows)
    for name, target, seconds in rows:
        status = "ok" if seconds < target else "SLOW"
        print(f"{name:<{width}}  {seconds:7.3f} s  (target < {target:g} s)  {status}")


if __name__ == "__main__":
    main()
