"""Taylor coefficients of an expression over a ball, by Arb's power-series arithmetic.

``taylor(expr, names, env, index, length)`` gives balls c_0, ..., c_{length-1} with

    c_j  containing  f^(j)(x) / j!   for every x in the ball env[index],

the other names held at their balls (F. Johansson, "Arb: efficient arbitrary-precision
midpoint-radius interval arithmetic", IEEE Trans. Computers 66 (2017), section 4: the
``arb_poly_*_series`` functions evaluate the truncated composition rigorously on balls).
So a Taylor argument needs no symbolic derivative: the coefficients at an end and their
enclosure over a whole box come from the same C routines, in one pass over the tree.

The whitelisted tree is walked node by node; a function without a series method (Abs, Max,
a step) is refused with NotEnclosable, as ``arb_expressions`` refuses what it cannot enclose.
"""
from __future__ import annotations

import sympy as sp
from flint import arb, arb_series, fmpq

from .arb_expressions import NotEnclosable

# Functions with a series method of their own.
SERIES = {sp.exp: "exp", sp.log: "log", sp.erf: "erf", sp.erfc: "erfc", sp.sin: "sin", sp.cos: "cos",
          sp.tan: "tan", sp.atan: "atan", sp.gamma: "gamma", sp.loggamma: "lgamma"}
CONSTANTS = {sp.pi: arb.pi, sp.E: arb.const_e, sp.EulerGamma: arb.const_euler}


def taylor(expr, names, env, index, length) -> list:
    """The balls of f^(j)/j! (j < ``length``) over the ball ``env[index]`` (see the module)."""
    variables = {name: arb_series([ball], prec=length) for name, ball in zip(names, env)}
    variables[names[index]] = arb_series([env[index], 1], prec=length)
    try:
        out = _walk(sp.sympify(expr), variables, length)
    except (ArithmeticError, ValueError, TypeError, ZeroDivisionError) as error:
        raise NotEnclosable(f"no series: {error}") from error
    coefficients = list(out.coeffs()) + [arb(0)] * length
    return coefficients[:length]


def _walk(node, variables, length):
    if node in variables:
        return variables[node]
    if node.is_Rational or node in CONSTANTS:
        value = arb(fmpq(int(node.p), int(node.q))) if node.is_Rational else CONSTANTS[node]()
        return arb_series([value], prec=length)
    if node.is_Add or node.is_Mul:
        parts = [_walk(a, variables, length) for a in node.args]
        out = parts[0]
        for part in parts[1:]:
            out = out + part if node.is_Add else out * part
        return out
    if node.is_Pow:
        return _power(node, variables, length)
    return _function(node, variables, length)


def _power(node, variables, length):
    base = _walk(node.base, variables, length)
    exponent = node.exp
    if exponent.is_Integer:
        n = int(exponent)
        out = _integer_power(base, abs(n), length)
        return arb_series([1], prec=length) / out if n < 0 else out
    if exponent == sp.S.Half:
        return base.sqrt()
    if exponent == -sp.S.Half:
        return base.rsqrt()
    # b^e = exp(e log b): a real power of a base whose leading coefficient is positive.
    return (_walk(exponent, variables, length) * base.log()).exp()


def _integer_power(base, n, length):
    out, square = arb_series([1], prec=length), base
    while n:
        if n & 1:
            out = out * square
        n >>= 1
        if n:
            square = square * square
    return out


def _function(node, variables, length):
    if len(node.args) != 1:
        raise NotEnclosable(f"no series rule for {node.func.__name__}")
    x = _walk(node.args[0], variables, length)
    if node.func in SERIES:
        return getattr(x, SERIES[node.func])()
    if node.func in (sp.sinh, sp.cosh, sp.tanh):
        up, down = x.exp(), (-x).exp()
        if node.func is sp.sinh:
            return (up - down) / 2
        if node.func is sp.cosh:
            return (up + down) / 2
        return (up - down) / (up + down)
    raise NotEnclosable(f"no series rule for {node.func.__name__}")
