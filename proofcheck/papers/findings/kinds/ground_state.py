"""Kind ``ground-state``: the lowest eigenvalue of -u'' + |x| u on the line equals
the asserted value.

Taylor-series shooting without Airy functions
(``proofcheck.dp.airy.linear_potential``), at dps and 2 dps and stable in the
truncation length (``numeric``).
"""
from __future__ import annotations

from functools import lru_cache

from ....core.kinds.mutants import each_expression_mutant
from ....core.model.errors import ProofcheckError
from ....core.model.verdict import Verdict, failed, passed
from ....core.numbers.precision import agree, required_digits, short
from ....dp.airy import linear_potential
from .common import AiryAware, nudged, numeric_value


@lru_cache(maxsize=16)
def _ground_state(dps):
    return linear_potential.linear_potential_ground_state(dps)


class GroundState(AiryAware):
    name = "ground-state"
    required = ("potential", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "the lowest eigenvalue of -u'' + |x| u on the line equals the asserted value"

    def prepare(self, claim):
        super().prepare(claim)
        if claim.raw["potential"] != "abs(x)":
            raise ProofcheckError("'potential' must be \"abs(x)\" (the only potential implemented)")

    def check(self, claim, settings):
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            energy, longer = _ground_state(dps)
            if not agree(energy, longer, dps):
                return Verdict("error", None, f"shooting has not converged in the truncation length at {dps} digits")
            expected = numeric_value(claim.expr("asserts"), dps)
            if not agree(energy, expected, dps):
                return failed(f"ground-state energy and assertion differ at {dps} digits",
                              {"energy": short(energy, 25), "asserted": short(expected, 25)})
        return passed("numeric", f"Taylor-series shooting (no Airy functions) gives the first sign change "
                      f"at {short(energy, 20)}..., stable in the truncation length; agrees to "
                      f"{required_digits(settings.dps)} digits (re-checked at {2 * settings.dps})")

    def mutants(self, claim, settings):
        yield from each_expression_mutant(claim, self.asserted_fields, settings)
        yield nudged(claim, "asserts", settings, required_digits(settings.dps) - 5)
