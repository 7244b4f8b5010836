"""The transcript of one literate derivation: its steps, symbols, overrides and results.

A derivation script calls the methods of a ``Derivation`` in the order of the
paper (``parameters``, ``given``, ``cite``, ``step``, ``holds``, ``decimal``);
each records a numbered ``Step``, established as ``establish`` says, and a
failing step raises ``DerivationFailed``.  A step naming a ``result`` makes
its value one of the derivation's named results, which the claims of kind
``derived`` compare with the paper.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import sympy as sp

from ..model.domains import parse_domain
from ..model.errors import ProofcheckError
from ..model.expressions import parse_expression
from ..symbolic.operators import split_logarithms
from .establish import establish_decimal, establish_relation, establish_value
from .points import interior_points

_RELATIONS = {"<": sp.StrictLessThan, "<=": sp.LessThan, ">": sp.StrictGreaterThan,
              ">=": sp.GreaterThan}


@dataclass(frozen=True)
class Display:
    """How a computed quantity is named on the page: plain text and LaTeX."""

    plain: str
    latex: str


def name(plain: str, latex: str | None = None) -> Display:
    """A display name; without LaTeX, words are set as text and a bare formula as math."""
    if latex is None:
        latex = rf"\text{{{plain}}}" if " " in plain.strip() or not plain.isascii() else plain
    return Display(plain, latex)


class DerivationFailed(ArithmeticError):
    """A step's computed value contradicts its statement, or cannot be established."""

    def __init__(self, step: "Step"):
        self.step = step
        super().__init__(f"step {step.number} ({step.label}) failed: {step.detail}")


@dataclass
class Step:
    number: int
    label: str
    text: str
    lhs: object = None          # what is computed, as an (unevaluated) expression
    value: object = None        # the computed value
    paper: object = None        # the paper's statement, as the script writes it
    relation: str = "="         # "=" or ":=" (a definition) or "" (a cited theorem)
    evidence: str = ""          # symbolic | certified | logical | definition
    detail: str = ""
    status: str = "ok"          # ok | failed
    key: str | None = None
    result: str | None = None


@dataclass
class Derivation:
    """The running transcript of one derivation: steps, symbols, results."""

    title: str = ""
    source: str = ""
    overrides: Mapping[str, object] = field(default_factory=dict)
    routes: tuple = ("symbolic", "certified")
    on_step: Callable[[Step], None] | None = None
    steps: list = field(default_factory=list)
    results: dict = field(default_factory=dict)
    statements: dict = field(default_factory=dict)

    def __post_init__(self):
        self.overrides = dict(self.overrides or {})
        self._specs: dict[str, str] = {}
        self._domain = None
        self._variables: dict[str, sp.Symbol] = {}
        self._used: set[str] = set()

    # -- symbols ------------------------------------------------------------
    def parameters(self, **specs: str):
        """Symbols for parameters with domains as the paper writes them ("0 < r < 1")."""
        self._specs.update(specs)
        self._domain = parse_domain(self._specs)
        symbols = self._domain.symbols
        found = tuple(symbols[name] for name in specs)
        return found[0] if len(found) == 1 else found

    def variable(self, name: str, **assumptions):
        """A bound or auxiliary symbol (``real=True``, ``positive=True``, ...)."""
        symbol = sp.Symbol(name, **({"real": True} | assumptions))
        self._variables[name] = symbol
        return symbol

    def symbols(self) -> dict[str, sp.Symbol]:
        known = dict(self._domain.symbols) if self._domain else {}
        known.update(self._variables)
        return known

    def declarations(self, expr) -> dict:
        """The parameter domains and bound variables of ``expr``'s symbols, as a claim declares them."""
        names = {s.name for s in sp.sympify(expr).free_symbols}
        if self._domain is not None:
            # A bound may name an earlier parameter (0 < r0 < r): declare that one too.
            pending = [n for n in names if n in self._domain.parameters]
            while pending:
                for other in self._domain.parameters[pending.pop()].depends_on - names:
                    names.add(other)
                    pending.append(other)
        params = {n: spec for n, spec in self._specs.items() if n in names}
        variables = {}
        for n, symbol in self._variables.items():
            if n in names and n not in params:
                variables[n] = ("integer" if symbol.is_integer else "positive" if symbol.is_positive
                                else "nonnegative" if symbol.is_nonnegative else "real")
        return {"params": params, "variables": variables}

    def adopt(self, expr):
        """``expr`` (e.g. another derivation's result) in this derivation's symbols, matched by name."""
        known = self.symbols()
        expr = sp.sympify(expr)
        return expr.xreplace({s: known[s.name] for s in expr.free_symbols if s.name in known})

    def facts(self):
        """The domains' bounds as SymPy facts (``r < 1``, ``r0 < r``), for refine and ask."""
        facts = []
        if self._domain is not None:
            for parameter in self._domain.parameters.values():
                x = parameter.symbol
                if parameter.lower is not None:
                    lo = parameter.lower
                    facts.append(sp.Q.gt(x, lo.expr) if lo.strict else sp.Q.ge(x, lo.expr))
                if parameter.upper is not None:
                    hi = parameter.upper
                    facts.append(sp.Q.lt(x, hi.expr) if hi.strict else sp.Q.le(x, hi.expr))
        return sp.And(*facts)

    def split_logarithms(self, expr):
        """``expr`` with its logarithms split over factors proved positive on the domain.

        Each parameter with a numeric lower bound is seen from it (n >= 1 as 1 + t, t >= 0;
        alpha > 1 as 1 + t, t > 0), so that log((n + c)/(n - 1 + c)) splits for c > 0; a
        logarithm with a factor not proved positive stays whole (``symbolic.split_logarithms``),
        where SymPy's forced expansion would split it across a branch cut.
        """
        return split_logarithms(sp.sympify(expr), self._shifts())

    def _shifts(self) -> tuple[dict, dict]:
        return self._domain.lower_bound_shifts() if self._domain is not None else ({}, {})

    # -- overrides ------------------------------------------------------------
    def _override(self, key, default):
        if key is None or key not in self.overrides:
            return default
        self._used.add(key)
        return self._as_expression(self.overrides[key], key)

    def _as_expression(self, raw, key):
        known = self.symbols()
        if isinstance(raw, str):
            return parse_expression(raw, known)
        if isinstance(raw, (list, tuple)):
            return [self._as_expression(item, key) for item in raw]
        try:
            expr = sp.sympify(raw, strict=True)
        except sp.SympifyError:
            raise ProofcheckError(f"override {key}: not an expression: {raw!r}") from None
        # Symbols built elsewhere are matched to this derivation's by name.
        return expr.xreplace({s: known[s.name] for s in expr.free_symbols if s.name in known})

    def unused_overrides(self) -> list[str]:
        return sorted(set(self.overrides) - self._used)

    # -- steps ----------------------------------------------------------------
    def _record(self, step: Step):
        step.number = len(self.steps) + 1
        if step.result is not None and isinstance(step.value, (list, tuple, sp.FiniteSet)):
            raise TypeError(f"result {step.result!r} must be one expression, not a collection")
        self.steps.append(step)
        if step.result is not None and step.status == "ok":
            self.results[step.result] = step.value
            # What the step asserts the result equals: the paper's form where it states one.
            self.statements[step.result] = step.paper if step.paper is not None else step.value
        if self.on_step is not None:
            self.on_step(step)
        if step.status != "ok":
            raise DerivationFailed(step)
        return step.value

    def given(self, label: str, text: str, lhs, value, *, key: str | None = None,
              result: str | None = None):
        """A definition or a choice the paper makes; ``key`` lets it be replaced."""
        value = self._override(key, sp.sympify(value))
        overridden = key is not None and key in self._used
        return self._record(Step(0, label, text, lhs=lhs, value=value, relation=":=",
                                 evidence="definition", key=key, result=result,
                                 detail="replaced by an override" if overridden else ""))

    def cite(self, label: str, text: str, statement=None):
        """A published theorem the derivation invokes without computing it."""
        return self._record(Step(0, label, text, value=statement, relation="",
                                 evidence="logical", detail="cited, not computed"))

    def step(self, label: str, text: str, value, *, lhs=None, paper=None, key: str | None = None,
             result: str | None = None, hint: Callable | None = None):
        """A value computed by SymPy; if ``paper`` is given, assert they are equal.

        ``hint`` is a cheap simplification to try on the difference before the
        general strategies of ``symbolic.is_zero``.
        """
        paper = self._override(key, paper) if paper is not None else None
        step = Step(0, label, text, lhs=lhs, value=value, paper=paper, key=key, result=result)
        establish_value(self, step, hint)
        return self._record(step)

    def holds(self, label: str, text: str, lhs, rel: str, rhs=0, *, key: str | None = None,
              result: str | None = None):
        """Assert ``lhs rel rhs`` (rel one of < <= > >=), decided from the symbols' assumptions."""
        if rel not in _RELATIONS:
            raise ProofcheckError(f"unsupported relation {rel!r}")
        rhs = self._override(key, sp.sympify(rhs))
        relation = _RELATIONS[rel](sp.sympify(lhs), rhs, evaluate=False)
        step = Step(0, label, text, value=relation, relation="holds", key=key, result=result)
        establish_relation(self, step)
        return self._record(step)

    def decimal(self, label: str, text: str, value, printed: str, *, key: str | None = None):
        """The paper's printed decimal is a correct rounding or truncation of ``value``."""
        if key is not None and key in self.overrides:
            self._used.add(key)
            printed = str(self.overrides[key])
        step = Step(0, label, text, lhs=value, value=printed, relation="≈", key=key)
        establish_decimal(step)
        return self._record(step)

    def sample_points(self, expr) -> list[dict]:
        """Exact interior points for every free symbol of ``expr`` (``points.interior_points``)."""
        return interior_points(self._domain, expr)


_CACHE: dict = {}


def run(derive: Callable[[Derivation], None], title: str = "", source: str = "",
        overrides=None, routes=("symbolic", "certified"), on_step=None) -> Derivation:
    """Run ``derive`` on a fresh Derivation; raises DerivationFailed on a failing step."""
    d = Derivation(title=title, source=source, overrides=overrides or {}, routes=routes, on_step=on_step)
    derive(d)
    unused = d.unused_overrides()
    if unused:
        raise ProofcheckError(f"no step has the key {unused[0]!r}")
    return d


def results(derive: Callable[[Derivation], None]) -> dict:
    """The named results of ``derive`` without overrides, computed once per process."""
    key = (derive.__module__, derive.__qualname__)
    if key not in _CACHE:
        _CACHE[key] = run(derive).results
    return dict(_CACHE[key])
