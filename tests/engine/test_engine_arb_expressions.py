"""An expression compiled onto Arb balls gives quadrature the numbers mpmath would give."""
import mpmath
import pytest
import sympy as sp
from flint import arb

from proofcheck.core.model.errors import EvaluationError
from proofcheck.core.numbers import numeric
from proofcheck.core.numbers.arb_expressions import NotEnclosable, compile_arb, mpf_of
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import arb_bits

X, A = sp.symbols("x a", real=True)

# One expression per rule of the compiler, each at a point inside its domain.
INTEGRANDS = [
    X ** 2 + 3 * X - sp.Rational(7, 3),
    A * X / (1 + X ** 2),
    sp.sqrt(1 + X ** 2) - 1 / sp.sqrt(2 + X ** 2),
    (2 + X ** 2) ** sp.Rational(3, 7) * X ** -3,
    sp.exp(-X ** 2 / 2) / sp.sqrt(2 * sp.pi),
    sp.log(1 + X ** 2) + sp.E * X,
    sp.exp(2) * X + sp.exp(-3) - sp.EulerGamma,
    sp.Abs(X - sp.Rational(1, 3)),
    sp.Max(0, X - A, -X / 2) + sp.Min(X, A, 1 - X),
    sp.erf(X) - sp.erfc(X / 2) + sp.erfinv(X / 5),
    sp.sin(X) * sp.cos(X) + sp.tan(X / 3) + sp.atan(X),
    sp.sinh(X) - sp.cosh(X) + sp.tanh(X),
    sp.gamma(2 + X ** 2) + sp.loggamma(3 + X) + sp.airyai(X),
]
POINTS = [mpmath.mpf(1) / 7, mpmath.mpf("0.83"), mpmath.mpf(-2) / 3]


@pytest.mark.parametrize("expr", INTEGRANDS, ids=lambda e: str(e)[:40])
@pytest.mark.parametrize("dps", [30, 60])
def test_each_rule_agrees_with_mpmath_to_the_working_digits(expr, dps):
    with mpmath.workdps(dps):
        f_balls = compile_arb(expr, (X, A))
        f_mpmath = sp.lambdify((X, A), expr, modules="mpmath")
        a = mpmath.mpf(5) / 4
        with arb_bits(mpmath.mp.prec):
            for x in POINTS:
                value, exact = mpf_of(f_balls([arb(x), arb(a)])), f_mpmath(x, a)
                assert abs(value - exact) <= mpmath.mpf(10) ** (5 - dps) * max(1, abs(exact))


@pytest.mark.parametrize("expr", [sp.Piecewise((X, sp.Eq(X, 0)), (0, True)), sp.sign(X),
                                  X * sp.Float("0.1"), sp.Integral(X * A, (A, 0, 1)), sp.Symbol("y") * X])
def test_a_node_without_an_arb_rule_is_refused(expr):
    with pytest.raises(NotEnclosable):
        compile_arb(expr, (X, A))


def test_a_piecewise_takes_the_branch_its_balls_decide_and_none_across_its_jump():
    # Indicator(x > 1) x^2 - 1: the condition is a ball comparison, taken only where decided.
    f = compile_arb(sp.Piecewise((X ** 2, X > 1), (-1, sp.Or(X < -5, sp.Not(X >= 1))), (7, True)), (X,))
    with arb_bits(100):
        assert f([arb(2)]) == 4 and f([arb(0)]) == -1 and f([arb(1)]) == 7
        with pytest.raises(NotEnclosable, match="x > 1 is not decided at this precision"):
            f([arb("1 +/- 1e-20")])


def test_an_integrand_with_an_indicator_is_compiled_onto_balls():
    # Its (value, condition) pairs once went through the hoisting of constant parts, which
    # broke them, and every such integrand was walked by mpmath node by node.
    from proofcheck.core.numbers import numeric
    y = sp.Symbol("y", real=True)
    compiled = numeric._compile(sp.Piecewise((sp.exp(-X) * y, X > y), (0, True)), X)
    assert compiled is not None and compiled[3] is not None


def test_a_ball_that_is_not_finite_has_no_midpoint():
    with arb_bits(100):
        assert mpf_of(arb(-1).log()) is None
        assert mpf_of(arb(2).sqrt()) is not None


@pytest.mark.parametrize("body", [sp.sqrt(X - 2), sp.log(X - 2), (X - 2) ** sp.Rational(1, 3)])
def test_an_integrand_out_of_its_domain_still_fails_as_it_does_on_mpmath(body):
    # Complex on all of [0, 1]: Arb's balls are not finite there, mpmath's values are complex.
    with pytest.raises(EvaluationError, match="is not real"):
        evaluate(sp.Integral(body * A, (X, 0, 1)), {A: 1}, 30)


@pytest.mark.parametrize("dps", [30, 50])
def test_quadrature_on_balls_gives_the_digits_of_quadrature_on_mpmath(dps, monkeypatch):
    # E|pos((n + c) e^{s z - s^2} - c) - n|, the integrand of Theorem 3.1(i), at a generic point.
    z = sp.Symbol("z", real=True)
    n, c, s = sp.Integer(37), sp.Rational(3, 7), sp.Rational(2, 9)
    body = sp.Abs(n - sp.Max(0, (n + c) * sp.exp(s * z - s ** 2) - c)) * sp.exp(-z ** 2 / 2) / sp.sqrt(2 * sp.pi)
    integral = sp.Integral(body * A, (z, -sp.oo, sp.oo))
    on_balls = evaluate(integral, {A: 1}, dps)
    numeric.forget_values()
    numeric._compile.cache_clear()

    def refuse(*args):
        raise NotEnclosable("mpmath only")
    monkeypatch.setattr(numeric, "compile_arb", refuse)
    on_mpmath = evaluate(integral, {A: 1}, dps)
    numeric.forget_values()
    numeric._compile.cache_clear()
    assert abs(on_balls - on_mpmath) <= mpmath.mpf(10) ** -dps * abs(on_mpmath)


def test_a_real_power_of_a_positive_product_is_taken_factor_by_factor():
    # (C e^u)^p far in the tails: the ball of e^u alone would hold zero, its power would not
    # be finite, and every such node would fall back to mpmath.
    c, p = sp.symbols("c p", positive=True)
    body = (c * sp.exp(-X ** 2 / 2)) ** p * (c * sp.exp(-(X - 1) ** 2 / 2)) ** (1 - p)
    f_balls = compile_arb(body, (X, c, p))
    with mpmath.workdps(40), arb_bits(mpmath.mp.prec):
        far = mpf_of(f_balls([arb(mpmath.mpf(10) ** 30), arb(2), arb(mpmath.mpf(7) / 3)]))
        assert far is not None and 0 <= far < mpmath.mpf(10) ** -1000
        near, exact = mpf_of(f_balls([arb(mpmath.mpf(1) / 3), arb(2), arb(mpmath.mpf(7) / 3)])), \
            sp.lambdify((X, c, p), body, "mpmath")(mpmath.mpf(1) / 3, 2, mpmath.mpf(7) / 3)
        assert abs(near - exact) < mpmath.mpf(10) ** -35 * exact
        # A factor that is not positive is never split: the node goes back to mpmath.
        assert mpf_of(f_balls([arb(0), arb(-2), arb(mpmath.mpf(7) / 3)])) is None


@pytest.mark.parametrize("x, p, expected", [
    ("1/2", "3/2", (mpmath.mpf(1) / 2 * mpmath.exp(-mpmath.mpf(1) / 2)) ** 1.5),  # a factor below 1
    ("0", "1/3", 0),  # an exact zero factor to a positive power
    ("0", "0", 1),  # 0^0 = 1, as mpmath has it
])
def test_each_factor_of_a_real_power_is_powered(x, p, expected):
    q = sp.Symbol("q", real=True)
    f_balls = compile_arb((X * sp.exp(-X)) ** q, (X, q))
    with mpmath.workdps(30), arb_bits(mpmath.mp.prec):
        value = mpf_of(f_balls([arb(mpmath.mpf(sp.Rational(x))), arb(mpmath.mpf(sp.Rational(p)))]))
    assert value is not None and abs(value - expected) < mpmath.mpf(10) ** -12


def test_a_real_power_of_a_product_of_several_factors_keeps_every_factor():
    body = (A * X * sp.exp(-X)) ** sp.Rational(7, 3)
    f_balls, f_mpmath = compile_arb(body, (X, A)), sp.lambdify((X, A), body, "mpmath")
    with mpmath.workdps(30), arb_bits(mpmath.mp.prec):
        x, a = mpmath.mpf(1) / 7, mpmath.mpf(5) / 4
        assert abs(mpf_of(f_balls([arb(x), arb(a)])) - f_mpmath(x, a)) < mpmath.mpf(10) ** -25


def test_a_negative_integer_power_inverts():
    f_balls = compile_arb(X ** -3 + (1 + X) ** -1, (X,))
    with arb_bits(100):
        assert abs(mpf_of(f_balls([arb(2)])) - (mpmath.mpf(1) / 8 + mpmath.mpf(1) / 3)) < mpmath.mpf(10) ** -25


@pytest.mark.parametrize("expr, message", [
    (X * sp.Float("0.5"), "no exact ball for 0.5"),
    (sp.sign(X), "no ball rule for sign"),
    (sp.Integral(X, (X, 0, 1)), "no ball rule for Integral"),
])
def test_a_refusal_names_what_has_no_ball(expr, message):
    with pytest.raises(NotEnclosable, match=f"^{message}"):
        compile_arb(expr, (X,))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("ball", ["0 +/- 1e-10", "0 +/- 3", "0 +/- 0.5", "1 +/- 2", "0 +/- 0"])
def test_an_integer_power_of_a_ball_holding_zero_encloses_the_whole_range(ball, n):
    from proofcheck.core.numbers.arb_expressions import integer_power
    x = arb(ball)
    value = integer_power(x, n)
    assert value.is_finite(), value
    low, high = (mpmath.mpf(end.mid().str(30, radius=False)) for end in (x.lower(), x.upper()))
    for k in range(11):
        t = low + (high - low) * k / 10
        assert value.contains(arb(mpmath.nstr(t, 30)) ** n), (t, value)


def test_a_square_that_vanishes_at_a_point_is_decided_on_balls():
    from proofcheck.core.numbers.intervals import decide
    p, q = sp.symbols("p q", positive=True)
    third = sp.Rational(1, 3)
    assert decide(">", (p - q) ** 2 + sp.Rational(1, 11000), 0, {p: third, q: third}) is True
    assert decide("<", (p - q) ** 3 - sp.Rational(1, 11000), 0, {p: third, q: third}) is True


def test_the_generated_function_holds_no_text_of_the_expression():
    # A symbol's name never reaches the generated source: it is read as env[i].
    odd = sp.Symbol("__import__('os').system('exit 3')", real=True)
    with mpmath.workdps(30), arb_bits(mpmath.mp.prec):
        f = compile_arb(odd ** 2 + sp.Rational(1, 3) * sp.exp(odd), (odd,))
        assert abs(mpf_of(f([arb(2)])) - (4 + mpmath.exp(2) / 3)) < mpmath.mpf(10) ** -25


def test_a_node_met_twice_is_computed_once_and_gives_the_same_ball():
    shared = sp.erf(X / 3) + A
    with arb_bits(200):
        twice = compile_arb(shared * shared - shared ** 2 + shared, (X, A))([arb("0.7"), arb(2)])
        once = compile_arb(shared, (X, A))([arb("0.7"), arb(2)])
    assert twice.overlaps(once) and abs(twice.mid() - once.mid()) < arb(2) ** -150


def test_lambert_w_is_enclosed_on_both_real_branches():
    x = sp.Symbol("x", real=True)
    principal = compile_arb(sp.LambertW(x), (x,))([arb(1)])
    lower = compile_arb(sp.LambertW(x, -1), (x,))([arb(-0.25)])
    assert principal.overlaps(arb("0.56714329040978387299996866221035554975381578718651"))
    assert (lower * lower.exp()).overlaps(arb(-0.25)) and lower < -1
