"""Kind ``logical``: a step with no computation, listed so the map is complete.

Its verdict is ``logical``: nothing was computed, and it is never counted as
computational evidence.  The ``reason`` says why there is nothing to compute.
"""
from __future__ import annotations

from ..errors import ProofcheckError
from ..verdict import passed
from . import Kind, register


class Logical(Kind):
    name = "logical"
    required = ("reason",)
    computational = False
    description = "a step with no computation (the reason is given)"

    def prepare(self, claim):
        if not isinstance(claim.raw["reason"], str) or not claim.raw["reason"].strip():
            raise ProofcheckError("'reason' must say in one line why nothing is computed")

    def check(self, claim, settings):
        return passed("logical", claim.raw["reason"])

    def mutants(self, claim, settings):
        return []


register(Logical())
