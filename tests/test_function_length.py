"""No function of the package is over 60 lines, but those listed here, each with its reason.

Size follows the concept, not a cap on files: ruff's complexity and size rules
(pyproject.toml) guard the rest.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "proofcheck"
MAX_LINES = 60

# "path:function" -> why it is longer.
LISTED: dict[str, str] = {
    "proofcheck/commands/report.py:run": "the report command's steps in order: check, map, write, figures",
    "proofcheck/commands/verify.py:run": "the verify command's steps in order: list, check, print, cache",
    "proofcheck/core/kinds/optimum.py:check": "the optimum's routes in order, each a few lines",
    "proofcheck/core/kinds/inequality_points.py:decide_at": "one point's decision, Arb first, then the sides' balls",
}


def long_functions() -> dict[str, int]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_LINES:
                    found[f"{path.relative_to(PACKAGE.parent)}:{node.name}"] = lines
    return found


def test_no_function_is_over_sixty_lines_without_a_listed_reason():
    unlisted = {name: lines for name, lines in long_functions().items() if name not in LISTED}
    assert unlisted == {}


def test_every_listed_function_is_still_long():
    assert set(LISTED) <= set(long_functions())
