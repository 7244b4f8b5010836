"""`proofcheck new FILE` writes a claims file that passes `proofcheck verify --claims` and
`pytest` as written."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from proofcheck.commands.new import COMMON_KINDS


def _run(*args, cwd):
    environment = {**os.environ, "PROOFCHECK_NO_CACHE": "1"}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd,
                          env=environment, timeout=600)


@pytest.mark.slow
def test_new_writes_a_claims_file_that_verify_and_pytest_pass_as_written(tmp_path):
    made = _run("-m", "proofcheck", "new", "mine.claims.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    text = (tmp_path / "mine.claims.toml").read_text(encoding="utf-8")
    assert text.startswith("# Claims of mine")
    assert all(f'kind = "{kind}"' in text for kind in COMMON_KINDS)
    verified = _run("-m", "proofcheck", "verify", "--claims", "mine.claims.toml", "-j", "1", cwd=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    count = len(COMMON_KINDS)
    assert verified.stdout.strip().splitlines()[-1].startswith(f"{count} claims: ")
    assert verified.stdout.strip().endswith("; 0 failed")
    tested = _run("-m", "pytest", "-p", "no:cacheprovider", "-q", "mine.claims.toml", cwd=tmp_path)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert f"{len(COMMON_KINDS)} passed" in tested.stdout


def test_new_refuses_to_overwrite_a_file_in_one_line(tmp_path):
    (tmp_path / "mine.claims.toml").write_text("kept", encoding="utf-8")
    result = _run("-m", "proofcheck", "new", "mine.claims.toml", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--force" in result.stderr
    assert (tmp_path / "mine.claims.toml").read_text(encoding="utf-8") == "kept"
