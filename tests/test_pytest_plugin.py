"""Claims are pytest items (proofcheck/pytest_plugin.py): collected from claims files and packs,
selected with -k, reported with the failure message, recorded in JUnit XML with their
evidence, run in parallel, rerun with --lf, and a negative control that the checker
accepts fails its own item."""
from __future__ import annotations

from xml.etree import ElementTree

import pytest

from proofcheck.papers import list_claims

pytest_plugins = ["pytester"]

CLAIMS = '''
paper = "demo"
section = "2"

[[claim]]
id = "square"
where = "test"
statement = "(x + 1)^2 = x^2 + 2x + 1"
kind = "identity"
params = { x = "x > 0" }
lhs = "(x + 1)**2"
asserts = "x**2 + 2*x + 1"

[[claim]]
id = "below"
where = "test"
statement = "sin(x) <= x"
kind = "inequality"
params = { x = "x > 0" }
lhs = "sin(x)"
rel = "<="
rhs = "x"

[[claim]]
id = "gaussian"
where = "test"
statement = "int exp(-x^2/2) = sqrt(2 pi)"
kind = "identity"
variables = { y = "real" }
lhs = "integrate(exp(-y**2/2), y, -oo, oo)"
asserts = "sqrt(2*pi)"
'''

WRONG = '''
[[claim]]
id = "wrong-square"
where = "test"
statement = "(x + 1)^2 = x^2 + 1"
kind = "identity"
params = { x = "x > 0" }
lhs = "(x + 1)**2"
asserts = "x**2 + 1"
'''


@pytest.fixture
def claims_dir(pytester):
    pytester.makefile(".claims.toml", demo=CLAIMS)
    return pytester


def test_a_claims_file_is_collected_one_item_per_claim_in_order(claims_dir):
    result = claims_dir.runpytest("--co", "-q", "-p", "no:cacheprovider")
    lines = [line for line in result.outlines if "::" in line]
    assert lines == ["demo.claims.toml::square", "demo.claims.toml::below", "demo.claims.toml::gaussian"]


def test_claims_pass_and_the_summary_counts_their_evidence(claims_dir):
    result = claims_dir.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        ["proofcheck: 3 claims passed: 2 proved (2 symbolic, 0 certified), 1 sampled, 0 by argument"])


def test_a_failing_claim_reports_the_failure_message_not_a_traceback(pytester):
    pytester.makefile(".claims.toml", wrong=WRONG)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    assert "wrong-square FAILED: (x + 1)^2 = x^2 + 1" in text
    assert "asserted: x**2 + 1" in text and "definition: (x + 1)**2" in text
    assert "Traceback" not in text and "proofcheck/core" not in text


def test_a_claim_that_passes_with_other_evidence_than_its_record_says_fails_its_item(pytester):
    # The square is derived by SymPy: a record that says "numeric" no longer describes it.
    square = 'kind = "identity"\nparams = { x = "x > 0" }\nlhs = "(x + 1)**2"'
    recorded = 'kind = "identity"\nevidence = "numeric"\nparams = { x = "x > 0" }\nlhs = "(x + 1)**2"'
    pytester.makefile(".claims.toml", demo=CLAIMS.replace(square, recorded))
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "-k", "square")
    result.assert_outcomes(failed=1)
    assert "square: passed with symbolic evidence, but its record says numeric" in result.stdout.str()


def test_minus_k_selects_exactly_the_lemma_claims_of_a_pack(pytester):
    result = pytester.runpytest("--proofcheck-pack", "larger-groups", "-k", "lemma", "--co", "-q",
                                "-p", "no:cacheprovider")
    collected = [line for line in result.outlines if line.startswith("larger-groups::")]
    expected = [f"larger-groups::{c.id}" for c in list_claims(["larger-groups"]) if "lemma" in c.id]
    assert collected == expected and len(expected) > 10


def test_an_unknown_pack_is_a_usage_error(pytester):
    result = pytester.runpytest("--proofcheck-pack", "no-such-paper", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "unknown paper 'no-such-paper'" in result.stderr.str()


def test_junit_xml_has_one_testcase_per_claim_with_its_evidence_and_route(claims_dir):
    claims_dir.runpytest("-q", "-p", "no:cacheprovider", "--junitxml=out.xml")
    cases = ElementTree.parse(claims_dir.path / "out.xml").getroot().iter("testcase")
    found = {case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
             for case in cases}
    assert set(found) == {"square", "below", "gaussian"}
    assert found["square"]["evidence"] == "symbolic" and found["square"]["route"]
    assert found["below"]["evidence"] == "numeric"


def test_markers_name_the_kind_and_the_section(claims_dir):
    result = claims_dir.runpytest("-m", "inequality and section_2", "--co", "-q", "-p", "no:cacheprovider",
                                  "--strict-markers")
    assert [line for line in result.outlines if "::" in line] == ["demo.claims.toml::below"]


def test_each_negative_control_is_an_item_and_is_rejected(claims_dir):
    result = claims_dir.runpytest("--proofcheck-mutants", "-k", "square", "-q", "-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] >= 3 and "failed" not in outcomes
    listed = claims_dir.runpytest("--proofcheck-mutants", "-k", "square", "--co", "-q", "-p", "no:cacheprovider")
    assert "demo.claims.toml::square[mutant-1]" in listed.outlines


def test_a_control_the_checker_accepts_fails_its_item(claims_dir, monkeypatch):
    # A checker broken on purpose: every identity passes, so every control is accepted.
    from proofcheck.core.kinds.equality import Identity
    from proofcheck.core.model.verdict import passed
    monkeypatch.setattr(Identity, "check", lambda self, claim, settings: passed("numeric", "broken"))
    result = claims_dir.runpytest("--proofcheck-mutants", "-k", "square", "-q", "-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] >= 1
    assert "the checker accepted the negative control" in result.stdout.str()


def test_controls_within_the_item_fail_it_when_accepted(claims_dir, monkeypatch):
    from proofcheck.core.kinds.equality import Identity
    from proofcheck.core.model.verdict import passed
    monkeypatch.setattr(Identity, "check", lambda self, claim, settings: passed("numeric", "broken"))
    result = claims_dir.runpytest("--proofcheck-controls", "2", "-k", "square", "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    assert "accepted a negative control" in result.stdout.str()


def test_last_failed_reruns_only_the_failing_claim(pytester):
    pytester.makefile(".claims.toml", demo=CLAIMS, wrong=WRONG)
    first = pytester.runpytest("-q")
    first.assert_outcomes(passed=3, failed=1)
    again = pytester.runpytest("-q", "--lf")
    again.assert_outcomes(failed=1)


@pytest.mark.slow
def test_two_workers_run_the_claims_in_parallel(claims_dir):
    # The workers run claims, whose checks hold no assert of a test: nothing to rewrite.
    result = claims_dir.runpytest("-n", "2", "-q", "-p", "no:cacheprovider", "--assert=plain")
    result.assert_outcomes(passed=3)


SLOW = '''
[[claim]]
id = "slow-sum"
where = "test"
statement = "sum of 1/j^2 up to 10^7 is pi^2/6"
kind = "identity"
variables = { j = "integer" }
lhs = "summation(1/j**2, j, 1, 10**7)"
asserts = "pi**2/6"
'''


@pytest.mark.slow
def test_a_claim_over_its_time_limit_fails_its_item_and_the_run_goes_on(pytester):
    pytester.makefile(".claims.toml", slow=SLOW, demo=CLAIMS)
    # 5 s: the other claims take about a second each (sin(x) <= x tries a proof over x > 0 first),
    # the sum of 10^7 terms far longer.
    result = pytester.runpytest("--proofcheck-timeout", "5", "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    assert "timed out after 5 s" in result.stdout.str()


def test_a_packaged_claim_is_built_when_its_item_runs_not_when_it_is_collected(pytester):
    # Each worker of pytest-xdist builds the claims it checks: collecting reads the records only.
    from proofcheck.core.model.claims import Claim, Entry
    items = pytester.inline_genitems("--proofcheck-pack", "exact-zcdp", "-p", "no:cacheprovider")[0]
    assert len(items) == len(list_claims(["exact-zcdp"]))
    assert all(isinstance(item._claim, Entry) for item in items)
    first = items[0]
    assert isinstance(first.claim, Claim) and first.claim.id == first.name
    assert first.claim.order == list_claims(["exact-zcdp"])[0].order
    assert all(isinstance(item._claim, Entry) for item in items[1:])


def test_a_packaged_claim_that_cannot_be_built_fails_its_own_item_in_one_line(pytester, monkeypatch):
    from proofcheck import papers, pytest_plugin
    from proofcheck.core.model.errors import ClaimFileError
    items = pytester.inline_genitems("--proofcheck-pack", "exact-zcdp", "-p", "no:cacheprovider")[0]

    def broken(entry):
        raise ClaimFileError(entry.source, "missing field 'lhs' for kind identity", entry.id)
    monkeypatch.setattr(papers, "built_claim", broken)
    with pytest.raises(pytest_plugin.ClaimFailed, match=f"claim {items[0].name}: missing field 'lhs'"):
        items[0].runtest()


def test_with_controls_as_items_a_claim_that_cannot_be_built_is_its_packs_collection_error(pytester, monkeypatch):
    from proofcheck import papers
    from proofcheck.core.model.errors import ClaimFileError

    def broken(entry):
        raise ClaimFileError(entry.source, "missing field 'lhs' for kind identity", entry.id)
    monkeypatch.setattr(papers, "built_claim", broken)
    result = pytester.runpytest("--proofcheck-pack", "exact-zcdp", "--proofcheck-mutants", "--co", "-q",
                                "-p", "no:cacheprovider")
    assert result.ret != 0
    shown = result.stdout.str()
    # One line, as verify says it: not the exception of an item raised inside collection.
    assert "missing field 'lhs' for kind identity" in shown
    assert "Traceback" not in shown and "ClaimFailed" not in shown


def test_pytest_leaves_the_engine_s_asserts_alone_and_the_other_plugins_as_they_were(monkeypatch):
    # pytest marks every module of a distribution with a plugin for assert rewriting; the
    # plugin takes its own package off that list (a test file is rewritten by its name).
    from proofcheck import pytest_plugin

    class AssertionRewritingHook:
        _must_rewrite = {"proofcheck", "proofcheck.core", "hypothesis", "_pytest", "proofcheck_extra"}

    hook = AssertionRewritingHook()
    monkeypatch.setattr("sys.meta_path", [hook])
    pytest_plugin.narrow_assert_rewriting(lambda name: name.split(".")[0] != "proofcheck")
    assert hook._must_rewrite == {"hypothesis", "_pytest", "proofcheck_extra"}


def test_proofcheck_require_proved_fails_the_item_that_passed_only_sampled(claims_dir):
    result = claims_dir.runpytest("--proofcheck-require", "proved", "-q", "-p", "no:cacheprovider", "-n", "0")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*passed sampled (numeric*below the required 'proved'*"])


@pytest.mark.parametrize("option, value, message", [
    ("--proofcheck-dps", "5", "--proofcheck-dps must be between 15 and 100000"),
    ("--proofcheck-controls", "-1", "--proofcheck-controls must be 0 or more"),
    ("--proofcheck-timeout", "-3", "--proofcheck-timeout must be a positive number"),
])
def test_a_bad_option_stops_the_run_with_one_usage_error_before_any_item(claims_dir, option, value, message):
    result = claims_dir.runpytest_subprocess("-q", "-p", "no:cacheprovider", option, value)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = result.stderr.str()
    assert message in errors and "Traceback" not in errors + result.stdout.str()
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()
