"""A malformed claims file is refused with one line naming the file and the claim (exit 2)."""
import os

import pytest
from conftest import run_cli

GOOD = '''
[[claim]]
id = "tilt"
where = "Lemma 4.1, proof"
statement = "tilting"
kind = "identity"
params = { sigma = "sigma > 0", z = "real" }
lhs = "exp(sigma*z - sigma**2)*phi(z)"
asserts = "exp(-sigma**2/2)*phi(z - sigma)"
'''

BAD = {
    "syntax": ('[[claim]\nid = "x"', None),
    "missing-field": (GOOD.replace('statement = "tilting"\n', ""), "missing field 'statement'"),
    "unknown-kind": (GOOD.replace('kind = "identity"', 'kind = "miracle"'), "unknown kind 'miracle'"),
    "unknown-name": (GOOD.replace("phi(z - sigma)", "phi(z - tau)"), "unknown name 'tau'"),
    "unknown-field": (GOOD + 'colour = "blue"\n', "unknown field 'colour'"),
    "out-of-domain": (GOOD + 'points = [{ sigma = "-1", z = "0" }]\n', "parameter sigma"),
    "bad-domain": (GOOD.replace('sigma = "sigma > 0"', 'sigma = "sigma >"'), "syntax error"),
    "injection": (GOOD.replace('"exp(-sigma**2/2)*phi(z - sigma)"',
                               '"__import__(\'os\').system(\'touch /tmp/proofcheck-injected\')"'), "tilt"),
    "injection-in-domain": (GOOD.replace('sigma = "sigma > 0"',
                                         'sigma = "sigma > __import__(\'os\').getpid()"'), "tilt"),
    "duplicate-id": (GOOD + GOOD, "duplicate claim id"),
    "unknown-evidence": (GOOD + 'evidence = "obvious"\n', "'evidence' must be one of symbolic, certified"),
    "a-list-for-a-name": (GOOD.replace('params = {', 'variables = { w = ["real"] }\nparams = {'),
                          "a field of the wrong type"),
    "a-tuple-for-a-side": (GOOD.replace('"exp(-sigma**2/2)*phi(z - sigma)"', '"(1, 2)"'),
                           "'asserts' must be a number or an expression, not a tuple"),
    "a-bound-that-is-nan": (GOOD.replace('sigma = "sigma > 0"', 'sigma = "sigma > oo - oo"'), "tilt"),
    "no-claims": ('section = "1"\n', "no claims"),
}



@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_claims_file_gets_one_line_error_and_exit_2(tmp_path, case):
    text, expected = BAD[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text)
    marker = "/tmp/proofcheck-injected"
    if os.path.exists(marker):
        os.remove(marker)
    result = run_cli("verify", "--claims", str(path), "-j", "1")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert str(path) in lines[0]
    if expected:
        assert expected in lines[0]
    assert not os.path.exists(marker)


def test_a_good_file_given_with_claims_is_checked(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    result = run_cli("verify", "--claims", str(path), "-j", "1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 claim: " in result.stdout and "; 0 failed" in result.stdout


@pytest.mark.parametrize("dps", ["14", "100001", "2.5", "many", "-3"])
def test_dps_outside_15_to_100000_is_refused(dps):
    result = run_cli("verify", "--list", "--dps", dps)
    assert result.returncode == 2
    assert "--dps" in result.stderr and "Traceback" not in result.stderr


def test_missing_claims_path_is_a_clear_error(tmp_path):
    result = run_cli("verify", "--claims", str(tmp_path / "nowhere.toml"))
    assert result.returncode == 2 and "no such file" in result.stderr


def test_unknown_paper_and_unknown_claim_id_are_clear_errors():
    assert run_cli("verify", "no-such-paper", "--list").returncode == 2
    result = run_cli("verify", "--only", "no-such-claim", "--list")
    assert result.returncode == 2 and "no-such-claim" in result.stderr


def test_a_paper_table_names_the_paper_by_its_title_and_a_number_is_refused(tmp_path):
    from proofcheck.core.model.claims import load_file
    from proofcheck.core.model.errors import ClaimFileError
    from proofcheck.papers import registry_for
    KINDS = registry_for()
    claim = '[[claim]]\nid = "a"\nwhere = "§1"\nkind = "logical"\nstatement = "s"\nreason = "r"\n'
    titled = tmp_path / "titled.claims.toml"
    titled.write_text('[paper]\ntitle = "A revised paper"\n\n' + claim)
    assert load_file(titled, KINDS)[0].paper == "A revised paper"
    numbered = tmp_path / "numbered.claims.toml"
    numbered.write_text('paper = 3\n' + claim)
    with pytest.raises(ClaimFileError, match="'paper' must be a name"):
        load_file(numbered, KINDS)


SHARED_DEFINITIONS = '''
define = { k = "2", g = "x**k" }

[[claim]]
id = "positive"
where = "test"
statement = "x^2 = |x|^2 for x > 0"
kind = "identity"
params = { x = "x > 0" }
lhs = "g"
asserts = "Abs(x)**k"

[[claim]]
id = "also-positive"
where = "test"
statement = "x^2 = x*x for x > 0"
kind = "identity"
params = { x = "x > 0" }
lhs = "g"
asserts = "x*x"

[[claim]]
id = "negative"
where = "test"
statement = "x^2 = |x|^2 for x < 0"
kind = "identity"
params = { x = "x < 0" }
lhs = "g"
asserts = "Abs(x)**k"
'''


def test_a_files_definitions_serve_each_claim_in_that_claims_own_symbols(tmp_path):
    from conftest import claims_from_text
    positive, also, negative = claims_from_text(tmp_path, SHARED_DEFINITIONS)
    # Parsed once for the claims that share x > 0, and again for x < 0: each claim's g is x^2 in
    # its own x, and the defined k is a name each of them can use.
    assert positive.expr("lhs") == also.expr("lhs") == positive.symbols["x"] ** 2
    assert negative.expr("lhs") == negative.symbols["x"] ** 2
    assert negative.symbols["x"] != positive.symbols["x"]
    assert negative.expr("asserts") == negative.symbols["x"] ** 2
    assert {"k", "g"} <= set(also.symbols) and {"k", "g"} <= set(negative.symbols)


def test_a_named_pipe_is_refused_not_read_until_it_ends(tmp_path):
    # Reading a FIFO blocks until a writer closes it: `verify --claims` waited for ever.
    pipe = tmp_path / "claims.toml"
    os.mkfifo(pipe)
    result = run_cli("verify", "--claims", str(pipe), timeout=60, fresh_process=True)
    assert result.returncode == 2 and "not a regular file" in result.stderr
