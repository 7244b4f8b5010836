"""When the only stationary point is the global optimum: one variable, an objective smooth on its interval.

In one variable, an objective continuous on an interval and differentiable inside it, whose
only stationary point there is a strict local minimum, has its global minimum there: a lower
value elsewhere would put a maximum strictly between the two, a second stationary point.

Beyond that the argument fails, and a false claim of a global optimum passed on it:

- in two variables, x^2 (1 + y)^3 + y^2 has one stationary point, (0, 0), a strict local
  minimum, and goes to -oo along y = -2;
- where the derivative is not continuous on the whole interval: a kink (an ``Abs``), a pole
  (x^2 + 1/x on [-1, 1] goes to -oo at 0-);
- where SymPy's ``solve`` misses a root (it may return part of the roots of a transcendental
  equation without a word): ``solveset`` over the interval answers with all of them or with a
  set it cannot list, which decides nothing.

``unique_optimum`` says whether all of that is shown.  In any number of variables,
``definite_everywhere`` shows the other classical reason: a Hessian definite at every point
(each leading minor proved of its sign for every value of the variables) makes the objective
strictly convex (or concave) on the convex domain, and a stationary point its global optimum.
Where neither is shown, globality is left to the scan of the domain (numeric evidence).
"""
from __future__ import annotations

import sympy as sp

from .signs import proved_nonnegative, proved_sign

# Nodes where a derivative may jump or not exist.
_NOT_SMOOTH = (sp.Abs, sp.Max, sp.Min, sp.Piecewise, sp.sign, sp.floor, sp.ceiling, sp.Heaviside, sp.frac,
               sp.Integral, sp.Limit, sp.Sum, sp.Derivative)
# Functions smooth on the whole real line: they ask nothing of their argument.
_SMOOTH_EVERYWHERE = (sp.exp, sp.erf, sp.erfc, sp.erfi, sp.sin, sp.cos, sp.sinh, sp.cosh, sp.tanh, sp.atan)


def interval_of(parameter) -> sp.Interval:
    """The interval a one-variable domain (``domains.parse_parameter``) ranges over."""
    lower, upper = parameter.lower, parameter.upper
    low = lower.expr if lower is not None else -sp.oo
    high = upper.expr if upper is not None else sp.oo
    return sp.Interval(low, high, left_open=lower is None or lower.strict,
                       right_open=upper is None or upper.strict)


def unique_optimum(f, variable, interval: sp.Interval, at) -> bool:
    """Whether ``at`` is shown to be the only stationary point of ``f`` in ``interval`` and ``f`` is
    shown smooth there (continuous on the interval, differentiable inside it): then a strict
    local optimum at ``at`` is the global one.  False means "not shown"."""
    if f.has(*_NOT_SMOOTH):
        return False
    derivative = sp.diff(f, variable)
    if not _smooth_on(f, derivative, variable, interval):
        return False
    roots = sp.solveset(derivative, variable, interval)
    placed = True
    if isinstance(roots, sp.Intersection) and interval in roots.args:
        # One candidate SymPy could not place in the interval: it must be shown inside.
        roots, placed = next((a for a in roots.args if isinstance(a, sp.FiniteSet)), None), False
    if not isinstance(roots, sp.FiniteSet) or len(roots) != 1:
        return False
    (root,) = roots
    return sp.simplify(root - at) == 0 and (placed or _in_interval(root, interval))


def in_box(at, variables, intervals) -> bool:
    """Whether each coordinate of ``at`` is proved within its interval, a closed end included."""
    return all(_in_interval(sp.sympify(at[v]), interval) for v, interval in zip(variables, intervals))


def _in_interval(point, interval) -> bool:
    """Whether ``point`` is proved in the interval for every value of its symbols: strictly
    inside at an open end, at or inside a closed one."""
    for end, open_, gap in ((interval.inf, interval.left_open, point - interval.inf),
                            (interval.sup, interval.right_open, interval.sup - point)):
        if end in (sp.oo, -sp.oo):
            continue
        if not (_holds(gap, "positive") or (not open_ and sp.simplify(gap) == 0)):
            return False
    return True


def definite_everywhere(f, variables, intervals, sense: str) -> bool:
    """Whether the Hessian of ``f`` is proved negative (``sense`` "max") or positive ("min")
    definite at every point of the box of ``intervals``, from its leading minors
    (``signs.proved_sign``), and ``f`` smooth there: definite on each side of a pole, the
    objective has an optimum on each side."""
    if f.has(*_NOT_SMOOTH):
        return False
    hessian = sp.hessian(f, variables)
    conditions = _conditions(f)
    second = _conditions(hessian)
    if conditions is None or second is None:
        return False
    inside = {}
    for variable, interval in zip(variables, intervals):
        placed = _inside(variable, interval, sp.Dummy(f"t_{variable}", positive=True))
        if placed is None:
            return False
        inside[variable] = placed
    if not all(_holds(c.xreplace(inside), how) for c, how in conditions + second):
        return False
    for k in range(1, len(variables) + 1):
        minor = sp.factor(hessian[:k, :k].det().xreplace(inside))
        if proved_sign((-1) ** k * minor if sense == "max" else minor) != 1:
            return False
    return True


def separable_maximum(f, variables, intervals, at) -> bool:
    """Whether ``f`` = c g_1(x_1) ... g_k(x_k) with c > 0, each g_i >= 0 on its interval and
    globally largest there at ``at``'s x_i (the only stationary point of a function smooth on the
    interval, a strict local maximum): then f <= c g_1(at_1) ... g_k(at_k) = f(at) on the box.
    2 theta^2 (1 - theta)^2 (u - 1)^2/u^4 on 0 < theta < 1, u > 1 is largest at (1/2, 2) so."""
    if f.has(*_NOT_SMOOTH) or len(variables) < 2:
        return False
    if any(sp.sympify(end).free_symbols for i in intervals for end in (i.inf, i.sup)):
        return False  # a range that moves with another variable: the domain is no box
    groups, constant = {v: sp.Integer(1) for v in variables}, sp.Integer(1)
    for factor in sp.Mul.make_args(sp.factor(f)):
        inside = [v for v in variables if factor.has(v)]
        if len(inside) > 1:
            return False
        if inside:
            groups[inside[0]] *= factor
        else:
            constant *= factor
    if proved_sign(constant) != 1:
        return False
    t = sp.Dummy("t", positive=True)
    for variable, interval in zip(variables, intervals):
        g, x0 = groups[variable], sp.sympify(at[variable])
        placed = _inside(variable, interval, t)
        if placed is None or x0.free_symbols or not proved_nonnegative(g.xreplace({variable: placed})):
            return False
        if not (unique_optimum(g, variable, interval, x0)
                and proved_sign(-sp.diff(g, variable, 2).xreplace({variable: x0})) == 1):
            return False
    return True


def _smooth_on(f, derivative, variable, interval) -> bool:
    """Whether every condition that keeps ``f`` and its derivative defined and continuous (a
    denominator not 0, the argument of a log or of a fractional power positive) is proved
    (``signs.proved_sign``) inside the interval, and those of ``f`` at a closed end too."""
    inner, outer = _conditions(f), _conditions(derivative)
    if inner is None or outer is None:
        return False
    t = sp.Dummy("t", positive=True)
    inside = _inside(variable, interval, t)
    if inside is None or not all(_holds(c.xreplace({variable: inside}), how) for c, how in inner + outer):
        return False
    ends = [end for end, open_ in ((interval.inf, interval.left_open), (interval.sup, interval.right_open))
            if not open_]
    return all(_holds(c.xreplace({variable: end}), how) for end in ends for c, how in inner)


def _conditions(expr):
    """[(expression, "positive" or "nonzero")] that keep ``expr`` defined and smooth; None where
    a function is met whose conditions are not known here."""
    conditions = []
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Pow):
            base, exponent = node.args
            if exponent.is_integer and exponent.is_nonnegative:
                continue
            negative_integer = exponent.is_integer and exponent.is_negative
            conditions.append((base, "nonzero" if negative_integer else "positive"))
        elif isinstance(node, sp.log):
            conditions.append((node.args[0], "positive"))
        elif isinstance(node, sp.Function) and not isinstance(node, _SMOOTH_EVERYWHERE):
            return None
    return conditions


def _inside(variable, interval, t):
    """The variable written through ``t`` > 0 so that it ranges over the interval's interior."""
    lo, hi = interval.inf, interval.sup
    if lo == -sp.oo and hi == sp.oo:
        return variable  # the whole line: the variable's own assumption (real) is the domain
    if hi == sp.oo:
        return lo + t
    if lo == -sp.oo:
        return hi - t
    return lo + (hi - lo) * t / (1 + t)


def _holds(expr, how) -> bool:
    sign = proved_sign(expr)
    return sign == 1 if how == "positive" else sign in (1, -1)
