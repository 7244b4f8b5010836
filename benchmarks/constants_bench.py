"""Benchmark: every closed-form constant of the paper to N certified digits.

Times, in one run and for each N:

* ``proofcheck``: ``certified_digits`` for every constant of the registry
  (exact SymPy form -> Arb ball at the bits N digits need -> correctly rounded
  digits, checked against the ball);
* ``bare python-flint``: the same constants written by hand as Arb
  expressions at the same precision and printed with ``arb.str(N)``
  (no rounding certificate, no SymPy);
* the ratio of the two, and the whole ``proofcheck constants --dps N``
  command as a subprocess (interpreter start, imports, derivations, audits).

Targets (issue 4): all constants to 10000 digits in under 1 s, to 100000
digits in under 15 s.

Run:  python benchmarks/constants_bench.py [--digits 10000 100000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import time

from flint import arb, ctx

from proofcheck.constants import load_constants
from proofcheck.core.decimals.digits import certified_digits

TARGET_SECONDS = {10_000: 1.0, 100_000: 15.0}


def bare_flint_constants():
    """The registry's constants, written by hand in python-flint."""
    e = arb.const_e
    return {
        "gaussian_prior_lower": lambda: arb.pi() / (4 * e() ** 2),
        "uniform_prior_lower": lambda: arb(3) / (2 * e() ** 3),
        "mechanism_upper": lambda: 1 / arb.pi(),
        "coefficient_gap_ratio": lambda: 4 * e() ** 2 / arb.pi() ** 2,
        "uniform_over_two_count": lambda: 192 / e() ** 3,
        "two_count_lower": lambda: arb(1) / 128,
        "small_r_limit_of_15": lambda: arb(1) / 128,
        "default_shift_coefficient": lambda: 4 / arb.pi(),
        "uniform_prior_maximiser": lambda: 2 * (arb(3) / 2).exp(),
        "sigma_slope": lambda: (arb.pi() / 2).sqrt(),
    }


def time_proofcheck(constants, n):
    start = time.perf_counter()
    for c in constants:
        certified_digits(c.exact, n).positional()
    return time.perf_counter() - start


def time_bare_flint(ids, n):
    formulas = bare_flint_constants()
    old = ctx.prec
    ctx.prec = math.ceil(n * math.log2(10)) + 64
    try:
        start = time.perf_counter()
        for constant_id in ids:
            formulas[constant_id]().str(n, radius=False)
        return time.perf_counter() - start
    finally:
        ctx.prec = old


def time_command(n):
    """(wall seconds, CPU seconds) of ``proofcheck constants --dps n`` as a subprocess."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "proofcheck", "constants", "--dps", str(n)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"proofcheck constants --dps {n} failed: {done.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_and_wall(function, *args):
    """(wall seconds, CPU seconds of this process) of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digits", type=int, nargs="+", default=[50, 1000, 10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs (default 3)")
    parser.add_argument("--no-command", action="store_true", help="skip the subprocess timing")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    constants = load_constants(["larger-groups"])
    load_seconds = time.perf_counter() - start
    ids = [c.id for c in constants]
    missing = set(ids) - set(bare_flint_constants())
    if missing:
        raise SystemExit(f"no bare-flint formula for {sorted(missing)}")
    print(f"{len(constants)} constants; registry loaded (parsed, operators derived) in {load_seconds:.3f} s")
    print("seconds are best of the runs; wall (cpu) -- cpu is what this process used, which is what")
    print("counts when the machine is shared")
    print(f"{'digits':>8} {'proofcheck':>18} {'bare flint':>18} {'ratio':>6} {'command':>16}  target")
    failed = False
    for n in args.digits:
        ours = min((cpu_and_wall(time_proofcheck, constants, n) for _ in range(args.repeat)), key=lambda t: t[1])
        bare = min((cpu_and_wall(time_bare_flint, ids, n) for _ in range(args.repeat)), key=lambda t: t[1])
        command = (math.nan, math.nan) if args.no_command else time_command(n)
        target = TARGET_SECONDS.get(n)
        verdict = ""
        if target is not None:
            ok = ours[0] < target or ours[1] < target
            failed |= not ok
            verdict = f"< {target:g} s: {'met' if ok else 'MISSED'}"
        print(f"{n:>8} {ours[0]:>8.4f} ({ours[1]:.4f}) {bare[0]:>8.4f} ({bare[1]:.4f}) "
              f"{ours[1] / max(bare[1], 1e-9):>6.2f} {command[0]:>6.2f} ({command[1]:.2f})  {verdict}")
    print("ratio = proofcheck cpu / bare python-flint cpu; command = whole CLI run incl. interpreter "
          "start, imports, derivations and audits")
    print(f"python {sys.version.split()[0]}, python-flint {__import__('flint').__version__}, "
          f"best of {args.repeat}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
