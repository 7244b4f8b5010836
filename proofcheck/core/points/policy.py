"""Which points a claim is checked at: its sample, its explicit points, and its ties.

The sampling rules themselves (general position, edges, log-uniform wide ranges) are
the domain's own (``core/model/sampling.py``); this is the policy that a checker
applies to a claim and its settings.
"""
from __future__ import annotations

import sympy as sp

from ..model.expressions import has_operator
from ..model.verdict import Settings
from .ties import tie_points


def sample_points(claim, settings: Settings):
    """The claim's sample in general position, its explicit ``points``, and tie points.

    Tie points (two parameters of the same range made equal, or a hair apart, at
    the first interior sample) look for a claim false only on or beside a diagonal;
    parameters of different ranges are tied too where a point costs no quadrature.
    """
    count = claim.get("samples", settings.samples)
    domain = claim.sampling_domain
    points = domain.sample_points(count, seed=settings.seed)
    interior = points[-1]  # the edge points come first, the interior draws after them
    for explicit in claim.get("points", []):
        points.append(claim.domain.validate_point(explicit))
    across = not any(has_operator(e) for e in claim.parsed.values() if isinstance(e, sp.Basic))
    for tied in tie_points(domain, interior, across_ranges=across) if interior else []:
        if tied not in points:
            points.append(tied)
    return points
