"""Tests written against the mutants that survived tests/engine (benchmarks/mutation_engine.py).

Each test pins a behaviour that a surviving mutant of precision.py, intervals.py or
signs.py changed without any engine test noticing: the exact boundary of "agree",
the floor below which both sides count as zero, the messages a user sees, the exact
cases of the ball rules (powers, square roots, Max/Min, floor/ceiling at a point),
the precision ladder of ``decide``/``certified_nonzero``, the fields of a decimal
audit, and the sign rules of ``proved_sign``.
"""
import mpmath
import pytest
import sympy as sp
from flint import arb, ctx

from proofcheck.core.decimals.audit import audit_decimal
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.numbers.intervals import (
    START_PREC,
    NotEnclosable,
    certified_nonzero,
    decide,
    enclose,
    enclose_with,
)
from proofcheck.core.numbers.precision import agree, digits_of_agreement, required_digits, validate_dps, zero_floor
from proofcheck.core.symbolic.signs import proved_nonnegative, proved_sign

X = sp.Symbol("x", real=True)
Y = sp.Symbol("y", real=True)
S, T = sp.symbols("s t", positive=True)


# -- precision ------------------------------------------------------------------

def test_agree_scale_is_the_larger_magnitude_in_either_order():
    # At 2 digits one digit is required (tolerance 1/10); 29/32 differs from 1 by
    # 3/32 = 0.094: within a tenth of 1 (the larger side), not within a tenth of 29/32.
    b = mpmath.mpf(29) / 32
    assert agree(1, b, 2) and agree(b, 1, 2)
    assert agree(-1, -b, 2) and agree(-b, -1, 2)


def test_agree_tolerance_is_ten_to_the_required_digits():
    x = mpmath.mpf(7) / 3
    with mpmath.workdps(120):
        assert agree(x, x * (1 + mpmath.mpf("0.5e-30")), 50)    # within 10**-30
        assert not agree(x, x * (1 + mpmath.mpf("2e-30")), 50)  # outside
        assert agree(x, x * (1 + mpmath.mpf("0.5e-60")), 100)
        assert not agree(x, x * (1 + mpmath.mpf("2e-60")), 100)


def test_agree_boundary_is_inclusive():
    # |a - b| equal to the tolerance times the floor itself: agreement (<=, not <).
    with mpmath.workdps(50):
        edge = mpmath.mpf(10) ** (-required_digits(50)) * zero_floor(50)
        above = edge * (1 + mpmath.mpf(2) ** -100)
    assert agree(0, edge, 50)
    assert not agree(0, above, 50)


@pytest.mark.parametrize("dps", [50, 51, 53, 100])
def test_zero_floor_and_where_a_side_counts_as_zero(dps):
    with mpmath.workdps(3 * dps):
        assert zero_floor(dps) == mpmath.mpf(10) ** (-((4 * dps) // 5))
        # Against 0, a value agrees exactly when it is below tolerance * floor.
        edge = mpmath.mpf(10) ** (-required_digits(dps) - (4 * dps) // 5)
        assert agree(0, edge / 2, dps) and agree(edge / 2, 0, dps)
        assert not agree(0, 2 * edge, dps) and not agree(-2 * edge, 0, dps)


def test_digits_of_agreement_when_the_larger_side_is_one():
    assert digits_of_agreement(1, mpmath.mpf("0.9"), 50) == pytest.approx(1.0)
    assert digits_of_agreement(-1, mpmath.mpf("-0.99"), 50) == pytest.approx(2.0)


@pytest.mark.parametrize("value", ["+50", " +64 "])
def test_validate_dps_accepts_a_plus_sign(value):
    assert validate_dps(value) == int(value)


@pytest.mark.parametrize("value, message", [
    (True, "--dps must be an integer, got True"),
    ("fifty", "--dps must be an integer, got 'fifty'"),
    ("X50", "--dps must be an integer, got 'X50'"),
    ("50+", "--dps must be an integer, got '50+'"),
    (50.0, "--dps must be an integer, got 50.0"),
    (14, "--dps must be between 15 and 100000, got 14"),
])
def test_validate_dps_messages(value, message):
    with pytest.raises(ProofcheckError) as error:
        validate_dps(value)
    assert str(error.value) == message


# -- intervals: the ball rules --------------------------------------------------

def _value(ball):
    return mpmath.mpf(ball.mid().str(40, radius=False))


def test_integer_powers_at_a_point_including_zero():
    assert enclose(X ** 2, {X: 0}) == 0
    assert enclose(X ** 3, {X: -2}) == -8
    ball = enclose(X ** -2, {X: sp.Rational(1, 3)})
    assert abs(_value(ball) - 9) < 1e-30 and ball.rad() < 1e-30


def test_square_roots_are_exact_where_the_value_is():
    assert enclose(sp.sqrt(X), {X: 0}) == 0
    assert enclose(sp.sqrt(X), {X: 4}) == 2 and enclose(sp.sqrt(X), {X: 4}).rad() == 0
    ball = enclose(1 / sp.sqrt(X), {X: sp.Rational(1, 4)})
    assert ball == 2 and ball.rad() == 0


def test_general_power_uses_the_point():
    ball = enclose(X ** Y, {X: 2, Y: 3})
    assert abs(_value(ball) - 8) < 1e-30


@pytest.mark.parametrize("expr, point, value", [
    (sp.log(X), {X: sp.E}, 1),
    (sp.Abs(X), {X: -3}, 3),
    (sp.erf(X), {X: 1}, mpmath.erf(1)),
    (sp.airyaiprime(X), {X: 1}, mpmath.airyai(1, derivative=1)),
    (sp.Max(X, 1, X / 2), {X: 3}, 3),
    (sp.Max(X, 1, X / 2), {X: sp.Rational(1, 3)}, 1),
    (sp.Min(X, 1, 2 * X), {X: sp.Rational(1, 3)}, mpmath.mpf(1) / 3),
    (sp.Min(X, 1, 2 * X), {X: 5}, 1),
    (sp.floor(X), {X: sp.Rational(7, 2)}, 3),
    (sp.ceiling(X), {X: sp.Rational(7, 2)}, 4),
    (sp.floor(X), {X: sp.Rational(-7, 2)}, -4),
    (sp.ceiling(X), {X: sp.Rational(-7, 2)}, -3),
])
def test_ball_rules_at_a_point(expr, point, value):
    # (the reference values are mpmath's at 15 digits)
    assert abs(_value(enclose(expr, point)) - value) < 1e-13


def test_floor_undecided_at_an_integer_is_not_enclosable():
    with pytest.raises(NotEnclosable, match="is not decided at this precision"):
        enclose(sp.floor(X - sp.pi), {X: sp.pi})


def test_a_point_value_that_is_itself_a_symbol_is_not_enclosable():
    with pytest.raises(NotEnclosable, match="no value for y"):
        enclose(X, {X: Y})


@pytest.mark.parametrize("expr, message", [
    (X + 1, "no value for x"),
    (sp.log(X, 2, evaluate=False), "log with a base"),
    (sp.Integral(X, (X, 0, 1)), "no ball rule for Integral"),
])
def test_not_enclosable_messages(expr, message):
    with pytest.raises(NotEnclosable, match=f"^{message}$"):
        enclose(expr, {X: 2} if message == "log with a base" else None)


def test_text_must_be_parsed_first_message():
    with pytest.raises(ProofcheckError, match="expressions given as text must be parsed with "
                                              "proofcheck.core.model.expressions.parse_expression first"):
        enclose("pi")
    with pytest.raises(ValueError, match="unknown relation '=='"):
        decide("==", 1, 1)


# -- intervals: the precision ladder --------------------------------------------

def test_decide_within_the_first_precision_and_the_doubling():
    assert decide("<", 1, 2, max_prec=START_PREC) is True
    # x + 10**-60 against pi at x = pi: ~200 bits are needed to separate them.
    close, point = X + sp.Rational(1, 10**60), {X: sp.pi}
    assert decide(">", close, sp.pi, point, max_prec=START_PREC) is None
    assert decide(">", close, sp.pi, point, max_prec=2 * START_PREC) is True


def test_certified_nonzero():
    ball = certified_nonzero(sp.pi - 3)
    assert ball is not None and ball > 0
    assert certified_nonzero(sp.pi - 3, max_prec=START_PREC) is not None
    assert certified_nonzero(3 - sp.pi) < 0
    assert certified_nonzero(X - 1, {X: 2}) > 0
    assert certified_nonzero(sp.Integer(0)) is None
    # Zero that is never exact: never shown nonzero.
    assert certified_nonzero(X - sp.pi, {X: sp.pi}) is None
    # Nonzero, but only visible after raising the precision.
    tiny = certified_nonzero(X - sp.pi + sp.Rational(1, 10**60), {X: sp.pi})
    assert tiny is not None and tiny > 0
    # 10**-4000 needs ~13300 bits: inside the default budget of 2**14 only if the
    # precision doubles (128, 256, ..., 16384).
    tinier = certified_nonzero(X - sp.pi + sp.Rational(1, 10**4000), {X: sp.pi})
    assert tinier is not None and tinier > 0


def test_enclose_with_balls_bound_elsewhere():
    old = ctx.prec
    ball = enclose_with(X + Y / 2, {X: arb(2), Y: arb(3)}, prec=256)
    assert ball == arb(7) / 2 and ball.rad() == 0
    third = enclose_with(X / 3, {X: arb(1)}, prec=512)
    assert 0 < third.rad() < arb(2) ** -500
    assert ctx.prec == old


# -- intervals: the decimal audit -----------------------------------------------

def test_audit_fields():
    audit = audit_decimal(sp.pi, "3.1416")
    assert (audit.printed, audit.true_value, audit.error_in_last_place, audit.places) == \
        ("3.1416", "3.141592654", "0.07346", 4)
    audit = audit_decimal(sp.Rational(2, 3), "0.666")
    assert (audit.true_value, audit.error_in_last_place) == ("0.666666667", "-0.6667")


def test_audit_true_value_of_a_long_decimal_is_correct_to_all_its_digits():
    with mpmath.workdps(130):
        digits = mpmath.nstr(mpmath.pi, 101, strip_zeros=False)     # 100 places
        expected = mpmath.nstr(mpmath.pi, 106, strip_zeros=False)   # places + 6 digits
    audit = audit_decimal(sp.pi, digits)
    assert audit.verdict in ("rounded", "rounded and truncated")
    assert audit.true_value == expected


def test_audit_half_unit_is_the_rounding_radius():
    # pi/10 = 0.314159...: "0.31" is 0.42 of a unit away, still a correct rounding.
    assert audit_decimal(sp.pi / 10, "0.31").verdict == "rounded and truncated"
    assert audit_decimal(sp.Rational(1, 8), "0.13").verdict == "rounded"


@pytest.mark.parametrize("expr, printed, verdict", [
    (-sp.Rational(1, 10**9), "-0.000", "rounded and truncated"),
    (sp.Rational(1, 10**9), "-0.000", "rounded"),
])
def test_audit_signed_zero(expr, printed, verdict):
    assert audit_decimal(expr, printed).verdict == verdict


def test_audit_max_prec_reaches_every_comparison():
    # 1/2 written so that SymPy keeps it and Arb only encloses it; plus or minus
    # 10**-300, which no ball of 512 bits separates from it.
    half = sp.log(4) / (4 * sp.log(2))
    tiny = sp.pi / sp.Integer(10) ** 300
    for expr, printed in [(half + tiny, "1"), (2 * half - tiny, "1"), (4 * half - tiny, "1"),
                          (-2 * half + tiny, "-1"), (-4 * half + tiny, "-1")]:
        assert audit_decimal(expr, printed).ok in (True, False)   # decided at the full budget
        with pytest.raises(ProofcheckError, match="too close to a rounding boundary to audit"):
            audit_decimal(expr, printed, max_prec=512)


@pytest.mark.parametrize("printed", ["X3.14", "3.1.4", "--3", "3-"])
def test_audit_malformed_message(printed):
    with pytest.raises(ProofcheckError, match=f"malformed decimal '{printed}'"):
        audit_decimal(sp.pi, printed)


# -- signs -----------------------------------------------------------------------

GROWTH = sp.exp(S * T) - 1   # positive for s, t > 0, but SymPy's assumptions cannot see it


@pytest.mark.parametrize("expr, sign", [
    (S, 1), (-S, -1), (X, None), (sp.exp(X), 1),
    (GROWTH, 1), (-GROWTH, -1), (S * GROWTH, 1), (-S * GROWTH, -1), (X * GROWTH, None),
    (sp.sqrt(GROWTH), 1), (sp.exp(S + T) - sp.exp(S), 1), (2 * sp.exp(S * T) - 2, 1),
    (S * sp.exp(S) - S, 1), (sp.exp(S) - sp.exp(T), None),
    # log A has the sign of A - 1
    (sp.log(1 + GROWTH ** 2), 1),
    # sums whose terms all have one proved sign, after SymPy flattens them
    (GROWTH + S * GROWTH, 1), (-(GROWTH + S * GROWTH), -1),
    # products, quotients and powers of proved signs
    (GROWTH ** 2, 1), (GROWTH ** S, 1), ((1 - sp.exp(S * T)) ** 3, -1),
    (sp.exp(S) * GROWTH, 1), ((sp.exp(S) - 1) * (sp.exp(T) - 1), 1),
    ((sp.exp(S) - 1) / (sp.exp(T) + 1), 1), (S / (sp.exp(S) - 1), 1),
    (X ** 2 * GROWTH, None),   # zero at x = 0: not signed
    # P - N through log P - log N, with powers and quotients inside
    (sp.exp(2 * S) - sp.exp(S), 1), ((1 + S) ** 2 - 1, 1), ((1 + S) ** T - 1, 1),
    (1 - (1 + S) ** (-T), 1), (T * sp.exp(2 * S) - T, 1), (S ** 2 * sp.exp(S) - S ** 2, 1),
    (S * T * sp.exp(S * T) - S * T, 1), (sp.exp(S * T) - sp.exp(S * T) / (1 + S), 1),
    (sp.sqrt(S) * sp.exp(S) - sp.sqrt(S), 1), ((1 + S) * sp.exp(S) - 1, 1),
    (sp.exp(S) - sp.exp(-S), 1), (sp.exp(-S) - 1, -1), (sp.exp(S ** 2 + S) - sp.exp(S), 1),
    (2 * sp.exp(S) - 3, None),   # negative near s = 0, positive for large s
    (sp.exp(S + 1) - sp.exp(S), 1),   # log P - log N is exactly 1
    (sp.exp(sp.Symbol("z")), None),   # exp of a complex number has no sign
    # every term signed by the rules (not by SymPy's assumptions), all alike
    (GROWTH ** 2 + S * GROWTH, 1), (-(GROWTH ** 2) - S * GROWTH, -1),
    (S * GROWTH ** 2 + GROWTH ** S, 1), (-(GROWTH ** 2) - S * GROWTH - GROWTH ** S, -1),
])
def test_proved_sign(expr, sign):
    result = proved_sign(expr)
    assert result == sign
    assert sign is None or type(result) is int


def test_proved_nonnegative():
    assert proved_nonnegative(0) and proved_nonnegative(X ** 2) and proved_nonnegative(GROWTH)
    assert not proved_nonnegative(-GROWTH) and not proved_nonnegative(X)


def test_the_logarithm_of_a_proved_positive_power_is_the_exponent_times_the_logarithm():
    from proofcheck.core.symbolic.signs import _Proof
    _log_of_positive = _Proof()._log_of_positive
    y = sp.Symbol("y", positive=True)
    assert _log_of_positive((1 + y) ** 2, 3) == 2 * sp.log(1 + y)
    assert _log_of_positive((1 + y) ** sp.Rational(1, 3) * sp.exp(y), 3) == sp.log(1 + y) / 3 + y
    # A base not proved positive has no logarithm here, whatever its power.
    assert _log_of_positive((y - 1) ** 2, 3) is None
