"""Kind ``ground-state``: the lowest eigenvalue of -u'' + |x| u on the line equals
the asserted value.

Two routes, the first a proof:

* **Airy's equation** (``certified``).  On x > 0 the eigen-equation -u'' + x u = E u is
  Airy's equation in x - E, whose only solution square-integrable at +oo is a multiple of
  Ai(x - E) (Bi grows: NIST DLMF 9.2, 9.7); SymPy checks that Ai(x - E) solves it.  The
  potential is even and the levels of a one-dimensional Schrodinger operator are simple, so
  each eigenfunction is even (u'(0) = 0: Ai'(-E) = 0, E = -a_k') or odd (u(0) = 0:
  Ai(-E) = 0, E = -a_k).  The zeros of Ai and Ai' are negative and decreasing in k (DLMF 9.9),
  so the lowest level is -max(a1, a1'); Arb encloses a1 and a1' and shows a1 < a1' < 0, so it
  is -a1' = |a1'|, and SymPy shows the assertion equal to -a1' exactly.
* **Shooting** (``numeric``): Taylor-series shooting without Airy functions
  (``proofcheck.dp.airy.linear_potential``), at dps and 2 dps and stable in the truncation
  length; the first route's cross-check, and the verdict where the assertion is not -a1'
  in closed form.
"""
from __future__ import annotations

from functools import lru_cache

import sympy as sp
from flint import arb

from ....core.kinds.mutants import each_expression_mutant
from ....core.model.errors import ProofcheckError
from ....core.model.verdict import Verdict, failed, passed
from ....core.numbers.precision import agree, arb_bits, required_digits, short
from ....dp.airy import linear_potential
from ....dp.numerics.airy_functions import A1P
from .common import AiryAware, nudged, numeric_value

BITS = 128


@lru_cache(maxsize=16)
def _ground_state(dps):
    return linear_potential.linear_potential_ground_state(dps)


def _by_airy(asserted) -> str | None:
    """The words of the proof that the lowest level is ``asserted`` (see the module), or None."""
    x, energy = sp.symbols("x E", real=True)
    u = sp.airyai(x - energy)
    if sp.simplify(-sp.diff(u, x, 2) + x * u - energy * u) != 0:
        return None
    with arb_bits(BITS):
        zero, zero_of_derivative = arb.airy_ai_zero(1), arb.airy_ai_zero(1, derivative=1)
        if not (zero < zero_of_derivative < 0):
            return None
    if sp.simplify(asserted + A1P) != 0:
        return None
    return (f"Ai(x - E) solves -u'' + x u = E u (SymPy); the lowest even level is -a1' and the lowest odd "
            f"level -a1, and Arb shows a1 = {zero.str(12)} < a1' = {zero_of_derivative.str(12)} < 0, so the "
            f"ground state is the even one, at -a1' = |a1'|, which the assertion equals (SymPy)")


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
        shooting = (f"Taylor-series shooting (no Airy functions) gives the first sign change at "
                    f"{short(energy, 20)}..., stable in the truncation length; agrees to "
                    f"{required_digits(settings.dps)} digits (re-checked at {2 * settings.dps})")
        proof = _by_airy(claim.expr("asserts"))
        if proof is not None:
            return passed("certified", f"{proof}; {shooting}",
                          route="Airy's equation: lowest level -max(a1, a1'), a1 < a1' < 0 by Arb")
        return passed("numeric", shooting)

    def mutants(self, claim, settings):
        yield from each_expression_mutant(claim, self.asserted_fields, settings)
        yield nudged(claim, "asserts", settings, required_digits(settings.dps) - 5)
