"""A mistake in a claims file is answered in one line that says how to mend it."""
from __future__ import annotations

import textwrap

from conftest import run_cli


def _verify(tmp_path, text):
    path = tmp_path / "mine.claims.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    result = run_cli("verify", "--claims", path, "-j", "1")
    assert "Traceback" not in result.stderr
    return result


def test_every_missing_field_of_a_claim_is_named_at_once(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "a"
        where = "here"
        statement = "s"
        kind = "inequality"
        lhs = "1"
        ''')
    assert result.returncode == 2
    assert "missing fields 'rel' and 'rhs' for kind inequality" in result.stderr


def test_an_unknown_kind_suggests_the_nearest_name_and_lists_only_user_kinds(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "a"
        where = "here"
        statement = "s"
        kind = "identiy"
        lhs = "1"
        asserts = "1"
        ''')
    assert result.returncode == 2
    assert "did you mean 'identity'?" in result.stderr
    assert "zcdp-supremum" in result.stderr
    for internal in ("airy-constant", "ground-state", "chain-instance"):
        assert internal not in result.stderr


def test_an_unknown_field_suggests_the_nearest_field(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "a"
        where = "here"
        statement = "s"
        kind = "identity"
        lhs = "1"
        asserts = "1"
        parms = { t = "t > 0" }
        ''')
    assert result.returncode == 2
    assert "unknown field 'parms' (did you mean 'params'?)" in result.stderr


def test_an_unknown_name_suggests_the_nearest_declared_name(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "a"
        where = "here"
        statement = "s"
        kind = "identity"
        params = { sigma = "sigma > 0" }
        lhs = "sigm + 1"
        asserts = "sigma + 1"
        ''')
    assert result.returncode == 2
    assert "unknown name 'sigm' (did you mean 'sigma'?)" in result.stderr


def test_a_caret_is_answered_with_use_double_star_for_powers(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "a"
        where = "here"
        statement = "s"
        kind = "identity"
        params = { t = "t > 0" }
        lhs = "t^2"
        asserts = "t*t"
        ''')
    assert result.returncode == 2
    assert "use ** for powers" in result.stderr and "BitXor" not in result.stderr


def test_a_malformed_id_says_which_characters_are_allowed(tmp_path):
    result = _verify(tmp_path, '''
        [[claim]]
        id = "my claim"
        where = "here"
        statement = "s"
        kind = "identity"
        lhs = "1"
        asserts = "1"
        ''')
    assert result.returncode == 2
    assert "letters, digits, '_', '.' and '-'" in result.stderr


def test_a_file_helper_is_checked_only_in_the_claims_that_use_it(tmp_path):
    result = _verify(tmp_path, '''
        [define]
        "lap(x)" = "exp(-Abs(x)/b)/(2*b)"

        [[claim]]
        id = "gaussian"
        where = "here"
        statement = "E|Z| = sqrt(2/pi)"
        kind = "identity"
        variables = { z = "real" }
        lhs = "E(Abs(z), z)"
        asserts = "sqrt(2/pi)"

        [[claim]]
        id = "laplace"
        where = "there"
        statement = "the Laplace density at 0 is 1/(2b)"
        kind = "identity"
        params = { b = "b > 0" }
        lhs = "lap(0)"
        asserts = "1/(2*b)"
        ''')
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 claims: 2 proved (2 symbolic, 0 certified), 0 sampled, 0 by argument; 0 failed" in result.stdout


def test_a_helper_that_a_claim_uses_is_still_checked_there(tmp_path):
    result = _verify(tmp_path, '''
        [define]
        "lap(x)" = "exp(-Abs(x)/b)/(2*b)"

        [[claim]]
        id = "laplace"
        where = "there"
        statement = "the Laplace density at 0"
        kind = "identity"
        lhs = "lap(0)"
        asserts = "1/2"
        ''')
    assert result.returncode == 2
    assert "unknown name 'b'" in result.stderr
