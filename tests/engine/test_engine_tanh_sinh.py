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
