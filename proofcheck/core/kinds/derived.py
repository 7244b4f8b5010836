"""Kind ``derived``: a result computed by a literate derivation script.

The script (``derivations/NAME.py``, installed as ``proofcheck.derivations``)
computes each step from the previous one with SymPy and exposes the named
results through ``results()``.  The claim holds what the paper asserts; the
checker compares the two.  So the algebra is written once, in the script, and
the paper's statement once, in the data.
"""
from __future__ import annotations

import importlib
import re
from functools import lru_cache

import sympy as sp

from ..errors import ProofcheckError
from ..verdict import Verdict
from . import Kind, register
from .equality import equality_check

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@lru_cache(maxsize=None)
def derivation_results(name: str) -> dict:
    """Run derivation ``name`` once per process and return its named results."""
    if not _NAME.match(name):
        raise ProofcheckError(f"malformed derivation name {name!r}")
    try:
        module = importlib.import_module(f"proofcheck.derivations.{name}")
    except ModuleNotFoundError:
        raise ProofcheckError(f"no derivation named {name!r}") from None
    return module.results()


def derivation_value(claim):
    """The result a claim names, with the script's symbols matched to the claim's by name."""
    results = derivation_results(claim.raw["derivation"])
    key = claim.raw["result"]
    if key not in results:
        raise ProofcheckError(f"derivation {claim.raw['derivation']} has no result {key!r}")
    value = sp.sympify(results[key])
    by_name = {s.name: s for s in claim.symbols.values()}
    return value.xreplace({s: by_name[s.name] for s in value.free_symbols if s.name in by_name})


def corroborate(claim, verdict, settings):
    """Compare a claim's assertion with the result of the derivation it names.

    A claim checked by its own kind may also name a literate derivation
    (``derivation`` and ``result``): a second, independent route.  If the
    derivation's result equals what the paper asserts, the claim counts as
    symbolically derived; if not, the claim fails.
    """
    field = "asserts" if "asserts" in claim.parsed else "value" if "value" in claim.parsed else None
    if field is None or not verdict.passed:
        return verdict
    try:
        value = derivation_value(claim)
        second = equality_check(claim, value, claim.parsed[field], settings, derive_fn=lambda e: e)
    except ProofcheckError as error:
        return Verdict("error", None, str(error))
    except ArithmeticError as error:
        return Verdict("failed", None, f"derivations/{claim.raw['derivation']}.py failed: {error}")
    if not second.passed:
        second.details = f"derivations/{claim.raw['derivation']}.py disagrees: " + second.details
        return second
    if second.evidence == "symbolic":
        if verdict.evidence != "symbolic":
            verdict.details = f"derived by derivations/{claim.raw['derivation']}.py ({claim.raw['result']}); " \
                              f"own check: {verdict.evidence}, {verdict.details}"
        else:
            verdict.details += f"; also derived by derivations/{claim.raw['derivation']}.py"
        verdict.evidence = "symbolic"
    return verdict


class Derived(Kind):
    name = "derived"
    required = ("derivation", "result", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "a result of a derivation script equals the asserted expression"

    def prepare(self, claim):
        super().prepare(claim)
        if not isinstance(claim.raw["derivation"], str) or not _NAME.match(claim.raw["derivation"]):
            raise ProofcheckError("'derivation' must name a script in derivations/")
        if not isinstance(claim.raw["result"], str):
            raise ProofcheckError("'result' must name a result of the derivation")

    def check(self, claim, settings):
        key = claim.raw["result"]
        try:
            value = derivation_value(claim)
        except ArithmeticError as error:
            return Verdict("failed", None, f"derivations/{claim.raw['derivation']}.py failed: {error}")
        verdict = equality_check(claim, value, claim.expr("asserts"), settings,
                                 derive_fn=lambda e: e)
        if verdict.passed and verdict.evidence == "symbolic":
            verdict.details = f"derivations/{claim.raw['derivation']}.py derived {key}"
        return verdict


register(Derived())
