"""E|X|, I and I (E|X|)^2 of each noise law, derived symbolically by SymPy from its density.

For the three classical laws SymPy's ``integrate`` does it.  For the Airy law
f(x) = Ai(|x| + a1')^2 / Z the integrals over [0, oo) are closed by an
antiderivative found from an ansatz (a polynomial in y times a quadratic form
in Ai, Ai') and verified by differentiation with Ai'' = y Ai; the boundary
terms are Ai'(a1') = 0 and the decay of Ai at +oo.  These are the routes
independent of quadrature that the law quantities of ``noise_laws`` are
checked against.
"""
from __future__ import annotations

from functools import lru_cache

import sympy as sp

from ..numerics.airy_functions import A1P
from .laws import noise_law


def _airy_monomials(expr, y, P, Q):
    """``expr`` with Ai(y) -> P and Ai'(y) -> Q, as a polynomial in y, P, Q."""
    return sp.Poly(sp.expand(expr.subs({sp.airyaiprime(y): Q}).subs({sp.airyai(y): P})), y, P, Q)


def airy_antiderivative(integrand, y):
    """An antiderivative of ``integrand``, a polynomial in y times a quadratic form in Ai, Ai'.

    Ansatz: sum over j of (p_j Ai^2 + q_j Ai Ai' + r_j Ai'^2) y^j with degree two
    above the integrand's; SymPy differentiates it (using Ai'' = y Ai), matches
    coefficients and solves the linear system.  The result is verified by
    differentiation before it is returned; ``None`` if the ansatz has no solution.
    """
    P, Q = sp.symbols("P Q")
    degree = sp.Poly(sp.expand(integrand.subs({sp.airyaiprime(y): 1, sp.airyai(y): 1})), y).degree() + 2
    coefficients, ansatz = [], 0
    for j in range(degree + 1):
        for form in (sp.airyai(y)**2, sp.airyai(y) * sp.airyaiprime(y), sp.airyaiprime(y)**2):
            c = sp.Symbol(f"c{len(coefficients)}")
            coefficients.append(c)
            ansatz += c * y**j * form
    residual = _airy_monomials(sp.diff(ansatz, y) - integrand, y, P, Q)
    solution = sp.solve(residual.coeffs(), coefficients, dict=True)
    if not solution:
        return None
    antiderivative = ansatz.subs(solution[0]).subs({c: 0 for c in coefficients})
    if sp.simplify(sp.diff(antiderivative, y) - integrand) != 0:
        return None
    return sp.expand(antiderivative)


def _vanishes_at_infinity(antiderivative, y) -> bool:
    """Each term y^k Ai^i Ai'^j (i + j = 2) tends to 0, by the leading asymptotics of Ai, Ai'."""
    zeta = sp.Rational(2, 3) * y**sp.Rational(3, 2)
    leading = {sp.airyai(y): sp.exp(-zeta) / (2 * sp.sqrt(sp.pi) * y**sp.Rational(1, 4)),
               sp.airyaiprime(y): -y**sp.Rational(1, 4) * sp.exp(-zeta) / (2 * sp.sqrt(sp.pi))}
    for term in sp.Add.make_args(antiderivative):
        if sp.limit(term.subs(leading), y, sp.oo) != 0:
            return False
    return True


def _airy_half_line_integral(integrand, y, a):
    """The integral of ``integrand`` over [a, oo), with Ai'(a) = 0, via the antiderivative."""
    antiderivative = airy_antiderivative(integrand, y)
    if antiderivative is None:
        raise ArithmeticError(f"no antiderivative of the ansatz form for {integrand}")
    if not _vanishes_at_infinity(antiderivative, y):
        raise ArithmeticError(f"boundary term at infinity does not vanish for {antiderivative}")
    at_a = antiderivative.subs(y, a).subs(sp.airyaiprime(a), 0)
    return sp.simplify(-at_a)


@lru_cache(maxsize=None)
def airy_symbolic_quantities() -> dict:
    """Z, E|X|, I for the Airy law as SymPy expressions in a1' (symbol ``a1p``).

    Derived from the density f(x) = Ai(x + a1')^2 / Z on x >= 0 (f even): the
    score is differentiated by SymPy, each integral over [0, oo) is moved to
    y = x + a1' on [a1', oo) and closed by ``airy_antiderivative``.
    """
    x = sp.Symbol("x", nonnegative=True)
    y = sp.Symbol("y", real=True)
    a = A1P
    Z = sp.Symbol("Z", positive=True)
    right = sp.airyai(x + a)**2 / Z
    score_squared_density = sp.simplify(sp.diff(right, x)**2 / right)

    def over_half_line(expression):
        return _airy_half_line_integral(sp.expand(expression.subs(x, y - a)), y, a)

    normaliser = 2 * over_half_line(right * Z)
    mean_abs = sp.simplify((2 * over_half_line(x * right)).subs(Z, normaliser))
    fisher = sp.simplify((2 * over_half_line(score_squared_density)).subs(Z, normaliser))
    return {"normaliser": sp.simplify(normaliser), "mean_abs": mean_abs, "fisher": fisher,
            "product": sp.simplify(fisher * mean_abs**2)}


@lru_cache(maxsize=None)
def symbolic_quantities(name: str) -> dict:
    """E|X|, I and I (E|X|)^2 derived by SymPy from the law's density ({} if SymPy cannot)."""
    law = noise_law(name)
    if law.name == "airy":
        return airy_symbolic_quantities()
    x = sp.Symbol("x", positive=True)
    right = law.sympy_right_density(x)
    if right is None:
        return {}
    mass = sp.simplify(2 * sp.integrate(right, (x, 0, sp.oo)))
    mean_abs = sp.simplify(2 * sp.integrate(x * right, (x, 0, sp.oo)) / mass)
    fisher = sp.simplify(2 * sp.integrate(sp.simplify(sp.diff(right, x)**2 / right), (x, 0, sp.oo)) / mass)
    return {"normaliser": mass, "mean_abs": mean_abs, "fisher": fisher,
            "product": sp.simplify(fisher * mean_abs**2)}
