"""The reference of claims files, written from the kinds' own declarations.

``docs/claims-reference.md`` (what ``proofcheck kinds`` prints) and ``docs/claims.schema.json``
are this module's output, checked equal to it by ``tests/test_claims_reference.py``; rewrite both
with ``python -m proofcheck.reference``.  The fields of a kind are its ``required`` and
``optional`` (``core/kinds``, ``dp/divergences/divergence_kinds.py``, ``dp/divergences/zcdp_kinds.py``); what they mean
and the examples are in ``reference_data.py``.  Only the kinds a claims file of one's own may use
(``kinds.engine_kinds``) are listed: a pack's internal kinds are not.
"""
from __future__ import annotations

import json
from pathlib import Path

from .core.model.claims import COMMON_FIELDS
from .core.model.errors import ProofcheckError
from .core.model.expressions import CONSTANTS, FUNCTIONS
from .kinds import engine_kinds
from .reference_data import COMMON, KINDS

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "claims-reference.md"
SCHEMA = ROOT / "docs" / "claims.schema.json"
# Fields every claim must carry (core/model/claims.py, _common_fields).
COMMON_REQUIRED = ("id", "where", "statement", "kind")
# Fields whose value is a table, a list, an integer; the others are strings.
_SHAPES = {"params": "table", "variables": "table", "define": "table", "sampling": "table",
           "over": "table", "at": "table", "grid": "table", "points": "list", "limits": "list",
           "rests_on": "list", "routes": "list", "via": "list", "samples": "integer", "order": "string-or-integer",
           "over_points": "integer", "finding": "any"}


def user_kinds() -> list[str]:
    """The kinds a claims file of one's own may use, in name order."""
    return sorted(engine_kinds())


def kind_fields(name: str) -> list[tuple[str, bool, str]]:
    """(field, required, meaning) of kind ``name``, from its declaration; a field without a
    meaning in ``reference_data`` is an error, so the reference cannot omit one."""
    kind = engine_kinds()[name]
    meanings = KINDS.get(name, {}).get("fields", {})
    rows = []
    for field, required in [(f, True) for f in kind.required] + [(f, False) for f in kind.optional]:
        if field not in meanings:
            raise ProofcheckError(f"kind {name}: field {field!r} has no meaning in reference_data.py")
        rows.append((field, required, meanings[field]))
    return rows


def _common_section() -> list[str]:
    missing = COMMON_FIELDS - set(COMMON)
    if missing:
        raise ProofcheckError(f"common fields without a meaning: {', '.join(sorted(missing))}")
    lines = ["## Fields of every claim", "", "| field | required | meaning |", "|---|---|---|"]
    lines += [f"| `{f}` | {'yes' if f in COMMON_REQUIRED else ''} | {COMMON[f]} |" for f in COMMON]
    return lines + [""]


INTRODUCTION = """\
# Claims reference

Generated from the kinds' own declarations by `python -m proofcheck.reference`; do not edit.
`proofcheck kinds` prints it, `proofcheck kinds KIND` one kind. `proofcheck new FILE` writes a
claims file to start from; `docs/tutorial.md` walks through one.

A claims file is TOML. At the top: `paper` (a name; without it the file's name is used),
`section`, `title`, and an optional `[define]` table of helpers shared by its claims. Then one
`[[claim]]` table per claim. Each example below is a whole claims file; every one is checked by
the test suite to pass or to fail as shown. Put an example in `my.claims.toml` and run
`proofcheck verify --claims my.claims.toml` or `pytest my.claims.toml`.

The JSON Schema `docs/claims.schema.json`, generated from the same declarations, lets an editor
that reads schemas for TOML (taplo, Even Better TOML) complete and check fields: write
`#:schema ./claims.schema.json` (the path to the schema) as the file's first line.
"""


def _expressions_section() -> list[str]:
    functions = ", ".join(f"`{f}`" for f in sorted(FUNCTIONS, key=str.lower))
    constants = ", ".join(f"`{c}`" for c in CONSTANTS)
    return ["## Expressions", "",
            "Every expression is a string read by a whitelist parser (nothing is executed). "
            "Write `**` for powers (`t^2` is refused), `*` for products, `/` for quotients; "
            "decimals are read as exact rationals. A name may be any identifier, Greek "
            "letters included (`ε`), and means the same wherever it is written.", "",
            f"Functions: {functions}.", "",
            f"Constants: {constants}.", "",
            "Operators on a bound variable (declared under `variables`): `E(f, z)` (the "
            "expectation over a standard Gaussian z), `integrate(f, x, a, b)`, "
            "`summation(f, k, a, b)`, `diff(f, x)`, `limit(f, x, point)`.", "",
            "## Helpers: `define`", "",
            "`define` names shorthands: `sigma = \"Phi_inv(1/2 + r/2)\"` makes `sigma` stand for "
            "that expression, and a key with arguments, `\"g(x, m)\" = \"exp(-(x - m)**2/2)\"`, "
            "a function. A claim's own `define` comes after its file's `[define]` and may use it. "
            "A helper of the file is checked only in the claims that use it: a name a helper "
            "mentions must be a parameter, a variable or another helper of each claim that uses "
            "it, not of every claim of the file. A helper's arguments are its own names.", ""]


def _example(text: str | None, label: str, outcome: str) -> list[str]:
    if not text:
        return []
    return [f"{label}:", "", f"```toml {outcome}", text.rstrip("\n"), "```", ""]


def kind_section(name: str) -> list[str]:
    kind = engine_kinds()[name]
    data = KINDS[name]
    lines = [f"## `{name}`", "", kind.description[0].upper() + kind.description[1:] + ".", "",
             "| field | required | meaning |", "|---|---|---|"]
    lines += [f"| `{f}` | {'yes' if req else ''} | {meaning} |" for f, req, meaning in kind_fields(name)]
    evidence = ", ".join(data["evidence"])
    lines += ["", f"Evidence it can reach: {evidence}.", ""]
    lines += _example(data.get("passing"), "Passes", "passes")
    lines += _example(data.get("failing"), "Fails", "fails")
    if not data.get("failing"):
        lines += ["It computes nothing, so it cannot fail; it is never counted as computational "
                  "evidence.", ""]
    return lines


def render(only: str | None = None) -> str:
    """The reference as Markdown: every user kind, or kind ``only``."""
    if only is not None:
        return "\n".join(kind_section(only)).rstrip("\n") + "\n"
    lines = INTRODUCTION.split("\n") + _common_section() + _expressions_section()
    lines += ["## Kinds", "", "| kind | what it decides |", "|---|---|"]
    lines += [f"| [`{k}`](#{k}) | {engine_kinds()[k].description} |" for k in user_kinds()]
    lines.append("")
    for name in user_kinds():
        lines += kind_section(name)
    return "\n".join(lines).rstrip("\n") + "\n"


def _field_schema(field: str, meaning: str) -> dict:
    shape = _SHAPES.get(field, "string")
    schema: dict = {"description": meaning}
    if shape == "table":
        schema["type"] = "object"
    elif shape == "list":
        schema["type"] = "array"
    elif shape == "integer":
        schema["type"] = "integer"
    elif shape == "string-or-integer":
        schema["type"] = ["string", "integer"]
    elif shape == "string":
        schema["type"] = "string"
    return schema


def _claim_schema(name: str) -> dict:
    fields = kind_fields(name)
    properties = {f: _field_schema(f, COMMON[f]) for f in COMMON}
    properties["kind"] = {"const": name, "description": COMMON["kind"]}
    properties.update({f: _field_schema(f, meaning) for f, _, meaning in fields})
    properties["id"]["pattern"] = "^[A-Za-z0-9][A-Za-z0-9_.\\-]*$"
    return {"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
            "then": {"properties": properties, "additionalProperties": False,
                     "required": list(COMMON_REQUIRED) + [f for f, req, _ in fields if req]}}


def schema() -> dict:
    """A JSON Schema (draft 2020-12) of a claims file, one branch per user kind."""
    claim = {"type": "object", "required": list(COMMON_REQUIRED),
             "properties": {"kind": {"enum": user_kinds(), "description": COMMON["kind"]}},
             "allOf": [_claim_schema(name) for name in user_kinds()]}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "proofcheck claims file",
            "description": "Generated by python -m proofcheck.reference; see docs/claims-reference.md.",
            "type": "object", "required": ["claim"],
            "properties": {"paper": {"type": ["string", "object"]}, "section": {"type": "string"},
                           "title": {"type": "string"},
                           "define": {"type": "object", "additionalProperties": {"type": "string"}},
                           "claim": {"type": "array", "minItems": 1, "items": claim}}}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def examples() -> list[tuple[str, str, str]]:
    """(kind, "passes" or "fails", the claims file) of every example in the reference."""
    found = []
    for name in user_kinds():
        for key, outcome in (("passing", "passes"), ("failing", "fails")):
            if KINDS[name].get(key):
                found.append((name, outcome, KINDS[name][key]))
    return found


def write() -> None:
    REFERENCE.write_text(render(), encoding="utf-8")
    SCHEMA.write_text(schema_text(), encoding="utf-8")


if __name__ == "__main__":
    write()
