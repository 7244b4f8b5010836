"""Gaussian integrals in closed form: completing the square, and moments by parts.

A term ``P(x) C exp(a x^2 + b x + c)`` with ``a < 0`` proved, ``P`` a polynomial in
``x`` and ``C`` free of ``x``, is integrated over ``(L, U)`` exactly.  With
``m = -b/(2a)`` and ``x = m + y`` the exponent is ``a y^2 + c - b^2/(4a)``, and
``P(m + y) = sum_j p_j y^j``; each ``I_j = int y^j e^{a y^2} dy`` over
``(L - m, U - m)`` follows from

* ``I_0 = sqrt(pi)/(2 sqrt(-a)) (erf(sqrt(-a) u) - erf(sqrt(-a) l))``, with
  ``erf(+-oo) = +-1``;
* integration by parts, ``d/dy e^{a y^2} = 2 a y e^{a y^2}``:
  ``I_j = [y^{j-1} e^{a y^2}/(2a)]_l^u - (j - 1)/(2a) I_{j-2}``, whose bracket
  vanishes at an infinite end.

Gaussian expectations (Lemma 4.1's pieces on either side of a kink), moments of
Gaussian densities, their entropies and Kullback-Leibler divergences (whose
logarithm of a density is a polynomial) and products of densities raised to
powers (Renyi integrands) reach this form once powers of exponentials are
combined and logarithms of positive factors expanded; SymPy's Meijer-G
integrator takes seconds on them.  Anything else is None, for SymPy to try.
"""
from __future__ import annotations

import sympy as sp

from .signs import from_one

# Moments above this degree are left to SymPy: the polynomials of the packs are of degree 2.
MAX_DEGREE = 6


def gaussian_integral(integrand, variable, lower, upper):
    """The integral of a sum of Gaussian terms (see the module), or None if a term is not one."""
    lower, upper = sp.sympify(lower), sp.sympify(upper)
    whole = _gaussian_term(integrand, variable, lower, upper)
    if whole is not None:
        return whole
    # A product such as (e^{sigma z - sigma^2} - 1) phi(z) becomes a sum of Gaussian terms
    # once multiplied out; a single term is taken whole, as expanding it can hide its form.
    total = []
    for term in sp.Add.make_args(sp.expand(integrand)):
        value = _gaussian_term(term, variable, lower, upper)
        if value is None:
            return None
        total.append(value)
    return sp.Add(*total)


def _gaussian_term(term, variable, lower, upper):
    """One term of ``gaussian_integral``, or None.

    A positive integer n is written m + 1 with m >= 0 first, so that SymPy's
    assumptions see that n - 1 + c > 0 (eq. (6)'s law(n - 1) is then a real
    Gaussian), and back after the integral.
    """
    forward, back = from_one(term.free_symbols | lower.free_symbols | upper.free_symbols)
    found = _real_gaussian_term(term.xreplace(forward), variable, lower.xreplace(forward),
                                upper.xreplace(forward))
    if found is None:
        return None
    value, degree = found
    value = value.xreplace(back)
    # A moment is written out term by term: the shifted polynomial and the exponentials at
    # the ends then cancel where they can (hundredths of a second; simplify takes ten times more).
    return sp.expand(value) if degree > 0 else value


def _real_gaussian_term(term, variable, lower, upper):
    """(the integral of ``term``, the degree of its polynomial), or None."""
    if lower.has(variable) or upper.has(variable):
        return None
    # (ab)^p = a^p b^p for a, b >= 0 and (e^u)^p = e^{pu} for real u, as SymPy writes them when
    # the assumptions say so.  Forced, (e^{iu})^p would become e^{ipu}, a different branch.
    combined = sp.powsimp(sp.expand_power_base(term), combine="exp")
    factors = sp.Mul.make_args(combined)
    exponentials = [f for f in factors if isinstance(f, sp.exp) and f.has(variable)]
    if len(exponentials) != 1:
        return None
    polynomial = _polynomial_factor([f for f in factors if f.has(variable) and f not in exponentials],
                                    variable)
    if polynomial is None:
        return None
    constant = sp.Mul(*[f for f in factors if not f.has(variable)])
    try:
        exponent = sp.Poly(sp.expand(exponentials[0].args[0]), variable)
    except sp.PolynomialError:
        return None
    if exponent.degree() != 2:
        return None
    a, b, c = exponent.all_coeffs()
    a = sp.simplify(a)
    if not (-a).is_positive:
        return None
    centre = -b / (2 * a)
    y = sp.Dummy("y")
    shifted = sp.Poly(sp.expand(polynomial.as_expr().xreplace({variable: centre + y})), y)
    moments = _moments(a, lower - centre, upper - centre, shifted.degree())
    value = sp.Add(*[coefficient * moments[j] for (j,), coefficient in shifted.terms()])
    return constant * sp.exp(c - b**2 / (4 * a)) * value, shifted.degree()


def _polynomial_factor(factors, variable):
    """The product of ``factors`` as a polynomial in ``variable`` of degree at most MAX_DEGREE, or None.

    A logarithm of a positive factor is expanded first (SymPy does so only where it can
    prove the factor positive): the log-ratio of two Gaussian densities is a polynomial.
    """
    product = sp.expand_log(sp.Mul(*factors))
    try:
        polynomial = sp.Poly(sp.expand(product), variable)
    except sp.PolynomialError:
        return None
    if polynomial.degree() > MAX_DEGREE or any(c.has(variable) for c in polynomial.coeffs()):
        return None
    return polynomial


def _moments(a, low, high, degree):
    """``[I_0, ..., I_degree]`` with ``I_j`` the integral of ``y^j e^{a y^2}`` over ``(low, high)``, a < 0."""
    root = sp.sqrt(-a)

    def erf_at(end, infinite):
        return infinite if end in (sp.oo, -sp.oo) else sp.erf(root * end)

    def bracket(power):  # [y^power e^{a y^2}/(2a)] from low to high; zero at an infinite end
        def at(end):
            return sp.Integer(0) if end in (sp.oo, -sp.oo) else end**power * sp.exp(a * end**2) / (2 * a)
        return at(high) - at(low)

    moments = [sp.sqrt(sp.pi) / (2 * root) * (erf_at(high, sp.Integer(1)) - erf_at(low, sp.Integer(-1)))]
    if degree >= 1:
        moments.append(bracket(0))
    for j in range(2, degree + 1):
        moments.append(bracket(j - 1) - (j - 1) / (2 * a) * moments[j - 2])
    return moments
