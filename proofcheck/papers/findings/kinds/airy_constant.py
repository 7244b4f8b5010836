"""Kind ``airy-constant``: an inequality or a printed decimal about a closed form
in a1', decided by Arb balls (``certified``).

An inequality holds when the balls around its two sides separate, the
precision raised from ``START_BITS`` to ``MAX_BITS``; a printed decimal is
audited by ``proofcheck.core.decimals.audit`` with a1' enclosed by Arb, both its
renderings (rounding, truncation) decided.  Balls that never separate give an
error, never a pass.
"""
from __future__ import annotations

from ....core.decimals.audit import AuditUndecided, audit
from ....core.decimals.printed import parse_decimal, shift_last_digit
from ....core.kinds.mutants import each_expression_mutant
from ....core.model.errors import ProofcheckError
from ....core.model.verdict import Verdict, failed, passed
from ....core.numbers.intervals import NotEnclosable
from .common import AiryAware, certified_ball

START_BITS = 128
MAX_BITS = 1 << 14
_REVERSED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def _enclosure(expr):
    """Working bits -> a certified ball around ``expr``; what Arb cannot enclose is a one-line error."""
    def ball(bits):
        try:
            return certified_ball(expr, bits)
        except (NotEnclosable, ZeroDivisionError, ValueError) as error:
            raise ProofcheckError(f"cannot enclose {expr}: {error}") from None
    return ball


def _decide(relation, difference_expr):
    """True/False when Arb balls decide ``difference rel 0``; None when they never separate."""
    bits = START_BITS
    while bits <= MAX_BITS:
        d = _enclosure(difference_expr)(bits)
        if relation in ("<", "<="):
            if d < 0:
                return True
            if d > 0:
                return False
        else:
            if d > 0:
                return True
            if d < 0:
                return False
        bits *= 2
    return None


def _audit(value_expr, printed):
    """The audit of ``printed`` against a closed form in a1', both renderings decided; None if not."""
    try:
        return audit(_enclosure(value_expr), printed, MAX_BITS, require_decided=True, signed_zero=True)
    except AuditUndecided:
        return None


class AiryConstant(AiryAware):
    name = "airy-constant"
    required = ("value",)
    optional = ("rel", "rhs", "printed", "slack")
    expression_fields = ("value", "rhs")
    asserted_fields = ("rhs", "value")
    description = "an inequality or printed decimal about a closed form in a1', decided by Arb balls"

    def prepare(self, claim):
        super().prepare(claim)
        has_relation = "rel" in claim.raw or "rhs" in claim.raw
        if has_relation == ("printed" in claim.raw):
            raise ProofcheckError("give either 'rel' and 'rhs' (an inequality) or 'printed' (a decimal)")
        if has_relation:
            if claim.raw.get("rel") not in _REVERSED or "rhs" not in claim.raw:
                raise ProofcheckError("an inequality needs 'rel' (one of <, <=, >, >=) and 'rhs'")
            claim.parsed["rel"] = claim.raw["rel"]
            if "slack" in claim.raw and not isinstance(claim.raw["slack"], str):
                raise ProofcheckError("'slack' must say in words why the bound is not tight")
        else:
            if "slack" in claim.raw:
                raise ProofcheckError("'slack' belongs to an inequality, not a printed decimal")
            if not isinstance(claim.raw["printed"], str):
                raise ProofcheckError("'printed' must be the decimal as a string, e.g. \"0.31332\"")
            parse_decimal(claim.raw["printed"])

    def check(self, claim, settings):
        value = claim.expr("value")
        if "printed" in claim.raw:
            result = _audit(value, claim.raw["printed"])
            if result is None:
                return Verdict("error", None, "too close to a rounding boundary to decide")
            if not result.ok:
                return failed(f"{claim.raw['printed']} is not a rounding or truncation of the value",
                              {"value": str(certified_ball(value, 256).str(12, radius=False))})
            kind = result.verdict.replace(" and ", " and a ")
            return passed("certified", f"{claim.raw['printed']} is a correct {kind}"
                          f" of {certified_ball(value, 256).str(15, radius=False)}... (a1' enclosed by Arb)")
        rel = claim.parsed["rel"]
        outcome = _decide(rel, value - claim.expr("rhs"))
        if outcome is None:
            return Verdict("error", None, "Arb balls did not separate the two sides")
        if not outcome:
            return failed(f"{rel} fails", {"value": certified_ball(value, 256).str(15, radius=False),
                                           "rhs": certified_ball(claim.expr("rhs"), 256).str(15, radius=False)})
        return passed("certified", f"decided by Arb balls: {certified_ball(value, 256).str(12, radius=False)}... "
                      f"{rel} {certified_ball(claim.expr('rhs'), 256).str(12, radius=False)}...")

    def mutants(self, claim, settings):
        """Made as they are asked for (a run of the first few controls pays for no more)."""
        if "printed" in claim.raw:
            for step in (1, -1, 2, -2):
                text = shift_last_digit(claim.raw["printed"].strip(), step)
                result = None if text is None else _audit(claim.expr("value"), text)
                if result is None or result.ok:
                    continue
                yield f"printed {claim.raw['printed']} -> {text}", claim.with_fields(printed=text)
            return
        flipped = claim.with_fields(rel=_REVERSED[claim.parsed["rel"]])
        flipped.parsed["rel"] = _REVERSED[claim.parsed["rel"]]
        yield f"relation {claim.parsed['rel']} -> {flipped.parsed['rel']}", flipped
        if "slack" in claim.raw:
            # A bound far from tight (the 'slack' says why): perturbed constants stay true.
            return
        for description, mutant in each_expression_mutant(claim, self.asserted_fields, settings):
            # A perturbation that only widens the margin is implied by the claim: not a wrong claim.
            if _decide(claim.parsed["rel"], mutant.expr("value") - mutant.expr("rhs")) is False or \
                    _only_weakens(claim, mutant) is False:
                yield description, mutant


def _only_weakens(claim, mutant):
    """False when the mutant's margin is smaller than the claim's (so it asserts more)."""
    original = claim.expr("value") - claim.expr("rhs")
    changed = mutant.expr("value") - mutant.expr("rhs")
    sign = 1 if claim.parsed["rel"] in (">", ">=") else -1
    return _decide("<", sign * (changed - original)) is not True
