"""``proofcheck report``: the map of each paper, as Markdown (or JSON), with figures.

One file per paper in the output folder (``NAME.md`` or ``NAME.json``) and,
with ``--figures``, the paper's figures in ``figures/`` as PNG and SVG.
Exit status 0 when every claim passed (or none was checked), 1 when a claim
failed, 2 for bad input.  Without matplotlib the report is still written; it
says how to get the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from .. import scripts as derivation_scripts_package
from ..core.model.verdict import DEFAULT_DPS, Settings
from ..core.numbers.precision import validate_dps
from .common import Progress, add_cache, add_dps, add_samples, add_timeout, positive_int

DEFAULT_OUT = "report-out"


def add_parser(sub, summary):
    p = sub.add_parser("report", help=summary,
                       description="Check the claims and write, per paper, a table: paper location -> "
                       "claim -> kind -> evidence -> derivation script -> status, in the paper's order, "
                       "with a summary. Exit status 0 if every claim passed, 1 if one failed.")
    p.add_argument("--paper", action="append", metavar="P", dest="papers",
                   help="paper pack to report on (repeatable; default: every pack)")
    p.add_argument("--claims", metavar="PATH", help="report on this claims file or folder instead")
    p.add_argument("--format", choices=("markdown", "json"), default="markdown",
                   help="report format (default markdown); json also prints what was written as one "
                   "JSON record")
    p.add_argument("--html", action="store_true",
                   help="write one self-contained HTML page per paper (with its figures, when matplotlib "
                   "is installed) and index.html, instead of Markdown")
    p.add_argument("--out", metavar="DIR", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    p.add_argument("--figures", action="store_true",
                   help="also draw the paper's figures (PNG and SVG; needs matplotlib)")
    p.add_argument("--no-verify", action="store_true", help="list the claims without checking them")
    p.add_argument("--link-base", metavar="URL",
                   help="where derivation links point (default: the derivations folder, relative to DIR)")
    add_dps(p, DEFAULT_DPS)
    p.add_argument("-j", "--jobs", type=positive_int, default=os.cpu_count() or 1,
                   help="parallel workers (default: all cores)")
    add_samples(p)
    p.add_argument("--seed", type=int, default=20260729, help="seed of the parameter sampler")
    # --json, as every other command spells JSON output: the same as --format json.
    p.add_argument("--json", action="store_const", dest="format", const="json", help=argparse.SUPPRESS)
    add_timeout(p)
    add_cache(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ..core.model.errors import ProofcheckError  # lazy: a command loads only what it runs
    from ..report import figures as figure_module  # lazy: a command loads only what it runs
    from ..report import json_report, markdown  # lazy: a command loads only what it runs

    # lazy: a command loads only what it runs
    from ..report.paper_map import (
        agreement,
        build_map,
        derivation_scripts,
        derivations_folder,
        load_registry,
        referenced_scripts,
    )
    from ..report.writeups import copy_writeups  # lazy: a command loads only what it runs

    dps = validate_dps(args.dps)
    if args.figures and not figure_module.matplotlib_available():
        # Refused before any claim is checked, not after a run of a minute and more.
        raise ProofcheckError(f"--figures: {figure_module.missing_matplotlib_message()}")
    claims, papers = load_registry(args.papers, args.claims)
    out_dir = Path(args.out)
    if out_dir.exists() and not out_dir.is_dir():
        raise ProofcheckError(f"--out {args.out} is a file; --out names the folder the report is written to")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ProofcheckError(f"--out {args.out}: cannot create the folder ({error.strerror})") from None

    from ..core.run.verdict_cache import cache_for  # lazy: a command loads only what it runs
    settings = {"dps": dps, "samples": args.samples, "seed": args.seed}
    results, seconds = None, None
    if not args.no_verify and claims:
        results, seconds = _check(claims, Settings(dps=dps, seed=args.seed, samples=args.samples),
                                  args.jobs, quiet=args.format == "json", timeout=args.timeout,
                                  cache=cache_for(args, derivation_scripts_package.folders()))
        settings["jobs"] = max(1, min(args.jobs, len(claims), os.cpu_count() or 1))
    full = build_map(claims, results, papers, seconds, settings)

    scripts = derivation_scripts()
    folder = derivations_folder()
    base = args.link_base or markdown.derivation_base(folder, out_dir)
    # A script is unreferenced only if no claim of any pack names it; a claims
    # file of one's own says nothing about the packaged scripts.
    unreferenced = None if args.claims else sorted(set(scripts) - referenced_scripts())
    if args.html:
        return _write_html(args, claims, papers, full, results, out_dir, base, seconds)

    # Figures are drawn after the checks, not beside them: drawing in parallel
    # gains nothing on two cores and slows the checks' time budgets.
    names = [n for n in figure_module.FIGURES if any(n in figure_module.for_paper(p.name) for p in papers)]
    rendered = {n: figure_module.render(n, out_dir / "figures") for n in (names if args.figures else [])}
    written, notes = [], []
    for paper in papers:
        paper_map = full.for_paper(paper.name)
        check = agreement(paper_map, [c for c in claims if c.paper == paper.name], scripts, False)
        check.unreferenced_scripts = unreferenced
        figures = [rendered[name] for name in figure_module.for_paper(paper.name) if name in rendered]
        if args.format == "markdown":
            note = "" if args.figures else _figure_note(figure_module, paper.name)
            text = markdown.render(paper_map, out_dir=out_dir, derivation_base=base, figures=figures,
                                   check=check, scripts=set(scripts), command=_command(args),
                                   figure_note=note, writeups=copy_writeups(paper.name, out_dir))
            path = out_dir / f"{_file_name(paper.name)}.md"
        else:
            text = json_report.render(paper_map, figures, check, out_dir)
            path = out_dir / f"{_file_name(paper.name)}.json"
        path.write_text(text, encoding="utf-8")
        written.append((path, paper_map.summary()))

    figures_out = list(rendered.values())
    if args.figures and not figures_out:
        notes.append("no figures belong to the selected papers")
    missing = [f for f in figures_out if f.status == "no-matplotlib"]
    if missing:
        notes.append(f"figures skipped: {missing[0].reason}")
    notes += [f"figure {f.name} not available: {f.reason}" for f in figures_out if f.status == "unavailable"]

    failed = sum(s.status.get("failed", 0) + s.status.get("error", 0) for _, s in written)
    if args.format == "json":
        json.dump({"reports": [{"path": str(p), "summary": s.as_dict()} for p, s in written],
                   "figures": [f.as_dict() for f in figures_out], "notes": notes,
                   "unreferenced_scripts": unreferenced}, sys.stdout, indent=1)
        print()
    else:
        for path, summary in written:
            bad = summary.status.get("failed", 0) + summary.status.get("error", 0)
            print(f"wrote {path}: {summary.claims} claims: {summary.standing_counts()}"
                  + (f"; {bad} failed" if bad else ""))
        for figure in figures_out:
            if figure.written:
                print(f"wrote {', '.join(str(p) for p in figure.files.values())} ({figure.seconds:.1f} s)")
        if seconds is not None:
            print(f"checked in {seconds:.1f} s at {dps} digits")
        for note in notes:
            print(f"proofcheck: {note}", file=sys.stderr)
    return 1 if failed else 0


def _write_html(args, claims, papers, full, results, out_dir, base, seconds) -> int:
    """``--html``: the pages of report/html_site.py, and one line per page written."""
    from ..core.run.verdict_cache import cache_for
    from ..report.html_site import write_site
    settings = Settings(dps=validate_dps(args.dps), seed=args.seed, samples=args.samples)
    written = write_site(papers=papers, claims=claims, full=full, results=results, out_dir=out_dir,
                         settings=settings, cache=cache_for(args, derivation_scripts_package.folders()),
                         derivation_base=base,
                         command=_command(args) + " --html")
    failed = sum(s.status.get("failed", 0) + s.status.get("error", 0) for _, s in written)
    if args.format == "json":
        json.dump({"reports": [{"path": str(p), "summary": s.as_dict()} for p, s in written],
                   "index": str(out_dir / "index.html")}, sys.stdout, indent=1)
        print()
        return 1 if failed else 0
    for path, summary in written:
        bad = summary.status.get("failed", 0) + summary.status.get("error", 0)
        print(f"wrote {path}: {summary.claims} claims" + (f", {bad} failed" if bad else ""))
    print(f"wrote {out_dir / 'index.html'}" + (f"; checked in {seconds:.1f} s" if seconds is not None else ""))
    return 1 if failed else 0


def _figure_note(figure_module, paper: str) -> str:
    """What a report drawn without --figures says about the paper's figures."""
    if not figure_module.for_paper(paper):
        return ""
    if figure_module.matplotlib_available():
        return "Figures are not included: run `proofcheck report --figures`."
    return f"Figures are not included: install matplotlib ({figure_module.INSTALL_HINT}) " \
           "and run `proofcheck report --figures`."


def _check(claims, settings, jobs, quiet, timeout, cache=None):
    """Check the claims; verdicts a ``verify`` just reached under the same settings come from the cache."""
    from ..core.run.verdict_cache import run_with_cache  # lazy: a command loads only what it runs
    from ..papers import built_claim  # lazy: a command loads only what it runs
    start = time.perf_counter()
    with Progress(len(claims), enabled=not quiet) as progress:
        # The map's claims are entries: those the cache does not answer are built here.
        results = run_with_cache(claims, settings, cache, jobs=jobs, timeout=timeout,
                                 started=lambda claim: progress.working_on(claim.id),
                                 progress=lambda done, total, result: progress.update(done),
                                 build=lambda ids: [built_claim(c) for c in claims if c.id in ids])
    return results, time.perf_counter() - start


def _file_name(paper: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in paper).strip(".-")
    return cleaned or "claims"


def _command(args) -> str:
    words = ["proofcheck report"]
    for paper in args.papers or []:
        words.append(f"--paper {paper}")
    if args.figures:
        words.append("--figures")
    if args.no_verify:
        words.append("--no-verify")
    return " ".join(words)
