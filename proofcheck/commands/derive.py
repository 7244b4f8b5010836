"""``proofcheck derive``: run one of the paper's literate derivations step by step.

The derivations live in ``derivations/`` (installed as
``proofcheck.derivations``); see ``proofcheck.core.literate``.  Exit status:
0 every step held, 1 a step failed, 2 bad input (unknown name, bad --set).
Each script also runs standalone (``python derivations/NAME.py [--markdown]``)
through ``core/literate/command_line.standalone``, with the same output and exit status.
"""
from __future__ import annotations

import importlib
import json
import sys
import time

from .. import scripts
from ..core.literate.command_line import parse_overrides, present
from ..core.model.errors import ProofcheckError
from .common import Progress


def add_parser(sub, summary):
    p = sub.add_parser("derive", help=summary,
                       description="Run a derivation script of derivations/ (one of the paper's key "
                       "derivations, each step computed by SymPy and asserted) and print its steps.")
    p.add_argument("name", nargs="?", metavar="NAME", help="the derivation (see --list)")
    p.add_argument("--list", action="store_true", help="list the derivations")
    p.add_argument("--all", action="store_true", help="run every derivation; one line each")
    p.add_argument("--markdown", action="store_true", help="print Markdown with LaTeX math ($...$)")
    p.add_argument("--json", action="store_true", help="print one JSON record")
    p.add_argument("--set", action="append", default=[], metavar="KEY=EXPR",
                   help="replace a keyed input or statement, to watch a broken step fail")
    p.set_defaults(run=run)


def names() -> list[str]:
    return scripts.names()


def load(name: str):
    if name not in names():
        raise ProofcheckError(f"no derivation named {name!r} (see proofcheck derive --list)")
    return importlib.import_module(f"{scripts.package_name()}.{name}")


def run(args) -> int:
    if args.list:
        return _list(args.json)
    if args.all:
        return _all(args.json)
    if not args.name:
        raise ProofcheckError("name a derivation (see proofcheck derive --list)")
    module = load(args.name)
    overrides = parse_overrides(args.set)
    if args.json:
        return _json(args.name, module, overrides)
    return present(module.derive, module.TITLE, module.SOURCE, markdown=args.markdown,
                   overrides=overrides)


def _list(as_json: bool) -> int:
    modules = {name: load(name) for name in names()}
    if as_json:
        json.dump([{"name": name, "title": m.TITLE, "source": m.SOURCE, "establishes": m.ESTABLISHES}
                   for name, m in modules.items()], sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    width = max(len(name) for name in modules)
    for name, module in modules.items():
        print(f"{name:{width}}  {module.TITLE}  ({len(module.ESTABLISHES)} results)")
    return 0


def _outcome(module, overrides=None):
    from ..core import literate  # lazy: a command loads only what it runs
    start = time.perf_counter()
    try:
        d = literate.run(module.derive, module.TITLE, module.SOURCE, overrides=overrides)
        failed = None
    except literate.DerivationFailed as failure:
        d, failed = None, failure
    return d, failed, time.perf_counter() - start


def _step_record(step) -> dict:
    from ..core.literate.rendering import as_text  # lazy: a command loads only what it runs
    return {"number": step.number, "label": step.label, "text": step.text, "status": step.status,
            "evidence": step.evidence, "detail": step.detail, "key": step.key, "result": step.result,
            "lhs": None if step.lhs is None else as_text(step.lhs),
            "value": None if step.value is None else as_text(step.value),
            "paper": None if step.paper is None else as_text(step.paper)}


def _json(name, module, overrides) -> int:
    from ..core import literate  # lazy: a command loads only what it runs
    steps: list = []
    start = time.perf_counter()
    try:
        d = literate.run(module.derive, module.TITLE, module.SOURCE, overrides=overrides, on_step=steps.append)
        results = {key: {"derived": str(value), "equals": str(d.statements[key]),
                         "establishes": module.ESTABLISHES.get(key, "")} for key, value in d.results.items()}
        passed = True
    except literate.DerivationFailed:
        results, passed = {}, False
    record = {"name": name, "title": module.TITLE, "passed": passed,
              "seconds": round(time.perf_counter() - start, 2),
              "steps": [_step_record(s) for s in steps], "results": results}
    json.dump(record, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0 if passed else 1


def _all(as_json: bool) -> int:
    all_names = names()
    records = []
    # The bar is removed whatever happens (Ctrl-C included), so the terminal is left clean.
    with Progress(len(all_names), enabled=not as_json) as progress:
        for done, name in enumerate(all_names):
            progress.update(done, name)
            module = load(name)
            d, failed, seconds = _outcome(module)
            record = {"name": name, "passed": failed is None, "seconds": round(seconds, 2),
                      "steps": len(d.steps) if d else failed.step.number,
                      "results": len(d.results) if d else 0,
                      "failed": None if failed is None else str(failed)}
            records.append(record)
            if not as_json:
                status = "ok" if failed is None else f"FAILED: {failed}"
                print(f"{name:20} {record['steps']:3d} steps {record['results']:3d} results "
                      f"{seconds:6.1f} s  {status}", flush=True)
    total = sum(r["seconds"] for r in records)
    passed = all(r["passed"] for r in records)
    if as_json:
        json.dump({"derivations": records, "seconds": round(total, 2), "passed": passed}, sys.stdout, indent=1)
        print()
    else:
        print(f"{sum(r['passed'] for r in records)}/{len(records)} derivations hold; {total:.1f} s")
    return 0 if passed else 1
