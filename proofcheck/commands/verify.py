"""``proofcheck verify``: check every claim of the selected papers from definitions."""
from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter

from .. import scripts
from ..core.model.verdict import DEFAULT_DPS, Settings, meets, standing
from ..core.numbers.precision import validate_dps
from .common import Progress, add_cache, add_dps, add_samples, add_timeout, keep_only, positive_int

# --require's values: the standings of a passed verdict, strongest first (core/model/verdict.py).
REQUIREMENTS = ("proved", "sampled", "by-argument")


def below_requirement(results, required: str | None) -> list:
    """The passed results that stand below ``required`` (a value of ``--require``)."""
    if required is None:
        return []
    standing = required.replace("-", " ")
    return [r for r in results if r.verdict.passed and not meets(r.verdict.evidence, standing)]


def add_parser(sub, summary):
    p = sub.add_parser("verify", help=summary,
                       description="Check every claim of the selected papers from definitions and "
                       "report the evidence reached. Exit status 0 only if every claim passed.")
    p.add_argument("papers", nargs="*", metavar="PAPER", help="paper packs to check (e.g. larger-groups)")
    p.add_argument("--only", nargs="+", metavar="ID", help="check only these claim ids")
    add_dps(p, DEFAULT_DPS)
    p.add_argument("--json", action="store_true",
                   help="print one JSON document: a record per claim and a summary")
    p.add_argument("--list", action="store_true", help="list the claims (the map of the paper) without checking")
    p.add_argument("--mutants", action="store_true", help="also run the negative controls of each claim")
    p.add_argument("--corroborate", action="store_true",
                   help="also run the derivation script a claim names (derivations/) and compare its result")
    p.add_argument("--claims", metavar="PATH", help="check this claims file or folder instead of a packaged paper")
    p.add_argument("-j", "--jobs", type=positive_int, default=os.cpu_count() or 1,
                   help="parallel workers (default: all cores)")
    add_samples(p)
    p.add_argument("--seed", type=int, default=20260729, help="seed of the parameter sampler")
    add_timeout(p)
    add_cache(p)
    p.add_argument("--require", choices=REQUIREMENTS, default=None,
                   help="fail any passed claim that stands below this: proved (symbolic or certified), "
                   "sampled (numeric), or by-argument (logical)")
    p.add_argument("-x", "--exitfirst", action="store_const", const=1, dest="maxfail",
                   help="stop at the first claim that does not pass")
    p.add_argument("--maxfail", type=positive_int, metavar="N", default=0,
                   help="stop after N claims that do not pass")
    said = p.add_mutually_exclusive_group()
    said.add_argument("-q", "--quiet", action="store_true",
                      help="print only the claims that did not pass, and the summaries")
    said.add_argument("-v", "--verbose", action="store_true",
                      help="print under each claim what its check covers (\"checked: for all 0 < r < 1\"), "
                      "its route and what its verdict rests on")
    p.add_argument("--lf", "--last-failed", action="store_true", dest="last_failed",
                   help="check only the claims that failed or ended in an error last time (all if none did)")
    p.set_defaults(run=run)


def split_only(only, papers, pack_names):
    """``--only ID ...`` takes every word after it, so ``--only eq-31 larger-groups`` would read the
    paper as an id: a word that names a paper pack is a paper."""
    if not only:
        return only, papers
    ids = [word for word in only if word not in pack_names]
    return ids, list(papers or []) + [word for word in only if word in pack_names]


def select(args):
    """The claims to check or to list, read but not yet built (``--only`` applied)."""
    from ..core.model.errors import ProofcheckError  # lazy: a command loads only what it runs
    from ..papers import list_claims, packs  # lazy: a command loads only what it runs
    if args.claims is not None and args.papers:
        raise ProofcheckError(f"verify checks a paper pack ({args.papers[0]}) or --claims {args.claims}, "
                              "not both: run it once for each")
    if args.claims is None:
        args.only, args.papers = split_only(args.only, args.papers, set(packs()))
        if args.only == []:
            raise ProofcheckError("--only needs at least one claim id")
    return keep_only(list_claims(args.papers, path=args.claims), args.only, "claim")


def _built_claim(entry):
    from ..papers import built_claim  # lazy: a command loads only what it runs
    return built_claim(entry)


def _build(args, ids):
    from ..papers import load_claims  # lazy: a command loads only what it runs
    return load_claims(args.papers, path=args.claims, only=ids)


def run(args) -> int:
    dps = validate_dps(args.dps)
    claims = select(args)
    if args.last_failed:
        from .last_failed import keep_last_failed
        claims = keep_last_failed(args, claims)
    broken = _broken_files(args)
    if args.list:
        return _list(claims, args.json)
    settings = Settings(dps=dps, seed=args.seed, samples=args.samples, corroborate=args.corroborate)
    from ..core.run.verdict_cache import cache_for, run_with_cache  # lazy: a command loads only what it runs
    from ..report.console import InOrder, Layout, Tally  # lazy: a command loads only what it runs
    layout = Layout.for_stream(sys.stdout, os.environ)
    printer = None if args.json else _Printer(claims, layout, quiet=args.quiet, verbose=args.verbose)
    in_order = InOrder(claims)
    checking = []  # the claims the workers are on, for the progress bar
    start = time.perf_counter()
    with Progress(len(claims), enabled=not args.json) as progress:
        def on_start(claim):
            checking.append(claim.id)
            progress.working_on(", ".join(checking))

        arrived, shown = [], set()

        def on_result(done, total, result):
            checking.remove(result.claim.id)
            progress.update(done, ", ".join(checking))
            arrived.append(result)
            for ready in in_order.add(result):
                shown.add(ready.claim.id)
                if printer:
                    printer.show(ready)
            if args.maxfail and sum(not r.verdict.passed for r in arrived) >= args.maxfail:
                raise _EnoughFailures

        stopped = False
        try:
            cache = cache_for(args, scripts.folders())
            results = run_with_cache(claims, settings, cache, jobs=args.jobs, mutants=args.mutants,
                                     progress=on_result, timeout=args.timeout, started=on_start,
                                     build=lambda ids: _build(args, ids),
                                     # A pack's claims are built by the workers that check them; a claims
                                     # file of one's own is built whole first, so that a bad one stops the run.
                                     build_one=_built_claim if args.claims is None else None,
                                     # In the papers' order, lines appear as claims finish, not at the end.
                                     in_order=not args.json)
        except _EnoughFailures:  # -x/--maxfail: the workers are stopped, what arrived is reported
            stopped = True
            position = {c.id: i for i, c in enumerate(claims)}
            results = sorted(arrived, key=lambda r: position[r.claim.id])
            for result in results:
                if printer and result.claim.id not in shown:
                    printer.show(result)
    elapsed = time.perf_counter() - start
    from .last_failed import remember
    remember(args, results)
    chains = _chains(claims, results)
    total = Tally()
    for result in results:
        total.add(result)
    mutants_ok = all(r.mutants.ok for r in results if r.mutants is not None)
    below = below_requirement(results, args.require)
    if args.json:
        summary = {**total.as_dict(), "seconds": round(elapsed, 2), "dps": dps,
                   "cached": sum(r.cached for r in results),
                   "papers": {paper: tally.as_dict() for paper, tally in _by_paper(results).items()}}
        if args.mutants:
            reports = _mutant_reports(results)
            summary["mutants"] = {"made": sum(m.made for m in reports),
                                  "rejected": sum(m.rejected for m in reports),
                                  "dismissed": sum(len(m.dismissed) for m in reports),
                                  "unfinished": sum(bool(m.unfinished) for m in reports)}
        summary["chain_evidence"] = dict(Counter(chains[r.claim.id].evidence for r in results))
        if args.require:
            summary["require"] = args.require
            summary["below_requirement"] = [r.claim.id for r in below]
        summary["broken_files"] = broken
        if stopped:
            summary["stopped"] = {"maxfail": args.maxfail, "not_checked": len(claims) - len(results)}
        records = [{**r.as_dict(), **_chain_record(chains[r.claim.id])} for r in results]
        json.dump({"claims": records, "summary": summary}, sys.stdout, indent=1)
        print()
    elif printer is not None:
        printer.finish()
        print(f"checked in {elapsed:.1f} s at {dps} digits")
        kept = sum(r.cached for r in results)
        if kept:
            print(f"{kept} of {len(results)} verdicts from the cache, checked earlier under the same claim, "
                  f"settings and source (--no-cache checks them again)")
        _print_weaker_chains(results, chains)
        if args.mutants:
            reports = _mutant_reports(results)
            made = sum(m.made for m in reports)
            rejected = sum(m.rejected for m in reports)
            dismissed = sum(len(m.dismissed) for m in reports)
            print(f"negative controls: {rejected} of {made} mutants rejected; {dismissed} perturbations "
                  f"dismissed as no wrong claim after a dense check")
            for r in results:
                for description in (r.mutants.accepted if r.mutants else []):
                    print(f"  ACCEPTED MUTANT {r.claim.id}: {description}")
                if r.mutants and r.mutants.unfinished:
                    print(f"  UNFINISHED CONTROLS {r.claim.id}: {r.mutants.unfinished}")
        if below:
            print(f"{len(below)} passed below the required '{args.require}': "
                  + ", ".join(f"{r.claim.id} ({standing(r.verdict.evidence)})" for r in below))
        for reason in broken.values():
            print(f"ERROR {reason}")
        print(layout.wrap(total.counts() + (f"; {len(broken)} claims file{'s' if len(broken) > 1 else ''} "
                                            "could not be read" if broken else "")
                          + (f"; stopped after {args.maxfail} not passed (-x/--maxfail), "
                             f"{len(claims) - len(results)} not checked" if stopped else "")))
    return 0 if total.all_passed and mutants_ok and not below and not broken else 1


def _mutant_reports(results) -> list:
    """The negative controls' reports; a claim that timed out or whose worker died has none
    (it is an error already, and its controls never ran)."""
    return [r.mutants for r in results if r.mutants is not None]


def _broken_files(args) -> dict:
    """The files of a --claims folder that cannot be read: reported, the others checked."""
    if args.claims is None:
        return {}
    from ..papers import broken_own_files  # lazy: a command loads only what it runs
    return broken_own_files(args.claims)


class _EnoughFailures(Exception):
    """Raised from the progress callback once -x/--maxfail is reached: it stops the runner."""


class _Printer:
    """Prints results in the claims' order: a header as each paper starts, a summary as it ends."""

    def __init__(self, claims, layout, quiet: bool = False, verbose: bool = False):
        from ..papers import packs  # lazy: a command loads only what it runs
        self.layout = layout
        self.quiet = quiet  # -q: a line for each claim that did not pass, the summaries
        self.verbose = verbose  # -v: what each check covers; a passed one's route and details
        self.titles = {name: pack.title for name, pack in packs().items()}
        self.counts = Counter(c.paper for c in claims)
        self.paper = None
        self.tally = None

    def show(self, result):
        from ..report.console import Tally, paper_header, result_line  # lazy: a command loads only what it runs
        if result.claim.paper != self.paper:
            self._close_paper()
            self.paper, self.tally = result.claim.paper, Tally()
            print(paper_header(self.paper, self.titles.get(self.paper, ""), self.counts[self.paper],
                               self.layout))
        self.tally.add(result)
        if not (self.quiet and result.verdict.passed):
            print(result_line(result, self.layout), flush=True)
            if self.verbose:
                from ..core.model.narrowing import checked_line  # lazy, as above
                print(f"      {checked_line(result.claim, result.verdict.evidence)}", flush=True)
        if self.verbose and result.verdict.passed:
            print(_verbose_lines(result.verdict, self.layout), flush=True)

    def finish(self):
        self._close_paper()

    def _close_paper(self):
        from ..report.console import paper_summary  # lazy: a command loads only what it runs
        if self.paper is not None:
            print(paper_summary(self.paper, self.tally, self.layout))
            print()
        self.paper = None


def _verbose_lines(verdict, layout) -> str:
    """The route and the details of a passed verdict, indented under its line and wrapped to
    the terminal (100 columns when piped)."""
    import textwrap  # lazy: a command loads only what it runs
    width = max(40, (layout.width or 100) - 1)
    said = [f"route: {verdict.route}"] if verdict.route else []
    said += [verdict.details] if verdict.details else []
    return "\n".join(textwrap.fill(text, width, initial_indent="      ", subsequent_indent="        ")
                     for text in said)


def _chains(claims, results):
    """The weakest evidence along each checked claim's rests_on chain (core/model/support.py)."""
    from ..core.model.support import weakest_along  # lazy: a command loads only what it runs
    return weakest_along(claims, {r.claim.id: (r.verdict.status, r.verdict.evidence) for r in results})


def _chain_record(chain) -> dict:
    from ..core.model.support import as_record  # lazy: a command loads only what it runs
    return as_record(chain)


def _print_weaker_chains(results, chains) -> None:
    """Computed results that rest on weaker evidence than their own check reached."""
    from ..core.model.support import describe  # lazy: a command loads only what it runs
    weaker = [(r, chains[r.claim.id]) for r in results
              if r.verdict.passed and r.verdict.evidence != "logical" and chains[r.claim.id].via]
    if weaker:
        print(f"resting on weaker evidence along rests_on: {len(weaker)}")
        for r, chain in weaker:
            print(f"  {r.claim.id:34} {r.verdict.evidence:9} {describe(chain)}")


def _by_paper(results) -> dict:
    from ..report.console import Tally  # lazy: a command loads only what it runs
    tallies: dict = {}
    for result in results:
        tallies.setdefault(result.claim.paper, Tally()).add(result)
    return tallies


def _list(claims, as_json) -> int:
    if as_json:
        json.dump([{"id": c.id, "paper": c.paper, "where": c.where, "statement": c.statement,
                    "kind": c.kind, "derivation": c.get("derivation"), "source": c.source,
                    "rests_on": c.get("rests_on") if isinstance(c.get("rests_on"), list) else []}
                   for c in claims], sys.stdout, indent=1)
        print()
        return 0
    from ..report.console import fit  # lazy: a command loads only what it runs
    width = max([11] + [len(c.kind) for c in claims])  # alpha-one-limit, zcdp-supremum: wider than 11
    for c in claims:
        derivation = f"  [derivations/{c.get('derivation')}.py]" if c.get("derivation") else ""
        print(f"{fit(c.id, 34)} {fit(c.where, 44)} {c.kind:{width}} {fit(c.statement, 70).rstrip()}{derivation}")
    print(f"{len(claims)} claim{'s' if len(claims) != 1 else ''}")
    return 0
