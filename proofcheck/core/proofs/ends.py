"""An end of a unit variable settled by Taylor's theorem: an open edge, or an infinite end.

Near u = 0 (u = s, or u = 1 - s for the edge at s = 1) write g(u) for the slack on the box
[0, w] x B.  With d_j(y) = g^(j)(0, y), Taylor's theorem with the Lagrange remainder gives

    g(u, y) = sum_{j<k} d_j(y) u^j / j! + g^(k)(xi, y) u^k / k!,   0 < xi < u,

so g > 0 on 0 < u <= w once every d_j (j < k) is >= 0 on B and g^(k) is >= 0 on the box,
one of them strictly (d_0 strictly, where the edge itself belongs to the domain).  The d_j
are SymPy's values of the derivatives at u = 0: one that simplifies to 0 counts as 0, any
other is enclosed by Arb on B.  The slack must first be written so that it is defined at
u = 0: x = 1/s puts 1/s everywhere, and log((1/s + c)/(1/s - 1 + c)) is log((1 + c s)/(1 +
(c - 1) s)) once each rational sub-expression is cancelled (``regular``).
"""
from __future__ import annotations

from functools import lru_cache

import sympy as sp

from ..model.errors import SymbolicTimeout
from ..model.timeout import time_budget
from ..numbers.arb_expressions import NotEnclosable
from ..numbers.precision import arb_bits
from ..numbers.taylor import taylor
from .boxes import ball, balls, bits_for, exact_ball
from .enclosure import Enclosure, smooth
from .extended import enclose, lower_bound_positive
from .scaled_tails import scaled

# The highest order tried: (1 - r)^6 at r = 1 needs 6.
ORDERS = 6
# Powers u^m tried as a positive factor that removes a pole at an open edge: r^-2 needs 2.
SCALINGS = 3
SIMPLIFY_SECONDS = 0.3
# CPU seconds for showing a Taylor coefficient exactly 0.
ZERO_SECONDS = 0.3
# CPU seconds for the limit of the slack at an open edge where it is not defined, and for each
# form of its slope there.
LIMIT_SECONDS = 1.0
SLOPE_SECONDS = 0.3
# The longest slope (SymPy's operation count) that is simplified: zcdp-to-dp's 37 at rho -> 0 took
# 0.3 s, refused; 1 - sqrt(-log(u))/(2 sqrt(pi) log(u)) has 11.
SIMPLIFIED_OPS = 24
# The forms of a slope, in order: (units positive, simplified).
SLOPE_PLANS = ((True, False), (False, True), (True, True))


class End:
    """The Taylor argument at one end of one unit variable of a piece, prepared once.

    At an edge outside the domain, g may be replaced by u^m g (m <= ``SCALINGS``), which
    has the same sign for u > 0: (1 - r)^6 / (128 r^2 (1 + r)^2) is regular at r = 0 once
    multiplied by r^2.  Each derivative is prepared when first needed."""

    def __init__(self, expr, units, index, at_one, edge_in_domain):
        self.units, self.index = tuple(units), index
        self.u = u = units[index]
        self.g = None
        self.limiting = None
        if not smooth(expr):
            return
        flipped = expr.xreplace({u: 1 - u}) if at_one else expr
        # The lowest power first: u^0 (g itself) wherever it is regular at u = 0.
        for m in range(0, 1 if edge_in_domain else SCALINGS + 1):
            g = regular(flipped * u ** m, u)
            if g is not None:
                self.g = g
                break
        if self.g is None and not edge_in_domain:
            # Only where no Taylor argument is there to take: its expansion costs up to 0.3 s.
            self.limiting = LimitEnd(flipped, self.units, u)
        self.derivatives, self.at_zero = [], []
        self.taken = [self.g] if self.g is not None else []
        self.zeros: dict = {}

    def _order(self, j):
        """(the enclosure of g^(j) on a box, the enclosure of g^(j) at u = 0 or 0 or None)."""
        while len(self.derivatives) <= j:
            k = len(self.derivatives)
            gk = self.g if k == 0 else self._derivative(k)
            try:
                # The mean-value form's slope in u is the next derivative: taken once, for both.
                whole = Enclosure(gk, self.units, known={self.u: lambda k=k: self._derivative(k + 1)})
                dk = _at_zero(gk, self.u)
                at = None if dk is None else 0 if dk == 0 else Enclosure(dk, self.units)
            except (NotEnclosable, SymbolicTimeout, ValueError, TypeError, ArithmeticError):
                whole, at = None, None
            self.derivatives.append((gk, whole, at))
        return self.derivatives[j][1], self.derivatives[j][2]

    def _derivative(self, k):
        """g^(k) as an expression, each taken once from the one before."""
        while len(self.taken) <= k:
            self.taken.append(sp.diff(self.taken[-1], self.u))
        return self.taken[k]

    def settles(self, box, at_one, strict, edge_in_domain) -> bool:
        """Whether the argument proves the slack's sign on ``box`` (which touches this end)."""
        i = self.index
        lo, hi = box[i]
        local = box[:i] + (((1 - hi, 1 - lo) if at_one else (lo, hi)),) + box[i + 1:]
        if self.g is None:
            return self.limiting is not None and self.limiting.settles(local, strict)
        edge = local[:i] + ((local[i][0], local[i][0]),) + local[i + 1:]
        if self._by_series(local, edge, strict, edge_in_domain):
            return True
        # At an edge of the domain (closed, or between two pieces) splitting reaches the box;
        # only an open edge or an infinite end pays for the symbolic derivatives, whose
        # enclosures have the mean-value and monotone forms and infinite ends.
        return False if edge_in_domain else self._by_derivatives(local, edge, strict, edge_in_domain)

    def _by_derivatives(self, local, edge, strict, edge_in_domain) -> bool:
        """The argument with SymPy's derivatives, each enclosed by ``Enclosure`` or with
        infinite ends (a pole at another unit's edge, which series arithmetic cannot hold)."""
        strict_found = False
        for j in range(ORDERS + 1):
            whole, at = self._order(j)
            if whole is None:
                return False
            need_strict = strict and not strict_found
            # Where g^(j) is exactly 0 at the edge it cannot be positive on a box that touches
            # it: a strict claim skips the check (its mean-value form costs a gradient), a weak
            # one takes the natural form only.
            if not (at == 0 and need_strict) and self._signed(j, whole, local, need_strict, cheap=at == 0):
                return j == 0 or not (strict and edge_in_domain and not strict_found)
            if at is None:
                return False
            if at == 0:
                if j == 0 and strict and edge_in_domain:
                    return False
                continue
            if not self._at_edge_signed(j, at, edge, False):
                return False
            strict_found = strict_found or self._at_edge_signed(j, at, edge, True)
            if j == 0 and strict and edge_in_domain and not strict_found:
                return False
        return False

    def _by_series(self, box, edge, strict, edge_in_domain):
        """The argument with Arb's Taylor coefficients (``taylor``): those at the edge, and
        their enclosures over the box, all from one pass of series arithmetic in C, with no
        symbolic derivative.  None where the series cannot be taken (a pole at another
        unit's edge): the symbolic derivatives are then the route."""
        with arb_bits(bits_for(box)):
            try:
                over = taylor(self.g, self.units, balls(box), self.index, ORDERS + 2)
                at = taylor(self.g, self.units, balls(edge), self.index, ORDERS + 1)
            except NotEnclosable:
                return None
            if not all(c.is_finite() for c in over + at):
                return None
            if self._decide(over, at, box[self.index], strict, edge_in_domain, edge):
                return True
            # g itself, with infinite ends: a pole at another unit's edge sends it to +oo there.
            return lower_bound_positive(self.g, dict(zip(self.units, box)), strict)

    def _decide(self, over, at, side, strict, edge_in_domain, edge=None) -> bool:
        """The Taylor argument of the module's docstring on coefficient balls: ``over[j]`` holds
        g^(j)/j! on the box, ``at[j]`` g^(j)/j! at the edge, ``side`` the box's side in u."""
        strict_found = False
        width = ball(side) - exact_ball(side[0])
        for j in range(ORDERS + 1):
            need_strict = strict and not strict_found
            zero = self._is_zero(j, at[j])
            # g^(j)/j! over the box: its ball, or the edge's value plus the slope's (the mean
            # value along u, which the next coefficient bounds), whichever is tighter.
            remainder = _tighter(over[j], at[j] + (j + 1) * over[j + 1] * width)
            if not (zero and need_strict) and (remainder > 0 or (not need_strict and remainder >= 0)):
                return j == 0 or not (strict and edge_in_domain and not strict_found)
            if zero:
                if j == 0 and strict and edge_in_domain:
                    return False
                continue
            if not (at[j] >= 0 or self._edge_signed(j, edge, False)):
                return False
            strict_found = strict_found or bool(at[j] > 0) or self._edge_signed(j, edge, True)
            if j == 0 and strict and edge_in_domain and not strict_found:
                return False
        return False

    def _edge_signed(self, j, edge, strict) -> bool:
        """g's sign along the edge from exact rational ends: a ball's radius is rounded up, so
        s on [0, 1/64] is a ball reaching below 0.  Only g itself: a derivative would cost
        the symbolic step the series spared."""
        if j != 0 or edge is None:
            return False
        with arb_bits(bits_for(edge)):
            return lower_bound_positive(self.g.xreplace({self.u: 0}), dict(zip(self.units, edge)), strict)

    def _is_zero(self, j, value) -> bool:
        """Whether g^(j) is 0 all along the edge: an exact ball 0 is a proof (a ball holds the
        value), a ball of one sign a disproof; otherwise SymPy decides, once per order."""
        if value.is_zero():
            return True
        if value > 0 or value < 0:
            return False
        if j not in self.zeros:
            try:
                self.zeros[j] = _at_zero(self._derivative(j), self.u) == 0
            except (SymbolicTimeout, ValueError, TypeError, ArithmeticError):
                self.zeros[j] = False
        return self.zeros[j]

    def _signed(self, j, whole, box, strict, cheap=False) -> bool:
        """Whether g^(j) is positive (nonnegative) on ``box``: Arb's balls, or, where a pole at
        the box's edge makes them the whole line, the enclosure with infinite ends."""
        if _positive(whole, box, strict, cheap):
            return True
        with arb_bits(bits_for(box)):
            return lower_bound_positive(self.derivatives[j][0], dict(zip(self.units, box)), strict)

    def _at_edge_signed(self, j, at, edge, strict) -> bool:
        if _positive(at, edge, strict):
            return True
        with arb_bits(bits_for(edge)):
            return lower_bound_positive(at.expr, dict(zip(self.units, edge)), strict)


def _tighter(a, b):
    """The intersection of two balls that both hold the value (the first, where they are apart
    by rounding or one is not finite)."""
    if not b.is_finite():
        return a
    try:
        return a.intersection(b)
    except ValueError:
        return a


def _positive(enclosure, box, strict, cheap=False) -> bool:
    if cheap:
        with arb_bits(bits_for(box)):
            value = enclosure.natural(box)
    else:
        value, _ = enclosure.enclose(box)
    return value is not None and value.is_finite() and bool(value > 0 or (not strict and value >= 0))


def _at_zero(expr, u):
    """``expr`` at u = 0: exactly 0 where SymPy's cancellation shows it, else the expression
    itself (its sign is then Arb's to decide); None where it is not finite."""
    value = expr.xreplace({u: 0})
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    try:
        with time_budget(ZERO_SECONDS):
            if value == 0 or sp.cancel(sp.together(value)) == 0:
                return sp.Integer(0)
    except (SymbolicTimeout, ValueError, TypeError, ZeroDivisionError, NotImplementedError,
            AttributeError, sp.PolynomialError):
        pass
    return value


def regular(expr, u):
    """``expr`` rewritten so that its balls are finite at u = 0, or None.

    Every rational sub-expression is put over one denominator and cancelled, bottom up;
    the result is accepted only where u = 0 gives no division by zero (SymPy's own
    substitution is the test: ``zoo`` or ``nan`` anywhere refuses it)."""
    try:
        with time_budget(SIMPLIFY_SECONDS):
            if _finite_at_zero(expr, u):
                return expr  # as written: cancelling costs more than all its boxes
            rewritten = _cancel_inside(expr)
            if _finite_at_zero(rewritten, u):
                return rewritten
            if any(not _finite_at_zero(f, u) for f in rewritten.atoms(sp.Function)):
                return None  # e^(-1/u), log(1/u): no rewriting makes them finite at u = 0
            rewritten = sp.simplify(rewritten)
            return rewritten if _finite_at_zero(rewritten, u) else None
    except (SymbolicTimeout, ValueError, TypeError, ZeroDivisionError, NotImplementedError,
            AttributeError, sp.PolynomialError):
        return None


def cancelled(expr):
    """``expr`` with its rational sub-expressions cancelled, or as it was where that fails."""
    try:
        with time_budget(SIMPLIFY_SECONDS):
            return _cancel_inside(expr)
    except (SymbolicTimeout, ValueError, TypeError, ZeroDivisionError, NotImplementedError,
            AttributeError, sp.PolynomialError):
        return expr


@lru_cache(maxsize=4096)
def _cancel_inside(expr):
    # Remembered: an end tries u^m g for m = 0..3, whose sub-expressions are g's own.
    if expr.is_Atom:
        return expr
    args = [_cancel_inside(a) for a in expr.args]
    rebuilt = expr.func(*args)
    if rebuilt.is_Add or rebuilt.is_Mul or rebuilt.is_Pow:
        if not rebuilt.has(sp.Function, sp.exp, sp.log) or rebuilt.is_Pow:
            return sp.cancel(sp.together(rebuilt)) if _rational(rebuilt) else rebuilt
    return rebuilt


def _rational(expr) -> bool:
    return all(not isinstance(a, (sp.Function, sp.exp, sp.log)) for a in sp.preorder_traversal(expr)) \
        and all(p.exp.is_Integer for p in expr.atoms(sp.Pow))


def _finite_at_zero(expr, u) -> bool:
    for node in sp.preorder_traversal(expr):
        if node.is_Pow and node.exp.is_negative and sp.sympify(node.base.xreplace({u: 0})).is_zero:
            return False
    at = expr.xreplace({u: 0})
    return not at.has(sp.nan, sp.zoo, sp.oo, -sp.oo)


class LimitEnd:
    """An open edge where g is not defined at u = 0 (log(1/u), e^(-1/u^2)): g's limit there and
    its monotonicity in u.

    If L(y) = lim_{u -> 0+} g(u, y) (SymPy's limit) is >= 0 on the box's other sides B and
    dg/du >= 0 on (0, w] x B, then for each y in B and 0 < v < u <= w, g(u, y) >= g(v, y) by the
    mean value theorem, and letting v -> 0+, g(u, y) >= L(y) >= 0; strictly where L > 0 or
    dg/du > 0.  The slope is enclosed with infinite ends (``extended``), after Gaussian tails that
    an exponential cancels are written through erfcx (``scaled_tails``): as delta -> 0 both sides
    of delta >= Phi(-sqrt(2 log(1/delta))) vanish faster than any power of delta, so no Taylor
    coefficient signs it, but the slack's slope is 1 - 1/(2 sqrt(pi log(1/delta))) there."""

    def __init__(self, g, units, u):
        self.units, self.u = tuple(units), u
        # As written for the slope as written (simplified, it is a1's 1/sqrt(log(1/u))), and
        # expanded for the others and for the limit.
        self.written, self.g = g, _expanded(g, self.units)
        self._lower: dict = {}

    def settles(self, box, strict) -> bool:
        """The argument for g, else for g less one of its terms that is >= 0 on the box, a lower
        bound of g: e^eps Phi(-u - mu) >= 0 is dropped from zcdp-to-dp's slack, whose slope has
        no enclosure as rho -> oo, and what is left does not depend on rho.  The lower bounds come
        first: what is left of zcdp-to-dp's slack is the same on every piece of rho, and its limit
        is taken once, where g's own took 0.6 s on each piece."""
        return self._below(box, strict) or self._monotone(box, strict, 3)

    def _below(self, box, strict) -> bool:
        terms = sp.Add.make_args(self.g)
        if len(terms) < 2:
            return False
        env = dict(zip(self.units, box))
        for dropped in terms:
            with arb_bits(bits_for(box)):
                if dropped.is_number or not lower_bound_positive(dropped, env, False):
                    continue
            if dropped not in self._lower:
                self._lower[dropped] = LimitEnd(sp.Add(*(t for t in terms if t is not dropped)), self.units, self.u)
            if self._lower[dropped]._monotone(box, strict, 2):
                return True
        return False

    def _monotone(self, box, strict, plans) -> bool:
        env = dict(zip(self.units, box))
        with arb_bits(bits_for(box)):
            if self._negative_near(box):
                return False  # g < 0 at a point of the box: no argument makes it >= 0 there
            # The slope first: its enclosure costs less than the limit.
            slope = next((f for f in self._slope_forms(plans, env) if lower_bound_positive(f, env, False)), None)
            if slope is None:
                return False
            at = _limit_at_zero(self.g, self.u)
            if at is None:
                return False
            edge = {**env, self.u: (box[self.units.index(self.u)][0],) * 2}
            if lower_bound_positive(at, edge, strict):
                return True
            return strict and lower_bound_positive(at, edge, False) and lower_bound_positive(slope, env, True)

    def _negative_near(self, box) -> bool:
        """Whether g is certainly negative at a point of the box near the edge (u a millionth
        of the box's side in, the other units at their middles): a lower bound of the slack that
        is negative there is no use, and its limit and slopes are not paid for."""
        point = {v: ((lo + hi) / 2,) * 2 for v, (lo, hi) in zip(self.units, box)}
        lo, hi = box[self.units.index(self.u)]
        point[self.u] = (lo + (hi - lo) / 10**6,) * 2
        found = enclose(self.g, point)
        return found is not None and not isinstance(found[1], float) and bool(found[1] < 0)

    def _slope_forms(self, plans, env):
        """dg/du as SymPy writes it with the units positive, then simplified as written and with
        the units positive, each only where the one before did not sign the slope, and only for
        a short slope whose first form has an infinite end on the box: a finite negative one is
        the slope's sign, not the dependency problem.  Simplified as written,
        sqrt(log(1/u))/log(1/u) becomes 1/sqrt(log(1/u)), held as u -> 0 where the quotient of two
        infinite intervals is not; simplifying zcdp-to-dp's slope takes 0.3 s and more."""
        first = _slope(self.g, self.units, self.u, *SLOPE_PLANS[0])
        if first is None:
            return
        yield first
        found = enclose(first, env)
        if found is not None and not isinstance(found[0], float) or sp.count_ops(first) > SIMPLIFIED_OPS:
            return
        for positive, simplified in SLOPE_PLANS[1:plans]:
            form = _slope(self.g if positive else self.written, self.units, self.u, positive, simplified)
            if form is not None:
                yield form


def _positive_units(units) -> dict:
    return {v: sp.Dummy(v.name, positive=True) for v in units}


@lru_cache(maxsize=256)
def _expanded(g, units):
    """g with each function's argument expanded, the units taken positive (each is, inside its
    box): SymPy then writes sqrt(1/s) as 1/sqrt(s), and zcdp-to-dp's Phi(-eps/mu + mu/2) at
    rho = 1/s becomes Phi(-sqrt(2 log(1/delta))), the same on every piece of rho."""
    try:
        with time_budget(SLOPE_SECONDS):
            renamed = _positive_units(units)
            g2 = g.xreplace(renamed).replace(lambda e: isinstance(e, sp.Function) and e.args,
                                             lambda e: e.func(*(sp.expand(a) for a in e.args)))
            return g2.xreplace({p: v for v, p in renamed.items()})
    except _SYMPY_REFUSALS:
        return g


@lru_cache(maxsize=256)
def _slope(g, units, u, positive, simplified):
    """dg/du in one of ``SLOPE_PLANS``' forms, Gaussian tails scaled (``scaled_tails``), or None."""
    try:
        with time_budget(SLOPE_SECONDS):
            renamed = _positive_units(units) if positive else {}
            slope = sp.diff(g.xreplace(renamed), renamed.get(u, u))
            slope = scaled(sp.simplify(slope) if simplified else slope)
            return _logs_of_units_signed(slope.xreplace({p: v for v, p in renamed.items()}), units)
    except _SYMPY_REFUSALS:
        return None


def _logs_of_units_signed(expr, units):
    """``expr`` with log(s) written -L, L > 0, for each unit s (in (0, 1) inside its box), and back:
    SymPy then joins sqrt(-log s)/log s into -1/sqrt(-log s), one interval where the quotient of
    two infinite ones is the whole line as s -> 0."""
    logs = {sp.log(v): sp.Dummy(f"L_{v.name}", positive=True) for v in units}
    if not any(expr.has(k) for k in logs):
        return expr
    signed = expr.xreplace({k: -L for k, L in logs.items()})
    return signed.xreplace({L: -k for k, L in logs.items()})


@lru_cache(maxsize=256)
def _limit_at_zero(g, u):
    """SymPy's limit of g as u -> 0+, or None where it is not a finite expression."""
    try:
        with time_budget(LIMIT_SECONDS):
            limit = sp.limit(g, u, 0, "+")
    except _SYMPY_REFUSALS:
        return None
    if limit.has(sp.Limit, sp.oo, -sp.oo, sp.zoo, sp.nan, sp.AccumBounds, u):
        return None
    return limit


_SYMPY_REFUSALS = (SymbolicTimeout, NotImplementedError, ValueError, TypeError, ArithmeticError,
                   AttributeError, sp.PolynomialError)
