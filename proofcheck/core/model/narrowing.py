"""Sampling narrowed in data, said in the verdict.

A claim's ``params`` give the domain the paper states (``c > 0``); its
``sampling`` may draw the numeric sample from a narrower box (``0 < c <= 100``),
where quadrature stays affordable.  A numeric verdict then covers the box, not
the domain, and says so: "sampled 0 < c <= 100 of c > 0".  A symbolic verdict
covers the whole domain and needs no note.
"""
from __future__ import annotations

# Evidence reached at sampled points; a symbolic derivation holds on the whole domain.
SAMPLED = ("numeric", "certified")
# The words of a certified route over the whole stated domain (``core/proofs``): its
# verdict covers the domain, whatever box the sample was drawn from.
WHOLE_DOMAIN = "boxes cover"


def covers_domain(verdict) -> bool:
    """Whether a verdict was proved over the whole stated domain, not at sampled points."""
    return verdict.evidence == "symbolic" or WHOLE_DOMAIN in (verdict.route or "")


def sampled_note(claim, verdict) -> str:
    """The narrowing note of a passed verdict reached at sampled points, else ""."""
    if not verdict.passed or verdict.evidence not in SAMPLED or covers_domain(verdict):
        return ""
    return narrowing_note(claim)


def narrowed(claim) -> list[tuple[str, str, str]]:
    """(parameter, sampled box, stated domain) for each parameter whose sampling is narrowed."""
    sampling = claim.get("sampling") or {}
    params = claim.get("params") or {}
    return [(name, str(spec).strip(), str(params.get(name, "")).strip())
            for name, spec in sampling.items()
            if str(spec).strip() != str(params.get(name, "")).strip()]


def narrowing_note(claim) -> str:
    """"sampled 0 < c <= 100 of c > 0; ..." or "" when nothing is narrowed."""
    parts = [f"{box} of {domain}" if domain else box for _, box, domain in narrowed(claim)]
    return "sampled " + "; ".join(parts) if parts else ""


def note_narrowing(claim, verdict):
    """Add the note to a passed verdict reached at sampled points (details and route)."""
    note = sampled_note(claim, verdict)
    if note and note not in verdict.details:
        verdict.details = f"{verdict.details}; {note}" if verdict.details else note
        verdict.route = f"{verdict.route} ({note})" if verdict.route else note
    return verdict
