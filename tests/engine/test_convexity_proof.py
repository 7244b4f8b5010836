"""D_alpha/alpha <= rho at every order and parameter value from convexity in the order (``convexity_proof``)."""
from __future__ import annotations

import sympy as sp

from proofcheck.core.model.verdict import Settings
from proofcheck.dp.divergences.convexity_proof import convexity_proof
from proofcheck.dp.divergences.divergence_kinds import order_symbol
from proofcheck.papers import load_claims


def _pure_dp():
    return load_claims(["exact-zcdp"], only=["pure-dp-tight-zcdp"])[0]


def test_binary_randomized_response_is_proved_convex_over_its_whole_domain():
    claim = _pure_dp()
    proof = convexity_proof(claim, claim.expr("divergence"), claim.expr("asserts"), order_symbol(claim), Settings())
    assert proof is not None and proof.evidence == "certified"
    assert "rises in h" in proof.how and "1/1000 <= eps <= 20" in proof.how


def test_half_the_kl_is_never_proved_convex():
    # F'' = 2 rho - K'' with rho = KL/2 is below 0 at h = 0 for small eps: the argument is refused.
    claim = _pure_dp()
    proof = convexity_proof(claim, claim.expr("divergence"), claim.expr("asserts") / 2, order_symbol(claim),
                            Settings())
    assert proof is None


def test_a_bump_in_the_order_is_never_proved_convex():
    # D_alpha plus a bump that lifts D_alpha/alpha from 0.28 to 0.74 > rho = 0.46 at alpha = 3, eps = 1,
    # zero with its slope at alpha = 1: the alpha -> 1 limit is unchanged, F'' is negative near it.
    claim = _pure_dp()
    alpha = order_symbol(claim)
    rho = claim.expr("asserts")
    bump = alpha * (alpha - 1) ** 2 * rho * sp.exp(-(alpha - 3) ** 2) / 4
    proof = convexity_proof(claim, claim.expr("divergence") + bump, rho, alpha, Settings())
    assert proof is None
