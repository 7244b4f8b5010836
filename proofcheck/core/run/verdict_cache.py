"""The verdict cache: a claim checked before, under the same everything, is not checked again.

``proofcheck verify`` (and ``report``) keep each verdict in ``.proofcheck_cache/``
(git-ignored, like pytest's cache).  A verdict is reused only when its key is
unchanged, and the key is a content hash of all that can change it:

* the claim's record and its file's shared definitions (``define``);
* the settings: ``--dps``, the seed, the sample count, and whether negative
  controls ran (with them, their report is kept too);
* the project's own source files (every ``.py`` of the installed package,
  the derivation scripts included);
* the versions of Python, SymPy, mpmath and python-flint.

Only passes are kept: a failure is what its author is working on, and an
error (a time limit reached on a loaded machine) must be checked again.  The files are
JSON, read as data: a cache entry can hold a wrong verdict only if someone writes one
there by hand, so ``--no-cache``
ignores the cache and the test suite and CI never read it.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path

from ..model.verdict import Verdict

DEFAULT_DIR = ".proofcheck_cache"
# Set (to anything) to ignore the cache whatever the command line says: the test suite does.
DISABLE_VARIABLE = "PROOFCHECK_NO_CACHE"
_FORMAT = 1
_VERDICT_FIELDS = ("status", "evidence", "details", "counterexample", "seconds", "route")
_MUTANT_FIELDS = ("made", "rejected", "accepted", "dismissed", "seconds", "unfinished")


@lru_cache(maxsize=4)
def source_fingerprint(also_hashed: tuple[Path, ...] = ()) -> str:
    """A hash of every Python file of the package, of the folders ``also_hashed`` (the
    derivation scripts a claim may name, handed in by the caller) and of the library
    versions a check depends on."""
    import flint  # lazy: a run that finds every verdict cached loads no checker
    import mpmath  # lazy: a run that finds every verdict cached loads no checker
    import sympy  # lazy: a run that finds every verdict cached loads no checker
    package = Path(__file__).resolve().parents[2]  # proofcheck/, from core/run/
    digest = hashlib.sha256()
    for version in (sys.version, sympy.__version__, mpmath.__version__, flint.__version__):
        digest.update(version.encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    for folder in also_hashed:
        for path in sorted(Path(folder).glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def claim_key(claim, settings, mutants: bool, also_hashed: tuple[Path, ...] = ()) -> str:
    """The content hash a verdict of ``claim`` is filed under."""
    record = {
        "format": _FORMAT,
        "claim": claim.raw,
        "paper": claim.paper,
        "shared": _file_defines(claim.source),
        "settings": {"dps": settings.dps, "seed": settings.seed, "samples": settings.samples,
                     "routes": list(settings.routes), "corroborate": settings.corroborate},
        "mutants": mutants,
        "source": source_fingerprint(also_hashed),
    }
    text = json.dumps(record, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _file_defines(source) -> object:
    """The shared ``define`` table of the claim's file (None for a claim built in memory)."""
    path = Path(source)
    if not path.is_file():
        return None
    stat = path.stat()
    return _defines_of(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _defines_of(path: str, _mtime_ns: int, _size: int) -> object:
    # Read once per file and version: a run looks up every claim of a file in turn.
    from ..model.claims import read_file
    return read_file(path).get("define")


class VerdictCache:
    """Verdicts on disk, one JSON file per key."""

    def __init__(self, folder=DEFAULT_DIR, also_hashed: tuple[Path, ...] = ()):
        self.folder = Path(folder)
        # Folders of Python files outside the package whose change also invalidates a verdict.
        self.also_hashed = tuple(also_hashed)

    def _path(self, key: str) -> Path:
        return self.folder / "verdicts" / key[:2] / f"{key}.json"

    def get(self, key: str):
        """``(verdict, mutant fields or None)`` kept under ``key``, or None."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            fields = {name: data["verdict"][name] for name in _VERDICT_FIELDS}
            if fields["status"] != "passed":
                return None
            mutants = data.get("mutants")
            if mutants is not None:
                mutants = {name: mutants[name] for name in _MUTANT_FIELDS}
            return Verdict(**fields), mutants
        except (OSError, ValueError, KeyError, TypeError):
            return None  # absent, unreadable or of another shape: check the claim again

    def put(self, key: str, verdict: Verdict, mutants=None) -> None:
        if verdict.status != "passed":
            return
        if mutants is not None and mutants.unfinished:
            return
        record = {"verdict": {name: getattr(verdict, name) for name in _VERDICT_FIELDS}}
        if mutants is not None:
            record["mutants"] = {name: getattr(mutants, name) for name in _MUTANT_FIELDS}
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._ignore_in_git()
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(record, default=str), encoding="utf-8")
            os.replace(temporary, path)  # a reader never sees half a file
        except (OSError, TypeError, ValueError):
            pass  # a cache that cannot be written only costs time

    def _ignore_in_git(self):
        ignore = self.folder / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# created by proofcheck: the verdict cache\n*\n", encoding="utf-8")


def cache_for(args, also_hashed: tuple[Path, ...] = ()) -> VerdictCache | None:
    """The cache a command uses: none with ``--no-cache`` or when the environment disables it."""
    if getattr(args, "no_cache", False) or os.environ.get(DISABLE_VARIABLE):
        return None
    return VerdictCache(getattr(args, "cache_dir", None) or DEFAULT_DIR, also_hashed)


def run_with_cache(claims, settings, cache: VerdictCache | None, mutants: bool = False,
                   progress=None, started=None, build=None, build_one=None, **options):
    """``runner.run`` with the verdicts found in ``cache`` taken from it; the others are
    checked and kept.  Results come back in the claims' order, as from ``runner.run``.

    ``claims`` may be entries read but not built (``claims.Entry``), with
    ``build(ids)`` building the claims of those ids: a run that finds every
    verdict in the cache then parses no expression at all.  With ``build_one`` (an entry
    to its claim) each worker builds the claims it checks (``runner.run``), in parallel.
    """
    from ..model.results import MutantReport, Result  # lazy: a run that finds every verdict cached loads no checker
    from .runner import run  # lazy: a run that finds every verdict cached loads no checker

    def as_given(ids):
        return [claim for claim in claims if claim.id in ids]

    if build_one is not None:
        # The runner is handed the entries themselves, and its workers build them.
        build, options["build"] = as_given, build_one
    build = build or as_given
    if cache is None:
        return run(build({claim.id for claim in claims}), settings, mutants=mutants, progress=progress,
                   started=started, **options)
    keys = [claim_key(claim, settings, mutants, cache.also_hashed) for claim in claims]
    results: list = [None] * len(claims)
    for index, (claim, key) in enumerate(zip(claims, keys)):
        kept = cache.get(key)
        if kept is not None and (kept[1] is not None) == mutants:
            verdict, report = kept
            results[index] = Result(claim, verdict, MutantReport(**report) if report else None,
                                    cached=True)
    done = 0
    for result in results:
        if result is not None:
            done += 1
            if started:
                started(result.claim)
            if progress:
                progress(done, len(claims), result)
    missing = {claims[index].id: index for index, result in enumerate(results) if result is None}

    def checked(count, _total, result):
        if progress:
            progress(done + count, len(claims), result)

    built = build(set(missing)) if missing else []
    for result in run(built, settings, mutants=mutants, progress=checked, started=started,
                      **options) if built else []:
        index = missing[result.claim.id]
        results[index] = result
        cache.put(keys[index], result.verdict, result.mutants)
    return results
