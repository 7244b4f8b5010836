"""Sums of polynomial-times-geometric terms in closed form.

A term ``P(x) C exp(b x + a)`` with ``P`` a polynomial in the integer index ``x``
and ``C``, ``a``, ``b`` free of it is summed exactly.  With ``r = e^b``,

* ``sum_{x >= L} r^x = r^L/(1 - r)`` for ``0 < r < 1``, that is ``b < 0`` proved
  (the geometric series; it diverges for ``b >= 0``, and no value is given then);
* ``sum_{x >= L} x^j r^x = (r d/dr)^j r^L/(1 - r)``, differentiated term by term
  inside the radius of convergence;
* ``sum_{x <= U} f(x) = sum_{y >= -U} f(-y)``, which needs ``b > 0``;
* a finite range ``L <= x <= U`` is the difference of the two tails' formal
  sums, ``S(L) - S(U + 1)``: an identity of rational functions of ``r`` for
  every ``r != 1`` (a telescoping sum, no convergence needed), so ``b != 0``
  must be proved.

The discrete Laplace law's mass, moments and divergences are sums of this form
once its absolute values take their branch on each side of a kink.  SymPy's
``summation`` leaves the infinite ones unevaluated.  Anything else is None.
"""
from __future__ import annotations

import sympy as sp

from .signs import proved_sign

# Moments above this degree are left to SymPy: the packs' polynomials are of degree 1.
MAX_DEGREE = 4


def geometric_sum(summand, index, lower, upper, shifts=None):
    """``sum_{index = lower}^{upper} summand`` in closed form (see the module), or None.

    ``shifts`` writes parameters from their lower bounds (``Domain.lower_bound_shifts``) for
    the proofs of the rate's sign: 1 - 2 alpha < 0 is seen once alpha = 1 + t."""
    lower, upper = sp.sympify(lower), sp.sympify(upper)
    if lower.has(index) or upper.has(index) or (lower == -sp.oo and upper == sp.oo):
        return None
    total = []
    for term in sp.Add.make_args(sp.expand(summand)):
        value = _geometric_term(term, index, lower, upper, shifts or {})
        if value is None:
            return None
        total.append(value)
    return sp.Add(*total)


def _geometric_term(term, index, lower, upper, shifts):
    """One term ``P(x) C e^{b x + a}`` summed over the range, or None."""
    found = _split(term, index)
    if found is None:
        return None
    polynomial, constant, rate = found
    if lower == -sp.oo:  # x = -y: the sum over y >= -upper, the rate reversed
        y = sp.Dummy("y", integer=True)
        polynomial = sp.Poly(polynomial.as_expr().xreplace({index: -y}), y)
        index, rate, lower, upper = y, -rate, -upper, sp.oo
    sign = proved_sign(rate)
    if sign is None and shifts:
        sign = proved_sign(rate.xreplace(shifts))
    if upper == sp.oo:
        if sign != -1:
            return None  # the series is not proved to converge
        return constant * _tail(polynomial, index, lower, rate)
    if sign not in (1, -1):
        return None  # r = 1 is not excluded: the telescoping formula divides by 1 - r
    return constant * (_tail(polynomial, index, lower, rate) - _tail(polynomial, index, upper + 1, rate))


def _split(term, index):
    """``(P, C, b)`` with ``term = P(index) C e^{b index}``, ``C`` free of the index, or None."""
    # (ab)^p = a^p b^p and (e^u)^p = e^{pu} where the assumptions allow, as SymPy writes them.
    combined = sp.powsimp(sp.expand_power_base(term), combine="exp")
    factors = sp.Mul.make_args(combined)
    exponentials = [f for f in factors if isinstance(f, sp.exp) and f.has(index)]
    if len(exponentials) != 1:
        return None
    try:
        polynomial = sp.Poly(sp.expand(sp.Mul(*[f for f in factors if f.has(index) and f not in exponentials])),
                             index)
        exponent = sp.Poly(sp.expand(exponentials[0].args[0]), index)
    except sp.PolynomialError:
        return None
    if polynomial.degree() > MAX_DEGREE or exponent.degree() != 1 \
            or any(c.has(index) for c in polynomial.coeffs() + exponent.coeffs()):
        return None
    rate, offset = exponent.all_coeffs()
    constant = sp.Mul(*[f for f in factors if not f.has(index)]) * sp.exp(offset)
    return polynomial, constant, rate


def _tail(polynomial, index, start, rate):
    """The formal ``sum_{x >= start} P(x) e^{rate x}``: ``(r d/dr)^j r^start/(1 - r)`` at ``r = e^rate``."""
    r = sp.Dummy("r", positive=True)
    power = r**start / (1 - r)
    moments = [power]
    for _ in range(polynomial.degree()):
        moments.append(sp.together(r * sp.diff(moments[-1], r)))
    value = sp.Add(*[coefficient * moments[j] for (j,), coefficient in polynomial.terms()])
    return value.xreplace({r: sp.exp(rate)})
