"""The progress bar of `verify` shows in a real terminal (a pty): the count done and the claim being
checked, no wider than the terminal, below the result lines; and nothing of it when output is piped."""
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pytest
from conftest import run_cli

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def run_in_terminal(args, columns=60, rows=24, timeout=300, **env):
    """Run the command line in a pseudo-terminal of the given size; return everything it drew."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    environment["TERM"] = "xterm-256color"
    environment.update(env)
    process = subprocess.Popen([sys.executable, "-m", "proofcheck", *args], stdin=follower, stdout=follower,
                               stderr=follower, env=environment, close_fds=True)
    os.close(follower)
    chunks, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the terminal closed: the program ended
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    process.wait(timeout=30)
    os.close(leader)
    return process.returncode, b"".join(chunks).decode("utf-8", "replace")


def frames(drawn: str) -> list[str]:
    """The bar's successive frames, escape codes removed."""
    pieces = re.split(r"\r|\n|\x1b\[2K|\x1b\[1A", drawn)
    return [ANSI.sub("", piece).strip() for piece in pieces if ANSI.sub("", piece).strip()]


@pytest.mark.slow
def test_the_progress_bar_shows_the_count_and_the_claim_being_checked_in_a_terminal():
    # The second claim takes a second or more (sampled, after a proof attempt that runs out),
    # so the bar is drawn while it runs.
    code, drawn = run_in_terminal(["verify", "larger-groups", "--only", "lemma-4.1", "zcdp-to-dp",
                                   "-j", "1", "--no-cache"], columns=120)
    assert code == 0
    shown = frames(drawn)
    bars = [f for f in shown if re.search(r"\b[0-2]/2\b", f)]
    # Claims are checked in the paper's order, so each line can be printed as it finishes.
    assert any("0/2" in f and "lemma-4.1" in f for f in bars), shown
    assert any("1/2" in f and "zcdp-to-dp" in f for f in bars), shown
    assert any(f.startswith("PASS  lemma-4.1") for f in shown)
    # The first line is printed above the bar while the second claim is still being checked.
    first_line = next(i for i, f in enumerate(shown) if f.startswith("PASS  lemma-4.1"))
    assert any("1/2" in f and "zcdp-to-dp" in f for f in shown[first_line:])
    # Once one claim is done the bar estimates the time left.
    assert any("1/2" in f and re.search(r"eta\s+\d+:\d\d", f) for f in bars), bars
    assert any(f.startswith("2 claims: ") and f.endswith("; 0 failed") for f in shown)


@pytest.mark.slow
def test_the_progress_bar_fits_a_narrow_terminal():
    code, drawn = run_in_terminal(["verify", "larger-groups", "--only", "lemma-4.1", "-j", "1"], columns=40)
    assert code == 0
    bars = [f for f in frames(drawn) if "0/1" in f]
    assert bars and all(len(f) <= 40 for f in bars)


def test_no_progress_bar_when_the_output_is_not_a_terminal():
    result = run_cli("verify", "larger-groups", "--only", "lemma-4.1", "-j", "1")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout + result.stderr and "0/1" not in result.stderr


def _printed_lines(drawn: str) -> list[str]:
    """The lines the command printed (the bar's frames left out), escape codes removed."""
    pieces = re.split(r"\r|\n|\x1b\[2K|\x1b\[1A", drawn)
    lines = [ANSI.sub("", piece).rstrip() for piece in pieces if ANSI.sub("", piece).strip()]
    return [line for line in lines if not re.search(r"\b[01]/1\b", line)]


@pytest.mark.slow
def test_at_sixty_columns_no_result_or_summary_line_is_wider_than_the_terminal():
    code, drawn = run_in_terminal(["verify", "larger-groups", "--only", "lemma-4.1", "-j", "1"], columns=60)
    assert code == 0
    lines = _printed_lines(drawn)
    assert any(line.startswith("PASS") and "lemma-4.1" in line for line in lines), lines
    assert all(len(line) <= 60 for line in lines), [line for line in lines if len(line) > 60]
    # The summary is folded at words: every number stays whole on its line.
    last = lines[next(i for i, line in enumerate(lines) if line.startswith("checked in")) + 1:]
    summary = " ".join(line.strip() for line in last)
    assert "1 claim: 1 proved (1 symbolic, 0 certified), 0 sampled, 0 by argument; 0 failed" in summary


@pytest.mark.slow
def test_status_words_are_coloured_in_a_terminal_unless_no_color_is_set():
    args = ["verify", "larger-groups", "--only", "lemma-4.1", "-j", "1"]
    _, coloured = run_in_terminal(args, columns=120)
    _, plain = run_in_terminal(args, columns=120, NO_COLOR="1")
    assert "\x1b[32mPASS " in coloured
    assert "\x1b[32m" not in plain and "PASS  lemma-4.1" in ANSI.sub("", plain)


def test_piped_output_keeps_the_fixed_columns_and_no_colour():
    result = run_cli("verify", "larger-groups", "--only", "lemma-4.1", "-j", "1")
    line = next(line for line in result.stdout.splitlines() if line.startswith("PASS"))
    assert "\x1b[" not in result.stdout and line.startswith("PASS  lemma-4.1" + " " * 25)
