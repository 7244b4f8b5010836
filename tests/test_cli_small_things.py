"""Small things a new user trips over: the README and --help say what the program does."""
import re
import subprocess
from pathlib import Path

from conftest import run_cli

README = Path(__file__).resolve().parent.parent / "README.md"



def test_the_readme_quotes_the_message_that_refuses_import():
    result = run_cli("audit", "__import__('os')", "1")
    assert result.returncode == 2 and "double underscores are not allowed" in result.stderr
    assert "double underscores" in README.read_text(encoding="utf-8")
    assert "call of an unknown name" not in README.read_text(encoding="utf-8")


def test_verify_help_says_json_is_one_document():
    result = run_cli("verify", "--help")
    text = " ".join(result.stdout.split())
    assert "one JSON document" in text and "per claim" in text and "--timeout" in text


def test_a_paper_after_only_is_a_paper_not_a_claim_id():
    result = run_cli("verify", "--only", "eq-25-optimum", "larger-groups", "--list")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("eq-25-optimum") and result.stdout.strip().endswith("1 claim")


def test_audit_takes_a_negative_expression_and_decimal_without_a_double_dash():
    result = run_cli("audit", "-1/pi", "-0.3183")
    assert result.returncode == 0, result.stderr
    assert "correct rounding" in result.stdout


def test_an_empty_law_name_is_refused_like_an_empty_count():
    laws = run_cli("explore", "noise-laws", "--laws", "gaussian,,laplace")
    counts = run_cli("mechanism", "--r", "0.1", "--n", "1,,2")
    for result in (laws, counts):
        assert result.returncode == 2 and "Traceback" not in result.stderr


def test_gap_help_and_gap_errors_state_the_same_range():
    help_text = " ".join(run_cli("gap", "--help").stdout.split())
    assert "r in (0, 1)" in help_text
    for r in ("0", "1.5"):
        result = run_cli("gap", "--r", r)
        assert result.returncode == 2 and "must lie in (0, 1)," in result.stderr


def test_explore_says_what_r0_is_at_r_equal_to_1():
    help_text = " ".join(run_cli("explore", "noise-laws", "--help").stdout.split())
    assert re.search(r"at r = 1, where r\(1 - r\) = 0, the default is 1/2", help_text)


def _complete(script: str, words: list[str]) -> list[str]:
    line = " ".join(words)
    program = (f"source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; "
               f"COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _shtab_proofcheck; echo \"${{COMPREPLY[@]}}\"")
    return subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True).stdout.split()


def test_bash_completes_commands_and_their_options_from_the_script_proofcheck_prints(tmp_path):
    result = run_cli("completion", "bash")
    assert result.returncode == 0
    script = tmp_path / "proofcheck.bash"
    script.write_text(result.stdout, encoding="utf-8")
    assert _complete(script, ["proofcheck", "ver"]) == ["verify"]
    assert _complete(script, ["proofcheck", "verify", "--no-c"]) == ["--no-cache"]
    assert run_cli("completion", "zsh").stdout.startswith("#compdef proofcheck")
