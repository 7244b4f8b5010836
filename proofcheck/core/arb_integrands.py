"""An integrand compiled once into a function on Arb balls, for quadrature.

Tanh-sinh quadrature at 50 to 100 digits calls an integrand thousands of
times per integral; evaluated with mpmath each call costs tens of
microseconds of Python arithmetic, with python-flint's Arb (C) a few.  The
compiler accepts only the whitelisted tree that ``numeric._eval`` knows:
sums, products, powers, ``Abs``, ``Max``/``Min`` and the elementary and
special functions below.  Anything else (a ``Piecewise``, ``sign``,
``floor``, a nested operator) is refused, and quadrature then calls the
mpmath function as before.

The value handed back to quadrature is the ball's midpoint at the working
precision: the same number a floating-point evaluation at that precision
gives, to within its last bits.  A ball that is not finite (the logarithm of
a negative number, a pole) is never turned into a number: the caller
evaluates that node with mpmath, so an integrand outside its domain behaves
exactly as it does without Arb.
"""
from __future__ import annotations

import mpmath
import sympy as sp
from mpmath.libmp import from_man_exp


class NotCompilable(Exception):
    """The expression has a node with no Arb rule."""


def _unary(method):
    return lambda f: (lambda env: getattr(f(env), method)())


_UNARY = {
    sp.exp: "exp", sp.log: "log", sp.erf: "erf", sp.erfc: "erfc", sp.erfinv: "erfinv",
    sp.sin: "sin", sp.cos: "cos", sp.tan: "tan", sp.atan: "atan", sp.sinh: "sinh",
    sp.cosh: "cosh", sp.tanh: "tanh", sp.gamma: "gamma", sp.loggamma: "lgamma",
    sp.airyai: "airy_ai",
}


def compile_arb(expr, names):
    """A function of Arb balls, positional in the order of ``names``, or NotCompilable."""
    from flint import arb

    index = {name: i for i, name in enumerate(names)}

    def build(node):
        if node.is_Symbol:
            if node not in index:
                raise NotCompilable(f"free symbol {node}")
            i = index[node]
            return lambda env: env[i]
        if node.is_Rational:
            # An exact rational is rounded once, at the precision in force when called.
            p, q = int(node.p), int(node.q)
            return (lambda env: arb(p)) if q == 1 else (lambda env: arb(p) / q)
        if node is sp.pi:
            return lambda env: arb.pi()
        if node is sp.E:
            return lambda env: arb.const_e()
        if node.is_Float or node.is_infinite or node is sp.nan:
            raise NotCompilable(f"no exact Arb value for {node}")
        parts = [build(a) for a in node.args]
        if isinstance(node, sp.Add):
            return _fold(parts, lambda a, b: a + b)
        if isinstance(node, sp.Mul):
            return _fold(parts, lambda a, b: a * b)
        if isinstance(node, sp.Pow):
            exponent = node.args[1]
            if exponent.is_Integer or exponent in (sp.S.Half, -sp.S.Half):
                return _power(exponent, *parts)
            return _real_power(node.args[0], parts[1], build)
        if isinstance(node, sp.Abs):
            (f,) = parts
            return lambda env: abs(f(env))
        if isinstance(node, (sp.Max, sp.Min)):
            method = "max" if isinstance(node, sp.Max) else "min"
            return _fold(parts, lambda a, b: getattr(a, method)(b))
        method = _UNARY.get(node.func)
        if method is not None and len(parts) == 1:
            return _unary(method)(parts[0])
        raise NotCompilable(f"no Arb rule for {node.func.__name__}")

    return build(sp.sympify(expr))


def _fold(parts, combine):
    first, rest = parts[0], parts[1:]

    def value(env):
        result = first(env)
        for part in rest:
            result = combine(result, part(env))
        return result
    return value


def _real_power(base, power, build):
    """``base ** power`` for a real power, factor by factor: ``(C e^u)^p = C^p e^{pu}``.

    The rule holds for positive C and real u, the only values it is used on: a
    factor not proved positive makes the ball not finite (mpmath then
    evaluates the node).  A density raised to a power (a Renyi integrand) far
    out in its tails is then one tiny exponential, where the power of a ball
    that already contains zero would not be finite.
    """
    from flint import arb
    factors = [(True, build(f.args[0])) if isinstance(f, sp.exp) else (False, build(f))
               for f in sp.Mul.make_args(base)]

    def value(env):
        p, result = power(env), arb(1)
        for is_exp, factor in factors:
            v = factor(env)
            if is_exp:
                result *= (p * v).exp()
            elif v > 0:
                result *= v ** p
            else:
                return arb.nan()
        return result
    return value


def _power(exponent, base, power):
    if exponent == sp.S.Half:
        return lambda env: base(env).sqrt()
    if exponent == -sp.S.Half:
        return lambda env: base(env).rsqrt()
    n = int(exponent)
    # Arb's integer power is exact binary powering, as mpmath.power is for an integer.
    return lambda env: base(env) ** n


def mpf_of(ball):
    """The midpoint of a finite ball as an mpf, or None."""
    if not ball.is_finite():
        return None
    man, exp = ball.mid().man_exp()
    return mpmath.mpf(from_man_exp(int(man), int(exp)))
