"""dropped_radii: what an integral's or a sum's balls leave out of its mpf value is counted
against the size of its terms, never against 1."""
import mpmath
import pytest
import sympy as sp
from flint import arb

from proofcheck.core.model.errors import CancelledDigits
from proofcheck.core.numbers import dropped_radii, numeric
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import arb_bits

Z = sp.Symbol("z", real=True)
K = sp.Symbol("K", positive=True)
J = sp.Symbol("j", integer=True)


def test_radii_within_an_eighth_of_the_bits_of_the_terms_pass_and_beyond_them_cancel():
    with arb_bits(200):  # an eighth: 25 bits
        with dropped_radii.ledger() as kept:
            dropped_radii.enter(arb(2) ** -200, arb(2) ** -170)
        kept.check("a test")
        with dropped_radii.ledger() as lost:
            dropped_radii.enter(arb(2) ** -200, arb(2) ** -180)
        with pytest.raises(CancelledDigits, match="seven eighths"):
            lost.check("a test")


def test_an_inner_ledger_keeps_its_radii_to_itself():
    with dropped_radii.ledger() as outer:
        dropped_radii.enter(arb(0), arb(1))
        with dropped_radii.ledger() as inner:
            dropped_radii.enter(arb(1), arb(0))
    outer.check("the outer integral")
    with pytest.raises(CancelledDigits):
        inner.check("the inner integral")


def test_an_integrand_whose_every_node_cancelled_is_taken_again_at_more_bits():
    # At 50 digits 2^600 (1 + 2^-600 t) - 2^600 is a ball about 0 at each node; quadrature takes
    # such a node again at more bits (tanh_sinh), and the integral comes out right, not 0.
    operator = sp.Integral(sp.exp(-700) * (2 ** K * (1 + 2 ** -K * (2 + sp.tanh(Z))) - 2 ** K), (Z, 0, 1))
    numeric.forget_values()
    value = evaluate(operator, {K: sp.Integer(600)}, 50)
    with mpmath.workdps(50):
        exact = mpmath.mpf(sp.N(sp.exp(-700) * (2 + sp.log(sp.cosh(1))), 60))
        # 30 digits of the 50 worked at: far from 0, which every node's midpoint was.
        assert abs(value - exact) <= exact * mpmath.mpf(10) ** -30


@pytest.mark.parametrize("operator, k", [
    (sp.Sum(2 ** K * (1 + 2 ** -K * (2 + sp.tanh(J)) / J ** 2) - 2 ** K, (J, 1, 5)), 600),
    # mpmath's nsum adds bits of its own: 2^600 no longer cancels them all.
    (sp.Sum(2 ** K * (1 + 2 ** -K * (2 + sp.tanh(J)) / J ** 2) - 2 ** K, (J, 1, sp.oo)), 900),
])
@pytest.mark.slow
def test_an_operator_whose_every_term_cancelled_is_cancelled_digits_not_0(operator, k):
    # At 50 digits 2^K (1 + 2^-K t) - 2^K is a ball about 0: each midpoint was 0.
    numeric.forget_values()
    with pytest.raises(CancelledDigits):
        evaluate(operator, {K: sp.Integer(k)}, 50)
    if k == 600:
        value = evaluate(operator, {K: sp.Integer(k)}, 400)
        assert value > 0 and mpmath.isfinite(value)


def test_an_integrand_around_an_inner_integral_is_on_balls_and_its_cancellation_seen():
    # Walked by mpmath, 2^400 (1 + 2^-400 (2 + int_0^1 Ai(z t) dt)) - 2^400 was 0 at every node.
    t = sp.Symbol("t", real=True)
    inner = sp.Integral(sp.airyai(Z * t), (t, 0, 1))
    outer = sp.Integral(2 ** K * (1 + 2 ** -K * (2 + inner)) - 2 ** K, (Z, 0, 1))
    numeric.forget_values()
    with pytest.raises(CancelledDigits):
        evaluate(outer, {K: sp.Integer(400)}, 50)
    plain = evaluate(sp.Integral(2 + inner, (Z, 0, 1)), {}, 30)
    assert abs(plain - mpmath.mpf("2.293191137017")) < 1e-11
