"""``proofcheck gap``: the mechanism's budget held against every lower bound of §6.

For n = 1, 10, …, 10^6 it prints the shifted-log Gaussian mechanism's v(n)
(the zCDP ρ of the edge (n − 1) ↔ n, (6)), the best of the lower bounds
(14), (23) and (19) with the truncated-Gaussian prior, which one it is, and
the ratio v(n)/bound -- at least 1 if the two halves of the paper agree.
Exit status 0 when v(n) ≥ bound at every n (decided beyond the bound's
digits), 1 if some n violates it or is too close to call, 2 on bad input.
"""
from __future__ import annotations

import json
import sys
import time

import mpmath

from ..core.model.errors import DomainError
from ..core.numbers.precision import validate_dps
from ..dp.mechanisms.shifted_log_gaussian import MAX_DIGITS
from .common import Progress, add_dps

# Lower bounds are evaluated at this many digits: enough for the printed six,
# and it lets the Gaussian prior's wide sums run in double precision (see
# dp/lower_bounds/bounds.py); the mechanism's v(n) is computed at 30.
BOUND_DIGITS = 12
V_DIGITS = 30


def add_parser(sub, summary):
    p = sub.add_parser("gap", help=summary,
                       description="For n = 1, 10, ..., 10^max, print the shifted-log Gaussian "
                       "mechanism's zCDP budget v(n), the best of the lower bounds (14), (23) and "
                       "(19) (truncated-Gaussian prior), and their ratio.")
    p.add_argument("--r", required=True, help="error tolerance r in (0, 1) (at r = 1 the release is "
                   "data-independent, v = 0: no gap to measure)")
    p.add_argument("--r0", help="the mechanism's r0 in (0, r) (default r/2)")
    p.add_argument("--c", default="1", help="the mechanism's shift c > 0 (default 1)")
    p.add_argument("--max-exponent", default="6", help="largest n is 10^this, 0 to 6 (default 6)")
    add_dps(p, V_DIGITS, high=MAX_DIGITS)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=run)


def rows(r, r0, c, exponents, progress=None, dps=V_DIGITS):
    from ..dp.lower_bounds.bounds import best_lower_bound  # lazy: a command loads only what it runs
    from ..dp.mechanisms.shifted_log_gaussian import ShiftedLogGaussian  # lazy: a command loads only what it runs
    mechanism = ShiftedLogGaussian(r, r0=r0, c=c, dps=dps)
    if mechanism.data_independent:
        raise DomainError("r", "at r = 1 the data-independent release has v = 0 (Proposition 2.3); "
                          "there is no gap to measure")
    table = []
    for done, exponent in enumerate(exponents):
        n = 10 ** exponent
        if progress is not None:
            progress.update(done, f"n = {n}")
        v = mechanism.v(n)
        bound, name = best_lower_bound(r, n, dps=BOUND_DIGITS)
        ratio = v / bound if bound > 0 else mpmath.inf
        # The bound carries BOUND_DIGITS digits: a ratio within that of 1 is undecided.
        margin = mpmath.mpf(10) ** (2 - BOUND_DIGITS)
        table.append({"n": n, "v": v, "lower_bound": bound, "bound": name, "ratio": ratio,
                      "consistent": bool(v > bound * (1 + margin))})
    return mechanism, table


def run(args) -> int:
    text = str(args.max_exponent).strip()
    if not text.isdigit() or int(text) > 6:
        raise DomainError("--max-exponent", f"must be an integer from 0 to 6, got {args.max_exponent!r}")
    exponents = range(int(text) + 1)
    dps = validate_dps(args.dps, high=MAX_DIGITS)
    progress = Progress(len(exponents), enabled=not args.json)
    start = time.perf_counter()
    try:
        mechanism, table = rows(args.r, args.r0, args.c, exponents, progress, dps)
    except DomainError as error:
        if error.parameter == "r" and "(0, 1]" in str(error):
            # The mechanism accepts r = 1; the gap does not (v = 0 there), so say (0, 1) as --help does.
            raise DomainError("r", f"must lie in (0, 1), got {args.r!r}") from None
        raise
    finally:
        progress.clear()
    elapsed = time.perf_counter() - start
    consistent = all(row["consistent"] for row in table)
    if args.json:
        json.dump(_as_json(mechanism, table, consistent, elapsed, dps), sys.stdout, indent=1)
        print()
    else:
        print(_text(mechanism, table, consistent, elapsed))
    return 0 if consistent else 1


def _number(value, digits):
    return "inf" if value == mpmath.inf else mpmath.nstr(value, digits)


def _as_json(mechanism, table, consistent, elapsed, dps=V_DIGITS) -> dict:
    from ..core.numbers.precision import decimal_string  # lazy: a command loads only what it runs

    def bound_digits(value):
        # The lower bounds carry BOUND_DIGITS digits (see above), two of them guard digits.
        return "inf" if not mpmath.isfinite(value) else mpmath.nstr(value, BOUND_DIGITS - 2)

    return {
        **{name: None if value is None else str(value)
           for name, value in mechanism.exact_parameters.items()},
        "v_is": "zCDP rho of the edge (n-1) <-> n, (6)", "dps": dps,
        "lower_bound_digits": BOUND_DIGITS - 2,
        "rows": [{"n": row["n"], "v": decimal_string(row["v"], dps),
                  "lower_bound": bound_digits(row["lower_bound"]),
                  "bound": row["bound"], "ratio": bound_digits(row["ratio"]),
                  "consistent": row["consistent"]} for row in table],
        "consistent": consistent, "seconds": round(elapsed, 2),
    }


def _text(mechanism, table, consistent, elapsed) -> str:
    exact = mechanism.exact_parameters
    lines = [f"shifted-log Gaussian: r = {exact['r']}, r0 = {exact['r0']}, c = {exact['c']}; "
             f"v(n) is the zCDP rho of the edge (n-1) <-> n, (6)",
             "lower bound: the best of two-count (14), uniform prior (23), truncated-Gaussian prior (19)"]
    header = ("n", "v(n)", "best lower bound", "which", "v / bound")
    cells = [header] + [(str(row["n"]), _number(row["v"], 8), _number(row["lower_bound"], 8),
                         row["bound"], _number(row["ratio"], 6)) for row in table]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    for line in cells:
        lines.append("  ".join(cell.rjust(width) if i != 3 else cell.ljust(width)
                               for i, (cell, width) in enumerate(zip(line, widths))))
    verdict = "v(n) >= lower bound at every n" if consistent else "VIOLATED: v(n) < lower bound at some n"
    lines.append(f"{verdict}; {elapsed:.1f} s")
    return "\n".join(lines)
