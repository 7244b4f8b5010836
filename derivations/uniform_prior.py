"""Corollary 6.5 and (24)-(25): the uniform many-count prior.

Paper §6.4.  For J uniform on {0, ..., K−1} and j⋆ = (K−1)/2, SymPy sums
the entropy, the mean and the second moment about j⋆ as finite sums, and
substituting them into (19) gives (23).  With ``K_n = arn + w`` (any bounded
offset w, which covers the rounding to odd integers) the limit (24) follows;
as r ↓ 0 the objective ``(12/a²) log(a/(2e))`` is maximised at
``a = 2e^{3/2}`` with value ``3/(2e³)``, ``192/e³`` times the two-count
constant 1/128.

Run: ``python derivations/uniform_prior.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate

TITLE = "Corollary 6.5 and (24)-(25): the uniform many-count prior"
SOURCE = "Paper §6.4: Corollary 6.5, eqs. (19), (23), (24), (25)."
ESTABLISHES = {
    "entropy": "Corollary 6.5 proof: H(J) = log K",
    "mean": "Corollary 6.5 proof: E J = (K−1)/2",
    "second_moment": "Corollary 6.5 proof: E(J − j⋆)² = (K²−1)/12",
    "eq23": "eq. (23): v(n) ≥ 12/(K²−1) [log(K/(2e(r(n + (K−1)/2) + 1/4)))]_+",
    "eq24": "eq. (24): liminf r²n² v(n) ≥ (12/a²) log(a/(2e(1 + ar/2))) (inside the positive part)",
    "small_r_objective": "§6.4: as r ↓ 0 the right side of (24) becomes (12/a²) log(a/(2e))",
    "maximiser": "§6.4: the maximiser a = 2e^{3/2}",
    "eq25": "eq. (25): the maximum 3/(2e³)",
    "improvement_factor": "§6.4: the uniform prior improves 1/128 by the factor 192/e³",
}


def derive(d: literate.Derivation) -> None:
    K, r, n = d.parameters(K="odd integer K >= 3", r="0 < r < 1", n="n >= 1")
    j = d.variable("j", integer=True, nonnegative=True)
    weight = d.given("Corollary 6.5 proof", "J is uniform on {0, 1, ..., K−1}.",
                     literate.name("P(J = j)"), 1 / K)
    j_star = d.given("Corollary 6.5 proof", "The reference offset.", literate.name("j⋆", r"j_\star"),
                     (K - 1) / 2, key="j_star")
    entropy = d.step("Corollary 6.5 proof", "The entropy, as a finite sum.",
                     sp.simplify(sp.summation(-weight * sp.log(weight), (j, 0, K - 1))),
                     lhs=literate.name("H(J)"), paper=sp.log(K), key="entropy", result="entropy",
                     hint=lambda e: d.split_logarithms(e))
    mean = d.step("Corollary 6.5 proof", "The mean.", sp.factor(sp.summation(weight * j, (j, 0, K - 1))),
                  lhs=literate.name("E J", r"\mathbb{E}J"), paper=(K - 1) / 2, key="mean", result="mean")
    spread = d.step("Corollary 6.5 proof", "The second moment about j⋆, the privacy cost in (19).",
                    sp.factor(sp.summation(weight * (j - j_star)**2, (j, 0, K - 1))),
                    lhs=literate.name("E(J − j⋆)²", r"\mathbb{E}(J-j_\star)^2"),
                    paper=(K**2 - 1) / 12, key="second_moment", result="second_moment")

    bracket = entropy - sp.log(2 * sp.E * (r * (n + mean) + sp.Rational(1, 4)))
    stated_23 = 12 / (K**2 - 1) * sp.Max(sp.log(K / (2 * sp.E * (r * (n + (K - 1) / 2) + sp.Rational(1, 4)))), 0)
    d.step("(23)", "Substitute the three identities into (19).", sp.Max(bracket, 0) / spread,
           lhs=literate.name("v(n) ≥"), paper=stated_23, key="eq23", result="eq23",
           hint=lambda e: sp.simplify(d.split_logarithms(e)))

    a, e_off = d.parameters(a="a > 0", w="-2 <= w <= 2")
    K_n = a * r * n + e_off
    d.cite("(24)", "The positive part is continuous, so its limit is the positive part of the limit; "
           "we take the limit inside it.  Odd integers K_n with K_n/(rn) → a are K_n = arn + w_n with "
           "|w_n| ≤ 2 eventually after rounding; the limit does not depend on w.")
    inside_23 = 12 / (K**2 - 1) * (entropy - sp.log(2 * sp.E * (r * (n + mean) + sp.Rational(1, 4))))
    limit_24 = d.step("(24)", "SymPy's limit of r²n² times the bracket of (23) as n → ∞ with K = K_n.",
                      sp.simplify(sp.limit(r**2 * n**2 * inside_23.subs(K, K_n), n, sp.oo)),
                      lhs=literate.name("lim r²n² (23)", r"\lim_{n\to\infty} r^2 n^2\,(23)"),
                      paper=12 / a**2 * sp.log(a / (2 * sp.E * (1 + a * r / 2))), key="eq24", result="eq24",
                      hint=lambda e: sp.simplify(d.split_logarithms(e)))
    objective = d.step("§6.4", "Next let r ↓ 0.", sp.limit(limit_24, r, 0, "+"),
                       lhs=literate.name("g(a)"), paper=12 / a**2 * sp.log(a / (2 * sp.E)),
                       key="small_r", result="small_r_objective",
                       hint=lambda e: sp.simplify(d.split_logarithms(e)))
    critical = d.step("(25)", "The critical points of g, by SymPy.", sp.solve(sp.diff(objective, a), a),
                      lhs=literate.name("g'(a) = 0 at"), paper=[2 * sp.exp(sp.Rational(3, 2))],
                      key="maximiser", result=None)
    best_a = critical[0]
    d.step("(25)", "The maximiser.", best_a, lhs=a, paper=2 * sp.exp(sp.Rational(3, 2)), result="maximiser")
    curvature = sp.simplify(sp.diff(objective, a, 2).subs(a, best_a))
    d.holds("(25)", "g'' < 0 there: a strict local maximum.", curvature, "<")
    d.step("(25)", "g vanishes at a = 2e and tends to 0 as a → ∞.",
           [sp.simplify(objective.subs(a, 2 * sp.E)), sp.limit(objective, a, sp.oo)], paper=[0, 0])
    u = d.variable("u", positive=True)
    d.holds("(25)", "And g < 0 on (0, 2e) (write a = 2e/(1+u) with u > 0), so the only critical point "
            "is the global maximum of g.", d.split_logarithms(objective.subs(a, 2 * sp.E / (1 + u))), "<")
    d.step("(25)", "At the maximiser the bracket of (24) is 1/2 > 0, so the positive part is inactive.",
           d.split_logarithms(sp.log(best_a / (2 * sp.E))), paper=sp.Rational(1, 2))
    value = d.step("(25)", "The maximum value.", sp.simplify(objective.subs(a, best_a)),
                   lhs=literate.name("g(2e^{3/2})", r"g(2e^{3/2})"), paper=3 / (2 * sp.exp(3)), key="eq25",
                   result="eq25")
    d.decimal("(25)", "The printed decimal.", value, "0.0746806", key="eq25_decimal")
    factor = d.step("§6.4", "The improvement over the two-count constant 1/128 of Proposition 6.2.",
                    value / sp.Rational(1, 128), paper=192 / sp.exp(3), key="improvement",
                    result="improvement_factor")
    d.decimal("§6.4", "The printed decimal.", factor, "9.56", key="improvement_decimal")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
