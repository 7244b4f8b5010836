"""Lemma 4.1, eq. (8), and eq. (9): the exact absolute error before clipping.

Paper §4.  The noise factor ``e^{σZ−σ²}`` crosses one at ``Z = σ``; the
Gaussian tilting identity turns each half of ``E|e^{σZ−σ²} − 1|`` into a
normal probability, and the two weighted halves cancel, leaving
``2Φ(σ) − 1``.  With σ from (3) this is ``r0/(1+c)``, which gives (9) and
the utility bound of Theorem 3.1(i).

Run: ``python derivations/gaussian_lemma.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS
from proofcheck.core.symbolic.operators import closed_form as closed_form_of

phi, Phi, Phi_inv = FUNCTIONS["phi"], FUNCTIONS["Phi"], FUNCTIONS["Phi_inv"]

TITLE = "Lemma 4.1 and (9): the exact absolute multiplicative error"
SOURCE = "Paper §4: Lemma 4.1, eqs. (3), (8), (9) and Theorem 3.1(i)."
ESTABLISHES = {
    "lower_half": "Lemma 4.1 proof: E[e^{σZ−σ²} 1{Z ≤ σ}] = e^{−σ²/2}/2",
    "upper_half": "Lemma 4.1 proof: E[e^{σZ−σ²} 1{Z > σ}] = e^{−σ²/2}/2",
    "expected_abs_error": "Lemma 4.1, eq. (8): E|e^{σZ−σ²} − 1| = 2Φ(σ) − 1",
    "error_at_sigma_3": "§4: 2Φ(σ) − 1 = r0/(1+c) for σ from (3)",
    "pre_clipping_error": "eq. (9): E|U_n − n| = (n+c) r0/(1+c)",
}


def derive(d: literate.Derivation) -> None:
    sigma = d.parameters(sigma="sigma > 0")
    z = d.variable("z")
    a = sp.Symbol("a")
    drift = d.given("(4), §3", "The mechanism multiplies the shifted count by the noise factor "
                    "e^{σZ − a}; its drift is a = σ², not the mean correction σ²/2.",
                    a, sigma**2, key="drift")
    factor = sp.exp(sigma * z - drift)

    d.step("Lemma 4.1 proof", "The Gaussian tilting identity: the factor times the standard normal "
           "density is a shifted density, e^{σz−σ²}φ(z) = e^{−σ²/2}φ(z−σ).",
           factor * phi(z), paper=sp.exp(-sigma**2 / 2) * phi(z - sigma), key="tilting")

    crossing, = sp.solve(sp.Eq(factor, 1), z)
    d.step("Lemma 4.1 proof", "The factor crosses one where its exponent vanishes.",
           crossing, lhs=sp.Symbol("z_1"), paper=sigma, key="crossing")

    u = d.variable("u", positive=True)
    exponent = sp.expand(d.split_logarithms(sp.log(factor)))
    d.holds("Lemma 4.1 proof", "Below the crossing (z = σ − u, u > 0) the exponent is negative, so "
            "the factor is below one (exp is increasing).", exponent.subs(z, crossing - u), "<")
    d.holds("Lemma 4.1 proof", "Above the crossing (z = σ + u) the exponent is positive: the factor "
            "exceeds one.", exponent.subs(z, crossing + u), ">")

    lower_lhs = sp.Integral(factor * phi(z), (z, -sp.oo, crossing))
    lower = d.step("Lemma 4.1 proof", "The lower half-expectation E[e^{σZ−σ²} 1{Z ≤ σ}], integrated "
                   "by SymPy.", lower_lhs.doit(), lhs=lower_lhs,
                   paper=sp.exp(-sigma**2 / 2) / 2, key="lower_half", result="lower_half")

    upper_lhs = sp.Integral(factor * phi(z), (z, crossing, sp.oo))
    upper = d.step("Lemma 4.1 proof", "The upper half-expectation E[e^{σZ−σ²} 1{Z > σ}] has the same "
                   "value.", upper_lhs.doit(), lhs=upper_lhs,
                   paper=sp.exp(-sigma**2 / 2) / 2, key="upper_half", result="upper_half")

    below_lhs = sp.Integral(phi(z), (z, -sp.oo, crossing))
    below = d.step("Lemma 4.1 proof", "The probability of the lower event, P(Z ≤ σ).",
                   below_lhs.doit(), lhs=below_lhs, paper=Phi(sigma),
                   hint=lambda e: sp.simplify(e.rewrite(sp.erf)))

    split = (below - lower) + (upper - (1 - below))
    e_abs = sp.Symbol("E|e^{σZ−σ²} − 1|")
    value = d.step("(8)", "Split the absolute value at Z = σ: E[(1 − e^{σZ−σ²}) 1{Z ≤ σ}] + "
                   "E[(e^{σZ−σ²} − 1) 1{Z > σ}].  The two weighted halves cancel.",
                   split, lhs=e_abs, paper=2 * Phi(sigma) - 1, key="eq8",
                   result="expected_abs_error", hint=lambda e: sp.simplify(e.rewrite(sp.erf)))

    definition = sp.Integral(sp.Abs(factor - 1) * phi(z), (z, -sp.oo, sp.oo))
    d.step("(8), second route", "The same expectation from its definition, by proofcheck's general "
           "rule (split every kink, integrate each piece), compared with the first route.",
           closed_form_of(definition, {sigma: sp.Integer(1)}), lhs=definition, paper=value,
           hint=lambda e: sp.simplify(e.rewrite(sp.erf)))

    r, r0, c, n = d.parameters(r="0 < r <= 1", r0="0 < r0 < r", c="c > 0", n="integer n >= 0")
    sigma_3 = d.given("(3)", "The noise level is calibrated to the requested error.",
                      sigma, Phi_inv(sp.Rational(1, 2) + r0 / (2 * (1 + c))), key="sigma")
    argument = sp.Rational(1, 2) + r0 / (2 * (1 + c))
    d.holds("(3)", "The argument of Φ⁻¹ exceeds 1/2 ...", argument - sp.Rational(1, 2), ">")
    below, slack = d.variable("delta_0", positive=True), d.variable("epsilon", nonnegative=True)
    d.holds("(3)", "... and stays below 1: with r0 = r − δ0 and r = 1 − ε (δ0 > 0, ε ≥ 0), its gap to 1 "
            "is positive, so σ is positive and finite.",
            sp.factor(1 - argument).subs(r0, r - below).subs(r, 1 - slack), ">")
    calibrated = d.step("§4", "At σ from (3), Φ(Φ⁻¹(p)) = p turns (8) into the calibrated error.",
                        value.subs(sigma, sigma_3), lhs=sp.Symbol("2Φ(σ) − 1"),
                        paper=r0 / (1 + c), key="calibrated", result="error_at_sigma_3")

    shift = (n + c) * factor - c - n
    d.step("§4", "Before clipping, U_n = (n+c)e^{σZ−σ²} − c, so U_n − n factors.",
           shift, lhs=sp.Symbol("U_n - n"), paper=(n + c) * (factor - 1))
    d.step("(9)", "Since n + c > 0 is a constant, E|U_n − n| = (n + c) E|e^{σZ−σ²} − 1|.",
           (n + c) * calibrated, lhs=sp.Symbol("E|U_n - n|"), paper=(n + c) * r0 / (1 + c),
           key="eq9", result="pre_clipping_error")

    m = d.variable("m", integer=True, nonnegative=True)
    gap = n - (n + c) / (1 + c)
    d.step("§4", "For n ≥ 1, n − (n+c)/(1+c) = c(n − 1)/(1+c).", sp.factor(gap),
           paper=c * (n - 1) / (1 + c))
    d.holds("Theorem 3.1(i)", "Writing n = 1 + m with m ≥ 0, that gap is nonnegative, so the error "
            "is at most r0 n < r n = r max(n, 1).", sp.factor(gap.subs(n, 1 + m)), ">=")
    delta = d.variable("delta", positive=True)
    d.holds("Theorem 3.1(i)", "And r0 n < r n for n = 1 + m, writing r = r0 + δ with δ > 0.",
            ((r - r0) * (1 + m)).subs(r, r0 + delta), ">")
    d.holds("Theorem 3.1(i)", "At n = 0 the error c r0/(1+c) is below r = r max(0, 1): write "
            "r = r0 + δ with δ > 0.", (r - c * r0 / (1 + c)).subs(r, r0 + delta), ">")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
