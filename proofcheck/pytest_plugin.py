"""Claims as pytest items: a plugin that collects claims files and the packaged packs.

Registered through the ``pytest11`` entry point, so it is active wherever
proofcheck is installed:

* any ``*.claims.toml`` under the paths pytest is given is a test file, each
  claim one item named by its id (``pytest docs/examples/``);
* ``--proofcheck-pack NAME`` (repeatable; ``all`` for every pack) adds a
  packaged paper, its claims named ``larger-groups::lemma-4.1`` in the paper's order.

An item passes when the claim passes; ``--proofcheck-controls N`` also checks
its first N negative controls in the same item, and ``--proofcheck-mutants``
makes every negative control an item of its own (``lemma-4.1[mutant-3]``),
which fails if the checker accepts the control.  A failing item reports the
failure message of ``proofcheck verify`` (report/failures.py), not a
traceback of the engine.  Each item records its evidence and route as user
properties (``--junitxml`` keeps them), and the terminal summary counts the
evidence reached.  Items carry markers: ``claim``, the kind (``identity``,
``chain_instance``), the section (``section_4``) and ``slow`` for a slow check.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest


def narrow_assert_rewriting(keep):
    """Keep on pytest's list of modules whose asserts it rewrites only the names ``keep``
    accepts.  pytest lists every module of each distribution that has a pytest plugin; test
    files and conftests are rewritten by their names whatever the list says.  A pytest
    without this hook attribute is left as it is."""
    for hook in sys.meta_path:
        marked = getattr(hook, "_must_rewrite", None)
        if type(hook).__name__ == "AssertionRewritingHook" and isinstance(marked, set):
            marked.intersection_update({name for name in marked if keep(name)})


# Installed, each pytest run would otherwise rewrite the engine's modules as it imports them
# (36 for the three claims of docs/examples, most of the package for the packs), for asserts
# that belong to no test.  This module and the package's __init__ are imported already.
narrow_assert_rewriting(lambda name: name.split(".")[0] != __package__)

# Kinds whose check takes seconds (quadrature at instances, certificates over ranges).
SLOW_KINDS = frozenset({"chain-instance", "small-shift-limit", "sub-gaussian-score", "renyi-profile",
                        "log-location-family"})


def pytest_addoption(parser):
    group = parser.getgroup("proofcheck", "claims as tests (proofcheck)")
    group.addoption("--proofcheck-pack", action="append", default=[], metavar="NAME",
                    help="collect the claims of a packaged paper (repeatable; 'all' for every pack)")
    group.addoption("--proofcheck-dps", type=int, default=None, metavar="N",
                    help="working digits of each check (default 50; 15 to 100000)")
    group.addoption("--proofcheck-controls", type=int, default=None, metavar="N",
                    help="also check each claim's first N negative controls within its item")
    group.addoption("--proofcheck-mutants", action="store_true",
                    help="each negative control is an item of its own, failing if the checker accepts it")
    group.addoption("--proofcheck-timeout", type=float, default=None, metavar="S",
                    help="time limit per item in seconds (the check runs in a forked worker)")
    group.addoption("--proofcheck-require", default=None, choices=("proved", "sampled", "by-argument"),
                    help="fail a claim that passed below this: proved (symbolic or certified), "
                    "sampled (numeric), or by-argument (logical)")
    parser.addini("proofcheck_packs", type="args", default=[],
                  help="packs collected when pytest runs its testpaths (no paths given); 'all' for every pack")
    parser.addini("proofcheck_controls", default="0",
                  help="default of --proofcheck-controls")


def pytest_configure(config):
    config.pluginmanager.register(_EvidenceTally(), "proofcheck-evidence")
    config.addinivalue_line("markers", "claim: a claim checked by proofcheck")
    config.addinivalue_line("markers", "mutant: a negative control of a claim, which must be rejected")
    _validate_options(config)
    names = _pack_names(config)
    if not names:
        return
    from .papers import packs  # lazy: collecting tests loads no engine
    available = packs()
    selected = list(available) if "all" in names else names
    unknown = [name for name in selected if name not in available]
    if unknown:
        raise pytest.UsageError(f"--proofcheck-pack: unknown paper {unknown[0]!r} "
                                f"(known: {', '.join(available)})")
    # A pack is collected through its paper.toml: one collector per paper, in the packs' order.
    for name in selected:
        path = str(available[name].folder / "paper.toml")
        if path not in config.args:
            config.args.append(path)


def _validate_options(config) -> None:
    """Every option checked before any item runs: a usage error in one line, not a failure
    (with a traceback) of every item."""
    from .core.model.errors import ProofcheckError
    from .core.numbers.precision import validate_dps
    dps = config.getoption("proofcheck_dps")
    try:
        if dps is not None:
            validate_dps(dps, "--proofcheck-dps")
    except ProofcheckError as error:
        raise pytest.UsageError(str(error)) from None
    try:
        controls = _controls(config)
    except ValueError:
        raise pytest.UsageError("proofcheck_controls (ini) must be a whole number of controls") from None
    if controls < 0:
        raise pytest.UsageError(f"--proofcheck-controls must be 0 or more, not {controls}")
    timeout = config.getoption("proofcheck_timeout")
    if timeout is not None and not 0 < timeout < float("inf"):
        raise pytest.UsageError(f"--proofcheck-timeout must be a positive number of seconds, not {timeout}")


def pytest_collect_file(file_path: Path, parent):
    if file_path.name.endswith(".claims.toml"):
        return ClaimsFile.from_parent(parent, path=file_path)
    if file_path.name == "paper.toml":
        pack = _pack_at(file_path.parent, parent.config)
        if pack is not None:
            return PackCollector.from_parent(parent, path=file_path, name=pack.name, nodeid=pack.name)
    return None


def _pack_names(config) -> list:
    """The packs to collect: --proofcheck-pack, or the ini's when pytest runs its testpaths
    (``pytest`` alone), never when it is given paths (``pytest tests/test_x.py``)."""
    names = list(config.getoption("proofcheck_pack") or [])
    if not names and config.args_source != pytest.Config.ArgsSource.ARGS:
        names = list(config.getini("proofcheck_packs"))
    return names


def _controls(config) -> int:
    given = config.getoption("proofcheck_controls")
    return given if given is not None else int(config.getini("proofcheck_controls") or 0)


def _pack_at(folder: Path, config):
    from .papers import packs  # lazy: collecting tests loads no engine
    names = _pack_names(config)
    for pack in packs().values():
        if Path(pack.folder).resolve() == folder.resolve() and ("all" in names or pack.name in names):
            return pack
    return None


class _ClaimCollector(pytest.File):
    """Items for the claims of a file or a pack, in their order."""

    def _claims(self):  # pragma: no cover - each subclass says where its claims come from
        raise NotImplementedError

    def collect(self):
        from .core.model.errors import ProofcheckError  # lazy: collecting tests loads no engine
        try:
            claims = sorted(self._claims(), key=lambda c: c.order)
        except ProofcheckError as error:
            raise ClaimFileProblem(str(error)) from None
        mutants = self.config.getoption("proofcheck_mutants")
        for claim in claims:
            item = ClaimItem.from_parent(self, name=claim.id, claim=claim)
            yield item
            if mutants and _checker(claim).computational:
                try:
                    built = item.claim  # its controls are items of their own: built now
                except ClaimFailed as error:
                    raise ClaimFileProblem(str(error)) from None
                yield from _mutant_items(self, built)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ClaimFileProblem):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class ClaimsFile(_ClaimCollector):
    """A ``*.claims.toml`` file of one's own."""

    def _claims(self):
        from .papers import load_claims  # lazy: collecting tests loads no engine
        return load_claims(path=self.path)


class PackCollector(_ClaimCollector):
    """The claims of a packaged paper, each built when its item runs: a worker of pytest-xdist
    builds the claims it checks, not every claim of every pack."""

    def _claims(self):
        from .papers import list_claims  # lazy: collecting tests loads no engine
        return list_claims([self.name])


class ClaimFileProblem(Exception):
    """A claims file that cannot be read: one line, as ``proofcheck verify`` says it."""


def _mutant_items(parent, claim):
    controls = [(d, m) for d, m in claim.checker.mutants(claim, _settings(parent.config)) if m is not None]
    for number, (description, mutant) in enumerate(controls, start=1):
        yield MutantItem.from_parent(parent, name=f"{claim.id}[mutant-{number}]", claim=mutant,
                                     description=description, original=claim)


def _settings(config):
    from .core.model.verdict import Settings  # lazy: collecting tests loads no engine
    from .core.numbers.precision import validate_dps  # lazy: collecting tests loads no engine
    dps = config.getoption("proofcheck_dps")
    return Settings() if dps is None else Settings(dps=validate_dps(dps))


def _markers(item, claim):
    names = ["claim", re.sub(r"\W", "_", claim.kind)]
    if claim.section:
        names.append("section_" + re.sub(r"\W", "_", str(claim.section)))
    if claim.kind in SLOW_KINDS:
        names.append("slow")
    for name in names:
        _register_marker(item.config, name)
        item.add_marker(name)
    group = _checker(claim).shares_work
    if group:
        # Under ``--dist loadgroup`` one worker fills the caches these checks share.
        item.add_marker(pytest.mark.xdist_group(group))


def _checker(claim):
    """A claim's kind, also for an entry read but not yet built."""
    from .papers import registry_for  # lazy: collecting tests loads no engine
    return getattr(claim, "checker", None) or registry_for()[claim.kind]


def _register_marker(config, name):
    # Kinds and sections come from the data: each is declared as it is first met, so that
    # --strict-markers accepts them and -m can select them.
    seen = config.stash.setdefault(_MARKERS, set())
    if name not in seen:
        seen.add(name)
        config.addinivalue_line("markers", f"{name}: claims of this kind or section (proofcheck)")


_MARKERS = pytest.StashKey[set]()


class ClaimFailed(Exception):
    """A claim (or a negative control) whose check did not give the verdict the item needs."""


class ClaimItem(pytest.Item):
    """One claim: it passes when the claim passes (and its first controls are rejected)."""

    def __init__(self, *, claim, **kwargs):
        super().__init__(**kwargs)
        self._claim = claim  # built, or a packaged claim's entry (``list_claims``) until it runs
        _markers(self, claim)

    @property
    def claim(self):
        if getattr(self._claim, "checker", None) is None:  # an entry: built now, once
            from .core.model.errors import ProofcheckError  # lazy: collecting tests loads no engine
            from .papers import built_claim  # lazy: collecting tests loads no engine
            try:
                self._claim = built_claim(self._claim)
            except ProofcheckError as error:
                raise ClaimFailed(str(error)) from None
        return self._claim

    def runtest(self):
        from .core.model.verdict import meets, standing  # lazy: collecting tests loads no engine
        from .core.run.check import run_mutants  # lazy: collecting tests loads no engine
        settings = _settings(self.config)
        result = _check(self.claim, settings, self.config.getoption("proofcheck_timeout"))
        verdict = result.verdict
        self.user_properties += [("evidence", verdict.evidence or ""), ("route", verdict.route or ""),
                                 ("status", verdict.status)]
        if not verdict.passed:
            raise ClaimFailed(_explain(result))
        if (verdict.evidence == "logical") == self.claim.checker.computational:
            # A computing kind that reached no computed evidence, or a step listed without
            # computation that claims some: either is a fault of the checker.
            raise ClaimFailed(f"{self.claim.id}: kind {self.claim.kind} gave {verdict.evidence} evidence")
        required = self.config.getoption("proofcheck_require")
        if required and not meets(verdict.evidence, required.replace("-", " ")):
            raise ClaimFailed(f"{self.claim.id}: passed {standing(verdict.evidence)} ({verdict.evidence}: "
                              f"{verdict.route}), below the required '{required}'")
        recorded = self.claim.get("evidence")
        if recorded and verdict.evidence != recorded:
            # A route lost (or gained): the record says what this claim reached until now.
            raise ClaimFailed(f"{self.claim.id}: passed with {verdict.evidence} evidence, but its record "
                              f"says {recorded} ({verdict.route})")
        limit = _controls(self.config)
        if limit and self.claim.checker.computational:
            report = run_mutants(self.claim, settings, limit=limit)
            if report.accepted:
                raise ClaimFailed(f"{self.claim.id}: the checker accepted a negative control: "
                                  f"{'; '.join(report.accepted)}")
            if report.made == 0:
                raise ClaimFailed(f"{self.claim.id}: a computational claim needs a negative control")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ClaimFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self._claim.paper}::{self._claim.id}"


class MutantItem(ClaimItem):
    """A negative control: it passes when the checker rejects the perturbed claim."""

    def __init__(self, *, description, original, **kwargs):
        super().__init__(**kwargs)
        self.description = description
        self.original = original
        self.add_marker("mutant")

    def runtest(self):
        from .core.run.check import control_settings  # lazy: collecting tests loads no engine
        settings = control_settings(_settings(self.config))
        result = _check(self.claim, settings, self.config.getoption("proofcheck_timeout"))
        self.user_properties += [("control", self.description), ("status", result.verdict.status)]
        if result.verdict.passed:
            raise ClaimFailed(f"{self.original.id}: the checker accepted the negative control "
                              f"{self.description!r} ({result.verdict.evidence}: {result.verdict.details})")


def _check(claim, settings, timeout):
    """The claim's result: checked here, or in a forked worker when a time limit is set."""
    from .core.model.results import Result  # lazy: collecting tests loads no engine
    from .core.run.check import check_claim  # lazy: collecting tests loads no engine
    from .core.run.runner import run  # lazy: collecting tests loads no engine
    if timeout:
        return run([claim], settings, jobs=1, timeout=timeout)[0]
    return Result(claim, check_claim(claim, settings))


def _explain(result) -> str:
    from .report.failures import explain  # lazy: collecting tests loads no engine
    verdict = result.verdict
    head = f"{result.claim.paper}::{result.claim.id} {verdict.status.upper()}: {result.claim.statement}"
    from .report.permalinks import link_for
    link = link_for(result.claim.paper, result.claim.id)
    return "\n".join([head] + explain(result, indent="  ") + ([f"  see {link}"] if link else []))


class _EvidenceTally:
    """Counts the evidence of each passed claim from the test reports (which reach the
    controller under xdist too) and prints the counts at the end of the run."""

    def __init__(self):
        self.counts: Counter = Counter()

    def pytest_runtest_logreport(self, report):
        if report.when != "call" or not report.passed:
            return
        properties = dict(report.user_properties)
        if "evidence" in properties and "control" not in properties:
            self.counts[properties["evidence"]] += 1

    def pytest_terminal_summary(self, terminalreporter):
        if self.counts:
            c = self.counts
            proved = c["symbolic"] + c["certified"]
            terminalreporter.write_line(
                f"proofcheck: {sum(c.values())} claims passed: {proved} proved ({c['symbolic']} symbolic, "
                f"{c['certified']} certified), {c['numeric']} sampled, {c['logical']} by argument")
