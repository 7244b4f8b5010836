"""Kind ``optimum``: an objective is maximised (or minimised) at a point, with a value.

Fields: ``objective``; ``over``, the optimisation variables with their
domains (each also declared in ``variables``); ``at``, the asserted optimiser;
``value``, the asserted optimal value; ``sense``, ``max`` or ``min``.

The check solves the problem rather than re-evaluating it:

1. first-order condition: every partial derivative vanishes at ``at``;
2. second-order condition: the Hessian is definite with the right sign there;
3. the value: the objective at ``at`` equals ``value``;
4. globality: a scan over the domain (60 points per variable, logarithmically
   spread on half-lines, and, on a finite box, the midpoints of the boxes where Arb's
   enclosure of the objective reaches past the value: ``box_search``) finds nothing
   better; and, in one variable, SymPy shows
   ``at`` the only stationary point of an objective smooth on its interval
   (``unique_stationary_point``), which makes it the global optimum.

Each step is symbolic where SymPy closes it and numeric otherwise; the
verdict reports the weakest evidence among the steps.
"""
from __future__ import annotations

import mpmath
import sympy as sp
from flint import arb

from ..model.domains import parse_parameter
from ..model.errors import CancelledDigits, EvaluationError, ProofcheckError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.sampling import edge_values, from_unit, point_from_units
from ..model.timeout import time_budget
from ..model.verdict import Verdict, failed, passed, show_point, weakest
from ..numbers.arb_expressions import mpf_of
from ..numbers.intervals import decide
from ..numbers.numeric import evaluate
from ..numbers.precision import (
    ESCALATION,
    agree,
    arb_bits,
    differs_at_higher_precision,
    own_scale,
    required_digits,
    short,
)
from ..numbers.side_balls import side_ball, unvouched
from ..points.box_search import better_candidates
from ..points.policy import sample_points
from ..proofs.route import certify_sign
from ..symbolic.operators import NoClosedForm, closed_form, is_zero
from ..symbolic.unique_stationary_point import (
    definite_everywhere,
    in_box,
    interval_of,
    separable_maximum,
    unique_optimum,
)
from . import Kind
from .flat_optimum import flat_second_order
from .inequality import proved_positive
from .mutants import each_expression_mutant
from .optimum_range import assumed_within, outside

SCAN_POINTS = 60
# The precision of the scan's bar, above that of the objective's balls at 30 to 240 digits.
BAR_BITS = 2048


def _fixed_ranges(variables):
    """A clear error where the range of one optimisation variable moves with another (0 < a < b):
    the scan, the box search and the uniqueness proof each take every range as fixed at the
    parameters' point, and such a claim stopped on SymPy's "cannot determine truth value"."""
    names = {p.name for p in variables}
    for parameter in variables:
        moving = sorted(parameter.depends_on & names)
        if moving:
            raise ProofcheckError(
                f"the range of optimisation variable {parameter.name!r} moves with {', '.join(moving)}: "
                "a range in 'over' may name the parameters, not another variable of 'over' "
                "(write the objective in variables with fixed ranges, a = b u with 0 < u < 1)")


def _membership(claim, at, symbols, intervals):
    """How each coordinate of ``at`` is shown within its interval, for every value of the
    parameters: ("symbolic", None) by SymPy's assumptions (``in_box``) or, for an optimiser that
    depends on the parameters alone, by the sign routes of an inequality
    (``inequality.proved_positive``); ("certified", None) by the Arb branch and bound over the
    parameters' domain; ("refuted", point) where a box of it lies strictly outside; else
    (None, None).  0 < 1/(1 - e^-eta) - 1/eta < 1 for every eta > 0 is shown so."""
    if in_box(at, symbols, intervals):
        return "symbolic", None
    names = {p.symbol for p in claim.parameters.values()}
    level = "symbolic"
    for symbol, interval in zip(symbols, intervals):
        point = sp.sympify(at[symbol])
        for end, open_, gap in ((interval.inf, interval.left_open, point - interval.inf),
                                (interval.sup, interval.right_open, interval.sup - point)):
            if end in (sp.oo, -sp.oo):
                continue
            if not gap.free_symbols <= names:
                return None, None
            if proved_positive(gap, claim, strict=open_):
                continue
            # Refuted only where the optimiser lies strictly beyond the end: on an open end it is
            # the supremum approached there, as the scan reads it.
            status, found = certify_sign(gap, claim.domain, open_, lambda p, g=gap: decide(">=", g, 0, p))
            if status == "refuted":
                return "refuted", found
            if status != "proved":
                return None, None
            level = "certified"
    return level, None


def _why_global(claim, f, symbols, at):
    """(evidence, words) of a reason the stationary point ``at`` is the global optimum, (None, None)
    where none is shown, or ("refuted", words) where the optimiser is shown outside its range."""
    sense = claim.raw["sense"]
    intervals = [interval_of(parameter) for parameter in claim.parsed["over"]]
    if definite_everywhere(f, symbols, intervals, sense):
        level, outside_at = _membership(claim, at, symbols, intervals)
        if level == "refuted":
            return level, f"the asserted optimiser lies outside its range at {show_point(outside_at)}"
        if level is not None:
            return level, ("the Hessian is definite everywhere, so the objective is strictly "
                           f"{'concave' if sense == 'max' else 'convex'}")
    if sense == "max" and separable_maximum(f, symbols, intervals, at):
        return "symbolic", ("the objective is a positive constant times one nonnegative factor per variable, "
                            "each largest at the optimiser (its only stationary point)")
    if len(symbols) == 1 and unique_optimum(f, symbols[0], intervals[0], at[symbols[0]]):
        return "symbolic", "the only stationary point in the interval, where the objective is smooth"
    return None, None


class Optimum(Kind):
    name = "optimum"
    required = ("objective", "over", "at", "value", "sense")
    expression_fields = ("objective", "value")
    description = "the objective attains its optimum at the asserted point, with the asserted value"

    @property
    def asserted_fields(self):
        return ("value",)

    def prepare(self, claim):
        super().prepare(claim)
        over, at = claim.raw["over"], claim.raw["at"]
        if claim.raw["sense"] not in ("max", "min"):
            raise ProofcheckError("'sense' must be 'max' or 'min'")
        if not isinstance(over, dict) or not over:
            raise ProofcheckError("'over' must be a table: variable = \"domain\"")
        if not isinstance(at, dict) or set(at) != set(over):
            raise ProofcheckError("'at' must give a value for each variable of 'over'")
        variables = []
        for name, spec in over.items():
            if name not in claim.symbols or name in claim.parameters:
                raise ProofcheckError(f"optimisation variable {name!r} must be declared in 'variables'")
            parameter = parse_parameter(name, spec, claim.symbols)
            parameter.symbol = claim.symbols[name]
            assumed_within(parameter)
            variables.append(parameter)
            claim.parsed[f"at.{name}"] = claim.parse(at[name])
        _fixed_ranges(variables)
        claim.parsed["over"] = variables

    def mutants(self, claim, settings):
        fields = ["value"] + [f"at.{p.name}" for p in claim.parsed["over"]]
        return each_expression_mutant(claim, fields, settings, limit=5)

    def check(self, claim, settings):
        f = claim.expr("objective")
        variables = claim.parsed["over"]
        symbols = [p.symbol for p in variables]
        at = {p.symbol: claim.parsed[f"at.{p.name}"] for p in variables}
        value = claim.expr("value")
        derived_note = ""
        if f.has(*OPERATORS) and not settings.mutant_mode:
            # An objective defined by an expectation: optimise its derived closed form.
            try:
                rep = point_from_units(claim.sampling_domain, {})
                # Decide the integrand's branches at the asserted optimiser.
                rep.update({p.symbol: evaluate(claim.parsed[f"at.{p.name}"], rep, 30) for p in variables})
                with time_budget(settings.symbolic_budget):
                    # Simplified, so that removable singularities (0/0 at the optimiser) cancel.
                    f = sp.simplify(closed_form(f, rep))
                derived_note = f"objective derived as {sp.sstr(f)[:100]}; "
            except (NoClosedForm, SymbolicTimeout, NotImplementedError, TypeError, ValueError,
                    EvaluationError):
                pass
        gradient = [sp.diff(f, s) for s in symbols]
        hessian = sp.Matrix([[sp.diff(g, s) for s in symbols] for g in gradient])
        points = sample_points(claim, settings)
        evidence, notes = [], []

        beyond = outside(variables, at, points)
        if beyond is not None:
            return beyond
        # Numeric screen first: it finds a wrong optimiser or value fastest.
        for dps in (settings.dps, 2 * settings.dps):
            for point in points:
                full = {**point, **{s: v.xreplace(point) for s, v in at.items()}}
                try:
                    scale = _StationarityScale(f, hessian, symbols, full, dps)
                    for g, symbol in zip(gradient, symbols):
                        slope = evaluate(g, full, dps)
                        if _moved(slope, symbol, full, dps) > mpmath.mpf(10) ** (-required_digits(dps)) * scale.size():
                            return failed("first-order condition fails at the asserted optimiser",
                                          {"point": show_point(point), "derivative": short(slope, 20)})
                    got, want = evaluate(f, full, dps), evaluate(value, point, dps)
                except EvaluationError as error:
                    return Verdict("error", None, str(error))
                if not agree(got, want, dps) and differs_at_higher_precision(
                        lambda working: (evaluate(f, full, working), evaluate(value, point, working)), dps,
                        abs(got - want)):
                    return failed("objective at the optimiser differs from the asserted value",
                                  {"point": show_point(point), "objective": short(got, 20),
                                   "asserted": short(want, 20)})
                if dps == settings.dps:
                    try:
                        # mpmath's two values agree; the balls say whether the objective cancelled them.
                        verdict = unvouched(f, value, full, settings, "objective at the optimiser")
                    except EvaluationError as error:
                        return Verdict("error", None, str(error))
                    if verdict is not None:
                        return verdict
                if not self._second_order_numeric(hessian, full, dps, claim.raw["sense"]):
                    if f.has(*OPERATORS):
                        # Second derivatives of a quadrature are not reliable enough to refute.
                        return Verdict("error", None, "second-order condition undecided: the objective "
                                       "was not derived in closed form (raise the time budget)",
                                       {"point": show_point(point)})
                    if not self._singular(hessian, full, dps):
                        return failed("second-order condition fails", {"point": show_point(point)})
                    # A singular Hessian may be a flat optimum (x^8 at 0): its first non-zero derivative decides.
                    verdict = flat_second_order(f, symbols, full, claim.raw["sense"], settings.symbolic_budget)
                    if verdict is not None:
                        return verdict
            if settings.mutant_mode:
                break

        symbolic_ok = not settings.mutant_mode and "symbolic" in settings.routes
        evidence.append(self._symbolic_stationary(gradient, hessian, f, at, value, claim, settings)
                        if symbolic_ok else "numeric")
        globality, note = self._global(claim, f, gradient, symbols, at, value, points, settings,
                                       symbolic_ok)
        if globality is None:
            return failed(note)
        if globality == "undecided":
            return Verdict("error", None, note)
        evidence.append(globality)
        notes.append(note)
        level = weakest(*evidence)
        return passed(level, f"{derived_note}first- and second-order conditions and value: "
                      f"{evidence[0]}; {notes[0]}", route="optimum solved (first and second order)")

    @staticmethod
    def _second_order_numeric(hessian, full, dps, sense):
        # Numbers first, determinants after: a symbolic determinant can be very slow.
        n = hessian.shape[0]
        with mpmath.workdps(dps):
            values = mpmath.matrix([[evaluate(hessian[i, j], full, dps) for j in range(n)] for i in range(n)])
            for k in range(1, n + 1):
                minor = mpmath.det(values[:k, :k]) if k > 1 else values[0, 0]
                sign = (-1) ** k if sense == "max" else 1
                if not minor * sign > 0:
                    return False
        return True

    @staticmethod
    def _singular(hessian, full, dps):
        """Whether the Hessian's determinant is 0 to half the digits: a non-singular Hessian that
        is not definite with the right sign makes the point no optimum of that sense."""
        n = hessian.shape[0]
        with mpmath.workdps(dps):
            values = mpmath.matrix([[evaluate(hessian[i, j], full, dps) for j in range(n)] for i in range(n)])
            scale = max(1, max(abs(values[i, j]) for i in range(n) for j in range(n))) ** n
            return abs(mpmath.det(values) if n > 1 else values[0, 0]) <= mpmath.mpf(10) ** (-(dps // 2)) * scale

    @staticmethod
    def _symbolic_stationary(gradient, hessian, f, at, value, claim, settings):
        try:
            with time_budget(settings.symbolic_budget):
                if not all(is_zero(g.xreplace(at), budget=None) for g in gradient):
                    return "numeric"
                if not is_zero(f.xreplace(at) - value, budget=None):
                    return "numeric"
                n = hessian.shape[0]
                for k in range(1, n + 1):
                    minor = sp.simplify((hessian[:k, :k].det() if k > 1 else hessian[0, 0]).xreplace(at))
                    sign = (-1) ** k if claim.raw["sense"] == "max" else 1
                    if not (sign * minor).is_positive:
                        return "numeric"
                return "symbolic"
        except (SymbolicTimeout, NotImplementedError, TypeError, ValueError):
            return "numeric"

    def _global(self, claim, f, gradient, symbols, at, value, points, settings, symbolic_ok):
        shown, how = None, "symbolic"
        if symbolic_ok:
            # A stationary point is the global optimum where the Hessian is definite everywhere,
            # or, in one variable, where it is the only one of an objective smooth on the whole
            # interval (``unique_stationary_point``); the scan runs anyway.
            try:
                with time_budget(min(settings.symbolic_budget, 10.0)):
                    how, shown = _why_global(claim, f, symbols, at)
            except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, KeyError, AttributeError):
                shown = None
            if how == "refuted":
                return None, shown
        # Where globality is not shown, boxes enclosed by Arb also look between the grid's points.
        better, unresolved = self._scan(claim, f, at, value, points, settings, boxes=shown is None)
        if better is not None:
            return None, f"the scan found a better point: {better}"
        if shown:
            return how, f"globality: {shown}, so the strict local optimum is the global one"
        if unresolved is not None:
            return "undecided", (f"globality undecided: at {unresolved} of the scan the objective's ball "
                                 f"stays too wide to compare with the value (a cancellation); raise --dps")
        return "numeric", f"globality: no better point in a scan of {SCAN_POINTS} points per variable"

    @staticmethod
    def _inside(claim, solution):
        rep = point_from_units(claim.sampling_domain, {})
        for parameter in claim.parsed["over"]:
            value = solution.get(parameter.symbol)
            if value is None:
                return False
            try:
                x = evaluate(value.xreplace(rep), rep, 30)
            except (EvaluationError, TypeError):
                return False
            env = dict(rep)
            for bound, side in ((parameter.lower, "lower"), (parameter.upper, "upper")):
                if bound is None:
                    continue
                b = evaluate(bound.expr, env, 30)
                if side == "lower" and not (x > b or (x == b and not bound.strict)):
                    return False
                if side == "upper" and not (x < b or (x == b and not bound.strict)):
                    return False
        return True

    @staticmethod
    def _scan(claim, f, at, value, points, settings, boxes=False):
        sense = claim.raw["sense"]
        variables = claim.parsed["over"]
        units = [sp.Rational(i, SCAN_POINTS + 1) for i in range(1, SCAN_POINTS + 1)]
        # Three edge points of the parameters and two interior draws: a better point that appears
        # only in the middle of a parameter's range (at a = 1/4 of 0 < a < 1) is seen there.
        for point in points[:3] + [p for p in points[-2:] if p not in points[:3]]:
            target = evaluate(value, point, 30)
            grids = []
            for parameter in variables:
                grid = units if len(variables) == 1 else units[::6]
                # The edges too: a closed boundary belongs to the domain (an optimum may sit
                # on it), and an open one is approached a hair inside.
                grids.append(edge_values(parameter, point) + [from_unit(parameter, u, point) for u in grid])
            combos = [[]]
            for grid in grids:
                combos = [c + [g] for c in combos for g in grid]
            seen = []
            if boxes:
                combos += [[c[p.symbol] for p in variables]
                           for c in better_candidates(f, variables, point, float(target), sense)]
            for combo in combos:
                full = {**point, **dict(zip([p.symbol for p in variables], combo))}
                try:
                    seen.append((evaluate(f, full, 30), full))
                except EvaluationError:
                    continue
            # Against 1 where the target is smaller, or against the objective's own size where
            # that is smaller still: times e^-700, x^3 - 3x had no better point than x = 1.
            margin = mpmath.mpf(10) ** -20 * own_scale(target, max((abs(y) for y, _ in seen), default=0))
            # The bar as a ball, at the precision of the objective's balls: an mpf sum at mpmath's
            # default 15 digits rounded 10^20 + 1 to 10^20.
            target_ball = _value_ball(value, point, margin)
            with arb_bits(BAR_BITS):
                target_ball = arb(target) if target_ball is None else target_ball
                bar = target_ball + arb(margin) if sense == "max" else target_ball - arb(margin)
            for y, full in seen:
                shown = {str(k): str(v) for k, v in full.items()}
                better = _better(f, full, y, bar, sense)
                if better is None:
                    return None, shown
                if better:
                    return shown, None
        return None, None


def _rising(expr, point):
    """The balls of ``expr`` at ``point`` at 30 digits and at each doubling up to ``ESCALATION``
    times 30 (None for an infinity); a precision whose digits cancel is passed over.  Where
    mpmath has no value, EvaluationError."""
    digits = 30
    while digits <= ESCALATION * 30:
        try:
            yield side_ball(expr, point, digits)
        except CancelledDigits:
            pass
        digits *= 2


def _value_ball(value, point, margin):
    """The asserted value's ball, its digits raised until its radius is within ``margin``; None
    where it has no ball.  A value that cancels (the bounded range's eta/(e^eta - 1) +
    log((e^eta - 1)/eta) - 1, about eta^2/8, at eta = 10^-30) is as wide as 1 at 30 digits, and
    a bar that wide decides nothing."""
    ball = None
    try:
        for ball in _rising(value, point):
            if ball is None or ball.rad() <= arb(margin):
                return ball
    except EvaluationError:
        pass
    return ball


def _better(f, full, y, bar, sense):
    """Whether the objective at ``full`` is beyond ``bar`` (above it for a maximum), None if its
    ball stays too wide to tell up to ``ESCALATION`` times 30 digits.

    mpmath's value ``y`` at 30 digits screens; the ball (``side_balls``) decides, since a value
    may have lost what the objective cancels: e^(K s) (1 + g e^(-K s)) - e^(K s), which is g,
    came out 0 away from x = 1 at K = 400, and hid a lower value of g = x^3 - 3x.
    """
    try:
        for ball in _rising(f, full):
            if ball is None:  # an infinity: mpmath's value decides
                return bool(y > mpf_of(bar)) if sense == "max" else bool(y < mpf_of(bar))
            with arb_bits(BAR_BITS):
                if (ball > bar) if sense == "max" else (ball < bar):
                    return True
                if (ball <= bar) if sense == "max" else (ball >= bar):
                    return False
                if ball.rad() + bar.rad() < abs(bar.mid()) * arb(10) ** -25 + arb(10) ** -45:
                    return False  # at the bar within its digits: a tie is not a better point
    except EvaluationError:
        return False  # no value here, as mpmath's screen found none: not a better point
    return None


def _moved(slope, symbol, full, dps):
    """How far the objective moves, to first order, when the variable moves by a relative
    amount: |x f'(x)| (or |f'(x)| at x = 0)."""
    where = abs(evaluate(symbol, full, dps))
    return abs(slope) * (where if where != 0 else 1)


class _StationarityScale:
    """The size a first derivative at the asserted optimiser is measured against.

    The objective's own size there, or, where that is under 1 (an optimal value 0), the
    second-order change x_i x_j f_ij of the objective about the point, capped at 1.  Counted
    against 1 alone, an objective of size e^-700 was stationary anywhere: e^-700 (x - 1)^2
    passed as minimised at x = 2.  The Hessian is evaluated only where it is asked for.
    """

    def __init__(self, f, hessian, symbols, full, dps):
        self.hessian, self.symbols, self.full, self.dps = hessian, symbols, full, dps
        self.value = abs(evaluate(f, full, dps))
        self._size = self.value if self.value >= 1 else None

    def size(self):
        if self._size is None:
            self._size = own_scale(self.value, self._curvature())
        return self._size

    def _curvature(self):
        n = len(self.symbols)
        weights = [abs(evaluate(s, self.full, self.dps)) or 1 for s in self.symbols]
        return max(abs(evaluate(self.hessian[i, j], self.full, self.dps)) * weights[i] * weights[j]
                   for i in range(n) for j in range(n))
