"""Kind ``sub-gaussian-score``: K(t) <= c t^2 for every real t, K the score's
cumulant generating function.

Arb-certified integrals on a covering of [0, T], the Taylor form near 0 and an
analytic tail (``certified``; ``proofcheck.dp.scores.sub_gaussian_score``).  With
``exceeds_at``, the opposite: K(t*) > I t*^2/2 at that point (``certified``).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy as sp

from ....core.model.errors import ProofcheckError
from ....core.model.verdict import Verdict, failed, passed
from ....core.symbolic.operators import is_zero
from ....dp.numerics.airy_functions import A1P
from ....dp.scores import score_laws, sub_gaussian_score
from .common import AiryAware, certified_ball


def _score_law(claim):
    return score_laws.score_law(claim.raw.get("law"))


@lru_cache(maxsize=32)
def _fisher_matches(law_name, curvature, budget):
    """c = I/2 exactly, I derived by SymPy from the density (balls alone never show an equality)."""
    fisher = score_laws.SCORE_LAWS[law_name].fisher_symbolic()
    return fisher is not None and bool(is_zero(2 * curvature - sp.sympify(fisher), budget=budget))


def _exact_text(claim, name):
    text = claim.raw[name]
    if not isinstance(text, str):
        raise ProofcheckError(f"'{name}' must be an exact number written as a string, e.g. \"1/2\"")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ProofcheckError(f"'{name}': malformed number {text!r}") from None
    if value <= 0:
        raise ProofcheckError(f"'{name}' must be positive")
    return value


@lru_cache(maxsize=32)
def _sub_gaussian_certificate(law_name, curvature, matches_fisher, t0, tail_from, first_step):
    return sub_gaussian_score.certify(score_laws.SCORE_LAWS[law_name], score_laws.curvature_ball(curvature),
                                      matches_fisher, t0=t0, T=tail_from, first_step=first_step)


def _arb_text(ball, digits=8):
    return ball.str(digits, radius=False) if hasattr(ball, "str") else str(ball)


class SubGaussianScore(AiryAware):
    name = "sub-gaussian-score"
    required = ("law", "curvature", "taylor_radius", "tail_from")
    optional = ("first_step", "exceeds_at")
    expression_fields = ("curvature",)
    asserted_fields = ("curvature",)
    description = ("the score's cumulant generating function K(t) = log E exp(t psi(X)) satisfies "
                   "K(t) <= c t^2 for every real t (c the asserted curvature), certified by Arb")

    def prepare(self, claim):
        super().prepare(claim)
        _score_law(claim)
        t0, tail_from = _exact_text(claim, "taylor_radius"), _exact_text(claim, "tail_from")
        if "first_step" in claim.raw:
            _exact_text(claim, "first_step")
        if "exceeds_at" in claim.raw:
            _exact_text(claim, "exceeds_at")
        if not (t0 < tail_from and tail_from >= 1):
            raise ProofcheckError("need 0 < taylor_radius < tail_from and tail_from >= 1")

    def check(self, claim, settings):
        law = _score_law(claim)
        curvature = claim.expr("curvature")
        matches = _fisher_matches(law.name, curvature, settings.symbolic_budget)
        if "exceeds_at" in claim.raw:
            if not matches:
                return failed("a counterexample to strict sub-Gaussianity must use c = I/2 exactly",
                              {"curvature": sp.sstr(curvature)})
            return self._check_counterexample(claim, law, curvature)
        certificate = _sub_gaussian_certificate(law.name, curvature, matches,
                                                claim.raw["taylor_radius"], claim.raw["tail_from"],
                                                claim.raw.get("first_step", "1/16"))
        taylor, covering, tail = certificate.taylor, certificate.covering, certificate.tail
        if certificate.status == "refuted":
            return failed(f"K(t) > c t^2 somewhere ({certificate.route})", certificate.counterexample)
        if certificate.status != "certified":
            stage = tail or covering or taylor
            return Verdict("error", None, f"undecided by Arb: {stage.get('reason', 'a comparison did not separate')}"
                           " (refine the covering or raise the precision)")
        details = (f"K(t) <= c t^2 for all real t (K even); c = {_arb_text(tail['c'])}; "
                   f"c = I/2 exactly: {'yes (symbolic I)' if matches else 'no (c > I/2 certified)'}; "
                   f"(0, {claim.raw['taylor_radius']}]: fourth cumulant of psi "
                   f"{_arb_text(taylor['kappa4'])} < 0, quartic margin q - r t0^2 = "
                   f"{_arb_text(taylor['quartic margin q - r t0^2'])}; "
                   f"[{claim.raw['taylor_radius']}, {claim.raw['tail_from']}]: {covering['cells']} cells, "
                   f"smallest margin c t^2 - K(t) >= {_arb_text(covering['smallest margin'])}; "
                   f"t >= {claim.raw['tail_from']}: log M(t)/t^2 <= {_arb_text(tail['bound'])} < c (analytic); "
                   f"{certificate.seconds:.1f} s")
        return passed("certified", details, route=certificate.route)

    def _check_counterexample(self, claim, law, curvature):
        """The claim that the score is *not* sub-Gaussian with proxy 2c: K(t*) > c t*^2 at the given t*."""
        at = claim.raw["exceeds_at"]
        for bits in (sub_gaussian_score.PREC, 4 * sub_gaussian_score.PREC):
            value, bound = law.log_mgf(at, bits), certified_ball(curvature, bits) * sub_gaussian_score.exact(at) ** 2
            if value > bound:
                m2, m4 = law.moment("0", 2, False, bits), law.moment("0", 4, False, bits)
                kappa4 = m4 - 3 * m2 * m2
                if not kappa4 > 0:
                    return failed("the fourth cumulant of the score is not certified positive",
                                  {"kappa4": _arb_text(kappa4, 10)})
                return passed("certified", f"K({at}) = {_arb_text(value, 10)} > c t^2 = {_arb_text(bound, 10)}; "
                              f"fourth cumulant of psi {_arb_text(kappa4, 8)} > 0 (Arb: certified integrals of "
                              f"the density; c = I/2 with I from SymPy); so sup_t K(t)/t^2 > I/2",
                              route="Arb enclosures of K at one point and of the score's moments")
            if value < bound:
                return failed(f"K({at}) < c t^2 at the asserted point",
                              {"K": _arb_text(value, 10), "c t^2": _arb_text(bound, 10)})
        return Verdict("error", None, f"undecided by Arb at t = {at}")

    def mutants(self, claim, settings):
        if "exceeds_at" in claim.raw:
            # The same assertion about the Airy score, which is sub-Gaussian: must fail.
            mutant = claim.with_fields(law="airy", curvature="2*abs(a1p)/3")
            mutant.parsed["curvature"] = sp.sympify("2*abs(a1p)/3", locals={"a1p": A1P})
            return [("law -> airy with c = I/2", mutant)]
        # Only a smaller curvature asserts more: a larger one is implied by the claim.
        out = []
        for factor, label in ((sp.Rational(99, 100), "0.99"), (1 - sp.Rational(1, 10**6), "1 - 1e-6")):
            scaled = claim.with_parsed("curvature", claim.expr("curvature") * factor)
            out.append((f"curvature: scaled by {label}", scaled))
        return out
