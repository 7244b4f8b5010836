"""Derivation scripts: a claim's value computed once by a script, compared with the paper.

A ``derived`` claim names a script and one of its results; the result, with
the script's symbols matched to the claim's by name, is compared with what the
paper asserts, and a symbolic pass says which script derived it.  Any other
claim may link a script as corroboration: the link is reported beside a pass,
never lends evidence, and a script that disagrees fails the claim.  The
scripts here are small stand-ins registered under ``proofcheck.derivations``.
"""
import sys
import types

import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.kinds.derived import corroborate, derivation_results, derivation_value
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings, Verdict, passed
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
SCRIPTS = KINDS.scripts
SETTINGS = Settings()
_X = sp.Symbol("x")  # a plain symbol, as a script makes it: no assumptions




def _broken():
    raise ZeroDivisionError("the script divided by zero")


@pytest.fixture(autouse=True)
def scripts(monkeypatch):
    """Stand-in scripts: ``engine_square`` (x**2 and 1/x), ``engine_broken`` (raises)."""
    calls = []

    def square_results():
        calls.append(1)
        return {"square": _X**2, "inverse": "1/x", "sqrt_of_square": sp.sqrt(_X**2), "four": sp.Integer(4)}

    for name, results in (("engine_square", square_results), ("engine_broken", _broken)):
        module = types.ModuleType(f"proofcheck.derivations.{name}")
        module.results = results
        monkeypatch.setitem(sys.modules, module.__name__, module)
    derivation_results.cache_clear()
    yield calls
    derivation_results.cache_clear()


def derived(**record):
    return claim(kind="derived", derivation="engine_square", **record)


# -- running a script ------------------------------------------------------------------------

def test_a_script_runs_once_however_often_its_results_are_read(scripts):
    assert derivation_results(SCRIPTS, "engine_square")["square"] == _X**2
    derivation_results(SCRIPTS, "engine_square")
    assert scripts == [1]


@pytest.mark.parametrize("name, message", [
    ("Engine_square", "malformed derivation name 'Engine_square'"),
    ("engine.square", "malformed derivation name 'engine.square'"),
    ("engine_absent", "no derivation named 'engine_absent'"),
])
def test_a_malformed_or_unknown_script_name_is_refused(name, message):
    with pytest.raises(ProofcheckError) as error:
        derivation_results(SCRIPTS, name)
    assert str(error.value) == message


def test_the_result_takes_the_claims_symbols_by_name():
    record = derived(params={"x": "x > 0"}, result="sqrt_of_square", asserts="x")
    value = derivation_value(record)
    assert value == record.symbols["x"]  # sqrt(x**2) = x only for the claim's positive x
    assert derivation_value(derived(params={"x": "x > 0"}, result="inverse", asserts="x")) == 1 / record.symbols["x"]


def test_a_result_the_script_does_not_have_is_refused():
    record = derived(params={"x": "x > 0"}, result="cube", asserts="x**3")
    with pytest.raises(ProofcheckError) as error:
        derivation_value(record)
    assert str(error.value) == "derivation engine_square has no result 'cube'"


# -- the derived kind --------------------------------------------------------------------------

def test_a_derived_result_equal_to_the_assertion_passes_naming_the_script():
    verdict = check_claim(derived(params={"x": "x > 0"}, result="square", asserts="x*x"), SETTINGS)
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == "derivations/engine_square.py derived square"


def test_a_derived_result_different_from_the_assertion_fails():
    verdict = check_claim(derived(params={"x": "x > 0"}, result="square", asserts="x**3"), SETTINGS)
    assert verdict.status == "failed"


def test_a_numeric_pass_keeps_the_comparisons_own_details():
    verdict = check_claim(derived(params={"x": "x > 0"}, result="square", asserts="x*x"),
                          Settings(routes=("numeric",)))
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert "derivations/" not in verdict.details


def test_a_script_that_raises_an_arithmetic_error_fails_the_claim():
    record = claim(kind="derived", derivation="engine_broken", result="square", asserts="1")
    verdict = check_claim(record, SETTINGS)
    assert (verdict.status, verdict.details) == ("failed", "derivations/engine_broken.py failed: "
                                                            "the script divided by zero")


@pytest.mark.parametrize("fields, message", [
    (dict(derivation="../engine_square", result="square"), "'derivation' must name a script in derivations/"),
    (dict(derivation=3, result="square"), "'derivation' must name a script in derivations/"),
    (dict(derivation="engine_square", result=2), "'result' must name a result of the derivation"),
])
def test_a_derived_claim_must_name_a_script_and_a_result(fields, message):
    with pytest.raises(ProofcheckError) as error:
        claim(kind="derived", params={"x": "x > 0"}, asserts="x**2", **fields)
    assert str(error.value).endswith(f", claim {error.value.claim_id}: {message}")


def test_a_derived_claim_is_not_corroborated_by_its_own_script():
    record = derived(params={"x": "x > 0"}, result="square", asserts="x**2")
    verdict = check_claim(record, Settings(corroborate=True))
    assert verdict.passed and "also derived by" not in verdict.details


def test_a_registry_without_scripts_refuses_a_derivation_by_name():
    with pytest.raises(ProofcheckError, match="no derivation scripts are known here"):
        derivation_results(None, "engine_square")


# -- corroboration of other kinds ----------------------------------------------------------------

def linked(result="square", **record):
    record = {"kind": "identity", "params": {"x": "x > 0"}, "lhs": "x*x", "asserts": "x**2", **record}
    return claim(derivation="engine_square", result=result, **record)


def test_a_linked_script_that_agrees_is_reported_as_the_same_computation_run_again():
    verdict = corroborate(linked(), passed("symbolic", "own check"), SETTINGS)
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == ("own check; also derived by derivations/engine_square.py "
                               "(square, symbolic; the same computation run again)")


def test_a_linked_script_noted_independent_is_reported_as_an_independent_route():
    record = linked(derivation_note="independent: by the moment generating function")
    verdict = corroborate(record, passed("symbolic", "own check"), SETTINGS)
    assert verdict.details.endswith("(square, symbolic; an independent route)")


def test_a_linked_script_that_disagrees_fails_and_says_so():
    verdict = corroborate(linked(result="inverse"), passed("symbolic", "own check"), SETTINGS)
    assert verdict.status == "failed"
    assert verdict.details.startswith("derivations/engine_square.py disagrees: ")


@pytest.mark.parametrize("value, status", [("4", "passed"), ("5", "failed")])
def test_a_linked_script_is_compared_with_a_claims_value_field(value, status):
    record = claim(kind="decimal", value=value, printed="4.0", derivation="engine_square", result="four")
    assert corroborate(record, passed("certified", "own"), SETTINGS).status == status


def test_a_failed_verdict_is_returned_without_running_the_script(scripts):
    verdict = Verdict("failed", None, "own check failed")
    assert corroborate(linked(), verdict, SETTINGS) is verdict
    assert scripts == []


def test_a_claim_with_nothing_to_compare_is_returned_unchanged(scripts):
    record = claim(kind="inequality", params={"x": "x > 0"}, lhs="x", rel=">", rhs="0",
                   derivation="engine_square", result="square")
    verdict = passed("symbolic", "own check")
    assert corroborate(record, verdict, SETTINGS) is verdict
    assert scripts == []


def test_a_linked_script_that_cannot_run_is_an_error_and_one_that_raises_fails():
    missing = corroborate(linked(result="cube"), passed("symbolic", "own"), SETTINGS)
    assert (missing.status, missing.evidence) == ("error", None)
    assert missing.details == "derivation engine_square has no result 'cube'"
    record = claim(kind="identity", params={"x": "x > 0"}, lhs="x*x", asserts="x**2",
                   derivation="engine_broken", result="square")
    broken = corroborate(record, passed("symbolic", "own"), SETTINGS)
    assert (broken.status, broken.evidence, broken.details) == (
        "failed", None, "derivations/engine_broken.py failed: the script divided by zero")
