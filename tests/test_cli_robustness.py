"""The command line stays standing: a runaway claim is that claim's error, Ctrl-C ends quietly,
bad numbers are refused in one line with exit status 2."""
import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import run_cli

RUNAWAYS = '''
[[claim]]
id = "huge-sum"
where = "a sum that cannot fit in memory"
statement = "sum of 1/j^2 up to 10^15 is pi^2/6"
kind = "identity"
variables = { j = "integer" }
lhs = "summation(1/j**2, j, 1, 10**15)"
asserts = "pi**2/6"

[[claim]]
id = "slow-sum"
where = "a sum that takes minutes"
statement = "sum of 1/j^2 up to 10^7 is pi^2/6"
kind = "identity"
variables = { j = "integer" }
lhs = "summation(1/j**2, j, 1, 10**7)"
asserts = "pi**2/6"

[[claim]]
id = "sound"
where = "a true claim"
statement = "1 + 1 = 2"
kind = "identity"
lhs = "1 + 1"
asserts = "2"
'''



@pytest.mark.slow
def test_runaway_claims_become_errors_and_the_others_go_on(tmp_path):
    claims = tmp_path / "runaways.toml"
    claims.write_text(RUNAWAYS)
    result = run_cli("verify", "--claims", str(claims), "--timeout", "0.5", "-j", "1", "--json")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    records = {r["id"]: r for r in json.loads(result.stdout)["claims"]}
    assert records["huge-sum"]["status"] == "error"
    # Out of memory or out of time, whichever comes first on this machine: never a crash.
    assert records["huge-sum"]["details"].startswith(("ran out of memory", "timed out after 0.5 s"))
    assert records["slow-sum"]["status"] == "error"
    assert records["slow-sum"]["details"] == "timed out after 0.5 s"
    assert records["sound"]["status"] == "passed"
    summary = json.loads(result.stdout)["summary"]
    # Errors are counted apart from failures, overall and per paper.
    assert (summary["passed"], summary["failed"], summary["errors"]) == (1, 0, 2)
    assert summary["papers"]["runaways"]["errors"] == 2


@pytest.mark.slow
def test_text_output_counts_errors_apart_from_failures(tmp_path):
    claims = tmp_path / "runaways.toml"
    claims.write_text(RUNAWAYS)
    result = run_cli("verify", "--claims", str(claims), "--only", "slow-sum", "sound", "--timeout", "0.5", "-j", "1")
    assert result.returncode == 1
    lines = result.stdout.strip().splitlines()
    assert lines[-1].startswith("2 claims: 1 proved") and lines[-1].endswith("; 0 failed, 1 error")
    assert "ERROR slow-sum" in result.stdout and "timed out after 0.5 s" in result.stdout


def _wait_for_a_worker(pid, patience=60.0):
    """Until verify has forked the worker that checks the claim (Linux shows a process's
    children), so that Ctrl-C comes mid-check; elsewhere, a few seconds."""
    children = f"/proc/{pid}/task/{pid}/children"
    if not os.path.exists(children):
        time.sleep(6)
        return
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        with open(children) as listing:
            if listing.read().split():
                time.sleep(0.5)
                return
        time.sleep(0.05)


def ctrl_c_as_a_terminal_delivers_it():
    """For a child's preexec_fn: SIGINT unblocked and at its default, as in a shell's foreground
    job.  A spawned process inherits its parent's blocked and ignored signals, and a test run
    started in the background ignores SIGINT: the test's result must depend on the code alone."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_ends_verify_quietly_with_status_130(tmp_path):
    claims = tmp_path / "runaways.toml"
    claims.write_text(RUNAWAYS)
    process = subprocess.Popen([sys.executable, "-m", "proofcheck", "verify", "--claims", str(claims),
                                "--only", "slow-sum", "-j", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=ctrl_c_as_a_terminal_delivers_it)
    _wait_for_a_worker(process.pid)
    # A terminal's Ctrl-C reaches the whole foreground process group, workers included.
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.strip() == "proofcheck: interrupted"
    assert "Traceback" not in stdout + stderr and "ForkPoolWorker" not in stderr


# Ctrl-C arriving in the parent the moment a worker is forked, before multiprocessing or
# the runner has listed the worker: the narrowest such moment, made certain here.
CTRL_C_AT_THE_FORK = """
import os, signal, sys
from proofcheck.cli import main
fork = os.fork
def fork_then_interrupt():
    pid = fork()
    if pid:
        os.kill(os.getpid(), signal.SIGINT)
    return pid
os.fork = fork_then_interrupt
sys.exit(main(["verify", "--claims", sys.argv[1], "--only", "slow-sum", "-j", "1"]))
"""


def test_ctrl_c_just_after_a_fork_leaves_no_worker_behind(tmp_path):
    claims = tmp_path / "runaways.toml"
    claims.write_text(RUNAWAYS)
    process = subprocess.Popen([sys.executable, "-c", CTRL_C_AT_THE_FORK, str(claims)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=ctrl_c_as_a_terminal_delivers_it)
    try:
        # A worker left behind holds the output open: communicate() would wait for it.
        _, stderr = process.communicate(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever is left of its process group
    assert process.returncode == 130, stderr[-500:]
    assert stderr.strip() == "proofcheck: interrupted"


def test_a_timeout_that_is_not_a_number_is_refused():
    result = run_cli("verify", "--timeout", "soon", "--list")
    assert result.returncode == 2 and "--timeout" in result.stderr and "Traceback" not in result.stderr


def test_a_dps_of_five_thousand_nines_is_refused_in_one_line():
    result = run_cli("verify", "--list", "--dps", "9" * 5000)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--dps must be between 15 and 100000" in result.stderr and len(result.stderr) < 300


def test_a_negative_dps_is_refused_as_out_of_range_not_as_a_non_integer():
    result = run_cli("verify", "--list", "--dps", "-5")
    assert result.returncode == 2 and "--dps must be between 15 and 100000, got -5" in result.stderr


def test_the_number_of_samples_is_capped():
    result = run_cli("verify", "--list", "--samples", "1000000")
    assert result.returncode == 2 and "at most 200 sample points" in result.stderr


def test_a_number_beyond_the_precision_is_too_large_to_certify_not_infinite():
    result = run_cli("audit", "exp(exp(exp(exp(10))))", "1")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "too large to certify at this precision" in result.stderr


def test_an_error_echoing_a_long_expression_shortens_it():
    result = run_cli("audit", "1+" * 1900 + "(", "1")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    line, = result.stderr.strip().splitlines()
    assert "…" in line and len(line) < 450


def test_an_undeclared_bound_variable_is_named_as_written_not_as_a_syntax_tree(tmp_path):
    claims = tmp_path / "undeclared.toml"
    claims.write_text('[[claim]]\nid = "u"\nwhere = "x"\nstatement = "s"\nkind = "identity"\n'
                      'lhs = "summation(1/j**2, j, 1, 10)"\nasserts = "1"\n')
    result = run_cli("verify", "--claims", str(claims))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "needs a declared variable, not 'j' (declare it under variables)" in result.stderr
    assert "Name(" not in result.stderr


def test_a_claim_that_times_out_under_mutants_is_an_error_not_a_traceback(tmp_path):
    claims = tmp_path / "runaways.toml"
    claims.write_text(RUNAWAYS)
    result = run_cli("verify", "--claims", str(claims), "--only", "slow-sum", "sound", "--mutants",
                     "--timeout", "0.5", "-j", "1")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert "ERROR slow-sum" in result.stdout and "negative controls:" in result.stdout
