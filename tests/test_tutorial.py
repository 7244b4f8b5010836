"""docs/tutorial.md runs as written: its Python lines as doctests, its console blocks as
commands whose output must match what the tutorial shows (``*`` stands for what varies)."""
from __future__ import annotations

import doctest
import fnmatch
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_main

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def _console_blocks():
    blocks = []
    for body in CONSOLE.findall(TUTORIAL.read_text(encoding="utf-8")):
        first, *expected = body.rstrip("\n").split("\n")
        assert first.startswith("$ "), first
        blocks.append(pytest.param(first[2:], expected, id=first[2:].split()[0] + "-" + str(len(blocks))))
    return blocks


@pytest.mark.slow
@pytest.mark.parametrize("command, expected", _console_blocks())
def test_each_command_of_the_tutorial_prints_what_it_shows(command, expected, monkeypatch):
    program, *arguments = shlex.split(command)
    monkeypatch.chdir(ROOT)
    if program == "proofcheck":
        result = run_main(*arguments)
    else:
        result = subprocess.run([sys.executable, "-m", program, *arguments], capture_output=True, text=True,
                                timeout=600)
    lines = [line.rstrip() for line in result.stdout.rstrip("\n").split("\n")]
    assert len(lines) == len(expected), result.stdout
    for line, pattern in zip(lines, expected):
        assert fnmatch.fnmatchcase(line, pattern.rstrip()), (line, pattern)
    assert result.returncode == (1 if any(p.startswith("FAIL") for p in expected) else 0)


@pytest.mark.slow
def test_the_python_of_the_tutorial_runs_as_shown(monkeypatch):
    monkeypatch.chdir(ROOT)
    outcome = doctest.testfile(str(TUTORIAL), module_relative=False, verbose=False,
                               optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert outcome.attempted >= 10 and outcome.failed == 0, outcome


def test_the_example_claims_file_is_the_one_the_tutorial_shows():
    shown = re.search(r"```toml\n(.*?)```", TUTORIAL.read_text(encoding="utf-8"), re.S).group(1)
    example = (ROOT / "docs" / "examples" / "gaussian-facts.claims.toml").read_text(encoding="utf-8")
    assert shown.strip() in example
