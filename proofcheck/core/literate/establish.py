"""How a step of a literate derivation is established (see ``proofcheck.core.literate``).

A computed value is closed by SymPy; where the paper states it, SymPy must
reduce ``computed - stated`` to 0 (by the step's hint, by
``symbolic.is_zero``, or after refining with the domain's facts).  Failing
that, Arb encloses both sides at the derivation's exact points
(``points.interior_points``), an integral SymPy leaves open by Arb's rigorous
quadrature, and they must agree to ``DIGITS`` significant digits at each; a
certified difference at any point fails the step with that point as the
counterexample, before SymPy is asked at all.  A relation is looked at the
same way first (a point where Arb proves it false fails it), then decided by
SymPy's assumptions, then by ``sp.ask`` under the domain's facts, then by Arb
at the points.  A printed decimal is audited by Arb.  Each rule fills in the
step's evidence and detail, or marks it failed; an undecided comparison is
never a pass.
"""
from __future__ import annotations

import sympy as sp

from ..decimals.audit import audit_decimal
from ..model.errors import ProofcheckError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..numbers.intervals import LOOK_PREC, NotEnclosable, decide, enclose, enclose_with_quadrature, first_point_where
from ..symbolic.operators import is_zero
from .points import show, where

# Significant digits the certified fallback demands of two enclosures.
DIGITS = 50
# Working precisions (bits) tried in turn before a comparison counts as undecided.
PRECISIONS = (256, 1024, 4096)
# Seconds SymPy may spend reducing one difference to zero.
SYMBOLIC_BUDGET = 10.0



def establish_value(d, step, hint):
    """A value computed by SymPy: closed, and equal to the paper's statement where there is one."""
    unclosed = _unclosed(step.value)
    if step.paper is None:
        if unclosed:
            step.status, step.detail = "failed", f"SymPy did not close {unclosed}"
        else:
            step.evidence, step.detail = "symbolic", "computed by SymPy"
        return
    _establish_equal(d, step, unclosed, hint)


def establish_decimal(step):
    """The printed decimal ``step.value`` is a correct rounding or truncation of ``step.lhs``."""
    printed = step.value
    try:
        audit = audit_decimal(step.lhs, printed)
    except (ProofcheckError, NotEnclosable) as error:
        step.status, step.detail = "failed", str(error)
        return
    if audit.ok:
        step.evidence = "certified"
        step.detail = f"Arb: {printed} is {audit.verdict} from {audit.true_value}"
    else:
        step.status = "failed"
        step.detail = f"Arb: {printed} is wrong; the value is {audit.true_value}"


def _establish_equal(d, step, unclosed: str, hint):
    """The computed value equals the paper's statement: symbolically, else certified at points."""
    computed, stated = step.value, step.paper
    if isinstance(stated, (list, tuple, sp.FiniteSet)) or isinstance(computed, (list, tuple, sp.FiniteSet)):
        return _establish_sets(d, step, hint)
    if unclosed and _unclosed(computed, (sp.Limit, sp.Sum, sp.Derivative)):
        step.status = "failed"
        step.detail = (f"SymPy did not close {unclosed}; Arb cannot enclose a limit, sum or "
                       f"derivative, so the step is not established")
        return
    if unclosed:
        # An integral SymPy left open: Arb integrates it instead (certified quadrature).
        outcome, detail = _certified_equal(d, computed, stated)
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
    counter = _counterexample(d, computed, stated)
    if counter:
        step.status, step.detail = "failed", counter
        return
    if "symbolic" in d.routes and _reduces_to_zero(difference, hint, d.facts()):
        step.evidence, step.detail = "symbolic", "SymPy reduces the difference to 0"
        return
    if "certified" not in d.routes:
        step.status, step.detail = "failed", "SymPy did not reduce the difference to 0"
        return
    outcome, detail = _certified_equal(d, computed, stated)
    prefix = "SymPy did not reduce the difference to 0; " if "symbolic" in d.routes else ""
    if outcome:
        step.evidence, step.detail = "certified", prefix + detail
    else:
        step.status, step.detail = "failed", prefix + detail


def _establish_sets(d, step, hint):
    computed, stated = _items(step.value), _items(step.paper)
    if len(computed) != len(stated):
        step.status = "failed"
        step.detail = f"SymPy found {len(computed)} value(s), the statement has {len(stated)}"
        return
    remaining = list(stated)
    for item in computed:
        match = next((s for s in remaining if not _counterexample(d, item, s)
                      and _reduces_to_zero(sp.sympify(item) - sp.sympify(s), hint, d.facts())), None)
        if match is None:
            step.status, step.detail = "failed", f"SymPy's value {sp.sstr(item)} is not in the statement"
            return
        remaining.remove(match)
    step.evidence, step.detail = "symbolic", "SymPy's values are exactly the stated ones"


def _counterexample(d, computed, stated) -> str:
    """A point where Arb certifies the two sides differ, as a message; else ''."""
    for point in d.sample_points(sp.sympify(computed) - sp.sympify(stated)):
        try:
            a = enclose_with_quadrature(computed, point, PRECISIONS[0])
            b = enclose_with_quadrature(stated, point, PRECISIONS[0])
        except (NotEnclosable, ArithmeticError, ValueError, TypeError, ZeroDivisionError):
            return ""
        if not (a.is_finite() and b.is_finite()):
            continue
        difference = a - b
        if difference > 0 or difference < 0:
            return (f"Arb certifies computed != stated at {show(point)}: "
                    f"computed {a.str(12, radius=False)}, stated {b.str(12, radius=False)}")
    return ""


def _certified_equal(d, computed, stated) -> tuple[bool, str]:
    """Both sides agree to DIGITS significant digits in Arb at every point, with the message."""
    points = d.sample_points(sp.sympify(computed) - sp.sympify(stated))
    for point in points:
        agreed = False
        for prec in PRECISIONS:
            try:
                a = enclose_with_quadrature(computed, point, prec)
                b = enclose_with_quadrature(stated, point, prec)
            except NotEnclosable as reason:
                return False, f"no certified route: {reason}"
            except (ArithmeticError, ValueError, TypeError) as error:
                return False, f"no certified route: {type(error).__name__} at {show(point)}"
            if not (a.is_finite() and b.is_finite()):
                continue
            difference = a - b
            if difference > 0 or difference < 0:
                return False, (f"Arb certifies computed != stated at {show(point)}: computed "
                               f"{a.str(12, radius=False)}, stated {b.str(12, radius=False)}")
            scale = max(a.abs_lower(), b.abs_lower(), enclose(sp.Integer(10) ** -DIGITS))
            if difference.abs_upper() <= scale * enclose(sp.Integer(10) ** -DIGITS, prec=prec):
                agreed = True
                break
        if not agreed:
            return False, f"Arb comparison undecided at {show(point)} (never a pass)"
    return True, (f"Arb encloses both sides; they agree to {DIGITS} significant digits"
                  + where(points))


def _symbolic_sign(d, gap, wanted: str, opposite: str) -> tuple[bool, str] | None:
    """(holds, why) where SymPy decides the sign of ``gap``, from the symbols' assumptions
    or the parameters' domains; None where it does not."""
    for form in _sign_forms(gap):
        if getattr(form, wanted) is True:
            return True, "SymPy decides the sign from the assumptions on the symbols"
        if getattr(form, opposite) is True:
            return False, "SymPy decides the opposite sign"
    decided = _ask_sign(gap, wanted, opposite, d.facts())
    if decided is True:
        return True, "SymPy decides the sign from the domains of the parameters"
    if decided is False:
        return False, "SymPy decides the opposite sign on the domain"
    return None


def establish_relation(d, step):
    """``lhs rel rhs``: its sign decided by SymPy, else by Arb at the derivation's points."""
    relation = step.value
    gap = relation.lhs - relation.rhs
    wanted = {"<": "is_negative", "<=": "is_nonpositive", ">": "is_positive",
              ">=": "is_nonnegative"}.get(relation.rel_op)
    if wanted is None:
        step.status, step.detail = "failed", f"unsupported relation {relation.rel_op}"
        return
    opposite = {"is_negative": "is_nonnegative", "is_nonpositive": "is_positive",
                "is_positive": "is_nonpositive", "is_nonnegative": "is_negative"}[wanted]
    points = d.sample_points(gap)
    # SymPy's assumptions are not proofs we can check: sp.ask (1.14) says 2x > 0 from
    # "x real and y > 0".  A point where balls prove the relation false fails it first.
    seen = first_point_where(
        lambda p: decide(relation.rel_op, relation.lhs, relation.rhs, p, max_prec=LOOK_PREC) is False, points)
    if seen is not None:
        step.status, step.detail = "failed", f"Arb finds the relation false at {show(seen)}"
        return
    if "symbolic" in d.routes:
        decided = _symbolic_sign(d, gap, wanted, opposite)
        if decided is not None:
            holds, step.detail = decided
            if holds:
                step.evidence = "symbolic"
            else:
                step.status = "failed"
            return
    if "certified" not in d.routes:
        step.status, step.detail = "failed", "SymPy did not decide the sign"
        return
    for point in points:
        try:
            verdict = decide(relation.rel_op, relation.lhs, relation.rhs, point, max_prec=PRECISIONS[-1])
        except NotEnclosable as reason:
            step.status, step.detail = "failed", f"SymPy did not decide the sign; no certified route: {reason}"
            return
        if verdict is not True:
            step.status = "failed"
            step.detail = (f"Arb finds the relation false at {show(point)}" if verdict is False
                           else f"Arb comparison undecided at {show(point)} (never a pass)")
            return
    prefix = "SymPy did not decide the sign; " if "symbolic" in d.routes else ""
    step.evidence = "certified"
    step.detail = prefix + "Arb decides it" + where(points)


def _items(value) -> list:
    if isinstance(value, sp.FiniteSet):
        return list(value.args)
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _unclosed(value, operators=OPERATORS) -> str:
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
