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
    assert "1 passed, 0 failed; 1 claims file could not be read" in result.stdout
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
