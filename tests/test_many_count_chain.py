"""Theorem 6.4's chain (17)-(22) holds at instances of the paper's mechanism, and a wrong
constant in any step makes some instance fail."""
from fractions import Fraction

import mpmath
import pytest

from proofcheck.dp.many_count_chain import check_instance
from proofcheck.dp.many_count_instance import (Instance, Mechanism, truncated_gaussian_prior, uniform_prior,
                                               weights_at, with_constants)
from proofcheck.dp.many_count_quantities import dithered_absolute, dithered_absolute_by_quadrature

DPS = 15
# A wide-noise instance (sigma ~ 0.39) and a narrow one (sigma ~ 0.01): the laws overlap in the
# first, so I(J;Y) < H(J), and are separated in the second, where the numerator of (19) is positive.
WIDE = Instance(uniform_prior(3), Mechanism(Fraction(1, 2), Fraction(9, 20), Fraction(1, 2)), 1)
NARROW = Instance(uniform_prior(3), Mechanism(Fraction(1, 50), Fraction(3, 200), Fraction(1)), 2)


@pytest.mark.parametrize("a", ["0", "0.2", "-0.45", "0.5", "0.7", "-3"])
def test_the_dithered_absolute_value_is_the_integral_of_a_plus_u(a):
    with mpmath.workdps(30):
        assert abs(dithered_absolute(mpmath.mpf(a)) - dithered_absolute_by_quadrature(mpmath.mpf(a))) < 1e-25


def test_the_quantised_truncated_gaussian_prior_sums_to_one():
    with mpmath.workdps(30):
        assert abs(mpmath.fsum(weights_at(truncated_gaussian_prior(1, 2))) - 1) < 1e-25


@pytest.fixture(scope="module")
def wide_steps():
    return check_instance(WIDE, DPS)


def test_every_step_of_the_chain_holds_where_the_laws_overlap(wide_steps):
    assert all(step.holds is True for step in wide_steps), [(s.name, s.left, s.right) for s in wide_steps]


def test_the_information_is_below_the_entropy_where_the_laws_overlap(wide_steps):
    by_name = {s.name: s for s in wide_steps}
    assert by_name["(17)"].left < by_name["h(X) = H(J)"].right


def test_the_bound_19_is_positive_where_the_noise_is_narrow():
    steps = {s.name: s for s in check_instance(NARROW, DPS)}
    assert all(s.holds is True for s in steps.values())
    assert steps["(19)"].right > 0


@pytest.mark.parametrize("change, failing_step", [
    ({"dither_mean": Fraction(1, 2)}, "E|U|"),
    ({"dither_mean": Fraction(1, 8)}, "E|U|"),
    ({"laplace_factor": "e"}, "h(Laplace_d) at d = E|X - J~|"),
    ({"privacy_factor": Fraction(1, 100)}, "(21)"),
])
def test_a_wrong_constant_in_a_step_makes_that_step_fail(change, failing_step):
    steps = {s.name: s for s in check_instance(with_constants(WIDE, **change), DPS)}
    assert steps[failing_step].holds is False
