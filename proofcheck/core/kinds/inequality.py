"""Kind ``inequality``: ``lhs rel rhs`` across the claim's domain.

Routes, strongest first:

* symbolic  SymPy shows the difference positive (or nonnegative) from the
            parameters' assumptions, possibly after writing each parameter
            with a constant lower bound as that bound plus a positive amount;
* certified with no free parameters, Arb balls decide it;
* numeric   at sampled points, Arb balls decide it at each point (or, where
            the sides use operators that balls do not cover, mpmath at dps
            and 2*dps with a margin derived from the precision).

Negative controls: the relation reversed, and the asserted constants
perturbed.  A perturbation that still holds at every sampled point (it
weakens the bound, or keeps a sign claim true) is no wrong version and is
skipped; every perturbation that is false somewhere must be rejected.  A claim with a
``slack`` field says, in words, why its bound is far from tight; its constant
perturbations are then not meaningful controls and only the reversal is used.
"""
from __future__ import annotations

import mpmath
import sympy as sp

from ..errors import ProofcheckError, SymbolicTimeout
from ..intervals import NotEnclosable, decide
from ..numeric import EvaluationError, evaluate
from ..precision import required_digits
from ..timeout import time_budget
from ..verdict import Verdict, failed, passed
from . import Kind, register
from .equality import _show_point, sample_points

_REVERSED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def slack_expression(claim):
    """An expression that is positive (strict) or nonnegative exactly when the claim holds."""
    lhs, rhs, rel = claim.expr("lhs"), claim.expr("rhs"), claim.parsed["rel"]
    return (rhs - lhs) if rel in ("<", "<=") else (lhs - rhs)


def _symbolic(claim, settings):
    strict = claim.parsed["rel"] in ("<", ">")
    slack = slack_expression(claim)
    if slack.has(sp.Integral, sp.Limit, sp.Derivative, sp.Sum, sp.Piecewise):
        return False
    if slack.is_number:
        # SymPy signs a constant by evaluating it (evalf), which is not a derivation:
        # constants are left to the Arb enclosure, which certifies them.
        return False
    shifted = {}
    for parameter in claim.parameters.values():
        lower = parameter.lower
        if lower is not None and lower.expr.is_number and parameter.upper is None:
            t = sp.Symbol(f"_{parameter.name}_above", positive=True)
            shifted[parameter.symbol] = lower.expr + (t if lower.strict else t)
    candidates = []
    try:
        with time_budget(min(settings.symbolic_budget, 10.0)):
            simplified = sp.simplify(slack)
            candidates = [slack, simplified, sp.factor(simplified)]
            if shifted:
                candidates.append(sp.factor(sp.expand(slack.xreplace(shifted))))
            for c in candidates:
                if (c.is_positive if strict else c.is_nonnegative):
                    return True
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError,
            RecursionError):
        return False
    return False


def _decide_at(claim, point, settings):
    """True/False if decided at ``point``, with the route used; None if undecided."""
    rel = claim.parsed["rel"]
    lhs, rhs = claim.expr("lhs"), claim.expr("rhs")
    try:
        outcome = decide(rel, lhs, rhs, point)
        if outcome is not None:
            return outcome, "certified"
    except (NotEnclosable, ZeroDivisionError, ValueError):
        pass
    # Numeric fallback: decided only if the margin clears the precision at both dps.
    strict = rel in ("<", ">")
    outcomes = []
    for dps in (settings.dps, 2 * settings.dps):
        try:
            slack = evaluate(slack_expression(claim), point, dps)
            scale = max(abs(evaluate(lhs, point, dps)), abs(evaluate(rhs, point, dps)), mpmath.mpf(1) / 10**30)
        except EvaluationError:
            return None, "error"
        tolerance = mpmath.mpf(10) ** (-required_digits(dps)) * scale
        if slack > tolerance:
            outcomes.append(True)
        elif slack < -tolerance:
            outcomes.append(False)
        else:
            outcomes.append(None if strict else True)
    if outcomes[0] != outcomes[1]:
        return None, "numeric"
    return outcomes[0], "numeric"


class Inequality(Kind):
    name = "inequality"
    required = ("lhs", "rel", "rhs")
    optional = ("slack",)
    expression_fields = ("lhs", "rhs")
    asserted_fields = ("rhs", "lhs")
    description = "lhs rel rhs holds across the domain"

    def prepare(self, claim):
        super().prepare(claim)
        rel = claim.raw["rel"]
        if rel not in _REVERSED:
            raise ProofcheckError(f"'rel' must be one of <, <=, >, >=, got {rel!r}")
        claim.parsed["rel"] = rel
        if "slack" in claim.raw and not isinstance(claim.raw["slack"], str):
            raise ProofcheckError("'slack' must say in words why the bound is not tight")

    def check(self, claim, settings):
        points = sample_points(claim, settings)
        if "symbolic" in settings.routes and not settings.mutant_mode and _symbolic(claim, settings):
            return passed("symbolic", "SymPy shows the difference is "
                          + ("positive" if claim.parsed["rel"] in "<>" else "nonnegative"))
        routes = set()
        for point in points:
            outcome, route = _decide_at(claim, point, settings)
            if outcome is None:
                return Verdict("error", None, f"undecided at {_show_point(point)} ({route}): raise --dps",
                               {"point": _show_point(point)})
            if not outcome:
                lhs = evaluate(claim.expr("lhs"), point, 30)
                rhs = evaluate(claim.expr("rhs"), point, 30)
                return failed(f"{claim.parsed['rel']} fails", {"point": _show_point(point),
                              "lhs": mpmath.nstr(lhs, 20), "rhs": mpmath.nstr(rhs, 20)})
            routes.add(route)
        if not claim.domain.parameters and routes == {"certified"}:
            return passed("certified", "decided by Arb balls")
        how = "Arb balls" if routes == {"certified"} else "Arb balls and mpmath" if "certified" in routes \
            else f"mpmath at {settings.dps} and {2 * settings.dps} digits"
        return passed("numeric", f"holds at {len(points)} sampled points, each decided by {how}")

    def mutants(self, claim, settings):
        out = [(f"relation {claim.parsed['rel']} -> {_REVERSED[claim.parsed['rel']]}",
                _with_relation(claim, _REVERSED[claim.parsed["rel"]]))]
        if "slack" in claim.raw:
            return out
        from ..mutants import expression_mutants
        points = sample_points(claim, settings)
        # A side built from operators (an expectation, an integral) is the definition, not
        # what the paper asserts: only the other side is perturbed.
        fields = [f for f in self.asserted_fields
                  if not claim.expr(f).has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative)]
        for description, mutant in expression_mutants(claim, fields, settings):
            if _still_true(mutant, points):
                continue
            out.append((description, mutant))
        return out


def _with_relation(claim, rel):
    copy = claim.with_fields(rel=rel)
    copy.parsed["rel"] = rel
    return copy


def _still_true(mutant, points):
    """A perturbed inequality that still holds at every sampled point is not a wrong claim.

    Unlike an equation, an inequality usually survives a change of a constant
    in the direction that weakens it (or one that keeps it true for another
    reason, as "X > 0" does); such a mutant is no negative control.  The
    perturbations kept are those that are false somewhere on the sample, and
    the checker must reject each of them.
    """
    strict = mutant.parsed["rel"] in ("<", ">")
    slack = slack_expression(mutant)
    for point in points:
        try:
            value = evaluate(slack, point, 30)
        except EvaluationError:
            return False
        if value < 0 or (strict and value == 0):
            return False
    return True


register(Inequality())
