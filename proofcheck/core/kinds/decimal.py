"""Kind ``decimal``: a decimal the paper prints, audited against the exact value.

The exact value (``value``, a closed form) is enclosed in an Arb ball and the
printed decimal is classified as a correct rounding, a correct truncation, or
wrong.  The closed form itself is derived by the claims that establish it;
this kind audits the printing.
"""
from __future__ import annotations

from ..decimals.audit import audit_decimal
from ..decimals.printed import parse_decimal, shift_last_digit
from ..model.errors import ProofcheckError
from ..model.verdict import failed, passed
from . import Kind


class PrintedDecimal(Kind):
    name = "decimal"
    required = ("value", "printed")
    expression_fields = ("value",)
    asserted_fields = ("printed",)
    description = "a printed decimal is a correct rounding or truncation of the exact value"

    def prepare(self, claim):
        super().prepare(claim)
        if claim.domain.parameters:
            raise ProofcheckError("a decimal claim has no free parameters")
        if not isinstance(claim.raw["printed"], str):
            raise ProofcheckError("'printed' must be the decimal as a string, e.g. \"0.1062921\"")
        parse_decimal(claim.raw["printed"])

    def check(self, claim, settings):
        audit = audit_decimal(claim.expr("value"), claim.raw["printed"])
        if audit.ok:
            # "rounded and truncated" reads "a correct rounding and truncation of ...".
            reading = {"rounded": "rounding", "truncated": "truncation"}
            kinds = " and ".join(reading.get(word, word) for word in audit.verdict.split(" and "))
            return passed("certified", f"{audit.printed} is a correct {kinds} of {audit.true_value}...")
        return failed(f"{audit.printed} is wrong: the value is {audit.true_value}..., off by "
                      f"{audit.error_in_last_place} units in the last printed place",
                      {"printed": audit.printed, "true": audit.true_value})

    def mutants(self, claim, settings):
        printed = claim.raw["printed"].strip()
        parse_decimal(printed)
        out = []
        for step in (1, -1, 2, -2):
            text = shift_last_digit(printed, step)
            if text is None:
                continue
            # A shifted decimal that is still a valid rendering (rounding vs truncation) is not wrong.
            if audit_decimal(claim.expr("value"), text).ok:
                continue
            out.append((f"printed {printed} -> {text}", claim.with_fields(printed=text)))
        return out


