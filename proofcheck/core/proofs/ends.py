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

import sympy as sp

from ..arb_expressions import NotEnclosable, compile_arb
from ..errors import SymbolicTimeout
from ..precision import arb_bits
from ..timeout import time_budget
from .boxes import ball, balls, bits_for
from .enclosure import smooth

# The highest order tried: the packs' ends need 2 (a difference of two logs of 1 + O(s)).
ORDERS = 4
SIMPLIFY_SECONDS = 2.0


class End:
    """The Taylor argument at one end of one unit variable of a piece, prepared once."""

    def __init__(self, expr, units, index, at_one):
        self.units, self.index = tuple(units), index
        u = units[index]
        self.ready = False
        if not smooth(expr):
            return
        flipped = expr.xreplace({u: 1 - u}) if at_one else expr
        g = regular(flipped, u)
        if g is None:
            return
        try:
            self.derivatives, self.at_zero = [], []
            for j in range(ORDERS + 1):
                gj = g if j == 0 else sp.diff(g, u, j)
                self.derivatives.append(compile_arb(gj, self.units))
                dj = _at_zero(gj, u)
                self.at_zero.append(None if dj is None else (0 if dj == 0 else compile_arb(dj, self.units)))
        except (NotEnclosable, SymbolicTimeout, ValueError, TypeError, ArithmeticError):
            return
        self.ready = True

    def settles(self, box, at_one, strict, edge_in_domain) -> bool:
        """Whether the argument proves the slack's sign on ``box`` (which touches this end)."""
        if not self.ready:
            return False
        i = self.index
        lo, hi = box[i]
        local = box[:i] + (((1 - hi, 1 - lo) if at_one else (lo, hi)),) + box[i + 1:]
        edge = local[:i] + ((local[i][0], local[i][0]),) + local[i + 1:]
        with arb_bits(bits_for(local)):
            whole, at_edge = balls(local), balls(edge)
            strict_found = False
            for j in range(ORDERS + 1):
                try:
                    remainder = self.derivatives[j](whole)
                except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                    return False
                need_strict = strict and not strict_found
                if remainder.is_finite() and (remainder > 0 or (not need_strict and remainder >= 0)):
                    return not (strict and edge_in_domain and j > 0 and not _positive_at(self, 0, at_edge))
                d = self.at_zero[j]
                if d is None:
                    return False
                if d == 0:
                    if j == 0 and strict and edge_in_domain:
                        return False
                    continue
                try:
                    value = d(at_edge)
                except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                    return False
                if not value.is_finite() or not value >= 0:
                    return False
                strict_found = strict_found or value > 0
                if j == 0 and strict and edge_in_domain and not value > 0:
                    return False
        return False


def _positive_at(end, j, env):
    d = end.at_zero[j]
    if d is None or d == 0:
        return False
    try:
        value = d(env)
    except (NotEnclosable, ArithmeticError, ValueError, TypeError):
        return False
    return value.is_finite() and value > 0


def _at_zero(expr, u):
    """``expr`` at u = 0, simplified; None where SymPy cannot say (or it is not finite)."""
    try:
        with time_budget(SIMPLIFY_SECONDS):
            value = sp.simplify(expr.xreplace({u: 0}))
    except (SymbolicTimeout, ValueError, TypeError, ZeroDivisionError, NotImplementedError):
        return None
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    return value


def regular(expr, u):
    """``expr`` rewritten so that its balls are finite at u = 0, or None.

    Every rational sub-expression is put over one denominator and cancelled, bottom up;
    the result is accepted only where u = 0 gives no division by zero (SymPy's own
    substitution is the test: ``zoo`` or ``nan`` anywhere refuses it)."""
    try:
        with time_budget(SIMPLIFY_SECONDS):
            rewritten = _cancel_inside(expr)
            if _finite_at_zero(rewritten, u):
                return rewritten
            rewritten = sp.simplify(rewritten)
            return rewritten if _finite_at_zero(rewritten, u) else None
    except (SymbolicTimeout, ValueError, TypeError, ZeroDivisionError, NotImplementedError,
            AttributeError, sp.PolynomialError):
        return None


def _cancel_inside(expr):
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
        if node.is_Pow and node.exp.is_negative and sp.sympify(node.base.xreplace({u: 0})).is_zero is not False:
            return False
    at = expr.xreplace({u: 0})
    return not at.has(sp.nan, sp.zoo, sp.oo, -sp.oo)
