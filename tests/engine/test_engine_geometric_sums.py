"""Sums of polynomial-times-geometric terms closed exactly (core/symbolic/geometric_sums.py): they agree
with the sums computed term by term, and a series whose convergence (or a rate whose r != 1) is not
proved is given no value."""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.geometric_sums import geometric_sum
from proofcheck.kinds import engine_kinds

x = sp.Symbol("x", integer=True)
b = sp.Symbol("b", positive=True)
a = sp.Symbol("a", positive=True)
L = sp.Symbol("L", integer=True, positive=True)
VALUES = {b: sp.Rational(2, 7), a: sp.Rational(3, 2), L: 6}


def _direct(term, lower, upper):
    f = sp.lambdify(x, term.subs(VALUES), "mpmath")
    ends = [(-mpmath.inf if e == -sp.oo else mpmath.inf if e == sp.oo else int(e.subs(VALUES)))
            for e in (sp.sympify(lower), sp.sympify(upper))]
    with mpmath.workdps(40):
        return mpmath.nsum(f, ends)


@pytest.mark.parametrize("term, lower, upper", [
    (sp.exp(-b * x), 0, sp.oo),
    (a * sp.exp(-b * x + 1), L, sp.oo),
    (x * sp.exp(-b * x), 1, sp.oo),
    ((x**2 - 3 * x) * sp.exp(b * x), -sp.oo, -2),
    (sp.exp(b * x) * sp.exp(-a), -sp.oo, L),
    (x * sp.exp(-b * x), 2, L),
    (sp.exp(b * x) * (x + a), -3, L),
])
def test_the_closed_form_agrees_with_the_sum_term_by_term(term, lower, upper):
    closed = geometric_sum(term, x, lower, upper)
    assert closed is not None
    with mpmath.workdps(40):
        value = mpmath.mpf(sp.N(closed.subs(VALUES), 45))
        assert abs(value - _direct(term, lower, upper)) < mpmath.mpf(10) ** -25 * max(1, abs(value))


@pytest.mark.parametrize("term, lower, upper", [
    (sp.exp(b * x), 0, sp.oo),       # ratio e^b > 1: divergent, never an Abel value
    (sp.exp(-b * x), -sp.oo, 0),     # the same, summed towards -oo
    (sp.Integer(1) * x**0, 0, sp.oo),  # ratio 1
    (sp.exp((a - b) * x), 0, L),     # a finite sum whose ratio may be 1: the formula divides by 1 - r
    (sp.exp(-b * x**2), 0, sp.oo),   # not geometric
    (sp.exp(-b * x) / x, 1, sp.oo),  # not a polynomial times a geometric term
])
def test_a_series_not_proved_convergent_or_not_geometric_gets_no_value(term, lower, upper):
    assert geometric_sum(term, x, lower, upper) is None


def test_a_lower_bound_makes_the_ratio_proved_away_from_one():
    alpha = sp.Symbol("alpha", positive=True)
    t = sp.Dummy("t", positive=True)
    term = sp.exp((1 - 2 * alpha) * x)
    assert geometric_sum(term, x, 1, L) is None
    closed = geometric_sum(term, x, 1, L, shifts={alpha: 1 + t})
    assert closed is not None
    value = closed.subs({alpha: 3, L: 4})
    assert sp.simplify(value - sum(sp.exp(-5 * j) for j in range(1, 5))) == 0


def test_a_two_sided_moment_with_an_absolute_value_is_derived_symbolically():
    # sum over the integers of |x| tanh(t/2) e^{-t|x|}: SymPy's summation leaves it as it is; cut at
    # the kink x = 0 it is 2 sum_{x >= 1} x e^{-tx} tanh(t/2) = 1/sinh(t).
    record = {"id": "two-sided-moment", "where": "unit test", "statement": "unit test", "kind": "identity",
              "params": {"t": "t > 0"}, "variables": {"x": "integer"},
              "lhs": "summation(Abs(x)*tanh(t/2)*exp(-t*Abs(x)), x, -oo, oo)", "asserts": "1/sinh(t)"}
    verdict = check_claim(build_claim(record, "tests/engine", engine_kinds()), Settings())
    assert verdict.passed and verdict.evidence == "symbolic", verdict.details
