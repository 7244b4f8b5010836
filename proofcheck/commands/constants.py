"""``proofcheck constants``: every closed-form constant of the paper, certified to N digits.

For each constant of the packs' ``constants.toml``: its exact SymPy form,
where it appears, its value to N significant digits (correctly rounded), the
Arb ball that certifies them, and the audit of every decimal the paper prints
for it.  Exit status 0 when every printed decimal is a correct rounding or
truncation, 1 when one is wrong or a value cannot be decided, 2 on bad input.
"""
from __future__ import annotations

import json
import sys
import time

from ..core.model.verdict import DEFAULT_DPS
from .common import Progress, keep_only


def add_parser(sub, summary):
    p = sub.add_parser("constants", help=summary,
                       description="Print every closed-form constant of the paper to N significant "
                       "digits, certified with Arb balls, and audit each decimal the paper prints for "
                       "it (correct rounding, correct truncation, or wrong).")
    p.add_argument("papers", nargs="*", metavar="PAPER", help="paper packs (default: all with constants)")
    p.add_argument("--dps", default=str(DEFAULT_DPS),
                   help=f"significant digits to print, 1 to 100000 (default {DEFAULT_DPS})")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--only", nargs="+", metavar="ID", help="only these constants")
    p.add_argument("--constants", metavar="PATH", help="read this constants file instead of the packs'")
    p.add_argument("--compare-mpmath", action="store_true",
                   help="also compute every value with mpmath and check that the two engines agree")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..constants import load_constants  # lazy: a command loads only what it runs
    from ..core.decimals.digits import validate_digits  # lazy: a command loads only what it runs
    from ..core.model.errors import ProofcheckError  # lazy: a command loads only what it runs
    n = validate_digits(args.dps)
    constants = load_constants(args.papers, path=args.constants)
    constants = keep_only(constants, args.only, "constant")
    if not constants:
        raise ProofcheckError("no constants found")
    start = time.perf_counter()
    records = []
    # The bar is removed whatever happens (Ctrl-C included), so the terminal is left clean.
    with Progress(len(constants), enabled=not args.json) as progress:
        for done, constant in enumerate(constants, 1):
            progress.update(done - 1, constant.id)
            record = describe(constant, n, args.compare_mpmath)
            records.append(record)
            if not args.json:
                print(_text(record), flush=True)
    seconds = time.perf_counter() - start
    summary = _summary(records, n, seconds)
    if args.json:
        json.dump({"constants": records, "summary": summary}, sys.stdout, indent=1)
        print()
    else:
        print(_summary_line(summary))
    return 0 if summary["ok"] else 1


def describe(constant, n: int, compare_mpmath: bool = False) -> dict:
    """Everything ``proofcheck constants`` reports about one constant, as plain data."""
    # lazy: a command loads only what it runs
    from ..core.decimals.digits import RoundingBoundaryError, midpoint_text, radius_bound
    from ..core.decimals.mpmath_digits import compare_engines  # lazy: a command loads only what it runs
    record = {"id": constant.id, "paper": constant.paper, "name": constant.name, "value": constant.text,
              "exact": str(constant.exact), "where": list(constant.where),
              "derivation": constant.derivation_text, "derivation_holds": constant.derivation_holds(),
              "digits": n, "evidence": "certified"}
    try:
        digits = constant.digits(n)
    except RoundingBoundaryError as error:
        record.update(decimal=None, undecided=str(error))
    else:
        record.update(decimal=digits.positional(), scientific=digits.scientific(), tie=digits.tie,
                      enclosure={"midpoint": midpoint_text(digits.enclosure, n + 10),
                                 "radius_at_most": radius_bound(digits.enclosure), "bits": digits.bits})
    if compare_mpmath:
        comparison = compare_engines(constant.exact, n)
        record["mpmath_agrees"] = comparison.agree
    record["printed"] = [{"decimal": printed.decimal, "where": printed.where, "verdict": result.verdict,
                          "correctly_rounded": result.correctly_rounded, "truncated": result.truncated,
                          "error_in_last_place": result.error_in_last_place, "sentence": result.sentence()}
                         for printed, result in constant.audit_printed()]
    return record


def _ok(record) -> bool:
    return (record["decimal"] is not None and record.get("mpmath_agrees", True)
            and record["derivation_holds"] is not False
            and all(p["verdict"] not in ("wrong", "undecided") for p in record["printed"]))


def _summary(records, n, seconds) -> dict:
    printed = [p for r in records for p in r["printed"]]
    verdicts: dict = {}
    for p in printed:
        verdicts[p["verdict"]] = verdicts.get(p["verdict"], 0) + 1
    return {"constants": len(records), "digits": n, "printed_decimals": len(printed), "verdicts": verdicts,
            "undecided_values": sum(r["decimal"] is None for r in records),
            "derivations": {"shown": sum(r["derivation_holds"] is True for r in records),
                            "not_shown": sum(r["derivation_holds"] is False for r in records)},
            "ok": all(_ok(r) for r in records), "seconds": round(seconds, 3)}


def _summary_line(summary) -> str:
    counts = ", ".join(f"{count} {verdict}" for verdict, count in sorted(summary["verdicts"].items()))
    wrong = summary["verdicts"].get("wrong", 0) + summary["verdicts"].get("undecided", 0)
    digits = f"{summary['digits']} significant digit{'s' if summary['digits'] != 1 else ''}"
    return (f"{summary['constants']} constants to {digits}; "
            f"{summary['printed_decimals']} printed decimals ({counts or 'none'}); "
            f"{summary['derivations']['shown']} derivations shown"
            + (f", {summary['derivations']['not_shown']} NOT shown" if summary['derivations']['not_shown'] else "")
            + "; "
            f"{'all correct' if summary['ok'] else f'{wrong} not correct'}; {summary['seconds']:.2f} s")


def _text(record) -> str:
    written = record["value"].replace(" ", "") != record["exact"].replace(" ", "")
    lines = [f"{record['id']}: {record['name']}",
             f"  exact      {record['exact']}" + (f"   (written {record['value']})" if written else ""),
             f"  appears    {'; '.join(record['where'])}"]
    if record["derivation"]:
        shown = {True: "reduces to the exact value (symbolic)",
                 False: "NOT SHOWN to reduce to the exact value"}[record["derivation_holds"]]
        lines.append(f"  derivation {record['derivation']}: {shown}")
    if record["decimal"] is None:
        lines.append(f"  value      UNDECIDED: {record['undecided']}")
    else:
        enclosure = record["enclosure"]
        lines.append(f"  value      {record['decimal']}   ({record['digits']} significant digits, correctly "
                     f"rounded{', exact tie rounded away from zero' if record['tie'] else ''})")
        lines.append(f"  enclosure  [{enclosure['midpoint'][:32]}... +/- {enclosure['radius_at_most']}]  "
                     f"({enclosure['bits']} bits)")
    if "mpmath_agrees" in record:
        lines.append(f"  mpmath     {'agrees' if record['mpmath_agrees'] else 'DISAGREES'}")
    for p in record["printed"]:
        mark = "ok   " if p["verdict"] not in ("wrong", "undecided") else p["verdict"].upper()
        lines.append(f"  printed    {mark} {p['sentence']}; error {p['error_in_last_place']} units in the "
                     f"last place  [{p['where']}]")
    return "\n".join(lines)
