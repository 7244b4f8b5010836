"""What a new user met writing claims of their own, each through the command line."""
from __future__ import annotations

import json

from conftest import run_cli

GOOD = '''
[[claim]]
id = "pi-printed"
where = "fact"
statement = "pi = 3.1416"
kind = "decimal"
value = "pi"
printed = "3.1416"
'''
BROKEN = '''
[[claim]]
id = "broken"
where = "fact"
statement = "s"
kind = "identity"
params = { t = "t > 0" }
lhs = "t^2"
asserts = "t"
'''


def test_a_folder_is_read_as_pytest_reads_it_and_a_broken_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "mine"\n', encoding="utf-8")
    (tmp_path / "a.claims.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.claims.toml").write_text(BROKEN, encoding="utf-8")
    result = run_cli("verify", "--claims", tmp_path, "-j", "1")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "PASS  pi-printed" in result.stdout
    assert "ERROR " in result.stdout and "b.claims.toml" in result.stdout and "use ** for powers" in result.stdout
    summary = "1 claim: 1 proved (0 symbolic, 1 certified), 0 sampled, 0 by argument; 0 failed"
    assert summary + "; 1 claims file could not be read" in result.stdout
    as_json = json.loads(run_cli("verify", "--claims", tmp_path, "-j", "1", "--json").stdout)
    assert list(as_json["summary"]["broken_files"]) == [str(tmp_path / "b.claims.toml")]


def test_verify_refuses_a_pack_and_a_claims_file_together_in_one_line(tmp_path):
    (tmp_path / "a.claims.toml").write_text(GOOD, encoding="utf-8")
    result = run_cli("verify", "exact-zcdp", "--claims", tmp_path / "a.claims.toml")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "not both" in result.stderr


def test_a_file_without_paper_is_headed_by_its_name_without_the_suffixes(tmp_path):
    (tmp_path / "t_fn.claims.toml").write_text(GOOD, encoding="utf-8")
    result = run_cli("verify", "--claims", tmp_path / "t_fn.claims.toml", "-j", "1")
    assert "== t_fn (1 claim) ==" in result.stdout and "t_fn.claims" not in result.stdout.split("\n")[0]


def test_audit_reads_scientific_notation_as_papers_print_delta():
    rounded = run_cli("audit", "pi", "3.14e0")
    assert rounded.returncode == 0 and "3.14 is a correct rounding" in rounded.stdout
    delta = run_cli("audit", "1/100000", "1e-5")
    assert delta.returncode == 0 and "0.00001 is a correct rounding" in delta.stdout
    wrong = run_cli("audit", "1/100000", "2e-5")
    assert wrong.returncode == 1 and "0.00002 is wrong" in wrong.stdout


def test_audit_refuses_a_printed_number_whose_last_digit_is_left_of_the_units_in_one_line():
    result = run_cli("audit", "1500", "1.5e3")
    assert result.returncode == 2 and "left of the units" in result.stderr


def test_audit_reads_the_letter_pi():
    result = run_cli("audit", "π", "3.1416")
    assert result.returncode == 0 and "3.1416 is a correct rounding" in result.stdout


def test_a_bad_samples_jobs_or_timeout_is_one_line_like_a_bad_dps():
    for option, value in (("--samples", "0"), ("-j", "x"), ("--timeout", "soon"), ("--dps", "3")):
        result = run_cli("verify", option, value, "--list")
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and "usage:" not in result.stderr, result.stderr


def test_the_samples_help_says_that_twelve_points_are_always_drawn():
    shown = " ".join(run_cli("verify", "--help").stdout.split())
    assert "at least 12 are always drawn" in shown and "only N above 12 draws more" in shown


def test_report_has_one_json_option_and_json_is_its_hidden_alias(tmp_path):
    (tmp_path / "a.claims.toml").write_text(GOOD, encoding="utf-8")
    assert "--json" not in run_cli("report", "--help").stdout
    result = run_cli("report", "--claims", tmp_path / "a.claims.toml", "--out", tmp_path / "out",
                     "--no-verify", "--json")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "a.json").exists()
    assert json.loads(result.stdout)["reports"][0]["summary"]["claims"] == 1


def test_report_out_a_file_says_that_out_names_a_folder(tmp_path):
    (tmp_path / "a.claims.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "taken").write_text("", encoding="utf-8")
    result = run_cli("report", "--claims", tmp_path / "a.claims.toml", "--out", tmp_path / "taken", "--no-verify")
    assert result.returncode == 2 and "is a file; --out names the folder" in result.stderr
    assert "File exists" not in result.stderr


def test_verify_list_aligns_kind_names_longer_than_eleven_characters():
    lines = run_cli("verify", "exact-zcdp", "--list").stdout.splitlines()[:-1]
    kinds = {line.split()[0]: line for line in lines}  # not needed: every line is checked below
    assert kinds
    statement_starts = set()
    for line in lines:
        after = line[80:]  # id (34), where (44), then the kind
        rest = after.split(" ", 1)[1]
        statement_starts.add(80 + len(after) - len(rest.lstrip()))
    assert any(" alpha-one-limit " in line for line in lines)
    assert len(statement_starts) == 1, statement_starts


def test_the_api_error_names_its_parameter_not_a_command_line_flag():
    from pathlib import Path

    import proofcheck
    from proofcheck.core.model.errors import ProofcheckError
    pack = proofcheck.load(str(Path(__file__).resolve().parents[1] / "docs" / "examples" /
                               "gaussian-facts.claims.toml"))
    try:
        pack["half-normal-mean"].check(dps=3)
    except ProofcheckError as error:
        assert str(error).startswith("parameter dps: must be between") and "--" not in str(error)
    else:
        raise AssertionError("dps=3 was accepted")


def test_zcdp_help_shows_its_default_orders_as_they_are_typed():
    shown = " ".join(run_cli("zcdp", "--help").stdout.split())
    assert "(default: 2 10 100 1000 100000)" in shown and "['2'" not in shown


def test_packs_lists_each_pack_with_its_claims_count():
    result = run_cli("packs")
    assert result.returncode == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert {"larger-groups", "exact-zcdp", "findings"} <= set(names)
    listed = json.loads(run_cli("packs", "--json").stdout)
    assert sum(row["claims"] for row in listed) >= 299


def test_verify_lf_checks_again_only_what_failed_last_time(tmp_path):
    import os
    import subprocess
    import sys
    (tmp_path / "mixed.claims.toml").write_text(GOOD + GOOD.replace('"pi-printed"', '"pi-wrong"')
                                                .replace('printed = "3.1416"', 'printed = "3.1426"'),
                                                encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k != "PROOFCHECK_NO_CACHE"}

    def verify(*args):
        return subprocess.run([sys.executable, "-m", "proofcheck", "verify", "--claims", "mixed.claims.toml",
                               "-j", "1", "--cache-dir", "cache", *args], capture_output=True, text=True,
                              cwd=tmp_path, env=environment, timeout=300)
    first = verify("--lf")
    assert "no claim failed last time" in first.stderr
    assert "2 claims: 1 proved (0 symbolic, 1 certified), 0 sampled, 0 by argument; 1 failed" in first.stdout
    again = verify("--lf")
    assert again.returncode == 1 and "pi-wrong" in again.stdout
    assert "1 claim: 0 proved (0 symbolic, 0 certified), 0 sampled, 0 by argument; 1 failed" in again.stdout
    assert "pi-printed" not in again.stdout


def test_verify_quiet_prints_only_the_claims_that_did_not_pass(tmp_path):
    (tmp_path / "mixed.claims.toml").write_text(GOOD + GOOD.replace('"pi-printed"', '"pi-wrong"')
                                                .replace('printed = "3.1416"', 'printed = "3.1426"'),
                                                encoding="utf-8")
    result = run_cli("verify", "--claims", tmp_path / "mixed.claims.toml", "-j", "1", "-q")
    assert "FAIL  pi-wrong" in result.stdout and "PASS" not in result.stdout
    assert "2 claims: 1 proved (0 symbolic, 1 certified), 0 sampled, 0 by argument; 1 failed" in result.stdout


def test_verify_verbose_prints_each_passed_claims_route_and_details(tmp_path):
    (tmp_path / "good.claims.toml").write_text(GOOD, encoding="utf-8")
    result = run_cli("verify", "--claims", tmp_path / "good.claims.toml", "-j", "1", "-v", "--no-cache")
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("PASS  pi-printed"))
    assert lines[at + 1].startswith("      checked: ") and lines[at + 2].startswith("      route: ")
    both = run_cli("verify", "--claims", tmp_path / "good.claims.toml", "-q", "-v")
    assert both.returncode == 2 and "not allowed with" in both.stderr


def test_verify_x_stops_at_the_first_claim_that_does_not_pass(tmp_path):
    wrong = GOOD.replace('"pi-printed"', '"pi-wrong"').replace('printed = "3.1416"', 'printed = "3.1426"')
    (tmp_path / "a.claims.toml").write_text(wrong, encoding="utf-8")
    (tmp_path / "b.claims.toml").write_text(wrong.replace('"pi-wrong"', '"pi-wrong-again"'), encoding="utf-8")
    (tmp_path / "c.claims.toml").write_text(GOOD, encoding="utf-8")
    result = run_cli("verify", "--claims", tmp_path, "-j", "1", "-x")
    assert result.returncode == 1
    assert "FAIL  pi-wrong " in result.stdout and "pi-wrong-again" not in result.stdout
    assert "stopped after 1 not passed (-x/--maxfail), 2 not checked" in result.stdout
    summary = json.loads(run_cli("verify", "--claims", tmp_path, "-j", "1", "--maxfail", "2", "--json").stdout)
    assert summary["summary"]["stopped"] == {"maxfail": 2, "not_checked": 1}
