"""The proof of D_alpha/alpha <= rho over every order alpha > 1 at fixed parameters (``alpha_proof``)."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from proofcheck.dp.divergences.alpha_proof import prepare, prove_orders

ALPHA, EPS = sp.symbols("alpha eps", positive=True)
# Mironov 2017, Prop. 6: the Laplace mechanism's D_alpha; rho = eps + e^-eps - 1 (its KL).
LAPLACE = sp.log(ALPHA / (2 * ALPHA - 1) * sp.exp((ALPHA - 1) * EPS)
                 + (ALPHA - 1) / (2 * ALPHA - 1) * sp.exp(-ALPHA * EPS)) / (ALPHA - 1)
RHO = EPS + sp.exp(-EPS) - 1


def _prove(divergence, rho, eps, refutes=lambda order: True):
    prepared = prepare(divergence, rho, ALPHA)
    assert not isinstance(prepared, str), prepared
    return prove_orders(prepared, {EPS: eps}, refutes)


def test_laplace_at_eps_one_is_proved_over_every_order_up_to_its_far_end():
    outcome = _prove(LAPLACE, RHO, sp.Integer(1), refutes=lambda order: False)
    assert outcome.status == "proved" and 1 <= outcome.far <= 4


def test_a_bump_between_grid_orders_is_refuted_at_an_order_inside_it():
    # A bump of about rho in D_alpha/alpha at alpha = 11.3, width 1/4, zero at alpha = 1: a grid
    # of 16 orders a decade has alpha - 1 = 10^(16/16) and 10^(17/16), and sees almost none of it.
    bump = ALPHA * (ALPHA - 1) ** 2 / 106 * RHO * sp.exp(-(4 * (ALPHA - sp.Rational(113, 10))) ** 2)
    divergence, eps = LAPLACE + bump, sp.Rational(1, 2)

    def exceeds(order):
        at = {EPS: eps, ALPHA: sp.Rational(order.numerator, order.denominator)}
        return (divergence / ALPHA - RHO).xreplace(at).evalf(50) > 0

    outcome = _prove(divergence, RHO, eps, refutes=exceeds)
    assert outcome.status == "refuted"
    assert Fraction(10) < outcome.order < Fraction(63, 5) and exceeds(outcome.order)


def test_a_rho_below_the_kl_is_never_proved():
    # F'(0) = rho - K'(0) < 0: the Taylor argument near alpha = 1 cannot hold, so the route fails.
    outcome = _prove(LAPLACE, RHO * sp.Rational(999, 1000), sp.Integer(1), refutes=lambda order: False)
    assert outcome.status != "proved"


def test_a_divergence_without_a_finite_limit_at_infinity_names_the_reason():
    assert "no finite limit" in prepare(ALPHA ** 2, EPS, ALPHA)
