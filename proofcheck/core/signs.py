"""Proving the sign of an expression on a whole domain, from its symbols' assumptions.

A derivation by hand splits ``E|e^{sZ - s^2} - 1|`` at ``Z = s`` and says
"on ``Z > s`` the argument is positive": a statement about every ``Z > s``
and every ``s > 0``, not about one sample.  ``proved_sign`` makes that
statement only when it can prove it:

* SymPy's assumption system (``is_positive``/``is_negative``), which reasons
  from the assumptions each symbol carries (``positive``, ``real``, ...);
* products and powers: the product of proved signs;
* a difference ``P - N`` of two positive terms has the sign of
  ``log P - log N`` (the logarithm is increasing), which turns
  ``exp(s t) - 1`` into ``s t``;
* ``log A`` has the sign of ``A - 1``.

It answers +1 or -1 when proved, and None otherwise; None is "not shown",
never "shown otherwise".  Nothing here evaluates at a point.
"""
from __future__ import annotations

import sympy as sp

from .errors import SymbolicTimeout
from .timeout import time_budget

_ERRORS = (TypeError, ValueError, NotImplementedError, AttributeError, RecursionError,
           ZeroDivisionError)


def proved_sign(expr, budget: float | None = 2.0) -> int | None:
    """+1 if ``expr > 0`` wherever its symbols' assumptions hold, -1 if ``< 0``, else None."""
    try:
        with time_budget(budget):
            return _sign(sp.sympify(expr), depth=3)
    except SymbolicTimeout:
        return None


def proved_nonnegative(expr, budget: float | None = 2.0) -> bool:
    """``expr >= 0`` wherever the assumptions hold: proved positive, or exactly zero."""
    expr = sp.sympify(expr)
    if expr == 0 or expr.is_nonnegative:
        return True
    return proved_sign(expr, budget) == 1


def _sign(e, depth) -> int | None:
    direct = _assumed(e)
    if direct is not None or depth <= 0:
        return direct
    if isinstance(e, sp.Mul):
        signs = [_sign(f, depth) for f in e.args]
        if None in signs:
            return _rewritten(e, depth)
        product = 1
        for s in signs:
            product *= s
        return product
    if isinstance(e, sp.exp):
        return 1 if e.args[0].is_real else None
    if isinstance(e, sp.Pow) and e.base.is_real and _sign(e.base, depth - 1) == 1 and e.exp.is_real:
        return 1
    if isinstance(e, sp.log) and _sign(e.args[0], depth - 1) == 1:
        return _sign(e.args[0] - 1, depth - 1)
    if isinstance(e, sp.Add):
        return _difference_sign(e, depth)
    return _rewritten(e, depth)


def _assumed(e) -> int | None:
    try:
        if e.is_positive:
            return 1
        if e.is_negative:
            return -1
    except _ERRORS:
        return None
    return None


def _difference_sign(e, depth) -> int | None:
    signs = [_sign(term, depth - 1) for term in e.args]
    if None not in signs:
        if all(s == 1 for s in signs):
            return 1
        if all(s == -1 for s in signs):
            return -1
        positive = sp.Add(*[t for t, s in zip(e.args, signs) if s == 1])
        negative = -sp.Add(*[t for t, s in zip(e.args, signs) if s == -1])
        # Both are positive: P - N has the sign of log P - log N.
        logs = _log_of_positive(positive, depth), _log_of_positive(negative, depth)
        if None not in logs:
            gap = sp.expand(logs[0] - logs[1])
            if gap == 0:
                return None  # P == N: the difference is zero, not signed
            sign = _sign(gap, depth - 1)
            if sign is not None:
                return sign
    return _rewritten(e, depth)


def _log_of_positive(p, depth):
    """log p for p proved positive, split over products and powers; None if not proved."""
    if isinstance(p, sp.exp) and p.args[0].is_real:
        return p.args[0]
    if isinstance(p, sp.Mul):
        parts = [_log_of_positive(f, depth) for f in p.args]
        return None if None in parts else sp.Add(*parts)
    if isinstance(p, sp.Pow) and p.exp.is_real:
        inner = _log_of_positive(p.base, depth)
        return None if inner is None else p.exp * inner
    if p.is_Rational and p > 0:
        return sp.log(p)
    if _sign(p, depth - 1) == 1:
        return sp.log(p)
    return None


def _rewritten(e, depth) -> int | None:
    """Try the sign of a simplified or factored form (one level deeper)."""
    for rewrite in (sp.factor, sp.simplify):
        try:
            other = rewrite(e)
        except _ERRORS:
            continue
        if other != e:
            sign = _sign(other, depth - 1)
            if sign is not None:
                return sign
    return None
