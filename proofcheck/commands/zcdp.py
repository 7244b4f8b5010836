"""``proofcheck zcdp``: the tight zCDP parameter of a mechanism and the bounds it improves on."""
from __future__ import annotations

import json
import sys

import mpmath

from ..core.numbers.precision import required_digits, validate_dps
from .common import add_dps

ZCDP_DPS = 30


def add_parser(sub, summary):
    from ..dp.mechanisms.zcdp_mechanisms import DEFAULT_ORDERS, MECHANISMS  # lazy: a command loads only what it runs
    p = sub.add_parser("zcdp", help=summary,
                       description="Print the tight zCDP parameter rho = sup_{alpha>1} D_alpha/alpha of a "
                       "mechanism, the classical bounds it improves on, and D_alpha/alpha at a few orders. "
                       "Mechanisms: " + ", ".join(MECHANISMS) + ".")
    p.add_argument("mechanism", metavar="MECHANISM", help="one of: " + ", ".join(MECHANISMS))
    p.add_argument("--eps", required=True, metavar="E",
                   help="privacy level eps > 0 (eta, the range width, for bounded-range)")
    p.add_argument("--k", metavar="K", help="categories of randomized response, k >= 2 (default 2)")
    p.add_argument("--delta-sens", metavar="D", help="integer sensitivity of discrete Laplace, >= 1 (default 1)")
    p.add_argument("--alpha", nargs="+", metavar="A", default=list(DEFAULT_ORDERS),
                   help=f"orders alpha > 1 at which to print D_alpha/alpha (default: {' '.join(DEFAULT_ORDERS)})")
    add_dps(p, ZCDP_DPS)
    p.add_argument("--json", action="store_true", help="print one JSON record")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..dp.mechanisms.zcdp_mechanisms import lookup, profile  # lazy: a command loads only what it runs
    dps = validate_dps(args.dps)
    mechanism = lookup(args.mechanism)
    result = profile(mechanism.name, args.eps, k=args.k, delta=args.delta_sens, orders=args.alpha, dps=dps)
    if args.json:
        json.dump(result.as_dict(), sys.stdout, indent=1)
        print()
        return 0
    print(_text(mechanism, result))
    return 0


def _text(mechanism, result) -> str:
    show = lambda x: mpmath.nstr(x, 15)  # noqa: E731
    given = ", ".join(f"{name} = {value}" for name, value in result.parameters.items())
    lines = [f"{mechanism.name}: {mechanism.title} ({given})"]
    if result.rho_at is None and result.covered:
        lines.append(f"  tight zCDP  rho = {show(result.rho)}   the alpha -> 1 limit (KL); {mechanism.source}")
    elif result.rho_at is None:
        lines.append(f"  zCDP        rho = {show(result.rho)}   the alpha -> 1 limit (KL), the largest value "
                     f"on the grid;")
        lines.append("              not proved tight here: beyond k = 6 the peak can lie past the grid's "
                     "largest order")
    else:
        excess = 100 * (result.rho / result.kl - 1)
        lines.append(f"  zCDP        rho = {show(result.rho)}   numeric peak of D_alpha/alpha at alpha = "
                     f"{mpmath.nstr(result.rho_at, 8)},")
        lines.append(f"              {mpmath.nstr(excess, 4)}% above the KL limit {show(result.kl)}: "
                     f"the KL is not the tight parameter here")
    lines.append("  improves on:")
    width = max(len(f) for f, _, _ in result.bounds) if result.bounds else 0
    for formula, source, value in result.bounds:
        lines.append(f"    {formula:{width}} = {show(value):18} {_excess(value, result.rho, result.dps)}  {source}")
    lines.append("  D_alpha/alpha:")
    lines.append(f"    {'alpha':>10}  {'D_alpha':>22}  {'D_alpha/alpha':>22}")
    # D_alpha itself also tends to the KL divergence as alpha -> 1.
    lines.append(f"    {'-> 1':>10}  {show(result.kl):>22}  {show(result.kl):>22}  (KL)")
    for alpha, divergence, ratio in result.orders:
        lines.append(f"    {_order(alpha):>10}  {show(divergence):>22}  {show(ratio):>22}")
    best_alpha, best_ratio = result.grid_best
    where = "the supremum is the alpha -> 1 limit" if result.rho_at is None else \
        "the supremum is interior, above the KL limit"
    lines.append(f"  grid: largest D_alpha/alpha on {result.grid} is {show(best_ratio)} at alpha = "
                 f"{mpmath.nstr(best_alpha, 8)}: {where} (numeric, {result.dps} digits)")
    return "\n".join(lines)


def _excess(value, rho, dps) -> str:
    """How far a bound lies above rho; "equal (tight)" when they agree to the trusted digits.

    A difference of 1e-32 at 30 digits is rounding, not an improvement: printing it as
    "+-4.9e-32 (+0.0%)" would claim a gap that was never measured.
    """
    if abs(value - rho) <= mpmath.mpf(10) ** (-required_digits(dps)) * abs(rho):
        return "equal (tight)"
    return f"+{mpmath.nstr(value - rho, 6)} (+{mpmath.nstr(100 * (value / rho - 1), 4)}%)"


def _order(alpha) -> str:
    return str(alpha.numerator) if alpha.denominator == 1 else f"{float(alpha):.6g}"
