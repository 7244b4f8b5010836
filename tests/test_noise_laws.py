"""Noise laws and the log-location mechanism (proofcheck's findings beyond the paper).

Quantities are computed at 30 digits and compared with ``agree`` at 18 digits,
or with a stated tolerance derived from the digits asked for.  Each closed form
is reached by a route independent of the one that checks it (SymPy vs
quadrature, tanh-sinh vs Gauss-Legendre, the paper's closed form vs the
generic calibration), and the negative controls show that the checks fail
when the mathematics is wrong.
"""
from __future__ import annotations

import importlib.util

import mpmath
import pytest
import sympy as sp
from flint import arb

from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.numbers.precision import agree
from proofcheck.dp.airy import linear_potential
from proofcheck.dp.mechanisms import drift_calibration, log_location
from proofcheck.dp.noise import laws as noise_laws
from proofcheck.dp.noise import symbolic_moments
from proofcheck.dp.numerics import airy_functions, arb_numbers
from proofcheck.dp.numerics.airy_functions import A1P

DPS = 30

# On the worker of the findings claims (their kinds' ``shares_work``): the Airy law's symbolic
# moments and integrals are computed there once.
pytestmark = pytest.mark.xdist_group("airy-law")
LAWS = ("gaussian", "laplace", "logistic", "airy")


def a1p(dps=DPS + 20):
    return airy_functions.first_zero_of_airy_derivative(dps)


def closed_forms():
    """E|X| and I of each law, written by hand from the literature (the tests derive them)."""
    with mpmath.workdps(DPS + 20):
        a = -a1p()
        return {"gaussian": (mpmath.sqrt(2 / mpmath.pi), mpmath.mpf(1)),
                "laplace": (mpmath.mpf(1), mpmath.mpf(1)),
                "logistic": (2 * mpmath.log(2), mpmath.mpf(1) / 3),
                "airy": (2 * a / 3, 4 * a / 3)}


# -- the first zero of Ai' ---------------------------------------------------------

def test_a1_prime_from_mpmath_lies_in_the_arb_enclosure():
    ball = airy_functions.first_zero_of_airy_derivative_ball(256)
    assert ball.rad() < arb("1e-70")
    # mpmath's value carries 70 digits: within 1e-68 of the certified ball.
    assert abs(ball - arb_numbers.ball_of(a1p(70))) < arb("1e-68")
    assert mpmath.nstr(a1p(), 12) == "-1.01879297165"


def test_a1_prime_is_a_zero_of_ai_prime_and_not_of_ai():
    with mpmath.workdps(DPS):
        ai, aip = airy_functions.airy_ai_pair(a1p())
        assert abs(aip) < mpmath.mpf(10) ** -(DPS - 2) and ai > mpmath.mpf("0.5")


# -- the laws' quantities by quadrature --------------------------------------------

@pytest.mark.parametrize("law", LAWS)
def test_density_integrates_to_one(law):
    assert agree(noise_laws.total_mass(law, DPS), 1, DPS)


@pytest.mark.parametrize("law", LAWS)
def test_mean_abs_and_fisher_information_by_quadrature_match_the_closed_forms(law):
    mean_abs, fisher = closed_forms()[law]
    assert agree(noise_laws.mean_absolute_value(law, DPS), mean_abs, DPS)
    assert agree(noise_laws.fisher_information(law, DPS), fisher, DPS)


def test_quadrature_rejects_a_wrong_constant():
    # 2|a1'|/3 moved in the 16th digit is told apart at 30 working digits (18 required).
    with mpmath.workdps(DPS + 10):
        wrong = closed_forms()["airy"][0] * (1 + mpmath.mpf(10) ** -16)
    assert not agree(noise_laws.mean_absolute_value("airy", DPS), wrong, DPS)


def test_airy_distribution_function_from_the_antiderivative_matches_quadrature():
    law = noise_laws.noise_law("airy")
    with mpmath.workdps(DPS + 10):
        for x in ("-2.5", "0", "0.3", "4"):
            x = mpmath.mpf(x)
            by_quadrature = mpmath.quad(law.density, [-mpmath.inf, min(x, 0), x] if x > 0 else [-mpmath.inf, x])
            assert agree(law.cdf(x), by_quadrature, DPS)


def test_the_airy_law_has_the_smallest_information_spread_product():
    products = {law: noise_laws.information_spread_product(law, 20) for law in LAWS}
    assert min(products, key=products.get) == "airy"
    assert products["logistic"] > products["gaussian"] > products["airy"]


# -- the symbolic routes -------------------------------------------------------------

@pytest.mark.parametrize("integrand", ["Ai**2", "y*Ai**2", "Ai'**2", "y**2*Ai*Ai'"])
def test_airy_antiderivative_is_verified_by_differentiation(integrand):
    y = sp.Symbol("y", real=True)
    expr = sp.sympify(integrand.replace("Ai'", "Q").replace("Ai", "P"),
                      locals={"P": sp.airyai(y), "Q": sp.airyaiprime(y), "y": y})
    antiderivative = symbolic_moments.airy_antiderivative(expr, y)
    assert antiderivative is not None
    assert sp.simplify(sp.diff(antiderivative, y) - expr) == 0


def test_airy_antiderivative_refuses_an_integrand_outside_its_ansatz():
    y = sp.Symbol("y", real=True)
    assert symbolic_moments.airy_antiderivative(sp.airyai(y), y) is None  # linear in Ai: no quadratic form


@pytest.mark.slow
def test_symbolic_airy_moments_are_two_thirds_and_four_thirds_of_minus_a1_prime():
    derived = symbolic_moments.airy_symbolic_quantities()
    assert sp.simplify(derived["mean_abs"] + 2 * A1P / 3) == 0
    assert sp.simplify(derived["fisher"] + 4 * A1P / 3) == 0
    assert sp.simplify(derived["product"] + 16 * A1P**3 / 27) == 0
    assert sp.simplify(derived["normaliser"] + 2 * A1P * sp.airyai(A1P)**2) == 0


@pytest.mark.parametrize("law, expected", [("gaussian", 2 / sp.pi), ("laplace", 1),
                                           ("logistic", 4 * sp.log(2)**2 / 3)])
def test_sympy_derives_the_classical_products_from_the_densities(law, expected):
    assert sp.simplify(symbolic_moments.symbolic_quantities(law)["product"] - expected) == 0


# -- the ground state -------------------------------------------------------------

def test_ground_state_energy_by_shooting_is_minus_a1_prime():
    energy, longer = linear_potential.linear_potential_ground_state(DPS)
    assert agree(energy, longer, DPS)
    with mpmath.workdps(DPS + 10):
        assert agree(energy, -a1p(), DPS)


@pytest.mark.slow
def test_a_short_shooting_length_is_seen_not_to_have_converged():
    # At L = 4 the truncation error exp(-4 (L - E)^{3/2}/3) ~ 1e-3: the two lengths disagree.
    energy, longer = linear_potential.linear_potential_ground_state(DPS, length=4)
    assert not agree(energy, longer, DPS)


# -- the drift ---------------------------------------------------------------------

@pytest.mark.parametrize("s", ["0.1", "0.5", "1.3"])
def test_drift_sigma_squared_minimises_absolute_error_for_the_normal_law(s):
    s = mpmath.mpf(s)
    with mpmath.workdps(DPS + 10):
        assert agree(drift_calibration.optimal_drift("gaussian", s, DPS), s**2, DPS)
        assert agree(drift_calibration.minimal_multiplicative_error("gaussian", s, DPS),
                     2 * mpmath.ncdf(s) - 1, DPS)  # Lemma 4.1, eq. (8)


@pytest.mark.slow
@pytest.mark.parametrize("law", LAWS)
def test_minimal_error_is_twice_the_cdf_at_the_tilted_median_minus_one(law):
    s = mpmath.mpf("0.3")
    with mpmath.workdps(DPS + 10):
        a = drift_calibration.optimal_drift(law, s, DPS)
        at_optimum = drift_calibration.multiplicative_error(law, s, a, DPS)
        assert agree(drift_calibration.minimal_multiplicative_error(law, s, DPS), at_optimum, DPS)
        for moved in (a * (1 - mpmath.mpf("1e-4")), a * (1 + mpmath.mpf("1e-4"))):
            assert drift_calibration.multiplicative_error(law, s, moved, DPS) > at_optimum


@pytest.mark.parametrize("law", LAWS)
def test_calibration_inverts_the_minimal_error(law):
    with mpmath.workdps(DPS + 10):
        s, drift = drift_calibration.scale_for_error(law, mpmath.mpf("0.05"), DPS)
        assert agree(drift_calibration.minimal_multiplicative_error(law, s, DPS), mpmath.mpf("0.05"), DPS)
        assert agree(drift_calibration.optimal_drift(law, s, DPS), drift, DPS)


# -- Renyi divergences --------------------------------------------------------------

@pytest.mark.parametrize("alpha", ["1", "1.001", "2", "37", "100000"])
@pytest.mark.parametrize("delta", ["0.000001", "0.3", "300"])
def test_gaussian_shift_renyi_divergence_is_alpha_delta_squared_over_two(alpha, delta):
    # The paper's (11): the generic quadrature route against the closed form.
    with mpmath.workdps(DPS + 10):
        a, d = mpmath.mpf(alpha), mpmath.mpf(delta)
        assert agree(log_location.renyi_divergence("gaussian", a, d, DPS), a * d**2 / 2, DPS)


@pytest.mark.parametrize("alpha", ["1.001", "2", "1000"])
@pytest.mark.parametrize("delta", ["0.001", "0.3", "5"])
def test_laplace_shift_renyi_divergence_matches_its_closed_form(alpha, delta):
    with mpmath.workdps(3 * DPS):
        a, d = mpmath.mpf(alpha), mpmath.mpf(delta)
        closed = mpmath.log(a / (2 * a - 1) * mpmath.exp((a - 1) * d)
                            + (a - 1) / (2 * a - 1) * mpmath.exp(-a * d)) / (a - 1)
        assert agree(log_location.renyi_divergence("laplace", a, d, DPS), closed, DPS)


def test_airy_renyi_divergence_agrees_with_an_independent_tanh_sinh_route():
    law = noise_laws.noise_law("airy")
    with mpmath.workdps(DPS + 10):
        alpha, delta = mpmath.mpf(3), mpmath.mpf("0.7")

        def integrand(x):
            return mpmath.exp(alpha * law.log_density(x) + (1 - alpha) * law.log_density(x - delta))

        by_tanh_sinh = mpmath.log(mpmath.quad(integrand, [-mpmath.inf, -3, 0, delta, mpmath.inf])) / (alpha - 1)
        assert agree(log_location.renyi_divergence(law, alpha, delta, DPS), by_tanh_sinh, DPS)


def test_airy_kl_over_shift_squared_tends_to_half_the_fisher_information():
    with mpmath.workdps(DPS + 30):
        delta = mpmath.mpf(10) ** -12
        ratio = log_location.kl_divergence("airy", delta, DPS) / delta**2
        assert abs(ratio / (-2 * a1p() / 3) - 1) < mpmath.mpf(10) ** -20


def test_airy_renyi_ratio_is_largest_in_the_kl_limit():
    profile = log_location.renyi_profile("airy", "0.1", orders=("1", "1.5", "10", "1000", "100000"), dps=20)
    values = [value for _, value in profile]
    assert values == sorted(values, reverse=True) and values[0] > values[1]
    assert log_location.renyi_ratio_slope_at_one("airy", "0.1", 20) < 0


def test_the_gaussian_ratio_is_flat_in_alpha():
    profile = log_location.renyi_profile("gaussian", "0.1", orders=("1", "2", "100000"), dps=20)
    assert all(agree(value, mpmath.mpf("0.005"), 20) for _, value in profile)


# -- the mechanism ------------------------------------------------------------------

def test_gaussian_log_location_mechanism_reproduces_the_papers_sigma_and_drift():
    mechanism = log_location.LogLocationMechanism("gaussian", "0.2", r0="0.1", c="1", dps=DPS)
    with mpmath.workdps(DPS + 10):
        sigma = mpmath.sqrt(2) * mpmath.erfinv(2 * (mpmath.mpf(1) / 2 + mpmath.mpf("0.1") / 4) - 1)  # (3)
        assert agree(mechanism.s, sigma, DPS) and agree(mechanism.drift, sigma**2, DPS)


@pytest.mark.skipif(importlib.util.find_spec("proofcheck.dp.mechanisms.shifted_log_gaussian") is None,
                    reason="shifted_log_gaussian not installed")
def test_gaussian_log_location_mechanism_agrees_with_the_shifted_log_gaussian_module():
    from proofcheck.dp.mechanisms.shifted_log_gaussian import ShiftedLogGaussian
    paper = ShiftedLogGaussian("0.1", r0="0.05", c="0.5", dps=DPS)
    ours = log_location.LogLocationMechanism("gaussian", "0.1", r0="0.05", c="0.5", dps=DPS)
    assert agree(ours.s, paper.sigma, DPS)
    for n in (0, 1, 3, 1000):
        assert agree(ours.expected_absolute_error(n), paper.expected_absolute_error(n), DPS)
    for n in (1, 10, 10**6):
        assert agree(ours.v(n, orders=("1", "2", "1000")), paper.v(n), 25)


@pytest.mark.parametrize("law", ["airy", "laplace"])
def test_calibrated_mechanism_meets_the_utility_requirement_including_clipping(law):
    mechanism = log_location.LogLocationMechanism(law, "0.1", dps=DPS)
    with mpmath.workdps(DPS + 10):
        for n in (0, 1, 2, 10, 10**6):
            error = mechanism.expected_absolute_error(n)
            assert mechanism.meets_utility(n)
            # Clipping moves the release towards n: never above the exact pre-clipping error (9).
            assert error <= mechanism.pre_clipping_error(n) * (1 + mpmath.mpf(10) ** -(DPS - 5))
        assert agree(mechanism.expected_absolute_error(10**6), mechanism.pre_clipping_error(10**6), DPS)


def test_a_miscalibrated_scale_is_caught_by_the_utility_check():
    mechanism = log_location.LogLocationMechanism("airy", "0.1", dps=DPS)
    mechanism.s = mechanism.s * 2  # twice the calibrated noise, same drift
    assert not mechanism.meets_utility(1000)


@pytest.mark.slow
def test_airy_budget_is_nonincreasing_and_its_coefficient_approaches_the_limit():
    mechanism = log_location.LogLocationMechanism("airy", "0.1", dps=20)
    orders = ("1", "2", "100", "100000")
    budgets = [mechanism.v(n, orders) for n in (1, 2, 10, 1000)]
    assert budgets == sorted(budgets, reverse=True)
    with mpmath.workdps(30):
        assert abs(mechanism.coefficient(10**6, orders) / mechanism.limit_coefficient() - 1) < mpmath.mpf("1e-5")


def test_iterated_limit_of_the_airy_family_is_eight_twenty_sevenths_of_minus_a1_prime_cubed():
    with mpmath.workdps(40):
        limit = 8 * (-a1p()) ** 3 / 27
        r = mpmath.mpf(10) ** -8
        mechanism = log_location.LogLocationMechanism("airy", r, dps=DPS)
        deviation = mechanism.limit_coefficient() / limit - 1
        assert abs(deviation - 4 * r) < 10 * r**2  # the family's O(r) term is (1 + r)^2/(1 - r)^2 - 1


# -- bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, parameter", [
    ({"r": "0"}, "r"), ({"r": "1.5"}, "r"), ({"r": "nan"}, "r"), ({"r": float("inf")}, "r"),
    ({"r": "0.1", "c": "0"}, "c"), ({"r": "0.1", "c": "-1"}, "c"), ({"r": "0.1", "r0": "0.1"}, "r0"),
    ({"r": "abc"}, "r"), ({"r": True}, "r"), ({"r": "0.1", "law": "cauchy"}, "law"),
    ({"r": "0.1", "dps": 5}, "dps"),
])
def test_out_of_domain_parameters_are_refused_with_their_name(kwargs, parameter):
    kwargs = {"law": "airy", **kwargs}
    with pytest.raises(ProofcheckError, match=f"parameter {parameter}"):
        log_location.LogLocationMechanism(**kwargs)


@pytest.mark.parametrize("call, parameter", [
    (lambda m: m.expected_absolute_error(-1), "n"), (lambda m: m.expected_absolute_error(1.5), "n"),
    (lambda m: m.v(True), "n"),
    (lambda m: log_location.renyi_divergence("airy", "0.5", "0.1", 20), "alpha"),
    (lambda m: log_location.renyi_divergence("airy", "2", "0", 20), "shift"),
    (lambda m: log_location.renyi_divergence("airy", "2", "nan", 20), "shift"),
    (lambda m: drift_calibration.multiplicative_error("laplace", "1.5", "0", 20), "s"),
    (lambda m: noise_laws.quantity("airy", "variance", 20), "quantity"),
])
def test_bad_arguments_are_refused_with_their_name(call, parameter):
    mechanism = log_location.LogLocationMechanism("gaussian", "0.5", dps=20)
    with pytest.raises(ProofcheckError, match=f"parameter {parameter}"):
        call(mechanism)
