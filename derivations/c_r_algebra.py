"""Proposition 6.2: the two-count lower bound (14), its limit (15) and 1/128.

Paper §6.1 (and Theorem 1.1, Table 2).  Markov's inequality bounds the two
error probabilities at the threshold ``t = nq`` between the counts ``n`` and
``m = nq²``; their sum ``r(q+1)/(q−1)`` is at most ``(1+r)/2`` once
``q ≥ (1+3r)/(1−r)``, which is what ``C_r = ((1+3r)/(1−r))²`` buys.  Pinsker's
inequality and the quadratic group privacy of zCDP turn the total-variation
gap ``(1−r)/2`` into (14); a squeeze on ``⌈C_r n⌉`` gives (15), whose
small-r constant is ``1/128``.

Run: ``python derivations/c_r_algebra.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate

TITLE = "Proposition 6.2: the two-count rate bound and the constant 1/128"
SOURCE = "Paper §6.1: Proposition 6.2, eqs. (14), (15), (16); Theorem 1.1; Table 2."
ESTABLISHES = {
    "markov_below": "Prop. 6.2 proof: Markov bound P_n(Y > t) ≤ rn/(t−n) = r/(q−1)",
    "markov_above": "Prop. 6.2 proof: Markov bound P_m(Y ≤ t) ≤ rm/(m−t) = rq/(q−1)",
    "markov_sum": "Prop. 6.2 proof: the two Markov bounds sum to r(q+1)/(q−1)",
    "markov_sum_at_threshold": "Prop. 6.2 proof: the sum is (1+r)/2 at q = (1+3r)/(1−r)",
    "markov_sum_slope": "Prop. 6.2 proof: d/dq r(q+1)/(q−1) = −2r/(q−1)² < 0",
    "sqrt_c_r": "Prop. 6.2: √C_r = (1+3r)/(1−r), so m ≥ C_r n gives q ≥ (1+3r)/(1−r)",
    "tv_lower_bound": "eq. (16): d_TV(P_n, P_m) ≥ (1−r)/2",
    "kl_lower_bound": "Prop. 6.2 proof: Pinsker gives D_KL ≥ (1−r)²/2",
    "eq14": "eq. (14): v(n) ≥ (1−r)²/(2(⌈C_r n⌉ − n)²)",
    "c_r_minus_one": "Prop. 6.2 proof: C_r − 1 = 8r(1+r)/(1−r)²",
    "eq15": "eq. (15) and Theorem 1.1: liminf n² v(n) ≥ (1−r)⁶/(128 r²(1+r)²)",
    "small_r_constant": "Table 2: r² · (15) → 1/128 as r → 0",
    "markov_instance_sum": ("Prop. 6.2 proof, an instance: at r = 1/5, n = 3 and the paper's q, "
                            "P_n(Y > t) + P_m(Y ≤ t) of two laws meeting the utility bound, summed"),
    "pinsker_instance_kl": "Prop. 6.2 proof, an instance: the binary divergence D_KL(1{Y ≤ t}) of those laws, computed",
}


def derive(d: literate.Derivation) -> None:
    r, q, n = d.parameters(r="0 < r < 1", q="q > 1", n="n >= 1")
    m_, t_ = sp.Symbol("m"), sp.Symbol("t")
    m = d.given("Prop. 6.2 proof", "The far count, written through q = √(m/n).", m_, n * q**2)
    t = d.given("Prop. 6.2 proof", "The threshold between them, t = √(mn).", t_, sp.sqrt(m * n))
    d.cite("Prop. 6.2 proof", "Markov's inequality with E_m|Y − m| ≤ rm: P_n(Y > t) ≤ E_n|Y − n|/(t − n) "
           "and P_m(Y ≤ t) ≤ E_m|Y − m|/(m − t).")
    below = d.step("Prop. 6.2 proof", "The bound at count n.", sp.simplify(r * n / (t - n)),
                   lhs=literate.name("rn/(t − n)"), paper=r / (q - 1), result="markov_below")
    above = d.step("Prop. 6.2 proof", "The bound at count m.", sp.simplify(r * m / (m - t)),
                   lhs=literate.name("rm/(m − t)"), paper=r * q / (q - 1), result="markov_above")
    total = d.step("Prop. 6.2 proof", "Since m = nq², the two bounds sum to r(q+1)/(q−1).",
                   sp.factor(below + above), lhs=literate.name("sum of the Markov bounds"),
                   paper=r * (q + 1) / (q - 1), key="markov_sum", result="markov_sum")

    q_r = (1 + 3 * r) / (1 - r)
    d.step("Prop. 6.2 proof", "At q = (1+3r)/(1−r) the sum is (1+r)/2.", sp.factor(total.subs(q, q_r)),
           paper=(1 + r) / 2, key="sum_at_threshold", result="markov_sum_at_threshold")
    slope = d.step("Prop. 6.2 proof", "The sum decreases in q.", sp.factor(sp.diff(total, q)),
                   lhs=literate.name("d/dq sum"), paper=-2 * r / (q - 1)**2, result="markov_sum_slope")
    d.holds("Prop. 6.2 proof", "Its slope is negative for q > 1, so the sum is at most (1+r)/2 for every "
            "q ≥ (1+3r)/(1−r).", slope, "<")
    C_r = d.given("Prop. 6.2", "The constant of the proposition.", sp.Symbol("C_r"),
                  ((1 + 3 * r) / (1 - r))**2, key="C_r")
    d.step("Prop. 6.2 proof", "Since m = ⌈C_r n⌉ ≥ C_r n, q = √(m/n) ≥ √C_r, and √C_r is the threshold.",
           sp.refine(sp.sqrt(C_r), d.facts()), lhs=literate.name("√C_r", r"\sqrt{C_r}"), paper=q_r,
           result="sqrt_c_r")

    tv = d.step("(16)", "For A = {Y ≤ t}: d_TV ≥ P_n(A) − P_m(A) ≥ 1 − (sum of the bounds) ≥ 1 − (1+r)/2.",
                sp.factor(1 - total.subs(q, q_r)),
                lhs=literate.name("d_TV(P_n, P_m) ≥", r"d_{\mathrm{TV}}(P_n,P_m)\ \geq"),
                paper=(1 - r) / 2, key="eq16", result="tv_lower_bound")
    d.cite("Prop. 6.2 proof", "Pinsker's inequality D_KL ≥ 2 d_TV²; Lemma 6.1 (quadratic group privacy "
           "of zCDP) and the KL limit α ↓ 1 give D_KL(P_n ‖ P_m) ≤ (m − n)² v(n).")
    kl = d.step("Prop. 6.2 proof", "Pinsker's lower bound on the divergence.", sp.expand(2 * tv**2),
                lhs=literate.name("D_KL(P_n ‖ P_m) ≥", r"D_{\mathrm{KL}}(P_n\|P_m)\ \geq"),
                paper=(1 - r)**2 / 2, result="kl_lower_bound")
    _markov_and_pinsker_instance(d)
    gap = sp.ceiling(C_r * n) - n
    v_lower = d.step("(14)", "Dividing by (m − n)² with m = ⌈C_r n⌉.", sp.factor(kl) / gap**2,
                     lhs=literate.name("v(n) ≥"), paper=(1 - r)**2 / (2 * (sp.ceiling(C_r * n) - n)**2),
                     key="eq14", result="eq14")

    d.step("Prop. 6.2 proof", "The gap constant.", sp.factor(C_r - 1), lhs=literate.name("C_r − 1", "C_r - 1"),
           paper=8 * r * (1 + r) / (1 - r)**2, key="c_r_minus_one", result="c_r_minus_one")
    d.cite("(15)", "Squeeze: C_r n ≤ ⌈C_r n⌉ < C_r n + 1, so n² v(n) lies between n² times (14) with "
           "⌈C_r n⌉ replaced by C_r n + 1 and by C_r n.")
    lower_end = sp.limit(n**2 * v_lower.subs(sp.ceiling(C_r * n), C_r * n + 1), n, sp.oo)
    upper_end = sp.limit(n**2 * v_lower.subs(sp.ceiling(C_r * n), C_r * n), n, sp.oo)
    d.step("(15)", "Both ends of the squeeze have the same limit.", sp.factor(lower_end - upper_end), paper=0)
    limit = d.step("(15)", "So n² · (14) tends to it, and liminf n² v(n) is at least this; it is "
                   "Theorem 1.1's constant.", sp.factor(lower_end),
                   lhs=literate.name("lim n² (14)", r"\lim_{n\to\infty} n^2\,(14)"),
                   paper=(1 - r)**6 / (128 * r**2 * (1 + r)**2), key="eq15", result="eq15")
    d.holds("Theorem 1.1", "The constant is positive for 0 < r < 1.", limit, ">")
    small = d.step("Table 2", "Its small-error coefficient.", sp.limit(r**2 * limit, r, 0, "+"),
                   lhs=literate.name("lim r² (15)", r"\lim_{r\downarrow 0} r^2\,(15)"),
                   paper=sp.Rational(1, 128), key="small_r", result="small_r_constant")
    d.decimal("Table 2", "The printed decimal.", small, "0.00781", key="small_r_decimal")


def _markov_and_pinsker_instance(d: literate.Derivation) -> None:
    """Markov and Pinsker computed, not cited, at one instance with the paper's q.

    Two laws meet the utility hypothesis with equality: at count n, Y = n + 2(t − n) with
    probability rn/(2(t − n)) and Y = n otherwise; at count m, Y = t with probability
    rm/(m − t) (where Markov is tight) and Y = m otherwise.  Every probability, mean error,
    total variation and divergence below is summed over these finite laws.
    """
    r, n = sp.Rational(1, 5), sp.Integer(3)
    m = sp.ceiling(((1 + 3 * r) / (1 - r))**2 * n)
    q = sp.sqrt(m / n)
    t = n * q
    law_n = {n: 1 - r * n / (2 * (t - n)), n + 2 * (t - n): r * n / (2 * (t - n))}
    law_m = {m: 1 - r * m / (m - t), t: r * m / (m - t)}

    def expect(law, f):
        return sp.nsimplify(sum(p * f(y) for y, p in law.items()))

    d.step("Prop. 6.2, instance", f"At r = 1/5, n = 3: m = ⌈C_r n⌉ = {m}, q = √(m/n), t = nq. The law at n "
           "meets E_n|Y − n| = rn.", sp.simplify(expect(law_n, lambda y: sp.Abs(y - n))), paper=r * n)
    d.step("Prop. 6.2, instance", "The law at m meets E_m|Y − m| = rm.",
           sp.simplify(expect(law_m, lambda y: sp.Abs(y - m))), paper=r * m)
    below = sum(p for y, p in law_n.items() if sp.simplify(y - t) > 0)
    above = sum(p for y, p in law_m.items() if sp.simplify(y - t) <= 0)
    d.holds("Prop. 6.2, instance", "Markov at count n: P_n(Y > t) ≤ E_n|Y − n|/(t − n).",
            below, "<=", r * n / (t - n))
    d.holds("Prop. 6.2, instance", "Markov at count m: P_m(Y ≤ t) ≤ E_m|Y − m|/(m − t).",
            above, "<=", r * m / (m - t))
    total = d.step("Prop. 6.2, instance", "The two probabilities, summed over the laws.", sp.simplify(below + above),
                   lhs=literate.name("P_n(Y > t) + P_m(Y ≤ t)"), result="markov_instance_sum")
    d.holds("Prop. 6.2, instance", "The sum is at most the Markov sum r(q+1)/(q−1) at the paper's q ...",
            total, "<=", r * (q + 1) / (q - 1))
    d.holds("Prop. 6.2, instance", "... which is at most (1+r)/2, since q ≥ (1+3r)/(1−r).",
            r * (q + 1) / (q - 1), "<=", (1 + r) / 2)
    points = set(law_n) | set(law_m)
    tv = sp.Rational(1, 2) * sum(sp.Abs(law_n.get(y, 0) - law_m.get(y, 0)) for y in points)
    p_a, q_a = 1 - below, above
    d.holds("(16), instance", "d_TV(P_n, P_m), summed over the laws, is at least P_n(A) − P_m(A) for A = {Y ≤ t}.",
            tv, ">=", p_a - q_a)
    d.holds("(16), instance", "And P_n(A) − P_m(A) ≥ (1 − r)/2.", p_a - q_a, ">=", (1 - r) / 2)
    kl = d.step("Prop. 6.2, instance", "The divergence of the two-point laws of 1{Y ≤ t}.",
                p_a * sp.log(p_a / q_a) + (1 - p_a) * sp.log((1 - p_a) / (1 - q_a)),
                lhs=literate.name("D_KL(Bern(P_n(A)) ‖ Bern(P_m(A)))"), result="pinsker_instance_kl")
    d.holds("Prop. 6.2, instance", "Pinsker on the two-point laws: D_KL ≥ 2 (P_n(A) − P_m(A))².",
            kl, ">=", 2 * (p_a - q_a)**2)
    d.holds("Prop. 6.2, instance", "And 2 (P_n(A) − P_m(A))² ≥ (1 − r)²/2 at the paper's total variation.",
            2 * (p_a - q_a)**2, ">=", (1 - r)**2 / 2)


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
