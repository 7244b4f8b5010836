"""Symbolic derivation: evaluate the operators of an expression with SymPy.

``closed_form`` turns an expression built from definitions (integrals,
expectations, derivatives, limits, sums) into a closed form, or raises
``NoClosedForm``.  Integrals whose integrand has a kink or a jump (``Abs``,
an indicator, ``Max``) are split at the breakpoint, exactly as a proof by
hand splits ``E|e^{sZ - s^2} - 1|`` at ``Z = s``: on each piece the
absolute value or indicator is replaced by the branch it takes there.  Which
branch that is, and where the breakpoints lie, is read at a representative
parameter point and then proved for every parameter value (``signs.py``);
a branch that is not proved stops the derivation (``UnprovedBranch``), so a
closed form valid on part of the domain is never reported as derived.

``is_zero`` tries a short list of simplification strategies and answers True
only when one of them reduces the expression to exactly 0: there is no
tolerance and no rounding to a nearby rational.  False means "not shown",
never "shown non-zero".
"""
from __future__ import annotations

import mpmath
import sympy as sp

from ..model.errors import EvaluationError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..numbers.intervals import LOOK_PREC, certified_nonzero, first_point_where
from ..numbers.numeric import evaluate
from ..numbers.quadrature_pieces import breakpoint_expressions
from .corroboration import approaching, contradiction, inside
from .gaussian_integrals import gaussian_integral
from .geometric_sums import geometric_sum
from .signs import from_one, log_of_positive, proved_nonnegative, proved_sign


class NoClosedForm(Exception):
    """SymPy did not reach a closed form for this step."""


class UnprovedBranch(NoClosedForm):
    """A branch (of Abs, Max, an indicator, a breakpoint's place) holds at the sample
    point where it was read but is not proved for every parameter value: the
    closed form may be wrong elsewhere, so it is no derivation of the claim."""


def closed_form(expr, representative=None, points=None, shifts=None):
    """Closed form of ``expr`` with every operator evaluated, or NoClosedForm.

    Each operator's closed form is held against the operator computed numerically at
    ``points`` (by default the ``representative`` point), innermost first: where the two
    lie apart, SymPy got it wrong, and it is refused (``corroboration``)."""
    expr = sp.sympify(expr)
    rep = representative or {}
    result = _close(expr, rep, points if points is not None else [rep], shifts or {})
    if result.has(*OPERATORS):
        raise NoClosedForm(f"SymPy left an unevaluated operator in {result}")
    if result.has(sp.nan):
        raise NoClosedForm("SymPy produced nan")
    return result


def _close(expr, rep, points, shifts):
    if not expr.args or not expr.has(*OPERATORS):
        return expr
    if isinstance(expr, sp.Integral):
        (variable, lower, upper), = expr.limits  # one variable, as ``_integral`` takes it
        inner = _close(expr.function, rep, inside(points, variable, lower, upper), shifts)
        operator = expr.func(inner, *expr.limits)
        return _corroborated(operator, _integral(operator, rep), points)
    if isinstance(expr, sp.Derivative):
        inner = _close(expr.expr, rep, points, shifts)
        return sp.diff(inner, *expr.variable_count)
    if isinstance(expr, sp.Limit):
        inner, variable, point, direction = expr.args
        inner = _close(inner, rep, approaching(points, variable, point, direction), shifts)
        value = sp.limit(inner, variable, point, str(direction))
        if isinstance(value, sp.Limit) or value.has(sp.AccumBounds):
            raise NoClosedForm(f"SymPy did not take the limit of {inner}")
        return _corroborated(sp.Limit(inner, variable, point, direction), value, points)
    if isinstance(expr, sp.Sum):
        # Each index at its first term, the outer ones first (an inner range may depend on them).
        within = points
        for index, first, last in reversed(expr.limits):
            within = inside(within, index, first, last, integer=True)
        term = _close(expr.function, rep, within, shifts)
        value = _sum(term, expr.limits, rep, shifts)
        if value.has(sp.Sum):
            raise NoClosedForm(f"SymPy did not close the sum of {term}")
        return _corroborated(sp.Sum(term, *expr.limits), value, points)
    return expr.func(*[_close(a, rep, points, shifts) for a in expr.args])


def _corroborated(operator, value, points):
    """``value``, SymPy's closed form of ``operator`` (whose inner operators are closed and
    held already), unless the operator computed numerically at ``points`` contradicts it."""
    found = contradiction(operator, value, points)
    if found is not None:
        refused = NoClosedForm(f"SymPy's closed form {sp.sstr(value)[:200]} of {sp.sstr(operator)[:200]} is "
                               f"contradicted by the operator computed numerically at {found['point']}: "
                               f"{found['definition']} against SymPy's {found['SymPy']}")
        refused.where = found["at"]  # where SymPy's answer is wrong: the numeric route looks there too
        raise refused
    return value


def _integral(expr, rep):
    integrand = expr.function
    (variable, lower, upper), = expr.limits
    cuts = _order_cuts(list(breakpoint_expressions(integrand, variable)), lower, upper, rep)
    pieces = []
    edges = [lower] + cuts + [upper]
    for lo, hi in zip(edges, edges[1:]):
        piece = _resolve_branches(integrand, variable, lo, hi, rep)
        value = gaussian_integral(piece, variable, lo, hi)
        if value is None:
            value = _convergent_integral(piece, variable, lo, hi)
        if value.has(sp.Integral):
            raise NoClosedForm(f"SymPy did not close the integral of {piece}")
        pieces.append(value)
    return sp.Add(*pieces)


def _sum(term, limits, rep, shifts):
    """The sum of ``term`` over ``limits``: split at the kinks of its absolute values and summed
    as geometric series where it can be (``geometric_sums``), else by SymPy's ``summation``."""
    if len(limits) == 1 and not term.has(sp.sign, sp.Piecewise):
        (index, lower, upper), = limits
        pieces = _sum_pieces(term, index, lower, upper, rep)
        values = [geometric_sum(piece, index, lo, hi, shifts) for piece, lo, hi in pieces]
        if pieces and all(v is not None for v in values):
            return sp.Add(*values)
    return sp.summation(term, *limits)


def _sum_pieces(term, index, lower, upper, rep):
    """``[(branch, lo, hi)]``: the index range cut at each integer kink c into ``[lo, c - 1]`` and
    ``[c, hi]``, each absolute value (Max, Min) replaced by its branch proved on the piece; [] where
    a kink is not a proved integer or a branch is not proved.

    Only continuous switches are taken: a branch proved on the open piece holds at its integer
    ends too, where the switch's argument is 0 at worst (sign and Piecewise jump there)."""
    try:
        cuts = _order_cuts(list(breakpoint_expressions(term, index)), lower, upper, rep)
        if not all(c.is_integer for c in cuts):
            return []
        edges = list(zip([lower] + cuts, [c - 1 for c in cuts] + [upper]))
        return [(_resolve_branches(term, index, lo, hi, rep), lo, hi) for lo, hi in edges]
    except NoClosedForm:
        return []


def _convergent_integral(integrand, variable, lower, upper):
    """SymPy's integral, refused unless SymPy reduces its conditions of convergence to True.

    exp(-a x) over (0, oo) is 1/a only where a > 0: from the symbols' assumptions
    alone that condition may not be True, and a closed form holding for some of
    the parameters only is no derivation.  (Case splits at single values, such
    as 2 alpha = 1, are not conditions of convergence: SymPy gives the generic case.)
    """
    _no_pole_inside(integrand, variable, lower, upper)
    value = sp.integrate(integrand, (variable, lower, upper), conds="separate")
    if isinstance(value, tuple):
        value, condition = value
        if condition is not sp.true:
            raise NoClosedForm(f"SymPy integrates {integrand} only where {condition}")
    return value


def _no_pole_inside(integrand, variable, lower, upper):
    """NoClosedForm unless each real singularity of the integrand is proved off the open range.

    SymPy integrates 1/(x - a)^2 over (0, 1) to 1/(a (a - 1)), negative, and calls it
    convergent: the integral of a positive function through a pole at a, which diverges.  A
    singularity at an end (log x at 0) is the improper integral SymPy's conditions are about.
    """
    try:
        poles = sp.singularities(integrand, variable, domain=sp.S.Reals)
    except (NotImplementedError, TypeError, ValueError, AttributeError):
        return  # no singularities SymPy can list: its conditions of convergence decide
    if isinstance(poles, sp.Intersection):  # {-1/a} with the reals: real where a is
        poles = next((part for part in poles.args if isinstance(part, sp.FiniteSet)), None)
    if not isinstance(poles, sp.FiniteSet):
        return
    for pole in poles:
        outside = (lower.is_finite is not False and (lower - pole).is_nonnegative) or \
            (upper.is_finite is not False and (pole - upper).is_nonnegative)
        if not outside and pole.is_real is not False:
            raise NoClosedForm(f"the integrand {sp.sstr(integrand)[:120]} may be singular at {variable} = "
                               f"{pole}, inside the range: SymPy's integral through a pole is not trusted")


def _order_cuts(cuts, lower, upper, rep):
    """The breakpoints inside (lower, upper), in order, each placement proved on the whole domain.

    Where the cuts lie and in which order is read at the representative point
    and then proved for every parameter value the assumptions allow: a cut at
    ``a`` in an integral over (0, 1) is inside only for 0 < a < 1, and a
    derivation that assumed it inside would be wrong for the other values.
    """
    placed = []
    for c in dict.fromkeys(cuts):  # a breakpoint found twice (Abs(w) and sign(w)) is one cut
        try:
            x = evaluate(c, rep, 30)
            lo = evaluate(lower, rep, 30) if lower.is_finite else -mpmath.inf
            hi = evaluate(upper, rep, 30) if upper.is_finite else mpmath.inf
        except (EvaluationError, TypeError):
            raise NoClosedForm("cannot place the breakpoints of the integrand") from None
        if lo < x < hi:
            if lower.is_finite:
                _require(c - lower, 1, f"breakpoint {c} above the lower limit {lower}")
            if upper.is_finite:
                _require(upper - c, 1, f"breakpoint {c} below the upper limit {upper}")
            placed.append((x, c))
        elif x <= lo:
            _require(lower - c, 0, f"breakpoint {c} at or below the lower limit {lower}")
        else:
            _require(c - upper, 0, f"breakpoint {c} at or above the upper limit {upper}")
    placed.sort(key=lambda t: t[0])
    ordered = []
    for x, c in placed:
        if ordered and is_zero(c - ordered[-1], budget=None):
            continue  # the same point written twice
        ordered.append(c)
    for first, second in zip(ordered, ordered[1:]):
        _require(second - first, 0, f"breakpoint {first} at or below {second}")
    return ordered


def _require(expr, strict, what):
    """Raise UnprovedBranch unless ``expr > 0`` (strict) or ``expr >= 0`` is proved."""
    expr = sp.sympify(expr)
    proved = proved_sign(expr) == 1 if strict else proved_nonnegative(expr)
    if not proved:
        raise UnprovedBranch(f"{what} is not proved for every parameter value")


def _test_point(lo, hi):
    if lo == -sp.oo and hi == sp.oo:
        return sp.Integer(0)
    if lo == -sp.oo:
        return hi - 1
    if hi == sp.oo:
        return lo + 1
    return (lo + hi) / 2


def _piece_variable(variable, lo, hi):
    """The integration variable on (lo, hi) written through a fresh positive t (or a free real)."""
    if lo == -sp.oo and hi == sp.oo:
        return sp.Dummy("x", real=True)
    t = sp.Dummy("t", positive=True)
    if hi == sp.oo:
        return lo + t
    if lo == -sp.oo:
        return hi - t
    return (lo + hi * t) / (1 + t)


def _resolve_branches(integrand, variable, lo, hi, rep):
    """Replace Abs, sign, Max/Min and Piecewise by the branch taken on (lo, hi).

    The branch is read at a test point of the piece at the representative
    parameter point, then proved on the whole piece for every parameter value:
    with the variable written as ``lo + t``, ``hi - t`` or ``(lo + hi t)/(1 + t)``
    for a positive ``t``, the sign the branch needs must follow from the
    assumptions.  A branch that is not proved raises UnprovedBranch.
    """
    return _taken(integrand, _Piece(variable, lo, hi, rep))


class _Piece:
    """The piece (lo, hi) of the range: its test point (``at``, with the representative
    parameter point) and the variable written through a positive ``t`` (``inside``)."""

    def __init__(self, variable, lo, hi, rep):
        try:
            x = evaluate(_test_point(lo, hi), rep, 30)
        except EvaluationError:
            raise NoClosedForm("cannot evaluate a test point of the piece") from None
        self.lo, self.hi = lo, hi
        self.at = {**rep, variable: x}
        self.inside = {variable: _piece_variable(variable, lo, hi)}

    def sign_at(self, e):
        try:
            v = evaluate(e, self.at, 30)
        except EvaluationError:
            raise NoClosedForm(f"cannot decide the sign of {e} on a piece") from None
        return 1 if v > 0 else -1 if v < 0 else 0

    def proved(self, e, sign, what):
        on_piece = sp.sympify(e).xreplace(self.inside)
        sign_on_piece = proved_sign(on_piece)
        if sign_on_piece is None:
            # A positive integer Delta is 1 + m with m >= 0: then Delta - 1 + t > 0 is seen.
            forward, _ = from_one(on_piece.free_symbols)
            sign_on_piece = proved_sign(on_piece.xreplace(forward)) if forward else None
        if sign == 0 or sign_on_piece != sign:
            raise UnprovedBranch(f"{what} on ({self.lo}, {self.hi}) is not proved for every parameter value")
        return sign

    def holds(self, condition):
        """Truth of a comparison at the test point, proved on the piece."""
        if condition is sp.true:
            return True
        if condition is sp.false:
            return False
        if not isinstance(condition, sp.core.relational.Relational) or condition.rel_op == "==":
            raise UnprovedBranch(f"the condition {condition} is not a single inequality")
        greater = condition.rhs - condition.lhs if condition.rel_op in ("<", "<=") \
            else condition.lhs - condition.rhs
        sign = self.sign_at(greater)
        self.proved(greater, sign, f"the sign of {greater}")
        return sign > 0


def _taken(node, piece):
    """``node`` with every branching function replaced by its branch on ``piece``, innermost first
    (a ``Piecewise`` takes its branch before its values are looked at)."""
    if not node.args:
        return node
    node = node.func(*[_taken(a, piece) for a in node.args]) if not isinstance(node, sp.Piecewise) else node
    rule = next((rule for kind, rule in _BRANCH_RULES.items() if isinstance(node, kind)), None)
    return node if rule is None else rule(node, piece)


def _abs_branch(node, piece):
    argument = node.args[0]
    return argument * piece.proved(argument, piece.sign_at(argument), f"the sign of {argument}")


def _sign_branch(node, piece):
    argument = node.args[0]
    return sp.Integer(piece.proved(argument, piece.sign_at(argument), f"the sign of {argument}"))


def _extreme_branch(node, piece):
    """The argument a Max (Min) takes at the test point, proved the largest (smallest) on the piece."""
    values = [(evaluate(a, piece.at, 30), a) for a in node.args]
    chosen = max(values, key=lambda t: t[0]) if isinstance(node, sp.Max) else \
        min(values, key=lambda t: t[0])
    for _, other in values:
        if other is not chosen[1]:
            gap = chosen[1] - other if isinstance(node, sp.Max) else other - chosen[1]
            piece.proved(gap, piece.sign_at(gap), f"{node.func.__name__} choosing {chosen[1]}")
    return chosen[1]


def _piecewise_branch(node, piece):
    for value, condition in node.args:
        if piece.holds(condition):
            return _taken(value, piece)
    raise NoClosedForm("no branch of a piecewise integrand applies")


# The functions with branches, by SymPy type, each replaced by the branch proved on the piece;
# a node takes the rule of the first type it is an instance of.
_BRANCH_RULES = {sp.Abs: _abs_branch, sp.sign: _sign_branch, sp.Max: _extreme_branch, sp.Min: _extreme_branch,
                 sp.Piecewise: _piecewise_branch}


class _Simplified:
    """``sp.simplify`` of the expression once ``prepare`` has rewritten it.

    A rewriting often leaves an expression as it was (no logarithm to expand, no
    hyperbolic function to rewrite): ``is_zero`` does not simplify the same
    expression twice.
    """

    def __init__(self, prepare):
        self.prepare = prepare

    def __call__(self, expression):
        return sp.simplify(self.prepare(expression))


def split_logarithms(expr, shifts=None):
    """``expr`` with each logarithm of a product or power of positive factors split into a sum.

    log(ab) = log a + log b and log(a^p) = p log a hold for a, b > 0 and real p, and
    fail otherwise: log((-1)(-1)) is 0, log(-1) + log(-1) is 2 pi i.  SymPy's forced
    expansion splits every logarithm, which once let a false identity (log(xy) =
    log x + log y for negative x, y) reduce to 0.  Here every factor is proved
    positive first (``signs.log_of_positive``), and a logarithm with one that is not
    is left whole.  The proofs see each symbol as ``shifts`` (forward, back) writes it,
    a parameter from its lower bound, say (n = 1 + t with t >= 0); by default each
    positive integer from 1 (``signs.from_one``).
    """
    forward, back = shifts if shifts is not None else from_one(expr.free_symbols)

    def split(node):
        parts = log_of_positive(node.args[0])
        return node if parts is None else parts
    split_up = expr.xreplace(forward).replace(lambda node: isinstance(node, sp.log) and len(node.args) == 1,
                                              split)
    return split_up.xreplace(back)


_STRATEGIES = (
    lambda e: e,
    sp.expand,
    sp.cancel,
    # Logarithms split before the plain simplification: a Renyi divergence derived as the log
    # of a Gaussian integral reduces to 0 at once that way, and plain simplify spends ten times
    # longer failing on it first.
    _Simplified(split_logarithms),
    _Simplified(lambda e: e),
    _Simplified(lambda e: e.rewrite(sp.erf)),
    # Hyperbolic functions (eps tanh(eps/2), sinh(eps/Delta)) against exponentials.
    _Simplified(lambda e: e.rewrite(sp.exp)),
    # Not forced: (-1)^(1/2) (-1)^(1/2) is -1, not ((-1)(-1))^(1/2).
    _Simplified(lambda e: sp.powsimp(sp.expand_power_exp(e))),
)


def is_zero(expr, budget: float | None = 10.0, at=()) -> bool:
    """True if some simplification strategy reduces ``expr`` to exactly 0.

    ``at``, points of the claim's domain, lets Arb balls look first: an expression
    they prove nonzero at one of them is not identically 0, and simplifying it could
    only spend the budget (a false claim's difference, typically).
    """
    expr = sp.sympify(expr)
    if expr == 0:
        return True
    if nonzero_at(expr, at):
        return False
    try:
        with time_budget(budget):
            simplified = set()
            for strategy in _STRATEGIES:
                try:
                    if isinstance(strategy, _Simplified):
                        prepared = strategy.prepare(expr)
                        if prepared in simplified:
                            continue
                        simplified.add(prepared)
                        reduced = sp.simplify(prepared)
                    else:
                        reduced = strategy(expr)
                    if reduced == 0:
                        return True
                except (TypeError, ValueError, NotImplementedError, AttributeError,
                        RecursionError, ZeroDivisionError):
                    continue
        if _zero_by_steps(expr):
            return True
    except SymbolicTimeout:
        return False
    return False


def _zero_by_steps(expr) -> bool:
    """Whether ``expr``, holding floor(y) or ceiling(y) of one symbol y, is 0 in both cases
    that cover every real y: y = k an integer (floor = ceiling = k), and y = k + t with
    0 < t < 1 (floor = k, ceiling = k + 1).  (1 - p) floor(y) + p ceiling(y) - y with
    p = y - floor(y) is (1 - t) k + t (k + 1) - (k + t) = 0."""
    steps = [n for n in sp.preorder_traversal(expr) if isinstance(n, (sp.floor, sp.ceiling))]
    arguments = {n.args[0] for n in steps}
    if len(arguments) != 1 or not next(iter(arguments)).is_Symbol:
        return False
    y = arguments.pop()
    k, v = sp.Dummy("k", integer=True), sp.Dummy("v", positive=True)
    # t = v/(1 + v) is every number in (0, 1), and SymPy sees t - 1 < 0 in it.
    for fraction, up in ((sp.Integer(0), 0), (v / (1 + v), 1)):
        swap = {n: k if isinstance(n, sp.floor) else k + up for n in steps}
        case = expr.xreplace(swap).xreplace({y: k + fraction})
        if not _zero_for_every_integer(case, k):
            return False
    return True


def _zero_for_every_integer(case, k) -> bool:
    """Whether ``case`` is 0; where it holds |.| of another integer m beside k, in both cases
    m <= k (m = k - i) and m >= k + 1 (m = k + 1 + i), with i >= 0 an integer."""
    if sp.expand(case) == 0 or sp.simplify(case) == 0:
        return True
    others = [m for m in case.free_symbols if m != k and m.is_integer]
    if len(others) != 1 or not case.has(sp.Abs):
        return False
    i = sp.Dummy("i", integer=True, nonnegative=True)
    return all(sp.simplify(case.xreplace({others[0]: value})) == 0 for value in (k - i, k + 1 + i))


def nonzero_at(expr, points) -> bool:
    """True if Arb balls, at a low precision, exclude 0 from ``expr`` at one of ``points``.

    Then ``expr`` is not identically 0 on any domain holding that point; False says nothing.
    """
    return first_point_where(lambda point: certified_nonzero(expr, point, max_prec=LOOK_PREC) is not None,
                             points) is not None
