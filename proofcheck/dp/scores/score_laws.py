"""The laws whose score integrals have a certified route, by name, and their certificate at c = I/2.

One table, written here: the Airy law (``airy_score_cgf``) and the comparison laws
(``comparison_scores``).  ``certify_at_half_fisher`` runs the certificate of
``sub_gaussian_score`` with c = I/2, I derived by SymPy from the density, which is the
curvature that matters for the small-shift limit of a log-location mechanism.
"""
from __future__ import annotations

from ...core.model.errors import ProofcheckError
from ...core.numbers.intervals import enclose_with
from ..numerics.airy_functions import A1P, first_zero_of_airy_derivative_ball
from . import airy_score_cgf, comparison_scores, sub_gaussian_score

SCORE_LAWS = {"airy": airy_score_cgf.AIRY, **comparison_scores.LAWS}

#: Where each law's tail bound reaches below I t^2/2 with margin (the Airy bound crosses near 7.3).
DEFAULT_TAIL_FROM = {"airy": "10", "laplace": "4", "logistic": "8", "gaussian": "4", "quartic": "4"}


def score_law(name: str) -> sub_gaussian_score.ScoreLaw:
    law = SCORE_LAWS.get(str(name).strip().lower())
    if law is None:
        raise ProofcheckError(f"no certified score route for the law {name!r} (known: {', '.join(SCORE_LAWS)})")
    return law


def curvature_ball(expression):
    """prec -> an Arb ball of ``expression`` (a closed form, possibly in a1p)."""
    def ball(prec):
        values = {A1P: first_zero_of_airy_derivative_ball(prec)} if expression.has(A1P) else {}
        return enclose_with(expression, values, prec)
    return ball


def certify_at_half_fisher(name: str, t0="1/2", T=None, first_step="1/16",
                           prec: int = sub_gaussian_score.PREC) -> tuple:
    """(I/2 as SymPy derives it, the certificate of K(t) <= I t^2/2 for every real t)."""
    law = score_law(name)
    half = law.fisher_symbolic() / 2
    certificate = sub_gaussian_score.certify(law, curvature_ball(half), True, t0=t0,
                                             T=T or DEFAULT_TAIL_FROM[law.name], first_step=first_step, prec=prec)
    return half, certificate
