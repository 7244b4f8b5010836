"""High-precision evaluation of SymPy expressions, operators included.

``evaluate(expr, point, dps)`` walks the expression tree with mpmath at
``dps`` digits (plus guard digits).  Unevaluated operators are computed from
their definitions: an ``Integral`` by tanh-sinh quadrature split at every
point where the integrand has a kink or a jump (the zeros of ``Abs``
arguments, the thresholds of indicators, the crossings of ``Max``/``Min``:
``quadrature_pieces``), the integrand compiled once onto Arb balls
(``arb_expressions``) and taken with mpmath at any node where a ball is not finite,
a ``Derivative`` by mpmath's numerical differentiation, a finite ``Sum`` term
by term, and a ``Limit`` by mpmath's extrapolation, checked against the values
along points approaching it (``numeric_limits.py``).  A derivative's and a
limit's values keep the working bits, and an integral or a sum is an error where
its balls lost seven eighths of them (``ball_integrands``, ``dropped_radii``).

The parameter values at ``point`` are exact rationals, converted at the
working precision, so two evaluations at different precisions see the same
point.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb

from ..model.errors import EvaluationError, SymbolicTimeout
from . import dropped_radii
from .arb_expressions import NotEnclosable, compile_arb
from .ball_integrands import BallIntegrand, OperatorIntegrand, constant_ball
from .numeric_limits import settled_limit

# The error of every numeric evaluation is defined beside the limits, which also raise it.
from .precision import GUARD_DIGITS, arb_bits
from .quadrature_pieces import breakpoint_expressions, split_long_pieces, staircase_cuts, staircase_expressions
from .settled_quadrature import settled_quadrature, settled_sum
from .sums import sum_to_infinity


def evaluate(expr, point, dps: int):
    """Value of ``expr`` at ``point`` (mapping Symbol -> exact number) as mpf."""
    expr = sp.sympify(expr)
    if expr.has(sp.Integral, sp.Derivative, sp.Sum, sp.Limit):
        # Quadrature is the expensive part of a check; negative controls re-use the
        # definition's values at the same exact points, so remember them.
        key = (expr, tuple(sorted(point.items(), key=lambda item: str(item[0]))), dps)
        return _evaluate_operator_expression(key)
    return _evaluate(expr, point, dps)


@lru_cache(maxsize=4096)
def _evaluate_operator_expression(key):
    expr, items, dps = key
    return _evaluate(expr, dict(items), dps)


def _evaluate(expr, point, dps: int):
    with mpmath.workdps(dps + GUARD_DIGITS):
        env = {symbol: _number(value) for symbol, value in point.items()}
        try:
            value = _eval(sp.sympify(expr), env)
        except (ZeroDivisionError, ValueError, OverflowError, TypeError) as error:
            # TypeError: a comparison (Max, an indicator) met a complex intermediate value.
            raise EvaluationError(f"cannot evaluate {expr}: {error}") from None
        if isinstance(value, mpmath.mpc):
            if abs(value.imag) > abs(value.real) * mpmath.mpf(10) ** (-dps):
                raise EvaluationError(f"{expr} is not real at {point}")
            value = value.real
        return +value


def _number(value):
    if isinstance(value, (mpmath.mpf, mpmath.mpc)):
        return value
    value = sp.sympify(value)
    if value.is_Rational:
        return mpmath.mpf(int(value.p)) / int(value.q)
    return _eval(value, {})


_FUNCTIONS = {
    sp.exp: mpmath.exp, sp.log: mpmath.log, sp.erf: mpmath.erf, sp.erfc: mpmath.erfc,
    sp.erfinv: mpmath.erfinv, sp.sin: mpmath.sin, sp.cos: mpmath.cos, sp.tan: mpmath.tan,
    sp.atan: mpmath.atan, sp.sinh: mpmath.sinh, sp.cosh: mpmath.cosh, sp.tanh: mpmath.tanh,
    sp.gamma: mpmath.gamma, sp.airyai: mpmath.airyai,
    sp.airyaiprime: lambda x: mpmath.airyai(x, derivative=1),
    sp.loggamma: mpmath.loggamma,
}


def _eval(expr, env):
    """Value of ``expr`` under ``env``: the rule of its type (``_rule_for``), else an
    operator computed from its definition, else a function's mpmath counterpart."""
    rule = _rule_for(type(expr))
    if rule is not None:
        return rule(expr, env)
    operator = _OPERATORS.get(type(expr))
    if operator is not None:
        return _operator_value(operator, expr, env)
    function = _FUNCTIONS.get(expr.func)
    if function is not None:
        return function(*[_eval(a, env) for a in expr.args])
    raise EvaluationError(f"no numeric rule for {expr.func.__name__}")


@lru_cache(maxsize=None)
def _rule_for(kind):
    """The rule of the nearest class in ``kind``'s method resolution order that ``_RULES``
    names (the way SymPy's printers dispatch), or None; a ``Dummy`` is read as a ``Symbol``."""
    for base in kind.__mro__:
        rule = _RULES.get(base)
        if rule is not None:
            return rule
    return None


def _symbol(expr, env):
    try:
        return env[expr]
    except KeyError:
        raise EvaluationError(f"no value for {expr}") from None


def _rational(expr, env):
    return mpmath.mpf(int(expr.p)) / int(expr.q)


def _product(expr, env):
    result = mpmath.mpf(1)
    for a in expr.args:
        result *= _eval(a, env)
    return result


def _power(expr, env):
    base, exponent = expr.args
    if exponent == sp.Rational(1, 2):
        return mpmath.sqrt(_eval(base, env))
    if exponent.is_Integer:
        return mpmath.power(_eval(base, env), int(exponent))
    b = _eval(base, env)
    e = _eval(exponent, env)
    if b < 0:
        raise EvaluationError(f"negative base in {expr}")
    return mpmath.power(b, e)


def _piecewise(expr, env):
    for value, condition in expr.args:
        if _truth(condition, env):
            return _eval(value, env)
    raise EvaluationError(f"no branch of {expr} applies")


def _of_argument(function):
    """The rule that applies ``function`` to the value of the single argument."""
    return lambda expr, env: function(_eval(expr.args[0], env))


# The types the evaluator knows by their structure, numbers and constants first.
_RULES = {
    sp.Symbol: _symbol,
    sp.Integer: lambda expr, env: mpmath.mpf(int(expr)),
    sp.Rational: _rational,
    sp.Float: lambda expr, env: mpmath.mpf(expr),
    type(sp.pi): lambda expr, env: +mpmath.pi,
    type(sp.E): lambda expr, env: mpmath.e(),
    type(sp.EulerGamma): lambda expr, env: +mpmath.euler,
    type(sp.oo): lambda expr, env: mpmath.inf,
    type(sp.S.NegativeInfinity): lambda expr, env: -mpmath.inf,
    sp.Add: lambda expr, env: mpmath.fsum(_eval(a, env) for a in expr.args),
    sp.Mul: _product,
    sp.Pow: _power,
    sp.Abs: _of_argument(abs),
    sp.sign: _of_argument(mpmath.sign),
    sp.Max: lambda expr, env: max(_eval(a, env) for a in expr.args),
    sp.Min: lambda expr, env: min(_eval(a, env) for a in expr.args),
    sp.floor: _of_argument(mpmath.floor),
    sp.ceiling: _of_argument(mpmath.ceil),
    sp.Piecewise: _piecewise,
}


def _operator_value(operator, expr, env):
    """An operator's value at ``env``, remembered at the working precision: a side's ball
    (``side_balls``) asks again for the operators the side's own value has just computed."""
    key = (expr, tuple(sorted((s.name, env[s]) for s in expr.free_symbols if s in env)), mpmath.mp.prec)
    value = _OPERATOR_VALUES.get(key)
    if value is None:
        value = operator(expr, env)
        if len(_OPERATOR_VALUES) >= 4096:
            _OPERATOR_VALUES.clear()
        _OPERATOR_VALUES[key] = value
    return +value


def _truth(condition, env):
    if condition is sp.true or condition == True:  # noqa: E712 - SymPy's true
        return True
    if condition is sp.false:
        return False
    if isinstance(condition, sp.And):
        return all(_truth(c, env) for c in condition.args)
    if isinstance(condition, sp.Or):
        return any(_truth(c, env) for c in condition.args)
    if isinstance(condition, sp.Not):
        return not _truth(condition.args[0], env)
    if isinstance(condition, sp.core.relational.Relational):
        a, b = _eval(condition.lhs, env), _eval(condition.rhs, env)
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b,
                "==": a == b, "!=": a != b}[condition.rel_op]
    raise EvaluationError(f"cannot decide condition {condition}")


def _integral(expr, env):
    integrand = expr.function
    limits = expr.limits
    if len(limits) != 1 or len(limits[0]) != 3:
        raise EvaluationError(f"only single definite integrals are supported: {expr}")
    variable, lower, upper = limits[0]
    a, b = _eval(lower, env), _eval(upper, env)
    cuts = []
    try:
        breakpoints = breakpoint_expressions(integrand, variable)
    except SymbolicTimeout:
        raise EvaluationError("the breakpoints of the integrand were not found in time") from None
    for point in breakpoints:
        try:
            value = _eval(point, env)
        except EvaluationError:
            continue
        if isinstance(value, mpmath.mpc):
            if value.imag != 0:
                continue
            value = value.real
        if a < value < b:
            cuts.append(value)
    cuts += _staircase_cuts(integrand, variable, a, b, env)
    nodes = split_long_pieces([a] + sorted(set(cuts)) + [b])

    f = _compiled_integrand(integrand, variable, env)
    tolerance = mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS))
    # More levels of tanh-sinh only where the first attempt has not converged (high
    # precision, a kink close to a node) and the error falls fast enough to meet the
    # tolerance; the error estimate decides, never a guess.  A maximum between the nodes
    # is cut, and an integral far from 1 is measured at its own scale (``settled_quadrature``).
    with arb_bits(mpmath.mp.prec):  # the integrand sets Arb's precision; this restores it
        _real_inside(f, a, b, variable)
        value, error = settled_quadrature(f, nodes, tolerance)
    if error > tolerance * max(1, abs(value)):
        raise EvaluationError(f"quadrature did not converge (error estimate {mpmath.nstr(error, 3)})")
    return value


def _staircase_cuts(integrand, variable, a, b, env) -> list:
    """Where the integrand's floors and ceilings jump inside (a, b); EvaluationError where those are
    too many.  A step whose argument is not linear in the variable is not cut at: tanh-sinh meets
    its jumps, and its error estimate says it did not converge."""
    steps = staircase_expressions(integrand, variable)
    if steps is None:
        return []
    try:
        return [c for c in staircase_cuts(steps, a, b, lambda e: _eval(e, env)) if a < c < b]
    except ValueError as why:
        raise EvaluationError(str(why)) from None


def _real_inside(f, a, b, variable):
    """EvaluationError where the integrand is plainly not real inside the range (a logarithm of a
    negative number: its imaginary part is not a rounding's), found at one point before any
    quadrature: tanh-sinh otherwise refines a complex integrand level after level (4 s for a
    negative control of prop-6.2-kl with log(n - c), c > n) before it reports no convergence."""
    finite_a, finite_b = mpmath.isfinite(a), mpmath.isfinite(b)
    at = (a + b) / 2 if finite_a and finite_b else a + 1 if finite_a else b - 1 if finite_b else mpmath.mpf(0)
    try:
        value = f(at)
    except (EvaluationError, ArithmeticError, ValueError, TypeError):
        return
    if isinstance(value, mpmath.mpc) and abs(value.imag) > abs(value) / 10**6:
        raise EvaluationError(f"the integrand is not real at {variable} = {mpmath.nstr(at, 6)}: "
                              f"{mpmath.nstr(value, 6)}")


@lru_cache(maxsize=256)
def _compile(integrand, variable):
    """The integrand as a Python function of the variable and its constant parts.

    Sub-expressions free of the integration variable (e.g. sigma defined
    through Phi^{-1}) are hoisted out and evaluated once per integral; SymPy's
    code printer turns the rest of the (already whitelisted) tree into a
    function, which quadrature calls at every node much faster than walking
    the tree.  Integrands with nested operators are not compiled.
    """
    if integrand.has(sp.Integral, sp.Derivative, sp.Sum, sp.Limit):
        return None
    hoisted = {}
    taken = {s.name for s in integrand.free_symbols}

    def hoist(node):
        if variable not in node.free_symbols:
            if node.is_Atom or not isinstance(node, sp.Expr):
                return node  # a Piecewise's (value, condition) pair keeps its shape
            dummy = hoisted.get(node)
            if dummy is None:
                # A plain symbol, not a Dummy: lambdify renames every argument (one tree
                # rebuild each) as soon as one is a Dummy.  No parsed name has "__", and
                # none of the integrand's own names is taken.
                dummy = hoisted[node] = _fresh_symbol(f"hoisted__{len(hoisted)}", taken)
            return dummy
        if not node.args:
            return node
        return node.func(*[hoist(a) for a in node.args], evaluate=False) \
            if isinstance(node, (sp.Add, sp.Mul, sp.Pow)) else node.func(*[hoist(a) for a in node.args])

    try:
        body = hoist(integrand)
        constants = tuple(hoisted.items())
        free = tuple(sorted((s for s in body.free_symbols if s != variable and s not in hoisted.values()),
                            key=lambda s: s.name))
        names = (variable,) + tuple(d for _, d in constants) + free
        function = sp.lambdify(names, body, modules="mpmath")
    except (TypeError, NameError, SyntaxError, KeyError, ValueError):
        return None
    try:
        on_balls = compile_arb(body, names)
    except NotEnclosable:
        on_balls = None
    return function, tuple(e for e, _ in constants), free, on_balls


def _fresh_symbol(name, taken):
    while name in taken:
        name += "_"
    return sp.Symbol(name)


def _compiled_integrand(integrand, variable, env, keep_bits=0):
    """The integrand (or a sum's term) as a function of its variable, the rest of ``env`` fixed.

    With ``keep_bits``, a ball with fewer bits of relative accuracy is ``CancelledDigits``,
    and a limit's approach carries more digits: mpmath's approach to 2^K (1 + 2^-K (2 +
    tanh(x + 1/x))) - 2^K gave 0 at K = 3400, and a false "<= 1" passed (the limit is 3).
    """
    compiled = _compile(integrand, variable)
    if compiled is None:
        return _around_operators(integrand, variable, env, keep_bits) or \
            (lambda x: _eval(integrand, {**env, variable: x}))
    function, constants, free, on_balls = compiled
    if any(s not in env for s in free):
        return lambda x: _eval(integrand, {**env, variable: x})
    values = [_eval(e, env) for e in constants] + [env[s] for s in free]
    # With keep_bits, the tree itself (exact sums, fsum) wherever a ball is not finite.
    on_mpmath = (lambda x: _eval(integrand, {**env, variable: x})) if keep_bits else \
        (lambda x: function(x, *values))
    if on_balls is None or any(isinstance(v, mpmath.mpc) for v in values):
        return on_mpmath
    # A constant part as its own ball: mpmath's 2^K (1 + 2^-K x) - 2^K was 0 (a false pass).
    with arb_bits(mpmath.mp.prec):
        balls = [constant_ball(e, env, v) for e, v in zip(constants, values)] + [arb(env[s]) for s in free]
    return BallIntegrand(on_balls, on_mpmath, balls, keep_bits)


def _around_operators(integrand, variable, env, keep_bits):
    """An integrand holding operators, on balls around mpmath's values of them
    (``ball_integrands.OperatorIntegrand``); None where the rest has no ball rule."""
    operators = _outermost_operators(integrand)
    marks = [sp.Symbol(f"operator__{i}") for i in range(len(operators))]
    marked = integrand.xreplace(dict(zip(operators, marks)))
    free = sorted(marked.free_symbols - {variable, *marks}, key=lambda s: s.name)
    if not operators or any(s not in env or isinstance(env[s], mpmath.mpc) for s in free):
        return None
    try:
        on_balls = compile_arb(marked, (variable, *free, *marks))
    except NotEnclosable:
        return None
    at = [lambda x, o=o: _eval(o, {**env, variable: x}) for o in operators]
    return OperatorIntegrand(on_balls, lambda x: _eval(integrand, {**env, variable: x}),
                             [arb(env[s]) for s in free], at,
                             mpmath.mpf(10) ** (GUARD_DIGITS - mpmath.mp.dps), keep_bits)


def _outermost_operators(expr):
    if isinstance(expr, tuple(_OPERATORS)):
        return [expr]
    found = []
    for argument in expr.args:
        found += [o for o in _outermost_operators(argument) if o not in found]
    return found


def _derivative(expr, env):
    inner = expr.expr
    (variable, order), = expr.variable_count
    at = env.get(variable)
    if at is None:
        raise EvaluationError(f"no value for {variable} in {expr}")
    # Each value keeps the working bits (``_compiled_integrand``): a difference quotient of
    # values that cancelled was 0 at every precision, and a false bound on a derivative passed.
    f = _compiled_at_each_precision(inner, variable, env, keep_bits=mpmath.mp.prec)
    with arb_bits(mpmath.mp.prec):
        return mpmath.diff(f, at, int(order))


def _sum(expr, env):
    term = expr.function
    (variable, lower, upper), = expr.limits
    lo, hi = _eval(lower, env), _eval(upper, env)
    if not term.has(variable) and mpmath.isfinite(lo) and mpmath.isfinite(hi):
        # A term free of the index (0 log 1, a constant) is the same at every index: its
        # count of copies, not a million additions of it.
        return _eval(term, env) * len(range(int(lo), int(hi) + 1))
    f = _compiled_integrand(term, variable, env)
    with arb_bits(mpmath.mp.prec):
        if mpmath.isinf(hi) or mpmath.isinf(lo):
            # A proved tail where one is found; divergence fails the claim (``sums``).
            return sum_to_infinity(term, variable, lo, hi, env, lambda: settled_sum(f, [lo, hi]))
        if hi - lo > 10**5:
            return settled_sum(f, [lo, hi])
        with dropped_radii.ledger() as dropped:
            total = mpmath.fsum(f(mpmath.mpf(j)) for j in range(int(lo), int(hi) + 1))
        dropped.check("a sum's terms")
        return total


def _limit(expr, env):
    """The limit of an expression, accepted only if points approaching it settle (``numeric_limits``)."""
    inner, variable, point, direction = expr.args
    target = _eval(point, env)
    # Compiled as an integrand is: the limit calls it a hundred times or more, where Arb's
    # erfinv (Phi^-1) is a call and mpmath's a root search.  Each value keeps the working bits.
    f = _compiled_at_each_precision(inner, variable, env, keep_bits=mpmath.mp.prec)
    with arb_bits(mpmath.mp.prec):
        return settled_limit(f, target, str(direction), mpmath.mp.dps - GUARD_DIGITS)


def _compiled_at_each_precision(expression, variable, env, keep_bits):
    """``expression`` compiled as a function of ``variable``, its constant parts evaluated
    afresh at each working precision it is called at; ``keep_bits`` as in ``_compiled_integrand``.

    A limit's approach raises the precision to carry the digits that the expression
    cancels near the point: a constant part computed once, at the precision of the
    call, would bring its rounding error back in.
    """
    by_precision = {}

    def f(x):
        compiled = by_precision.get(mpmath.mp.prec)
        if compiled is None:
            compiled = by_precision[mpmath.mp.prec] = _compiled_integrand(expression, variable, env,
                                                                          keep_bits)
        return compiled(x)
    return f


_OPERATORS = {sp.Integral: _integral, sp.Derivative: _derivative, sp.Sum: _sum, sp.Limit: _limit}
_OPERATOR_VALUES: dict = {}  # by (operator, the values of its free symbols, working precision)


def forget_values():
    """Forget every remembered value, of a side or an operator (a test that changes quadrature)."""
    _evaluate_operator_expression.cache_clear()
    _OPERATOR_VALUES.clear()
