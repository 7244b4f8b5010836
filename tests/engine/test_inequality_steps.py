"""An inequality through the steps of its proof (``via``), and integrals compared pointwise."""
from __future__ import annotations

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
MECHANISM = {"params": {"r": "0 < r <= 1", "r0": "0 < r0 < r", "c": "c > 0", "n": "integer n >= 0"},
             "variables": {"z": "real"}, "define": {"sigma": "Phi_inv(1/2 + r0/(2*(1 + c)))"}}
CLIPPED = "E(Abs(pos((n + c)*exp(sigma*z - sigma**2) - c) - n), z)"
UNCLIPPED = "E(Abs((n + c)*exp(sigma*z - sigma**2) - c - n), z)"


def claim_of(**fields):
    record = {"id": "t", "where": "w", "statement": "s", "kind": "inequality", **fields}
    return build_claim(record, "tests/engine", KINDS)


def test_clipping_is_shown_not_to_increase_the_mean_error_integrand_by_integrand():
    verdict = check_claim(claim_of(**MECHANISM, lhs=CLIPPED, rel="<=", rhs=UNCLIPPED), Settings())
    assert verdict.evidence == "symbolic" and "compared pointwise" in verdict.route, verdict.details


def test_the_utility_bound_is_proved_through_the_mean_error_of_the_unclipped_release():
    verdict = check_claim(claim_of(**MECHANISM, lhs=CLIPPED, rel="<=", rhs="r0*(n + c)/(1 + c)", via=[UNCLIPPED]),
                          Settings())
    assert verdict.evidence == "symbolic" and verdict.route.startswith("through 2 steps"), verdict.details


def test_a_chain_with_a_false_step_leaves_a_true_claim_to_its_own_routes():
    verdict = check_claim(claim_of(params={"x": "0 < x < 1"}, lhs="x**2", rel="<=", rhs="x", via=["x**3"]),
                          Settings())
    assert verdict.passed and not verdict.route.startswith("through"), verdict.details


def test_a_false_claim_with_a_plausible_step_fails():
    verdict = check_claim(claim_of(**MECHANISM, lhs=CLIPPED, rel="<=", rhs="r0*(n + c)/(1 + c)*99/100",
                                   via=[UNCLIPPED]), Settings())
    assert verdict.status == "failed", verdict.details


def test_a_pointwise_comparison_that_fails_somewhere_proves_nothing():
    verdict = check_claim(claim_of(params={"m": "-3 <= m <= 3"}, variables={"z": "real"},
                                   lhs="E(Abs(pos(z + m) + 1), z)", rel="<=", rhs="E(Abs(z + m + 1), z)"),
                          Settings())
    assert verdict.status == "failed", verdict.details


def test_steps_must_be_a_list_of_expressions():
    for bad in ("x**3", [], ["1 < 2"], [3]):
        try:
            claim_of(params={"x": "0 < x < 1"}, lhs="x**2", rel="<=", rhs="x", via=bad)
        except ProofcheckError as error:
            assert "'via'" in str(error) or "step" in str(error)
        else:
            raise AssertionError(f"via = {bad!r} was accepted")


def thin_clipping_claim():
    # |max(a, 0) - n| <= |a - n| needs n >= 0; n < 0 only within 10^-10 of s = 1/sqrt(7), where the
    # integrals differ by about n^2 ~ 10^-40: sampling passes it, no proof may.
    return claim_of(params={"s": "0 <= s <= 1", "m": "-1 <= m <= 1"}, variables={"z": "real"},
                    define={"n": "(s - 1/sqrt(7))**2 - 10**-20"},
                    lhs="E(Abs(pos(z + m) - n), z)", rel="<=", rhs="E(Abs(z + m - n), z)")


def test_integrals_whose_pointwise_bound_fails_in_a_thin_set_are_never_proved():
    verdict = check_claim(thin_clipping_claim(), Settings())
    assert verdict.evidence not in ("symbolic", "certified"), verdict.details
