"""The tanh-sinh rule that maps half-line nodes once gives mpmath's own integral, to the bit;
summed on balls, to its digits."""
import mpmath
import pytest
from flint import arb

from proofcheck.core.numbers import tanh_sinh
from proofcheck.core.numbers.settled_quadrature import NodeRecorder

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


class OnBalls:
    """An integrand given twice, on mpf and on balls (as ``ball_integrands.BallIntegrand`` is), that
    counts its calls; ``refuse(x)`` says where its ball is refused."""

    def __init__(self, on_mpmath, on_balls, refuse=lambda x: False):
        self.on_mpmath, self.on_balls, self.refuse = on_mpmath, on_balls, refuse
        self.mpf_nodes, self.ball_calls = [], 0

    def at_ball(self, x):
        self.ball_calls += 1
        return None if self.refuse(x) else self.on_balls(x)

    def __call__(self, x):
        self.mpf_nodes.append(x)
        return self.on_mpmath(x)


BALL_INTEGRANDS = [(lambda x: mpmath.exp(-x * x / 2), lambda x: (-x * x / 2).exp()),
                   (lambda x: 1 / (1 + x * x), lambda x: 1 / (1 + x * x)),
                   (lambda x: mpmath.exp(-abs(x - 3)) * x ** 2, lambda x: (-abs(x - 3)).exp() * x ** 2)]


@pytest.mark.parametrize("dps", [30, 70])
@pytest.mark.parametrize("pieces", PIECES[:-1], ids=str)
def test_an_integrand_summed_on_balls_has_the_digits_of_mpmath_s_integral(dps, pieces):
    with mpmath.workdps(dps):
        for on_mpmath, on_balls in BALL_INTEGRANDS:
            expected, expected_error = mpmath.quad(on_mpmath, pieces, error=True, maxdegree=6)
            f = OnBalls(on_mpmath, on_balls)
            value, error = tanh_sinh.quad(f, pieces, error=True, maxdegree=6)
            assert f.ball_calls > 0 and f.mpf_nodes == []  # every node was summed on balls
            assert abs(value - expected) <= mpmath.mpf(10) ** (3 - dps) * abs(expected)
            assert mpmath.almosteq(error, expected_error, rel_eps=mpmath.mpf(10) ** -3) or \
                max(error, expected_error) < mpmath.mpf(10) ** (-dps)


def test_summing_on_balls_leaves_arb_s_precision_as_it_found_it():
    from flint import ctx
    before = ctx.prec
    with mpmath.workdps(60):
        tanh_sinh.quad(OnBalls(*BALL_INTEGRANDS[0]), [0, INF], maxdegree=4)
    assert ctx.prec == before


def test_a_wrong_value_on_balls_is_what_the_sum_would_show():
    # Negative control: the balls are summed, not a value computed beside them.
    with mpmath.workdps(30):
        on_mpmath, on_balls = BALL_INTEGRANDS[0]
        wrong = OnBalls(on_mpmath, lambda x: on_balls(x) * (1 + arb(10) ** -12))
        value = tanh_sinh.quad(wrong, [-INF, INF], maxdegree=6)
        assert abs(value / mpmath.sqrt(2 * mpmath.pi) - 1 - mpmath.mpf(10) ** -12) < mpmath.mpf(10) ** -25


def test_a_node_refused_on_balls_is_evaluated_by_mpmath_at_mpmath_s_own_node():
    # Refused on the finite piece [0, 3] (whose weights are scaled by 3/2) and on the half-line.
    with mpmath.workdps(40):
        on_mpmath, on_balls = BALL_INTEGRANDS[2]
        refused = lambda x: 1 < x < 2 or x > 5  # noqa: E731
        seen = []
        mpmath.quad(lambda x: seen.append(x) or on_mpmath(x), [0, 3, INF], maxdegree=6)
        f = OnBalls(on_mpmath, on_balls, refuse=refused)
        value = tanh_sinh.quad(f, [0, 3, INF], maxdegree=6)
        assert any(x < 2 for x in f.mpf_nodes) and any(x > 5 for x in f.mpf_nodes)
        assert all(refused(x) for x in f.mpf_nodes)
        assert set(f.mpf_nodes) <= set(seen)  # the very mpf nodes mpmath's quadrature uses
        assert abs(value - mpmath.quad(on_mpmath, [0, 3, INF], maxdegree=6)) < mpmath.mpf(10) ** -37


def test_a_complex_value_at_a_refused_node_is_summed_apart():
    with mpmath.workdps(30):
        f = OnBalls(lambda x: mpmath.exp(-x) * (1 + 1j), lambda x: (-x).exp(), refuse=lambda x: True)
        value = tanh_sinh.quad(f, [0, INF], maxdegree=8)
        assert abs(value - (1 + 1j)) < mpmath.mpf(10) ** -25


def test_a_recorder_on_balls_sees_the_sizes_and_the_top_node_that_mpmath_s_values_give():
    # The settled quadrature finds peaks and scales from what its recorder kept: on balls,
    # the same magnitudes (of the same midpoints) and the same largest node.
    with mpmath.workdps(30):
        on_mpmath = lambda x: mpmath.exp(-(x - 5) ** 2 / 2)  # noqa: E731
        on_balls = lambda x: (-(x - 5) ** 2 / 2).exp()  # noqa: E731
        plain, balls = NodeRecorder(on_mpmath), NodeRecorder(OnBalls(on_mpmath, on_balls))
        tanh_sinh.quad(plain, [0, INF], maxdegree=6)
        tanh_sinh.quad(balls, [0, INF], maxdegree=6)
        assert len(balls.values) == len(plain.values)
        (top, node), (top_plain, node_plain) = balls.top(), plain.top()
        # Within the working precision of the largest value the sizes agree (far out, where
        # the value is below e^-10^30, a ball may hold 0: such a node meets no test).
        near = [(a, b) for a, b in zip(balls.magnitudes, plain.magnitudes) if b >= top_plain - mpmath.mp.prec]
        assert len(near) > 10 and all(abs(a - b) <= 1 for a, b in near)
        assert top == top_plain and abs(node - node_plain) < mpmath.mpf(10) ** -28
        assert balls.one_signed() and plain.one_signed()


def test_a_recorder_on_balls_sees_an_integrand_change_sign_as_mpmath_s_values_show():
    # A sign change makes the settled quadrature measure an integral by its largest value, not
    # by itself (which may cancel to 0): on balls the recorder must see it too.
    with mpmath.workdps(30):
        on_mpmath = lambda x: mpmath.exp(-x * x) * (x - 1)  # noqa: E731
        on_balls = lambda x: (-x * x).exp() * (x - 1)  # noqa: E731
        plain, balls = NodeRecorder(on_mpmath), NodeRecorder(OnBalls(on_mpmath, on_balls))
        tanh_sinh.quad(plain, [-INF, INF], maxdegree=6)
        tanh_sinh.quad(balls, [-INF, INF], maxdegree=6)
        assert not plain.one_signed() and not balls.one_signed()


def test_a_shift_of_the_half_line_moves_the_integral_with_it():
    # Negative control: the kept nodes must be shifted to each new end, not reused as they are.
    with mpmath.workdps(40):
        f = lambda x: mpmath.exp(-x * x)  # noqa: E731
        near = tanh_sinh.quad(f, [0, INF])
        far = tanh_sinh.quad(f, [1, INF])
        assert abs(near - mpmath.sqrt(mpmath.pi) / 2) < mpmath.mpf(10) ** -35
        assert abs(far - mpmath.sqrt(mpmath.pi) * mpmath.erfc(1) / 2) < mpmath.mpf(10) ** -35


# -- how many levels an integral is given ------------------------------------------------

@pytest.mark.slow
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


@pytest.mark.slow
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
