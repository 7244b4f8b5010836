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
            return _power(node.args[1], *parts)
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


def _power(exponent, base, power):
    if exponent == sp.Rational(1, 2):
        return lambda env: base(env).sqrt()
    if exponent == sp.Rational(-1, 2):
        return lambda env: base(env).rsqrt()
    if exponent.is_Integer:
        n = int(exponent)
        # Arb's integer power is exact binary powering, as mpmath.power is for an integer.
        return lambda env: base(env) ** n
    # A real power of a negative base is not real: Arb gives a non-finite ball, which
    # sends the node back to mpmath (and its error), as for any value out of the domain.
    return lambda env: base(env) ** power(env)


def mpf_of(ball):
    """The midpoint of a finite ball as an mpf, or None."""
    if not ball.is_finite():
        return None
    man, exp = ball.mid().man_exp()
    return mpmath.mpf(from_man_exp(int(man), int(exp)))
