"""Time the full report with figures, stage by stage: load the claims, check
them, build the map, render Markdown and JSON, draw each figure.

    python benchmarks/report_bench.py [--jobs 2] [--paper larger-groups] [--no-verify]

The target is the whole report, figures included, in under 60 s.  The stages
run in this process as ``proofcheck report --figures`` runs them; the figures
are written to a temporary folder.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--paper", action="append", dest="papers")
    parser.add_argument("--no-verify", action="store_true", help="time everything but the checks")
    args = parser.parse_args()

    from proofcheck.core.runner import run
    from proofcheck.core.verdict import Settings
    from proofcheck.report import figures, json_report, markdown
    from proofcheck.report.paper_map import agreement, build_map, derivation_scripts, load_registry

    stages: list[tuple[str, float]] = []

    def timed(label, function, *a, **k):
        start = time.perf_counter()
        value = function(*a, **k)
        stages.append((label, time.perf_counter() - start))
        return value

    claims, papers = timed("load claims", load_registry, args.papers)
    results, seconds = None, None
    if not args.no_verify:
        start = time.perf_counter()
        results = timed(f"check {len(claims)} claims (-j {args.jobs})", run, claims, Settings(), jobs=args.jobs)
        seconds = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        full = timed("build the map", build_map, claims, results, papers, seconds, {"jobs": args.jobs})
        scripts = derivation_scripts()
        check = agreement(full, claims, scripts, whole_registry=not args.papers)
        drawn = []
        for paper in papers:
            for name in figures.for_paper(paper.name):
                drawn.append(timed(f"figure {name}", figures.render, name, out / "figures"))
        for paper in papers:
            paper_map = full.for_paper(paper.name)
            timed(f"markdown {paper.name}", markdown.render, paper_map, out_dir=out,
                  derivation_base="derivations", figures=drawn, check=check, scripts=set(scripts))
            timed(f"json {paper.name}", json_report.render, paper_map, drawn, check, out)
    total = sum(s for _, s in stages)
    width = max(len(label) for label, _ in stages)
    for label, s in stages:
        print(f"{label:{width}}  {s:7.2f} s")
    print(f"{'total':{width}}  {total:7.2f} s  (target < {TARGET_SECONDS:.0f} s: "
          f"{'met' if total < TARGET_SECONDS else 'NOT met'})")
    unavailable = [d.name for d in drawn if not d.written]
    if unavailable:
        print("figures not drawn: " + ", ".join(f"{d.name} ({d.reason})" for d in drawn if not d.written))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
