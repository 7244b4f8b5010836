"""The kinds of claim, each a checker written once for any paper.

A kind declares the fields a claim of that kind needs, which of them hold
what the paper asserts (those are what negative controls perturb), and how to
check the claim from definitions.  ``KINDS`` is the registry; other layers
(the DP mathematics, a paper pack) may register kinds of their own with
``register``.
"""
from __future__ import annotations

from ..claims import Claim
from ..verdict import Settings, Verdict

KINDS: dict[str, "Kind"] = {}


class Kind:
    name: str = ""
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    expression_fields: tuple[str, ...] = ()
    asserted_fields: tuple[str, ...] = ()
    computational: bool = True
    description: str = ""

    def prepare(self, claim: Claim) -> None:
        """Parse and validate the kind's fields; raise ProofcheckError if malformed."""
        for name in self.expression_fields:
            if name in claim.raw:
                claim.parsed[name] = claim.parse(claim.raw[name])

    def check(self, claim: Claim, settings: Settings) -> Verdict:  # pragma: no cover
        raise NotImplementedError

    def mutants(self, claim: Claim, settings: Settings):
        """Perturbed claims that the checker must reject (see mutants.py)."""
        from ..mutants import expression_mutants
        return expression_mutants(claim, self.asserted_fields, settings)


def register(kind: Kind) -> Kind:
    KINDS[kind.name] = kind
    return kind


def _load_builtin():
    from . import decimal, derived, equality, inequality, logical, optimum  # noqa: F401


_load_builtin()
