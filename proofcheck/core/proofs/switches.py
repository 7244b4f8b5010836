"""Abs, Max and Min resolved on a box where the sign of their switch is proved there.

|e| is e where e >= 0 on the box and -e where e <= 0; Max(a, b) is a where a - b >= 0, and
so on.  Once every switch of a slack is decided on a box, the slack there is a smooth
expression: the mean-value form, monotonicity and the Taylor argument at an end apply to it.
A switch at a far end (x = 1/s) is judged in its sign form: multiplied by s^m, which has its
sign for s > 0, and cancelled, so that 1/2 - 1/s is judged as (s - 2)/2, finite at s = 0.
"""
from __future__ import annotations

import sympy as sp

from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..numbers.precision import arb_bits
from .boxes import balls, bits_for
from .ends import cancelled

SWITCHED = (sp.Abs, sp.Max, sp.Min)


class Switches:
    """The switches of ``expr`` and, per sign pattern, the smooth expression it is on a box."""

    def __init__(self, expr, units, far_units):
        self.expr, self.nodes, self.forms = expr, [], []
        for node in sp.preorder_traversal(expr):
            if isinstance(node, SWITCHED) and len(node.args) in (1, 2) and node not in self.nodes:
                switch = node.args[0] if isinstance(node, sp.Abs) else node.args[0] - node.args[1]
                self.nodes.append(node)
                self.forms.append(compile_arb(_sign_form(switch, far_units), tuple(units)))
        if not self.nodes or any(n.has(*SWITCHED) for node in self.nodes for n in node.args):
            raise NotEnclosable("nested or no switches")

    def pattern(self, box):
        """A tuple of +1 / -1 per switch (>= 0, <= 0 on the box), or None where one is undecided."""
        out = []
        with arb_bits(bits_for(box)):
            env = balls(box)
            for form in self.forms:
                try:
                    value = form(env)
                except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                    return None
                if not value.is_finite():
                    return None
                out.append(1 if value >= 0 else -1 if value <= 0 else None)
        return None if None in out else tuple(out)

    def resolved(self, pattern):
        swap = {}
        for node, sign in zip(self.nodes, pattern):
            if isinstance(node, sp.Abs):
                swap[node] = node.args[0] if sign > 0 else -node.args[0]
            elif isinstance(node, sp.Max):
                swap[node] = node.args[0] if sign > 0 else node.args[1]
            else:
                swap[node] = node.args[1] if sign > 0 else node.args[0]
        return self.expr.xreplace(swap)


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
