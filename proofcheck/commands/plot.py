"""``proofcheck plot NAME``: draw one of the report's figures as PNG and SVG.

Exit status 0 when every figure asked for was written, 1 when one could not
be computed yet (the reason is printed), 2 for bad input or when matplotlib
is not installed (the message says how to install it).
"""
from __future__ import annotations

import json
import sys

DEFAULT_OUT = "report-out/figures"


def add_parser(sub, summary):
    from ..report.figures import FIGURES  # lazy: a command loads only what it runs
    p = sub.add_parser("plot", help=summary,
                       description="Draw figures of the report: " + "; ".join(
                           f"{name}: {spec.title}" for name, spec in FIGURES.items()) + ".")
    p.add_argument("names", nargs="*", metavar="NAME", help=f"figure names ({', '.join(FIGURES)}) or 'all'")
    p.add_argument("--out", metavar="DIR", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    p.add_argument("--format", default="png,svg",
                   help="comma-separated formats: png, svg, pdf (default png,svg)")
    p.add_argument("--list", action="store_true", help="list the figures (with --json, their captions too)")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..core.model.errors import ProofcheckError  # lazy: a command loads only what it runs
    from ..report import figures  # lazy: a command loads only what it runs

    if args.list:
        if args.json:
            json.dump([{"name": n, "title": s.title, "caption": s.caption, "papers": list(s.papers)}
                       for n, s in figures.FIGURES.items()], sys.stdout, indent=1)
            print()
        else:
            for name, spec in figures.FIGURES.items():
                print(f"{name:12} {spec.title}")
        return 0
    if not args.names:
        raise ProofcheckError(f"name a figure ({', '.join(figures.FIGURES)}) or 'all'; see --list")
    names = list(figures.FIGURES) if args.names == ["all"] else args.names
    unknown = [n for n in names if n not in figures.FIGURES]
    if unknown:
        raise ProofcheckError(f"unknown figure {unknown[0]!r} (known: {', '.join(figures.FIGURES)}, all)")
    formats = tuple(f.strip().lower() for f in args.format.split(",") if f.strip())
    bad = [f for f in formats if f not in figures.SUPPORTED_FORMATS]
    if not formats or bad:
        raise ProofcheckError(f"--format: unsupported {bad[0] if bad else args.format!r} "
                              f"(use {', '.join(figures.SUPPORTED_FORMATS)})")
    if not figures.matplotlib_available():
        raise ProofcheckError(figures.missing_matplotlib_message())
    outputs = [figures.render(name, args.out, formats) for name in names]
    if args.json:
        json.dump([o.as_dict() for o in outputs], sys.stdout, indent=1)
        print()
    for output in outputs:
        if output.written and not args.json:
            print(f"wrote {', '.join(str(p) for p in output.files.values())} ({output.seconds:.1f} s)")
        elif not output.written:
            print(f"proofcheck: figure {output.name} not available: {output.reason}", file=sys.stderr)
    return 0 if all(o.written for o in outputs) else 1
