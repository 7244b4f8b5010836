"""CONTRIBUTING.md's commands run as written.

Its command for the engine's unit tests in one process, `pytest tests/engine -p no:xdist`,
once stopped at once: the project's addopts held `-n auto`, an option that pytest without
xdist does not know.  The parallel defaults now come from tests/conftest.py.
"""
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTRIBUTING = ROOT / "CONTRIBUTING.md"


def _command_starting(prefix: str) -> list[str]:
    for line in CONTRIBUTING.read_text(encoding="utf-8").splitlines():
        if line.startswith(prefix):
            return shlex.split(line, comments=True)
    raise AssertionError(f"CONTRIBUTING.md has no command starting {prefix!r}")


def test_the_engine_tests_without_xdist_are_collected_as_contributing_writes_them():
    command = _command_starting("pytest tests/engine -p no:xdist")
    result = subprocess.run([sys.executable, "-m", *command, "--collect-only"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "test_engine_precision.py" in result.stdout
