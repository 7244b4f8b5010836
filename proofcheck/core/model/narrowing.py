"""Sampling narrowed in data, said in the verdict.

A claim's ``params`` give the domain the paper states (``c > 0``); its
``sampling`` may draw the numeric sample from a narrower box (``0 < c <= 100``),
where quadrature stays affordable.  A numeric verdict then covers the box, not
the domain, and says so: "sampled 0 < c <= 100 of c > 0".  A symbolic verdict
covers the whole domain and needs no note.
"""
from __future__ import annotations

import re

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


# Evidence that covers the whole stated domain when nothing is narrowed (verdict.STANDING).
PROVED = ("symbolic", "certified")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def stated_domain(claim) -> str:
    """The claim's ``params`` as one conjunction: "0 < r < 1, integer n >= 1, mu real"."""
    parts = []
    for name, spec in (claim.get("params") or {}).items():
        spec = " ".join(str(spec).split())
        parts.append(spec if name in _NAME.findall(spec) else f"{name} {spec}")
    return ", ".join(parts)


def checked_line(claim, evidence: str | None = None) -> str:
    """What a claim's check covers, rendered from its data alone (issue 46, section 5).

    ``evidence`` is the verdict's, or the claim's declared ``evidence`` when not given.
    The forms: "checked: for all <domain>" (a proof over the stated domain),
    "checked: sampled <box> of <domain>" (sampling narrowed), "checked: sampled on
    <domain>", "checked: at N instances", "checked: at the stated values (no free
    parameter)" and "checked: not computed (by argument: <basis>)".
    """
    evidence = evidence or claim.get("evidence")
    if evidence == "logical":
        return f"checked: not computed (by argument: {claim.get('basis') or 'its reason'})"
    instances = claim.get("instances")
    if isinstance(instances, list) and instances:
        return f"checked: at {len(instances)} instance{'s' if len(instances) > 1 else ''}"
    domain = stated_domain(claim)
    if not domain:
        return "checked: at the stated values (no free parameter)"
    # A certified verdict with parameters is a proof over the stated domain (core/proofs), not
    # over the box its sample was drawn from.
    note = narrowing_note(claim) if evidence == "numeric" else ""
    if note:
        return f"checked: {note}"
    return f"checked: for all {domain}" if evidence in PROVED else f"checked: sampled on {domain}"


def is_narrowed(claim, evidence: str | None = None) -> bool:
    """Whether the check covers less than the stated domain: a sampled box, or instances only."""
    evidence = evidence or claim.get("evidence")
    if evidence == "logical":
        return False
    instances = claim.get("instances")
    return bool(isinstance(instances, list) and instances) or bool(evidence == "numeric" and narrowing_note(claim))
