"""§5.1: the small-error limits of the construction, and (13).

Paper §5.1 (and the upper bound of (32)).  With σ from (3) and ``r0 = ρr``,
SymPy finds ``σ/r → ρ√(π/2)/(1+c)`` as ``r ↓ 0``; with the leading
coefficient ``1/(2σ²)`` of (7) (from ``v_expansion``) this gives the
large-count coefficient ``(1+c)²/π`` (``4/π`` at c = 1, ``1/π`` as c ↓ 0) and
the boundary cost ``v(1) ~ (1+c)² log²((1+c)/c)/(πr²)``.  The second regime
(``r0 ↑ r``, ``c ↓ 0``) has coefficient ``1/(2Φ⁻¹((1+r)/2)²)``; inverting the
Taylor series of Φ gives ``Φ⁻¹((1+r)/2) = r√(π/2) + κr³ + O(r⁵)`` with
``κ = (π/12)√(π/2)``, and hence (13).

Run: ``python derivations/small_error_limits.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS

Phi, Phi_inv = FUNCTIONS["Phi"], FUNCTIONS["Phi_inv"]

TITLE = "§5.1: small-error limits of the shifted log-Gaussian mechanism, and (13)"
SOURCE = "Paper §5.1, eq. (13); the upper bound 1/π of (32) (§6.5)."
ESTABLISHES = {
    "sigma_over_r": "§5.1: σ ~ r√(π/2)/(1+c) as r ↓ 0 with r0/r → 1 (the limit of σ/r)",
    "large_count_coefficient": "§5.1: lim_{r↓0} lim_{n→∞} r²n² v(n) = (1+c)²/π",
    "coefficient_c1": "§5.1: the large-count coefficient is 4/π at c = 1",
    "coefficient_c0": "§5.1: the large-count coefficient tends to 1/π as c ↓ 0",
    "v1_r2_limit": "§5.1: v(1) ~ (1+c)² log²((1+c)/c)/(πr²) (the limit of r² v(1))",
    "diagonal_v1_order": "§5.1: at c = r, v(1) is of order r⁻² log²(1/r) (the limit of r² v(1)/log²(1/r))",
    "sigma_second_regime": "§5.1: σ → Φ⁻¹((1+r)/2) as r0 ↑ r and c ↓ 0",
    "coefficient_second_regime": "§5.1: the leading large-count coefficient tends to 1/(2Φ⁻¹((1+r)/2)²)",
    "phi_inv_linear": "§5.1: Φ⁻¹((1+r)/2) = r√(π/2) + O(r³) (the coefficient of r)",
    "kappa": "§5.1: the coefficient κ of r³ in Φ⁻¹((1+r)/2), (π/12)√(π/2)",
    "eq13": "eq. (13): v(n) ~ 1/(πr²n²), i.e. lim_{r↓0} r²/(2Φ⁻¹((1+r)/2)²) = 1/π",
    "family_coefficient": "eq. (32), upper bound: r0 = r(1−r), c = r gives the coefficient 1/π",
}


def _v_expansion():
    from proofcheck.derivations import v_expansion
    return v_expansion.results()


def derive(d: literate.Derivation) -> None:
    r, c, rho = d.parameters(r="0 < r < 1", c="c > 0", rho="0 < rho < 1")
    sigma_sym = d.variable("sigma", positive=True)
    sigma = d.given("(3)", "σ from (3) with r0 = ρr; the first regime lets ρ → 1 after r ↓ 0.",
                    sigma_sym, Phi_inv(sp.Rational(1, 2) + rho * r / (2 * (1 + c))))
    slope = d.step("§5.1", "SymPy's limit of σ/r as r ↓ 0.", sp.limit(sigma / r, r, 0, "+"),
                   lhs=literate.name("lim σ/r", r"\lim_{r\downarrow 0}\sigma/r"),
                   paper=rho * sp.sqrt(sp.pi / 2) / (1 + c))
    d.step("§5.1", "With r0/r → 1: σ ~ r√(π/2)/(1+c).", slope.subs(rho, 1),
           lhs=literate.name("lim σ/r at ρ = 1", r"\lim_{r\downarrow 0}\sigma/r\,\big|_{\rho=1}"),
           paper=sp.sqrt(sp.pi / 2) / (1 + c), key="sigma_slope", result="sigma_over_r")

    found = _v_expansion()
    leading = d.step("(7)", "The large-count coefficient lim n² v(n), derived in v_expansion.py.",
                     d.adopt(found["limit_n2_v"]),
                     lhs=literate.name("lim n² v(n)", r"\lim_{n\to\infty} n^2 v(n)"),
                     paper=1 / (2 * sigma_sym**2))
    first = d.step("§5.1", "Then r ↓ 0 (SymPy's limit), then ρ → 1.",
                   sp.factor(sp.limit(r**2 * leading.subs(sigma_sym, sigma), r, 0, "+").subs(rho, 1)),
                   lhs=literate.name("lim r² n² v(n)", r"\lim_{r\downarrow 0}\lim_{n\to\infty} r^2 n^2 v(n)"),
                   paper=(1 + c)**2 / sp.pi, key="large_count", result="large_count_coefficient")
    d.step("§5.1", "At c = 1.", first.subs(c, 1), paper=4 / sp.pi, key="c1", result="coefficient_c1")
    d.step("§5.1", "As c ↓ 0.", sp.limit(first, c, 0, "+"), paper=1 / sp.pi, key="c0", result="coefficient_c0")

    boundary = d.adopt(found["v_at_1"])
    v1 = d.step("§5.1", "The boundary cost v(1) of (5), derived in v_expansion.py, times r², as r ↓ 0.",
                sp.limit(r**2 * boundary.subs(sigma_sym, sigma), r, 0, "+").subs(rho, 1),
                lhs=literate.name("lim r² v(1)", r"\lim_{r\downarrow 0} r^2 v(1)"),
                paper=(1 + c)**2 * sp.log((1 + c) / c)**2 / sp.pi, key="v1", result="v1_r2_limit",
                hint=lambda e: sp.simplify(d.split_logarithms(e)))
    d.step("§5.1", "It diverges as c ↓ 0: the first-edge budget is the price of a small shift.",
           sp.limit(v1, c, 0, "+"), paper=sp.oo)

    family = {rho: 1 - r, c: r}
    d.step("§5.1", "The diagonal choice c = r (with r0 = r(1−r)): r² v(1)/log²(1/r) has a finite "
           "positive limit, so v(1) is of order r⁻² log²(1/r).",
           sp.limit(r**2 * boundary.subs(sigma_sym, sigma).subs(family) / sp.log(1 / r)**2, r, 0, "+"),
           paper=1 / sp.pi, result="diagonal_v1_order")

    rho_limit = sigma.subs(rho, 1)
    second = d.step("§5.1", "Second regime: fix r, let r0 ↑ r and c ↓ 0.", sp.limit(rho_limit, c, 0, "+"),
                    lhs=literate.name("lim σ", r"\lim_{c\downarrow 0}\sigma"),
                    paper=Phi_inv((1 + r) / 2), key="sigma_second", result="sigma_second_regime")
    d.step("§5.1", "Its large-count coefficient 1/(2σ²).", leading.subs(sigma_sym, second),
           paper=1 / (2 * Phi_inv((1 + r) / 2)**2), result="coefficient_second_regime")

    b, kappa = sp.Symbol("b"), sp.Symbol("kappa")
    d.step("§5.1", "Φ⁻¹((1+r)/2) is odd in r, so its expansion has odd powers only and the error after "
           "r³ is O(r⁵).  SymPy does not simplify erfinv(−r) + erfinv(r) itself.",
           Phi_inv((1 - r) / 2) + Phi_inv((1 + r) / 2), paper=0)
    d.step("§5.1", "The oddness symbolically: Φ(−x) = 1 − Φ(x), so Φ maps −Φ⁻¹((1+r)/2) to (1−r)/2, "
           "which Φ (strictly increasing) maps Φ⁻¹((1−r)/2) to as well.",
           Phi(-Phi_inv((1 + r) / 2)), lhs=literate.name("Φ(−Φ⁻¹((1+r)/2))", r"\Phi(-\Phi^{-1}((1+r)/2))"),
           paper=(1 - r) / 2)
    trial = b * r + kappa * r**3
    residual = sp.expand(sp.series(Phi(trial) - (1 + r) / 2, r, 0, 5).removeO())
    linear = d.step("§5.1", "Invert the Taylor series of Φ: the r-coefficient of Φ(br + κr³) − (1+r)/2 "
                    "vanishes for one positive b.", [s for s in sp.solve(residual.coeff(r, 1), b) if s.is_positive],
                    lhs=b, paper=[sp.sqrt(sp.pi / 2)], key="linear")
    linear = linear[0]
    d.step("§5.1", "So Φ⁻¹((1+r)/2) = r√(π/2) + O(r³).", linear, lhs=b, paper=sp.sqrt(sp.pi / 2),
           result="phi_inv_linear")
    k = d.step("§5.1", "The r³-coefficient then fixes κ.",
               sp.solve(residual.coeff(r, 3).subs(b, linear), kappa)[0], lhs=kappa,
               paper=sp.pi / 12 * sp.sqrt(sp.pi / 2), key="kappa", result="kappa")
    d.step("§5.1, second route", "SymPy's own series of Φ⁻¹((1+r)/2) = √2 erfinv(r) has the same "
           "coefficients.", [sp.series(Phi_inv((1 + r) / 2), r, 0, 5).removeO().coeff(r, j) for j in (1, 2, 3, 4)],
           paper=[linear, 0, k, 0])

    d.step("(13)", "Hence the second-regime coefficient, times r², tends to 1/π: v(n) ~ 1/(πr²n²).",
           sp.limit(r**2 / (2 * Phi_inv((1 + r) / 2)**2), r, 0, "+"),
           lhs=literate.name("lim r²/(2Φ⁻¹((1+r)/2)²)", r"\lim_{r\downarrow 0}\frac{r^2}{2\,\Phi^{-1}((1+r)/2)^2}"),
           paper=1 / sp.pi, key="eq13", result="eq13")
    d.step("(32)", "The admissible family r0 = r(1−r), c = r reaches the same coefficient.",
           sp.limit(r**2 * leading.subs(sigma_sym, sigma.subs(family)), r, 0, "+"),
           lhs=literate.name("lim r² n² v_r(n)", r"\lim_{r\downarrow 0}\lim_{n\to\infty} r^2 n^2 v_r(n)"),
           paper=1 / sp.pi, key="family", result="family_coefficient")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
