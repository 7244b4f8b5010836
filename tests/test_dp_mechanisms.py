"""The DP layer: each mechanism's closed-form Renyi divergence against its definition,
the KL limit, the tight zCDP parameter as the supremum over alpha, and bad input.

Parameters are drawn by hypothesis; eps is drawn log-uniformly over [1e-3, 20], the
range of arXiv 2510.25746's statements checked in the exact-zcdp pack.
"""
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofcheck.core.model.errors import DomainError, ProofcheckError
from proofcheck.dp.divergences.tight_zcdp import AlphaGrid, grid_supremum, peak
from proofcheck.dp.mechanisms import bounded_range, discrete_laplace, laplace, pure_dp, rappor
from proofcheck.dp.mechanisms import randomized_response as rr
from proofcheck.dp.mechanisms.zcdp_mechanisms import profile
from proofcheck.dp.numerics.parameters import mpf

# Closed forms near alpha = 1 and small eps lose digits to log(1 + tiny)/(alpha - 1): the
# working precision leaves 30 digits of headroom over the agreement asked.
DPS = 60
DIGITS = 30

# eps = 10^(j/8) for j in [-24, 10]: log-uniform over [1e-3, 17.8], exact rationals.
epsilons = st.integers(-24, 10).map(lambda j: Fraction(mpmath.nstr(mpmath.mpf(10) ** (mpmath.mpf(j) / 8), 8)))
orders = st.sampled_from([Fraction(1000001, 1000000), Fraction(3, 2), Fraction(2), Fraction(7), Fraction(64),
                          Fraction(1000)])
COARSE = AlphaGrid(per_decade=6)


def agree(a, b, digits=DIGITS):
    return abs(a - b) <= mpmath.mpf(10) ** (-digits) * max(abs(a), abs(b), mpmath.mpf(10) ** -300)


@pytest.mark.slow
@given(eps=epsilons, alpha=orders)
def test_laplace_closed_form_matches_the_integrated_definition(eps, alpha):
    with mpmath.workdps(DPS):
        assert agree(laplace.renyi_divergence(alpha, eps), laplace.renyi_divergence_by_integration(alpha, eps))


@given(eps=epsilons, alpha=orders, delta=st.integers(1, 30))
def test_discrete_laplace_closed_form_matches_the_summed_definition(eps, alpha, delta):
    with mpmath.workdps(DPS):
        assert agree(discrete_laplace.renyi_divergence(alpha, eps, delta),
                     discrete_laplace.renyi_divergence_by_summation(alpha, eps, delta))


@given(eps=epsilons, alpha=orders, k=st.integers(2, 12))
def test_randomized_response_closed_form_matches_the_summed_definition(eps, alpha, k):
    with mpmath.workdps(DPS):
        assert agree(rr.renyi_divergence(alpha, eps, k), rr.renyi_divergence_by_summation(alpha, eps, k))


@given(eps=epsilons, alpha=orders)
def test_rappor_is_twice_binary_randomized_response_at_half_eps(eps, alpha):
    with mpmath.workdps(DPS):
        summed = rappor.renyi_divergence_by_summation(alpha, eps)
        assert agree(rappor.renyi_divergence(alpha, eps), summed)
        assert agree(2 * rr.renyi_divergence(alpha, eps / 2, 2), summed)


@pytest.mark.parametrize("divergence, kl", [
    (lambda a: laplace.renyi_divergence(a, Fraction(3, 4)), lambda: laplace.kl_divergence(Fraction(3, 4))),
    (lambda a: discrete_laplace.renyi_divergence(a, Fraction(3, 4), 4),
     lambda: discrete_laplace.kl_divergence(Fraction(3, 4), 4)),
    (lambda a: rr.renyi_divergence(a, Fraction(3, 4), 5), lambda: rr.kl_divergence(Fraction(3, 4), 5)),
    (lambda a: rappor.renyi_divergence(a, Fraction(3, 4)), lambda: rappor.kl_divergence(Fraction(3, 4))),
    (lambda a: bounded_range.worst_case_renyi_divergence(a, Fraction(3, 4)),
     lambda: bounded_range.tight_rho(Fraction(3, 4))),
], ids=["laplace", "discrete-laplace", "rr", "rappor", "bounded-range"])
def test_kl_divergence_is_the_alpha_to_one_limit_of_d_alpha_over_alpha(divergence, kl):
    with mpmath.workdps(DPS + 30):
        # D_alpha/alpha = KL + O(alpha - 1): at alpha - 1 = 1e-25 the two share 20 digits.
        near_one = 1 + Fraction(1, 10**25)
        assert agree(divergence(near_one) / mpf(near_one), kl(), 20)


@given(eps=epsilons)
def test_discrete_laplace_at_sensitivity_one_is_binary_randomized_response(eps):
    with mpmath.workdps(DPS):
        assert agree(discrete_laplace.kl_divergence(eps, 1), pure_dp.worst_case_rho(eps))
        assert agree(discrete_laplace.renyi_divergence(3, eps, 1), rr.renyi_divergence(3, eps, 2))


def test_discrete_laplace_tends_to_laplace_as_sensitivity_grows():
    with mpmath.workdps(DPS):
        gaps = [abs(discrete_laplace.kl_divergence(2, d) - laplace.kl_divergence(2)) for d in (10, 100, 1000)]
        # The gap shrinks like 1/Delta^2: a hundredfold per tenfold Delta.
        assert gaps[0] / gaps[1] > 90 and gaps[1] / gaps[2] > 90


@given(eps=epsilons)
def test_laplace_and_rappor_lie_below_the_pure_dp_worst_case_below_eps_squared_over_two(eps):
    with mpmath.workdps(DPS):
        worst, classical = pure_dp.worst_case_rho(eps), pure_dp.bun_steinke_rho(eps)
        assert laplace.tight_rho(eps) < worst < classical
        assert rappor.tight_rho(eps) < worst


@given(eps=epsilons, k=st.integers(2, 6))
def test_kl_is_the_supremum_for_randomized_response_up_to_six_categories(eps, k):
    with mpmath.workdps(30):
        alpha, best = grid_supremum(lambda a: rr.renyi_divergence(a, eps, k) / mpf(a), COARSE)
        assert best < rr.kl_divergence(eps, k)
        assert alpha == COARSE.orders()[0]


@given(eps=epsilons)
def test_kl_is_the_supremum_for_laplace_discrete_laplace_and_rappor(eps):
    with mpmath.workdps(30):
        for divergence, kl in ((lambda a: laplace.renyi_divergence(a, eps), laplace.kl_divergence(eps)),
                               (lambda a: discrete_laplace.renyi_divergence(a, eps, 3),
                                discrete_laplace.kl_divergence(eps, 3)),
                               (lambda a: rappor.renyi_divergence(a, eps), rappor.kl_divergence(eps))):
            _, best = grid_supremum(lambda a: divergence(a) / mpf(a), COARSE)
            assert best < kl


def test_seven_categories_exceed_the_kl_by_about_one_point_eight_percent_at_eps_one_hundredth():
    with mpmath.workdps(40):
        eps = Fraction(1, 100)
        alpha, top = peak(lambda a: rr.renyi_divergence(a, eps, 7) / mpf(a))
        excess = 100 * (top / rr.kl_divergence(eps, 7) - 1)
        assert 150 < alpha < 220
        assert mpmath.mpf("1.75") < excess < mpmath.mpf("1.85")


def test_peak_finds_the_maximum_between_grid_orders():
    # A bump at alpha = 10.37, between orders of a grid with one order per decade.
    grid = AlphaGrid(per_decade=1)
    with mpmath.workdps(30):
        alpha, top = peak(lambda a: -(mpmath.log(a) - mpmath.log(mpmath.mpf("10.37"))) ** 2, grid)
        assert abs(alpha - mpmath.mpf("10.37")) < mpmath.mpf(10) ** -12


def test_alpha_grid_runs_from_just_above_one_to_one_hundred_thousand():
    orders = AlphaGrid().orders()
    assert orders[0] == 1 + Fraction(1, 10**6) and orders[-1] == 10**5
    assert all(a < b for a, b in zip(orders, orders[1:]))
    assert all(isinstance(a, Fraction) for a in orders)


@given(eta=epsilons)
def test_worst_mass_maximises_the_bounded_range_divergence(eta):
    with mpmath.workdps(DPS):
        for alpha in (Fraction(3, 2), Fraction(20)):
            best = bounded_range.worst_mass(alpha, eta)
            top = bounded_range.renyi_divergence(alpha, eta, best)
            for i in range(1, 40):
                assert bounded_range.renyi_divergence(alpha, eta, Fraction(i, 40)) <= top


@given(eta=epsilons)
def test_extremal_mass_maximises_kl_at_the_tight_rho_below_cesar_rogers(eta):
    with mpmath.workdps(DPS):
        p = bounded_range.extremal_mass(eta)
        assert agree(bounded_range.kl_divergence(eta, p), bounded_range.tight_rho(eta))
        assert bounded_range.tight_rho(eta) < bounded_range.cesar_rogers_rho(eta)


@pytest.mark.parametrize("call, parameter", [
    (lambda: laplace.renyi_divergence(2, 0), "eps"),
    (lambda: laplace.renyi_divergence(2, -1), "eps"),
    (lambda: laplace.renyi_divergence(2, float("nan")), "eps"),
    (lambda: laplace.renyi_divergence(2, float("inf")), "eps"),
    (lambda: laplace.renyi_divergence(2, "abc"), "eps"),
    (lambda: laplace.renyi_divergence(1, 1), "alpha"),
    (lambda: laplace.renyi_divergence("0.5", 1), "alpha"),
    (lambda: rr.renyi_divergence(2, 1, 1), "k"),
    (lambda: rr.renyi_divergence(2, 1, "2.5"), "k"),
    (lambda: rr.tight_rho(1, 7), "k"),
    (lambda: discrete_laplace.renyi_divergence(2, 1, 0), "delta-sens"),
    (lambda: bounded_range.tight_rho(0), "eta"),
    (lambda: bounded_range.renyi_divergence(2, 1, 1), "p"),
])
def test_bad_parameters_raise_an_error_naming_the_parameter(call, parameter):
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.parameter == parameter
    assert "\n" not in str(error.value)


def test_profile_of_seven_categories_reports_the_interior_peak_not_the_kl():
    result = profile("rr", "0.01", k=7)
    assert result.rho_at is not None and result.rho > result.kl
    assert not result.as_dict()["tight_by_theorem"]


def test_profile_refuses_a_parameter_the_mechanism_does_not_have():
    with pytest.raises(ProofcheckError, match="k"):
        profile("laplace", 1, k=3)
    with pytest.raises(ProofcheckError, match="unknown mechanism"):
        profile("gaussian", 1)
