"""Closed forms: every operator is evaluated, or the derivation stops; exact zeros are exact.

``closed_form`` evaluates integrals, derivatives, limits (from the stated side)
and sums wherever they occur in an expression, adds up the pieces of an integral
cut at its kinks, and refuses a result that still holds an operator, nan, or a
limit that only has bounds.  ``is_zero`` answers True only when one of its
strategies (expansion, cancellation, simplification, logarithms expanded, error
functions, powers combined) reaches exactly 0.
"""
import pytest
import sympy as sp

from proofcheck.core.symbolic.operators import NoClosedForm, closed_form, is_zero, nonzero_at

x = sp.Symbol("x", real=True)
p = sp.Symbol("p", positive=True)
k = sp.Symbol("k", integer=True, positive=True)
n = sp.Symbol("n", integer=True, positive=True)
u, v = sp.symbols("u v")
f = sp.Function("f")


@pytest.mark.parametrize("expr, closed", [
    (sp.Derivative(x ** 3, x), 3 * x ** 2),
    (sp.Derivative(x ** 3, (x, 2)), 6 * x),
    (sp.Limit(sp.sin(x) / x, x, 0), 1),
    (sp.Limit(1 / x, x, 0, "-"), -sp.oo),
    (sp.Limit(1 / x, x, 0, "+"), sp.oo),
    (sp.Sum(k, (k, 1, n)), n ** 2 / 2 + n / 2),
    (1 + sp.Integral(2 * x, (x, 0, p)), p ** 2 + 1),
    (sp.Derivative(sp.Integral(x * p, (x, 0, p)), p), 3 * p ** 2 / 2),
    (sp.Integral(sp.Derivative(sp.Integral(x * p, (x, 0, p)), p), (p, 0, 1)), sp.Rational(1, 2)),
    (sp.Limit(sp.Integral(x, (x, 0, p)) / p ** 2, p, 0), sp.Rational(1, 2)),
    (sp.Sum(sp.Integral(x, (x, 0, 1)), (k, 1, n)), n / 2),
])
def test_every_operator_of_an_expression_is_evaluated(expr, closed):
    assert closed_form(expr, {p: 1}) == sp.expand(closed)


def test_an_integral_cut_at_its_kink_adds_up_its_pieces():
    assert closed_form(sp.Integral(sp.Abs(x - 1), (x, 0, 3))) == sp.Rational(5, 2)


@pytest.mark.parametrize("expr, reason", [
    (sp.nan, "^SymPy produced nan$"),
    (sp.Limit(sp.sin(1 / x), x, 0), "did not take the limit of sin\\(1/x\\)"),
    (sp.Sum(1 / k ** k, (k, 1, sp.oo)), "did not close the sum"),
    (sp.Derivative(f(x), x), "left an unevaluated operator"),
    (sp.Integral(sp.gamma(x), (x, 1, 2)), "^SymPy did not close the integral of gamma\\(x\\)$"),
])
def test_what_sympy_leaves_open_is_no_closed_form(expr, reason):
    with pytest.raises(NoClosedForm, match=reason):
        closed_form(expr)


POSITIVE_U, POSITIVE_V = sp.symbols("u v", positive=True)


@pytest.mark.parametrize("expr", [
    sp.log(POSITIVE_U ** 2) - 2 * sp.log(POSITIVE_U),                     # logarithms split
    sp.erfc(u) + sp.erf(u) - 1,                                            # error functions
    sp.sqrt(POSITIVE_U * POSITIVE_V) - sp.sqrt(POSITIVE_U) * sp.sqrt(POSITIVE_V),  # powers combined
])
def test_identities_that_need_a_rewriting_are_zero(expr):
    assert is_zero(expr, budget=None)


@pytest.mark.parametrize("expr", [
    sp.log(u ** 2) - 2 * sp.log(u),            # 2 pi i at u = -1: no identity for u of unknown sign
    sp.sqrt(u * v) - sp.sqrt(u) * sp.sqrt(v),  # 2 at u = v = -1
])
def test_rewritings_that_hold_for_positive_values_only_are_not_taken_for_any_value(expr):
    assert not is_zero(expr, budget=None)


def test_balls_see_a_nonzero_value_at_a_point_and_say_nothing_of_a_zero():
    assert nonzero_at(sp.exp(p) - 1, [{p: sp.Rational(1, 3)}])
    assert not nonzero_at(sp.exp(p) - 1, [])
    assert not nonzero_at(p - sp.Rational(1, 3), [{p: sp.Rational(1, 3)}])
    assert nonzero_at(p - sp.Rational(1, 3), [{p: sp.Rational(1, 3)}, {p: 1}])


def test_a_simplification_cut_short_by_its_budget_shows_nothing():
    # Only the exponential rewriting, after three full simplifications (each far beyond
    # 0.02 s of CPU time), reduces this to 0.
    w = sp.Symbol("w_budget")
    identity = sp.coth(w) - (sp.exp(2 * w) + 1) / (sp.exp(2 * w) - 1)
    assert is_zero(identity, budget=0.02) is False
