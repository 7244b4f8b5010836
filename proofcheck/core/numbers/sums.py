"""Infinite sums with a proved tail, and divergence detected.

mpmath's ``nsum`` extrapolates: it gave sum (-1)^k (k + 1) its Abel value 1/4, sum (-1)^k
its value 1/2, and summed k^-1.01 (zeta(1.01) = 100.58) as 11.5 at 50 and at 100 digits.
Here a sum from ``start`` to infinity is a partial sum in Arb plus a tail whose bound is
proved, by one of three routes:

* the ratio bound: |t(n+1)/t(n)| <= q < 1 for n >= N, q proved from the ratio's monotonicity
  (the sign of its derivative, from SymPy) and its limit, gives |sum_{n>=N} t(n)| <= |t(N)|/(1 - q);
* Euler-Maclaurin with a proved remainder (the integral test refined): where f^(2p) keeps one
  sign on [N, oo) and f -> 0, f^(2p-1) is monotone and tends to 0 (else f would grow like a
  polynomial), the lower derivatives tend to 0 (Landau's inequality on [X, oo)), and
  sum_{n>=N} f(n) = int_N^oo f + f(N)/2 - sum_{j<=p} B_2j/(2j)! f^(2j-1)(N) + R,
  |R| <= 2 zeta(2p)/(2 pi)^(2p) |f^(2p-1)(N)| (DLMF 2.10.1 and 24.8.1).  The integral is
  F(oo) - F(N) for an antiderivative F that SymPy finds and whose derivative is checked to be f;
  an infinite F(oo) proves the sum divergent (the same formula with a finite upper end);
* the alternating-series bound: t(n) = (-1)^n a(n), a decreasing (its derivative's sign) to 0,
  gives |sum_{n>=N} t(n)| <= a(N).

Terms that do not tend to 0 make the sum divergent (``DivergentSum``): never an Abel or
Euler value.  A sum no route certifies is left to the numeric route, and is said to be.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb

from ..model.errors import EvaluationError, NoLimit, SymbolicTimeout
from ..model.timeout import time_budget
from .arb_expressions import NotEnclosable, compile_arb, mpf_of
from .precision import arb_bits

# CPU seconds SymPy may spend analysing one series (limits, derivatives, an antiderivative).
SYMBOLIC_SECONDS = 2.0
# Euler-Maclaurin: derivatives up to order 2p, and the first index N at most this far on.
MAX_ORDER = 30
MAX_OFFSET = 1 << 12
# The index far out at which a term's size confirms SymPy's limit of it.
FAR = 10**6


class DivergentSum(NoLimit):
    """The partial sums of a series do not settle: its terms do not tend to 0, or its terms'
    integral diverges.  A claim of a finite value for it fails."""


_INDEX = sp.Symbol("sum__m", integer=True, nonnegative=True)
_REAL = sp.Symbol("sum__u", real=True, nonnegative=True)


def certified_sum(term, variable, start: int, bits: int):
    """A ball for sum_{n >= start} term(n), or None where no route proves a tail bound.

    ``term`` holds no symbol but ``variable`` (the parameters put in exactly).  Raises
    ``DivergentSum`` where the series is proved divergent."""
    plan = _plan(sp.sympify(term), variable, int(start))
    if plan is None:
        return None
    route, data = plan
    try:
        return route(data, bits)
    except (NotEnclosable, ZeroDivisionError, ValueError):
        return None


# Series (their terms with the parameters as symbols) whose analysis at some point ran out of
# SymPy's time: not analysed again at the other points of the same claim, at the same cost.
_OUT_OF_TIME: set = set()


def _certified_once_in_time(piece, exact, variable, start, bits):
    """``certified_sum`` of ``piece`` at the exact parameter values, unless its analysis ran out of
    time before (at another point): then None, the numeric route."""
    if piece in _OUT_OF_TIME:
        return None
    try:
        return certified_sum(piece.xreplace(exact), variable, start, bits)
    except _OutOfTime:
        _OUT_OF_TIME.add(piece)
        return None


@lru_cache(maxsize=256)
def _plan(term, variable, start):
    """(route, data) for the series, after its divergence checks; None if no route applies."""
    shifted = term.xreplace({variable: start + _INDEX})
    if not _analysable(shifted):
        return None
    try:
        with time_budget(SYMBOLIC_SECONDS):
            _terms_vanish(shifted)
            for analyse in (_ratio_plan, _euler_maclaurin_plan, _alternating_plan):
                plan = analyse(shifted)
                if plan is not None:
                    return plan
    except DivergentSum:
        raise
    except SymbolicTimeout:
        raise _OutOfTime() from None
    except (NotImplementedError, TypeError, ValueError, ArithmeticError, AttributeError, RecursionError):
        return None
    return None


class _OutOfTime(SymbolicTimeout):
    """The analysis of a series ran out of its time (not an outer budget's)."""


# The functions of the index whose ratios, limits and derivatives SymPy takes quickly.  A
# hyperbolic or trigonometric function of it sent SymPy's simplify into trigsimp for seconds
# per point (inside C code the time budget cannot stop): such a series is left to the numeric route.
_QUICK_FUNCTIONS = (sp.exp, sp.log, sp.Abs, sp.factorial, sp.gamma, sp.binomial)


def _analysable(shifted) -> bool:
    return all(isinstance(node, _QUICK_FUNCTIONS) for node in shifted.atoms(sp.Function) if node.has(_INDEX))


def _terms_vanish(shifted):
    """DivergentSum where |t(m)| tends to a limit that is not 0, confirmed by Arb far out."""
    size = sp.limit(sp.Abs(shifted), _INDEX, sp.oo)
    if size == 0 or not size.is_extended_positive:
        return
    far = [_ball(sp.Abs(shifted), m) for m in (FAR, FAR + 1)]
    bound = sp.Rational(1, 2) * size if size.is_finite else sp.Integer(1)
    if all(value is not None and value > _ball(bound) for value in far):
        raise DivergentSum(f"the series diverges: its terms do not tend to 0 (their size tends to {size})")


def _ball(expr, at=None):
    expr = sp.sympify(expr)
    if at is not None:
        expr = expr.xreplace({_INDEX: at, _REAL: at})
    try:
        return compile_arb(expr, ())([])
    except NotEnclosable:
        return None


def _sign_on_ray(expr, symbol, offset):
    """+1 or -1 if SymPy proves expr keeps that sign (or is 0) for symbol >= offset; else 0."""
    moved = sp.simplify(expr.xreplace({symbol: offset + _REAL}))
    if moved.is_nonnegative:
        return 1
    if moved.is_nonpositive:
        return -1
    return 0


def _real(shifted):
    return shifted.xreplace({_INDEX: _REAL})


# -- the ratio bound --------------------------------------------------------------------

def _ratio_plan(shifted):
    ratio = sp.simplify(sp.Abs(sp.gammasimp(shifted.xreplace({_INDEX: _INDEX + 1}) / shifted)))
    if ratio.has(_INDEX) and ratio.has(sp.Abs):
        return None
    limit = sp.limit(ratio, _INDEX, sp.oo)
    if not (limit.is_finite and (limit - 1).is_negative):
        return None
    slope = sp.diff(_real(ratio), _REAL)
    for offset in (0, 8, 64):
        sign = _sign_on_ray(slope, _REAL, offset)
        if sign == 0:
            continue
        # Nonincreasing: the ratio is largest at the first index; nondecreasing: at its limit.
        worst = ratio.xreplace({_INDEX: offset}) if sign < 0 else limit
        if (worst - 1).is_negative:
            return _ratio_sum, (shifted, offset, worst)
    return None


def _ratio_sum(data, bits):
    shifted, offset, worst = data
    term = _term_function(shifted)
    first = offset
    while first <= MAX_OFFSET:
        head = _partial(term, first)
        tail = abs(term(first)) / (1 - _ball(worst))
        if _narrow(head, tail, bits):
            return head + arb(0, tail.upper())
        first = 2 * first + 16
    return None


# -- Euler-Maclaurin --------------------------------------------------------------------

def _euler_maclaurin_plan(shifted):
    f = _real(shifted)
    if f.has(sp.Abs, sp.floor, sp.ceiling, sp.Piecewise, sp.Max, sp.Min) or not f.is_real:
        return None
    derivatives = [f]
    for _ in range(2 * MAX_ORDER):
        derivatives.append(sp.diff(derivatives[-1], _REAL))
    order = None
    for p in (MAX_ORDER, 20, 12, 6):
        if _sign_on_ray(derivatives[2 * p], _REAL, 0) != 0:
            order = p
            break
    if order is None:
        return None
    antiderivative = sp.integrate(f, _REAL)
    if antiderivative.has(sp.Integral) or sp.simplify(sp.diff(antiderivative, _REAL) - f) != 0:
        return None
    at_infinity = sp.limit(antiderivative, _REAL, sp.oo)
    if at_infinity.is_infinite:
        raise DivergentSum(f"the series diverges: the integral of its terms is {at_infinity}")
    if not at_infinity.is_finite:
        return None
    return _euler_maclaurin_sum, (shifted, tuple(derivatives[:2 * order]), antiderivative, at_infinity, order)


def _euler_maclaurin_sum(data, bits):
    shifted, derivatives, antiderivative, at_infinity, p = data
    term = _term_function(shifted)
    first = 16
    while first <= MAX_OFFSET:
        at = [_ball(d, first) for d in derivatives]
        if any(value is None for value in at):
            return None
        value = _partial(term, first) + _ball(at_infinity) - _ball(antiderivative, first) + at[0] / 2
        for j in range(1, p + 1):
            value -= _ball(sp.bernoulli(2 * j) / sp.factorial(2 * j)) * at[2 * j - 1]
        remainder = 2 * arb(2 * p).zeta() / (2 * arb.pi()) ** (2 * p) * abs(at[2 * p - 1])
        if _narrow(value, remainder, bits):
            return value + arb(0, remainder.upper())
        first *= 4
    return None


# -- the alternating-series bound -------------------------------------------------------

def _alternating_plan(shifted):
    size = sp.simplify(sp.Abs(shifted))
    signed = sp.simplify(shifted / size)
    if sp.simplify(signed.xreplace({_INDEX: _INDEX + 1}) + signed) != 0:
        return None
    if sp.limit(size, _INDEX, sp.oo) != 0:
        return None  # the bound a(N) needs a(n) -> 0, not only a decreasing a
    slope = sp.diff(_real(size), _REAL)
    for offset in (0, 8, 64):
        if _sign_on_ray(slope, _REAL, offset) < 0:
            return _alternating_sum, (shifted, size, offset)
    return None


def _alternating_sum(data, bits):
    shifted, size, offset = data
    term = _term_function(shifted)
    first = offset
    while first <= MAX_OFFSET:
        head = _partial(term, first)
        tail = _ball(size, first)
        if _narrow(head, tail, bits):
            return head + arb(0, tail.upper())
        first = 2 * first + 16
    # The widest ball still bounds the sum: the caller decides whether it is narrow enough.
    return head + arb(0, tail.upper())


# -- shared -----------------------------------------------------------------------------

def _term_function(shifted):
    compiled = compile_arb(shifted, (_INDEX,))
    return lambda m: compiled([arb(m)])


def _partial(term, count):
    total = arb(0)
    for m in range(count):
        total += term(m)
    return total


def _narrow(value, radius, bits) -> bool:
    """Whether ``radius`` is below 2^-bits of the value's size (or of 1, for a small one)."""
    scale = max(abs(value).upper(), arb(mpmath.mpf(2) ** -bits))
    return bool(radius < scale * arb(2) ** (-bits))


# -- the numeric route's entry ----------------------------------------------------------

def sum_to_infinity(term, variable, low, high, env, numeric):
    """sum of ``term`` over [low, high] with an infinite end, at mpmath's working precision.

    The certified ball where a route proves the tail and the ball is narrow to the working
    bits; else ``numeric()`` (mpmath's extrapolation), accepted only inside the proved ball
    where there is one.  ``env`` maps the parameters to mpf values, put in exactly."""
    bits = mpmath.mp.prec
    integers = {symbol: sp.Integer(int(value)) for symbol, value in env.items()
                if symbol != variable and mpmath.isfinite(value) and value == int(value)}
    pieces = _pieces(term.xreplace(integers), variable, low, high)
    with arb_bits(bits + 16):
        balls = [_geometric_sum(piece, start, env) for piece, start in pieces]
        if None in balls:
            exact = {symbol: _exact(value) for symbol, value in env.items() if symbol != variable}
            if any(piece.xreplace(exact).free_symbols - {variable} for piece, _ in pieces):
                return numeric()
            balls = [ball if ball is not None else _certified_once_in_time(piece, exact, variable, start, bits)
                     for ball, (piece, start) in zip(balls, pieces)]
        if None not in balls:
            total = sum(balls, arb(0))
            if _narrow(total, total.rad(), bits - 8):
                return mpf_of(total)
    value = numeric()
    if None not in balls and mpmath.isfinite(value) and not total.overlaps(arb(value)):
        raise EvaluationError(f"the extrapolated sum {mpmath.nstr(value, 8)} lies outside the proved "
                              f"bounds {total.str(8)}")
    return value


def _pieces(term, variable, low, high):
    """(term, first index) of each sum to +oo that makes up the sum over [low, high]."""
    if mpmath.isinf(low) and mpmath.isinf(high):
        return [(term.xreplace({variable: -variable}), 1), (term, 0)]
    if mpmath.isinf(low):
        return [(term.xreplace({variable: -variable}), -int(high))]
    return [(term, int(low))]


def _geometric_sum(term, start, env):
    """t(0)/(1 - r) for a series whose ratio r is free of the index, with |r| < 1 proved by
    Arb; DivergentSum where |r| >= 1 is proved and t(0) is not 0; else None."""
    variable = next(iter(term.free_symbols - set(env)), None)
    ratio = _constant_ratio(term, variable, start) if variable is not None else None
    if ratio is None:
        return None
    first, ratio = ratio
    names = tuple(sorted(first.free_symbols | ratio.free_symbols, key=str))
    if any(name not in env for name in names):
        return None
    balls = [arb(env[name]) for name in names]
    try:
        first_ball, ratio_ball = (compile_arb(e, names)(balls) for e in (first, ratio))
    except (NotEnclosable, ZeroDivisionError, ValueError):
        return None
    if abs(ratio_ball) < 1:
        return first_ball / (1 - ratio_ball)
    if abs(ratio_ball) >= 1 and (first_ball > 0 or first_ball < 0):
        raise DivergentSum(f"the series diverges: it is geometric with ratio {ratio_ball.str(8)}, "
                           "not below 1 in size")
    return None


@lru_cache(maxsize=256)
def _constant_ratio(term, variable, start):
    """(first term, ratio) where t(m+1)/t(m) simplifies to an expression free of m; else None."""
    shifted = term.xreplace({variable: start + _INDEX})
    if not _analysable(shifted):
        return None
    try:
        with time_budget(SYMBOLIC_SECONDS / 2):
            ratio = _quick_ratio(shifted)
            if ratio.has(_INDEX):
                ratio = sp.simplify(sp.powsimp(shifted.xreplace({_INDEX: _INDEX + 1}) / shifted))
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, ArithmeticError, RecursionError):
        return None
    if ratio.has(_INDEX) or not ratio.is_finite:
        return None
    return shifted.xreplace({_INDEX: 0}), ratio


def _quick_ratio(shifted):
    """t(m+1)/t(m) as exp(log t(m+1) - log t(m)), expanded: exact for terms that are not 0 (exp of
    log is the identity on non-zero numbers), and free of m for a term exp(a m + b) at once, where
    simplify took 0.1 s per parameter point (the discrete Laplace sums)."""
    return sp.exp(sp.expand(sp.log(shifted.xreplace({_INDEX: _INDEX + 1})) - sp.log(shifted)))


def _exact(value):
    """An mpf as the exact binary rational it is; anything else through SymPy."""
    if isinstance(value, mpmath.mpf) and mpmath.isfinite(value):
        mantissa, exponent = value.man_exp
        return sp.Integer(mantissa) * sp.Integer(2) ** exponent
    return sp.sympify(value)
