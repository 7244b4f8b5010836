"""§7: why the unequal-variance Gaussian fails the definition; (11), (34), (35).

Paper §5 (eq. (11)) and §7.  The Rényi integrand ``p^α q^{1−α}`` of two
Gaussians is the exponential of a quadratic in x.  SymPy reads off its
coefficients, completes the square and integrates: for equal variances this
gives (11), ``D_α = α(μ−ν)²/(2s²)``.  For unequal variances the integral is
finite exactly when the quadratic coefficient is negative, which is (34);
for the edge n ↔ n+1 of ``X_n ~ N(n, r²n²)`` the reverse direction is finite
only for ``α < (n+1)²/(2n+1)``, (35).  The mechanism's error is
``E|X_n − n| = rn√(2/π)``.

Run: ``python derivations/unequal_variance.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS

normal_pdf = FUNCTIONS["normal_pdf"]

TITLE = "§7: Rényi divergences of Gaussians, (11), (34) and (35)"
SOURCE = "Paper §5 (eq. (11)) and §7: Lemma 7.1, eqs. (33), (34), (35)."
ESTABLISHES = {
    "quadratic_coefficient": "Lemma 7.1 proof: the x² coefficient of log(p^α q^{1−α}) is −½(α/s_P² + (1−α)/s_Q²)",
    "gaussian_integral": "Lemma 7.1 proof: ∫ exp(−A y²) dy = √(π/A) for A > 0",
    "eq11": "eq. (11): D_α(N(μ, s²) ‖ N(ν, s²)) = α(μ−ν)²/(2s²)",
    "eq34": "eq. (34): D_α(P ‖ Q) < ∞ iff α s_Q² + (1−α) s_P² > 0",
    "eq35": "eq. (35): the reverse divergence on the edge n ↔ n+1 is finite iff α < (n+1)²/(2n+1)",
    "threshold_excess": "§7: (n+1)²/(2n+1) − 1 = n²/(2n+1) > 0, a finite order above 1",
    "mean_abs_error": "§7, (33): E|X_n − n| = rn√(2/π)",
}


def derive(d: literate.Derivation) -> None:
    alpha, sP, sQ = d.parameters(alpha="alpha > 1", sP="sP > 0", sQ="sQ > 0")
    muP, muQ, x = d.variable("muP"), d.variable("muQ"), d.variable("x")
    exponent = d.step("Lemma 7.1 proof", "The log of the Rényi integrand p^α q^{1−α} for "
                      "P = N(μ_P, s_P²) and Q = N(μ_Q, s_Q²).",
                      sp.expand(alpha * d.split_logarithms(sp.log(normal_pdf(x, muP, sP)))
                                + (1 - alpha) * d.split_logarithms(sp.log(normal_pdf(x, muQ, sQ)))),
                      lhs=literate.name("log(p^α q^{1−α})", r"\log\left(p^{\alpha}q^{1-\alpha}\right)"))
    quadratic = sp.Poly(exponent, x)
    d.step("Lemma 7.1 proof", "It is a quadratic polynomial in x.", quadratic.degree(), lhs=literate.name("degree"),
           paper=2)
    A = d.step("Lemma 7.1 proof", "Minus its x² coefficient.", sp.factor(-quadratic.coeff_monomial(x**2)),
               lhs=literate.name("A"), paper=(alpha / sP**2 + (1 - alpha) / sQ**2) / 2, key="coefficient",
               result="quadratic_coefficient")
    B = quadratic.coeff_monomial(x)
    C = quadratic.coeff_monomial(1)
    y = d.variable("y")
    Asym = d.variable("A", positive=True)
    Bsym, Csym = d.variable("B"), d.variable("C")
    d.step("Lemma 7.1 proof", "Completing the square: −Ax² + Bx + C = −A(x − B/(2A))² + B²/(4A) + C.",
           -Asym * x**2 + Bsym * x + Csym,
           paper=-Asym * (x - Bsym / (2 * Asym))**2 + Bsym**2 / (4 * Asym) + Csym)
    gauss = d.step("Lemma 7.1 proof", "For A > 0 the shifted integral is the Gaussian integral.",
                   sp.integrate(sp.exp(-Asym * y**2), (y, -sp.oo, sp.oo)),
                   lhs=sp.Integral(sp.exp(-Asym * y**2), (y, -sp.oo, sp.oo)), paper=sp.sqrt(sp.pi / Asym),
                   result="gaussian_integral")
    Aneg = d.variable("A_neg", negative=True)
    d.step("Lemma 7.1 proof", "For A < 0 it diverges.", sp.integrate(sp.exp(-Aneg * y**2), (y, -sp.oo, sp.oo)),
           lhs=sp.Integral(sp.exp(-Aneg * y**2), (y, -sp.oo, sp.oo)), paper=sp.oo)
    d.cite("Lemma 7.1 proof", "For A = 0 the integrand e^{Bx + C} is at least e^C on a half-line, so the "
           "integral is infinite as well: finite exactly when A > 0.")
    d.step("(34)", "Multiplying A > 0 by 2s_P²s_Q² > 0 gives the finiteness condition.",
           sp.expand(2 * sP**2 * sQ**2 * A), paper=alpha * sQ**2 + (1 - alpha) * sP**2, key="eq34",
           result="eq34")

    s = d.parameters(s="s > 0")
    equal = {sP: s, sQ: s}
    A_eq, B_eq, C_eq = (sp.simplify(e.subs(equal)) for e in (A, B, C))
    d.step("(11)", "Equal variances: A = 1/(2s²) > 0 for every α, so the integral is finite.", A_eq,
           lhs=literate.name("A"), paper=1 / (2 * s**2))
    integral = gauss.subs(Asym, A_eq) * sp.exp(B_eq**2 / (4 * A_eq) + C_eq)
    d.step("(11)", "The Rényi divergence (1/(α−1)) log ∫ p^α q^{1−α}, from the completed square.",
           sp.factor(sp.simplify(d.split_logarithms(sp.log(integral)) / (alpha - 1))),
           lhs=literate.name("D_α(N(μ_P, s²) ‖ N(μ_Q, s²))",
                             r"D_\alpha\left(\mathcal{N}(\mu_P,s^2)\,\|\,\mathcal{N}(\mu_Q,s^2)\right)"),
           paper=alpha * (muP - muQ)**2 / (2 * s**2), key="eq11", result="eq11")

    n, r = d.parameters(n="n >= 1", r="0 < r < 1")
    reverse = {sP: r * (n + 1), sQ: r * n}
    condition = d.step("(35)", "The reverse direction of the edge n ↔ n+1: from the larger-variance law "
                       "X_{n+1} to X_n; (34) divided by r².",
                       sp.expand((alpha * sQ**2 + (1 - alpha) * sP**2).subs(reverse) / r**2),
                       paper=sp.expand(alpha * n**2 + (1 - alpha) * (n + 1)**2))
    slope = sp.diff(condition, alpha)
    d.holds("(35)", "The condition is linear in α with negative slope −(2n+1): it holds below one threshold.",
            slope, "<")
    threshold = d.step("(35)", "The threshold, by SymPy.", sp.solve(condition, alpha),
                       lhs=literate.name("α⋆", r"\alpha_\star"),
                       paper=[(n + 1)**2 / (2 * n + 1)], key="eq35")[0]
    d.step("(35)", "So the reverse divergence is finite iff α < α⋆.", sp.factor(threshold),
           lhs=literate.name("α⋆", r"\alpha_\star"), paper=(n + 1)**2 / (2 * n + 1), result="eq35")
    excess = d.step("§7", "The threshold exceeds 1 by n²/(2n+1): orders above it are finite numbers.",
                    sp.factor(threshold - 1), paper=n**2 / (2 * n + 1), result="threshold_excess")
    d.holds("§7", "That excess is positive: every positive edge fails at a finite order.", excess, ">")
    d.cite("§7", "At the boundary edge X_0 = δ_0 while X_1 = N(1, r²) is not absolutely continuous with "
           "respect to it, so D_α(X_1 ‖ X_0) = ∞ for every α > 1.")

    mean_abs = sp.Integral(sp.Abs(x - n) * normal_pdf(x, n, r * n), (x, -sp.oo, sp.oo))
    d.step("(33)", "The error of X_n ~ N(n, r²n²): SymPy splits at x = n and integrates.",
           sp.integrate((n - x) * normal_pdf(x, n, r * n), (x, -sp.oo, n))
           + sp.integrate((x - n) * normal_pdf(x, n, r * n), (x, n, sp.oo)),
           lhs=mean_abs, paper=r * n * sp.sqrt(2 / sp.pi), key="eq33", result="mean_abs_error")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
