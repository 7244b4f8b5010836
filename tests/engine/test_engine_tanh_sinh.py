"""The tanh-sinh rule that maps half-line nodes once gives mpmath's own integral, to the bit."""
import mpmath
import pytest

from proofcheck.core import tanh_sinh

INF = mpmath.inf
INTEGRANDS = [lambda x: mpmath.exp(-x * x / 2), lambda x: 1 / (1 + x * x),
              lambda x: mpmath.exp(-abs(x - 3)) * x ** 2]
PIECES = [[-INF, INF], [-INF, mpmath.mpf(1) / 3], [mpmath.mpf(-2) / 7, INF], [-INF, 0, 2, INF], [0, 1],
          [INF, 0]]


@pytest.mark.parametrize("dps", [30, 70])
@pytest.mark.parametrize("pieces", PIECES, ids=str)
def test_every_piece_is_integrated_exactly_as_mpmath_integrates_it(dps, pieces):
    with mpmath.workdps(dps):
        for f in INTEGRANDS:
            expected = mpmath.quad(f, pieces, error=True, maxdegree=6)
            # Twice: the second call takes the mapped nodes kept by the first.
            assert tanh_sinh.quad(f, pieces, error=True, maxdegree=6) == expected
            assert tanh_sinh.quad(f, pieces, error=True, maxdegree=6) == expected


def test_a_shift_of_the_half_line_moves_the_integral_with_it():
    # Negative control: the kept nodes must be shifted to each new end, not reused as they are.
    with mpmath.workdps(40):
        f = lambda x: mpmath.exp(-x * x)  # noqa: E731
        near = tanh_sinh.quad(f, [0, INF])
        far = tanh_sinh.quad(f, [1, INF])
        assert abs(near - mpmath.sqrt(mpmath.pi) / 2) < mpmath.mpf(10) ** -35
        assert abs(far - mpmath.sqrt(mpmath.pi) * mpmath.erfc(1) / 2) < mpmath.mpf(10) ** -35


# -- how many levels an integral is given ------------------------------------------------

def test_an_integral_unresolved_at_the_first_levels_is_given_the_last_ones():
    # 1/((x - 1/3)^2 + eps^2), eps = 10^-2.75: mpmath's estimate is at its cap (1) at levels
    # 10 and 11, the peak not yet resolved, so no rate is known; the levels up to the last
    # are spent, and the integral converges.
    with mpmath.workdps(20):
        eps = mpmath.mpf(10) ** mpmath.mpf(-2.75)
        third, eps2 = mpmath.mpf(1) / 3, eps ** 2

        def pole_near_the_range(x):
            return 1 / ((x - third) ** 2 + eps2)

        tolerance = mpmath.mpf(10) ** -15
        value, error = tanh_sinh.quad_to(pole_near_the_range, [0, 1], tolerance)
        exact = (mpmath.atan(2 / (3 * eps)) + mpmath.atan(1 / (3 * eps))) / eps
        assert error <= tolerance * abs(value)
        assert abs(value - exact) <= tolerance * exact


def test_an_error_that_stalls_below_the_cap_is_given_one_more_level_not_four():
    # 1/sqrt(x) at 110 digits: the nodes cannot come closer to 0 than the precision allows,
    # and the estimate stays near 1e-58 at every level.  Reported, not converged.
    calls = []

    def singular(x):
        calls.append(x)
        return 1 / mpmath.sqrt(x)

    with mpmath.workdps(110):
        tolerance = mpmath.mpf(10) ** -100
        value, error = tanh_sinh.quad_to(singular, [0, 1], tolerance)
        assert error > tolerance
        assert abs(value - 2) < mpmath.mpf(10) ** -50
        spent = len(calls)
        calls.clear()
        for degree in (tanh_sinh.FIRST_DEGREE, tanh_sinh.FIRST_DEGREE + 1):
            tanh_sinh.quad(singular, [0, 1], maxdegree=degree)
    # The first attempt and one more level: the nodes of levels 12 to 14 were never made.
    assert spent == len(calls)


def test_levels_two_apart_that_differ_by_exactly_1_are_no_convergence():
    # mpmath's estimate divides by log10 |I_k - I_(k-2)|, 0 here: it raised ZeroDivisionError.
    rule = tanh_sinh._rule(mpmath.mp)
    results = [mpmath.mpf(0), mpmath.mpf(1) / 2, mpmath.mpf(1)]
    assert rule.estimate_error(results, mpmath.mp.prec, mpmath.mp.eps) == 1
