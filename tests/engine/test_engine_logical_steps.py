"""logical: a step with no computation passes as logical evidence and says why.

Its verdict is never computational evidence, it has no negative controls, and
its fields are checked: a one-line reason, and a basis from the four kinds of
step (a definition, a cited theorem, proof structure, a statement of scope).
"""

import pytest
from conftest import unit_claim

from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim, run_mutants
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()


def claim(**record):
    record.setdefault("kind", "logical")
    return unit_claim(**record)


def test_a_logical_step_passes_with_its_reason():
    verdict = check_claim(claim(reason="Theorem 2 of the cited survey"), SETTINGS)
    assert (verdict.status, verdict.evidence) == ("passed", "logical")
    assert verdict.details == "Theorem 2 of the cited survey"
    assert verdict.route == "no computation"


@pytest.mark.parametrize("basis, words", [
    ("definition", "a definition or a hypothesis"),
    ("cited", "a cited standard theorem"),
    ("structure", "a step of proof structure"),
    ("scope", "a statement of scope or of what is not claimed"),
])
def test_the_basis_is_named_before_the_reason(basis, words):
    verdict = check_claim(claim(reason="as stated", basis=basis), SETTINGS)
    assert verdict.details == f"{words}: as stated"


@pytest.mark.parametrize("reason", ["", "   ", 3])
def test_a_reason_must_be_a_non_empty_line(reason):
    with pytest.raises(ClaimFileError) as raised:
        claim(reason=reason)
    assert str(raised.value).endswith("'reason' must say in one line why nothing is computed")


def test_a_basis_outside_the_four_is_refused():
    with pytest.raises(ClaimFileError) as raised:
        claim(reason="as stated", basis="folklore")
    assert str(raised.value).endswith(
        "'basis' must be one of cited, definition, scope, structure (got 'folklore')")


def test_a_logical_step_has_no_controls():
    c = claim(reason="as stated")
    assert list(c.checker.mutants(c, SETTINGS)) == []
    report = run_mutants(c, SETTINGS)
    assert (report.made, report.rejected, report.accepted) == (0, 0, [])
