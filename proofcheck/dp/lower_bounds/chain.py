"""The information chain of Theorem 6.4, (17)–(22), evaluated at a concrete instance.

Lemma 6.3 and Theorem 6.4 bound the budget v(n) of any mechanism through the
mutual information between a hidden offset J and the release Y at count n + J:

    H(J) − log(2e(D + 1/4))  ≤  I(J; Y)  ≤  v(n) E(J − j*)²          (17), (21)

with D = E|J − (Y − n)| ≤ r(n + E J), which gives (22) and then (19).  At a
concrete prior J, the paper's own mechanism (3)–(4) at (r, r0, c) and a base
count n (``many_count_instance``), every quantity of that chain is computed
from its definition, by summation and quadrature (``many_count_quantities``,
``many_count_noise_integrals``, ``many_count_released_laws``; E J and E(J − j*)²
by summation over the support, here).

The steps of the chain are then comparisons of two computed sides.  They are
instances of a proved chain: they can refute a wrong constant in a step
(E|U| = 1/2, a Laplace entropy log(e d)), and they exercise the proof end to end,
but they do not prove Theorem 6.4.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import mpmath

from ...core.numbers.precision import comparison_scale, required_digits
from .dithered_conditional import dithered_conditional_entropy
from .instance import Instance, mpf_of, weights_at
from .noise_integrals import noise_expectations
from .quantities import dither_mean_absolute, dithered_entropy, entropy, laplace_entropy
from .released_laws import released_law_quantities
from .rounded_laws import rounded_law_quantities


@dataclass
class Step:
    """One comparison of the chain: ``left rel right``, both sides computed."""

    name: str
    where: str
    left: object
    rel: str
    right: object
    holds: bool | None = None


@lru_cache(maxsize=32)
def _quantities(prior, mechanism, n: int, prec: int) -> dict:
    """The chain's quantities that no constant of the proof enters, at working precision ``prec``.

    They take the quadrature; a negative control changes only a constant of the
    proof (E|U|, the Laplace factor, the privacy factor), so it reuses them.
    """
    with mpmath.workprec(prec):
        # Index i of the prior is J = shift + i, released at count n + shift + i.
        base = n + prior.shift
        instance = Instance(prior, mechanism, base)
        ps = weights_at(prior)
        if mechanism.rounded:
            return _rounded_quantities(instance, ps)
        errors, dithered = noise_expectations(mechanism, tuple(base + j for j in prior.support), prec)
        laws = released_law_quantities(instance, ps)
        out = {
            "ps": ps, "errors": errors, "H": entropy(ps),
            "mean_J": prior.shift + mpmath.fsum(p * j for j, p in enumerate(ps)),
            "spread": mpmath.fsum(p * (j - prior.j_star) ** 2 for j, p in enumerate(ps)),
            "D": mpmath.fsum(p * e for p, e in zip(ps, errors)),
            "dithered": mpmath.fsum(p * e for p, e in zip(ps, dithered)),
            "information": laws.information, "divergences": laws.divergences,
            "mixture_to_star": laws.mixture_to_star,
            # h(X | Y) = H(J | Y) (Lemma 6.3, the dither carries no entropy on unit cells).
            "conditional": laws.conditional,
            "h_X": dithered_entropy(ps), "E|U|": dither_mean_absolute(),
        }
        out["h_Laplace"] = laplace_entropy(out["dithered"])
        return out


def _rounded_quantities(instance: Instance, ps) -> dict:
    """The same quantities for the rounded release, by summation over its integer values."""
    laws = rounded_law_quantities(instance, ps)
    out = _prior_quantities(instance.prior, ps)
    out.update(errors=laws["errors"], information=laws["information"], divergences=laws["divergences"],
               mixture_to_star=laws["mixture_to_star"], conditional=laws["conditional"],
               D=mpmath.fsum(p * e for p, e in zip(ps, laws["errors"])),
               dithered=mpmath.fsum(p * e for p, e in zip(ps, laws["dithered_each"])))
    out["h_Laplace"] = laplace_entropy(out["dithered"])
    return out


def _prior_quantities(prior, ps) -> dict:
    return {"ps": ps, "H": entropy(ps), "mean_J": prior.shift + mpmath.fsum(p * j for j, p in enumerate(ps)),
            "spread": mpmath.fsum(p * (j - prior.j_star) ** 2 for j, p in enumerate(ps)),
            "h_X": dithered_entropy(ps), "E|U|": dither_mean_absolute()}


@lru_cache(maxsize=64)
def _dithered_conditional(prior, mechanism, n: int, width, prec: int):
    """h(X | Y) by quadrature of the density of X = J + U given Y (``dithered_conditional``)."""
    with mpmath.workprec(prec):
        instance, ps = Instance(prior, mechanism, n + prior.shift), weights_at(prior)
        if mechanism.rounded:
            return rounded_law_quantities(instance, ps, width)["dithered_conditional"]
        return dithered_conditional_entropy(instance, ps, width)


def chain_steps(instance: Instance):
    """Every step of (17)–(22) at ``instance``, both sides computed at the current precision."""
    k = instance.constants
    mech, n, prior = instance.mechanism, instance.n, instance.prior
    q = _quantities(prior, mech, n, mpmath.mp.prec)
    ps, errors, H, D = q["ps"], q["errors"], q["H"], q["D"]
    mean_J, spread, dithered = q["mean_J"], q["spread"], q["dithered"]
    information, divergences, mixture_to_star = q["information"], q["divergences"], q["mixture_to_star"]
    conditional_J = q["conditional"]
    conditional = _dithered_conditional(prior, mech, n, k.dither_width, mpmath.mp.prec)
    star = prior.j_star
    v = mech.budget(n)
    r = mpf_of(mech.r)
    base = n + prior.shift
    worst_utility = max((e - r * (base + j) for j, e in enumerate(errors)), key=lambda x: x)
    # Every edge on a path from n + J to n + j* has larger endpoint m in (n, n + shift + K);
    # at j = j* both sides of (20) are 0, so the comparisons run over the other points.
    worst_path = max(mech.budget(m) - v for m in range(n + 1, base + len(ps)))
    worst_kl = max(d - k.privacy() * (j - star) ** 2 * v for j, d in enumerate(divergences) if j != star)
    bound_19 = max(H - mpmath.log(k.laplace() * (r * (n + mean_J) + k.dither())), 0) / spread
    return [
        Step("E|U|", "Lemma 6.3: E|U| = 1/4", q["E|U|"], "=", k.dither()),
        Step("h(X) = H(J)", "Lemma 6.3: h(X) = H(J)", q["h_X"], "=", H),
        Step("h(Laplace_d) at d = E|X - J~|", "Lemma 6.3: maximum entropy log(2ed)",
             q["h_Laplace"], "=", mpmath.log(k.laplace() * dithered)),
        Step("(18) at every count of the support", "max_j E|Y - m| - r m <= 0", worst_utility, "<=", 0),
        Step("E|X - J~| <= D + E|U|", "Lemma 6.3: triangle inequality", dithered, "<=", D + k.dither()),
        Step("D <= r(n + E J)", "Theorem 6.4: utility", D, "<=", r * (n + mean_J)),
        # h(X|Y) is the quadrature over x of the density of X given Y, H(J|Y) the posterior
        # surprisal: two computations.  Compared as a sum: where Y reveals J, h(X|Y) is near 0.
        Step("h(X|Y) + I(J;Y) = H(J|Y) + I(J;Y)", "Lemma 6.3: h(X|Y) = H(J|Y)",
             conditional + information, "=", conditional_J + information),
        Step("h(X|Y) + I(J;Y) = H(J)", "Lemma 6.3: I(X;Y) = I(J;Y)",
             conditional + information, "=", H),
        Step("h(X|Y) <= log(2e E|X - J~|)", "Lemma 6.3: maximum entropy and Jensen", conditional, "<=",
             mpmath.log(k.laplace() * dithered)),
        Step("(17)", "I(J;Y) >= H(J) - log(2e(D + 1/4))", information, ">=",
             H - mpmath.log(k.laplace() * (D + k.dither()))),
        Step("(22)", "I(J;Y) >= H(J) - log(2e(r(n + E J) + 1/4))", information, ">=",
             H - mpmath.log(k.laplace() * (r * (n + mean_J) + k.dither()))),
        Step("path budgets", "max over the path of v(m) - v(n) < 0 (v nonincreasing)", worst_path, "<", 0),
        Step("(20)", "max over j != j* of D_KL(P_j||P_j*) - (j - j*)^2 v(n) <= 0", worst_kl, "<=", 0),
        Step("compensation identity", "E_J D_KL(P_J||Q) = I(J;Y) + D_KL(Pbar||Q)",
             mpmath.fsum(p * d for p, d in zip(ps, divergences)), "=", information + mixture_to_star),
        Step("(21)", "I(J;Y) <= v(n) E(J - j*)^2", information, "<=", k.privacy() * v * spread),
        Step("(19)", "v(n) >= [H(J) - log(2e(r(n + E J) + 1/4))]_+ / E(J - j*)^2", v, ">=", bound_19),
    ]


def _decide(step: Step, dps: int) -> bool | None:
    left, right = mpmath.mpf(step.left), mpmath.mpf(step.right)
    # A floor only against an exact 0 (a bound [.]_+ at 0), as in precision.agree.
    scale = comparison_scale(left, right, mpmath.mpf(10) ** (-required_digits(dps)))
    tolerance = mpmath.mpf(10) ** (-required_digits(dps)) * scale
    gap = left - right
    if step.rel == "=":
        return abs(gap) <= tolerance
    if step.rel in ("<=", "<"):
        gap = -gap
    if gap > tolerance:
        return True
    if gap < -tolerance:
        return False
    return None  # within the precision of a tie: undecided, never a pass


def check_instance(instance: Instance, dps: int):
    """The chain at ``dps`` and again at 2*dps; a step holds only if both decide it holds."""
    results = []
    for working in (dps, 2 * dps):
        with mpmath.workdps(working):
            steps = chain_steps(instance)
            for step in steps:
                step.holds = _decide(step, working)
        results.append(steps)
    first, second = results
    for a, b in zip(first, second):
        a.holds = a.holds if a.holds == b.holds else None
    return first
