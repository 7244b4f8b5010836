"""Kind ``logical``: a step with no computation, listed so the map is complete.

Its verdict is ``logical``: nothing was computed, and it is never counted as
computational evidence.  The ``reason`` says why there is nothing to compute,
and ``basis`` names which kind of step it is (``BASES``): a definition or
hypothesis, a cited standard theorem (the reason names its source), a step of
proof structure that combines results checked elsewhere, or a statement of
scope that asserts nothing computable.
"""
from __future__ import annotations

from ..model.errors import ProofcheckError
from ..model.verdict import passed
from . import Kind

BASES = {
    "definition": "a definition or a hypothesis",
    "cited": "a cited standard theorem",
    "structure": "a step of proof structure",
    "scope": "a statement of scope or of what is not claimed",
}


class Logical(Kind):
    name = "logical"
    required = ("reason",)
    optional = ("basis",)
    computational = False
    description = "a step with no computation (the reason is given)"

    def prepare(self, claim):
        if not isinstance(claim.raw["reason"], str) or not claim.raw["reason"].strip():
            raise ProofcheckError("'reason' must say in one line why nothing is computed")
        basis = claim.raw.get("basis")
        if basis is not None and basis not in BASES:
            raise ProofcheckError(f"'basis' must be one of {', '.join(sorted(BASES))} (got {basis!r})")

    def check(self, claim, settings):
        basis = claim.raw.get("basis")
        prefix = f"{BASES[basis]}: " if basis else ""
        return passed("logical", prefix + claim.raw["reason"])

    def mutants(self, claim, settings):
        return []
