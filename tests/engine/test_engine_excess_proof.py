"""The excess of sup D_alpha/alpha over its alpha -> 1 limit, bracketed by Arb over every order
(dp/divergences/excess_proof.py), and the closed form recognised as a Renyi divergence of two
laws on finitely many points (dp/divergences/renyi_form.py)."""
import sympy as sp

from proofcheck.dp.divergences.excess_proof import certified_excess
from proofcheck.dp.divergences.renyi_form import finite_renyi

alpha = sp.Symbol("alpha", positive=True)


def krr(eps, k):
    return sp.log((sp.exp(alpha * eps) + sp.exp((1 - alpha) * eps) + k - 2) / (sp.exp(eps) + k - 1)) / (alpha - 1)


def test_randomized_response_at_fixed_eps_is_a_renyi_divergence_of_two_finite_laws():
    assert finite_renyi(krr(sp.Rational(1, 10), 7), alpha)
    assert finite_renyi(sp.log((2**alpha + 2 ** (1 - alpha)) / 3) / (alpha - 1), alpha)


def test_a_moment_not_summing_to_one_is_no_renyi_divergence():
    assert not finite_renyi(sp.log((2**alpha + 1) / 3) / (alpha - 1), alpha)
    wrong = sp.log((sp.exp(alpha / 10) + sp.exp((1 - alpha) / 10) + 6) / (sp.exp(sp.Rational(1, 10)) + 6))
    assert not finite_renyi(wrong / (alpha - 1), alpha)


def test_a_negative_weight_or_an_exponent_not_affine_in_alpha_is_no_renyi_divergence():
    assert not finite_renyi(sp.log(2 * 2**alpha - 3**alpha) / (alpha - 1), alpha)
    quadratic = sp.log((sp.exp(alpha**2 / 10) + sp.exp((1 - alpha) / 10) + 5) / (sp.exp(sp.Rational(1, 10)) + 6))
    assert not finite_renyi(quadratic / (alpha - 1), alpha)
    assert not finite_renyi(alpha / 2, alpha)


def test_the_printed_excess_of_seven_ary_randomized_response_is_bracketed_over_every_order():
    proof = certified_excess(krr(sp.Rational(1, 10), 7), alpha, "1.1", 16.8637)
    assert proof is not None
    assert "1.05%" in proof.words and "1.15%" in proof.words


def test_a_printed_excess_one_unit_off_is_not_bracketed():
    for printed in ("1.0", "1.2"):
        assert certified_excess(krr(sp.Rational(1, 10), 7), alpha, printed, 16.8637) is None
