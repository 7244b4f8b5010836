"""Ctrl-C typed in a real terminal (a pty whose line discipline turns ^C into SIGINT for the
foreground process group) ends a long command with status 130 and `proofcheck: interrupted`."""
from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time

import pytest


def _a_terminal_of_its_own():
    """The child leads a new session whose controlling terminal is the pty, with SIGINT at its
    default (a test run started in the background ignores it; the child must not inherit that)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def type_ctrl_c_after(seconds, *args, patience=60):
    """Run ``proofcheck ARGS`` in a pty, type Ctrl-C after ``seconds``; its status and what it drew."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "proofcheck", *args], stdin=follower, stdout=follower,
                               stderr=follower, preexec_fn=_a_terminal_of_its_own, close_fds=True)
    os.close(follower)
    chunks, start, typed = [], time.monotonic(), False
    try:
        while time.monotonic() - start < patience:
            if not typed and time.monotonic() - start > seconds:
                os.write(leader, b"\x03")
                typed = True
            ready, _, _ = select.select([leader], [], [], 0.2)
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
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)
    return process.returncode, b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("seconds", [1.0, 1.5])
def test_ctrl_c_during_explore_score_cgf_exits_130_quietly(seconds):
    # The covering runs python-flint's acb.integral, whose integrand calls back into Python:
    # a KeyboardInterrupt there came out as a SystemError, a traceback, once an object dump.
    code, drawn = type_ctrl_c_after(seconds, "explore", "score-cgf")
    assert code == 130, drawn[-1500:]
    assert "proofcheck: interrupted" in drawn
    assert "Traceback" not in drawn and "SystemError" not in drawn and "object address" not in drawn
