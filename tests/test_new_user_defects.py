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
