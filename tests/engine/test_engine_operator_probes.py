"""SymPy's operators held where their special cases are: the probe points, a cancelling sum's
ball, a pole inside an integral's range, a limit's and a series' sides, a free variable.

Each rule is checked directly; the false claims it stops are in the corpus (S29).
"""
import pytest
import sympy as sp
from flint import arb

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.numbers.arb_expressions import integer_exponent_power
from proofcheck.core.numbers.side_balls import side_ball
from proofcheck.core.symbolic.corroboration import _completed
from proofcheck.core.symbolic.operators import NoClosedForm, _no_pole_inside


class _Claim:
    def __init__(self, params):
        self.sampling_domain = self.domain = parse_domain(params)


def _probes(params):
    from proofcheck.core.kinds.equality import probe_points
    return [{s.name: v for s, v in p.items()} for p in probe_points(_Claim(params))]


def test_the_probes_reach_the_lower_edge_and_an_integers_next_value():
    probes = _probes({"n": "integer n >= 1"})
    assert {"n": 1} in probes and {"n": 2} in probes
    assert {"a": 0} in _probes({"a": "0 <= a <= 1"})


def test_the_probes_reach_a_closed_upper_edge_an_integers_value_below_it_and_near_a_strict_one():
    assert {"n": -1} in _probes({"n": "integer -10 <= n <= -1"})
    assert {"n": -2} in _probes({"n": "integer -10 <= n <= -1"})
    assert {"a": 0} in _probes({"a": "-1 <= a <= 0"})
    # 96/97 of -1 < a < 11/10, where the limit of x^a/(x + x^a) as x -> 0+ is no longer 1.
    assert any(p["a"] > 1 for p in _probes({"a": "-1 < a < 11/10"}))


def test_the_probes_put_two_parameters_in_both_orders():
    probes = _probes({"a": "0 < a < 1", "b": "1/2 < b < 2"})
    assert any(p["a"] > p["b"] for p in probes) and any(p["a"] < p["b"] for p in probes)


def test_minus_one_to_an_exact_integer_ball_is_exact_and_to_an_inexact_one_is_not_finite():
    assert integer_exponent_power(arb(-1), arb(3)) == -1
    assert integer_exponent_power(arb(-2), arb(4)) == 16
    assert not integer_exponent_power(arb(-1), arb("3 +/- 0.1")).is_finite()


def test_a_sum_that_cancels_far_below_its_terms_is_not_trusted_to_its_own_size():
    n = sp.Symbol("n", integer=True, nonnegative=True)
    k = sp.Symbol("k", integer=True)
    alternating = sp.Sum((-1) ** k * sp.binomial(n, k), (k, 0, n))
    ball = side_ball(alternating, {n: 114}, 20, single=True)
    assert ball is None or ball.contains(0)  # it is 0; its terms are near 10^33
    assert side_ball(alternating, {n: 0}, 20, single=True).contains(1)


def test_an_integral_through_a_pole_inside_its_range_is_refused_and_one_at_an_end_is_not():
    x = sp.Symbol("x", real=True)
    a = sp.Symbol("a", positive=True)
    with pytest.raises(NoClosedForm, match="singular"):
        _no_pole_inside(1 / (x - a) ** 2, x, sp.Integer(0), sp.Integer(1))
    _no_pole_inside(sp.log(x), x, sp.Integer(0), sp.Integer(1))
    _no_pole_inside(1 / (x + a), x, sp.Integer(0), sp.Integer(1))


def test_a_variable_a_point_leaves_free_takes_a_value_its_assumptions_allow():
    t, m = sp.Symbol("t", positive=True), sp.Symbol("m", integer=True, odd=True)
    assert _completed({}, {t, m}) == {t: sp.Rational(7, 10), m: 3}
    assert _completed({t: 5}, {t}) == {t: 5}


@pytest.mark.parametrize("spec, point, expected", [
    ("-1 < x < 1", 0, ["+", "-"]), ("0 < x < 1", 0, ["+"]), ("-1 < x < 0", 0, ["-"]),
    ("x > 0", "oo", ["-"]), ("real", 2, ["+", "-"]),
])
def test_a_limit_with_no_direction_is_taken_from_each_side_the_variable_comes_from(spec, point, expected):
    from proofcheck.core.kinds.limits import sides

    class Claim(_Claim):
        symbols = {}
    claim = Claim({"x": spec})
    assert sides(claim, "x", sp.sympify(point)) == expected
