"""docs/claims-reference.md and docs/claims.schema.json are the generator's output
(proofcheck/reference.py), and every example in the reference passes or fails as it says."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_main

from proofcheck import reference
from proofcheck.reference_data import KINDS

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = re.compile(r"```toml (passes|fails)\n(.*?)```", re.S)


def test_the_reference_is_the_generators_output():
    written = (ROOT / "docs" / "claims-reference.md").read_text(encoding="utf-8")
    assert written == reference.render(), "run python -m proofcheck.reference"


def test_the_schema_is_the_generators_output():
    written = (ROOT / "docs" / "claims.schema.json").read_text(encoding="utf-8")
    assert written == reference.schema_text(), "run python -m proofcheck.reference"


def test_the_reference_lists_every_user_kind_and_no_internal_kind():
    text = reference.render()
    for name in reference.user_kinds():
        assert f"## `{name}`" in text
    for internal in ("airy-constant", "ground-state", "chain-instance"):
        assert internal not in text


def test_every_user_kind_has_a_passing_example_and_every_computational_one_a_failing_one():
    from proofcheck.kinds import engine_kinds
    for name in reference.user_kinds():
        assert KINDS[name]["passing"], name
        assert KINDS[name]["failing"] or not engine_kinds()[name].computational, name


def test_a_field_without_a_meaning_stops_the_generator(monkeypatch):
    from proofcheck.core.model.errors import ProofcheckError
    monkeypatch.setitem(KINDS["identity"], "fields", {"lhs": "the left side"})
    with pytest.raises(ProofcheckError, match="'asserts' has no meaning"):
        reference.render()


def test_the_schema_names_each_kinds_required_fields():
    branches = reference.schema()["properties"]["claim"]["items"]["allOf"]
    identity = next(b for b in branches if b["if"]["properties"]["kind"]["const"] == "identity")
    assert {"id", "where", "statement", "kind", "lhs", "asserts"} <= set(identity["then"]["required"])
    assert identity["then"]["additionalProperties"] is False


def test_the_kinds_command_prints_the_reference_and_one_kind():
    whole = run_main("kinds")
    assert whole.returncode == 0 and whole.stdout == reference.render()
    one = run_main("kinds", "renyi")
    assert one.returncode == 0 and one.stdout.startswith("## `renyi`")


def test_the_kinds_command_suggests_the_nearest_kind():
    result = run_main("kinds", "identiy")
    assert result.returncode == 2
    assert "did you mean 'identity'?" in result.stderr


@pytest.mark.slow
def test_each_example_of_the_reference_passes_or_fails_as_it_says(tmp_path):
    text = (ROOT / "docs" / "claims-reference.md").read_text(encoding="utf-8")
    expected = {}
    for number, (outcome, body) in enumerate(EXAMPLE.findall(text)):
        (tmp_path / f"example{number:02}.claims.toml").write_text(body, encoding="utf-8")
        claim_id = re.search(r'^id = "(.*)"$', body, re.M).group(1)
        kind = re.search(r'^kind = "(.*)"$', body, re.M).group(1)
        expected[claim_id] = (outcome, kind)
    assert len(expected) == len(reference.examples())
    result = run_main("verify", "--claims", tmp_path, "--json", "-j", "1")
    records = {r["id"]: r for r in json.loads(result.stdout)["claims"]}
    for claim_id, (outcome, kind) in expected.items():
        record = records[claim_id]
        assert record["status"] == ("passed" if outcome == "passes" else "failed"), record
        if outcome == "passes":
            assert record["evidence"] in KINDS[kind]["evidence"], record


def test_a_claim_without_statement_tex_shows_in_a_notebook_as_mathematics():
    import proofcheck
    pack = proofcheck.load(str(ROOT / "docs" / "examples" / "gaussian-facts.claims.toml"))
    shown = pack["mills-ratio-bound"]._repr_markdown_()
    assert "\\le" in shown and "\\operatorname{erfc}" in shown
    assert "`P(Z > t) <= phi(t)/t" in shown  # the words stay beside the formula
