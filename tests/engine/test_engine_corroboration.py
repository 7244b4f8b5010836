"""corroboration: a closed form of SymPy's operators is held against the operator computed
numerically, and refused where the two lie apart; where no value can be had, nothing is decided."""
import pytest
import sympy as sp

from proofcheck.core.symbolic import corroboration
from proofcheck.core.symbolic import operators as symbolic
from proofcheck.core.symbolic.operators import NoClosedForm, closed_form

X = sp.Symbol("x", real=True)
A = sp.Symbol("a", positive=True)
K = sp.Symbol("k", real=True)
POINT = {A: sp.Rational(3, 4)}


def test_a_closed_form_the_quadrature_contradicts_is_found_with_both_balls():
    integral = sp.Integral(A * sp.exp(-X), (X, 0, 1))
    found = corroboration.contradiction(integral, -A * (1 - sp.exp(-1)), [POINT])
    assert found is not None
    assert found["point"] == "a = 3/4"
    assert found["definition"].startswith("[0.474 ")
    assert found["SymPy"].startswith("[-0.474")


def test_a_closed_form_whose_value_passes_through_complex_numbers_is_held_too():
    # SymPy's integral of cos t/(a + cos t) over [0, 2 pi] for a != 1: 2 pi at a = 109/100 too,
    # where the integral is 2 pi (1 - a/sqrt(a^2 - 1)) = -9.51.  Arb's real balls cannot hold
    # sqrt(-1/(a - 1)); mpmath's value can.
    t = sp.Symbol("t", real=True)
    root = sp.sqrt(-1 / (A - 1)) * sp.sqrt(A + 1)
    closed = 2 * sp.pi * A * root / (A * root - root) - 2 * sp.pi * root / (A * root - root)
    integral = sp.Integral(sp.cos(t) / (A + sp.cos(t)), (t, 0, 2 * sp.pi))
    found = corroboration.contradiction(integral, closed, [{A: sp.Rational(109, 100)}])
    assert found is not None and found["definition"].startswith("[-9.51")
    assert corroboration.contradiction(integral, closed, [{A: sp.Rational(1, 2)}]) is None


def test_a_right_closed_form_is_not_contradicted():
    integral = sp.Integral(A * sp.exp(-X), (X, 0, 1))
    assert corroboration.contradiction(integral, A * (1 - sp.exp(-1)), [POINT]) is None


def test_a_closed_form_off_by_less_than_the_clear_margin_is_not_refused_but_one_beyond_it_is():
    # At DIGITS = 20 each side is trusted to 10^-4 of its size: the net catches blunders.
    integral = sp.Integral(sp.exp(-X), (X, 0, 1))
    exact = 1 - sp.exp(-1)
    assert corroboration.contradiction(integral, exact * (1 + sp.Rational(1, 10**6)), [{}]) is None
    assert corroboration.contradiction(integral, exact * (1 + sp.Rational(1, 100)), [{}]) is not None


def test_a_variable_a_point_leaves_free_is_given_a_value_its_assumptions_allow():
    # A wrong closed form in a variable no point gives a value was never held (SymPy's -t).
    integral = sp.Integral(A * sp.exp(-X), (X, 0, 1))
    assert corroboration.contradiction(integral, -A, [{}]) is not None
    assert corroboration.contradiction(integral, A * (1 - sp.exp(-1)), [{}]) is None


def test_nested_operators_are_not_computed():
    inner = sp.Integral(sp.exp(-X * K), (X, 0, 1))
    nested = sp.Limit(inner, K, 0, "+")
    assert corroboration.contradiction(nested, sp.Integer(-7), [{}]) is None


def test_a_derivative_is_taken_by_sympy_so_a_limit_of_one_is_held_against_the_numbers():
    slope = sp.Limit(sp.Derivative(sp.sqrt(1 - sp.cos(K)), K), K, 0, "+")
    found = corroboration.contradiction(slope, sp.Integer(0), [{}])
    assert found is not None and found["definition"].startswith("[0.707 ")  # 1/sqrt(2)
    assert corroboration.contradiction(slope, 1 / sp.sqrt(2), [{}]) is None


def test_a_point_where_the_operator_cannot_be_computed_decides_nothing():
    # The integral diverges at 0: quadrature gives no value, and SymPy's word stands.
    divergent = sp.Integral(1 / X, (X, 0, 1))
    assert corroboration.contradiction(divergent, sp.Integer(5), [{}]) is None


def test_a_wrong_limit_from_sympy_stops_the_derivation(monkeypatch):
    wrong = {"calls": 0}

    def limit(*args, **kwargs):
        wrong["calls"] += 1
        return sp.Integer(0)

    monkeypatch.setattr(symbolic.sp, "limit", limit)
    with pytest.raises(NoClosedForm, match="contradicted by the operator computed numerically"):
        closed_form(sp.Limit(sp.sin(A * K) / K, K, 0, "+"), POINT)
    assert wrong["calls"] == 1


def test_a_wrong_inner_integral_is_refused_before_the_limit_around_it_is_taken(monkeypatch):
    # Held innermost first: the limit of SymPy's wrong integral would agree with itself.
    integrate = symbolic.sp.integrate
    monkeypatch.setattr(symbolic.sp, "integrate", lambda f, *args, **kwargs: (
        (-A, sp.true) if f.has(A) else integrate(f, *args, **kwargs)))
    expr = sp.Limit(sp.Integral(A * sp.sqrt(2 - X) * sp.sqrt(1 / (2 - X)), (X, 0, 1)) / A, A, sp.oo)
    with pytest.raises(NoClosedForm, match="contradicted"):
        closed_form(expr, POINT)


def test_every_point_is_tried_until_one_contradicts():
    integral = sp.Integral(sp.exp(-A * X), (X, 0, 1))
    # (1 - e^-a)/a, written wrong only for a > 1: right at a = 3/4, wrong at a = 2.
    closed = sp.Piecewise(((1 - sp.exp(-A)) / A, A <= 1), (sp.Integer(1), True))
    assert corroboration.contradiction(integral, closed, [POINT]) is None
    found = corroboration.contradiction(integral, closed, [POINT, {A: sp.Integer(2)}])
    assert found is not None and found["point"] == "a = 2"


# -- SymPy's series, held to the numbers --------------------------------------------------

E = sp.Symbol("eps", positive=True)
N = sp.Symbol("n", positive=True)


@pytest.mark.parametrize("asserted, power", [
    (E**3 / 6 - E**4 / 13, 4),   # a wrong last coefficient (it is -1/12)
    (E**3 / 6, 4),               # a lost term
    (E**3 / 7 - E**4 / 12, 3),   # a wrong first term: the limits above it have no finite value
])
def test_the_first_wrong_power_of_an_expansion_is_found(asserted, power):
    expr = E * sp.tanh(E / 2) - (E + sp.exp(-E) - 1)
    found, _ = corroboration.series_contradiction(expr, asserted, E, 0, 5, [{}])
    assert found is not None and found["power"] == power
    assert corroboration.series_contradiction(expr, E**3 / 6 - E**4 / 12, E, 0, 5, [{}])[0] is None


def test_an_expansion_at_infinity_is_held_in_powers_of_one_over_the_variable():
    expr = sp.log((N + 1) / N) ** 2
    assert corroboration.series_contradiction(expr, 1 / N**2 - 1 / N**3, N, sp.oo, 4, [{}])[0] is None
    found, _ = corroboration.series_contradiction(expr, 1 / N**2, N, sp.oo, 4, [{}])
    assert found is not None and found["power"] == 3


def test_a_wrong_expansion_from_sympy_fails_the_series_claim(monkeypatch):
    from conftest import unit_claim

    from proofcheck.core.kinds import equality
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.check import check_claim

    series = equality.sp.series
    def wrong(f, x, at, n, dir="+"):
        return series(f, x, at, n, dir=dir).removeO() + x**(n - 1) + sp.O(x**n)
    monkeypatch.setattr(equality.sp, "series", wrong)
    record = dict(kind="series", params={"t": "t > 0"}, expr="exp(t)", variable="t", point="0", order=3,
                  asserts="1 + t + 3*t**2/2")
    verdict = check_claim(unit_claim(**record), Settings())
    assert verdict.status == "failed"
    assert "the numbers do not" in verdict.details and "t - 0)^2" in verdict.details


def test_inside_a_limit_its_variable_is_taken_on_its_way_to_the_limit_point():
    r, c = sp.symbols("r c", positive=True)
    points = [{}, {c: sp.Integer(2)}]
    eighth = sp.Rational(1, 8)
    assert corroboration.approaching(points, r, 0, "+") == [{r: eighth}, {c: 2, r: eighth}]
    assert corroboration.approaching([{c: sp.Integer(2)}], r, c, "-") == [{c: 2, r: sp.Rational(7, 4)}]
    assert corroboration.approaching([{}], r, sp.oo, "-") == [{r: 8}]
    assert corroboration.approaching([{}], r, c, "-") == [{}]  # c has no value: r stays free


def test_a_wrong_inner_limit_of_an_iterated_limit_is_held_where_the_outer_limit_looks(monkeypatch):
    # Without a value for a, the inner limit could not be computed, and the outer limit of
    # SymPy's 0 would agree with SymPy's 0.
    limit = symbolic.sp.limit
    monkeypatch.setattr(symbolic.sp, "limit",
                        lambda f, x, at, d="+": sp.Integer(0) if x == K else limit(f, x, at, d))
    expr = sp.Limit(sp.Limit(sp.sin(A * K) / K, K, 0, "+"), A, 1, "+")
    with pytest.raises(NoClosedForm, match=r"a = 9/8"):
        closed_form(expr, {})


def test_inside_an_integral_or_a_sum_its_variable_is_taken_within_the_range():
    y, j = sp.Symbol("y", real=True), sp.Symbol("j", integer=True)
    assert corroboration.inside([{}], y, 0, 1) == [{y: sp.Rational(3, 8)}]
    assert corroboration.inside([{A: sp.Integer(2)}], y, A, sp.oo) == [{A: 2, y: sp.Rational(19, 8)}]
    assert corroboration.inside([{}], y, -sp.oo, sp.oo) == [{y: sp.Rational(3, 8)}]
    assert corroboration.inside([{}], j, 1, sp.oo, integer=True) == [{j: 1}]
    assert corroboration.inside([{}], y, 0, A) == [{}]  # a has no value: y stays free


def test_a_wrong_inner_integral_of_a_double_integral_is_held_inside_the_outer_range(monkeypatch):
    # The outer integral of SymPy's wrong inner one agrees with SymPy: only the inner, held at
    # y = 3/8, shows it.
    y = sp.Symbol("y", real=True)
    integrate = symbolic.sp.integrate
    monkeypatch.setattr(symbolic.sp, "integrate",
                        lambda f, *args, **kwargs: (-y * (1 - sp.cos(1)), sp.true) if f.has(X)
                        else integrate(f, *args, **kwargs))
    # (A factor keeps SymPy from merging the two into one Integral of two variables.)
    expr = sp.Integral(2 * sp.Integral(y * sp.sin(X), (X, 0, 1)), (y, 0, 1))
    with pytest.raises(NoClosedForm, match=r"y = 3/8"):
        closed_form(expr, {})


def test_a_wrong_integral_in_the_terms_of_a_sum_is_held_at_the_first_term(monkeypatch):
    j = sp.Symbol("j", integer=True, positive=True)
    integrate = symbolic.sp.integrate
    monkeypatch.setattr(symbolic.sp, "integrate",
                        lambda f, *args, **kwargs: (-j * (1 - sp.cos(1)), sp.true) if f.has(X)
                        else integrate(f, *args, **kwargs))
    expr = sp.Sum(sp.Integral(j * sp.sin(X), (X, 0, 1)), (j, 1, 3))
    with pytest.raises(NoClosedForm, match=r"j = 1"):
        closed_form(expr, {})


def test_a_double_sum_is_still_closed():
    # SymPy holds it as one Sum of two indices; each index is bound at its first term for the
    # operators inside it.  (The numeric route takes one index per sum: such a sum decides
    # nothing against SymPy's value, and stands on SymPy's word.)
    j, k = sp.symbols("j k", integer=True, positive=True)
    double = sp.Sum(j * k, (j, 1, 2), (k, 1, 3))
    assert len(double.limits) == 2
    assert closed_form(double, {}) == 18


def test_a_derivative_of_an_operator_is_left_for_the_numbers_not_taken_by_sympy():
    t = sp.Symbol("t", real=True)
    of_operator = sp.Derivative(sp.Integral(X * t, (t, 0, 1)), X)
    assert corroboration._derivatives_taken(of_operator) == of_operator
    assert corroboration._derivatives_taken(sp.Derivative(X**3, X)) == 3 * X**2


N = sp.Symbol("n", positive=True)


def test_a_finite_limit_the_values_outgrow_is_refused():
    # SymPy: lim (n^2 + n^a)/n^2 = 1 for every a; at a = 5/2 the values grow like n^(1/2).
    found = corroboration.contradiction(sp.Limit(1 + N**(A - 2), N, sp.oo), sp.Integer(1),
                                        [{A: sp.Rational(5, 2)}])
    assert found is not None and found["definition"].startswith("grows without bound")


def test_values_that_grow_towards_a_finite_limit_are_no_contradiction():
    # 1 - 1/n grows in size at every step towards 1, and 2 - 1/log(n) towards 2: neither passes
    # ten times its limit, and neither is refused (nor is an infinite limit held as a finite one).
    assert corroboration.contradiction(sp.Limit(1 - 1 / N, N, sp.oo), sp.Integer(1), [{}]) is None
    assert corroboration.contradiction(sp.Limit(2 - 1 / sp.log(N), N, sp.oo), sp.Integer(2), [{}]) is None
    assert corroboration.contradiction(sp.Limit(N, N, sp.oo), sp.oo, [{}]) is None
