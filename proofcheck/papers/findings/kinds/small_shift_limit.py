"""Kind ``small-shift-limit``: KL(delta)/delta^2 tends to the asserted value and the
score's cumulant generating function stays below the Gaussian one, so that
sup_alpha D_alpha/alpha ~ I delta^2/2 as delta -> 0 (``numeric``).
"""
from __future__ import annotations

from functools import lru_cache

import mpmath

from ....core.kinds.mutants import each_expression_mutant
from ....core.model.verdict import failed, passed
from ....core.numbers.precision import agree, required_digits, short
from ....dp.mechanisms import log_location
from ....dp.noise import laws as noise_laws
from ....dp.noise.score_cgf_quadrature import score_log_mgf
from .common import AiryAware, named_law, nudged, numeric_value, string_list


@lru_cache(maxsize=64)
def _curvature(law_name, dps):
    """KL(delta)/delta^2 at delta = 10^-k, k chosen so that the O(delta^2) remainder is below the digits."""
    k = required_digits(dps) // 2 + 3
    with mpmath.workdps(dps + 2 * k + 20):
        delta = mpmath.mpf(10) ** (-k)
        return log_location.kl_divergence(law_name, delta, dps) / delta**2, k


class SmallShiftLimit(AiryAware):
    name = "small-shift-limit"
    required = ("law", "curvature", "cgf_points")
    expression_fields = ("curvature",)
    asserted_fields = ("curvature",)
    description = ("KL(delta)/delta^2 tends to the asserted value, and the score's CGF stays below "
                   "I t^2/2, so sup_alpha D_alpha/alpha ~ I delta^2/2 as delta -> 0")

    def prepare(self, claim):
        super().prepare(claim)
        named_law(claim)
        string_list(claim, "cgf_points")

    def check(self, claim, settings):
        law = named_law(claim)
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            value, k = _curvature(law.name, dps)
            expected = numeric_value(claim.expr("curvature"), dps)
            if not agree(value, expected, dps):
                return failed(f"KL(delta)/delta^2 at delta = 1e-{k} differs from the assertion at {dps} digits",
                              {"KL/delta^2": short(value, 25), "asserted": short(expected, 25)})
        if settings.mutant_mode:
            return passed("numeric", "curvature agrees")
        dps = settings.dps // 2
        information = noise_laws.fisher_information(law, dps)
        worst = None
        for t in claim.raw["cgf_points"]:
            cgf = score_log_mgf(law.name, t, dps)
            gaussian = information * mpmath.mpf(t) ** 2 / 2
            margin = (gaussian - cgf) / gaussian
            if not margin > mpmath.mpf(10) ** (-(dps - 8)):
                return failed("the score's cumulant generating function reaches I t^2/2",
                              {"t": t, "K(t)": short(cgf, 20), "I t^2/2": short(gaussian, 20)})
            worst = margin if worst is None else min(worst, margin)
        return passed("numeric", f"KL(delta)/delta^2 at delta = 1e-{k} agrees with the assertion to "
                      f"{required_digits(settings.dps)} digits (re-checked at {2 * settings.dps}); "
                      f"K(t) < I t^2/2 at t in {{{', '.join(claim.raw['cgf_points'])}}} "
                      f"(smallest relative margin {short(worst, 3)}, quadrature at {dps} digits)")

    def mutants(self, claim, settings):
        yield from each_expression_mutant(claim, self.asserted_fields, settings)
        yield nudged(claim, "curvature", settings, required_digits(settings.dps) - 5)
