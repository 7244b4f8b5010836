"""A sign proved from the symbols' assumptions (core/symbolic/signs.py) holds at every point they admit.

Arb balls look at a few such points first: a sign seen there rules out its opposite,
so a proof that cannot succeed is not attempted, and a proof that reached the
opposite would be overruled.  Within one attempt each sign and each rewriting is
worked out once; nothing carries over to the next attempt.
"""
import collections

import pytest
import sympy as sp

from proofcheck.core.symbolic import signs
from proofcheck.core.symbolic.signs import proved_nonnegative, proved_sign

R = sp.Symbol("r", positive=True)
N = sp.Symbol("n", integer=True, positive=True)
X = sp.Symbol("x", real=True)
# Nonnegative for 0 < r < 2, negative beyond: true on the domain 0 < r < 1, not under r > 0.
WEAKENED_ON_THE_DOMAIN_ONLY = (1 - R)**2 / 2 - (1 - R)**4 / 2


def test_a_point_the_assumptions_admit_satisfies_every_one_of_them():
    assert [v for v in signs._TRIAL_VALUES if signs._admits(N, v)] == [2, 7, 1, 3]
    assert sp.Integer(0) in [v for v in signs._TRIAL_VALUES if signs._admits(sp.Symbol("m", nonnegative=True), v)]
    assert all(signs._admits(sp.Symbol("z"), v) for v in signs._TRIAL_VALUES)
    assert not any(v < 0 for v in signs._TRIAL_VALUES if signs._admits(R, v))


def test_balls_see_a_sign_the_assumptions_do_not_fix():
    assert signs._signs_seen(WEAKENED_ON_THE_DOMAIN_ONLY) == {1, -1}
    assert signs._signs_seen(sp.exp(R) - 1) == {1}
    assert signs._signs_seen(sp.Integral(sp.exp(-X**2), (X, 0, R))) == set()  # no rule for balls


def test_a_proof_that_cannot_succeed_is_not_attempted(monkeypatch):
    def never(self, e, depth):
        raise AssertionError("a proof was attempted")
    monkeypatch.setattr(signs._Proof, "sign", never)
    assert proved_nonnegative(WEAKENED_ON_THE_DOMAIN_ONLY) is False
    assert proved_sign(WEAKENED_ON_THE_DOMAIN_ONLY) is None
    assert proved_sign(N - 3) is None


@pytest.mark.parametrize("expr", [WEAKENED_ON_THE_DOMAIN_ONLY, R - 3, -sp.exp(R)])
def test_a_proof_of_a_sign_the_balls_contradict_is_overruled(monkeypatch, expr):
    monkeypatch.setattr(signs._Proof, "sign", lambda self, e, depth: 1)
    assert proved_sign(expr) is None
    assert proved_nonnegative(expr) is False


def test_a_sign_the_balls_agree_with_is_still_proved_not_assumed(monkeypatch):
    # Positive at every point tried: only the proof decides, and without it there is no sign.
    expr = sp.exp(R * N) - 1
    assert proved_sign(expr) == 1
    monkeypatch.setattr(signs._Proof, "sign", lambda self, e, depth: None)
    assert proved_sign(expr) is None and not proved_nonnegative(expr)


@pytest.mark.slow
def test_within_one_attempt_each_rewriting_is_worked_out_once(monkeypatch):
    calls = collections.Counter()
    simplify = sp.simplify

    def counted(e, *args, **kwargs):
        calls[e] += 1
        return simplify(e, *args, **kwargs)
    monkeypatch.setattr(sp, "simplify", counted)
    # Nonnegative for every r > 0, but not by the rules: the attempt rewrites its way down
    # to (r - 1)**6 along many paths.
    expr = (1 - R)**6 / (128 * R**2 * (R + 1)) - (1 - R)**6 / (128 * R**2 * (R + 1)**2)
    assert proved_sign(expr, budget=None) is None
    first = sum(calls.values())
    assert first and max(calls.values()) == 1
    proved_sign(expr, budget=None)
    assert sum(calls.values()) == 2 * first  # nothing remembered from the first attempt


# -- a difference of one increasing function ------------------------------------------

EPS = sp.Symbol("eps", positive=True)


@pytest.mark.parametrize("expr, sign", [
    (EPS * sp.tanh(3 * EPS / 2) - EPS * sp.tanh(EPS / 2), 1),   # a weakened pure-DP chord (exact-zcdp)
    (sp.atan(X + 1) - sp.atan(X), 1),
    (sp.erf(X) - sp.erf(X + EPS), -1),
    (sp.sinh(R) - sp.sinh(2 * R), -1),
    (-R * sp.tanh(X) + R * sp.tanh(X - EPS), -1),        # SymPy writes it -r tanh(x) - r tanh(eps - x)
    (sp.atan(X - 1) + sp.atan(2 - X), 1),                # atan(x - 1) - atan(x - 2), an odd function's sum
    # not of the form, or not signed
    (sp.tanh(X) - sp.tanh(2 * X), None),                 # the sign of x - 2x is not fixed
    (sp.tanh(sp.Symbol("z") + 1) - sp.tanh(sp.Symbol("z")), None),   # a complex argument
    (sp.tanh(EPS) - 2 * sp.tanh(EPS / 2), None),         # other coefficients: not of the form
    (sp.exp(X) + sp.exp(-X - 1), 1),                     # exp is not odd: not the sign of x + (-x - 1)
    (sp.sin(X + 1) - sp.sin(X), None),                   # not increasing
    (X * sp.tanh(X + 1) - X * sp.tanh(X), None),         # a coefficient of no fixed sign
])
def test_an_increasing_function_keeps_the_order_of_its_arguments(expr, sign):
    assert proved_sign(expr) == sign


@pytest.mark.parametrize("expr", [
    sp.tanh(2 * EPS) - sp.atan(EPS),                     # two functions, not one
    # exp is not odd: c e^x + c e^(-x-1) is no c (e^x - e^(x+1)), whatever the sign of c
    sp.exp(X) * (sp.exp(EPS) - 1) + sp.exp(-X - 1) * (sp.exp(EPS) - 1),
])
def test_the_rule_of_an_increasing_function_applies_to_one_function_and_odd_ones_only(expr):
    # The rule itself, before the balls' look at admissible points could overrule it.
    assert isinstance(expr, sp.Add) and signs._Proof()._monotone_difference(expr, 3) is None


def test_a_rational_function_is_signed_from_its_factored_form():
    s, t = sp.symbols("s t", positive=True)
    # -(s + 2)/(2 (s + 1) (t + 1)) over a common denominator: negative wherever s, t > 0.
    branch = (t / 2 - 1 / (2 * s + 2)) / (t + 1) - sp.Rational(1, 2)
    assert proved_sign(branch) == -1
    assert proved_sign(-branch) == 1
    # Raised by 1/4 it is (s t - s + t - 3)/(4 (s + 1)(t + 1)): -1/8 at s = t = 1, positive at
    # s = t = 10; neither sign is proved.
    assert proved_sign(branch + sp.Rational(1, 4)) is None
