"""An inequality through the steps of its proof (``via``), and integrals compared pointwise."""
from __future__ import annotations

from proofcheck.core.kinds.inequality import Inequality, _symbolic
from proofcheck.core.kinds.inequality_points import slack_expression
from proofcheck.core.kinds.inequality_steps import pointwise
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


ROUNDED = {"params": {"S": "S >= 1", "L": "1/2 <= L <= 3", "mu": "-1 <= mu <= 1"}, "variables": {"z": "real"},
           "define": {"Zn": "2*Phi(L) - 1", "f": "phi(z - mu)/Zn"}, "evidence": "symbolic"}
ROUNDING_ERROR = "Abs(integrate(floor(S*z + 1/2)*f, z, mu - L, mu + L) - S*integrate(z*f, z, mu - L, mu + L))"


def pointwise_of(claim):
    """The words of the pointwise comparison of ``claim``'s slack, or None."""
    return pointwise(slack_expression(claim), claim, claim.parsed["rel"] in ("<", ">"), Inequality(),
                     lambda step: _symbolic(step, Settings()))


def test_the_mean_rounding_error_is_proved_at_most_a_half_for_every_scale():
    verdict = check_claim(claim_of(**ROUNDED, lhs=ROUNDING_ERROR, rel="<=", rhs="1/2"), Settings())
    assert verdict.evidence == "symbolic", verdict.details
    assert "both signs" in verdict.route and "a fraction in [0, 1)" in verdict.route, verdict.route


def test_a_bound_below_the_pointwise_rounding_error_is_not_proved_pointwise():
    # True (a smooth law's mean rounding error is far below 1/4), but not from |Q_S - S z| <= 1/2.
    assert pointwise_of(claim_of(**ROUNDED, lhs=ROUNDING_ERROR, rel="<=", rhs="1/4")) is None


def test_a_floor_is_never_taken_above_its_argument():
    # E floor(S Z) >= S E Z is false: floor(u) <= u, and below it on a set of positive mass.
    claim = claim_of(**ROUNDED, lhs="integrate(floor(S*z)*f, z, mu - L, mu + L)", rel=">=",
                     rhs="S*integrate(z*f, z, mu - L, mu + L)")
    assert pointwise_of(claim) is None
    assert check_claim(claim, Settings()).status == "failed"


def test_a_ceiling_is_never_taken_below_its_argument():
    claim = claim_of(**ROUNDED, lhs="integrate(ceiling(S*z)*f, z, mu - L, mu + L)", rel="<=",
                     rhs="S*integrate(z*f, z, mu - L, mu + L)")
    assert pointwise_of(claim) is None


def test_a_floor_may_fall_short_of_its_argument_by_almost_one():
    # Z uniform on [3/4, 1]: E(Z - floor(Z)) = 7/8, above 1/2 + a/100.
    claim = claim_of(params={"a": "0 <= a <= 1"}, variables={"z": "real"}, evidence="symbolic",
                     lhs="integrate(4*(z - floor(z)), z, 3/4, 1)", rel="<=", rhs="1/2 + a/100")
    assert pointwise_of(claim) is None


def test_a_constant_is_weighed_by_the_mass_of_the_density():
    # int_0^w 4z dz = 2 w^2 > 5 w on 3 <= w <= 4; with the mass w of the range taken as 1,
    # 5 w - 4 z >= 0 on [0, w] would prove it.
    claim = claim_of(params={"w": "3 <= w <= 4"}, variables={"z": "real"}, evidence="symbolic",
                     lhs="integrate(4*z, z, 0, w)", rel="<=", rhs="5*w")
    assert pointwise_of(claim) is None


def test_a_constant_over_a_density_of_mass_four_is_proved_where_it_holds():
    claim = claim_of(params={"w": "1 <= w <= 2"}, variables={"z": "real"}, evidence="symbolic",
                     lhs="integrate(4*z, z, 0, w)", rel="<=", rhs="4*w**2")
    assert pointwise_of(claim), "4 w^2 = int_0^w 4 w dz, and w - z >= 0 on [0, w]"


def test_a_reversed_range_is_not_compared_pointwise():
    # int_1^0 z dz = -1/2: z >= 0 at every z of [0, 1] says nothing of an integral taken downwards.
    claim = claim_of(params={"a": "0 <= a <= 1"}, variables={"z": "real"}, evidence="symbolic",
                     lhs="integrate(z, z, 1, 0) + a - a", rel=">=", rhs="integrate(0*z, z, 1, 0)")
    assert pointwise_of(claim) is None


def test_both_signs_inside_an_absolute_value_are_compared():
    # |E(floor(S Z) - S Z)| <= 1/3 is false (the mean is near -1/2): floor(S z) - S z >= -1/3 fails
    # pointwise, though floor(S z) - S z <= 1/3 holds; with the ceiling (mean near 1/2) the other
    # sign fails.  SymPy orders the inside of |.| its own way, so both are tried.
    for step in ("floor", "ceiling"):
        inside = f"integrate({step}(S*z)*f, z, mu - L, mu + L) - S*integrate(z*f, z, mu - L, mu + L)"
        assert pointwise_of(claim_of(**ROUNDED, lhs=f"Abs({inside})", rel="<=", rhs="1/3")) is None, step


# -- Markov's inequality, integrand by integrand: 1{u > t} <= |u - n|/(t - n) ---------------------

def markov_claim(indicator, bound, params=None):
    return claim_of(params=params or {"t": "t > 0"}, variables={"z": "real"}, evidence="symbolic",
                    lhs=f"E(Indicator({indicator}), z)", rel="<=", rhs=f"E(Abs(z), z)/({bound})")


def test_markov_inequality_is_proved_integrand_by_integrand_through_the_cases_of_the_indicator():
    for indicator in ("z > t", "z <= -t"):
        words = pointwise_of(markov_claim(indicator, "t"))
        assert words and "cases of its indicator" in words, (indicator, words)


def test_an_indicator_above_its_markov_bound_somewhere_is_not_proved_pointwise():
    # 1{u > t} <= |u|/(2t) fails for t < u < 2t; 1{u <= t} <= |u|/t fails at u = 0.
    assert pointwise_of(markov_claim("z > t", "2*t")) is None
    assert pointwise_of(markov_claim("z <= t", "t")) is None


def test_the_release_is_taken_as_any_real_where_the_indicator_holds_it():
    mechanism = {"n": "integer n >= 1", "c": "c > 0", "s": "s > 0", "t": "t > n"}
    claim = claim_of(params=mechanism, variables={"z": "real"}, evidence="symbolic",
                     lhs="E(Indicator((n + c)*exp(s*z - s**2) - c > t), z)", rel="<=",
                     rhs="E(Abs((n + c)*exp(s*z - s**2) - c - n), z)/(t - n)")
    words = pointwise_of(claim)
    assert words and "as any real" in words and "cases of its indicator" in words, words
