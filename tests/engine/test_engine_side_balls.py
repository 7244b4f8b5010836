"""A side of a numeric comparison as a ball (core/numbers/side_balls.py): Arb around mpmath's leaves."""
import mpmath
import pytest
import sympy as sp
from flint import arb, fmpq

from proofcheck.core.model.errors import CancelledDigits, EvaluationError
from proofcheck.core.numbers.precision import arb_bits
from proofcheck.core.numbers.side_balls import _cut, ball_scale, side_ball, within

K, X, Z = sp.symbols("K x z", real=True)
PHI = sp.Integral(sp.exp(-Z**2 / 2) / sp.sqrt(2 * sp.pi), (Z, -sp.oo, sp.oo))
# An integral that is 0: quadrature gives noise of one sign, 6e-65 at 50 digits, 5e-115 at 100.
NOISE = sp.Integral((Z - 1) * sp.exp(-(Z - 1)**2) * (2 + sp.tanh(Z - 1)**2), (Z, -sp.oo, sp.oo))


def test_the_leaves_are_the_largest_parts_balls_cannot_enclose():
    marked, leaves = _cut(sp.exp(K) * (1 + sp.exp(-K) * PHI) - sp.exp(K), (K,))
    assert leaves == (PHI,)
    # A condition without a ball rule (an equation) makes its Piecewise a leaf; a comparison does not.
    piecewise = sp.Piecewise((X, sp.Eq(X, 1)), (2 * X, True))
    marked, leaves = _cut(piecewise + sp.exp(K), (K, X))
    assert leaves == (piecewise,) and marked == sp.Symbol("leaf__0") + sp.exp(K)
    compared = sp.Piecewise((X, X > 1), (2 * X, True))
    assert _cut(compared + sp.exp(K), (K, X)) == (compared + sp.exp(K), ())
    assert _cut(sp.exp(K) * X, (K, X)) == (sp.exp(K) * X, ())


def test_a_closed_form_that_cancels_two_terms_of_size_e400_is_a_wide_ball_not_0():
    # mpmath gives 0 at 50 and at 100 digits; the true value is x.
    side = sp.exp(K) * (1 + X * sp.exp(-K)) - sp.exp(K)
    ball = side_ball(side, {K: sp.Integer(400), X: sp.Integer(1)}, 50)
    assert ball.contains(1) and ball.contains(0) and not within(ball, 10**-30)
    assert side_ball(side, {K: sp.Integer(400), X: sp.Integer(1)}, 200).contains(1)
    assert not side_ball(side, {K: sp.Integer(400), X: sp.Integer(1)}, 200).contains(0)


def test_a_leaf_is_a_ball_about_its_value_at_twice_the_digits_as_wide_as_its_change():
    ball = side_ball(sp.exp(K) * (1 + sp.exp(-K) * PHI) - sp.exp(K), {K: sp.Integer(200)}, 50)
    assert ball.contains(1) and ball.rad() < arb(10) ** -15


@pytest.mark.slow
def test_noise_about_0_is_a_ball_about_0_as_wide_as_the_noise():
    side = K * sp.Rational(1, 10**60) + sp.Rational(1, 10**130) - NOISE
    at = {K: sp.Integer(1)}
    with arb_bits(2000):
        exact = arb(fmpq(1, 10**60))
        for dps in (50, 100):
            ball = side_ball(side, at, dps)
            assert ball.contains(exact) and ball.contains(exact + arb(fmpq(1, 10**130)))  # the noise hides it
        ball = side_ball(side, at, 200)
        assert ball > exact  # the true 10^-130 shows at 200 and 400 digits


def test_an_infinite_leaf_gives_no_ball():
    # An infinity is decided by the rules for infinities, not by a ball.
    assert side_ball(sp.Piecewise((sp.oo, K > 0), (1, True)) + K, {K: sp.Integer(1)}, 50) is None


def test_a_leaf_mpmath_cannot_compute_raises_as_evaluate_does():
    with pytest.raises(EvaluationError):
        side_ball(sp.Limit(1 / Z, Z, 0, "+") + K, {K: sp.Integer(1)}, 50)


def test_a_side_certainly_not_0_is_measured_at_its_own_size_against_one_that_is_0_up_to_a_radius():
    tiny = arb(5) * arb(10) ** -271
    zero_ish = arb(0, 10**-60)
    assert ball_scale(zero_ish, tiny, 10**-30) == mpmath.mpf(tiny.mid().str(30, radius=False))
    assert ball_scale(zero_ish, arb(0), 10**-30) == 10**-30


def test_a_ball_is_shown_with_the_digits_its_radius_leaves():
    from proofcheck.core.numbers.side_balls import ball_text
    with arb_bits(200):
        assert ball_text(arb(1) / 3, 20) == "0.33333333333333333333"
        assert ball_text(arb(1, 10**-6) / 3, 20) == "0.33333"  # a radius of 10^-6 of itself
        assert ball_text(arb(0, 10**-6), 20) is None and ball_text(arb(0), 20) == "0"
        assert ball_text(arb(1, 1) / 3, 20) is None


@pytest.mark.slow
def test_a_counterexample_shows_the_balls_that_decided_it_not_mpmaths_noise():
    # mpmath showed the right side as 0.99994 10^-60, below the left side it exceeds.
    from pathlib import Path

    from proofcheck import papers
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.check import check_claim
    path = Path(__file__).parents[1] / "soundness" / "false" / "cancellation.claims.toml"
    claim = next(c for c in papers.load_claims(path=path) if c.id == "noise-in-the-low-digits-of-a-side")
    verdict = check_claim(claim, Settings())
    assert verdict.status == "failed"
    assert (verdict.counterexample["lhs"], verdict.counterexample["rhs"]) == ("1.0e-60", "1.0e-60")


@pytest.mark.parametrize("side", [
    sp.floor(2 ** K * (1 + 2 ** -K * (X + 1)) - 2 ** K),
    sp.Piecewise((1, 2 ** K * (1 + 2 ** -K * X) - 2 ** K > 0), (0, True)),
    sp.sign(2 ** K * (1 + 2 ** -K * X) - 2 ** K) + sp.Integral(X, (X, 0, 1)),
])
def test_a_step_across_its_jump_on_the_balls_is_cancelled_digits_not_mpmaths_side(side):
    # At 50 digits each argument is a ball about 0 (it is x + 1, or x); mpmath took 0.  At an
    # exact rational point SymPy takes the step of the exact argument instead.
    inexact = {K: sp.Integer(600), X: mpmath.mpf(1.5)}
    with pytest.raises(CancelledDigits):
        side_ball(side, inexact, 50)
    assert side_ball(side, inexact, 400) > 0
    if not side.has(sp.sign):
        assert side_ball(side, {K: sp.Integer(600), X: sp.Rational(3, 2)}, 50) > 0


def test_a_step_exactly_at_its_jump_is_taken_at_the_points_exact_values():
    # ceiling(C_r n) with C_r n an integer at r = 1 - 10^-30, n = 1001 (Proposition 6.2).
    r, n = sp.Symbol("r", positive=True), sp.Symbol("n", positive=True)
    side = sp.ceiling(((1 + 3 * r) / (1 - r)) ** 2 * n)
    point = {r: 1 - sp.Rational(1, 10 ** 30), n: sp.Integer(1001)}
    assert side_ball(side, point, 50) == (4 * 10 ** 30 - 3) ** 2 * 1001
