"""``proofcheck verify``: check every claim of the selected papers from definitions."""
from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter

from ..core.precision import DEFAULT_DPS, validate_dps
from ..core.verdict import EVIDENCE_ORDER, Settings
from .common import Progress, add_samples, add_timeout, positive_int


def add_parser(sub):
    p = sub.add_parser("verify", help="check the claims of a paper (all papers by default)",
                       description="Check every claim of the selected papers from definitions and "
                       "report the evidence reached. Exit status 0 only if every claim passed.")
    p.add_argument("papers", nargs="*", metavar="PAPER", help="paper packs to check (e.g. larger-groups)")
    p.add_argument("--only", nargs="+", metavar="ID", help="check only these claim ids")
    p.add_argument("--dps", default=str(DEFAULT_DPS), help=f"working digits (default {DEFAULT_DPS})")
    p.add_argument("--json", action="store_true", help="print one JSON record per claim")
    p.add_argument("--list", action="store_true", help="list the claims (the map of the paper) without checking")
    p.add_argument("--mutants", action="store_true", help="also run the negative controls of each claim")
    p.add_argument("--claims", metavar="PATH", help="check this claims file or folder instead of a packaged paper")
    p.add_argument("-j", "--jobs", type=positive_int, default=os.cpu_count() or 1,
                   help="parallel workers (default: all cores)")
    add_samples(p)
    p.add_argument("--seed", type=int, default=20260729, help="seed of the parameter sampler")
    add_timeout(p)
    p.set_defaults(run=run)


def select(args):
    from ..core.errors import ProofcheckError
    from ..papers import load_claims
    claims = load_claims(args.papers, path=args.claims)
    if args.only:
        known = {c.id for c in claims}
        missing = [i for i in args.only if i not in known]
        if missing:
            raise ProofcheckError(f"no claim with id {missing[0]!r}")
        claims = [c for c in claims if c.id in set(args.only)]
    return claims


def run(args) -> int:
    dps = validate_dps(args.dps)
    claims = select(args)
    if args.list:
        return _list(claims, args.json)
    settings = Settings(dps=dps, seed=args.seed, samples=args.samples)
    progress = Progress(len(claims), enabled=not args.json)
    start = time.perf_counter()

    def on_result(done, total, result):
        progress.update(done, result.claim.id)
        if not args.json:
            progress.clear()
            print(_line(result), flush=True)

    from ..core.runner import run as run_claims
    results = run_claims(claims, settings, jobs=args.jobs, mutants=args.mutants, progress=on_result,
                          timeout=args.timeout)
    progress.clear()
    elapsed = time.perf_counter() - start
    passed = sum(r.verdict.passed for r in results)
    failed = len(results) - passed
    mutants_ok = all(r.mutants.ok for r in results if r.mutants is not None)
    evidence = Counter(r.verdict.evidence for r in results if r.verdict.passed)
    if args.json:
        summary = {"passed": passed, "failed": failed, "seconds": round(elapsed, 2), "dps": dps,
                   "evidence": {e: evidence.get(e, 0) for e in EVIDENCE_ORDER}}
        if args.mutants:
            summary["mutants"] = {"made": sum(r.mutants.made for r in results),
                                  "rejected": sum(r.mutants.rejected for r in results),
                                  "dismissed": sum(len(r.mutants.dismissed) for r in results)}
        json.dump({"claims": [r.as_dict() for r in results], "summary": summary}, sys.stdout, indent=1)
        print()
    else:
        print("evidence: " + ", ".join(f"{evidence.get(e, 0)} {e}" for e in EVIDENCE_ORDER)
              + f"; {elapsed:.1f} s at {dps} digits")
        if args.mutants:
            made = sum(r.mutants.made for r in results)
            rejected = sum(r.mutants.rejected for r in results)
            dismissed = sum(len(r.mutants.dismissed) for r in results)
            print(f"negative controls: {rejected} of {made} mutants rejected; {dismissed} perturbations "
                  f"dismissed as no wrong claim after a dense check")
            for r in results:
                for description in (r.mutants.accepted if r.mutants else []):
                    print(f"  ACCEPTED MUTANT {r.claim.id}: {description}")
        print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and mutants_ok else 1


def _line(result) -> str:
    v = result.verdict
    status = {"passed": "PASS", "failed": "FAIL", "error": "ERROR"}[v.status]
    line = f"{status:5} {result.claim.id:34} {result.claim.where[:40]:40} {v.evidence or '-':9} {v.seconds:6.2f}s"
    if result.mutants is not None:
        line += (f"  mutants {result.mutants.rejected}/{result.mutants.made} rejected"
                 + (f", {len(result.mutants.dismissed)} dismissed" if result.mutants.dismissed else "")
                 + f" ({result.mutants.seconds:.1f}s)")
    if not v.passed:
        from ..report.failures import explain
        line += "\n" + "\n".join(explain(result))
    return line


def _list(claims, as_json) -> int:
    if as_json:
        json.dump([{"id": c.id, "paper": c.paper, "where": c.where, "statement": c.statement,
                    "kind": c.kind, "derivation": c.get("derivation"), "source": c.source}
                   for c in claims], sys.stdout, indent=1)
        print()
        return 0
    for c in claims:
        derivation = f"  [derivations/{c.get('derivation')}.py]" if c.get("derivation") else ""
        print(f"{c.id:34} {c.where[:44]:44} {c.kind:11} {c.statement[:70]}{derivation}")
    print(f"{len(claims)} claims")
    return 0
