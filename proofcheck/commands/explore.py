"""``proofcheck explore``: questions beyond the paper, with checked numbers.

``proofcheck explore noise-laws`` prints, for each noise law X of the
log-location mechanism x_hat = [(n + c) exp(sX - a) - c]_+ (the paper's (4)
with the normal replaced by X), E|X|, the Fisher information I, their product
I (E|X|)^2 and the small-error coefficient I (E|X|)^2 / 2 -- 1/pi for the
normal law, the paper's upper constant in (32), and 8|a1'|^3/27 ~ 0.31332 for
the Airy law, the smallest possible (findings F1, F2).  With ``--r`` it
calibrates each law's mechanism to the utility requirement (2) at that r and
prints the utility check, v(n) = sup over alpha of D_alpha/alpha at several
counts, and r^2 n^2 v(n).  These are proofcheck's findings, not the paper's.

Exit status 0 when every mechanism met the utility requirement at every
count shown, 1 otherwise, 2 on bad input.
"""
from __future__ import annotations

import json
import sys
import time
from fractions import Fraction

import mpmath

from ..core.model.errors import ProofcheckError
from ..core.numbers.precision import MAX_QUADRATURE_DPS, validate_dps
from .common import Progress, add_dps, end_at_ctrl_c

DEFAULT_DIGITS = 30
UTILITY_COUNTS = (0, 1, 2, 10, 1000, 10**6)
BUDGET_COUNTS = (1, 10, 1000, 10**6)


def add_parser(sub, summary):
    p = sub.add_parser("explore", help=summary,
                       description="Questions the paper leaves open, explored with checked numbers. "
                       "Nothing printed here is a claim of the paper.")
    topics = p.add_subparsers(dest="topic", metavar="TOPIC")
    laws = topics.add_parser("noise-laws", help="noise laws for the log-location mechanism",
                             description="E|X|, Fisher information I, I E|X|^2 and the small-error "
                             "coefficient I E|X|^2/2 of each noise law; with --r, the calibrated "
                             "mechanisms side by side (utility, v(n), r^2 n^2 v(n)).")
    laws.add_argument("--r", help="error tolerance r in (0, 1]: also calibrate and compare the mechanisms")
    laws.add_argument("--r0", help="the mechanisms' r0 in (0, r) (default r(1 - r), the rule of §6.5; "
                      "at r = 1, where r(1 - r) = 0, the default is 1/2)")
    laws.add_argument("--c", help="the mechanisms' shift c > 0 (default r)")
    laws.add_argument("--laws", default="gaussian,laplace,logistic,airy",
                      help="comma-separated laws (default: gaussian,laplace,logistic,airy)")
    add_dps(laws, DEFAULT_DIGITS, high=MAX_QUADRATURE_DPS)
    laws.add_argument("--json", action="store_true", help="print one JSON document")
    laws.set_defaults(run=run_noise_laws)
    cgf = topics.add_parser("score-cgf", help="certify K(t) <= I t^2/2 for a law's score, every real t",
                            description="The certificate that the score's cumulant generating function "
                            "K(t) = log E exp(t psi(X)) stays below I t^2/2 for every real t (findings F3.3-F3.6): "
                            "the Taylor form near 0, the covering of [t0, T] cell by cell, the analytic tail.")
    cgf.add_argument("--law", default="airy", help="airy, laplace, logistic, gaussian or quartic (default airy)")
    cgf.add_argument("--taylor-radius", default="1/2", help="t0, where the Taylor form hands over (default 1/2)")
    cgf.add_argument("--tail-from", help="T, where the analytic tail takes over (default per law; airy 10)")
    cgf.add_argument("--first-step", default="1/16", help="width of the first cell (default 1/16)")
    cgf.add_argument("--bits", type=int, default=40, help="Arb working precision of the integrals (default 40)")
    cgf.add_argument("--cells", action="store_true", help="also list every cell of the covering")
    cgf.add_argument("--json", action="store_true", help="print one JSON document")
    cgf.set_defaults(run=run_score_cgf)
    p.set_defaults(run=lambda args: _no_topic(p))


def _no_topic(parser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _digits(text) -> int:
    return validate_dps(text, high=MAX_QUADRATURE_DPS)


def _laws(text):
    from ..dp.noise.laws import noise_law  # lazy: a command loads only what it runs
    names = [name.strip() for name in str(text).split(",")]
    # Refused like --n 1,,2: an empty name is a typo, not "no law".
    if not any(names) or not all(names):
        raise ProofcheckError(f"parameter --laws: expected comma-separated law names, got {text!r}")
    return [noise_law(name) for name in names]


def _fraction(name, text):
    if text is None:
        return None
    try:
        return Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ProofcheckError(f"parameter {name}: expected a number, got {text!r}") from None


def _score_options(args):
    """Refuse a certificate's option outside the range where the covering ends: a first cell of
    width 0 never grows, and a tail from below the Taylor radius has no cells to cover."""
    radius = _fraction("--taylor-radius", args.taylor_radius)
    step = _fraction("--first-step", args.first_step)
    tail = _fraction("--tail-from", args.tail_from)
    if not 0 < radius <= 2:
        raise ProofcheckError(f"parameter --taylor-radius: expected 0 < t0 <= 2, got {args.taylor_radius!r}")
    if not Fraction(1, 1024) <= step <= 1:
        raise ProofcheckError(f"parameter --first-step: expected 1/1024 to 1, got {args.first_step!r}")
    if tail is not None and not radius < tail <= 1000:
        raise ProofcheckError(f"parameter --tail-from: expected t0 < T <= 1000, got {args.tail_from!r}")
    if not 16 <= args.bits <= 2048:
        raise ProofcheckError(f"parameter --bits: expected 16 to 2048, got {args.bits}")


def law_table(laws, dps):
    """One row per law: E|X|, I, I E|X|^2 and I E|X|^2 / 2 (quadrature at ``dps`` digits)."""
    from ..dp.noise import laws as noise_laws  # lazy: a command loads only what it runs
    gaussian = noise_laws.limit_coefficient("gaussian", dps)
    rows = []
    for law in laws:
        coefficient = noise_laws.limit_coefficient(law, dps)
        rows.append({"law": law.name, "mean_abs": noise_laws.mean_absolute_value(law, dps),
                     "fisher": noise_laws.fisher_information(law, dps),
                     "product": noise_laws.information_spread_product(law, dps),
                     "coefficient": coefficient, "relative_to_gaussian": coefficient / gaussian})
    return rows


def mechanism_rows(laws, r, r0, c, dps, progress=None):
    """The calibrated mechanisms at one r: utility, v(n) with its maximising order, r^2 n^2 v(n)."""
    from ..dp.mechanisms import log_location  # lazy: a command loads only what it runs
    rows = []
    budget_dps = max(15, dps // 2 + 5)
    done = 0
    for law in laws:
        mechanism = log_location.LogLocationMechanism(law, r, r0=r0, c=c, dps=budget_dps)
        with mpmath.workdps(budget_dps + 10):
            bound = [mechanism._mp(mechanism.r) * max(n, 1) for n in UTILITY_COUNTS]
            utility = []
            for n, limit in zip(UTILITY_COUNTS, bound):
                if progress:
                    progress.update(done, f"{law.name}: utility at n = {n}")
                done += 1
                error = mechanism.expected_absolute_error(n)
                utility.append({"n": n, "error": error, "ratio": error / limit, "met": bool(error < limit)})
            budgets = []
            for n in BUDGET_COUNTS:
                if progress:
                    progress.update(done, f"{law.name}: v({n})")
                done += 1
                profile = log_location.renyi_profile(law, mechanism.edge_shift(n), dps=budget_dps)
                alpha, value = max(profile, key=lambda pair: pair[1])
                spread = (value - min(v for _, v in profile)) / value
                budgets.append({"n": n, "shift": mechanism.edge_shift(n), "v": value,
                                "order": alpha, "flat": bool(spread < mpmath.mpf(10) ** (5 - budget_dps)),
                                "coefficient": mechanism._mp(mechanism.r) ** 2 * n**2 * value})
            rows.append({"law": law.name, "r": str(mechanism.r), "r0": str(mechanism.r0),
                         "c": str(mechanism.c), "s": mechanism.s, "drift": mechanism.drift,
                         "utility": utility, "budgets": budgets,
                         "limit": mechanism.limit_coefficient(), "digits": budget_dps})
    return rows


def run_noise_laws(args) -> int:
    dps = _digits(args.dps)
    laws = _laws(args.laws)
    start = time.perf_counter()
    table = law_table(laws, dps)
    comparison = None
    if args.r is not None:
        r = _fraction("--r", args.r)
        progress = Progress(len(laws) * (len(UTILITY_COUNTS) + len(BUDGET_COUNTS)), enabled=not args.json)
        try:
            comparison = mechanism_rows(laws, r, _fraction("--r0", args.r0), _fraction("--c", args.c),
                                        dps, progress)
        finally:
            progress.clear()
    elapsed = time.perf_counter() - start
    met = comparison is None or all(u["met"] for row in comparison for u in row["utility"])
    if args.json:
        json.dump(_as_json(table, comparison, dps, elapsed), sys.stdout, indent=1)
        print()
    else:
        print(_text(table, comparison, dps, elapsed))
    return 0 if met else 1


def _n(value, digits=12):
    return mpmath.nstr(value, digits)


def _as_json(table, comparison, dps, elapsed) -> dict:
    from ..core.numbers.precision import decimal_string  # lazy: a command loads only what it runs

    def _json_number(value, working=dps):
        """A decimal string with the digits correct at the precision the value was computed at."""
        return decimal_string(value, working)

    out = {
        "note": "proofcheck's own findings beyond the paper, not claims of the paper",
        "mechanism": "x_hat = [(n + c) exp(s X - a) - c]_+, a the drift minimising E|exp(sX - a) - 1|",
        "digits": dps,
        "laws": [{key: (_json_number(value) if key != "law" else value) for key, value in row.items()}
                 for row in table],
        "seconds": round(elapsed, 2),
    }
    if comparison is not None:
        # The mechanisms are computed at row["digits"] (about half of --dps: see mechanism_rows).
        out["mechanisms"] = [{
            "law": row["law"], "r": row["r"], "r0": row["r0"], "c": row["c"],
            "s": _json_number(row["s"], row["digits"]), "drift": _json_number(row["drift"], row["digits"]),
            "digits": row["digits"],
            "utility": [{"n": u["n"], "error": _json_number(u["error"], row["digits"]),
                         "error_over_r_max_n_1": _json_number(u["ratio"], row["digits"]), "met": u["met"]}
                        for u in row["utility"]],
            "budget": [{"n": b["n"], "shift": _json_number(b["shift"], row["digits"]),
                        "v": _json_number(b["v"], row["digits"]),
                        "maximising_order": None if b["flat"] else _json_number(b["order"], row["digits"]),
                        "r2_n2_v": _json_number(b["coefficient"], row["digits"])} for b in row["budgets"]],
            "limit_r2_n2_v": _json_number(row["limit"], row["digits"]),
        } for row in comparison]
    return out


def _columns(cells):
    widths = [max(len(line[i]) for line in cells) for i in range(len(cells[0]))]
    return ["  ".join(cell.rjust(width) if i else cell.ljust(width)
                      for i, (cell, width) in enumerate(zip(line, widths))) for line in cells]


def _text(table, comparison, dps, elapsed) -> str:
    lines = ["Noise laws for the log-location mechanism x_hat = [(n + c) exp(sX - a) - c]_+",
             "(proofcheck's own findings beyond the paper; see `proofcheck verify findings`)",
             f"quadrature at {dps} digits; coefficient = I E|X|^2 / 2 = lim_r lim_n r^2 n^2 v(n)", ""]
    header: list[str] | tuple[str, ...] = ("law", "E|X|", "I", "I E|X|^2", "coefficient", "vs gaussian")
    cells = [header] + [(row["law"], _n(row["mean_abs"]), _n(row["fisher"]), _n(row["product"]),
                         _n(row["coefficient"]), _n(row["relative_to_gaussian"], 8)) for row in table]
    lines += _columns(cells)
    lines += ["", "gaussian 1/pi is the paper's upper constant (32); the airy law attains the minimum "
              "16|a1'|^3/27 of I E|X|^2 over all densities, coefficient 8|a1'|^3/27 ~ 0.31332 (findings F2, F5)"]
    if comparison is not None:
        first = comparison[0]
        lines += ["", f"mechanisms at r = {first['r']}, r0 = {first['r0']}, c = {first['c']} "
                  f"({first['digits']} digits; v(n) = sup over alpha in [1, 1e5] of D_alpha/alpha, "
                  "alpha = 1 the KL limit)"]
        header = ["law", "s", "drift a", "max E|x-n|/(r max(n,1))"] + \
            [f"r^2 n^2 v(n), n={b['n']}" for b in first["budgets"]] + ["n -> oo"]
        cells = [tuple(header)]
        for row in comparison:
            worst = max(u["ratio"] for u in row["utility"])
            budgets = [_n(b["coefficient"], 8) + ("" if b["flat"] else f" @{_n(b['order'], 4)}")
                       for b in row["budgets"]]
            cells.append(tuple([row["law"], _n(row["s"], 8), _n(row["drift"], 6), _n(worst, 6)]
                               + budgets + [_n(row["limit"], 8)]))
        lines += _columns(cells)
        lines.append("utility checked by quadrature (including clipping) at n in "
                     f"{{{', '.join(str(n) for n in UTILITY_COUNTS)}}}; '@alpha' marks the maximising order "
                     "(none: equal at every order)")
    lines.append(f"{elapsed:.1f} s")
    return "\n".join(lines)


# -- score-cgf ---------------------------------------------------------------------------

def _ball_text(value, digits=10):
    return value.str(digits, radius=True) if hasattr(value, "str") else str(value)


def run_score_cgf(args) -> int:
    """Print the certificate of K(t) <= I t^2/2; exit 0 when certified, 1 otherwise."""
    from ..dp.scores.score_laws import certify_at_half_fisher  # lazy: a command loads only what it runs
    _score_options(args)
    end_at_ctrl_c()
    half, certificate = certify_at_half_fisher(args.law, args.taylor_radius, args.tail_from,
                                               args.first_step, args.bits)
    taylor, covering, tail = certificate.taylor, certificate.covering, certificate.tail
    record = {"law": args.law, "I/2": str(half), "status": certificate.status, "route": certificate.route,
              "seconds": round(certificate.seconds, 2), "counterexample": certificate.counterexample,
              "taylor": {k: _ball_text(v) for k, v in taylor.items() if k != "outcome"},
              "covering": {k: (_ball_text(v) if k != "accepted" else v) for k, v in covering.items()
                           if k != "accepted" or args.cells},
              "tail": {k: _ball_text(v) for k, v in tail.items()}}
    if args.json:
        json.dump(record, sys.stdout, indent=1)
        print()
    else:
        print(f"law {args.law}: K(t) <= c t^2 with c = I/2 = {half}: {certificate.status} "
              f"({certificate.seconds:.1f} s)")
        print(f"  route: {certificate.route}")
        for part in ("taylor", "covering", "tail"):
            for key, value in record[part].items():
                if key == "accepted":
                    for low, high, route in value:
                        print(f"  covering cell [{low}, {high}]  {route}")
                else:
                    print(f"  {part}: {key} = {value}")
        if certificate.counterexample:
            print(f"  counterexample: {certificate.counterexample}")
    return 0 if certificate.status == "certified" else 1
