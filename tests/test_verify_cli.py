"""`proofcheck verify`: one line per claim, a closing count, JSON for machines, meaningful exit codes."""
import json

from conftest import WRONG_DRIFT, run_cli


def test_list_is_a_map_of_every_claim_without_checking():
    result = run_cli("verify", "larger-groups", "--list", "--json")
    assert result.returncode == 0
    records = json.loads(result.stdout)
    assert len(records) > 50
    assert {"id", "where", "statement", "kind"} <= set(records[0])


def test_json_records_carry_evidence_and_status():
    result = run_cli("verify", "larger-groups", "--only", "lemma-4.1", "eq-25-optimum", "--json", "-j", "1")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["summary"]["passed"] == 2 and document["summary"]["failed"] == 0
    for record in document["claims"]:
        assert {"id", "where", "statement", "kind", "status", "evidence", "seconds", "details"} <= set(record)
        assert record["status"] == "passed" and record["evidence"] == "symbolic"


def test_text_output_ends_with_the_count_and_mutants_are_reported():
    result = run_cli("verify", "larger-groups", "--only", "lemma-4.1", "--mutants", "-j", "1")
    assert result.returncode == 0
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1 claim: 1 proved (1 symbolic, 0 certified), 0 sampled, 0 by argument; 0 failed"
    claim_line = next(line for line in lines if line.startswith("PASS"))
    assert "mutants" in claim_line and "rejected" in claim_line


def test_a_wrong_claim_fails_with_exit_status_1(tmp_path):
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(WRONG_DRIFT)
    result = run_cli("verify", "--claims", str(wrong), "-j", "1")
    assert result.returncode == 1
    assert "FAIL" in result.stdout
    assert "1 claim: 0 proved (0 symbolic, 0 certified), 0 sampled, 0 by argument; 1 failed" in result.stdout


def test_python_dash_m_and_help_work():
    result = run_cli("--help", fresh_process=True)
    assert result.returncode == 0 and "verify" in result.stdout


def test_require_proved_fails_a_claim_that_passed_only_sampled():
    # eq-26-truncated-gaussian is an entropy summed over the cells of S Z_L, sampled at S in
    # [4, 64]; lemma-4.1 is symbolic.
    claims = ("larger-groups", "--only", "lemma-4.1", "eq-26-truncated-gaussian")
    result = run_cli("verify", *claims, "--require", "proved", "--no-cache", "-j", "1")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 passed below the required 'proved': eq-26-truncated-gaussian (sampled)" in result.stdout
    sampled = run_cli("verify", *claims, "--require", "sampled", "--no-cache", "-j", "1")
    assert sampled.returncode == 0, sampled.stdout + sampled.stderr


def test_require_is_in_the_json_summary_with_the_claims_below_it():
    claims = ("larger-groups", "--only", "lemma-4.1", "eq-26-truncated-gaussian")
    result = run_cli("verify", *claims, "--require", "proved", "--json", "--no-cache", "-j", "1")
    summary = json.loads(result.stdout)["summary"]
    assert result.returncode == 1
    assert summary["below_requirement"] == ["eq-26-truncated-gaussian"]
    assert (summary["proved"], summary["sampled"], summary["by_argument"]) == (1, 1, 0)
