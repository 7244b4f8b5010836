"""The kind that asserts an equality, ``identity``, and the equality check that the kinds
reached by a limit (``core/kinds/limits.py``) share.

Each derives one side from definitions and compares it with what the paper
asserts: ``identity``: ``lhs`` (built from definitions: ``E(...)``, ``integrate``,
``diff``, ...) equals ``asserts``.

The symbolic route asks SymPy to derive the closed form and reduce the
difference to 0.  Failing that, the numeric route evaluates the definition
(quadrature, numerical limits) and the assertion at sampled points, at the
working precision and at twice it; a difference of closed forms is also compared
where one of its pieces switches (``core/points/slack_roots.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import mpmath
import sympy as sp

from ..model.errors import CancelledDigits, DomainError, EvaluationError, NoLimit, ProofcheckError, SymbolicTimeout
from ..model.expressions import OPERATORS, has_operator
from ..model.sampling import point_from_units
from ..model.timeout import time_budget
from ..model.verdict import Settings, Verdict, failed, passed, show_point
from ..numbers.intervals import NotEnclosable, certified_nonzero
from ..numbers.numeric import evaluate
from ..numbers.precision import against_zero, agree, required_digits, short
from ..numbers.side_balls import unvouched
from ..points.policy import sample_points
from ..points.slack_roots import switch_points
from ..symbolic.operators import NoClosedForm, closed_form, is_zero
from . import Kind
from .identity_points import (
    apart_below_the_digits,
    apart_in_a_spot,
    at_contradiction,
    disagreement_holds,
    parameter_switches,
)

# Closed forms derived in this process, by definition: negative controls of a claim
# compare their mutated assertion with the closed form its own check derived.
CLOSED_FORMS: dict = {}


def representative_point(claim):
    return point_from_units(claim.sampling_domain, {})


def claim_closed_form(expression, claim, points=None):
    """``closed_form`` of ``expression`` for ``claim``: held to the numbers at its probe points (or
    ``points``), the signs its derivation needs proved with each parameter from its lower bound."""
    return closed_form(expression, representative_point(claim),
                       probe_points(claim) if points is None else points,
                       shifts=claim.domain.lower_bound_shifts()[0])


def probe_points(claim) -> list[dict]:
    """Where Arb balls look at a difference before SymPy tries to reduce it to 0, and where
    SymPy's operators are held against the definition (``corroboration``).

    The representative point; one in general position, each parameter at its own place in
    its range (a claim false off the diagonal is not taken for an identity at the middle),
    and one where they descend from high in the first range to low in the last (SymPy has
    decided which of two exponentials dominates by the order of their symbols; a lone
    parameter is high there, where the limit of n^a/(n^2 + n^a) is 1, not SymPy's 0 for
    0 < a < 3); the lower corner,
    each parameter at a closed lower edge, with an integer at its next value too, where SymPy's
    generic answer drops a special case (the integral of cos(n x) cos(x) over [0, pi] is 0
    but at n = 1; a limit in x/(x + a) is another at a = 0); and the upper corner, each
    parameter at a closed upper edge or just below a strict one.
    """
    domain = claim.sampling_domain
    names = list(domain.parameters)
    spread = {name: sp.Rational(i + 1, len(names) + 2) + sp.Rational(1, 97) for i, name in enumerate(names)}
    # Descending from 7/8 of the first range to 1/8 of the last: an order the spread never has.
    reverse = {name: sp.Rational(7, 8) - sp.Rational(3, 4) * sp.Rational(i, max(len(names) - 1, 1))
               + sp.Rational(1, 97) for i, name in enumerate(names)}
    # The integers take the spread's places in reverse: high in a range open above is 10^5 or
    # more, where a sum costs 10^5 terms and no special case lies (m > n, Karr's, is reached).
    integers = [name for name in names if domain.parameters[name].integer]
    reverse.update(zip(integers, reversed([spread[name] for name in integers])))
    out = [representative_point(claim), point_from_units(domain, spread)]
    # One parameter: the point high in its range (a regime that starts at a = 2 in 0 < a < 3).
    candidates = [point_from_units(domain, reverse)]
    # A closed lower edge (an integer's, a non-strict bound's) is reached exactly; a strict one is
    # not, and a parameter with one stays at its middle (each point costs its operators again).
    # (Closed in the claim's own domain: a sampling box's edge, sigma >= 1/10, is no special case.)
    corner = point_from_units(domain, {name: 0 if _closed_below(claim.domain.parameters.get(name, p))
                                       else sp.Rational(1, 2) for name, p in domain.parameters.items()})
    candidates.append(corner)
    if any(p.integer for p in domain.parameters.values()):
        candidates.append({s: v + 1 if domain.parameters[s.name].integer else v for s, v in corner.items()})
    # The upper corner likewise: a closed upper edge exactly (the integral of cos(n x) cos(x) at
    # n = -1 of -10 <= n <= -1), a strict one at 96/97 of its range (the limit of
    # x^a/(x + x^a) as x -> 0+ is 1 but for 1 <= a < 11/10), an open one at its middle.
    top = point_from_units(domain, {name: _high_unit(claim.domain.parameters.get(name, p))
                                    for name, p in domain.parameters.items()})
    candidates.append(top)
    if any(p.integer and p.upper is not None for p in domain.parameters.values()):
        candidates.append({s: v - 1 if domain.parameters[s.name].integer and domain.parameters[s.name].upper
                           is not None else v for s, v in top.items()})
    for point in candidates:
        try:
            point = domain.validate_point({s.name: v for s, v in point.items()})
        except (DomainError, TypeError, ValueError):
            continue
        if point not in out:
            out.append(point)
    return out


def _closed_below(parameter) -> bool:
    return parameter.integer or (parameter.lower is not None and not parameter.lower.strict)


def _high_unit(parameter):
    """Where the upper-corner probe puts a parameter in its range (``probe_points``)."""
    if parameter.upper is None:
        return sp.Rational(1, 2)
    return 1 if parameter.integer or not parameter.upper.strict else 1 - sp.Rational(1, 97)


def numeric_compare(claim, left, right, settings: Settings, points=None, label="definition", also=(),
                    arb_apart=True):
    """Compare two expressions at sampled points (and the points ``also``), at dps and at 2*dps.

    A value that is not finite decides nothing: two infinities are not "equal
    to N digits", so such a point is an error unless only one side is infinite
    (then the claim fails there).
    """
    if points is None:
        points = _comparison_points(claim, left, right, settings)
    points = _cheap_first(points + [point for point in also if point not in points], left, right)
    infinite, undecided = [], []
    uncomputed: list[Verdict] = []
    for dps in (settings.dps, 2 * settings.dps):
        for point in points:
            outcome, verdict = _outcome_at(left, right, point, dps, settings, label)
            if outcome == _DECIDED:
                return verdict
            if outcome == _UNDECIDED:
                undecided.append(verdict)  # another point may still refute the claim
            elif outcome == _UNCOMPUTED:
                if uncomputed:
                    # A second point where a side is not computed (a divergent integral: 5 s a
                    # point): the comparison stops, and the first open point is the error.
                    return (undecided + uncomputed)[0]
                uncomputed.append(verdict)  # one such point waits for a counter-example at the next
            elif outcome == _INFINITE:
                infinite.append(point)  # decides nothing; the other points must
    if undecided or uncomputed:
        return (undecided + uncomputed)[0]
    if infinite:
        return Verdict("error", None, f"both sides are infinite at {show_point(infinite[0])}: a numeric "
                       "comparison decides nothing there", {"point": show_point(infinite[0])})
    return _agreement(claim, left, right, points, settings, label, arb_apart)


def _cheap_first(points, left, right):
    """``points`` with the cheapest to evaluate first, where a side holds a sum: its terms may
    run to an integer parameter (a million terms at n = 10^6, seconds each), and the first point
    that refutes the claim ends the comparison.  Every point is still compared where none does."""
    if not (sp.sympify(left).has(sp.Sum) or sp.sympify(right).has(sp.Sum)):
        return points

    def size(point):
        return sum(abs(v) for v in point.values() if getattr(v, "is_Integer", False))
    return sorted(points, key=size)


# What one point says (``_outcome_at``): the comparison's verdict, a verdict that waits for
# another point to refute the claim (the sides too close to call, or a side not computed there),
# nothing (both sides infinite), or agreement (None).
_DECIDED, _UNDECIDED, _UNCOMPUTED, _INFINITE = "decided", "undecided", "uncomputed", "infinite"


def _comparison_points(claim, left, right, settings):
    """The sampled points, with those where a piece of the difference switches."""
    points = sample_points(claim, settings)
    if not (settings.mutant_mode or has_operator(left) or has_operator(right)):
        points += switch_points(claim.sampling_domain, left - right, points)
        points += apart_in_a_spot(claim.sampling_domain, left - right, points)
    elif not settings.mutant_mode and claim.sampling_domain is not None:
        points += switch_points(claim.sampling_domain, parameter_switches(claim, left - right), points)
    return points


def _outcome_at(left, right, point, dps, settings, label):
    """What ``point`` says at ``dps`` digits: (outcome, verdict), outcome one of ``_DECIDED``,
    ``_UNDECIDED``, ``_INFINITE`` or None (the sides agree there)."""
    try:
        a = evaluate(left, point, dps)
        b = evaluate(right, point, dps)
    except NoLimit as error:
        return _DECIDED, failed(f"{label}: {error}", {"point": show_point(point)})
    except CancelledDigits:
        # A side these digits cannot compute: its balls, at higher precisions, decide.
        a = b = None
    except EvaluationError as error:
        # Not computed here (a quadrature that did not settle): another point may still refute it.
        return _UNCOMPUTED, Verdict("error", None, f"at {show_point(point)}: {error}", {"point": show_point(point)})
    if a is not None and not (mpmath.isfinite(a) or mpmath.isfinite(b)):
        return _INFINITE, None
    outcome, verdict = _disagreement(left, right, point, dps, (a, b), label)
    if outcome is None and dps == settings.dps:
        return _unvouched_outcome(left, right, point, settings, label)
    return outcome, verdict


def _disagreement(left, right, point, dps, values, label):
    """A failed verdict where the values ``(a, b)`` differ, confirmed at higher precision."""
    a, b = values
    # Against an exact 0, agreement through the floor of zero is confirmed at 2 dps.
    try:
        differs = a is not None and (not agree(a, b, dps) or against_zero(a, b)) and \
            disagreement_holds(left, right, point, dps, a, b)
    except EvaluationError as error:
        # Undecided here; another point may still refute the claim.
        return _UNDECIDED, Verdict("error", None, f"at {show_point(point)}: {short(a, 6)} against "
                                   f"{short(b, 6)} at {dps} digits, and at more: {error}",
                                   {"point": show_point(point)})
    if not differs:
        return None, None
    # Both values with every digit the comparison trusts; a formula when
    # the left side is a closed form SymPy derived (what the reader checks).
    shown = {"point": show_point(point), label: short(a, required_digits(dps)),
             "asserted": short(b, required_digits(dps))}
    if not has_operator(left):
        shown[f"{label} formula"] = sp.sstr(left)[:500]
    return _DECIDED, failed(f"{label} and assertion differ, confirmed at higher precision", shown)


def _unvouched_outcome(left, right, point, settings, label):
    """The sides' balls (``side_balls.unvouched``) where the working digits agree."""
    try:
        against = unvouched(left, right, point, settings, label)
    except NoLimit as error:
        return _DECIDED, failed(f"{label}: {error}", {"point": show_point(point)})
    except EvaluationError as error:
        return _UNCOMPUTED, Verdict("error", None, f"at {show_point(point)}: {error}", {"point": show_point(point)})
    if against is None:
        return None, None
    return (_DECIDED if against.status == "failed" else _UNDECIDED), against


def _agreement(claim, left, right, points, settings, label, arb_apart):
    """Agreement at every point: a pass, unless Arb encloses the difference away from 0."""
    apart = apart_below_the_digits(left, right, points) if arb_apart else None
    if apart is not None:
        return failed(f"{label} and assertion differ below the {required_digits(settings.dps)} digits "
                      "compared: Arb encloses the difference away from 0", apart)
    return passed("numeric", f"{label} and assertion agree to {required_digits(settings.dps)} digits "
                  f"at {len(points)} points{_box(claim)} (re-checked at {2 * settings.dps} digits)",
                  route=f"sampled {len(points)} points in {_region(claim)}")


def _region(claim):
    domain = claim.sampling_domain if claim.get("sampling") else claim.domain
    return domain.describe() or "no parameters"


def _box(claim):
    """Where the points were drawn, when ``sampling`` narrows the true domain."""
    narrowed = claim.get("sampling")
    if not narrowed:
        return ""
    return " drawn from " + ", ".join(str(spec) for spec in narrowed.values())


def _symbolic_route(definition):
    """What SymPy did: the operators it evaluated, then the reduction to zero."""
    steps = [word for operator, word in ((sp.Integral, "integrated"), (sp.Sum, "summed"),
                                         (sp.Derivative, "differentiated"), (sp.Limit, "limit taken"))
             if sp.sympify(definition).has(operator)]
    return ", ".join(steps + ["simplified to zero"])


def _constant_difference(closed, asserted):
    """Arb's verdict on a parameter-free difference that SymPy did not reduce to 0.

    Returns a failed verdict when the enclosure excludes 0 (the two constants
    differ, however little), None when it cannot exclude 0 (then only digits
    can be reported).
    """
    difference = sp.sympify(closed) - sp.sympify(asserted)
    if difference.free_symbols or difference.has(*OPERATORS):
        return None
    try:
        ball = certified_nonzero(difference)
    except (NotEnclosable, ZeroDivisionError, ValueError, ProofcheckError):
        return None
    if ball is None:
        return None
    shown = {"derived - asserted": ball.str(10, radius=False), "derived formula": sp.sstr(closed)[:500]}
    try:  # both constants, for the reader; the verdict rests on the enclosure above
        shown["derived"] = short(evaluate(sp.sympify(closed), {}, 40), 30)
        shown["asserted"] = short(evaluate(sp.sympify(asserted), {}, 40), 30)
    except (EvaluationError, ValueError, TypeError, ZeroDivisionError):
        pass
    return failed("the derived constant and the assertion differ (Arb encloses the difference "
                  "away from 0)", shown)


def equality_check(claim, definition, asserted, settings: Settings, closed_form_fn=None,
                   numeric_ok=True) -> Verdict:
    """Derive ``definition`` and compare it with ``asserted``.

    ``closed_form_fn`` overrides how the closed form is reached (series, limits).
    Symbolic evidence means SymPy reduced the difference to exactly 0.
    """
    closed_form_fn = closed_form_fn or (
        lambda e: claim_closed_form(e, claim))
    verdict = _control_shortcut(claim, definition, asserted, settings, numeric_ok)
    if verdict is not None:
        return verdict
    derivation = _Derivation()
    if "symbolic" in settings.routes:
        derivation = _derivation(claim, definition, asserted, settings, closed_form_fn)
        if derivation.proof is not None:
            return derivation.proof
    closed = derivation.closed
    if closed is not None:
        verdict = _constant_difference(closed, asserted)
        if verdict is not None:
            return verdict
        verdict = numeric_compare(claim, closed, asserted, settings, label="derived", arb_apart=False)
        if verdict.passed:
            return _closed_form_agreement(claim, closed, asserted, settings, verdict)
        if not numeric_ok:
            return verdict
    elif not numeric_ok:
        return Verdict("error", None, derivation.note or "no numeric route for this kind")
    return _against_definition(claim, definition, asserted, settings, derivation)


def _control_shortcut(claim, definition, asserted, settings, numeric_ok):
    """A negative control's counter-example by a cheap route, or None."""
    if settings.mutant_mode and definition in CLOSED_FORMS:
        # The definition is never mutated: compare with its closed form, derived for the claim itself.
        verdict = numeric_compare(claim, CLOSED_FORMS[definition], asserted, settings, label="derived")
        if not verdict.passed:
            return verdict
    if settings.mutant_mode and numeric_ok and not definition.has(sp.Limit):
        # A negative control only needs a counter-example: try the cheap route first.  A
        # numeric limit is no cheap route (extrapolated at dps and again at 2*dps): SymPy's
        # limit, a constant that Arb then tells apart, is reached sooner.
        verdict = numeric_compare(claim, definition, asserted, settings)
        if not verdict.passed:
            return verdict
    return None


@dataclass
class _Derivation:
    """What the symbolic route left: SymPy's closed form, a symbolic pass, or why it stopped
    (``note``) and where a probe contradicted SymPy (``contradicted``)."""

    closed: Any = None
    note: str = ""
    contradicted: Any = None
    proof: Verdict | None = None


def _derivation(claim, definition, asserted, settings, closed_form_fn) -> _Derivation:
    """SymPy's closed form of ``definition``, a pass where it reduces to ``asserted``."""
    closed = None
    try:
        with time_budget(settings.symbolic_budget):
            closed = closed_form_fn(definition)
            CLOSED_FORMS[definition] = closed
            # An assertion that holds an operator (the other half of a symmetric integral) is
            # taken in closed form too, held to the numbers as the definition's was.
            target = claim_closed_form(asserted, claim) \
                if sp.sympify(asserted).has(*OPERATORS) else asserted
            # Structural equality first: oo == oo holds, though oo - oo is nan.
            if sp.sympify(closed) == target or is_zero(sp.sympify(closed) - target, budget=None,
                                                       at=probe_points(claim)):
                return _Derivation(closed, proof=passed("symbolic", f"SymPy derived {sp.sstr(closed)[:200]}",
                                                        route=_symbolic_route(definition)))
    except NoClosedForm as reason:
        return _Derivation(closed, f"symbolic route stopped: {reason}", getattr(reason, "where", None))
    except SymbolicTimeout:
        return _Derivation(closed, f"symbolic route stopped: over {settings.symbolic_budget} s")
    except (NotImplementedError, TypeError, ValueError, AttributeError, RecursionError,
            ZeroDivisionError, EvaluationError) as error:
        return _Derivation(closed, f"symbolic route stopped: SymPy raised {type(error).__name__}")
    return _Derivation(closed)


def _closed_form_agreement(claim, closed, asserted, settings, verdict):
    """The verdict where the derived closed form agrees with the assertion at the sampled points."""
    # SymPy's closed form (held against the definition at the probes) is exact: where
    # Arb shows it apart from the assertion, the assertion is wrong, however slightly.
    apart = apart_below_the_digits(closed, asserted, sample_points(claim, settings))
    if apart is not None:
        return failed(f"the derived closed form and the assertion agree to "
                      f"{required_digits(settings.dps)} digits but differ below them: Arb "
                      "encloses the difference away from 0",
                      {**apart, "derived formula": sp.sstr(closed)[:500]})
    verdict.details = (f"derived closed form {sp.sstr(closed)[:120]}, not reduced to the "
                       f"assertion by SymPy; " + verdict.details)
    return verdict


def _against_definition(claim, definition, asserted, settings, derivation):
    """The definition itself against the assertion, with why the symbolic route stopped."""
    verdict = numeric_compare(claim, definition, asserted, settings,
                              also=at_contradiction(claim, derivation.contradicted))
    note, closed = derivation.note, derivation.closed
    if note and verdict.passed:
        verdict.details = note + "; " + verdict.details
    elif note and verdict.status == "error":
        verdict.details = f"{verdict.details}; {note}"  # why no derivation was left either
    if closed is not None and verdict.status == "failed" and verdict.counterexample is not None:
        # Refuted from the definition itself; the reader also sees what SymPy derived.
        verdict.counterexample.setdefault("derived formula", sp.sstr(closed)[:500])
    return verdict


class Identity(Kind):
    name = "identity"
    required = ("lhs", "asserts")
    expression_fields = ("lhs", "asserts")
    asserted_fields = ("asserts",)
    description = "lhs, derived from definitions, equals the asserted expression"

    def check(self, claim, settings):
        return equality_check(claim, claim.expr("lhs"), claim.expr("asserts"), settings)
