"""Mutation testing of the checking engine against the fast engine tests.

Runs mutmut 3 (https://pypi.org/project/mutmut/) over the modules that decide a
verdict -- by default ``core/numbers/precision.py``, ``core/numbers/intervals.py``,
``core/decimals/balls.py``, ``core/decimals/audit.py``, ``core/numbers/numeric.py``,
``core/symbolic/operators.py``, ``core/symbolic/signs.py``, ``core/model/domains.py``, ``core/model/sampling.py``,
``core/points/counterexamples.py``, ``core/numbers/golden.py``, ``core/kinds/mutants.py``,
``core/kinds/*.py``, ``dp/divergences/divergence_kinds.py`` and ``dp/divergences/zcdp_kinds.py`` --
with ``tests/engine`` as the test suite, then prints, for
each module, how many mutants the tests killed, and every mutant that
survived (module, line, the change).

This is a developer tool, not part of CI and not a dependency of the project.
mutmut is not installed by ``pip install '.[test]'``; install it yourself::

    pip install mutmut          # mutmut >= 3

Run (from anywhere; paths are relative to ``proofcheck/`` or to the repository)::

    python benchmarks/mutation_engine.py                      # all the default modules
    python benchmarks/mutation_engine.py core/numbers/precision.py core/numbers/intervals.py
    python benchmarks/mutation_engine.py 'core/kinds/*.py' --keep --json out.json

Options: ``--tests PATH ...`` (default ``tests/engine``), ``--max-children N``
(default 1: one test process at a time), ``--keep`` (keep the scratch copy, to
look at it with ``mutmut browse`` / ``mutmut show NAME`` from inside it),
``--json FILE`` (the results, machine-readable), ``--root DIR`` (another
checkout or worktree to copy instead of this one; the tests must pass on it
unmutated, or mutmut stops before mutating anything).  Exit status: 0 when every
mutant was killed, 1 when some survived, 2 on a usage or setup error.

Nothing in the working tree changes: mutmut rewrites the source files it
mutates, so the script copies the repository (without ``.git``) to a temporary
directory, writes mutmut's configuration (``[tool.mutmut]``) into that copy's
``pyproject.toml`` only, and runs there.  The tests run single-process
(``-p no:xdist``, the project's ``addopts`` cleared, ``-m "not slow"``).

A surviving mutant is either *equivalent* (the change cannot alter any result,
e.g. ``max(a, b, floor)`` where the floor never wins) or a gap in the tests: a
test that tells the original from the mutant kills it.  "no tests" means no
test in ``tests/engine`` ever calls the function, so nothing could kill it.
"""
from __future__ import annotations

import argparse
import ast
import difflib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "proofcheck"

DEFAULT_MODULES = [
    "core/numbers/precision.py",
    "core/numbers/intervals.py",
    "core/decimals/balls.py",
    "core/decimals/audit.py",
    "core/numbers/numeric.py",
    "core/numbers/numeric_limits.py",
    "core/symbolic/operators.py",
    "core/symbolic/signs.py",
    "core/model/domains.py",
    "core/model/sampling.py",
    "core/points/counterexamples.py",
    "core/numbers/golden.py",
    "core/kinds/mutants.py",
    "core/kinds/*.py",
    "dp/divergences/divergence_kinds.py",
    "dp/divergences/zcdp_kinds.py",
]

# mutmut's exit-code classes (mutmut.stats.status_by_exit_code), grouped.
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
SURVIVED = {"survived"}
NO_TESTS = {"no tests"}

# Copied to the scratch directory: everything but version control, caches and
# build output.
_IGNORE = shutil.ignore_patterns(".git", "mutants", "__pycache__", ".pytest_cache",
                                 ".hypothesis", ".mypy_cache", "*.egg-info", "build",
                                 "dist", ".venv", "venv", ".tox")


def _fail(message: str) -> "None":
    print(f"mutation_engine: {message}", file=sys.stderr)
    raise SystemExit(2)


def _check_mutmut() -> str:
    if importlib.util.find_spec("mutmut") is None:
        _fail("mutmut is not installed; install it with `pip install mutmut` "
              "(it is a developer tool, not a dependency of the project)")
    version = importlib.metadata.version("mutmut")
    if int(version.split(".")[0]) < 3:
        _fail(f"mutmut {version} is too old; this script needs mutmut 3 "
              "(`pip install -U mutmut`)")
    return version


def resolve_modules(patterns: list[str]) -> list[str]:
    """Repository-relative paths (``proofcheck/core/x.py``) of the modules named."""
    found: list[str] = []
    for pattern in patterns:
        pattern = pattern.replace(os.sep, "/").lstrip("./")
        if not pattern.startswith(PACKAGE + "/"):
            pattern = f"{PACKAGE}/{pattern}"
        if not pattern.endswith(".py") and not pattern.endswith("*"):
            pattern += ".py"
        matches = sorted(str(p.relative_to(ROOT)).replace(os.sep, "/")
                         for p in ROOT.glob(pattern) if p.is_file())
        if not matches:
            _fail(f"no module matches {pattern!r}")
        found += [m for m in matches if m not in found]
    return found


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def _without_table(text: str, table: str) -> str:
    """``text`` (a pyproject.toml) without the ``[table]`` section and its subtables."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            name = stripped.strip("[]").strip()
            skipping = name == table or name.startswith(table + ".")
        if not skipping:
            out.append(line)
    return "".join(out)


def mutmut_config(modules: list[str], tests: list[str]) -> str:
    return "\n".join([
        "",
        "# Written by benchmarks/mutation_engine.py into a scratch copy only.",
        "[tool.mutmut]",
        f"source_paths = {_toml_list([PACKAGE])}",
        f"only_mutate = {_toml_list(modules)}",
        # proofcheck.derivations looks for the top-level derivations/ folder.
        f"also_copy = {_toml_list(['derivations'])}",
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}",
        # One process: xdist off (tests/conftest.py spreads a run over every core), and the
        # project's addopts (its -q and marker selection) cleared.
        "pytest_add_cli_args = " + _toml_list(
            ["-o", "addopts=", "-p", "no:xdist", "-p", "no:cacheprovider", "-m", "not slow"]),
        "use_git_change_detection = false",
        "",
    ])


def prepare(workdir: Path, modules: list[str], tests: list[str]) -> None:
    shutil.copytree(ROOT, workdir, ignore=_IGNORE, dirs_exist_ok=True)
    pyproject = workdir / "pyproject.toml"
    text = _without_table(pyproject.read_text(encoding="utf-8"), "tool.mutmut")
    pyproject.write_text(text.rstrip("\n") + "\n" + mutmut_config(modules, tests),
                         encoding="utf-8")


def run_mutmut(workdir: Path, max_children: int, log) -> int:
    command = [sys.executable, "-c", "from mutmut.__main__ import cli; cli()",
               "run", "--max-children", str(max_children)]
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTEST_XDIST_AUTO_NUM_WORKERS", None)
    return subprocess.call(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)


# -- reading the results -----------------------------------------------------

def _function_lines(source: str) -> dict[tuple[str | None, str], int]:
    """(class or None, function) -> line of its ``def``, for top-level functions and methods."""
    lines: dict[tuple[str | None, str], int] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines[(None, node.name)] = node.lineno
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines[(node.name, item.name)] = item.lineno
    return lines


_TOKEN = re.compile(r"""[rRbBfFuU]{0,2}(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
                    r"|\w+|\*\*|//|<=|>=|==|!=|->|\S")


def _short_change(old: str, new: str) -> str:
    """The changed stretch of two lines, token to token, as ``old -> new``."""
    a = [(m.start(), m.end()) for m in _TOKEN.finditer(old)]
    b = [(m.start(), m.end()) for m in _TOKEN.finditer(new)]
    ta, tb = [old[i:j] for i, j in a], [new[i:j] for i, j in b]
    changes = [op for op in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes()
               if op[0] != "equal"]
    if not changes:
        return ""
    i1, j1 = changes[0][1], changes[0][3]     # from the first changed token ...
    i2, j2 = changes[-1][2], changes[-1][4]   # ... to the last
    x = old[a[i1][0]:a[i2 - 1][1]] if i2 > i1 else ""
    y = new[b[j1][0]:b[j2 - 1][1]] if j2 > j1 else ""
    return f"{x or '(nothing)'}  ->  {y or '(nothing)'}"


def describe(name: str, orig_code: str, mutant_code: str, def_lines) -> tuple[int | None, str, str]:
    """(line in the source file, the changed line(s) before -> after, the short change)."""
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    function, klass = orig_function_and_class_names_from_key(name)
    a, b = orig_code.split("\n"), mutant_code.split("\n")
    def_index = next((k for k, line in enumerate(a)
                      if line.lstrip().startswith(("def ", "async def "))), 0)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        old = " / ".join(s.strip() for s in a[i1:i2])
        new = " / ".join(s.strip() for s in b[j1:j2])
        start = def_lines.get((klass, function))
        line = None if start is None else start + (i1 - def_index)
        return line, f"{old}  =>  {new}", _short_change(old, new)
    return None, "(no textual change)", ""


def collect(workdir: Path, modules: list[str]) -> dict:
    """Results per module from mutmut's state in ``workdir`` (run from inside it)."""
    os.chdir(workdir)  # mutmut reads its configuration from the current directory
    sys.path.insert(0, str(workdir))
    import libcst as cst
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import (
        read_functions_from_index,
        read_mutant_function,
        read_mutants_module,
        read_original_function,
    )
    from mutmut.stats import status_by_exit_code

    results = {}
    for module in modules:
        data = SourceFileMutationData(path=module)
        data.load()
        def_lines = _function_lines((workdir / module).read_text(encoding="utf-8"))
        counts: dict[str, int] = {}
        undetected = []
        for name, exit_code in sorted(data.exit_code_by_key.items(),
                                      key=lambda kv: _mutant_sort_key(kv[0])):
            status = status_by_exit_code[exit_code]
            counts[status] = counts.get(status, 0) + 1
            if status in KILLED:
                continue
            functions = read_functions_from_index(name, module)
            if functions is None:
                tree = read_mutants_module(module)
                functions = (read_original_function(tree, name), read_mutant_function(tree, name))
            orig_code, mutant_code = (cst.Module([f]).code.strip() for f in functions)
            line, change, short = describe(name, orig_code, mutant_code, def_lines)
            undetected.append({"mutant": name, "status": status, "line": line,
                               "change": change, "short": short})
        total = sum(counts.values())
        killed = sum(n for s, n in counts.items() if s in KILLED)
        results[module] = {"total": total, "killed": killed, "counts": counts,
                           "kill_rate": killed / total if total else None,
                           "undetected": undetected}
    return results


def _mutant_sort_key(name: str):
    base, _, number = name.rpartition("__mutmut_")
    return base, int(number) if number.isdigit() else 0


def report(results: dict, seconds: float) -> bool:
    print()
    header = (f"{'module':<36} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8} {'other':>5} "
              f"{'kill rate':>9}")
    print(header)
    print("-" * len(header))
    all_total = all_killed = 0
    any_left = False
    for module, r in results.items():
        c = r["counts"]
        survived = sum(n for s, n in c.items() if s in SURVIVED)
        no_tests = sum(n for s, n in c.items() if s in NO_TESTS)
        other = r["total"] - r["killed"] - survived - no_tests
        rate = "-" if r["kill_rate"] is None else f"{100 * r['kill_rate']:.1f}%"
        print(f"{module:<36} {r['total']:>7} {r['killed']:>6} {survived:>8} {no_tests:>8} {other:>5} {rate:>9}")
        all_total += r["total"]
        all_killed += r["killed"]
        any_left |= bool(r["undetected"])
    if len(results) > 1:
        rate = f"{100 * all_killed / all_total:.1f}%" if all_total else "-"
        print(f"{'all':<36} {all_total:>7} {all_killed:>6} {'':>8} {'':>8} {'':>5} {rate:>9}")
    print(f"\n(killed includes timeouts; 'other' = suspicious / not checked / interrupted; {seconds:.0f} s)")

    for module, r in results.items():
        if not r["undetected"]:
            continue
        print(f"\n{module}: {len(r['undetected'])} not killed")
        for u in r["undetected"]:
            where = f"line {u['line']}" if u["line"] is not None else "line ?"
            tag = "" if u["status"] == "survived" else f" [{u['status']}]"
            print(f"  {where:>9}  {u['short']}{tag}")
            print(f"{'':13}{u['change']}")
            print(f"{'':13}({u['mutant']})")
    return any_left


def main(argv: list[str] | None = None) -> int:
    global ROOT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*",
                        help="modules to mutate, relative to proofcheck/ (globs allowed); "
                             "default: the verdict-deciding modules")
    parser.add_argument("--tests", nargs="+", default=["tests/engine"],
                        help="test paths to run against each mutant (default: tests/engine)")
    parser.add_argument("--max-children", type=int, default=1,
                        help="parallel test processes (default 1)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the scratch copy (its path is printed)")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--root", metavar="DIR", type=Path, default=ROOT,
                        help="the checkout to copy and test (default: this script's repository)")
    parser.add_argument("--log", metavar="FILE",
                        help="mutmut's own output goes here (default: <scratch>/mutmut.log)")
    args = parser.parse_args(argv)
    ROOT = args.root.resolve()
    if not (ROOT / PACKAGE).is_dir():
        _fail(f"{ROOT} has no {PACKAGE}/ folder")

    version = _check_mutmut()
    modules = resolve_modules(args.modules or DEFAULT_MODULES)
    for test_path in args.tests:
        if not (ROOT / test_path).exists():
            _fail(f"no test path {test_path!r} in {ROOT}")
    json_path = Path(args.json).resolve() if args.json else None
    log_path = Path(args.log).resolve() if args.log else None

    workdir = Path(tempfile.mkdtemp(prefix="proofcheck-mutation-"))
    print(f"mutmut {version}; {len(modules)} module(s); tests {' '.join(args.tests)}; "
          f"scratch copy {workdir}")
    for m in modules:
        print(f"  {m}")
    started = time.monotonic()
    try:
        prepare(workdir, modules, args.tests)
        log_path = log_path or workdir / "mutmut.log"
        print(f"running mutmut (max children {args.max_children}); its output: {log_path}",
              flush=True)
        with open(log_path, "w") as log:
            code = run_mutmut(workdir, args.max_children, log)
        seconds = time.monotonic() - started
        if code != 0:
            print(log_path.read_text(errors="replace")[-3000:], file=sys.stderr)
            if "failed to collect stats" in log_path.read_text(errors="replace"):
                print("mutation_engine: the tests fail on the unmutated code; mutation testing "
                      "needs a green suite (fix the tests, or pass --root with a clean checkout)",
                      file=sys.stderr)
            _fail(f"mutmut exited with status {code} (full output in {log_path}; "
                  f"scratch copy kept at {workdir})")
        results = collect(workdir, modules)
        any_left = report(results, seconds)
        if json_path:
            json_path.write_text(json.dumps({"mutmut": version, "tests": args.tests,
                                             "seconds": round(seconds, 1), "modules": results},
                                            indent=2), encoding="utf-8")
        if args.keep:
            print(f"\nscratch copy kept: {workdir} (cd there; `mutmut browse`, `mutmut show NAME`)")
        return 1 if any_left else 0
    except SystemExit:
        args.keep = True
        raise
    finally:
        os.chdir(ROOT)
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
