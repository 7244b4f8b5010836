"""Kind ``noise-law-quantity``: E|X|, I, I (E|X|)^2 or the normaliser of a noise
law equals the asserted closed form.

Derived by SymPy from the density where it can (``symbolic``; for the Airy
law from antiderivatives of Ai^2, y Ai^2 and Ai'^2,
``proofcheck.dp.noise.symbolic_moments``), and always computed by quadrature of the
density at dps and 2 dps (``numeric``; ``proofcheck.dp.noise.laws``).
"""
from __future__ import annotations

from functools import lru_cache

import sympy as sp

from ....core.kinds.mutants import each_expression_mutant
from ....core.model.errors import ProofcheckError
from ....core.model.verdict import failed, passed
from ....core.numbers.precision import agree, required_digits, short
from ....core.symbolic.operators import is_zero
from ....dp.noise import laws as noise_laws
from ....dp.noise import symbolic_moments
from .common import AiryAware, named_law, nudged, numeric_value


@lru_cache(maxsize=256)
def _law_quantity(law_name, quantity, dps):
    return noise_laws.quantity(law_name, quantity, dps)


class NoiseLawQuantity(AiryAware):
    name = "noise-law-quantity"
    required = ("law", "quantity", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "a quantity of a noise law (E|X|, I, I E|X|^2, normaliser) equals the asserted closed form"

    def prepare(self, claim):
        super().prepare(claim)
        named_law(claim)
        if claim.raw["quantity"] not in noise_laws.QUANTITIES:
            raise ProofcheckError(f"'quantity' must be one of {', '.join(noise_laws.QUANTITIES)}")
        if claim.domain.parameters:
            raise ProofcheckError("a noise-law quantity has no free parameters")

    def check(self, claim, settings):
        law, quantity = named_law(claim), claim.raw["quantity"]
        asserted = claim.expr("asserts")
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            computed = _law_quantity(law.name, quantity, dps)
            expected = numeric_value(asserted, dps)
            if not agree(computed, expected, dps):
                return failed(f"quadrature and assertion differ at {dps} digits",
                              {"quadrature": short(computed, 25), "asserted": short(expected, 25)})
        numeric_note = (f"quadrature of the density agrees to {required_digits(settings.dps)} digits "
                        f"(re-checked at {2 * settings.dps})")
        if settings.mutant_mode or "symbolic" not in settings.routes:
            return passed("numeric", numeric_note)
        derived = symbolic_moments.symbolic_quantities(law.name).get(quantity)
        if derived is not None and is_zero(sp.sympify(derived) - asserted, budget=settings.symbolic_budget):
            how = ("antiderivatives of Ai^2, y Ai^2, Ai'^2 solved from an ansatz and verified by "
                   "differentiation (Ai'' = y Ai), boundary terms Ai'(a1') = 0 and decay at +oo"
                   if law.name == "airy" else "SymPy integrated the density")
            return passed("symbolic", f"derived {sp.sstr(derived)}: {how}; {numeric_note}")
        return passed("numeric", numeric_note + "; no symbolic derivation for this law")

    def mutants(self, claim, settings):
        yield from each_expression_mutant(claim, self.asserted_fields, settings)
        yield nudged(claim, "asserts", settings, required_digits(settings.dps) - 5)
