"""The second-order condition of an optimum where the Hessian vanishes: the first non-zero
derivative decides.

A vanishing second derivative is no disproof: x^8 has its minimum at 0, where f'' = 0.  In
one variable, if f', ..., f^(k-1) vanish at x0 and f^(k)(x0) != 0, then x0 is an extremum
exactly when k is even, a minimum where f^(k)(x0) > 0 and a maximum where it is < 0 (Taylor's
theorem with the Lagrange remainder); an odd k is an inflection, so no optimum.  The
derivatives are taken by SymPy at the exact point, and each is zero only where SymPy proves
it, non-zero only where Arb's ball of it excludes 0.  Anything else is undecided.
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import SymbolicTimeout
from ..model.timeout import time_budget
from ..model.verdict import Verdict, failed, show_point
from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..symbolic.operators import is_zero

# Derivatives tried beyond the second: 12 settles x^8, exp(-1/x^2)-like flatness stays undecided.
HIGHEST_ORDER = 16


def flat_second_order(f, symbols, full, sense, budget):
    """None if the first non-zero derivative at ``full`` makes it a ``sense`` optimum; a failed
    verdict where it proves the point no such optimum; an undecided error otherwise."""
    point = show_point(full)
    if len(symbols) != 1:
        return Verdict("error", None, "second-order condition undecided: the Hessian is not definite "
                       "and several variables leave no first non-zero derivative", {"point": point})
    symbol, = symbols
    exact = {s: sp.nsimplify(v) if not isinstance(v, sp.Basic) else v for s, v in full.items()}
    derivative = sp.diff(f, symbol, 2)
    try:
        with time_budget(budget):
            for order in range(2, HIGHEST_ORDER + 1):
                value = sp.simplify(derivative.xreplace(exact))
                sign = _sign(value)
                if sign == 0 and is_zero(value, budget=None):
                    derivative = sp.diff(derivative, symbol)
                    continue
                if sign == 0:
                    break
                return _decide(order, sign, sense, point)
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, ArithmeticError):
        pass
    return Verdict("error", None, "second-order condition undecided: the Hessian is not definite and "
                   f"no derivative up to order {HIGHEST_ORDER} is proved non-zero", {"point": point})


def _decide(order, sign, sense, point):
    if order % 2:
        return failed(f"second-order condition fails: the first non-zero derivative is of odd order "
                      f"{order}, so the point is no optimum", {"point": point})
    if (sign > 0) == (sense == "min"):
        return None
    return failed(f"second-order condition fails: the first non-zero derivative (order {order}) has "
                  f"the sign of a {'maximum' if sense == 'min' else 'minimum'}", {"point": point})


def _sign(value):
    """+1 or -1 where Arb's ball of the exact ``value`` excludes 0; else 0."""
    try:
        ball = compile_arb(value, ())([])
    except (NotEnclosable, ZeroDivisionError, ValueError):
        return 0
    return 1 if ball > 0 else -1 if ball < 0 else 0
