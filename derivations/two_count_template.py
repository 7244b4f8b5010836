"""§8: why the two-count proof stops at 1/128.

Paper §8, "Why the two-count proof stops at 1/128".  Put the far count at
``m = n + arn`` and the threshold at ``t = n + θ(m − n)``.  Markov's
inequality bounds the two error probabilities by ``1/(aθ)`` and
``(1 + ar)/(a(1−θ))``; as r ↓ 0 Pinsker's inequality and the quadratic group
privacy of zCDP give ``r²n² v(n) ≥ (2/a²)[1 − 1/(aθ(1−θ))]₊²``.  SymPy
maximises it: θ = 1/2, a = 8, value exactly 1/128.

Run: ``python derivations/two_count_template.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate

TITLE = "§8: the two-count template is maximised at θ = 1/2, a = 8, value 1/128"
SOURCE = "Paper §8 (\"Why the two-count proof stops at 1/128\"), with the argument of Proposition 6.2."
ESTABLISHES = {
    "markov_below": "§8: P_n(Y > t) ≤ rn/(t − n) = 1/(aθ)",
    "markov_above": "§8: P_m(Y ≤ t) ≤ rm/(m − t) = (1 + ar)/(a(1−θ))",
    "template": "§8: r²n² v(n) ≥ (2/a²)[1 − 1/(aθ(1−θ))]_+² in the small-r limit",
    "theta_opt": "§8: the optimal threshold θ = 1/2",
    "a_opt": "§8: the optimal separation a = 8",
    "max_value": "§8: the maximum of the template is exactly 1/128",
}


def derive(d: literate.Derivation) -> None:
    r, n, a, theta = d.parameters(r="0 < r < 1", n="n >= 1", a="a > 0", theta="0 < theta < 1")
    m = d.given("§8", "The far count: m − n = arn.", sp.Symbol("m"), n + a * r * n)
    t = d.given("§8", "The threshold: t = n + θ(m − n).", sp.Symbol("t"), n + theta * (m - n))
    d.cite("§8", "Markov's inequality with E_m|Y − m| ≤ rm, as in Proposition 6.2.")
    below = d.step("§8", "The bound at count n.", sp.simplify(r * n / (t - n)), lhs=literate.name("rn/(t − n)"),
                   paper=1 / (a * theta), result="markov_below")
    above = d.step("§8", "The bound at count m.", sp.factor(sp.simplify(r * m / (m - t))),
                   lhs=literate.name("rm/(m − t)"), paper=(1 + a * r) / (a * (1 - theta)), result="markov_above")
    tv = d.step("§8", "As r ↓ 0, the total-variation gap 1 − (sum of the bounds).",
                sp.factor(sp.limit(1 - below - above, r, 0, "+")),
                lhs=literate.name("d_TV ≥", r"d_{\mathrm{TV}}\ \geq"), paper=1 - 1 / (a * theta * (1 - theta)))
    d.cite("§8", "Pinsker (D_KL ≥ 2 d_TV², when the gap is positive) and Lemma 6.1 with the KL limit "
           "(D_KL ≤ (m − n)² v(n)).")
    template = d.step("§8", "Dividing Pinsker's bound by (m − n)² = a²r²n²: the template for r²n² v(n).",
                      sp.simplify(r**2 * n**2 * 2 * sp.Max(tv, 0)**2 / (m - n)**2),
                      lhs=literate.name("r²n² v(n) ≥"),
                      paper=2 / a**2 * sp.Max(1 - 1 / (a * theta * (1 - theta)), 0)**2,
                      key="template", result="template")

    p = d.variable("p", positive=True)
    d.holds("§8", "The bracket 1 − 1/(ap) increases with p = θ(1−θ).", sp.diff(1 - 1 / (a * p), p), ">")
    theta_star = d.step("§8", "θ(1−θ) has one critical point.", sp.solve(sp.diff(theta * (1 - theta), theta), theta),
                        lhs=literate.name("θ⋆", r"\theta_\star"), paper=[sp.Rational(1, 2)], key="theta")[0]
    d.holds("§8", "It is a maximum of θ(1−θ).", sp.diff(theta * (1 - theta), theta, 2), "<")
    d.step("§8", "The optimal threshold.", theta_star, lhs=literate.name("θ⋆", r"\theta_\star"),
           paper=sp.Rational(1, 2), result="theta_opt")
    u = d.variable("u", positive=True)
    bracket = (1 - 1 / (a * theta * (1 - theta))).subs(theta, theta_star)
    d.holds("§8", "At θ = 1/2 the bracket 1 − 4/a is positive exactly for a > 4 (a = 4 + u).",
            sp.together(bracket.subs(a, 4 + u)), ">")
    # Where the bracket is positive, the positive part is the bracket itself.
    g = sp.factor(template.subs(theta, theta_star).replace(
        lambda e: isinstance(e, sp.Max), lambda e: next(x for x in e.args if x != 0)))
    d.step("§8", "There the template is g(a), without the positive part.", g, lhs=literate.name("g(a)"),
           paper=2 * (a - 4)**2 / a**4)
    critical = d.step("§8", "The critical points of g beyond a = 4, by SymPy.",
                      [s for s in sp.solve(sp.diff(g, a), a) if s > 4], lhs=literate.name("g'(a) = 0 at"),
                      paper=[8], key="a_opt")
    best = critical[0]
    d.holds("§8", "g'' < 0 there, and g → 0 at a = 4 and as a → ∞: the global maximum.",
            sp.diff(g, a, 2).subs(a, best), "<")
    d.step("§8", "g at the ends.", [g.subs(a, 4), sp.limit(g, a, sp.oo)], paper=[0, 0])
    d.step("§8", "The optimal separation.", best, lhs=literate.name("a⋆", r"a_\star"), paper=8, result="a_opt")
    d.step("§8", "The maximum: exactly the constant of Proposition 6.2.", g.subs(a, best),
           lhs=literate.name("g(8)"), paper=sp.Rational(1, 128), key="max_value", result="max_value")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
