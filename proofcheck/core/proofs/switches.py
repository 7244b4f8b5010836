"""Abs, Max and Min resolved on a box where the sign of their switch is proved there.

|e| is e where e >= 0 on the box and -e where e <= 0; Max(a, b) is a where a - b >= 0, and
so on.  Once every switch of a slack is decided on a box, the slack there is a smooth
expression: the mean-value form, monotonicity and the Taylor argument at an end apply to it.
A switch at a far end (x = 1/s) is judged in its sign form: multiplied by s^m, which has its
sign for s > 0, and cancelled, so that 1/2 - 1/s is judged as (s - 2)/2, finite at s = 0.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..numbers.precision import arb_bits
from .boxes import balls, bits_for
from .ends import cancelled

SWITCHED = (sp.Abs, sp.Max, sp.Min)


class Switches:
    """The switches of ``expr`` and, per sign pattern, the smooth expression it is on a box."""

    def __init__(self, expr, units, far_units):
        self.expr, self.nodes, self.forms, self.exact = expr, [], [], []
        self.units = tuple(units)
        for node in sp.preorder_traversal(expr):
            if isinstance(node, SWITCHED) and len(node.args) in (1, 2) and node not in self.nodes:
                switch = node.args[0] if isinstance(node, sp.Abs) else node.args[0] - node.args[1]
                self.nodes.append(node)
                form = _sign_form(switch, far_units)
                self.forms.append(compile_arb(form, tuple(units)))
                self.exact.append(form if form.is_polynomial(*units) else None)
        if not self.nodes:
            raise NotEnclosable("no switches")

    def pattern(self, box):
        """A tuple of +1 / -1 / None per switch (>= 0, <= 0 on the box, undecided), or None where
        none is decided.  A partial pattern resolves what it can: |max(u, 0) - n| - |u - n| is
        0 wherever u >= 0, whatever the sign of u - n."""
        out = []
        with arb_bits(bits_for(box)):
            env = balls(box)
            for form, exact in zip(self.forms, self.exact):
                try:
                    value = form(env)
                except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                    return None
                if not value.is_finite():
                    return None
                sign = 1 if value >= 0 else -1 if value <= 0 else None
                if sign is None and exact is not None:
                    sign = _exact_sign(exact, dict(zip(self.units, box)))
                out.append(sign)
        return None if all(v is None for v in out) else tuple(out)

    def resolved(self, pattern):
        swap = {}
        for node, sign in zip(self.nodes, pattern):
            if sign is None:
                continue
            if isinstance(node, sp.Abs):
                swap[node] = node.args[0] if sign > 0 else -node.args[0]
            elif isinstance(node, sp.Max):
                swap[node] = node.args[0] if sign > 0 else node.args[1]
            else:
                swap[node] = node.args[1] if sign > 0 else node.args[0]
        # A replacement may hold a switch nested in the one it replaces: replace until none is left.
        out, before = self.expr, None
        while out != before:
            out, before = out.xreplace(swap), out
        return out


def _exact_sign(poly, env):
    """+1 / -1 where the exact interval of a polynomial with rational coefficients on the box is
    >= 0 / <= 0, else None.  A ball's radius is rounded up, so 2s - 1 on [1/2, 33/64] is a ball
    reaching below 0, and a switch at a box's edge would never be decided by balls."""
    try:
        lo, hi = _exact_range(poly, env)
    except (TypeError, ValueError):
        return None
    return 1 if lo >= 0 else -1 if hi <= 0 else None


def _exact_range(node, env):
    if node in env:
        return env[node]
    if node.is_Rational:
        value = Fraction(int(node.p), int(node.q))
        return value, value
    if node.is_Add or node.is_Mul:
        parts = [_exact_range(a, env) for a in node.args]
        lo, hi = parts[0]
        for a, b in parts[1:]:
            if node.is_Add:
                lo, hi = lo + a, hi + b
            else:
                products = [lo * a, lo * b, hi * a, hi * b]
                lo, hi = min(products), max(products)
        return lo, hi
    if node.is_Pow and node.exp.is_Integer and node.exp > 0:
        lo, hi = _exact_range(node.base, env)
        k = int(node.exp)
        ends = [lo ** k, hi ** k]
        if k % 2 == 0 and lo < 0 < hi:
            return Fraction(0), max(ends)
        return min(ends), max(ends)
    raise ValueError(f"no exact interval for {node}")


def _sign_form(switch, far_units):
    """``switch`` times the least powers of the far units that make it finite at their 0."""
    form = cancelled(switch)
    for u in far_units:
        for m in range(0, 4):
            candidate = cancelled(form * u ** m)
            at = candidate.xreplace({u: 0})
            if not at.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
                form = candidate
                break
    return form
