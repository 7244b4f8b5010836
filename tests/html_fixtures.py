"""The pages the HTML report's tests read: a small claims file with one false claim, and
every pack listed without checks; each written once per worker by ``proofcheck report --html``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# One false claim (the Mills-ratio bound with its constant halved, docs/examples/failing/)
# and a claim that rests on another, in two sections.
CLAIMS = r'''
paper = "html-demo"
section = "1"
title = "Squares"

[[claim]]
id = "square-nonnegative"
where = "eq. (1)"
statement = "x^2 >= 0 for real x"
statement_tex = 'x^{2}\geq 0'
kind = "inequality"
params = { x = "real" }
lhs = "x**2"
rel = ">="
rhs = "0"

[[claim]]
id = "square-plus-one-positive"
where = "eq. (2)"
statement = "x^2 + 1 > 0 for real x"
statement_tex = 'x^{2}+1>0'
kind = "inequality"
rests_on = ["square-nonnegative"]
params = { x = "real" }
lhs = "x**2 + 1"
rel = ">"
rhs = "0"

[[claim]]
id = "mills-ratio-halved"
where = "eq. (3), misprinted"
statement = "P(Z > t) <= phi(t)/(2t) for t > 0"
statement_tex = '1-\Phi(t)\leq\frac{\varphi(t)}{2t}'
kind = "inequality"
params = { t = "t > 0" }
lhs = "1 - Phi(t)"
rel = "<="
rhs = "exp(-t**2/2)/(2*sqrt(2*pi)*t)"
'''

FALSE_CLAIM = "mills-ratio-halved"


def environment(cache: bool = False) -> dict:
    """The environment of a command a user runs; with ``cache``, the verdict cache (and the
    record of HTML pages that gives failures their links) is on, as it is outside the tests."""
    env = dict(os.environ)
    if cache:
        env.pop("PROOFCHECK_NO_CACHE", None)
    return env


def proofcheck(*arguments, cwd: Path, cache: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "proofcheck", *arguments], cwd=cwd, capture_output=True,
                          text=True, timeout=600, env=environment(cache))


def demo_site(folder: Path, cache: bool = False) -> Path:
    """The claims file above, checked, as HTML in ``folder/out``; the claims file is ``folder/demo.toml``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "demo.toml").write_text(CLAIMS, encoding="utf-8")
    result = proofcheck("report", "--html", "--claims", "demo.toml", "--out", "out", "-j", "1",
                        cwd=folder, cache=cache)
    assert result.returncode == 1, result.stdout + result.stderr  # one claim fails
    return folder / "out"


def packs_site(folder: Path) -> Path:
    """Every pack, listed without checks, as HTML in ``folder``."""
    result = proofcheck("report", "--html", "--no-verify", "--out", str(folder), cwd=folder.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    return folder
