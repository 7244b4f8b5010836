"""numeric_limits: when the values approaching a limit point count as settled.

``settled_limit`` watches the values of the expression along points approaching
the limit point.  Here those values are given directly (the approach replaced by
a fixed list), so each rule is seen on its own: a last step of more than a
twentieth of the scale, or steps that grow among the last three, are no limit; a
step below 10**-40 of the scale (the zero floor at 50 digits) never counts as
growth; the last value is returned when the last step is within 10**-30 of the
scale (the required digits at 50), else the extrapolated value when the last
value is that near it, else the limit is undecided.  The scale is the
last value's magnitude, or, when that is smaller, the largest magnitude along the
approach, capped at 1: times 10^-300, every rule decides as it does at size 1.
"""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.errors import EvaluationError, NoLimit
from proofcheck.core.numbers import numeric_limits
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.numeric_limits import settled_limit

X = sp.Symbol("x", real=True)


@pytest.fixture
def approach(monkeypatch):
    """Make the approach to the limit point yield ``values``; the limit of a constant ``c``."""
    def limit(values, extrapolated=1, target=0, direction="+"):
        with mpmath.workdps(80):
            given = [mpmath.mpf(v) for v in values]
            monkeypatch.setattr(numeric_limits, "_approach", lambda f, t, d, w, exponents: given)
            return settled_limit(lambda x: mpmath.mpf(extrapolated), mpmath.mpf(target), direction, 50)
    return limit


# -- no limit ----------------------------------------------------------------------------------

def test_a_last_step_above_a_twentieth_of_the_scale_is_no_limit_even_when_the_steps_shrink(approach):
    # Steps 5, 2, 1, 0.5, 0.3, 0.2: shrinking, but the last is a fifth of the last value.
    with pytest.raises(NoLimit):
        approach([10, 5, 3, 2, "1.5", "1.2", 1])


def test_below_1_the_scale_is_at_most_1(approach):
    # Steps 0.4, 0.25, 0.15, 0.08, 0.06, 0.06: the last above 1/20 (though below 2/20).
    with pytest.raises(NoLimit):
        approach([2, "1.6", "1.35", "1.2", "1.12", "1.06", 1])
    # Around 0.1 the values count against the largest, 0.9: a last step of 0.04 settles.
    got = approach(["0.9", "0.6", "0.4", "0.27", "0.19", "0.14", "0.1"], extrapolated="0.1")
    assert abs(got - mpmath.mpf("0.1")) < mpmath.mpf(10) ** -15


def test_a_last_step_just_below_a_twentieth_of_the_scale_settles(approach):
    # Steps 0.4, 0.25, 0.15, 0.09, 0.061, 0.049 < 1/20 (and above 1/21).
    assert approach([2, "1.6", "1.35", "1.2", "1.11", "1.049", 1]) == 1


def test_a_last_step_of_exactly_a_twentieth_of_the_scale_settles(approach):
    # Last value 20 (the scale), steps 10, 4, 2, 1.5, 1.5, 1 = 20/20: not above it.
    assert approach([40, 30, 26, 24, "22.5", 21, 20], extrapolated=20) == 20


def test_a_step_that_grows_among_the_last_three_is_no_limit(approach):
    with pytest.raises(NoLimit):
        approach(["0.5", "0.25", "0.125", "0.0625", "0.0625000001", "0.06250000011", "0.0625000002"],
                 extrapolated="0.0625")


def test_equal_steps_do_not_grow(approach):
    # The last three steps are each 2**-40 exactly.
    step = mpmath.mpf(2) ** -40
    values = [2, "1.5", "1.25", 1 + 3 * step, 1 + 2 * step, 1 + step, 1]
    assert approach(values) == 1


def test_steps_below_the_zero_floor_never_count_as_growth(approach):
    # 10**-40 (the floor at 50 digits, scale 1), after a step of half of it.
    with mpmath.workdps(80):
        floor = mpmath.mpf(10) ** -40
    assert approach([1, "0.25", "0.125", "0.0625", floor * 3 / 2, floor, 0], extrapolated=0) == 0


def test_the_zero_floor_scales_with_the_last_value(approach):
    # Around 1000 the floor is 10**-37: a last step of 5e-38 after 1e-44 is noise.
    values = ["1100", "1010", "1001", "1000.1", "1000.00000000000000000000000000000000000000000001",
              "1000.00000000000000000000000000000000000005", "1000"]
    assert approach(values, extrapolated=1000) == 1000


def test_only_the_last_three_steps_are_watched(approach):
    # Eight values, steps 0.5, 0.4, 0.3, 0.1, 0.4, 0.15, 0.04: the fourth from the end
    # grows into the third, the last three shrink.
    values = ["2.89", "2.39", "1.99", "1.69", "1.59", "1.19", "1.04", 1]
    assert approach(values) == 1


def test_no_limit_shows_the_point_to_five_digits_and_the_values_to_six(approach):
    with pytest.raises(NoLimit) as raised:
        approach(["1.2345678", 5, 3, 2, "1.5", "1.2", 1], target=mpmath.mpf(1) / 3)
    assert str(raised.value) == ("no limit: along points approaching 0.33333 the values do not settle "
                                 "(1.23457, 5.0, 3.0, 2.0, 1.5, 1.2, 1.0)")


# -- settled: which value is returned ----------------------------------------------------------

def test_the_extrapolated_value_is_returned_within_the_required_digits_of_the_last(approach):
    # Scale 10**10: the tolerance is 10**-20.  The last step, 10**-19, is not within it; the
    # extrapolation is 10**-21 from the last value.
    values = [f"10000000000.{'0' * (k - 1)}1" for k in (13, 14, 15, 16, 17, 19)] + ["1e10"]
    got = approach(values, extrapolated="10000000000.000000000000000000001")
    with mpmath.workdps(80):
        assert got == mpmath.mpf("10000000000.000000000000000000001")


def test_a_settled_approach_returns_its_last_value_and_asks_for_no_extrapolation(approach, monkeypatch):
    monkeypatch.setattr(numeric_limits, "_extrapolated", lambda *a: pytest.fail("extrapolated"))
    assert approach(["1e10"] * 7) == mpmath.mpf("1e10")


def test_the_last_value_is_returned_when_the_extrapolation_is_off_and_the_last_step_tiny(approach):
    # Last step exactly 10**-30 (the tolerance at scale 1), the extrapolation far away.
    with mpmath.workdps(80):
        tolerance = mpmath.mpf(10) ** -30
    values = [1, "0.25", "0.125", "0.0625", 3 * tolerance, tolerance, 0]
    assert approach(values, extrapolated=1) == 0


@pytest.mark.parametrize("size", ["1", "1e-300"])
def test_values_far_below_1_are_counted_against_their_own_size(approach, size):
    # The same approaches at size 1 and times 10^-300.  Counted against 1, any values of
    # size 10^-300 had settled: a last step of 10^-320 and an extrapolation far off were
    # taken for a limit.
    with mpmath.workdps(80):
        size = mpmath.mpf(size)
        values = [size * mpmath.mpf(v) for v in (1, "0.25", "0.125", "0.0625", "3e-30", "1e-30", 0)]
        assert approach(values, extrapolated=size) == 0
        moving = [size * mpmath.mpf(v) for v in (1, "0.5", "0.25", "0.125", "1e-19", "1e-20", 0)]
    with pytest.raises(EvaluationError, match="undecided"):
        approach(moving, extrapolated=size)


def test_a_last_value_away_from_the_extrapolation_is_not_accepted_for_it(approach):
    # The last two values differ by 10**-25: the extrapolation (equal to the one before)
    # is not within 10**-30 of the last, and the last step is too large to accept.
    values = ["0.5", "0.25", "0.125", "0.0625", "1e-20", "1e-25", 0]
    with pytest.raises(EvaluationError) as raised:
        approach(values, extrapolated="1e-25")
    assert not isinstance(raised.value, NoLimit)


def test_an_undecided_limit_names_the_point_the_last_step_and_the_last_distance(approach):
    with pytest.raises(EvaluationError) as raised:
        approach(["0.5", "0.25", "0.125", "0.0625", "0.03", "0.02", "0.0123456"],
                 target=mpmath.mpf(1) / 3)
    assert not isinstance(raised.value, NoLimit)
    # Not settled at 10^-64, the approach is taken once to 10^-128 (here: the same values).
    assert str(raised.value) == ("the limit is undecided: the values approaching 0.33333 still move "
                                 "by 0.00765 at 10**-128")


# -- the approach itself -------------------------------------------------------------------------

def test_the_approach_stops_at_the_first_power_of_two_reaching_twice_the_required_digits():
    # required_digits(27) = 16: 2 * 16 = 32 is itself reached, and is the last exponent.
    assert numeric_limits._approach_exponents(27) == (1, 2, 4, 8, 16, 32)
    assert numeric_limits._approach_exponents(28) == (1, 2, 4, 8, 16, 32)   # 2 * 16 again
    assert numeric_limits._approach_exponents(30) == (1, 2, 4, 8, 16, 32, 64)  # 2 * 18 = 36


# Steep on each side of 0, and a jump there: 10**10 x + (1 + sign(x))/2 tends to 1 from the
# right and to 0 from the left.  At 10**-64 the last step is still about 10**-22, far above
# the tolerance: only the extrapolation, from the right side, can give the limit.
STEEP = 10**10 * X + (1 + sp.sign(X)) / 2


@pytest.mark.parametrize("direction, expected", [("+", 1), ("-", 0)])
def test_a_one_sided_limit_is_extrapolated_from_its_own_side(direction, expected):
    got = evaluate(sp.Limit(STEEP, X, 0, direction), {}, 50)
    assert abs(got - expected) < mpmath.mpf(10) ** -30
