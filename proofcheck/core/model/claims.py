"""Claims as data: records read from TOML files, validated before any check.

A claims file holds one section of a paper, in the paper's order::

    section = "4"
    title = "Exact pre-clipping utility calibration"

    [[claim]]
    id = "lemma-4.1"
    where = "Lemma 4.1, eq. (8)"
    statement = "E|exp(sigma Z - sigma^2) - 1| = 2 Phi(sigma) - 1"
    kind = "identity"
    params = { sigma = "sigma > 0" }
    variables = { z = "real" }
    lhs = "E(Abs(exp(sigma*z - sigma**2) - 1), z)"
    asserts = "2*Phi(sigma) - 1"

Common fields: ``id``, ``where``, ``statement``, ``kind`` (required); ``params`` (name -> domain),
``variables`` (bound variables: name -> "real", "positive" or "integer"), ``define`` (shorthands,
in order; a key such as ``"v(m)"`` defines a function of ``m``), ``samples`` (how many sample
points), ``points`` (extra sample points, validated against the domains), ``derivation`` (the
script in ``derivations/`` that derives it), ``derivation_note`` (what that script derives
independently of the claim's own check, or "same computation: ..."), ``evidence`` (the evidence
the claim reaches; the pytest plugin fails an item whose claim passes with other evidence, so a
change of route is seen, not silent), ``note``.  A file may carry a top-level ``define`` table
shared by its claims.  Each kind names the further fields it needs.  Every expression is parsed
(by the whitelist parser) as the file is loaded, and a bad one, or a field of the wrong type,
stops it.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sympy as sp

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from .domains import Domain, parse_domain
from .errors import ClaimFileError, ProofcheckError
from .expressions import FUNCTIONS, OPERATORS, make_symbol, parse_expression, real_only
from .suggest import did_you_mean
from .verdict import EVIDENCE_ORDER, MAX_SAMPLES

COMMON_FIELDS = {"id", "where", "statement", "kind", "params", "variables", "define", "samples",
                 "points", "sampling", "derivation", "result", "note", "statement_tex", "finding", "rests_on", "routes",
                 "derivation_note", "evidence"}
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
_IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
_FUNCTION_KEY = re.compile(rf"^\s*([A-Za-z][A-Za-z0-9_]*)\s*\(\s*({_IDENTIFIER}(\s*,\s*{_IDENTIFIER})*)\s*\)\s*$")
_VARIABLE_ASSUMPTIONS = {"real": {"real": True}, "positive": {"positive": True},
                         "nonnegative": {"nonnegative": True},
                         "integer": {"integer": True}}


@dataclass
class Claim:
    """One statement of a paper and what the paper asserts about it."""

    id: str
    where: str
    statement: str
    kind: str
    raw: dict
    source: str
    domain: Domain
    symbols: dict[str, sp.Symbol]
    functions: dict[str, sp.Lambda]
    definitions: dict[sp.Symbol, sp.Expr]
    paper: str = ""
    section: str = ""
    order: int = 0
    parsed: dict[str, Any] = field(default_factory=dict)
    sampling_domain: Domain | None = None
    checker: Any = None  # the Kind that decides it, from the registry the claim was built with
    shared_define: Any = None  # its file's top-level ``define`` table, as written

    def get(self, name, default=None):
        return self.raw.get(name, default)

    def parse(self, text):
        """Parse text in this claim's symbols, with its definitions substituted."""
        expression = parse_expression(text, self.symbols, self.functions)
        return real_only(substitute_definitions(expression, self.definitions), text)

    def expr(self, name):
        """The parsed expression of field ``name`` (parsed once, at load time)."""
        return self.parsed[name]

    @property
    def parameters(self):
        return self.domain.parameters

    def with_fields(self, **changes) -> "Claim":
        """A copy with some raw fields replaced and re-parsed (used by mutants)."""
        raw = {**self.raw, **changes}
        copy = Claim(id=self.id, where=self.where, statement=self.statement, kind=self.kind,
                     raw=raw, source=self.source, domain=self.domain, symbols=self.symbols,
                     functions=self.functions, definitions=self.definitions, paper=self.paper,
                     section=self.section, order=self.order, parsed=dict(self.parsed),
                     sampling_domain=self.sampling_domain, checker=self.checker,
                     shared_define=self.shared_define)
        return copy

    def with_parsed(self, name, expression) -> "Claim":
        """A copy whose parsed field ``name`` is replaced (used by mutants)."""
        copy = self.with_fields(**{name: sp.sstr(expression)})
        copy.parsed[name] = expression
        return copy


def substitute_definitions(expression, definitions):
    """``expression`` with the definitions substituted, until nothing changes (they may nest)."""
    for _ in range(len(definitions) + 1):
        replaced = _replaced(expression, definitions) if isinstance(expression, sp.Basic) else expression
        if replaced == expression:
            break
        expression = replaced
    return expression




def _replaced(expression, definitions):
    """``expression.xreplace(definitions)``, except that an absolute value whose argument now
    holds an unevaluated operator is kept as written: SymPy cannot sign such an argument, and
    its attempt (through the conjugate of every Min and Max inside) took seconds per claim."""
    if expression in definitions:
        return definitions[expression]
    if not expression.args or isinstance(expression, sp.Lambda):
        return expression.xreplace(definitions)
    args = tuple(_replaced(a, definitions) if isinstance(a, sp.Basic) else a for a in expression.args)
    if all(new is old for new, old in zip(args, expression.args)):
        return expression
    if isinstance(expression, sp.Abs) and args[0].has(*OPERATORS):
        return sp.Abs(args[0], evaluate=False)
    return expression.func(*args)


def _variables(raw, path, claim_id, taken) -> dict[str, sp.Symbol]:
    symbols = {}
    if not isinstance(raw, dict):
        raise ClaimFileError(path, "'variables' must be a table of name = \"real\"", claim_id)
    for name, kind in raw.items():
        if name in taken:
            raise ClaimFileError(path, f"variable {name} is also a parameter", claim_id)
        assumptions = _VARIABLE_ASSUMPTIONS.get(kind)
        if assumptions is None:
            raise ClaimFileError(path, f"variable {name}: unknown type {kind!r} "
                                 f"(use one of {sorted(_VARIABLE_ASSUMPTIONS)})", claim_id)
        symbols[name] = make_symbol(name, assumptions)
    return symbols


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SHARED: dict = {}  # (file, its define table, the symbols it names) -> parsed definitions


def _file_definitions(raw, symbols, path, claim_id):
    """A file's ``define`` table, parsed once for each set of the symbols it names: the claims
    of a file mostly share their parameters, and parsing took half of the time of loading."""
    if not isinstance(raw, dict):
        return _definitions(raw, symbols, path, claim_id, ({}, {}))
    names = set(_NAME.findall(" ".join(f"{k} {v}" for k, v in raw.items())))
    key = (str(path), tuple((k, str(v)) for k, v in raw.items()),
           tuple(sorted((n, symbols[n]) for n in names & symbols.keys())))
    if key not in _SHARED:
        if len(_SHARED) > 1000:
            _SHARED.clear()
        before = set(symbols)
        parsed = _definitions(raw, symbols, path, claim_id, ({}, {}))
        _SHARED[key] = parsed, {name: symbols[name] for name in set(symbols) - before}
    parsed, defined = _SHARED[key]
    symbols.update(defined)  # a defined name is a symbol of the claim, as parsing it made it
    return parsed


# Fields of words, not of mathematics: a name they mention does not use a helper.
_TEXT_FIELDS = {"id", "kind", "where", "statement", "statement_tex", "note", "derivation_note", "reason",
                "basis", "evidence", "rests_on", "finding", "derivation", "result", "routes"}


def _names_in(value) -> set[str]:
    """Every name written in ``value``: a string, or the keys and values of tables and lists."""
    if isinstance(value, str):
        return set(_NAME.findall(value))
    if isinstance(value, dict):
        return set().union(*(_names_in(k) | _names_in(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(_names_in(v) for v in value)) if value else set()
    return set()


def _helper_name(key: str) -> str:
    match = _FUNCTION_KEY.match(key)
    return match.group(1) if match else key


def helpers_used(shared, record) -> dict | None:
    """The helpers of a file's ``define`` table that ``record`` uses, directly or through another
    helper, in the table's order: a helper is checked only where it is used, so that a Laplace
    helper in ``b`` does not stop a Gaussian claim that has no ``b``."""
    if not isinstance(shared, dict) or not shared:
        return shared
    used = _names_in({k: v for k, v in record.items() if k not in _TEXT_FIELDS})
    keep: set[str] = set()
    while True:
        more = {k for k in shared if k not in keep and _helper_name(k) in used}
        if not more:
            break
        keep |= more
        used |= set().union(*(_names_in(shared[k]) for k in more))
    return {k: v for k, v in shared.items() if k in keep}


def read_definitions(own, shared, symbols, path, claim_id):
    """A claim's ``define`` tables, its file's (``shared``) then its ``own``, parsed in ``symbols``."""
    inherited = _file_definitions(shared, symbols, path, claim_id) if shared else ({}, {})
    return _definitions(own, symbols, path, claim_id, inherited)


def _definitions(raw, symbols, path, claim_id, inherited):
    definitions = dict(inherited[0])
    functions = dict(inherited[1])
    if raw is None:
        return definitions, functions
    if not isinstance(raw, dict):
        raise ClaimFileError(path, "'define' must be a table of name = \"expression\"", claim_id)
    for key, text in raw.items():
        match = _FUNCTION_KEY.match(key)
        if match:
            name = match.group(1)
            if name in FUNCTIONS or name in symbols:
                raise ClaimFileError(path, f"cannot redefine '{name}'", claim_id)
            arguments = [a.strip() for a in match.group(2).split(",")]
            local = dict(symbols)
            dummies = []
            for a in arguments:
                dummy = sp.Dummy(a, real=True)
                local[a] = dummy
                dummies.append(dummy)
            body = parse_expression(text, local, functions)
            body = substitute_definitions(body, definitions)
            functions[name] = sp.Lambda(tuple(dummies), body)
            continue
        if not key.isidentifier():
            raise ClaimFileError(path, f"cannot define {key!r}", claim_id)
        if key in symbols:
            raise ClaimFileError(path, f"{key} is both defined and a parameter or variable", claim_id)
        symbol = make_symbol(key, {"real": True})
        value = substitute_definitions(parse_expression(text, symbols, functions), definitions)
        symbols[key] = symbol
        definitions[symbol] = value
    return definitions, functions


def _common_fields(record, path, kinds) -> str:
    """The id of a record whose id, where, statement and kind are present and the kind known."""
    if not isinstance(record, dict):
        raise ClaimFileError(path, "each [[claim]] must be a table")
    claim_id = record.get("id")
    if not isinstance(claim_id, str) or not _ID.match(claim_id):
        raise ClaimFileError(path, f"missing or malformed 'id' ({claim_id!r}): an id is letters, digits, "
                             "'_', '.' and '-', starting with a letter or a digit")
    missing = [name for name in ("where", "statement", "kind")
               if not isinstance(record.get(name), str) or not record[name].strip()]
    if missing:
        raise ClaimFileError(path, _missing(missing), claim_id)
    if "evidence" in record and record["evidence"] not in EVIDENCE_ORDER:
        raise ClaimFileError(path, f"'evidence' must be one of {', '.join(EVIDENCE_ORDER)}", claim_id)
    if record["kind"] not in kinds:  # a name only: the checker is not imported to say so
        offered = kinds.user_names() if hasattr(kinds, "user_names") else sorted(kinds)
        raise ClaimFileError(path, f"unknown kind '{record['kind']}'{did_you_mean(record['kind'], offered)}"
                             f"; the kinds: {', '.join(offered)} (proofcheck kinds describes each)", claim_id)
    return claim_id


def _missing(names, kind=None) -> str:
    """``missing fields 'lhs' and 'asserts' for kind identity``: every missing field at once."""
    quoted = [f"'{name}'" for name in names]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
    return f"missing field{'s' if len(names) > 1 else ''} {listed}" + (f" for kind {kind}" if kind else "")


def _unknown_fields(record, kind) -> str | None:
    """The message for fields neither common nor the kind's, each with its nearest known name."""
    known = COMMON_FIELDS | set(kind.required) | set(kind.optional)
    unknown = sorted(set(record) - known)
    if not unknown:
        return None
    each = ", ".join(f"'{name}'{did_you_mean(name, known)}" for name in unknown)
    return (f"unknown field{'s' if len(unknown) > 1 else ''} {each} for kind {kind.name} "
            f"(proofcheck kinds {kind.name} lists its fields)")


def build_claim(record: dict, path, kinds, paper="", section="", order=0,
                file_defines=None) -> Claim:
    """Validate one raw record and parse all its expressions."""
    claim_id = _common_fields(record, path, kinds)
    kind = kinds[record["kind"]]
    missing = [f for f in kind.required if f not in record]
    if missing:
        raise ClaimFileError(path, _missing(missing, kind.name), claim_id)
    unknown = _unknown_fields(record, kind)
    if unknown:
        raise ClaimFileError(path, unknown, claim_id)
    try:
        params = record.get("params", {})
        if not isinstance(params, dict):
            raise ClaimFileError(path, "'params' must be a table of name = \"domain\"", claim_id)
        domain = parse_domain(params)
        symbols = dict(domain.symbols)
        symbols.update(_variables(record.get("variables", {}), path, claim_id, symbols))
        file_defines = helpers_used(file_defines, record)
        definitions, functions = read_definitions(record.get("define"), file_defines, symbols, path, claim_id)
        claim = Claim(id=claim_id, where=record["where"], statement=record["statement"],
                      kind=record["kind"], raw=dict(record), source=str(path), domain=domain,
                      symbols=symbols, functions=functions, definitions=definitions, paper=paper,
                      section=section, order=order, checker=kind, shared_define=file_defines)
        samples = record.get("samples", 12)
        if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
            raise ClaimFileError(path, f"'samples' must be an integer from 1 to {MAX_SAMPLES}", claim_id)
        points = record.get("points", [])
        if not isinstance(points, list) or not all(isinstance(p, dict) for p in points):
            raise ClaimFileError(path, "'points' must be a list of tables", claim_id)
        for p in points:
            domain.validate_point(p)
        sampling = record.get("sampling")
        if sampling is not None:
            if not isinstance(sampling, dict):
                raise ClaimFileError(path, "'sampling' must be a table of name = \"range\"", claim_id)
            claim.sampling_domain = domain.narrowed(sampling)
            for point in claim.sampling_domain.sample_points(8):
                domain.validate_point({s.name: v for s, v in point.items()})
        else:
            claim.sampling_domain = domain
        kind.prepare(claim)
    except ClaimFileError:
        raise
    except ProofcheckError as error:
        raise ClaimFileError(path, str(error), claim_id) from None
    except (TypeError, ValueError, AttributeError, ArithmeticError) as error:  # a list where a name is read
        raise ClaimFileError(path, f"malformed claim: a field of the wrong type or value ({error})", claim_id) from None
    return claim


def _paper_name(value, path) -> str:
    """The paper a claims file names: ``paper = "name"``, or a ``[paper]`` table's name or title."""
    if isinstance(value, dict):
        value = value.get("name") or value.get("title") or ""
    if not isinstance(value, str):
        raise ClaimFileError(path, "'paper' must be a name (a string) or a table with a name")
    return value


def read_file(path) -> dict:
    """The TOML document of one claims file, its shape checked (records are not yet built)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ClaimFileError(path, f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ClaimFileError(path, "not UTF-8 text") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ClaimFileError(path, f"TOML syntax error: {error}") from None
    if not isinstance(document.get("claim"), list) or not document["claim"]:
        raise ClaimFileError(path, "no claims: they are written as [[claim]] tables")
    if document.get("define") is not None and not isinstance(document["define"], dict):
        raise ClaimFileError(path, "top-level 'define' must be a table")
    return document


def load_file(path, kinds, paper="", order_start=0, only=None, document=None) -> list[Claim]:
    """The claims of one file (its ``document``, if read already); with ``only`` (ids), just those."""
    document = read_file(path) if document is None else document
    section = str(document.get("section", ""))
    paper = _paper_name(document.get("paper", paper), path)
    return [build_claim(r, path, kinds, paper=paper, section=section, order=order_start + i,
                        file_defines=document.get("define"))
            for i, r in enumerate(document.get("claim", []))
            if only is None or not isinstance(r, dict) or r.get("id") in only]


@dataclass
class Entry:
    """A claim as its file lists it, read but not built: what ``verify --list`` shows."""

    id: str
    where: str
    statement: str
    kind: str
    raw: dict
    source: str
    paper: str = ""
    order: int = 0
    section: str = ""

    def get(self, name, default=None):
        return self.raw.get(name, default)


def list_file(path, kinds, paper="", order_start=0) -> list[Entry]:
    """The entries of one claims file, their common fields and kind checked, nothing parsed."""
    document = read_file(path)
    paper = _paper_name(document.get("paper", paper), path)
    entries = []
    for i, record in enumerate(document.get("claim", [])):
        claim_id = _common_fields(record, path, kinds)
        entries.append(Entry(id=claim_id, where=record["where"], statement=record["statement"],
                             kind=record["kind"], raw=dict(record), source=str(path), paper=paper,
                             order=order_start + i, section=str(document.get("section", ""))))
    return entries


def claims_files(path, pattern="*.toml", skip=()) -> list[Path]:
    """One claims file, or every file of a folder matching ``pattern`` (``paper.toml`` and the
    files in ``skip`` aside) in name order.  A pack's folder holds ``*.toml``; a folder of one's
    own is read as pytest collects it, ``*.claims.toml`` only (a ``pyproject.toml`` beside them
    is no claims file)."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob(pattern) if p.name != "paper.toml" and p.is_file())
        if not files:
            raise ClaimFileError(path, f"no claims files ({pattern}) in this folder")
        return [f for f in files if str(f) not in skip]
    if path.is_file():
        return [path]
    raise ClaimFileError(path, "not a regular file (a pipe or a device may never end)" if path.exists()
                         else "no such file or folder")


def broken_files(path, kinds, pattern="*.claims.toml") -> dict[str, str]:
    """The files of a folder that cannot be built, each with its one-line reason: they are
    reported as errors and the others are checked."""
    if not Path(path).is_dir():
        return {}
    broken = {}
    for f in claims_files(path, pattern):
        try:
            load_file(f, kinds)
        except ClaimFileError as error:
            broken[str(f)] = str(error)
    return broken


def load_path(path, kinds, paper="", only=None, pattern="*.toml", skip=()) -> list[Claim]:
    """One claims file, or every file of a folder in name order (``claims_files``); with ``only``
    (a set of ids) just those claims are built (the others are still read: ids stay unique, the
    order is kept)."""
    entries = list_path(path, kinds, paper=paper, pattern=pattern, skip=skip)
    claims: list[Claim] = []
    for f in claims_files(path, pattern, skip):
        start = next((e.order for e in entries if e.source == str(f)), len(entries))
        claims += load_file(f, kinds, paper=paper, order_start=start, only=only)
    return claims


def list_path(path, kinds, paper="", pattern="*.toml", skip=()) -> list[Entry]:
    """The entries of a claims file or folder, ids checked unique, nothing built."""
    entries: list[Entry] = []
    for f in claims_files(path, pattern, skip):
        entries += list_file(f, kinds, paper=paper, order_start=len(entries))
    seen: dict = {}
    for e in entries:
        if e.id in seen:
            raise ClaimFileError(e.source, f"duplicate claim id (also in {seen[e.id]})", e.id)
        seen[e.id] = e.source
    return entries
