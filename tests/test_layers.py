"""The package's layers: imports point one way, and no module imports itself round a circle.

Every import counts, those inside functions too (a lazy import is still a dependency);
only the names read for type checking (``if TYPE_CHECKING:``) are left out.  The orders
below are the map of ``docs/architecture.md``: a folder imports only folders of a lower
rank, never one of its own rank.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "proofcheck"

# proofcheck/<top>: the wiring sits above the engine, the faces above everything.
TOP = {"version": 0, "scripts": 0, "reference_data": 0, "reference": 5, "core": 1, "dp": 2, "kinds": 3,
       "papers": 4, "constants": 5,
       "report": 5, "api": 6, "commands": 7, "pytest_plugin": 7, "cli": 8, "__main__": 9, "": 9}
# proofcheck/core/<folder>, lowest first.
CORE = {"": 0, "model": 0, "numbers": 1, "points": 2, "symbolic": 2, "proofs": 2, "decimals": 3, "literate": 4,
        "kinds": 4, "run": 5}
# proofcheck/dp/<folder>, lowest first.
DP = {"": 0, "numerics": 0, "noise": 1, "divergences": 1, "lower_bounds": 1, "airy": 2,
      "mechanisms": 2, "scores": 3}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_lines(tree) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for inner in node.body:
                lines.update(range(inner.lineno, inner.end_lineno + 1))
    return lines


def _target(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str) -> set[str]:
    """The proofcheck modules ``module`` imports (a name imported from a package that is
    itself a module counts as that module)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_lines(tree)
    found = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            target = _target(module, path.name == "__init__.py", node)
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports_of(module) for module in MODULES}


def _circles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def place(module: str) -> tuple[str, int, str, int]:
    """(top folder, its rank, sub-folder, its rank) of a module."""
    parts = module.split(".")[1:]
    top = parts[0] if parts else ""
    sub = parts[1] if len(parts) >= 2 else ""
    ranks = CORE if top == "core" else DP if top == "dp" else {"": 0}
    return top, TOP[top], sub if top in ("core", "dp") else "", ranks[sub if top in ("core", "dp") else ""]


def test_no_module_imports_itself_round_a_circle():
    assert _circles(GRAPH) == []


def test_every_folder_has_a_rank():
    for module in MODULES:
        place(module)  # a KeyError names a folder that the orders above do not list


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_layers(module):
    top, top_rank, sub, sub_rank = place(module)
    upward = []
    for target in sorted(GRAPH[module]):
        t_top, t_top_rank, t_sub, t_sub_rank = place(target)
        if t_top == top:
            if sub != t_sub and (t_sub_rank >= sub_rank) and top in ("core", "dp"):
                upward.append(target)
        elif t_top_rank >= top_rank:
            upward.append(target)
    assert upward == [], f"{module} imports upward or sideways: {upward}"


def test_the_engine_names_no_project():
    """core/ is paper-agnostic: it names neither the derivation scripts nor a pack."""
    for module, path in MODULES.items():
        if module.startswith("proofcheck.core"):
            text = path.read_text(encoding="utf-8")
            assert "proofcheck.derivations" not in text, module
            assert "proofcheck.papers" not in text, module


def test_the_layer_test_sees_an_upward_import():
    graph = {"proofcheck.core.model.claims": {"proofcheck.core.run.runner"},
             "proofcheck.core.run.runner": {"proofcheck.core.model.claims"}}
    assert _circles(graph) == [["proofcheck.core.model.claims", "proofcheck.core.run.runner"]]
    assert place("proofcheck.core.run.runner")[3] > place("proofcheck.core.model.claims")[3]
