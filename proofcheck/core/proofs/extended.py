"""Interval enclosures whose ends may be infinite: a pole at the edge of a box, an infinite end.

A ball of Arb cannot hold the half-line [1/w, oo) that 1/s takes on 0 <= s <= w: its
enclosure of 1/s there is the whole line, and the sign of log(1 + 1/(c + n - 1)) at the
corner c -> 0, n = 1 is lost, though the value only grows there.  Here an enclosure is a
pair (lo, hi) of extended reals, each an Arb ball (the bound is its lower, or upper, end)
or +/-oo, and each operation follows the set-based interval arithmetic of IEEE 1788-2015
(section 10.5: the ends of a product take 0 x oo = 0, as the product of two sets of reals
does).  A monotone function maps ends to ends, with its limit at an infinite end; any
other function is taken on a finite interval as Arb's ball of the whole interval.

Nothing here is an approximation: an operation that would need one (oo - oo, a pole inside
the interval, a function with no rule) gives None, and the box is split or left undecided.
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy as sp
from flint import arb, fmpq

from .scaled_tails import erfcx, erfcx_ball

INF = math.inf

# Increasing functions and their limits at -oo and +oo (None: not defined there).
INCREASING = {
    sp.exp: ("exp", 0, INF), sp.erf: ("erf", -1, 1), sp.atan: ("atan", None, None),
    sp.tanh: ("tanh", -1, 1), sp.sinh: ("sinh", -INF, INF), sp.asinh: ("asinh", -INF, INF),
}
# Decreasing functions, their value at a finite ball and their limits at -oo and +oo.
DECREASING = {sp.erfc: (arb.erfc, 2, 0), erfcx: (erfcx_ball, INF, 0)}
CONSTANTS = {sp.pi: arb.pi, sp.E: arb.const_e}
# Functions of one argument that are enclosed as balls on a finite interval only.
BALL_ONLY = {sp.cos: "cos", sp.sin: "sin", sp.cosh: "cosh", sp.gamma: "gamma", sp.loggamma: "lgamma",
             sp.erfinv: "erfinv", sp.LambertW: "lambertw"}


def enclose(expr, env: dict):
    """(lo, hi) with lo <= expr <= hi for every value of the symbols in ``env`` (symbol ->
    (Fraction, Fraction)), or None where this arithmetic cannot bound it."""
    try:
        return _walk(expr, env)
    except (ArithmeticError, ValueError, TypeError, _NoBound):
        return None


def lower_bound_positive(expr, env: dict, strict: bool) -> bool:
    """Whether the enclosure shows ``expr > 0`` (``>= 0`` if not ``strict``) on the whole box."""
    found = enclose(expr, env)
    if found is None:
        return False
    lo = found[0]
    if isinstance(lo, float):
        return lo == INF
    return bool(lo > 0) if strict else bool(lo >= 0)


class _NoBound(Exception):
    """An operation this arithmetic does not bound."""


def _exact(value: Fraction) -> arb:
    return arb(fmpq(value.numerator, value.denominator))


def _walk(node, env):
    if node in env:
        lo, hi = env[node]
        return _exact(lo), _exact(hi)
    if node.is_Rational or node in CONSTANTS:
        b = arb(fmpq(int(node.p), int(node.q))) if node.is_Rational else CONSTANTS[node]()
        return b, b
    if node.is_Add:
        return _fold(node.args, env, _add)
    if node.is_Mul:
        return _fold(node.args, env, _mul)
    if node.is_Pow:
        if not node.exp.is_Rational:
            # b^e = exp(e log b), for a base that must then be positive.
            log_base = sp.log(node.base, evaluate=False)
            return _walk(sp.exp(sp.Mul(node.exp, log_base, evaluate=False), evaluate=False), env)
        return _power(_walk(node.base, env), node.exp)
    return _function(node, env)


def _fold(args, env, combine):
    out = _walk(args[0], env)
    for a in args[1:]:
        out = combine(out, _walk(a, env))
    return out


def _is_inf(x) -> bool:
    return isinstance(x, float)


def _add(a, b):
    lo = _sum(a[0], b[0], -INF)
    hi = _sum(a[1], b[1], INF)
    return lo, hi


def _sum(x, y, toward):
    if _is_inf(x) or _is_inf(y):
        values = [v for v in (x, y) if _is_inf(v)]
        if len(set(values)) > 1:
            raise _NoBound("oo - oo")
        # An infinite end of the right kind; the wrong kind never reaches here for an
        # interval (a lower end is never +oo unless the whole interval is).
        return values[0]
    return x + y


def _sign(x) -> int | None:
    """The sign of an end: 1, -1, 0 (exactly zero) or None (a ball holding 0 and more)."""
    if _is_inf(x):
        return 1 if x > 0 else -1
    if x.is_zero():
        return 0
    if x > 0:
        return 1
    if x < 0:
        return -1
    return None


def _product_ends(x, y):
    """(a lower, an upper) bound of the product of two ends, with 0 x oo = 0."""
    if not _is_inf(x) and not _is_inf(y):
        p = x * y
        return p, p
    sx, sy = _sign(x), _sign(y)
    if sx == 0 or sy == 0:
        return arb(0), arb(0)
    if sx is None or sy is None:
        return -INF, INF
    return (INF, INF) if sx * sy > 0 else (-INF, -INF)


def _mul(a, b):
    lows, highs = [], []
    for x in a:
        for y in b:
            lo, hi = _product_ends(x, y)
            lows.append(lo)
            highs.append(hi)
    return _least(lows), _greatest(highs)


def _least(values):
    if any(_is_inf(v) and v < 0 for v in values):
        return -INF
    finite = [v for v in values if not _is_inf(v)]
    if not finite:
        return INF
    out = finite[0]
    for v in finite[1:]:
        out = out.min(v)
    return out


def _greatest(values):
    if any(_is_inf(v) and v > 0 for v in values):
        return INF
    finite = [v for v in values if not _is_inf(v)]
    if not finite:
        return -INF
    out = finite[0]
    for v in finite[1:]:
        out = out.max(v)
    return out


def _reciprocal(a):
    lo, hi = a
    s_lo, s_hi = _sign(lo), _sign(hi)
    if s_lo == 1 or (s_hi == -1):
        return _inverse(hi), _inverse(lo)  # 1/x decreases on a side of 0
    if s_lo == 0 and s_hi == 1:
        return _inverse(hi), INF
    if s_hi == 0 and s_lo == -1:
        return -INF, _inverse(lo)
    raise _NoBound("a pole inside the interval")


def _inverse(x):
    if _is_inf(x):
        return arb(0)
    return 1 / x


def _power(base, exponent):
    """A rational power: an integer one of any base, any other of a base >= 0."""
    if exponent < 0:
        return _reciprocal(_power(base, -exponent))
    if exponent.is_Integer:
        return _integer_power(base, int(exponent))
    if _sign(base[0]) not in (0, 1):
        raise _NoBound("a real power of a base that may be negative")
    p = arb(fmpq(int(exponent.p), int(exponent.q)))
    return _map_increasing(base, lambda x: arb(0) if x.is_zero() else x ** p, 0, INF)


def _integer_power(base, n):
    if n == 0:
        return arb(1), arb(1)
    lo, hi = base
    if n % 2 or _sign(lo) in (0, 1):
        return _map_increasing(base, lambda x: x ** n, -INF if n % 2 else 0, INF)
    if _sign(hi) in (0, -1):
        return _map_increasing((_negate(hi), _negate(lo)), lambda x: x ** n, 0, INF)
    top = _greatest([_pow_end(_negate(lo), n), _pow_end(hi, n)])
    return arb(0), top


def _pow_end(x, n):
    return x if _is_inf(x) else x ** n


def _negate(x):
    return -x


def _map_increasing(interval, f, at_minus, at_plus):
    """The image of an interval under an increasing ``f`` with the given limits at -oo, +oo."""
    lo, hi = interval
    if _is_inf(lo) and lo > 0 or _is_inf(hi) and hi < 0:
        raise _NoBound("an empty interval")
    out_lo = at_minus if _is_inf(lo) else f(lo)
    out_hi = at_plus if _is_inf(hi) else f(hi)
    if out_lo is None or out_hi is None:
        raise _NoBound("no limit at an infinite end")
    return _as_end(out_lo), _as_end(out_hi)


def _as_end(x):
    if _is_inf(x):
        return x
    x = x if isinstance(x, arb) else arb(x)
    if not x.is_finite():
        raise _NoBound("an end that Arb does not bound")
    return x


def _function(node, env):
    args = node.args
    if isinstance(node, sp.log) and len(args) == 1:
        a = _walk(args[0], env)
        if _sign(a[0]) not in (0, 1):
            raise _NoBound("log of a value that may be negative")
        return _map_increasing(a, lambda x: -INF if _sign(x) == 0 else x.log(), None, INF)
    if node.func in INCREASING:
        name, minus, plus = INCREASING[node.func]
        a = _walk(args[0], env)
        if minus is None or plus is None:
            minus = minus if minus is not None else -arb.pi() / 2
            plus = plus if plus is not None else arb.pi() / 2
        return _map_increasing(a, lambda x: getattr(x, name)(), minus, plus)
    if node.func in DECREASING:
        f, minus, plus = DECREASING[node.func]
        lo, hi = _walk(args[0], env)
        # f decreases: the image of [lo, hi] is that of [-hi, -lo] under the increasing x -> f(-x),
        # whose limit at -oo is f's at +oo.
        return _map_increasing((_negate(hi), _negate(lo)), lambda x: f(-x), plus, minus)
    if isinstance(node, sp.Abs):
        return _absolute(_walk(args[0], env))
    if isinstance(node, (sp.Max, sp.Min)):
        parts = [_walk(a, env) for a in args]
        pick = _greatest if isinstance(node, sp.Max) else _least
        return pick([p[0] for p in parts]), pick([p[1] for p in parts])
    if isinstance(node, (sp.floor, sp.ceiling)):
        a = _walk(args[0], env)
        name = "floor" if isinstance(node, sp.floor) else "ceil"
        return _map_increasing(a, lambda x: getattr(x, name)(), -INF, INF)
    if node.func in BALL_ONLY:
        a = _walk(args[0], env)
        if _is_inf(a[0]) or _is_inf(a[1]):
            raise _NoBound(f"{node.func.__name__} on an infinite interval")
        b = getattr(a[0].union(a[1]), BALL_ONLY[node.func])()
        if not b.is_finite():
            raise _NoBound(f"{node.func.__name__} not finite on the interval")
        return b, b
    raise _NoBound(f"no rule for {node.func.__name__}")


def _absolute(a):
    lo, hi = a
    if _sign(lo) in (0, 1):
        return lo, hi
    if _sign(hi) in (0, -1):
        return _negate(hi), _negate(lo)
    return arb(0), _greatest([_negate(lo), hi])
