"""The larger-groups pack computes every step that can be computed (issue 12).

A claim stays ``logical`` only with a basis: a definition or hypothesis, a
cited standard theorem (whose reason names its source), a step of proof
structure, or a statement of scope.  Every ``rests_on`` names claims that exist.
"""
import re

import pytest

from proofcheck.core.kinds.logical import BASES
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.papers import list_claims, load_claims, registry_for

# Read, not built: what is checked here is each record's fields.
CLAIMS = list_claims()
KINDS = registry_for()
LARGER_GROUPS = [c for c in CLAIMS if c.paper == "larger-groups"]
LOGICAL = [c for c in LARGER_GROUPS if c.kind == "logical"]


def test_every_packaged_claim_records_the_evidence_it_reaches():
    # The pytest plugin holds each claim to it: a route lost or gained fails the claim's item.
    assert [c.id for c in CLAIMS if not c.get("evidence")] == []
    assert all((c.get("evidence") == "logical") != KINDS[c.kind].computational for c in CLAIMS)


def test_at_most_25_steps_of_the_larger_groups_paper_are_left_uncomputed():
    assert len(LOGICAL) <= 25, [c.id for c in LOGICAL]


@pytest.mark.parametrize("claim", LOGICAL, ids=lambda c: c.id)
def test_every_uncomputed_step_says_which_kind_of_step_it_is(claim):
    assert claim.get("basis") in BASES, claim.id


@pytest.mark.parametrize("claim", [c for c in LOGICAL if c.get("basis") == "cited"], ids=lambda c: c.id)
def test_a_cited_theorem_names_its_source_and_year(claim):
    assert re.search(r"\b(19|20)\d\d\b", claim.get("reason")), claim.get("reason")


def test_rests_on_names_only_existing_claims():
    ids = {c.id for c in CLAIMS}
    dangling = [(c.id, name) for c in CLAIMS if isinstance(c.get("rests_on"), list)
                for name in c.get("rests_on") if name not in ids]
    assert not dangling, dangling


def test_rests_on_never_names_the_claim_itself():
    assert not [c.id for c in CLAIMS if isinstance(c.get("rests_on"), list) and c.id in c.get("rests_on")]


def test_a_logical_step_with_an_unknown_basis_is_refused(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[[claim]]\nid = "x"\nwhere = "here"\nstatement = "s"\nkind = "logical"\n'
                    'basis = "intuition"\nreason = "it is clear"\n')
    with pytest.raises(ProofcheckError, match="basis"):
        load_claims(path=path)


@pytest.mark.parametrize("claim_id", ["eq-34", "prop-6.2-pinsker-value", "cor-3.2-boundary"])
def test_the_statements_named_in_issue_12_say_what_is_checked(claim_id):
    claim = next(c for c in LARGER_GROUPS if c.id == claim_id)
    checked = {"eq-34": "times s_P^2 s_Q^2", "prop-6.2-pinsker-value": "For every d_TV >= (1-r)/2",
               "cor-3.2-boundary": "integrated over the log-space laws"}[claim_id]
    assert checked in claim.statement


LINKED = [c for c in LARGER_GROUPS if c.get("derivation") and c.get("result")]


@pytest.mark.parametrize("claim", LINKED, ids=lambda c: c.id)
def test_every_derivation_link_says_whether_it_is_an_independent_route(claim):
    note = claim.get("derivation_note", "")
    assert note.startswith("independent: ") or note.startswith("same computation: "), claim.id


def test_no_derivation_takes_as_given_a_numbered_result_it_establishes():
    import ast
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[1] / "derivations"
    for script in root.glob("*.py"):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "given":
                label = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else ""
                # A given may be a definition of §2-§3 ((3), (4)) or a choice a proof makes,
                # never a numbered display of the results the paper derives ((5) onwards).
                numbers = [int(x) for x in __import__("re").findall(r"\((\d+)\)", label)]
                assert all(k <= 4 for k in numbers), f"{script.name}: given {label!r}"
