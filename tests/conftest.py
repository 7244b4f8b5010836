"""Shared test settings and helpers: hypothesis profiles, running the command line, claims files.

The default profile keeps the run fast; ``HYPOTHESIS_PROFILE=deep pytest -m slow``
draws many more parameters.
"""
import atexit
import gc
import itertools
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from proofcheck.pytest_plugin import narrow_assert_rewriting

# pytest rewrites the asserts of every module of every distribution with a pytest plugin
# (hypothesis, pytest-xdist): about 280 modules, a second and a half in each worker, for asserts
# that are not the tests'.  Before any of them is imported here, only pytest's own stay listed.
narrow_assert_rewriting(lambda name: name.startswith("_pytest"))

# Imported once the rewriting is narrowed, so that hypothesis's own modules are not rewritten.
from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis import strategies as st

from proofcheck.cli import collect_garbage_seldom

settings.register_profile("default", max_examples=8, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The test run collects garbage as seldom as `proofcheck` itself does.
collect_garbage_seldom()

# The soundness corpus's claims files are data for test_corpus.py, which expects every false
# claim there to fail: the claims plugin must not collect them as tests that should pass.
collect_ignore_glob = ["soundness/false/*.claims.toml", "soundness/true/*.claims.toml"]

# The tests check every claim afresh: no command they run reads or writes the verdict
# cache (core/run/verdict_cache.py), except the cache's own tests, which point it at a
# temporary folder.
os.environ["PROOFCHECK_NO_CACHE"] = "1"


# Module-level memo tables of the engine that are not lru_caches.
_MEMO_TABLES = ("_DENSE", "_CLOSED_FORMS", "CLOSED_FORMS", "_CACHE", "_DRAWN", "_SHARED", "_AIRY_TERMS", "_RULES",
                "_OPERATOR_VALUES", "_DECIDING_BALLS")


def _forget_engine_memos():
    """Empty every memo of ``proofcheck`` (lru_caches and the memo tables above).

    Mutation testing (benchmarks/mutation_engine.py) forks each mutant's test run
    from a process that has already run the tests on the original code; a value
    remembered from that run would hide the mutant.
    """
    import sys
    for name, module in list(sys.modules.items()):
        if not (name == "proofcheck" or name.startswith("proofcheck.")) or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
            elif attribute in _MEMO_TABLES and isinstance(value, dict):
                value.clear()


# A bare `pytest` runs on every core, the tests of one xdist_group in one worker.  These are
# defaults, not addopts: an `-n auto` there made `pytest -p no:xdist` stop on an unknown
# option.  A conftest's `pytest_load_initial_conftests` is never called, so the defaults are
# set when the options are read, before xdist reads them (its own hook is tryfirst too, and a
# conftest registered after it runs first).  This file is an initial conftest of any run
# under tests/.
@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    if not config.pluginmanager.hasplugin("xdist"):  # -p no:xdist
        return
    if hasattr(config, "workerinput"):
        # A worker reads the command line again, without these defaults (xdist's
        # remote.setup_config): it learns the grouping from the controller.
        config.option.loadgroup = config.workerinput.get("loadgroup", config.option.loadgroup)
        return
    if config.option.numprocesses is None:  # no -n given
        config.option.numprocesses = "auto"
    if config.option.dist == "no" and not config.option.distload:  # no --dist given
        config.option.dist = "loadgroup"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    node.workerinput["loadgroup"] = node.config.option.dist == "loadgroup"


def pytest_sessionstart(session):
    if os.environ.get("MUTANT_UNDER_TEST"):
        _forget_engine_memos()


def pytest_collection_finish(session):
    # What collection built (the claims, SymPy's caches, the test modules) lives to the end
    # of the run: frozen, it is no longer rescanned by each full garbage collection.
    gc.freeze()


# An xdist worker ends holding about a million objects (SymPy's caches, every claim, what the
# tests computed).  Scanning them in the collections that close a session, then freeing them
# one by one as the interpreter exits, would keep the whole run waiting for some three
# seconds; frozen, they are not scanned, and the operating system takes the memory back at
# once.  Only the worker's own process, and only once its session has finished with a status.
_WORKER = os.getpid() if os.environ.get("PYTEST_XDIST_WORKER") else None
_SESSION_STATUS: list = []


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if os.getpid() == _WORKER:
        _SESSION_STATUS.append(int(exitstatus))
        gc.freeze()


def _exit_without_freeing():
    if os.getpid() == _WORKER and _SESSION_STATUS:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_SESSION_STATUS[-1])


atexit.register(_exit_without_freeing)


@pytest.fixture(autouse=True)
def _each_test_computes_afresh_under_mutation():
    """Under mutation testing, every test starts with empty memos: mutmut maps each test to
    the functions it calls, and a test that found its value remembered by an earlier one
    would be mapped to none of them, and so never run against their mutants."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        _forget_engine_memos()
    yield


@pytest.fixture(scope="session")
def figure_series():
    """Each figure's data, computed once per worker: the drawing tests (test_figures.py) and
    the layout tests (test_figures_layout.py) draw the same figures, in one xdist group."""
    from proofcheck.report import figures
    memo = {}

    def series(name):
        if name not in memo or os.environ.get("MUTANT_UNDER_TEST"):
            memo[name] = figures.FIGURES[name].compute()
        return memo[name]
    return series


# Lemma 4.1 with the drift halved: false, and the claim several tests watch fail.
WRONG_DRIFT = '''
[[claim]]
id = "wrong-drift"
where = "Lemma 4.1 with the drift sigma^2/2"
statement = "E|exp(sigma Z - sigma^2/2) - 1| = 2 Phi(sigma) - 1 (false)"
kind = "identity"
params = { sigma = "0 < sigma < 5" }
variables = { z = "real" }
lhs = "E(Abs(exp(sigma*z - sigma**2/2) - 1), z)"
asserts = "2*Phi(sigma) - 1"
'''


def run_cli(*args, timeout=600, fresh_process=False, **options):
    """``proofcheck ARGS``: its exit status and output as text, as ``subprocess.run`` gives them.

    The command runs in this process, through ``cli.main`` with its streams captured:
    the worker has SymPy and the packs loaded already, and a fresh interpreter would
    spend a third of a second loading them again for every call.  A test of the process
    itself (``python -m``, what start-up imports, another directory or environment)
    asks for ``fresh_process``; ``cwd``, ``env`` or ``input`` imply it.
    """
    if fresh_process or options:
        return subprocess.run([sys.executable, "-m", "proofcheck", *args], capture_output=True, text=True,
                              timeout=timeout, **options)
    return run_main(*args)


def run_main(*args):
    """``cli.main(ARGS)`` with stdout and stderr captured, as a ``CompletedProcess``."""
    import contextlib
    import io

    from proofcheck.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as done:  # argparse: --help, --version, a usage error
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            if isinstance(done.code, str):
                print(done.code, file=sys.stderr)
    return subprocess.CompletedProcess(["proofcheck", *args], code, out.getvalue(), err.getvalue())


def unit_claim(**record):
    """A claim built from ``record`` as a claims file gives it: a fresh id and filler text unless given.

    Each claim has its own id: the engine remembers per-claim work (the dense points
    of a control's check) under the claim's source and id.
    """
    from proofcheck.core.model.claims import build_claim
    from proofcheck.papers import registry_for
    record.setdefault("id", f"unit-{next(_UNIT_IDS)}")
    record.setdefault("where", "unit test")
    record.setdefault("statement", "unit test")
    return build_claim(record, "tests/engine", registry_for())


_UNIT_IDS = itertools.count()


def write_claims(folder, text, name="claims.toml"):
    """A claims file holding ``text`` (dedented) in ``folder``; its path."""
    import textwrap
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


class PackagedClaims(dict):
    """A packaged paper's claims by id, each built when a test first asks for it."""

    def __init__(self, paper):
        from proofcheck.papers import list_claims
        super().__init__((entry.id, entry) for entry in list_claims([paper]))

    def __getitem__(self, claim_id):
        from proofcheck.papers import built_claim
        return built_claim(super().__getitem__(claim_id))

    def values(self):
        return [self[claim_id] for claim_id in self]

    def items(self):
        return [(claim_id, self[claim_id]) for claim_id in self]


def claims_from_text(folder, text, name="claims.toml"):
    """The claims of a claims file holding ``text`` (dedented), written in ``folder``."""
    from proofcheck.papers import load_claims
    return load_claims(path=write_claims(folder, text, name))


@st.composite
def mechanisms(draw):
    """(r, r0, c) of the shifted-log Gaussian mechanism with 0 < r0 < r < 1 and c > 0, as exact
    rationals (r = 1 is Proposition 2.3's)."""
    r = Fraction(draw(st.integers(1, 999)), 1000)
    r0 = r * Fraction(draw(st.integers(1, 999)), 1000)
    c = Fraction(draw(st.integers(1, 10_000)), 1000)
    return r, r0, c
