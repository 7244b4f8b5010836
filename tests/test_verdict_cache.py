"""The verdict cache: a verify run again with nothing changed takes its verdicts from the
cache, and any change to the claim, its file's definitions, the settings or the source
checks the claim again.  Errors are never kept, and a damaged entry is checked again."""
from __future__ import annotations

import json

import pytest

from proofcheck import cli
from proofcheck.core.model.verdict import Settings, Verdict
from proofcheck.core.run import verdict_cache
from proofcheck.core.run.verdict_cache import VerdictCache, claim_key
from proofcheck.papers import load_claims

CLAIMS = '''
section = "1"
define = { k = "2" }

[[claim]]
id = "square"
where = "test"
statement = "(x + 1)^2 = x^2 + 2x + 1"
kind = "identity"
params = { x = "x > 0" }
lhs = "(x + 1)**2"
asserts = "x**2 + k*x + 1"
'''


@pytest.fixture
def cache_on(monkeypatch, tmp_path):
    monkeypatch.delenv(verdict_cache.DISABLE_VARIABLE, raising=False)
    return tmp_path / "cache"


def _verify(capsys, path, cache, *extra):
    code = cli.main(["verify", "--claims", str(path), "--json", "-j", "1", "--cache-dir", str(cache), *extra])
    return code, json.loads(capsys.readouterr().out)


def test_a_second_run_with_nothing_changed_takes_its_verdicts_from_the_cache(cache_on, tmp_path, capsys):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    code, first = _verify(capsys, path, cache_on)
    assert code == 0 and first["summary"]["cached"] == 0
    code, second = _verify(capsys, path, cache_on)
    assert code == 0 and second["summary"]["cached"] == 1
    assert second["claims"][0]["cached"] is True
    assert second["claims"][0]["evidence"] == first["claims"][0]["evidence"] == "symbolic"
    assert (cache_on / ".gitignore").read_text().strip().endswith("*")


def test_no_cache_checks_again_and_writes_nothing(cache_on, tmp_path, capsys):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    _verify(capsys, path, cache_on, "--no-cache")
    assert not cache_on.exists()


def test_the_environment_switch_turns_the_cache_off(cache_on, tmp_path, capsys, monkeypatch):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    monkeypatch.setenv(verdict_cache.DISABLE_VARIABLE, "1")
    _verify(capsys, path, cache_on)
    assert not cache_on.exists()


def test_a_changed_claim_is_checked_again_and_a_wrong_one_fails(cache_on, tmp_path, capsys):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    _verify(capsys, path, cache_on)
    path.write_text(CLAIMS.replace("x**2 + k*x + 1", "x**2 + k*x + 2"))
    code, again = _verify(capsys, path, cache_on)
    assert code == 1 and again["summary"]["cached"] == 0
    assert again["claims"][0]["status"] == "failed"


def test_a_changed_shared_definition_is_checked_again(cache_on, tmp_path, capsys):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    _verify(capsys, path, cache_on)
    path.write_text(CLAIMS.replace('k = "2"', 'k = "3"'))
    code, again = _verify(capsys, path, cache_on)
    assert code == 1 and again["summary"]["cached"] == 0


def _claim(tmp_path):
    path = tmp_path / "c.claims.toml"
    path.write_text(CLAIMS)
    return load_claims(path=path)[0]


def test_the_key_changes_with_every_setting_and_with_the_controls(tmp_path):
    claim = _claim(tmp_path)
    base = claim_key(claim, Settings(), False)
    assert base == claim_key(claim, Settings(), False)
    for changed in (Settings(dps=60), Settings(seed=1), Settings(samples=5), Settings(corroborate=True)):
        assert claim_key(claim, changed, False) != base
    assert claim_key(claim, Settings(), True) != base


def test_the_key_changes_with_the_source_and_the_library_versions(tmp_path, monkeypatch):
    claim = _claim(tmp_path)
    base = claim_key(claim, Settings(), False)
    monkeypatch.setattr(verdict_cache, "source_fingerprint", lambda folders: "another source")
    assert claim_key(claim, Settings(), False) != base


def test_errors_are_not_kept_and_a_damaged_entry_is_checked_again(tmp_path):
    cache = VerdictCache(tmp_path)
    cache.put("ab" * 32, Verdict("error", None, "timed out after 300 s"))
    assert cache.get("ab" * 32) is None
    cache.put("cd" * 32, Verdict("passed", "numeric", "held"))
    assert cache.get("cd" * 32)[0].status == "passed"
    cache._path("cd" * 32).write_text("{not json")
    assert cache.get("cd" * 32) is None
    cache._path("cd" * 32).write_text(json.dumps({"verdict": {"status": "passed"}}))
    assert cache.get("cd" * 32) is None
