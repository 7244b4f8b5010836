"""intervals: Arb enclosures contain the exact value; decide never guesses; decimal audits."""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.decimals.audit import audit_decimal
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.numbers.intervals import NotEnclosable, decide, enclose

X = sp.Symbol("x", real=True)


def _contains(ball, value, dps=60):
    """The ball contains ``value()`` (an mpmath number computed at ``dps`` digits)."""
    with mpmath.workdps(dps):
        value = value()
        mid = mpmath.mpf(ball.mid().str(dps + 5, radius=False))
        rad = mpmath.mpf(ball.rad().str(20, radius=False))
        return abs(mid - value) <= rad + mpmath.mpf(10) ** (-dps + 5)


@pytest.mark.parametrize("expr, value", [
    (sp.pi, lambda: +mpmath.pi),
    (sp.E, lambda: mpmath.e()),
    (sp.sqrt(2), lambda: mpmath.sqrt(2)),
    (sp.exp(sp.Rational(1, 3)) - sp.log(7), lambda: mpmath.exp(mpmath.mpf(1) / 3) - mpmath.log(7)),
    (sp.erf(sp.Rational(1, 2)) + sp.atan(3), lambda: mpmath.erf(mpmath.mpf(1) / 2) + mpmath.atan(3)),
    (sp.Abs(sp.Rational(-5, 3)) + sp.Max(sp.pi, 3) - sp.Min(sp.E, 3),
     lambda: mpmath.mpf(5) / 3 + mpmath.pi - mpmath.e()),
    (sp.Integer(2) ** sp.Rational(1, 3), lambda: mpmath.cbrt(2)),
    (sp.gamma(sp.Rational(1, 3)), lambda: mpmath.gamma(mpmath.mpf(1) / 3)),
])
def test_enclosure_contains_the_exact_value(expr, value):
    for prec in (64, 128, 512):
        assert _contains(enclose(expr, prec=prec), value)


def test_enclosure_tightens_with_precision():
    assert enclose(sp.pi, prec=512).rad() < enclose(sp.pi, prec=128).rad()


def test_rationals_enter_exactly():
    assert enclose(sp.Rational(3, 8)).rad() == 0
    assert enclose(sp.Integer(10) ** 30 + 1).rad() == 0  # 100 bits: exact at 128
    third = enclose(sp.Rational(1, 3))
    assert third.rad() > 0 and _contains(third, lambda: mpmath.mpf(1) / 3, 30)


def test_enclosure_at_a_point():
    ball = enclose(X ** 2 + sp.sqrt(X), {X: sp.Rational(1, 3)}, 256)
    assert _contains(ball, lambda: mpmath.mpf(1) / 9 + mpmath.sqrt(mpmath.mpf(1) / 3))
    ball = enclose(sp.exp(X), {X: sp.pi}, 256)
    assert _contains(ball, lambda: mpmath.exp(mpmath.pi))


def test_enclose_refuses_what_it_cannot_enclose():
    with pytest.raises(NotEnclosable):
        enclose(sp.Integral(X, (X, 0, 1)))
    with pytest.raises(NotEnclosable):
        enclose(X + 1)  # no value for x
    with pytest.raises(ProofcheckError):
        enclose("pi")   # text must go through the whitelist parser


def test_decide_exact_values():
    third = sp.Rational(1, 3)
    assert decide("<=", third, third) is True
    assert decide(">=", third, third) is True
    assert decide("<", third, third) is False
    assert decide(">", third, third) is False
    assert decide("<", 1, 2) is True and decide(">", 1, 2) is False


def test_decide_irrationals_and_close_calls():
    # sqrt(2) = 1.41421356237309504...
    assert decide("<", sp.sqrt(2), sp.Rational(141421356237310, 10**14)) is True
    assert decide(">", sp.sqrt(2), sp.Rational(141421356237309, 10**14)) is True
    assert decide("<", sp.sqrt(2), sp.Rational(141421356237309, 10**14)) is False
    assert decide("<", sp.pi, sp.pi + sp.Rational(1, 10**300)) is True
    assert decide(">=", sp.E ** sp.pi, sp.pi ** sp.E) is True
    assert decide("<", sp.E ** sp.pi, sp.pi ** sp.E) is False


def test_decide_at_a_point():
    assert decide(">", sp.exp(X), 1 + X, {X: sp.Rational(1, 10**30)}) is True
    assert decide("<", sp.exp(X), 1 + X, {X: sp.Rational(1, 10**30)}) is False


def test_decide_unknown_relation():
    with pytest.raises(ValueError):
        decide("==", 1, 1)
    with pytest.raises(ValueError):
        decide("!=", sp.pi, 3)


@pytest.mark.parametrize("expr, printed, verdict", [
    (sp.pi, "3.14", "rounded and truncated"),
    (sp.pi, "3.1416", "rounded"),
    (sp.pi, "3.1415", "truncated"),
    (sp.pi, "3.15", "wrong"),
    (sp.pi, "3.13", "wrong"),
    (sp.pi, "3", "rounded and truncated"),
    (sp.pi, "4", "wrong"),
    (-sp.pi, "-3.14", "rounded and truncated"),
    (-sp.pi, "-3.1416", "rounded"),
    (-sp.pi, "-3.1415", "truncated"),
    (-sp.pi, "3.14", "wrong"),
    (sp.pi, "-3.14", "wrong"),
    (sp.Rational(1, 3), "≈0.333", "rounded and truncated"),
    (sp.Rational(2, 3), "0.667", "rounded"),
    (sp.Rational(2, 3), "0.666", "truncated"),
    (sp.Rational(1, 8), "0.125", "rounded and truncated"),
    (sp.Rational(1, 10**9), "0.000", "rounded and truncated"),
    (sp.Rational(1, 10**9), "0.001", "wrong"),
])
def test_audit_decimal(expr, printed, verdict):
    audit = audit_decimal(expr, printed)
    assert audit.verdict == verdict
    assert audit.ok == (verdict != "wrong")


def test_audit_reports_the_true_value():
    audit = audit_decimal(sp.pi, "3.1416")
    assert audit.places == 4
    assert audit.true_value.startswith("3.14159")


@pytest.mark.parametrize("printed", ["3.1.4", "abc", "", "1e5", "pi", "3,14", "--3", "0x1f", "1_000"])
def test_audit_refuses_malformed_decimals(printed):
    with pytest.raises(ProofcheckError):
        audit_decimal(sp.pi, printed)
