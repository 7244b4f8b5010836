"""Kind ``derived``: a result computed by a literate derivation script.

The script (``NAME`` in the package of scripts the kind registry was handed,
``Kind.scripts``: for this project ``derivations/``) computes each step from the previous
one with SymPy and exposes the named
results through ``results()``.  The claim holds what the paper asserts; the
checker compares the two.  So the algebra is written once, in the script, and
the paper's statement once, in the data.
"""
from __future__ import annotations

import importlib
import re
from functools import lru_cache

import sympy as sp

from ..model.errors import ProofcheckError
from ..model.verdict import Verdict
from . import Kind
from .equality import equality_check

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@lru_cache(maxsize=None)
def derivation_results(package: str | None, name: str) -> dict:
    """Run derivation ``name`` of the scripts' ``package`` once per process; its named results."""
    if not _NAME.match(name):
        raise ProofcheckError(f"malformed derivation name {name!r}")
    if package is None:
        raise ProofcheckError(f"no derivation scripts are known here, so none named {name!r}")
    try:
        module = importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError:
        raise ProofcheckError(f"no derivation named {name!r}") from None
    return module.results()


def derivation_value(claim):
    """The result a claim names, with the script's symbols matched to the claim's by name."""
    results = derivation_results(claim.checker.scripts, claim.raw["derivation"])
    key = claim.raw["result"]
    if key not in results:
        raise ProofcheckError(f"derivation {claim.raw['derivation']} has no result {key!r}")
    value = sp.sympify(results[key])
    by_name = {s.name: s for s in claim.symbols.values()}
    return value.xreplace({s: by_name[s.name] for s in value.free_symbols if s.name in by_name})


def corroborate(claim, verdict, settings):
    """Report the derivation a claim names (``derivation`` and ``result``) beside its verdict.

    The link is a second, independent route, but it never lends evidence: the
    claim's status and evidence stay what its own checker reached, and the
    details say "also derived by derivations/X.py".  A derivation whose result
    disagrees with what the paper asserts is a failure of the claim (one of the
    two is wrong), so a link can turn a pass into a failure, never the reverse.
    """
    field = "asserts" if "asserts" in claim.parsed else "value" if "value" in claim.parsed else None
    if field is None or not verdict.passed or "result" not in claim.raw:
        # A derivation named without a result is where to read the argument, not a value to compare.
        return verdict
    script = f"derivations/{claim.raw['derivation']}.py"
    try:
        value = derivation_value(claim)
        second = equality_check(claim, value, claim.parsed[field], settings, closed_form_fn=lambda e: e)
    except ProofcheckError as error:
        return Verdict("error", None, str(error))
    except ArithmeticError as error:
        return Verdict("failed", None, f"{script} failed: {error}")
    if not second.passed:
        second.details = f"{script} disagrees: " + second.details
        return second
    # The data says whether the script is a second route or the same computation run again.
    independent = str(claim.raw.get("derivation_note", "")).startswith("independent")
    how = "an independent route" if independent else "the same computation run again"
    verdict.details += f"; also derived by {script} ({claim.raw['result']}, {second.evidence}; {how})"
    return verdict


class Derived(Kind):
    name = "derived"
    required = ("derivation", "result", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "a result of a derivation script equals the asserted expression"
    checks_its_script = True

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
                                 closed_form_fn=lambda e: e)
        if verdict.passed and verdict.evidence == "symbolic":
            verdict.details = f"derivations/{claim.raw['derivation']}.py derived {key}"
        return verdict
