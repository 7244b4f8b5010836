"""Literate derivations: the paper's key derivations as numbered SymPy steps.

A derivation script (``derivations/NAME.py``, installed as
``proofcheck.derivations.NAME``) is read top to bottom beside the paper.
Each step carries the paper's label (an equation number, a lemma), a
sentence of prose, and a value that SymPy computes from the values of
earlier steps.  Where the paper states that value, the step asserts that the
computed value equals the statement as the script writes it; a step never
types in its own result.

How a step is established, strongest first:

* ``symbolic``   SymPy reduces ``computed - stated`` to 0, or decides a sign
                 from the assumptions of the symbols (positive, integer, ...);
* ``certified``  SymPy did not finish.  The step says so and falls back to
                 Arb balls (``proofcheck.core.intervals``): both sides are
                 enclosed at exact sample points of the parameter domain and
                 must agree to ``DIGITS`` significant digits (or the sign is
                 decided).  An integral SymPy leaves open is integrated by
                 Arb's rigorous quadrature (finite ranges only).  This is
                 evidence at those points, not a proof for every parameter
                 value, and the transcript says which;
* ``cited``      a step that invokes a published theorem (Markov, Pinsker,
                 Lemma 6.1) without computation, listed so the chain is whole;
* ``definition`` a quantity the paper defines or a choice it makes.

A certified non-zero difference at any sample point fails a step at once,
with that point as the counterexample; an interval comparison that stays
undecided fails too (it is never a pass).  A failing step raises
``DerivationFailed``; the steps before it stay in the transcript.

Named inputs can be replaced so that a reader or a test can watch a broken
derivation fail: ``Derivation(overrides={"drift": "sigma**2/2"})`` or
``proofcheck derive NAME --set drift='sigma**2/2'``.  A key names either a
choice (``d.given(..., key=...)``) or the paper's statement of a step
(``d.step(..., paper=..., key=...)``); override text is parsed by the
whitelisted parser of ``expressions.py``, never evaluated.

Each script defines ``TITLE``, ``SOURCE``, ``ESTABLISHES`` (result key ->
paper location), ``derive(d)``, ``results()`` (``literate.results(derive)``,
computed once per process) and ends with ``literate.main(...)`` so that it
runs standalone with ``--markdown``.
"""
from __future__ import annotations

import argparse
import os
import sys
import textwrap
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping

import sympy as sp
from flint import acb, arb, ctx, fmpq

from .decimal_audit import audit_decimal
from .domains import parse_domain
from .errors import ProofcheckError, SymbolicTimeout
from .expressions import parse_expression
from .intervals import NotEnclosable, _enclose, decide, enclose
from .symbolic import is_zero
from .timeout import time_budget

# Significant digits the certified fallback demands of two enclosures.
DIGITS = 50
# Working precisions (bits) tried in turn before a comparison counts as undecided.
PRECISIONS = (256, 1024, 4096)
# Where, in units of a bounded domain, the certified fallback samples: interior
# points (the domain's edges are for the claims engine's sampler).
SAMPLE_UNITS = (sp.Rational(2, 5), sp.Rational(1, 2), sp.Rational(3, 5))
# Seconds SymPy may spend reducing one difference to zero.
SYMBOLIC_BUDGET = 10.0

_OPERATORS = (sp.Integral, sp.Limit, sp.Sum, sp.Derivative)
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
    relation: str = "="         # "=" or ":=" (a definition) or "" (cited)
    evidence: str = ""          # symbolic | certified | cited | definition
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
                                 evidence="cited", detail="invoked, not computed"))

    def step(self, label: str, text: str, value, *, lhs=None, paper=None, key: str | None = None,
             result: str | None = None, hint: Callable | None = None):
        """A value computed by SymPy; if ``paper`` is given, assert they are equal.

        ``hint`` is a cheap simplification to try on the difference before the
        general strategies of ``symbolic.is_zero``.
        """
        paper = self._override(key, paper) if paper is not None else None
        step = Step(0, label, text, lhs=lhs, value=value, paper=paper, key=key, result=result)
        unclosed = _unclosed(value)
        if paper is None:
            if unclosed:
                step.status, step.detail = "failed", f"SymPy did not close {unclosed}"
            else:
                step.evidence, step.detail = "symbolic", "computed by SymPy"
            return self._record(step)
        self._establish_equal(step, unclosed, hint)
        return self._record(step)

    def holds(self, label: str, text: str, lhs, rel: str, rhs=0, *, key: str | None = None,
              result: str | None = None):
        """Assert ``lhs rel rhs`` (rel one of < <= > >=), decided from the symbols' assumptions."""
        if rel not in _RELATIONS:
            raise ProofcheckError(f"unsupported relation {rel!r}")
        rhs = self._override(key, sp.sympify(rhs))
        relation = _RELATIONS[rel](sp.sympify(lhs), rhs, evaluate=False)
        step = Step(0, label, text, value=relation, relation="holds", key=key, result=result)
        self._establish_relation(step)
        return self._record(step)

    def decimal(self, label: str, text: str, value, printed: str, *, key: str | None = None):
        """The paper's printed decimal is a correct rounding or truncation of ``value``."""
        if key is not None and key in self.overrides:
            self._used.add(key)
            printed = str(self.overrides[key])
        step = Step(0, label, text, lhs=value, value=printed, relation="≈", key=key)
        try:
            audit = audit_decimal(value, printed)
        except (ProofcheckError, NotEnclosable) as error:
            step.status, step.detail = "failed", str(error)
            return self._record(step)
        if audit.ok:
            step.evidence = "certified"
            step.detail = f"Arb: {printed} is {audit.verdict} from {audit.true_value}"
        else:
            step.status = "failed"
            step.detail = f"Arb: {printed} is wrong; the value is {audit.true_value}"
        return self._record(step)

    # -- establishing -----------------------------------------------------------
    def sample_points(self, expr) -> list[dict]:
        """Exact interior points for every free symbol of ``expr``."""
        free = getattr(expr, "free_symbols", set())
        points = []
        for index in range(len(SAMPLE_UNITS)):
            point = {}
            if self._domain is not None:
                for parameter in self._domain.parameters.values():
                    point[parameter.symbol] = _domain_value(parameter, point, index)
                point = {s: v for s, v in point.items() if s in free}
            for symbol in free:
                if symbol not in point:
                    point[symbol] = _value_for(symbol, index)
            if point not in points:
                points.append(point)
        return points

    def _establish_equal(self, step: Step, unclosed: str, hint):
        computed, stated = step.value, step.paper
        if isinstance(stated, (list, tuple, sp.FiniteSet)) or isinstance(computed, (list, tuple, sp.FiniteSet)):
            return self._establish_sets(step, hint)
        if unclosed and _unclosed(computed, (sp.Limit, sp.Sum, sp.Derivative)):
            step.status = "failed"
            step.detail = (f"SymPy did not close {unclosed}; Arb cannot enclose a limit, sum or "
                           f"derivative, so the step is not established")
            return
        if unclosed:
            # An integral SymPy left open: Arb integrates it instead (certified quadrature).
            outcome, detail = self._certified_equal(computed, stated)
            step.detail = f"SymPy did not close {unclosed}; " + detail
            if outcome:
                step.evidence = "certified"
            else:
                step.status = "failed"
            return
        if sp.sympify(computed).is_infinite or sp.sympify(stated).is_infinite:
            if sp.sympify(computed) == sp.sympify(stated):
                step.evidence, step.detail = "symbolic", "SymPy's value is the stated infinity"
            else:
                step.status, step.detail = "failed", "SymPy's value and the statement differ at infinity"
            return
        difference = sp.sympify(computed) - sp.sympify(stated)
        # A certified non-zero difference at one point refutes the step outright.
        counter = self._counterexample(computed, stated)
        if counter:
            step.status, step.detail = "failed", counter
            return
        if "symbolic" in self.routes and _reduces_to_zero(difference, hint, self.facts()):
            step.evidence, step.detail = "symbolic", "SymPy reduces the difference to 0"
            return
        if "certified" not in self.routes:
            step.status, step.detail = "failed", "SymPy did not reduce the difference to 0"
            return
        outcome, detail = self._certified_equal(computed, stated)
        prefix = "SymPy did not reduce the difference to 0; " if "symbolic" in self.routes else ""
        if outcome:
            step.evidence, step.detail = "certified", prefix + detail
        else:
            step.status, step.detail = "failed", prefix + detail

    def _establish_sets(self, step: Step, hint):
        computed, stated = _items(step.value), _items(step.paper)
        if len(computed) != len(stated):
            step.status = "failed"
            step.detail = f"SymPy found {len(computed)} value(s), the statement has {len(stated)}"
            return
        remaining = list(stated)
        for item in computed:
            match = next((s for s in remaining if not self._counterexample(item, s)
                          and _reduces_to_zero(sp.sympify(item) - sp.sympify(s), hint, self.facts())), None)
            if match is None:
                step.status, step.detail = "failed", f"SymPy's value {sp.sstr(item)} is not in the statement"
                return
            remaining.remove(match)
        step.evidence, step.detail = "symbolic", "SymPy's values are exactly the stated ones"

    def _counterexample(self, computed, stated) -> str:
        """A point where Arb certifies the two sides differ, as a message; else ''."""
        for point in self.sample_points(sp.sympify(computed) - sp.sympify(stated)):
            try:
                a = _enclose_any(computed, point, PRECISIONS[0])
                b = _enclose_any(stated, point, PRECISIONS[0])
            except (NotEnclosable, ArithmeticError, ValueError, TypeError, ZeroDivisionError):
                return ""
            if not (a.is_finite() and b.is_finite()):
                continue
            difference = a - b
            if difference > 0 or difference < 0:
                return (f"Arb certifies computed != stated at {_show(point)}: "
                        f"computed {a.str(12, radius=False)}, stated {b.str(12, radius=False)}")
        return ""

    def _certified_equal(self, computed, stated) -> tuple[bool, str]:
        points = self.sample_points(sp.sympify(computed) - sp.sympify(stated))
        for point in points:
            agreed = False
            for prec in PRECISIONS:
                try:
                    a = _enclose_any(computed, point, prec)
                    b = _enclose_any(stated, point, prec)
                except NotEnclosable as reason:
                    return False, f"no certified route: {reason}"
                except (ArithmeticError, ValueError, TypeError) as error:
                    return False, f"no certified route: {type(error).__name__} at {_show(point)}"
                if not (a.is_finite() and b.is_finite()):
                    continue
                difference = a - b
                if difference > 0 or difference < 0:
                    return False, (f"Arb certifies computed != stated at {_show(point)}: computed "
                                   f"{a.str(12, radius=False)}, stated {b.str(12, radius=False)}")
                scale = max(a.abs_lower(), b.abs_lower(), enclose(sp.Integer(10) ** -DIGITS))
                if difference.abs_upper() <= scale * enclose(sp.Integer(10) ** -DIGITS, prec=prec):
                    agreed = True
                    break
            if not agreed:
                return False, f"Arb comparison undecided at {_show(point)} (never a pass)"
        return True, (f"Arb encloses both sides; they agree to {DIGITS} significant digits"
                      + _where(points))

    def _establish_relation(self, step: Step):
        relation = step.value
        gap = relation.lhs - relation.rhs
        wanted = {"<": "is_negative", "<=": "is_nonpositive", ">": "is_positive",
                  ">=": "is_nonnegative"}.get(relation.rel_op)
        if wanted is None:
            step.status, step.detail = "failed", f"unsupported relation {relation.rel_op}"
            return
        opposite = {"is_negative": "is_nonnegative", "is_nonpositive": "is_positive",
                    "is_positive": "is_nonpositive", "is_nonnegative": "is_negative"}[wanted]
        if "symbolic" in self.routes:
            for form in _sign_forms(gap):
                if getattr(form, wanted) is True:
                    step.evidence = "symbolic"
                    step.detail = "SymPy decides the sign from the assumptions on the symbols"
                    return
                if getattr(form, opposite) is True:
                    step.status, step.detail = "failed", "SymPy decides the opposite sign"
                    return
            decided = _ask_sign(gap, wanted, opposite, self.facts())
            if decided is True:
                step.evidence = "symbolic"
                step.detail = "SymPy decides the sign from the domains of the parameters"
                return
            if decided is False:
                step.status, step.detail = "failed", "SymPy decides the opposite sign on the domain"
                return
        if "certified" not in self.routes:
            step.status, step.detail = "failed", "SymPy did not decide the sign"
            return
        points = self.sample_points(gap)
        for point in points:
            try:
                verdict = decide(relation.rel_op, relation.lhs, relation.rhs, point, max_prec=PRECISIONS[-1])
            except NotEnclosable as reason:
                step.status, step.detail = "failed", f"SymPy did not decide the sign; no certified route: {reason}"
                return
            if verdict is not True:
                step.status = "failed"
                step.detail = (f"Arb finds the relation false at {_show(point)}" if verdict is False
                               else f"Arb comparison undecided at {_show(point)} (never a pass)")
                return
        prefix = "SymPy did not decide the sign; " if "symbolic" in self.routes else ""
        step.evidence = "certified"
        step.detail = prefix + "Arb decides it" + _where(points)


# -- helpers -------------------------------------------------------------------

def _items(value) -> list:
    if isinstance(value, sp.FiniteSet):
        return list(value.args)
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _unclosed(value, operators=_OPERATORS) -> str:
    items = value if isinstance(value, (list, tuple)) else [value]
    for item in items:
        if isinstance(item, sp.Basic) and item.has(*operators):
            for op in operators:
                found = item.atoms(op)
                if found:
                    return f"the {op.__name__.lower()} {sp.sstr(next(iter(found)))[:120]}"
    return ""


def _reduces_to_zero(difference, hint, facts=sp.true) -> bool:
    """Does SymPy reduce ``difference`` to 0: by the hint, the general strategies, or
    after refining with the domain facts (``Abs(r - 1)`` is ``1 - r`` when ``r < 1``)?"""
    try:
        with time_budget(SYMBOLIC_BUDGET):
            if hint is not None and sp.sympify(hint(difference)) == 0:
                return True
    except SymbolicTimeout:
        pass
    except (TypeError, ValueError, NotImplementedError, AttributeError, ZeroDivisionError):
        pass
    if is_zero(difference, budget=SYMBOLIC_BUDGET):
        return True
    if facts is sp.true:
        return False
    try:
        with time_budget(SYMBOLIC_BUDGET):
            refined = sp.refine(difference, facts)
    except SymbolicTimeout:
        return False
    except (TypeError, ValueError, NotImplementedError, AttributeError):
        return False
    return refined != difference and is_zero(refined, budget=SYMBOLIC_BUDGET)


_PREDICATES = {"is_negative": sp.Q.negative, "is_nonpositive": sp.Q.nonpositive,
               "is_positive": sp.Q.positive, "is_nonnegative": sp.Q.nonnegative}


def _ask_sign(gap, wanted, opposite, facts):
    """True, False (the opposite sign holds) or None, by ``sp.ask`` under the domain facts."""
    try:
        with time_budget(SYMBOLIC_BUDGET):
            if sp.ask(_PREDICATES[wanted](gap), facts) is True:
                return True
            if sp.ask(_PREDICATES[opposite](gap), facts) is True:
                return False
    except SymbolicTimeout:
        return None
    except (TypeError, ValueError, NotImplementedError, AttributeError, RecursionError):
        return None
    return None


def _sign_forms(gap):
    yield gap
    for transform in (sp.factor, sp.together, sp.simplify):
        try:
            with time_budget(SYMBOLIC_BUDGET):
                yield transform(gap)
        except SymbolicTimeout:
            return
        except (TypeError, ValueError, NotImplementedError, AttributeError):
            continue


def _domain_value(parameter, point, index):
    """An exact interior value of a declared parameter (bounds may name earlier ones)."""
    lo = parameter.lower.expr.subs(point) if parameter.lower else None
    hi = parameter.upper.expr.subs(point) if parameter.upper else None
    if parameter.integer:
        start = int(sp.ceiling(lo)) if lo is not None else (int(sp.floor(hi)) - 8 if hi is not None else 0)
        value = sp.Integer(start + [1, 2, 6][index])
        if parameter.parity is not None and int(value) % 2 != parameter.parity:
            value += 1
    elif lo is not None and hi is not None:
        value = lo + SAMPLE_UNITS[index] * (hi - lo)
    elif lo is not None:
        value = lo + [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    elif hi is not None:
        value = hi - [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    else:
        value = [sp.Rational(-3, 4), sp.Rational(1, 3), sp.Rational(5, 2)][index]
    try:
        return parameter.validate(value, point)
    except ProofcheckError:
        return parameter.from_unit(sp.Rational(1, 2), point)


def _value_for(symbol, index):
    """An exact sample value respecting a symbol's assumptions."""
    if symbol.is_integer:
        base = [2, 3, 7][index]
        if symbol.is_odd:
            base = [3, 5, 7][index]
        if symbol.is_even:
            base = [2, 4, 8][index]
        return sp.Integer(-base if symbol.is_negative else base)
    magnitude = [sp.Rational(1, 3), sp.Rational(3, 2), sp.Rational(7, 2)][index]
    if symbol.is_negative:
        return -magnitude
    if symbol.is_nonnegative or symbol.is_positive:
        return magnitude
    return [sp.Rational(-3, 4), sp.Rational(1, 3), sp.Rational(5, 2)][index]


def _where(points) -> str:
    if points == [{}]:
        return " (no free parameters)"
    return (f" at {len(points)} points " + "; ".join(_show(p) for p in points)
            + " (evidence at these points, not for every value)")


def _show(point) -> str:
    if not point:
        return "(no free parameters)"
    return "{" + ", ".join(f"{k}={v}" for k, v in sorted(point.items(), key=lambda kv: kv[0].name)) + "}"


# -- certified quadrature for integrals SymPy leaves open ------------------------------

_ACB_UNARY = {sp.exp: "exp", sp.erf: "erf", sp.erfc: "erfc", sp.sin: "sin", sp.cos: "cos",
              sp.tan: "tan", sp.atan: "atan", sp.sinh: "sinh", sp.cosh: "cosh", sp.tanh: "tanh",
              sp.gamma: "gamma"}


def _acb(expr, env, analytic: bool):
    """``expr`` as a complex ball; functions with branch cuts check ``analytic``.

    acb.integral needs this: on a ball where the integrand might not be
    holomorphic (a branch cut of log or sqrt) it must see a non-finite value.
    """
    if expr.is_Symbol:
        if expr not in env:
            raise NotEnclosable(f"no value for {expr}")
        return env[expr]
    if expr.is_Rational:
        return acb(fmpq(int(expr.p), int(expr.q)))
    if expr is sp.pi:
        return acb.pi()
    if expr is sp.E:
        return acb(1).exp()
    if isinstance(expr, sp.Add):
        total = acb(0)
        for term in expr.args:
            total += _acb(term, env, analytic)
        return total
    if isinstance(expr, sp.Mul):
        product = acb(1)
        for factor in expr.args:
            product *= _acb(factor, env, analytic)
        return product
    if isinstance(expr, sp.Pow):
        base = _acb(expr.base, env, analytic)
        if expr.exp.is_Integer:
            k = int(expr.exp)
            return base ** k if k >= 0 else 1 / base ** (-k)
        if expr.exp == sp.Rational(1, 2):
            return base.sqrt(analytic=analytic)
        return (_acb(expr.exp, env, analytic) * base.log(analytic=analytic)).exp()
    if isinstance(expr, sp.log) and len(expr.args) == 1:
        return _acb(expr.args[0], env, analytic).log(analytic=analytic)
    name = _ACB_UNARY.get(expr.func)
    if name is not None:
        return getattr(_acb(expr.args[0], env, analytic), name)()
    raise NotEnclosable(f"no complex-ball rule for {expr.func.__name__} (needed to integrate)")


def _certified_integral(integral, env, prec: int) -> arb:
    """A ball containing a definite integral over a finite range (Arb's rigorous quadrature)."""
    if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
        raise NotEnclosable("only a single definite integral can be integrated by Arb")
    variable, lower, upper = integral.limits[0]
    if integral.function.has(sp.Integral):
        raise NotEnclosable("nested integral")
    ends = []
    for end in (lower, upper):
        if end.has(sp.oo, -sp.oo, sp.zoo):
            raise NotEnclosable("Arb's quadrature needs a finite range")
        ends.append(_enclose(end, env))
    complex_env = {s: acb(v) for s, v in env.items()}
    old = ctx.prec
    ctx.prec = prec
    try:
        value = acb.integral(lambda x, analytic: _acb(integral.function, {**complex_env, variable: x}, analytic),
                             ends[0], ends[1])
    finally:
        ctx.prec = old
    if not value.imag.contains(0):
        raise NotEnclosable("the integral of a real integrand came out complex")
    return value.real


def _enclose_any(expr, point, prec: int) -> arb:
    """Like ``intervals.enclose``, but an unevaluated integral is integrated by Arb."""
    expr = sp.sympify(expr)
    if not expr.has(sp.Integral):
        return enclose(expr, point, prec)
    old = ctx.prec
    ctx.prec = prec
    try:
        env = {s: _enclose(sp.sympify(v), {}) for s, v in point.items()}
        replaced = {}
        for integral in expr.atoms(sp.Integral):
            marker = sp.Dummy("I")
            env[marker] = _certified_integral(integral, env, prec)
            replaced[integral] = marker
        return _enclose(expr.xreplace(replaced), env)
    finally:
        ctx.prec = old


# -- running and rendering -----------------------------------------------------

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


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(" ".join(text.split()), width=88, initial_indent=indent,
                         subsequent_indent=indent)


def render_text_header(title: str, source: str) -> str:
    lines = [title, "=" * min(len(title), 88)]
    if source:
        lines.append(_wrap(source, ""))
    return "\n".join(lines) + "\n"


def as_text(expr) -> str:
    if isinstance(expr, Display):
        return expr.plain
    if isinstance(expr, (list, tuple)):
        return ", ".join(as_text(e) for e in expr)
    return sp.sstr(expr)


def render_text(step: Step) -> str:
    lines = [f"[{step.number}] {step.label}"]
    if step.text:
        lines.append(_wrap(step.text, "    "))
    if step.relation == "holds":
        lines.append(f"      {as_text(step.value)}")
    elif step.relation == "≈":
        lines.append(f"      {as_text(step.lhs)} ≈ {step.value}")
    elif step.relation and step.value is not None:
        if step.lhs is not None:
            lines.append(f"      {as_text(step.lhs)}")
            lines.append(f"        {step.relation} {as_text(step.value)}")
        else:
            lines.append(f"      {as_text(step.value)}")
        if step.paper is not None:
            lines.append(f"    paper: {as_text(step.paper)}")
    elif step.value is not None:
        lines.append(f"      {as_text(step.value)}")
    mark = "✓" if step.status == "ok" else "✗ FAILED"
    tags = [t for t in (f"key {step.key}" if step.key else "",
                        f"result {step.result}" if step.result else "") if t]
    lines.append(f"    {mark} {step.evidence or ''}{': ' if step.evidence and step.detail else ''}"
                 f"{step.detail}" + (f"  [{', '.join(tags)}]" if tags else ""))
    return "\n".join(lines) + "\n"


def render_markdown_header(title: str, source: str) -> str:
    lines = [f"# {title}", ""]
    if source:
        lines += [f"*{source}*", ""]
    return "\n".join(lines) + "\n"


def as_latex(expr) -> str:
    if isinstance(expr, Display):
        return expr.latex
    if isinstance(expr, (list, tuple)):
        return r",\ ".join(as_latex(e) for e in expr)
    return sp.latex(expr)


def render_markdown(step: Step) -> str:
    out = [f"**{step.number}. {_escape(step.label)}.** {_escape(' '.join(step.text.split()))}", ""]
    if step.relation == "holds":
        out += ["$$", as_latex(step.value), "$$", ""]
    elif step.relation == "≈":
        out += ["$$", f"{as_latex(step.lhs)} \\approx {step.value}", "$$", ""]
    elif step.relation and step.value is not None:
        relation = r"\mathrel{:=}" if step.relation == ":=" else "="
        body = f"{as_latex(step.lhs)} {relation} {as_latex(step.value)}" if step.lhs is not None \
            else as_latex(step.value)
        out += ["$$", body, "$$", ""]
        if step.paper is not None:
            out += [f"The paper states ${as_latex(step.paper)}$.", ""]
    elif step.value is not None:
        out += ["$$", as_latex(step.value), "$$", ""]
    mark = "✅" if step.status == "ok" else "❌ **failed**"
    tags = [t for t in (f"key `{step.key}`" if step.key else "",
                        f"result `{step.result}`" if step.result else "") if t]
    detail = _escape(step.detail or _DEFAULT_DETAIL.get(step.evidence, ""))
    out += [f"> {mark} *{step.evidence or 'not established'}* — {detail}"
            + (f" ({', '.join(tags)})" if tags else ""), ""]
    return "\n".join(out)


_DEFAULT_DETAIL = {"definition": "as the paper defines it"}


def _escape(text: str) -> str:
    """Prose as Markdown: characters that would start emphasis are shown literally."""
    for special in ("\\", "*", "_", "`", "$"):
        text = text.replace(special, "\\" + special)
    return text


def render_summary(d: Derivation, seconds: float, markdown: bool) -> str:
    counts: dict[str, int] = {}
    for step in d.steps:
        counts[step.evidence] = counts.get(step.evidence, 0) + 1
    evidence = ", ".join(f"{n} {e}" for e, n in counts.items())
    text = f"{len(d.steps)} steps ({evidence}); {len(d.results)} named results; {seconds:.1f} s"
    return (f"---\n\n*{text}*\n" if markdown else f"{'-' * 40}\n{text}\n")


def parse_overrides(items) -> dict[str, str]:
    """``KEY=EXPR`` strings from the command line, as a mapping."""
    overrides = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ProofcheckError(f"--set expects KEY=EXPRESSION, got {item!r}")
        overrides[key.strip()] = value.strip()
    return overrides


def present(derive, title: str, source: str, markdown: bool = False, overrides=None,
            stream=None) -> int:
    """Run and print a derivation step by step; 0 if every step held, 1 if one failed."""
    stream = stream or sys.stdout
    stream.write((render_markdown_header if markdown else render_text_header)(title, source) + "\n")
    render = render_markdown if markdown else render_text

    def show(step):
        stream.write(render(step) + "\n")
        stream.flush()

    start = time.perf_counter()
    try:
        d = run(derive, title, source, overrides=overrides, on_step=show)
    except DerivationFailed as failure:
        stream.write(f"derivation failed at step {failure.step.number} ({failure.step.label})\n")
        return 1
    stream.write(render_summary(d, time.perf_counter() - start, markdown))
    return 0


def main(derive, title: str, source: str, argv=None) -> int:
    """Command line of a standalone script: ``python derivations/NAME.py [--markdown]``."""
    parser = argparse.ArgumentParser(description=title)
    parser.add_argument("--markdown", action="store_true", help="print Markdown with LaTeX math")
    parser.add_argument("--set", action="append", metavar="KEY=EXPR", default=[],
                        help="replace a keyed input or statement (to watch a broken step fail)")
    args = parser.parse_args(argv)
    try:
        return present(derive, title, source, markdown=args.markdown,
                       overrides=parse_overrides(args.set))
    except ProofcheckError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader closed the pipe (``| head``): not an error of the derivation.
        sys.stdout = open(os.devnull, "w")
        return 0
