"""The findings pack: proofcheck's own results beyond the paper, marked as such.

Every record says it is a finding and what it rests on; the cheap checkers run
here at 30 digits together with their negative controls, and hand-written
wrong claims show that each kind can fail.  The whole pack with its mutants
runs under ``-m slow`` (and in ``proofcheck verify findings --mutants``).
"""
from __future__ import annotations

import sys

import pytest
from conftest import PackagedClaims, claims_from_text

from proofcheck.cli import main
from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim, run_mutants
from proofcheck.papers import packs

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SETTINGS = Settings(dps=30)

# On the worker of the findings claims (their kinds' ``shares_work``): the Airy law's ground
# state, moments and integrals are computed there once.
pytestmark = pytest.mark.xdist_group("airy-law")


@pytest.fixture(scope="module")
def findings():
    return PackagedClaims("findings")



# -- the pack says what it is --------------------------------------------------------

def test_findings_pack_comes_third_and_says_it_is_not_the_papers():
    pack = packs()["findings"]
    meta = tomllib.loads((pack.folder / "paper.toml").read_text(encoding="utf-8"))
    assert meta["order"] == 3 and pack.order == 3
    assert "beyond the paper" in pack.title and "not claims of the paper" in pack.title


def test_every_finding_is_marked_and_cites_what_it_rests_on(findings):
    for claim in findings.values():
        assert claim.get("finding") is True, claim.id
        rests_on = claim.get("rests_on")
        assert isinstance(rests_on, str) and len(rests_on.strip()) > 10, claim.id


def test_the_map_covers_the_questions_of_the_issue(findings):
    expected = {"airy-product", "ground-state-energy", "lambda-optimisation", "information-spread-bound",
                "gaussian-above-airy", "laplace-above-airy", "logistic-above-gaussian",
                "airy-renyi-sup-at-kl", "airy-small-shift-limit", "airy-admissible-family",
                "gaussian-admissible-family", "c-star-upper-bound", "airy-coefficient-below-gaussian",
                "airy-coefficient-decimal", "new-ratio-decimal", "log-location-optimality"}
    assert expected <= set(findings)


def test_findings_say_what_is_certified_and_what_is_numeric(findings):
    # The upper bound on C* is certified or proved step by step: the record says which step is
    # certified, that the numeric records are cross-checks only, and that the written proofs
    # are not machine-checked; the optimality finding still names what it does not prove.
    reason = findings["c-star-upper-bound"].get("reason")
    assert "certified by Arb" in reason and "cross-checks" in reason and "not machine-checked" in reason
    assert "airy-score-sub-gaussian" in findings["c-star-upper-bound"].get("rests_on")
    assert "Not proved" in findings["log-location-optimality"].get("reason")


# -- cheap findings reject every one of their mutants (their evidence: the records) ------

# Findings whose every control is cheap (one of each kind of evidence among them).
CHEAP = ["airy-coefficient-below-gaussian", "airy-coefficient-decimal", "airy-mean-abs", "gaussian-above-airy",
         "gaussian-admissible-family", "gaussian-mean-abs", "lambda-optimisation", "laplace-product",
         "new-ratio-below-paper-ratio", "new-ratio-decimal"]


@pytest.mark.parametrize("claim_id", CHEAP)
def test_cheap_finding_rejects_every_mutant(findings, claim_id):
    report = run_mutants(findings[claim_id], SETTINGS)
    assert report.made >= 1 and not report.accepted, report.accepted


def test_airy_constants_are_printed_correctly(findings):
    verdict = check_claim(findings["airy-coefficient-decimal"], SETTINGS)
    assert "0.313317060597" in verdict.details


# -- each kind can fail ----------------------------------------------------------------

def test_a_wrong_airy_moment_fails(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "wrong"
        where = "test"
        statement = "E|X| off in the 16th digit"
        kind = "noise-law-quantity"
        law = "airy"
        quantity = "mean_abs"
        asserts = "2*abs(a1p)/3*(1 + 1/10**16)"
    """)
    assert check_claim(claim, SETTINGS).status == "failed"


def test_the_ground_state_energy_is_certified_through_airys_equation(findings):
    verdict = check_claim(findings["ground-state-energy"], SETTINGS)
    assert verdict.passed and verdict.evidence == "certified", verdict.details
    assert "a1 = [-2.338" in verdict.details and "shooting" in verdict.details


def test_the_odd_level_asserted_as_the_ground_state_fails(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "odd"
        where = "test"
        statement = "the lowest odd level -a1 is not the ground state"
        kind = "ground-state"
        potential = "abs(x)"
        asserts = "2.338107410459767038489197252446735440638"
    """)
    assert check_claim(claim, SETTINGS).status == "failed"


def test_a_wrong_ground_state_energy_fails(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "wrong"
        where = "test"
        statement = "the second zero of Ai' is not the ground state"
        kind = "ground-state"
        potential = "abs(x)"
        asserts = "abs(a1p)*(1 + 1/10**15)"
    """)
    assert check_claim(claim, SETTINGS).status == "failed"


def test_the_wrong_direction_and_a_wrong_decimal_fail(tmp_path):
    first, second = claims_from_text(tmp_path, """
        [[claim]]
        id = "direction"
        where = "test"
        statement = "reversed"
        kind = "airy-constant"
        value = "8*abs(a1p)**3/27"
        rel = ">"
        rhs = "1/pi"

        [[claim]]
        id = "decimal"
        where = "test"
        statement = "misprinted"
        kind = "airy-constant"
        value = "8*abs(a1p)**3/27"
        printed = "0.31333"
    """)
    assert check_claim(first, SETTINGS).status == "failed"
    assert check_claim(second, SETTINGS).status == "failed"


def test_a_supremum_claimed_at_the_wrong_order_fails(tmp_path):
    right, wrong = claims_from_text(tmp_path, """
        [[claim]]
        id = "right"
        where = "test"
        statement = "sup at the KL limit"
        kind = "renyi-profile"
        law = "airy"
        shifts = ["0.1"]
        orders = ["1", "2", "1000"]
        attained_at = "1"

        [[claim]]
        id = "wrong"
        where = "test"
        statement = "sup at alpha = 2"
        kind = "renyi-profile"
        law = "airy"
        shifts = ["0.1"]
        orders = ["1", "2", "1000"]
        attained_at = "2"
    """)
    assert check_claim(right, SETTINGS).passed
    assert check_claim(wrong, SETTINGS).status == "failed"


def test_the_gaussian_score_is_not_strictly_sub_gaussian(tmp_path):
    # For the normal law K(t) = t^2/2 = I t^2/2 exactly: the strict CGF check must fail.
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "gaussian"
        where = "test"
        statement = "normal law"
        kind = "small-shift-limit"
        law = "gaussian"
        curvature = "1/2"
        cgf_points = ["0.5", "2"]
    """)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed" and "cumulant" in verdict.details


def test_the_gaussian_limit_is_not_the_airy_familys(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "swapped"
        where = "test"
        statement = "Airy family with the Gaussian's limit"
        kind = "log-location-family"
        law = "airy"
        radii = ["0.1"]
        r0 = "r*(1 - r)"
        c = "r"
        counts = [0, 1]
        large_count = 1000
        limit = "1/pi"
        limit_radii = ["1e-6", "1e-8"]
        limit_digits = 6
    """)
    assert check_claim(claim, SETTINGS).status == "failed"


@pytest.mark.parametrize("body, message", [
    ('kind = "noise-law-quantity"\nlaw = "cauchy"\nquantity = "fisher"\nasserts = "1"', "unknown noise law"),
    ('kind = "noise-law-quantity"\nlaw = "airy"\nquantity = "fisher"\nasserts = "4*b/3"', "unknown name"),
    ('kind = "airy-constant"\nvalue = "1"\nrel = "<"\nrhs = "2"\nprinted = "1.0"', "either"),
    ('kind = "renyi-profile"\nlaw = "airy"\nshifts = ["0.1"]\norders = ["1", "2"]\nattained_at = "3"',
     "attained_at"),
    ('kind = "renyi-profile"\nlaw = "airy"\nshifts = [0.1]\norders = ["1", "2"]\nattained_at = "1"',
     "strings"),
    ('kind = "ground-state"\npotential = "x**2"\nasserts = "1"', "potential"),
])
def test_malformed_finding_records_are_refused_when_loaded(tmp_path, body, message):
    with pytest.raises(ClaimFileError, match=message):
        claims_from_text(tmp_path, f'[[claim]]\nid = "bad"\nwhere = "t"\nstatement = "t"\n{body}\n')


# -- the command line ------------------------------------------------------------------

def test_explore_noise_laws_prints_the_table_and_exits_zero(capsys):
    assert main(["explore", "noise-laws", "--dps", "20"]) == 0
    out = capsys.readouterr().out
    assert "airy" in out and "0.31331706059" in out and "0.31830988618" in out


@pytest.mark.slow
def test_explore_noise_laws_json_with_r_compares_the_mechanisms(capsys):
    import json
    assert main(["explore", "noise-laws", "--r", "0.1", "--laws", "airy,gaussian", "--dps", "20",
                 "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    mechanisms = {m["law"]: m for m in document["mechanisms"]}
    assert all(u["met"] for m in mechanisms.values() for u in m["utility"])
    # Decimal strings with the digits that are correct at --dps.
    assert float(mechanisms["airy"]["limit_r2_n2_v"]) < float(mechanisms["gaussian"]["limit_r2_n2_v"])
    assert "not claims of the paper" in document["note"]


@pytest.mark.parametrize("argv, name", [(["--r", "0"], "parameter r"), (["--r", "2"], "parameter r"),
                                        (["--r", "0.1", "--c", "-1"], "parameter c"),
                                        (["--laws", "cauchy"], "parameter law"),
                                        (["--dps", "3"], "--dps must be between 15 and 2000, got 3")])
def test_explore_refuses_bad_input_with_exit_status_two(capsys, argv, name):
    assert main(["explore", "noise-laws", *argv]) == 2
    err = capsys.readouterr().err
    assert name in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_every_finding_passes_and_rejects_its_mutants(findings):
    from proofcheck.core.run.runner import run
    results = run(list(findings.values()), Settings(), jobs=1, mutants=True)
    assert all(r.verdict.passed for r in results), [(r.claim.id, r.verdict.details) for r in results
                                                     if not r.verdict.passed]
    assert not [(r.claim.id, r.mutants.accepted) for r in results if r.mutants and r.mutants.accepted]
