"""What a claim rests on: its ``rests_on`` chain and the weakest evidence along it.

A claim's own evidence is what its own checker reached.  A result is no stronger
than the steps it rests on: ``dlap-kl-limit`` is derived symbolically *given*
``dlapD``, whose own check is only numeric, so along its chain the evidence is
numeric.  ``rests_on`` lists claim ids; the chain is its transitive closure.

Logical steps (a definition, a cited theorem, a step of proof structure) are
passed through, not counted: they carry no computed evidence of their own, and the
chain's evidence is the weakest *computed* evidence found on it.  A failed or
erroring step on the chain makes the chain ``failed``; a step that was not checked
in this run (``verify --only``) is listed as unchecked rather than guessed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .verdict import EVIDENCE_ORDER

COMPUTED = tuple(e for e in EVIDENCE_ORDER if e != "logical")


def rests_on(claim) -> list[str]:
    """The ids a claim names in ``rests_on`` (a findings pack may give prose instead: none)."""
    names = claim.get("rests_on")
    return list(names) if isinstance(names, list) else []


def dangling(claims) -> list[tuple[str, str]]:
    """(claim id, missing id) for every ``rests_on`` entry that names no claim."""
    ids = {c.id for c in claims}
    return [(c.id, name) for c in claims for name in rests_on(c) if name not in ids]


def chain_of(claim_id: str, graph: dict[str, list[str]]) -> list[str]:
    """Every id that ``claim_id`` rests on, directly or through other steps (cycle-safe)."""
    seen, order, frontier = {claim_id}, [], list(graph.get(claim_id, []))
    while frontier:
        name = frontier.pop(0)
        if name in seen:
            continue
        seen.add(name)
        order.append(name)
        frontier.extend(graph.get(name, []))
    return order


@dataclass
class ChainEvidence:
    evidence: str            # weakest computed evidence on the chain, "failed", or "logical"
    via: str | None = None   # the step that has it (None: the claim itself)
    unchecked: list[str] = field(default_factory=list)


def weakest_along(claims, outcomes: dict[str, tuple[str, str | None]]) -> dict[str, ChainEvidence]:
    """The weakest evidence along each claim's chain, itself included.

    ``outcomes`` maps a claim id to (status, evidence) as its checker reached them.
    """
    graph = {c.id: rests_on(c) for c in claims}
    out = {}
    for claim in claims:
        weakest, via, unchecked = None, None, []
        for name in [claim.id] + chain_of(claim.id, graph):
            if name not in outcomes:
                unchecked.append(name)
                continue
            status, evidence = outcomes[name]
            if status != "passed":
                weakest, via = "failed", (None if name == claim.id else name)
                break
            if evidence in COMPUTED and (weakest is None
                                         or COMPUTED.index(evidence) > COMPUTED.index(weakest)):
                weakest, via = evidence, (None if name == claim.id else name)
        out[claim.id] = ChainEvidence(weakest or "logical", via, unchecked)
    return out


def describe(chain: ChainEvidence) -> str:
    """A short note for a verdict line: empty unless a step the claim rests on is weaker."""
    if chain.via is None:
        return ""
    return f"chain: {chain.evidence} via {chain.via}"


def as_record(chain: ChainEvidence) -> dict:
    return {"chain_evidence": chain.evidence, "chain_via": chain.via, "chain_unchecked": chain.unchecked}
