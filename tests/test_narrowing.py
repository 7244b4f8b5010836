"""Sampling narrowed in data is said in the verdict and in the report's map."""
from proofcheck.core.model.narrowing import narrowing_note
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import load_claims
from proofcheck.report.paper_map import row_from_claim

NARROWED = '''
[[claim]]
id = "narrow"
where = "here"
statement = "the integral of exp(-x^2 - x^4) over [0, c] is below 1 for c > 0"
kind = "inequality"
params = { c = "c > 0" }
variables = { x = "real" }
sampling = { c = "0 < c <= 100" }
lhs = "integrate(exp(-x**2 - x**4), x, 0, c)"
rel = "<"
rhs = "1"

[[claim]]
id = "whole"
where = "here"
statement = "the same, derived"
kind = "identity"
params = { c = "c > 0" }
sampling = { c = "0 < c <= 100" }
lhs = "c/(1 + c) + 1/(1 + c)"
asserts = "1"
'''


def _claims(tmp_path):
    path = tmp_path / "narrow.toml"
    path.write_text(NARROWED)
    return {c.id: c for c in load_claims(path=path)}


def test_the_note_names_the_sampled_box_and_the_stated_domain(tmp_path):
    assert narrowing_note(_claims(tmp_path)["narrow"]) == "sampled 0 < c <= 100 of c > 0"


def test_a_numeric_verdict_on_a_narrowed_box_says_so(tmp_path):
    claims = _claims(tmp_path)
    verdict = check_claim(claims["narrow"], Settings(dps=30))
    assert verdict.passed and verdict.evidence in ("numeric", "certified")
    assert "sampled 0 < c <= 100 of c > 0" in verdict.details
    assert "sampled 0 < c <= 100 of c > 0" in verdict.route


def test_a_symbolic_verdict_covers_the_whole_domain_and_needs_no_note(tmp_path):
    verdict = check_claim(_claims(tmp_path)["whole"], Settings(dps=30))
    assert verdict.evidence == "symbolic" and "of c > 0" not in verdict.details


def test_a_proof_over_the_whole_domain_needs_no_note(tmp_path):
    text = NARROWED.replace("exp(-x**2 - x**4)", "exp(-x**2)").replace('id = "narrow"', 'id = "proved"')
    path = tmp_path / "proved.toml"
    path.write_text(text)
    verdict = check_claim({c.id: c for c in load_claims(path=path)}["proved"], Settings(dps=30))
    assert verdict.evidence == "certified" and "boxes cover c > 0" in verdict.route
    assert "of c > 0" not in verdict.details and "sampled" not in verdict.route


def test_the_report_row_carries_the_note(tmp_path):
    from proofcheck.core.model.results import Result
    claim = _claims(tmp_path)["narrow"]
    row = row_from_claim(claim, Result(claim, check_claim(claim, Settings(dps=30))))
    assert row.evidence_note == "sampled 0 < c <= 100 of c > 0"
