"""A closed form of D_alpha recognised as the Renyi divergence of two laws on finitely many points.

The proof over every order (``alpha_proof``) settles the orders alpha >= 1 + H by the
monotonicity of Renyi divergences in alpha (T. van Erven, P. Harremoes, "Renyi divergence and
Kullback-Leibler divergence", IEEE Trans. IT 60 (2014), Thm. 3), which holds only if the
closed form is one.  At fixed parameters this is checked from the closed form itself:

    M(alpha) = exp((alpha - 1) D_alpha) = sum_i c_i exp(u_i alpha + v_i),   c_i >= 0,

with each exponent affine in alpha, and M(0) = M(1) = 1 exactly.  Then with
p_i = c_i e^(u_i + v_i) and q_i = c_i e^(v_i), both laws (each sums to 1: M(1) and M(0)),
c_i e^(u_i alpha + v_i) = p_i^alpha q_i^(1 - alpha), so M(alpha) = sum_i p_i^alpha q_i^(1 - alpha)
and D_alpha = log M(alpha)/(alpha - 1) is D_alpha(P || Q) (Renyi 1961, Def. of order alpha).
"""
from __future__ import annotations

import sympy as sp

from ...core.model.errors import SymbolicTimeout
from ...core.model.timeout import time_budget

SECONDS = 1.0


def finite_renyi(divergence, alpha) -> bool:
    """True where ``divergence`` (a function of ``alpha`` alone) is shown to be D_alpha(P || Q) for
    two laws P, Q on finitely many points; False where that is not shown."""
    divergence = sp.sympify(divergence)
    if divergence.free_symbols != {alpha}:
        return False
    try:
        with time_budget(SECONDS):
            cumulant = sp.simplify((alpha - 1) * divergence)
            moment = sp.expand(cumulant.args[0] if isinstance(cumulant, sp.log) else sp.exp(cumulant))
            terms = sp.Add.make_args(moment)
            if not all(_affine_exponential(t, alpha) for t in terms):
                return False
            return all(sp.simplify(moment.xreplace({alpha: at}) - 1) == 0 for at in (0, 1))
    except (SymbolicTimeout, ValueError, TypeError, NotImplementedError, ZeroDivisionError):
        return False


def _affine_exponential(term, alpha) -> bool:
    """Whether ``term`` is c e^(u alpha + v) with c >= 0 a number and u, v real numbers."""
    # Factored first: e^a/((e^a + 6) e^(alpha/10)) may come with its denominator multiplied out.
    constant, rest = sp.factor(term).as_independent(alpha, as_Add=False)
    if not (constant.is_number and constant.is_extended_real and constant.is_nonnegative):
        return False
    if rest == 1:
        return True
    combined = sp.powsimp(rest, combine="exp")
    if not isinstance(combined, sp.exp):
        # b^alpha for a number b > 0 is e^(alpha log b).
        if combined.is_Pow and combined.base.is_number and combined.base.is_positive:
            combined = sp.exp(combined.exp * sp.log(combined.base))
        else:
            return False
    exponent = sp.expand(combined.args[0])
    polynomial = sp.Poly(exponent, alpha) if exponent.is_polynomial(alpha) else None
    return polynomial is not None and polynomial.degree() <= 1 and all(
        c.is_number and c.is_extended_real for c in polynomial.all_coeffs())
