"""Every kind of claim the engine and the DP layer provide, listed in one place.

A paper pack lists its own kinds in its ``paper.toml`` (a ``[kinds]`` table of
name = "module:Class", the module relative to the pack); ``papers.registry_for``
puts them beside these.  See ``core/model/registry.py`` for how a kind is found.
"""
from __future__ import annotations

from . import scripts
from .core.model.registry import KindRegistry

# The paper-agnostic checkers (core/kinds/).
CORE_KINDS = {
    "identity": "proofcheck.core.kinds.equality:Identity",
    "limit": "proofcheck.core.kinds.limits:Limit",
    "asymptotic": "proofcheck.core.kinds.limits:Asymptotic",
    "series": "proofcheck.core.kinds.limits:Series",
    "inequality": "proofcheck.core.kinds.inequality:Inequality",
    "optimum": "proofcheck.core.kinds.optimum:Optimum",
    "decimal": "proofcheck.core.kinds.decimal:PrintedDecimal",
    "derived": "proofcheck.core.kinds.derived:Derived",
    "logical": "proofcheck.core.kinds.logical:Logical",
}

# Divergences and zCDP suprema (dp/).
DP_KINDS = {
    "renyi": "proofcheck.dp.divergences.divergence_kinds:Renyi",
    "kl": "proofcheck.dp.divergences.divergence_kinds:KL",
    "alpha-one-limit": "proofcheck.dp.divergences.divergence_kinds:AlphaOneLimit",
    "zcdp-supremum": "proofcheck.dp.divergences.zcdp_kinds:ZcdpSupremum",
    "zcdp-excess": "proofcheck.dp.divergences.zcdp_kinds:ZcdpExcess",
}


def engine_kinds() -> KindRegistry:
    """The core's kinds and the DP layer's: what a claims file of one's own may use."""
    return KindRegistry({**CORE_KINDS, **DP_KINDS}, scripts=scripts.package_name())
