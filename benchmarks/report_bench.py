"""Time the full report with figures: end to end as ``proofcheck report --figures``
runs it, and the report's own share (everything but checking the claims).

    python benchmarks/report_bench.py [--jobs 2] [--paper larger-groups] [--stages]

The target is the whole report, figures included, in under 60 s.  ``--stages``
also times each stage on its own, one after the other (loading, checking, the
map, Markdown, JSON, each figure); that run checks the claims a second time.
Everything is written to a temporary folder.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 60.0


def end_to_end(papers, jobs, verify=True) -> float:
    from proofcheck.cli import main
    argv = ["report", "--figures", "-j", str(jobs)]
    for paper in papers or []:
        argv += ["--paper", paper]
    if not verify:
        argv.append("--no-verify")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(argv + ["--out", folder])
        elapsed = time.perf_counter() - start
    if status not in (0, 1):
        raise SystemExit(f"proofcheck report exited with status {status}")
    return elapsed


def stages(papers, jobs) -> list[tuple[str, float]]:
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.runner import run
    from proofcheck.report import figures, json_report, markdown
    from proofcheck.report.paper_map import agreement, build_map, derivation_scripts, load_registry

    timings: list[tuple[str, float]] = []

    def timed(label, function, *a, **k):
        start = time.perf_counter()
        value = function(*a, **k)
        timings.append((label, time.perf_counter() - start))
        return value

    claims, infos = timed("load claims", load_registry, papers)
    results = timed(f"check {len(claims)} claims (-j {jobs})", run, claims, Settings(), jobs=jobs)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        full = timed("build the map", build_map, claims, results, infos, None, {"jobs": jobs})
        scripts = derivation_scripts()
        check = agreement(full, claims, scripts, whole_registry=not papers)
        drawn = [timed(f"figure {name}", figures.render, name, out / "figures")
                 for name in figures.FIGURES if any(name in figures.for_paper(p.name) for p in infos)]
        for info in infos:
            paper_map = full.for_paper(info.name)
            timed(f"markdown {info.name}", markdown.render, paper_map, out_dir=out,
                  derivation_base="derivations", figures=drawn, check=check, scripts=set(scripts))
            timed(f"json {info.name}", json_report.render, paper_map, drawn, check, out)
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--paper", action="append", dest="papers")
    parser.add_argument("--stages", action="store_true", help="also time each stage on its own")
    args = parser.parse_args()

    overhead = end_to_end(args.papers, args.jobs, verify=False)
    total = end_to_end(args.papers, args.jobs)
    print(f"proofcheck report --figures --no-verify  {overhead:7.2f} s  (the report's own share)")
    print(f"proofcheck report --figures              {total:7.2f} s  (target < {TARGET_SECONDS:.0f} s: "
          f"{'met' if total < TARGET_SECONDS else 'NOT met'})")
    if args.stages:
        timings = stages(args.papers, args.jobs)
        width = max(len(label) for label, _ in timings)
        print("stages, one after the other:")
        for label, seconds in timings:
            print(f"  {label:{width}}  {seconds:7.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
