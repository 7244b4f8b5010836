"""The kinds of claim, each a checker written once for any paper.

A kind declares the fields a claim of that kind needs, which of them hold
what the paper asserts (those are what negative controls perturb), and how to
check the claim from definitions.  Which kinds exist is listed in
``proofcheck/kinds.py`` and in each pack's ``paper.toml`` (see ``core/model/registry.py``).
"""
from __future__ import annotations

import sympy as sp

from ..model.claims import Claim
from ..model.errors import ProofcheckError
from ..model.expressions import not_a_number
from ..model.verdict import Settings, Verdict
from .mutants import each_expression_mutant


class Kind:
    name: str = ""
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    expression_fields: tuple[str, ...] = ()
    asserted_fields: tuple[str, ...] = ()
    computational: bool = True
    description: str = ""
    #: Claims whose checks fill the same caches (the certified integrals of one law, say) name
    #: a common group: pytest-xdist then runs them, and the tests that name it, in one process.
    shares_work: str | None = None
    #: The package of the derivation scripts a claim may name (``derivation = "NAME"``),
    #: handed in by the registry that made this kind (``core/model/registry.py``).
    scripts: str | None = None
    #: A kind whose own check is the comparison with its script (``derived``) is not
    #: corroborated by that script a second time.
    checks_its_script: bool = False

    def prepare(self, claim: Claim) -> None:
        """Parse and validate the kind's fields; raise ProofcheckError if malformed."""
        for name in self.expression_fields:
            if name in claim.raw:
                claim.parsed[name] = claim.parse(claim.raw[name])
                if not isinstance(claim.parsed[name], sp.Expr):
                    # "(1, 2)" or "1 < 2" is no value: "(1, 2) = (1, 2)" passed as an identity.
                    raise ProofcheckError(f"'{name}' must be a number or an expression, not "
                                          f"{not_a_number(claim.parsed[name])}")

    def check(self, claim: Claim, settings: Settings) -> Verdict:  # pragma: no cover
        raise NotImplementedError

    def mutants(self, claim: Claim, settings: Settings):
        """Perturbed claims that the checker must reject (see mutants.py)."""
        return each_expression_mutant(claim, self.asserted_fields, settings)
