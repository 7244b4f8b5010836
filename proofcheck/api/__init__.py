"""proofcheck from Python: a paper's claims as objects, their verdicts as numbers and formulas.

::

    import proofcheck

    pack = proofcheck.load("larger-groups")       # or a claims file or folder
    verdict = pack["lemma-4.1"].check(dps=100)    # a CheckedVerdict
    verdict.evidence, verdict.route               # ("symbolic", "integrated, simplified to zero")
    result = proofcheck.verify(pack, jobs=2)      # every claim: a VerifyResult
    result.all_passed, result.evidence, result.failures

Counter-example values are ``mpmath.mpf`` at the requested precision, a
derived formula and a claim's expressions are SymPy; in Jupyter a claim, a
verdict and a result display as Markdown with math.
"""
from __future__ import annotations

from .packs import ClaimHandle, Pack, load
from .results import VerifyResult, verify
from .verdicts import CheckedVerdict

__all__ = ["CheckedVerdict", "ClaimHandle", "Pack", "VerifyResult", "load", "verify"]
