"""Corollary 6.7, (30)-(32): the truncated Gaussian prior and the constant π/(4e²).

Paper §6.5.  Substituting the quantised prior of Lemma 6.6 into (19) and
letting n → ∞ gives (30); as r ↓ 0 the first-order condition in the scale x
puts the bracket at 1/2, at ``x_L = 2e^{3/2 − h_L}``, with value
``e^{2h_L}/(8e³τ_L²)`` (31).  SymPy integrates the truncated Gaussian's
variance and entropy, whose limits as L → ∞ are 1 and ``½ log(2πe)``, so
(31) tends to ``π/(4e²)``.  The maximum-entropy remark is the Gaussian
cross-entropy computation; (32)'s ratio is ``4e²/π²``.

Run: ``python derivations/gaussian_prior.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS

phi, Phi = FUNCTIONS["phi"], FUNCTIONS["Phi"]

TITLE = "Corollary 6.7 and (30)-(32): the truncated Gaussian prior"
SOURCE = "Paper §6.5: Lemma 6.6, Corollary 6.7, eqs. (19), (29), (30), (31), (32)."
ESTABLISHES = {
    "eq30": "eq. (30): liminf r²n² v_r(n) ≥ [log x + h_L − log(2e) − log(1 + Lxr)]/(x²τ_L²) (inside [·]_+)",
    "first_order_condition": "Corollary 6.7 proof: at the optimum log x + h_L − log(2e) = 1/2",
    "x_L": "Corollary 6.7 proof: x_L = 2e^{3/2 − h_L}",
    "eq31": "eq. (31): the optimum e^{2h_L}/(8e³τ_L²)",
    "tau_L_squared": "Corollary 6.7 proof: Var(Z_L) = 1 − 2Lφ(L)/(2Φ(L) − 1)",
    "h_L": "Corollary 6.7 proof: h(Z_L) = log(√(2π)(2Φ(L) − 1)) + τ_L²/2",
    "h_limit": "Corollary 6.7 proof: h_L → ½ log(2πe) as L → ∞",
    "tau_limit": "Corollary 6.7 proof: τ_L² → 1 as L → ∞",
    "eq29": "eq. (29): the constant π/(4e²)",
    "gaussian_factor_bound": "§6.5 remark: e^{2h(Z)}/(8e³ Var Z) ≤ π/(4e²), equality for the Gaussian",
    "bound_ratio": "§6.5 after (32): (1/π)/(π/(4e²)) = 4e²/π²",
}


def _family_coefficient():
    from proofcheck.derivations import small_error_limits
    return small_error_limits.results()["family_coefficient"]


def derive(d: literate.Derivation) -> None:
    r, n, x, L, tau = d.parameters(r="0 < r < 1", n="n >= 1", x="x > 0", L="L > 0", tau="tau > 0")
    h = d.variable("h")
    S = x * r * n
    d.cite("Lemma 6.6", "For the prior J = B + Q_S with S = xrn: H(J) = log S + h_L + o(1), "
           "E(J − B)² = S²τ_L² + O(S) and E J = LS + o(S); the lower-order terms do not change the "
           "limit below.")
    bound = (sp.log(S) + h - sp.log(2 * sp.E * (r * (n + L * S) + sp.Rational(1, 4)))) / (S**2 * tau**2)
    inside = d.step("(30)", "Theorem 6.4's bracket with these values, times r²n², as n → ∞: the log(rn) "
                    "terms cancel.", sp.limit(r**2 * n**2 * bound, n, sp.oo),
                    lhs=literate.name("lim r²n² (19)", r"\lim_{n\to\infty} r^2 n^2\,(19)"),
                    paper=(sp.log(x) + h - sp.log(2 * sp.E) - sp.log(1 + L * x * r)) / (x**2 * tau**2),
                    key="eq30", result="eq30", hint=lambda e: sp.simplify(d.split_logarithms(e)))
    g = d.step("(31)", "Let r ↓ 0 for fixed L.", sp.limit(inside, r, 0, "+"), lhs=literate.name("g(x)"),
               paper=(sp.log(x) + h - sp.log(2 * sp.E)) / (x**2 * tau**2),
               hint=lambda e: sp.simplify(d.split_logarithms(e)))
    numerator = sp.factor(sp.together(sp.diff(g, x)) * x**3 * tau**2)
    d.step("(31)", "The derivative in x is zero exactly when 1 − 2(log x + h − log 2e) = 0.",
           sp.expand(d.split_logarithms(numerator)),
           lhs=literate.name("x³τ² g'(x)", r"x^3\tau^2 g'(x)"),
           paper=sp.expand(d.split_logarithms(1 - 2 * (sp.log(x) + h - sp.log(2 * sp.E)))))
    x_L = d.step("(31)", "SymPy solves the first-order condition.", sp.solve(sp.diff(g, x), x),
                 lhs=literate.name("x_L"), paper=[2 * sp.exp(sp.Rational(3, 2) - h)], key="x_L")[0]
    d.step("(31)", "There the bracket equals 1/2.",
           d.split_logarithms(sp.log(x_L) + h - sp.log(2 * sp.E)),
           lhs=literate.name("log x_L + h_L − log(2e)", r"\log x_L + h_L - \log(2e)"),
           paper=sp.Rational(1, 2), key="bracket", result="first_order_condition")
    d.step("(31)", "The optimal scale.", x_L, lhs=literate.name("x_L"), paper=2 * sp.exp(sp.Rational(3, 2) - h),
           result="x_L")
    d.holds("(31)", "g'' < 0 at x_L: a maximum (g → −∞ as x ↓ 0 and g → 0 as x → ∞).",
            sp.simplify(sp.diff(g, x, 2).subs(x, x_L)), "<")
    best = d.step("(31)", "The value at the optimum.", sp.simplify(g.subs(x, x_L)),
                  lhs=literate.name("g(x_L)"), paper=sp.exp(2 * h) / (8 * sp.exp(3) * tau**2), key="eq31",
                  result="eq31")

    z = d.variable("z")
    mass = d.step("Corollary 6.7 proof", "Z_L is the standard Gaussian conditioned on [−L, L]; its "
                  "normalising mass.", sp.integrate(phi(z), (z, -L, L)),
                  lhs=sp.Integral(phi(z), (z, -L, L)), paper=2 * Phi(L) - 1)
    density = phi(z) / mass
    variance = d.step("Corollary 6.7 proof", "Its variance (the mean is 0 by symmetry).",
                      sp.simplify(sp.integrate(z**2 * density, (z, -L, L))),
                      lhs=literate.name("τ_L²", r"\tau_L^2"), paper=1 - 2 * L * phi(L) / (2 * Phi(L) - 1),
                      key="tau_L", result="tau_L_squared")
    log_density = d.split_logarithms(sp.log(density))
    entropy = d.step("Corollary 6.7 proof", "Its differential entropy −∫ f log f.",
                     -sp.integrate(sp.expand(density * log_density), (z, -L, L)),
                     lhs=literate.name("h_L"), paper=sp.log(sp.sqrt(2 * sp.pi) * (2 * Phi(L) - 1)) + variance / 2,
                     key="h_L", result="h_L", hint=lambda e: sp.simplify(d.split_logarithms(e)))
    h_inf = d.step("Corollary 6.7 proof", "As L → ∞, the entropy tends to the Gaussian's.",
                   sp.limit(entropy, L, sp.oo), lhs=literate.name("lim h_L", r"\lim_{L\to\infty} h_L"),
                   paper=sp.log(2 * sp.pi * sp.E) / 2, key="h_limit", result="h_limit",
                   hint=lambda e: d.split_logarithms(e))
    tau_inf = d.step("Corollary 6.7 proof", "And the variance tends to 1.", sp.limit(variance, L, sp.oo),
                     lhs=literate.name("lim τ_L²", r"\lim_{L\to\infty}\tau_L^2"), paper=1, key="tau_limit",
                     result="tau_limit")
    constant = d.step("(29)", "So (31) tends to π/(4e²).",
                      sp.simplify(best.subs({h: h_inf, tau: sp.sqrt(tau_inf)})),
                      lhs=literate.name("lim (31)", r"\lim_{L\to\infty}(31)"),
                      paper=sp.pi / (4 * sp.exp(2)), key="eq29", result="eq29")
    d.decimal("(29)", "The printed decimal.", constant, "0.1062921", key="eq29_decimal")

    variance_symbol = d.variable("V", positive=True)
    second_moment = variance_symbol  # E_f Z² is the variance, the mean being 0
    cross = d.step("§6.5 remark", "The cross-entropy of any density f of mean 0 and variance V "
                   "against the Gaussian g = N(0, V): −E_f log g = ½ log(2πV) + E_f Z²/(2V).",
                   d.split_logarithms(sp.log(2 * sp.pi * variance_symbol) / 2 + second_moment / (2 * variance_symbol)),
                   lhs=literate.name("−E_f log g", r"-\mathbb{E}_f\log g"),
                   paper=d.split_logarithms(sp.log(2 * sp.pi * sp.E * variance_symbol) / 2))
    d.cite("§6.5 remark", "Gibbs' inequality: h(f) = −E_f log g − D_KL(f ‖ g) ≤ −E_f log g, with equality "
           "only for f = g (Cover and Thomas, 2006).")
    d.step("§6.5 remark", "So the factor e^{2h}/(8e³ V) is at most its Gaussian value, which does not "
           "depend on V: no limiting prior beats π/(4e²) in this template.",
           sp.simplify(sp.exp(2 * cross) / (8 * sp.exp(3) * variance_symbol)),
           lhs=literate.name("e^{2h}/(8e³V) ≤", r"\frac{e^{2h}}{8e^3 V}\ \leq"),
           paper=sp.pi / (4 * sp.exp(2)), result="gaussian_factor_bound")

    upper = d.step("(32)", "The upper end of (32), derived in small_error_limits.py.", d.adopt(_family_coefficient()),
                   lhs=literate.name("C⋆ ≤", r"C_\star\ \leq"), paper=1 / sp.pi)
    ratio = d.step("(32)", "The ratio of the two ends of (32).", sp.simplify(upper / constant),
                   paper=4 * sp.exp(2) / sp.pi**2, key="ratio", result="bound_ratio")
    d.decimal("(32)", "The printed decimal: the bounds are within a factor of three.", ratio, "2.995",
              key="ratio_decimal")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
