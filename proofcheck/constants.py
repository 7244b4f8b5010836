"""The registry of a paper's closed-form constants, read from its ``constants.toml``.

A paper pack may hold a ``constants.toml`` beside its ``claims/`` folder: one
``[[constant]]`` table per closed-form constant (its exact value in the
whitelisted expression language, where it appears, and every decimal the
paper prints for it).  Loading parses each expression with
``proofcheck.core.model.expressions.parse_expression`` (never ``eval``) and derives
its operators with SymPy, so that ``Constant.exact`` is a SymPy number.

``digits``, ``enclosure`` and ``audit_printed`` answer the questions of
``proofcheck constants``: the value to N certified significant digits, its
Arb ball, and the verdict on each printed decimal
(``proofcheck.core.decimals.digits``, ``proofcheck.core.decimals.audit``).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import sympy as sp

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .core.decimals.audit import Audit, audit
from .core.decimals.digits import Digits, certified_digits, exact_constant
from .core.decimals.printed import parse_decimal
from .core.model.errors import ClaimFileError, ProofcheckError
from .core.model.expressions import make_symbol, parse_expression
from .core.symbolic.operators import is_zero
from .papers import packs

FILE_NAME = "constants.toml"
_CONSTANT_KEYS = {"id", "name", "value", "variables", "derivation", "where", "printed"}
_PRINTED_KEYS = {"decimal", "where"}
_VARIABLE_TYPES = {"real": {"real": True}, "positive": {"positive": True},
                   "nonnegative": {"nonnegative": True}, "integer": {"integer": True}}


@dataclass(frozen=True)
class PrintedDecimal:
    decimal: str
    where: str


@dataclass(frozen=True)
class Constant:
    id: str
    name: str
    text: str                      # the exact value as written in constants.toml
    exact: sp.Expr                 # ... as a SymPy number, operators derived
    where: tuple[str, ...]
    printed: tuple[PrintedDecimal, ...] = ()
    derivation_text: str | None = None
    derivation: sp.Expr | None = field(default=None, compare=False)  # parsed, not yet derived
    paper: str = ""

    def digits(self, n: int) -> Digits:
        return certified_digits(self.exact, n)

    def audit_printed(self) -> list[tuple[PrintedDecimal, Audit]]:
        return [(p, audit(self.exact, p.decimal)) for p in self.printed]

    def derivation_holds(self) -> bool | None:
        """True when SymPy reduces ``derivation`` to exactly ``exact``; None without a derivation.

        False means "not shown" (SymPy did not reach the value), never "shown different".
        """
        if self.derivation is None:
            return None
        try:
            derived = exact_constant(self.derivation, what=f"derivation of {self.id}")
        except ProofcheckError:
            return False
        return is_zero(derived - self.exact)


def _symbols(raw, path, constant_id) -> dict[str, sp.Symbol]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ClaimFileError(path, "'variables' must be a table such as { r = \"positive\" }", constant_id)
    symbols = {}
    for name, kind in raw.items():
        assumptions = _VARIABLE_TYPES.get(kind)
        if assumptions is None:
            raise ClaimFileError(path, f"variable {name}: unknown type {kind!r} "
                                 f"(use one of {sorted(_VARIABLE_TYPES)})", constant_id)
        symbols[name] = make_symbol(name, assumptions)
    return symbols


def _text_list(value, path, constant_id, key) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ClaimFileError(path, f"'{key}' must be a non-empty string or list of strings", constant_id)
    return tuple(value)


def build_constant(record, path, paper: str = "") -> Constant:
    """One ``[[constant]]`` table as a Constant, or a ClaimFileError naming the file and id."""
    if not isinstance(record, dict):
        raise ClaimFileError(path, "each [[constant]] must be a table")
    constant_id = record.get("id")
    if not isinstance(constant_id, str) or not constant_id.isidentifier():
        raise ClaimFileError(path, f"constant id must be an identifier, got {constant_id!r}")
    unknown = sorted(set(record) - _CONSTANT_KEYS)
    if unknown:
        raise ClaimFileError(path, f"unknown field {unknown[0]!r}", constant_id)
    for key in ("name", "value"):
        if not isinstance(record.get(key), str) or not record[key].strip():
            raise ClaimFileError(path, f"'{key}' must be a non-empty string", constant_id)
    symbols = _symbols(record.get("variables"), path, constant_id)
    try:
        exact = exact_constant(parse_expression(record["value"], symbols), what=f"value of {constant_id}")
        derivation = None
        if record.get("derivation") is not None:
            if not isinstance(record["derivation"], str):
                raise ProofcheckError("'derivation' must be an expression string")
            derivation = parse_expression(record["derivation"], symbols)
    except ProofcheckError as error:
        raise ClaimFileError(path, str(error), constant_id) from None
    printed = []
    for entry in record.get("printed", []):
        if not isinstance(entry, dict) or set(entry) - _PRINTED_KEYS or "decimal" not in entry:
            raise ClaimFileError(path, "each [[constant.printed]] needs 'decimal' and 'where' only", constant_id)
        try:
            parse_decimal(entry["decimal"])
        except ProofcheckError as error:
            raise ClaimFileError(path, str(error), constant_id) from None
        where = _text_list(entry.get("where"), path, constant_id, "printed.where")
        printed.append(PrintedDecimal(entry["decimal"].strip(), "; ".join(where)))
    return Constant(id=constant_id, name=record["name"].strip(), text=record["value"].strip(), exact=exact,
                    where=_text_list(record.get("where"), path, constant_id, "where"),
                    printed=tuple(printed), derivation_text=record.get("derivation"),
                    derivation=derivation, paper=paper)


def load_file(path, paper: str = "") -> list[Constant]:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ProofcheckError(f"{path}: cannot read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ClaimFileError(path, f"not valid TOML: {error}") from None
    unknown = sorted(set(data) - {"constant"})
    if unknown:
        raise ClaimFileError(path, f"unknown top-level table {unknown[0]!r} (expected [[constant]])")
    constants = [build_constant(record, path, paper) for record in data.get("constant", [])]
    seen = set()
    for constant in constants:
        if constant.id in seen:
            raise ClaimFileError(path, "duplicate id", constant.id)
        seen.add(constant.id)
    return constants


def load_constants(papers=None, path=None) -> list[Constant]:
    """The constants of the named packs (all packs with a constants.toml by default), or of a file."""
    if path is not None:
        return load_file(path)
    available = packs()
    selected = list(available) if not papers else list(papers)
    constants = []
    for name in selected:
        pack = available.get(name)
        if pack is None:
            raise ProofcheckError(f"unknown paper {name!r} (known: {', '.join(available)})")
        file = pack.folder / FILE_NAME
        if file.exists():
            constants.extend(load_file(file, paper=pack.name))
    return constants
