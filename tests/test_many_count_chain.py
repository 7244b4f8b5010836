"""Theorem 6.4's chain (17)-(22) holds at instances of the paper's mechanism, and a wrong
constant in any step makes some instance fail."""
from fractions import Fraction

import mpmath
import pytest

from proofcheck.dp.lower_bounds.chain import Step, _decide, check_instance
from proofcheck.dp.lower_bounds.instance import (
    Instance,
    Mechanism,
    mpf_of,
    step_prior,
    truncated_gaussian_prior,
    uniform_prior,
    weights_at,
    with_constants,
)
from proofcheck.dp.lower_bounds.noise_integrals import noise_expectations
from proofcheck.dp.lower_bounds.quantities import dithered_absolute, dithered_absolute_by_quadrature
from proofcheck.dp.lower_bounds.released_laws import released_law_quantities

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


def test_the_step_prior_has_exact_weights_with_the_jump_inside_the_cell_of_zero():
    # Z of density 2/3 on [-1, 0) and 1/3 on [0, 1], S = 2: cells of width 1/2.
    prior = step_prior(2, 1)
    assert sum(prior.weights) == 1
    assert prior.weights == (Fraction(1, 6), Fraction(1, 3), Fraction(1, 4), Fraction(1, 6), Fraction(1, 12))
    assert prior.shift + prior.j_star == 3


def test_the_truncated_gaussian_prior_is_shifted_by_the_papers_b():
    # Corollary 6.7: B = ceil(LS) + 1 = 3 at S = 1, L = 2; Q_S on {-2..2}, so J on {1..5}.
    prior = truncated_gaussian_prior(1, 2)
    assert prior.shift + prior.j_star == 3
    assert prior.shift == 1 and len(prior.weights) == 5


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


@pytest.mark.parametrize("instance", [WIDE, NARROW], ids=["wide", "narrow"])
def test_the_noise_integrals_agree_with_tanh_sinh_quadrature_of_their_definitions(instance):
    mech, counts = instance.mechanism, tuple(instance.n + j for j in instance.prior.support)
    with mpmath.workdps(20):
        errors, dithered = noise_expectations(mech, counts, mpmath.mp.prec)
        for m, error, mean in zip(counts, errors, dithered):
            breaks = [-mpmath.inf, mech.clip_point(m), mech.sigma(), mpmath.inf]
            by_quad = mpmath.quad(lambda z: abs(mech.release(m, z) - m) * mpmath.npdf(z), breaks)
            assert abs(error - by_quad) < 1e-17
            sigma, c = mech.sigma(), mpf_of(mech.c)
            kinks = [(mpmath.log((m + s + c) / (m + c)) + sigma ** 2) / sigma
                     for s in (-0.5, 0.5) if m + s > 0]
            by_quad = mpmath.quad(lambda z: dithered_absolute(m - mech.release(m, z)) * mpmath.npdf(z),
                                  sorted(breaks + kinks))
            assert abs(mean - by_quad) < 1e-15


@pytest.mark.parametrize("instance", [WIDE, NARROW], ids=["wide", "narrow"])
def test_the_divergences_agree_with_tanh_sinh_quadrature_of_their_definitions(instance):
    mech, star = instance.mechanism, instance.prior.j_star
    with mpmath.workdps(20):
        ps = weights_at(instance.prior)
        laws = released_law_quantities(instance, ps)
        sigma, edge = mech.sigma(), mpmath.log(mpf_of(mech.c))
        means = [mech.log_mean(instance.n + j) for j in instance.prior.support]
        atoms = [mpmath.ncdf((edge - mu) / sigma) for mu in means]
        s2 = 2 * sigma ** 2
        for j, divergence in enumerate(laws.divergences):
            log_ratio = lambda w: ((w - means[star]) ** 2 - (w - means[j]) ** 2) / s2  # noqa: E731
            inner = [means[j] + k * sigma for k in range(-8, 9, 2)]
            integral = mpmath.quad(lambda w: mpmath.npdf(w, means[j], sigma) * log_ratio(w),
                                   [edge] + [w for w in inner if w > edge] + [mpmath.inf])
            atom = atoms[j] * mpmath.log(atoms[j] / atoms[star]) if atoms[j] > 0 else 0
            assert abs(divergence - atom - integral) < 1e-15 * max(1, abs(divergence))


@pytest.mark.parametrize("left, right, rel, holds", [
    ("1e-70", "2e-70", "=", False),    # two tiny sides, neither 0: compared relatively
    ("1e-70", "1e-70", "=", True),
    ("1e-70", "2e-70", "<=", True),
    ("2e-70", "1e-70", "<=", False),
    ("0", "1e-70", "=", True),         # against an exact 0 the floor of 10^-30 stands
])
def test_a_step_between_two_tiny_sides_is_decided_relatively(left, right, rel, holds):
    # With a floor of 10^-30 on the scale, any two sides under 10^-60 were equal.
    with mpmath.workdps(50):
        step = Step("s", "w", mpmath.mpf(left), rel, mpmath.mpf(right))
        assert _decide(step, 50) is holds



@pytest.mark.parametrize("width", [Fraction(1), Fraction(1, 2)])
def test_the_dithered_conditional_entropy_is_the_posterior_entropy_plus_log_width(width):
    # Lemma 6.3: given Y, X = J + U mixes uniform laws on disjoint cells of length w, so
    # h(X | Y) = H(J | Y) + log w; the quadrature over x knows nothing of that.
    from proofcheck.dp.lower_bounds.dithered_conditional import dithered_conditional_entropy
    prior = uniform_prior(3)
    instance = Instance(prior, Mechanism(Fraction(1, 2), Fraction(9, 20), Fraction(1, 2)), 1)
    with mpmath.workdps(15):
        ps = weights_at(prior)
        quadrature = dithered_conditional_entropy(instance, ps, width)
        posterior = released_law_quantities(instance, ps).conditional
    assert abs(quadrature - posterior - mpmath.log(mpf_of(width))) < 1e-12


def test_the_rounded_release_loses_information_and_its_masses_sum_to_one():
    # Rounding is post-processing: I(J; round(Y)) <= I(J; Y) (data processing).
    from proofcheck.dp.lower_bounds.rounded_laws import _masses, rounded_law_quantities
    prior = uniform_prior(3)
    exact = Instance(prior, Mechanism(Fraction(1, 5), Fraction(3, 20), Fraction(1)), 3)
    rounded = Instance(prior, Mechanism(Fraction(1, 5), Fraction(3, 20), Fraction(1), True), 3)
    with mpmath.workdps(15):
        ps = weights_at(prior)
        assert all(abs(mpmath.fsum(P) - 1) < 1e-13 for P in _masses(rounded))
        discrete = rounded_law_quantities(rounded, ps)["information"]
        assert 0 < discrete < released_law_quantities(exact, ps).information


@pytest.mark.parametrize("x", ["0", "1/2", "3"])
def test_the_airy_tail_in_closed_form_matches_the_laws_distribution_function(x):
    from proofcheck.dp.lower_bounds.instance import _airy_tail
    from proofcheck.dp.noise.laws import noise_law
    with mpmath.workdps(20):
        x = mpf_of(Fraction(x))
        assert abs(_airy_tail(x) - (1 - noise_law("airy").cdf(x))) < 1e-15
