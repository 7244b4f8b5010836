"""``proofcheck mechanism``: the shifted-log Gaussian mechanism (4) at given parameters.

Prints σ of (3) and, for each count n, the budget v(n) of (5)-(6) -- the zCDP
ρ of the edge (n − 1) ↔ n, in both directions -- the (ε, δ) it implies
(§5.1), the exact expected absolute error of the released (clipped) value,
and the bounds of Theorem 3.1(i).  Exit status 0, or 2 on bad input.
"""
from __future__ import annotations

import json
import sys

import mpmath

from ..core.model.errors import DomainError
from ..core.numbers.precision import validate_dps
from ..dp.mechanisms.shifted_log_gaussian import MAX_DIGITS
from .common import add_dps

EDGE_NOTE = "zCDP rho of the edge (n-1) <-> n, both directions, every order"


def add_parser(sub, summary):
    p = sub.add_parser("mechanism", help=summary,
                       description="Evaluate the shifted-log Gaussian mechanism (4) of 'Better "
                       "Privacy Guarantees for Larger Groups': sigma (3), and per count n the zCDP "
                       "budget v(n) of the edge (n-1) <-> n, (5)-(6), the (epsilon, delta)-DP it "
                       "implies, the exact expected absolute error of the released value and its "
                       "bounds (Theorem 3.1(i)).")
    p.add_argument("--r", required=True, help="error tolerance r in (0, 1]; r = 1 is the "
                   "data-independent release 1/2 of Proposition 2.3")
    p.add_argument("--r0", help="design tolerance r0 in (0, r) (default r/2)")
    p.add_argument("--c", default="1", help="shift c > 0 (default 1)")
    p.add_argument("--n", default="1,10,100", help="comma-separated counts (default 1,10,100)")
    p.add_argument("--delta", default="1e-6", help="delta in (0, 1) for epsilon (default 1e-6)")
    add_dps(p, 30, high=MAX_DIGITS)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=run)


def parse_counts(text: str) -> list[int]:
    """'1,10,100' -> [1, 10, 100]; a DomainError naming --n otherwise."""
    from ..dp.numerics.exact_inputs import count  # lazy: a command loads only what it runs
    parts = [part.strip() for part in text.split(",")]
    if not parts or any(not part for part in parts):
        raise DomainError("--n", f"expected comma-separated counts, got {text!r}")
    return [count(part, "--n") for part in parts]


def describe(r, r0, c, counts, delta, dps) -> dict:
    from ..dp.mechanisms.shifted_log_gaussian import ShiftedLogGaussian  # lazy: a command loads only what it runs
    from ..dp.numerics.exact_inputs import probability  # lazy: a command loads only what it runs
    mechanism = ShiftedLogGaussian(r, r0=r0, c=c, dps=dps)
    delta_exact = probability(delta, "delta")
    rows = []
    for n in counts:
        rows.append({
            "n": n,
            "edge": "0 <-> 1 (v(0) = v(1), (5))" if n == 0 else f"{n - 1} <-> {n}",
            "v": mechanism.v(n),
            "epsilon": mechanism.epsilon(n, delta_exact),
            "expected_absolute_error": mechanism.expected_absolute_error(n),
            "error_bound": mechanism.error_bound(n),
            "utility_target": mechanism.utility_target(n),
        })
    return {"mechanism": mechanism, "delta": delta_exact, "rows": rows, "dps": dps}


def run(args) -> int:
    counts = parse_counts(args.n)
    dps = validate_dps(args.dps, high=MAX_DIGITS)
    record = describe(args.r, args.r0, args.c, counts, args.delta, dps)
    if args.json:
        json.dump(_as_json(record), sys.stdout, indent=1)
        print()
    else:
        print(_text(record))
    return 0


def _number(value, digits=17):
    return mpmath.nstr(value, digits)


def _as_json(record) -> dict:
    from ..core.numbers.precision import decimal_string  # lazy: a command loads only what it runs
    mechanism = record["mechanism"]

    def _json_number(value):
        """A decimal string with the digits that are correct at --dps (a double would keep 17)."""
        return decimal_string(value, record["dps"])

    return {
        "mechanism": "shifted-log Gaussian (4)",
        "data_independent": mechanism.data_independent,
        **{name: None if value is None else str(value)
           for name, value in mechanism.exact_parameters.items()},
        "sigma": _json_number(mechanism.sigma), "delta": str(record["delta"]),
        "dps": record["dps"], "v_is": EDGE_NOTE,
        "rows": [{key: (_json_number(value) if isinstance(value, mpmath.mpf) else value)
                  for key, value in row.items()} for row in record["rows"]],
    }


def _text(record) -> str:
    mechanism = record["mechanism"]
    lines = []
    if mechanism.data_independent:
        lines.append("r = 1: the data-independent release 1/2 of Proposition 2.3 (v = 0 at every n)")
    else:
        exact = mechanism.exact_parameters
        lines.append(f"shifted-log Gaussian mechanism (4): r = {exact['r']}, r0 = {exact['r0']}, "
                     f"c = {exact['c']}")
        lines.append(f"sigma (3) = {_number(mechanism.sigma, 15)}")
    lines.append(f"v(n) is the {EDGE_NOTE}; epsilon at delta = {record['delta']} is "
                 f"rho + 2 sqrt(rho log(1/delta)) (section 5.1)")
    header = ("n", "edge", "v(n) = zCDP rho", "epsilon(delta)", "E|x^ - n| exact",
              "bound, Thm 3.1(i)", "target r max(n,1)")
    table = [header]
    for row in record["rows"]:
        table.append((str(row["n"]), row["edge"], _number(row["v"], 10), _number(row["epsilon"], 10),
                      _number(row["expected_absolute_error"], 10), _number(row["error_bound"], 10),
                      _number(row["utility_target"], 10)))
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for line in table:
        lines.append("  ".join(cell.rjust(width) for cell, width in zip(line, widths)))
    return "\n".join(lines)
