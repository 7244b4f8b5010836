"""How quadrature receives its integrand: cut at every real kink, on Arb balls, and on
mpmath wherever Arb refuses a node."""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.errors import EvaluationError
from proofcheck.core.numbers import numeric
from proofcheck.core.numbers.arb_expressions import NotEnclosable
from proofcheck.core.numbers.ball_integrands import on_balls_or_mpmath
from proofcheck.core.numbers.numeric import evaluate

X = sp.Symbol("x", real=True)


def _nodes_of(monkeypatch, integral, point, dps=30):
    seen = []
    quad = mpmath.quad

    def recording(f, nodes, **options):
        seen.append(list(nodes))
        return quad(f, nodes, **options)
    monkeypatch.setattr(numeric.mpmath, "quad", recording)
    numeric.forget_values()
    evaluate(integral, point, dps)
    return [n for nodes in seen for n in nodes]


def test_a_real_kink_cuts_the_range_and_a_complex_one_does_not(monkeypatch):
    # |x^2 + 1 - s| has its kinks at +-sqrt(s - 1), not real for s = 1/2, and they are listed
    # first; max(0, x - 1/3) has its kink at 1/3.
    s = sp.Symbol("s", positive=True)
    integrand = sp.Abs(X**2 + 1 - s) + sp.Max(0, X - sp.Rational(1, 3))
    nodes = _nodes_of(monkeypatch, sp.Integral(integrand, (X, 0, 1)), {s: sp.Rational(1, 2)})
    assert any(abs(n - mpmath.mpf(1) / 3) < mpmath.mpf(10) ** -12 for n in nodes)
    assert all(isinstance(n, mpmath.mpf) for n in nodes)


def test_every_real_kink_inside_the_range_cuts_it(monkeypatch):
    integrand = sp.Abs(X - sp.Rational(1, 4)) + sp.Abs(X - sp.Rational(1, 2)) + sp.Abs(X - sp.Rational(3, 4))
    nodes = _nodes_of(monkeypatch, sp.Integral(integrand, (X, 0, 1)), {})
    for kink in (mpmath.mpf(1) / 4, mpmath.mpf(1) / 2, mpmath.mpf(3) / 4):
        assert any(abs(n - kink) < mpmath.mpf(10) ** -12 for n in nodes), kink


def test_a_kink_outside_the_range_does_not_cut_it(monkeypatch):
    nodes = _nodes_of(monkeypatch, sp.Integral(sp.Abs(X - 2), (X, 0, 1)), {})
    assert sorted(set(nodes)) == [0, 1]


def test_a_node_arb_refuses_at_run_time_is_evaluated_by_mpmath():
    def refusing(balls):
        raise NotEnclosable("floor(x) is not decided at this precision")
    f = on_balls_or_mpmath(refusing, lambda x: x * 3, [mpmath.mpf(3)])
    with mpmath.workdps(30):
        value = f(mpmath.mpf(2))
    assert isinstance(value, mpmath.mpf) and value == 6


def test_a_ball_that_keeps_fewer_bits_than_asked_is_cancelled_digits_not_an_mpmath_value():
    # A limit's approach asks for the bits of its working precision: mpmath, evaluating a
    # point whose ball lost them, would lose the same digits without a trace.
    from flint import arb

    from proofcheck.core.model.errors import CancelledDigits

    def cancelling(balls):  # 1 + 2^-400 - 1 at ~100 bits: a ball around 0, no bit of it right
        return balls[0] + arb(2) ** -400 - balls[0]

    def exact(balls):
        return balls[0] + arb(2) ** -400
    with mpmath.workdps(30):
        loose = on_balls_or_mpmath(cancelling, lambda x: mpmath.mpf(-1), [])(mpmath.mpf(1))
        kept = on_balls_or_mpmath(exact, lambda x: mpmath.mpf(-1), [], 90)(mpmath.mpf(1))
        with pytest.raises(CancelledDigits, match="fewer than 90"):
            on_balls_or_mpmath(cancelling, lambda x: mpmath.mpf(-1), [], 90)(mpmath.mpf(1))
    assert loose != -1 and kept == 1


def test_a_symbol_of_the_integrand_without_a_value_is_named():
    y = sp.Symbol("y", real=True)
    with pytest.raises(EvaluationError, match="no value for y"):
        evaluate(sp.Integral(X * y, (X, 0, 1)), {}, 30)


def test_a_hoisted_constant_never_takes_the_name_of_a_symbol_of_the_integrand():
    # The constant parts become arguments named hoisted__k; a symbol of that name (from
    # Python, the parser refuses "__") stays its own argument.
    import sympy as sp

    from proofcheck.core.numbers import numeric
    x, sigma = sp.Symbol("x"), sp.Symbol("sigma", positive=True)
    taken = sp.Symbol("hoisted__0")
    integrand = sp.exp(-x**2) * sp.erf(sigma) + taken * x
    function, constants, free, _ = numeric._compile(integrand, x)
    assert free == (taken,) and [str(c) for c in constants] == ["erf(sigma)"]
    value = function(sp.Rational(1, 2), 3, 5)  # x = 1/2, erf(sigma) -> 3, hoisted__0 -> 5
    assert abs(float(value) - (float(sp.exp(-sp.Rational(1, 4))) * 3 + 5 / 2)) < 1e-12


def test_an_integrand_plainly_not_real_is_an_error_before_any_quadrature():
    # A negative control's log(n - c) with c > n: complex at every node, which tanh-sinh refined for 4 s.
    y = sp.Symbol("y", real=True)
    with pytest.raises(EvaluationError, match="the integrand is not real at y = 0"):
        evaluate(sp.Integral(sp.exp(-y**2) * sp.log(y**2 - 5), (y, -1, 1)), {}, 50)
