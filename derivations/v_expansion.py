"""From the Rényi divergence to (6), then to (7): the budget v(n), monotone and of order 1/n².

Paper §3 (Theorem 3.1(ii)-(iii), Corollary 3.2) and §5.  The script starts from
the mechanism (4): before clipping, log(x̂ + c) = log(k + c) − σ² + σZ, so at
count k the log-space release is N(log(k + c) − σ², σ²) (clipping is
postprocessing, (12)).  SymPy integrates the Rényi moment ∫ p^α q^{1−α} of the
laws at counts n and n − 1, takes D_α = log(moment)/(α − 1), and divides by α:
the result does not depend on α and is the budget (6),
``v(n) = log²((n+c)/(n−1+c))/(2σ²)``.  That is then expanded in ``x = 1/n`` to
``O(n⁻⁵)``: leading term ``1/(2σ²n²)`` as (7) states, then ``(1−2c)/(2σ²n³)``
and ``(36c² − 36c + 11)/(24σ²n⁴)``.  Its derivative is negative for n ≥ 1, so
v is nonincreasing; at n = 1 it is (5); at c = 1 it is Corollary 3.2.

Run: ``python derivations/v_expansion.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS

Phi_inv = FUNCTIONS["Phi_inv"]

TITLE = "(6) to (7): the privacy budget v(n), monotone and of order 1/n²"
SOURCE = "Paper §3 (Theorem 3.1(ii)-(iii), eqs. (3), (5), (6), (7); Corollary 3.2) and §5."
ESTABLISHES = {
    "renyi_moment": "(12): the Rényi moment of N(ν + δ, σ²) and N(ν, σ²) is exp(α(α−1)δ²/(2σ²)), integrated",
    "renyi_divergence": "(12): D_α of N(ν + δ, σ²) and N(ν, σ²) is αδ²/(2σ²)",
    "eq6": "(6): D_α/α = log²((n+c)/(n−1+c))/(2σ²), the budget of the edge n−1 ↔ n",
    "v_at_1": "eq. (5): v(1) = log²((1+c)/c)/(2σ²)",
    "derivative": "§5: dv/dn = −log(1 + 1/(n−1+c))/(σ²(n+c)(n−1+c)) < 0 (v nonincreasing)",
    "coefficient_n2": "eq. (7): the coefficient of n⁻² is 1/(2σ²)",
    "coefficient_n3": "eq. (7): the coefficient of n⁻³ is (1−2c)/(2σ²) (the O(n⁻³) term)",
    "coefficient_n4": "beyond (7): the coefficient of n⁻⁴ is (36c² − 36c + 11)/(24σ²)",
    "expansion": "eq. (7): v(n) = 1/(2σ²n²) + (1−2c)/(2σ²n³) + (36c²−36c+11)/(24σ²n⁴) + O(n⁻⁵)",
    "limit_n2_v": "eq. (7), Theorem 3.1(iii): lim n² v(n) = 1/(2σ²)",
    "sigma_c1": "Corollary 3.2: σ = Φ⁻¹(1/2 + r0/4) at c = 1",
    "v_c1": "Corollary 3.2: v(n) = log²(1 + 1/n)/(2σ²) at c = 1",
    "v1_c1": "Corollary 3.2: v(0) = v(1) = log²2/(2σ²) at c = 1",
}


def derive(d: literate.Derivation) -> None:
    sigma, c, n = d.parameters(sigma="sigma > 0", c="c > 0", n="n >= 1")
    alpha = d.parameters(alpha="alpha > 1")
    x = d.variable("x", real=True)
    delta = d.variable("delta", real=True)
    mean = d.given("(4), §3", "Before clipping, log(x̂ + c) = log(k + c) − σ² + σZ: at count k the "
                   "log-space release is N(log(k + c) − σ², σ²).", literate.name("μ_k", r"\mu_k"),
                   sp.Lambda(sp.Symbol("k"), sp.log(sp.Symbol("k") + c) - sigma**2))
    # The moment depends on the two means only through their difference: shift w = ν + x.
    log_p = -(x - delta)**2 / (2 * sigma**2) - sp.log(sp.sqrt(2 * sp.pi) * sigma)
    log_q = -x**2 / (2 * sigma**2) - sp.log(sp.sqrt(2 * sp.pi) * sigma)
    moment = d.step("(12)", "SymPy integrates the Rényi moment ∫ p^α q^{1−α} of N(ν + δ, σ²) and N(ν, σ²), "
                    "in x = w − ν, and simplifies.",
                    sp.simplify(sp.integrate(sp.exp(sp.expand(alpha * log_p + (1 - alpha) * log_q)),
                                             (x, -sp.oo, sp.oo), conds="none")),
                    lhs=literate.name("∫ p^α q^{1−α} dw", r"\int p^{\alpha}q^{1-\alpha}\,dw"),
                    paper=sp.exp(alpha * (alpha - 1) * delta**2 / (2 * sigma**2)), result="renyi_moment")
    divergence = d.step("(12)", "D_α = log(moment)/(α − 1).",
                        sp.expand(d.split_logarithms(sp.log(moment)) / (alpha - 1)),
                        lhs=literate.name("D_α(N(ν + δ, σ²) ‖ N(ν, σ²))"),
                        paper=alpha * delta**2 / (2 * sigma**2), result="renyi_divergence")
    v_n = literate.name("v(n)")
    adjacent = divergence.subs(delta, mean(n) - mean(n - 1))
    d.step("(6)", "Divided by α, the divergence of the laws at counts n and n − 1 no longer depends on α: "
           "it is the budget of the edge n−1 ↔ n, in both directions (it is even in δ).",
           sp.simplify(adjacent / alpha), lhs=v_n,
           paper=sp.log((n + c) / (n - 1 + c))**2 / (2 * sigma**2), key="v", result="eq6",
           hint=lambda e: sp.simplify(d.split_logarithms(e)))
    # Continue from the form (6) writes, which the step above has just established.
    v = sp.log((n + c) / (n - 1 + c))**2 / (2 * sigma**2)

    d.step("(5)", "At n = 1 (the boundary edge 0 ↔ 1) the budget is the boundary cost.", v.subs(n, 1),
           lhs=literate.name("v(1)"), paper=sp.log((1 + c) / c)**2 / (2 * sigma**2), key="eq5",
           result="v_at_1", hint=sp.simplify)

    d.step("§5", "The log-ratio is log(1 + 1/(n−1+c)).", sp.together(1 + 1 / (n - 1 + c)),
           lhs=literate.name("1 + 1/(n−1+c)"), paper=(n + c) / (n - 1 + c))
    derivative = d.step("§5", "SymPy's derivative of v in n.", sp.factor(sp.diff(v, n)),
                        lhs=literate.name("dv/dn", r"\frac{dv}{dn}"),
                        paper=-sp.log(1 + 1 / (n - 1 + c)) / (sigma**2 * (n + c) * (n - 1 + c)),
                        key="derivative", result="derivative",
                        hint=lambda e: sp.simplify(d.split_logarithms(e)))
    m = d.variable("m", nonnegative=True)
    d.holds("Theorem 3.1(ii)", "With n = 1 + m (m ≥ 0) every factor has a known sign: "
            "log(1 + 1/(m+c)) > 0, so dv/dn < 0 and v is nonincreasing.",
            -sp.log(1 + 1 / (m + c)) / (sigma**2 * (1 + m + c) * (m + c)), "<")
    d.step("Theorem 3.1(ii)", "The rewriting used there is exact at n = 1 + m.",
           derivative.subs(n, 1 + m), paper=-sp.log(1 + 1 / (m + c)) / (sigma**2 * (1 + m + c) * (m + c)),
           hint=lambda e: sp.simplify(d.split_logarithms(e)))

    x = d.variable("x", positive=True)
    series = d.step("(7)", "SymPy expands v in x = 1/n about 0, to O(x⁵).",
                    sp.expand(sp.series(v.subs(n, 1 / x), x, 0, 5).removeO()),
                    lhs=literate.name("v(1/x)"))
    d.step("(7)", "There is no term of order below x²: the budget vanishes like 1/n².",
           [series.coeff(x, k) for k in (0, 1)], paper=[0, 0])
    leading = d.step("(7)", "The coefficient of n⁻².", series.coeff(x, 2), lhs=literate.name("[n⁻²] v", r"[n^{-2}]\,v"),
                     paper=1 / (2 * sigma**2), key="leading", result="coefficient_n2")
    second = d.step("(7)", "The coefficient of n⁻³ (the O(n⁻³) remainder of (7) starts here).",
                    sp.factor(series.coeff(x, 3)), lhs=literate.name("[n⁻³] v", r"[n^{-3}]\,v"),
                    paper=(1 - 2 * c) / (2 * sigma**2), key="second", result="coefficient_n3")
    third = d.step("(7)", "The coefficient of n⁻⁴.", sp.factor(series.coeff(x, 4)),
                   lhs=literate.name("[n⁻⁴] v", r"[n^{-4}]\,v"),
                   paper=(36 * c**2 - 36 * c + 11) / (24 * sigma**2), key="third", result="coefficient_n4")
    d.step("(7)", "Collected in n.", leading / n**2 + second / n**3 + third / n**4,
           lhs=literate.name("v(n) − O(n⁻⁵)", r"v(n) - O(n^{-5})"), result="expansion")

    d.step("(7), second route", "The leading coefficient again, as the limit of n² v(n).",
           sp.limit(n**2 * v, n, sp.oo), lhs=literate.name("lim n² v(n)", r"\lim_{n\to\infty} n^2 v(n)"),
           paper=leading, result="limit_n2_v")
    d.step("(7), second route", "And the remainder: n³(v(n) − 1/(2σ²n²)) has a finite limit, so the "
           "remainder is O(n⁻³).", sp.limit(n**3 * (v - leading / n**2), n, sp.oo),
           lhs=literate.name("lim n³(v(n) − 1/(2σ²n²))",
                             r"\lim_{n\to\infty} n^3\left(v(n)-\frac{1}{2\sigma^2 n^2}\right)"),
           paper=second)

    r0 = d.parameters(r0="0 < r0 < 1")
    d.step("Corollary 3.2", "At c = 1, σ from (3).", Phi_inv(sp.Rational(1, 2) + r0 / (2 * (1 + c))).subs(c, 1),
           lhs=sigma, paper=Phi_inv(sp.Rational(1, 2) + r0 / 4), key="sigma_c1", result="sigma_c1")
    d.step("Corollary 3.2", "At c = 1, (6).", sp.expand_log(v.subs(c, 1)), lhs=v_n,
           paper=sp.log(1 + 1 / n)**2 / (2 * sigma**2), key="v_c1", result="v_c1",
           hint=lambda e: sp.simplify(d.split_logarithms(sp.together(e))))
    d.step("Corollary 3.2", "At c = 1, (5).", v.subs({c: 1, n: 1}), lhs=literate.name("v(0) = v(1)"),
           paper=sp.log(2)**2 / (2 * sigma**2), key="v1_c1", result="v1_c1")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
