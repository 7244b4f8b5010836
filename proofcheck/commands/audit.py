"""``proofcheck audit EXPR DECIMAL``: is a printed decimal a correct rendering of a constant?

``EXPR`` is read by the whitelisted parser (``proofcheck.core.model.expressions``),
never evaluated as Python, so ``__import__('os')...`` is refused as bad input.
Operators such as ``limit(f, r, 0, '+')`` or ``summation(1/k**2, k, 1, oo)``
may use the bound variables listed in ``BOUND_VARIABLES``; the result must be
a constant.  The decision is certified with Arb balls
(``proofcheck.core.decimals.audit.audit``).

Exit status: 0 the decimal is a correct rounding or truncation (the output
says which), 1 it is wrong (the output gives the true value and the error in
units of the last printed place) or cannot be decided, 2 bad input.
"""
from __future__ import annotations

import json
import re
import sys

# Names an EXPR may use as the bound variable of limit/summation/integrate/diff.
BOUND_VARIABLES = {"x": {"real": True}, "y": {"real": True}, "z": {"real": True},
                   "t": {"real": True}, "s": {"real": True}, "u": {"real": True},
                   "r": {"positive": True}, "a": {"positive": True},
                   "j": {"integer": True}, "k": {"integer": True},
                   "m": {"integer": True}, "n": {"integer": True}}
DEFAULT_SHOWN_DIGITS = 30


def add_parser(sub, summary):
    p = sub.add_parser("audit", help=summary,
                       description="Decide with a certified enclosure whether DECIMAL is a correct "
                       "rounding, a correct truncation, or a wrong rendering of the exact value of EXPR "
                       "(e.g. proofcheck audit \"pi/(4*E**2)\" 0.1062921). Exit status 0 correct, "
                       "1 wrong or undecided, 2 bad input. An EXPR or DECIMAL may start with a minus sign: "
                       "proofcheck audit -1/pi -0.3183.")
    # argparse takes "-1/pi" for an option because it is not a plain negative number; an
    # argument starting with one dash that names no option of this command is a value here.
    p._negative_number_matcher = re.compile(r"^-[^-]")
    p.add_argument("expression", metavar="EXPR", help="the exact value, e.g. \"pi/(4*E**2)\"")
    p.add_argument("decimal", metavar="DECIMAL", help="the decimal as printed, e.g. 0.1062921")
    p.add_argument("--dps", default=None,
                   help=f"significant digits of the true value to show, 1 to 100000 "
                        f"(default {DEFAULT_SHOWN_DIGITS}, or 10 more than DECIMAL has)")
    p.add_argument("--json", action="store_true", help="print one JSON record")
    p.set_defaults(run=run)


def parse_constant(text: str):
    """EXPR as an exact SymPy constant, or a one-line ProofcheckError."""
    from ..core.decimals.digits import exact_constant  # lazy: a command loads only what it runs
    from ..core.model.expressions import make_symbol, parse_expression  # lazy: a command loads only what it runs
    symbols = {name: make_symbol(name, assumptions) for name, assumptions in BOUND_VARIABLES.items()}
    return exact_constant(parse_expression(text, symbols), what=f"expression {text!r}")


def run(args) -> int:
    from ..core.decimals.audit import audit  # lazy: a command loads only what it runs

    # lazy: a command loads only what it runs
    from ..core.decimals.digits import RoundingBoundaryError, certified_digits, validate_digits
    from ..core.decimals.printed import parse_decimal  # lazy: a command loads only what it runs
    printed = parse_decimal(args.decimal)
    if args.dps is None:
        significant = len(str(abs(printed.scaled)))
        shown = max(DEFAULT_SHOWN_DIGITS, min(significant + 10, 100_000))
    else:
        shown = validate_digits(args.dps)
    value = parse_constant(args.expression)
    result = audit(value, printed)
    try:
        true_value = str(certified_digits(value, shown))
    except RoundingBoundaryError as error:
        true_value = None
        undecided = str(error)
    record = {"expression": args.expression, "exact": str(value), "printed": result.printed,
              "places": result.places, "verdict": result.verdict, "rounding": result.rounding,
              "truncation": result.truncation, "correctly_rounded": result.correctly_rounded,
              "truncated": result.truncated, "error_in_last_place": result.error_in_last_place,
              "tie": result.tie, "true_value": true_value, "significant_digits": shown,
              "bits": result.bits, "evidence": "certified", "ok": result.ok}
    if args.json:
        json.dump(record, sys.stdout, indent=1)
        print()
    else:
        if true_value is None:
            print(f"value    {value}: digits undecided ({undecided})")
        else:
            print(f"value    {value} = {true_value}   ({shown} significant digits, certified)")
        print(f"verdict  {result.sentence()}")
        print(f"error    {result.error_in_last_place} units in the last printed place "
              f"(printed minus true value)")
    return 0 if result.ok else 1
