"""Certified enclosures with Arb balls (python-flint).

``enclose(expr, point, prec)`` evaluates a closed-form SymPy expression in
ball arithmetic: every operation returns a ball guaranteed to contain the
exact value.  Numbers enter exactly (integers and rationals as ``fmpq``,
never through a float).  A comparison of balls is decided only when the balls
are separated; ``decide`` raises the precision until they are, and returns
``None`` (undecided, never a pass) if they never separate within the budget.

``enclose_with_quadrature`` also encloses an expression holding definite
integrals over finite ranges: each is integrated by Arb's rigorous quadrature
(``acb.integral``; F. Johansson, "Numerical integration in arbitrary-precision
ball arithmetic", ICMS 2018), whose ball contains the exact integral.
"""
from __future__ import annotations

import sympy as sp
from flint import acb, arb, fmpq

from ..model.errors import ProofcheckError
from .arb_expressions import NotEnclosable, compile_arb
from .precision import arb_bits

__all__ = ["NotEnclosable", "enclose", "enclose_with", "decide", "certified_nonzero",
           "certified_integral", "enclose_with_quadrature", "START_PREC", "MAX_PREC"]

START_PREC = 128
MAX_PREC = 1 << 16


def _sympy(value):
    """A SymPy object from a number or expression; text must go through the whitelist parser."""
    if isinstance(value, str):
        raise ProofcheckError("expressions given as text must be parsed with "
                              "proofcheck.core.model.expressions.parse_expression first")
    return sp.sympify(value)


def _arb_from_rational(value) -> arb:
    return arb(fmpq(int(value.p), int(value.q)))


def _symbol_order(symbol):
    # A symbol's name, as str() prints it, without SymPy's printer: this runs at every
    # point of every comparison.  Any fixed order serves; names and balls follow the same one.
    return symbol.name if type(symbol) is sp.Symbol else str(symbol)


def _enclose(expr, env):
    """The ball of ``expr`` with each symbol of ``env`` bound to its ball (``arb_expressions``)."""
    names = tuple(sorted(env, key=_symbol_order))
    return compile_arb(expr, names)([env[name] for name in names])


def _ball_of_value(value):
    if isinstance(value, sp.Rational):
        return _arb_from_rational(value)
    value = _sympy(value)
    return _arb_from_rational(sp.Rational(value)) if value.is_Rational else _enclose(value, {})


def enclose(expr, point=None, prec: int = START_PREC) -> arb:
    """A ball containing the exact value of ``expr`` at an exact ``point``."""
    with arb_bits(prec):
        env = {s: _ball_of_value(v) for s, v in (point or {}).items()}
        return _enclose(_sympy(expr), env)


def decide(relation: str, lhs, rhs, point=None, max_prec: int = MAX_PREC):
    """Decide ``lhs relation rhs`` with balls, raising precision as needed.

    Returns True or False when the enclosures decide it, None when they never
    separate within ``max_prec`` bits (e.g. the two sides are equal).
    """
    prec = START_PREC
    while prec <= max_prec:
        difference = enclose(_sympy(lhs) - _sympy(rhs), point, prec)
        if relation in ("<", "<="):
            if difference < 0:
                return True
            if difference > 0:
                return False
        elif relation in (">", ">="):
            if difference > 0:
                return True
            if difference < 0:
                return False
        else:
            raise ValueError(f"unknown relation {relation!r}")
        if difference.is_exact() and difference == 0:
            # Exactly equal: the weak relations hold, the strict ones fail.
            return relation in ("<=", ">=")
        prec *= 2
    return None


def certified_nonzero(expr, point=None, max_prec: int = 1 << 14):
    """A ball for ``expr`` that excludes 0, raising precision up to ``max_prec`` bits; else None.

    None means "not shown nonzero" (the value may be 0, or smaller than the
    precision reached), never "shown zero".
    """
    prec = START_PREC
    while prec <= max_prec:
        ball = enclose(expr, point, prec)
        if ball > 0 or ball < 0:
            return ball
        if ball.is_exact() and ball == 0:
            return None
        prec *= 2
    return None


def first_point_where(proved, points):
    """The first of ``points`` where ``proved(point)`` (a question put to balls) is True; else None.

    A quick look before slower work, so a point that balls cannot evaluate is passed
    over; an expression they have no rule for (an integral) ends the look, since it
    is the same at every point.
    """
    for point in points:
        try:
            if proved(point):
                return point
        except NotEnclosable:
            return None
        except (ZeroDivisionError, ValueError, TypeError, ProofcheckError):
            continue
    return None


# A quick look by balls: two rounds (128 and 256 bits), enough to see a sign or a
# difference that is not a near-tie; whatever it does not settle is decided later.
LOOK_PREC = 2 * START_PREC


def enclose_with(expr, balls: dict, prec: int = START_PREC) -> arb:
    """Like ``enclose``, with some symbols bound to Arb balls computed elsewhere.

    For a constant that has no closed form in the expression language (a zero
    of Ai', say) but that Arb encloses directly; the caller recomputes the
    balls when it raises ``prec``."""
    with arb_bits(prec):
        return _enclose(_sympy(expr), dict(balls))


# -- definite integrals, by Arb's rigorous quadrature ---------------------------

_ACB_UNARY = {sp.exp: "exp", sp.erf: "erf", sp.erfc: "erfc", sp.sin: "sin", sp.cos: "cos",
              sp.tan: "tan", sp.atan: "atan", sp.sinh: "sinh", sp.cosh: "cosh", sp.tanh: "tanh",
              sp.gamma: "gamma"}


def _acb(expr, env, analytic: bool):
    """``expr`` as a complex ball; functions with branch cuts check ``analytic``.

    acb.integral needs this: on a ball where the integrand might not be
    holomorphic (a branch cut of log or sqrt) it must see a non-finite value.
    """
    if expr.is_Symbol:
        if expr not in env:
            raise NotEnclosable(f"no value for {expr}")
        return env[expr]
    if expr.is_Rational:
        return acb(fmpq(int(expr.p), int(expr.q)))
    if expr is sp.pi:
        return acb.pi()
    if expr is sp.E:
        return acb(1).exp()
    for kind in type(expr).__mro__:
        rule = _ACB_RULES.get(kind)
        if rule is not None:
            return rule(expr, env, analytic)
    name = _ACB_UNARY.get(expr.func)
    if name is not None:
        return getattr(_acb(expr.args[0], env, analytic), name)()
    raise NotEnclosable(f"no complex-ball rule for {expr.func.__name__} (needed to integrate)")


def _acb_add(expr, env, analytic):
    total = acb(0)
    for term in expr.args:
        total += _acb(term, env, analytic)
    return total


def _acb_mul(expr, env, analytic):
    product = acb(1)
    for factor in expr.args:
        product *= _acb(factor, env, analytic)
    return product


def _acb_pow(expr, env, analytic):
    base = _acb(expr.base, env, analytic)
    if expr.exp.is_Integer:
        return base ** int(expr.exp)
    if expr.exp == sp.Rational(1, 2):
        return base.sqrt(analytic=analytic)
    return (_acb(expr.exp, env, analytic) * base.log(analytic=analytic)).exp()


def _acb_log(expr, env, analytic):
    if len(expr.args) != 1:
        raise NotEnclosable("no complex-ball rule for a logarithm to a base (needed to integrate)")
    return _acb(expr.args[0], env, analytic).log(analytic=analytic)


# The complex-ball rules by SymPy type, looked up along the type's MRO; functions of one
# argument are in _ACB_UNARY.
_ACB_RULES = {sp.Add: _acb_add, sp.Mul: _acb_mul, sp.Pow: _acb_pow, sp.log: _acb_log}


def certified_integral(integral, env, prec: int) -> arb:
    """A ball containing a definite integral over a finite range (Arb's rigorous quadrature)."""
    if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
        raise NotEnclosable("only a single definite integral can be integrated by Arb")
    variable, lower, upper = integral.limits[0]
    if integral.function.has(sp.Integral):
        raise NotEnclosable("nested integral")
    ends = []
    for end in (lower, upper):
        if end.has(sp.oo, -sp.oo, sp.zoo):
            raise NotEnclosable("Arb's quadrature needs a finite range")
        ends.append(_enclose(end, env))
    complex_env = {s: acb(v) for s, v in env.items()}
    refusals = []

    def integrand(x, analytic):
        # python-flint turns an exception raised here into a SystemError: keep the refusal,
        # hand Arb a value that is not finite, and raise the refusal once Arb returns.
        try:
            return _acb(integral.function, {**complex_env, variable: x}, analytic)
        except NotEnclosable as refusal:
            refusals.append(refusal)
            return acb("nan")

    with arb_bits(prec):
        # One evaluation first: an integrand Arb has no rule for is refused before any quadrature.
        integrand(acb((ends[0] + ends[1]) / 2), False)
        value = acb.integral(integrand, ends[0], ends[1]) if not refusals else None
    if refusals or value is None:
        raise refusals[0]
    if not value.imag.contains(0):
        raise NotEnclosable("the integral of a real integrand came out complex")
    return value.real


def enclose_with_quadrature(expr, point, prec: int) -> arb:
    """Like ``enclose``, but an unevaluated definite integral is integrated by Arb."""
    expr = sp.sympify(expr)
    if not expr.has(sp.Integral):
        return enclose(expr, point, prec)
    with arb_bits(prec):
        env = {s: _enclose(sp.sympify(v), {}) for s, v in point.items()}
        replaced = {}
        for integral in expr.atoms(sp.Integral):
            marker = sp.Dummy("I")
            env[marker] = certified_integral(integral, env, prec)
            replaced[integral] = marker
        return _enclose(expr.xreplace(replaced), env)
