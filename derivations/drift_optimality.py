"""§4.1: why the drift is σ², not σ²/2.

For a fixed noise level σ the expected absolute multiplicative error
``F(a) = E|e^{σZ−a} − 1|`` is computed in closed form, differentiated, and
its derivative ``e^{σ²/2−a}(2Φ(a/σ − σ) − 1)`` changes sign exactly once, at
``a = σ²``.  The mean-one drift ``a = σ²/2`` minimises a different
objective, and its error ``4Φ(σ/2) − 2`` exceeds the minimum ``2Φ(σ) − 1``
for every σ > 0.

Run: ``python derivations/drift_optimality.py [--markdown]``.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core import literate
from proofcheck.core.model.expressions import FUNCTIONS

phi, Phi = FUNCTIONS["phi"], FUNCTIONS["Phi"]

TITLE = "§4.1: the drift σ² minimises the expected absolute multiplicative error"
SOURCE = "Paper §4.1 (and Lemma 4.1, eq. (8))."
ESTABLISHES = {
    "error_of_drift": "§4.1: F(a) = E|e^{σZ−a} − 1| in closed form",
    "derivative": "§4.1: dF/da = e^{σ²/2−a}(2Φ(a/σ−σ) − 1)",
    "minimiser": "§4.1: a = σ² is the unique minimiser of F",
    "mean_one_drift": "§4.1: a = σ²/2 makes E e^{σZ−a} = 1",
    "minimum_value": "§4.1 with (8): F(σ²) = 2Φ(σ) − 1",
    "value_at_mean_one_drift": "§4.1: F(σ²/2) = 4Φ(σ/2) − 2",
    "excess_of_mean_one_drift": "§4.1: F(σ²/2) − F(σ²) = 4Φ(σ/2) − 2Φ(σ) − 1 > 0",
}

def _ERF(difference):
    """SymPy's integrals mix erf and erfc; in erf alone the difference simplifies."""
    return sp.simplify(difference.rewrite(sp.erf))


def derive(d: literate.Derivation) -> None:
    sigma = d.parameters(sigma="sigma > 0")
    a = d.variable("a")
    z = d.variable("z")
    factor = sp.exp(sigma * z - a)
    threshold = a / sigma

    below = sp.Integral(factor * phi(z), (z, -sp.oo, threshold))
    above = sp.Integral(factor * phi(z), (z, threshold, sp.oo))
    low = d.step("§4.1", "The weighted lower half E[e^{σZ−a} 1{Z ≤ a/σ}] (the factor is below one "
                 "there).", sp.simplify(below.doit()), lhs=below,
                 paper=sp.exp(sigma**2 / 2 - a) * Phi(a / sigma - sigma),
                 hint=_ERF)
    high = d.step("§4.1", "The weighted upper half E[e^{σZ−a} 1{Z > a/σ}].", sp.simplify(above.doit()),
                  lhs=above,
                  paper=sp.exp(sigma**2 / 2 - a) * (1 - Phi(a / sigma - sigma)), hint=_ERF)
    p_low = sp.integrate(phi(z), (z, -sp.oo, threshold))
    F = d.step("§4.1", "Split at the crossing Z = a/σ: F(a) = (P(Z ≤ a/σ) − lower) + (upper − P(Z > a/σ)).",
               sp.simplify(((p_low - low) + (high - (1 - p_low))).rewrite(sp.erf)),
               lhs=literate.name("F(a) = E|e^{σZ−a} − 1|", r"F(a)=\mathbb{E}\left|e^{\sigma Z-a}-1\right|"),
               result="error_of_drift")

    d.cite("§4.1", "Dominated convergence justifies differentiating under the expectation; the "
           "boundary terms vanish because |e^{σz−a} − 1| is zero at the threshold z = a/σ.")
    stated = sp.exp(sigma**2 / 2 - a) * (2 * Phi(a / sigma - sigma) - 1)
    derivative = d.step("§4.1", "Differentiate the closed form of F.", sp.simplify(sp.diff(F, a)),
                        lhs=literate.name("dF/da", r"\frac{dF}{da}"), paper=stated, key="derivative",
                        result="derivative", hint=_ERF)
    d.step("§4.1", "Second route, the paper's: the derivative under the expectation is "
           "E[e^{σZ−a} 1{Z ≤ a/σ}] − E[e^{σZ−a} 1{Z > a/σ}].", low - high, paper=derivative, hint=_ERF)

    u = d.variable("u", positive=True)
    d.holds("§4.1", "For a = σ² − u (u > 0) the derivative is negative.",
            sp.simplify(derivative.subs(a, sigma**2 - u)), "<")
    d.step("§4.1", "At a = σ² it is zero.", derivative.subs(a, sigma**2), paper=0)
    d.holds("§4.1", "For a = σ² + u it is positive.", sp.simplify(derivative.subs(a, sigma**2 + u)), ">")
    critical = d.step("§4.1", "SymPy finds a single critical point.", sp.solve(derivative, a),
                      lhs=literate.name("dF/da = 0 at", r"\frac{dF}{da}=0\ \text{at}"), paper=[sigma**2],
                      key="minimiser")
    d.step("§4.1", "With the signs above, it is the unique minimiser.", critical[0],
           lhs=literate.name("argmin F", r"\arg\min_a F(a)"), paper=sigma**2, result="minimiser")

    mean = sp.Integral(factor * phi(z), (z, -sp.oo, sp.oo))
    mean_value = d.step("§4.1", "By contrast, the mean of the factor.", sp.simplify(mean.doit()), lhs=mean,
                        paper=sp.exp(sigma**2 / 2 - a))
    mean_one_drift = d.step("§4.1", "The mean is one at a single drift.", sp.solve(sp.Eq(mean_value, 1), a),
                            lhs=literate.name("E e^{σZ−a} = 1 at", r"\mathbb{E}\,e^{\sigma Z-a}=1\ \text{at}"),
                            paper=[sigma**2 / 2], key="mean_one")[0]
    d.step("§4.1", "The mean-one drift is σ²/2.", mean_one_drift, lhs=a, paper=sigma**2 / 2,
           result="mean_one_drift")

    best = d.step("(8)", "The minimum value agrees with Lemma 4.1.", sp.simplify(F.subs(a, sigma**2)),
                  lhs=literate.name("F(σ²)", r"F(\sigma^2)"), paper=2 * Phi(sigma) - 1, key="eq8",
                  result="minimum_value", hint=_ERF)
    mean_one = d.step("§4.1", "The error at the mean-one drift.", sp.simplify(F.subs(a, sigma**2 / 2)),
                      lhs=literate.name("F(σ²/2)", r"F(\sigma^2/2)"), paper=4 * Phi(sigma / 2) - 2,
                      key="value_at_half", result="value_at_mean_one_drift", hint=_ERF)
    excess = d.step("§4.1", "The excess of the mean-one drift over the minimum.", mean_one - best,
                    lhs=literate.name("G(σ) = F(σ²/2) − F(σ²)", r"G(\sigma)=F(\sigma^2/2)-F(\sigma^2)"),
                    paper=4 * Phi(sigma / 2) - 2 * Phi(sigma) - 1, result="excess_of_mean_one_drift",
                    hint=_ERF)
    s = d.variable("s", positive=True)
    d.step("§4.1", "G vanishes at σ = 0 (G is continuous there).", sp.limit(excess.subs(sigma, s), s, 0, "+"),
           lhs=literate.name("G(0+)"), paper=0)
    slope = d.step("§4.1", "Its derivative factors through the density: G'(σ) = 2φ(σ/2) − 2φ(σ).",
                   sp.simplify(sp.diff(excess, sigma)), lhs=literate.name("G'(σ)", r"G'(\sigma)"),
                   paper=2 * phi(sigma) * (sp.exp(3 * sigma**2 / 8) - 1), hint=_ERF)
    ratio = d.step("§4.1", "Divided by 2φ(σ) > 0, the derivative is e^{3σ²/8} − 1.",
                   sp.expand(sp.simplify(slope / (2 * phi(sigma)))), paper=sp.exp(3 * sigma**2 / 8) - 1)
    d.holds("§4.1", "The exponent is positive, so e^{3σ²/8} > 1 and G' > 0 on σ > 0; with "
            "G(0) = 0 this gives G(σ) > 0: the mean-one drift has strictly larger error for every σ > 0.",
            d.split_logarithms(sp.log(ratio + 1)), ">")


def results() -> dict:
    return literate.results(derive)


if __name__ == "__main__":
    from proofcheck.core.literate.command_line import standalone
    raise SystemExit(standalone(derive, TITLE, SOURCE))
