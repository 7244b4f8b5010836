"""Privacy of what the shifted-log Gaussian mechanism releases (§5), and why the
unequal-variance Gaussian (33) fails Definition 2.1 (§7).

Rényi divergences are computed by quadrature of their definition at 30 digits
(a point mass plus a density for the clipped release) and compared with
α·v(n) at 18 significant digits, relative.  Inequalities are decided beyond
that tolerance or, where the two sides agree to it, on the clipped-away region
alone, where the data-processing deficit is computed with relative precision.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest

from proofcheck import ShiftedLogGaussian
from proofcheck.core.model.errors import DomainError
from proofcheck.core.numbers.precision import required_digits
from proofcheck.dp.divergences import unequal_gaussian
from proofcheck.dp.divergences.renyi import (
    AtomPlusDensity,
    gaussian_equal_variance,
    gaussian_law,
    renyi_divergence,
    renyi_log_integral,
)

DPS = 30
ORDERS = ("1.01", "1.5", "2", "5", "20", "100")
MECHANISM = ShiftedLogGaussian("0.3", c="1")
TOLERANCE = mpmath.mpf(10) ** (-required_digits(DPS))


def _order(alpha):
    value = Fraction(alpha)
    return mpmath.mpf(value.numerator) / value.denominator


def _relative_gap(a, b):
    return abs(a - b) / max(abs(a), abs(b))


def _edge_laws(mechanism, n, clipped):
    return mechanism.output_law(n - 1, clipped, dps=DPS), mechanism.output_law(n, clipped, dps=DPS)


def _both_directions(mechanism, n, alpha, clipped):
    low, high = _edge_laws(mechanism, n, clipped)
    return renyi_divergence(low, high, alpha, dps=DPS), renyi_divergence(high, low, alpha, dps=DPS)


def _check_unclipped(mechanism, n, alpha):
    with mpmath.workdps(DPS + 10):
        expected = _order(alpha) * mechanism.v(n, dps=DPS + 10)          # α·v(n), (6)
        for divergence in _both_directions(mechanism, n, alpha, clipped=False):
            assert _relative_gap(divergence, expected) <= TOLERANCE


def _check_clipped(mechanism, n, alpha):
    with mpmath.workdps(DPS + 10):
        expected = _order(alpha) * mechanism.v(n, dps=DPS + 10)
        for divergence in _both_directions(mechanism, n, alpha, clipped=True):
            # ≤ α·v(n): either decided beyond the tolerance, or equal to it within the
            # tolerance -- then the clipped-away region decides (test below).
            assert divergence <= expected * (1 + TOLERANCE)


# -- (12): equal to α·v(n) before clipping, at most α·v(n) after -----------------------------

@pytest.mark.slow
@pytest.mark.parametrize("alpha", ORDERS)
def test_unclipped_renyi_divergence_is_alpha_v_on_the_boundary_edge_0_1(alpha):
    _check_unclipped(MECHANISM, 1, alpha)


@pytest.mark.slow
@pytest.mark.parametrize("alpha", ORDERS)
def test_clipped_renyi_divergence_is_below_alpha_v_on_the_boundary_edge_0_1(alpha):
    _check_clipped(MECHANISM, 1, alpha)


@pytest.mark.parametrize("alpha", ("1.01", "100"))
def test_renyi_divergence_of_a_large_count_edge_is_alpha_v(alpha):
    _check_unclipped(MECHANISM, 1000, alpha)
    _check_clipped(MECHANISM, 1000, alpha)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 10, 1000, 10**6])
@pytest.mark.parametrize("alpha", ORDERS)
@pytest.mark.parametrize("mechanism", [MECHANISM, ShiftedLogGaussian("0.05", r0="0.049", c="0.05"),
                                       ShiftedLogGaussian("0.9", c="20")])
def test_renyi_divergence_of_every_edge_and_order(mechanism, n, alpha):
    _check_unclipped(mechanism, n, alpha)
    _check_clipped(mechanism, n, alpha)


def test_clipping_lowers_the_divergence_from_count_zero_strictly():
    """D_α(P_0 ‖ P_1) tilts towards count 0, where clipping moves mass: visibly below α·v(1).

    (The other direction tilts away from 0 and its deficit lies beyond 30 digits;
    the region test below decides it.)"""
    with mpmath.workdps(DPS + 10):
        for alpha in ("1.01", "2", "100"):
            expected = _order(alpha) * MECHANISM.v(1, dps=DPS + 10)
            from_zero = _both_directions(MECHANISM, 1, alpha, clipped=True)[0]
            assert expected - from_zero > TOLERANCE * expected


@pytest.mark.parametrize("n", [1, 10, 1000])
@pytest.mark.parametrize("alpha", ("1.5", "20"))
def test_clipping_merges_a_region_whose_renyi_integral_exceeds_the_atoms(n, alpha):
    """Data processing where it happens: ∫_{(−c, 0]} p^α q^{1−α} ≥ P(0)^α Q(0)^{1−α} (Hölder).

    Both sides are computed on their own, with relative precision however small
    they are, so the inequality is decided even where the whole divergences agree
    to all 18 digits.
    """
    alpha = _order(alpha)
    with mpmath.workdps(DPS + 10):
        for first, second in ((n - 1, n), (n, n - 1)):
            p, q = MECHANISM.output_law(first, False, DPS), MECHANISM.output_law(second, False, DPS)
            p_region, q_region = (AtomPlusDensity(log_density=law.log_density,
                                                  log_density_t=law.log_density_t,
                                                  coordinate=law.coordinate, lower=law.lower,
                                                  upper=mpmath.mpf(0), center=mpmath.mpf(0))
                                  for law in (p, q))
            region = renyi_log_integral(p_region, q_region, alpha, DPS)
            p_atom = MECHANISM.output_law(first, True, DPS).atom
            q_atom = MECHANISM.output_law(second, True, DPS).atom
            atoms = alpha * mpmath.log(p_atom) + (1 - alpha) * mpmath.log(q_atom)
            assert region - atoms > TOLERANCE * abs(atoms)


@pytest.mark.slow
def test_kl_divergence_alpha_to_one_is_v():
    """α → 1 edge: the KL divergence, computed from its own definition, is v(n) (1·v(n))."""
    with mpmath.workdps(DPS + 10):
        for n in (1, 50):
            low, high = _edge_laws(MECHANISM, n, clipped=False)
            kl = renyi_divergence(high, low, 1, dps=DPS)
            assert _relative_gap(kl, MECHANISM.v(n, DPS + 10)) <= TOLERANCE
            low, high = _edge_laws(MECHANISM, n, clipped=True)
            assert renyi_divergence(high, low, 1, dps=DPS) <= MECHANISM.v(n, DPS + 10) * (1 + TOLERANCE)


def test_quadrature_rejects_a_perturbed_budget():
    """Negative controls: 1.001·α·v(n) is not the unclipped divergence, and the clipped
    divergence at n = 1000 is not below 0.999·α·v(n)."""
    with mpmath.workdps(DPS + 10):
        expected = 2 * MECHANISM.v(1000, dps=DPS + 10)
        unclipped = _both_directions(MECHANISM, 1000, 2, clipped=False)[0]
        clipped = _both_directions(MECHANISM, 1000, 2, clipped=True)[0]
        assert _relative_gap(unclipped, expected * mpmath.mpf("1.001")) > TOLERANCE
        assert not clipped <= expected * mpmath.mpf("0.999")


@pytest.mark.slow
def test_equal_variance_gaussians_by_quadrature_match_11():
    with mpmath.workdps(DPS + 10):
        p, q = gaussian_law(mpmath.mpf("0.3"), 2), gaussian_law(mpmath.mpf("-1.1"), 2)
        for alpha in ("0.5", "1", "3", "50"):
            closed = gaussian_equal_variance(mpmath.mpf("0.3"), mpmath.mpf("-1.1"), 2, alpha)
            assert _relative_gap(renyi_divergence(p, q, alpha, dps=DPS), closed) <= TOLERANCE


def test_max_divergence_is_refused_by_quadrature():
    low, high = _edge_laws(MECHANISM, 3, clipped=False)
    for alpha in (float("inf"), "inf", mpmath.inf):
        with pytest.raises(DomainError) as error:
            renyi_divergence(low, high, alpha)
        assert error.value.parameter == "alpha"
    with pytest.raises(DomainError):
        renyi_divergence(low, high, 0)
    assert gaussian_equal_variance(0, 1, 1, mpmath.inf) == mpmath.inf


# -- §7: the unequal-variance Gaussian (33) ---------------------------------------------------

def test_threshold_35_is_where_condition_34_fails_on_the_reverse_edge():
    """(35) from (34), exactly: α s_n² + (1 − α) s_{n+1}² > 0 iff α < (n+1)²/(2n+1)."""
    r = Fraction(1, 7)
    for n in (1, 2, 10, 100, 10**6):
        threshold = unequal_gaussian.reverse_threshold(n)
        big, small = r * (n + 1), r * n
        assert not unequal_gaussian.finite_order_condition(threshold, big, small)
        assert unequal_gaussian.finite_order_condition(threshold - Fraction(1, 10**9), big, small)
        assert unequal_gaussian.finite_order_condition(10**6, small, big)      # forward: always finite
    # Negative control: the wrong threshold (n+1)/n is not where (34) changes.
    assert unequal_gaussian.finite_order_condition(Fraction(11, 10), r * 11, r * 10)


def _verdict(n, alpha, direction="reverse"):
    return unequal_gaussian.edge_divergence_evidence(n, "0.1", alpha, direction=direction, dps=15).verdict


@pytest.mark.slow
@pytest.mark.parametrize("alpha", ORDERS)
def test_unequal_gaussian_reverse_divergence_is_infinite_from_35_on_edge_10_11(alpha):
    expected = "diverges" if Fraction(alpha) >= unequal_gaussian.reverse_threshold(10) else "converges"
    assert _verdict(10, alpha) == expected


@pytest.mark.slow
def test_unequal_gaussian_diverges_exactly_at_the_threshold_and_not_just_below():
    threshold = unequal_gaussian.reverse_threshold(1)
    assert _verdict(1, threshold) == "diverges"
    assert _verdict(1, threshold - Fraction(1, 10)) == "converges"


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 100])
@pytest.mark.parametrize("alpha", ORDERS)
def test_unequal_gaussian_reverse_divergence_on_more_edges(n, alpha):
    expected = "diverges" if Fraction(alpha) >= unequal_gaussian.reverse_threshold(n) else "converges"
    assert _verdict(n, alpha) == expected
    assert _verdict(n, alpha, "forward") == "converges"


@pytest.mark.parametrize("n, alpha", [(1, "1.01"), (10, "5"), (100, "20")])
def test_converging_unequal_gaussian_integrals_settle_on_the_closed_form(n, alpha):
    r = Fraction(1, 10)
    evidence = unequal_gaussian.edge_divergence_evidence(n, r, alpha, dps=20)
    assert evidence.verdict == "converges"
    with mpmath.workdps(40):
        closed = unequal_gaussian.renyi_closed_form(n + 1, r * (n + 1), n, r * n, alpha)
        by_windows = evidence.log_limit / (_order(alpha) - 1)
        assert _relative_gap(by_windows, closed) <= mpmath.mpf(10) ** (-required_digits(20))
        # and the generic quadrature of renyi.py reaches the same value
        p, q = unequal_gaussian.law(n + 1, r), unequal_gaussian.law(n, r)
        assert _relative_gap(renyi_divergence(p, q, alpha, dps=DPS), closed) <= TOLERANCE


@pytest.mark.parametrize("alpha", ORDERS + ("1",))
def test_unequal_gaussian_edge_0_1_is_infinite_at_every_order(alpha):
    zero, one = unequal_gaussian.law(0, "0.1"), unequal_gaussian.law(1, "0.1")
    assert renyi_divergence(one, zero, alpha) == mpmath.inf   # X_1 has a density, X_0 = δ_0
    assert renyi_divergence(zero, one, alpha) == mpmath.inf   # the atom of X_0 is X_1-null
