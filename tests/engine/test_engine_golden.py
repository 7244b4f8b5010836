"""Golden-section search (core/numbers/golden.py): the bracket shrinks onto the extremum, for a minimum
and a maximum, in floats and in mpmath; where f cannot be evaluated it stops, and says so by
where it ends."""
import mpmath
import pytest

from proofcheck.core.numbers.golden import GOLDEN_RATIO, golden_section_maximum, golden_section_minimum


@pytest.mark.parametrize("centre", [0.3, 0.5, 0.77, 0.01])
def test_the_minimum_of_a_unimodal_function_is_found(centre):
    found = golden_section_minimum(lambda x: (x - centre) ** 2, 0.0, 1.0, 60)
    assert abs(found - centre) < 1e-9


@pytest.mark.parametrize("centre", [0.2, 0.5, 0.9])
def test_the_maximum_of_a_unimodal_function_is_found(centre):
    found = golden_section_maximum(lambda x: -abs(x - centre), 0.0, 1.0, 60)
    assert abs(found - centre) < 1e-9


def test_the_bracket_shrinks_by_the_golden_ratio_each_step():
    # After k steps the bracket is (b - a) * 0.618**k wide: few steps, a coarse answer.
    coarse = golden_section_minimum(lambda x: (x - 0.9) ** 2, 0.0, 1.0, 3)
    assert 1e-3 < abs(coarse - 0.9) < 0.618 ** 3 / 2
    assert abs(golden_section_minimum(lambda x: (x - 0.9) ** 2, 0.0, 1.0, 40) - 0.9) < 1e-7


def test_an_mpmath_caller_gets_its_precision():
    with mpmath.workdps(40):
        golden = (mpmath.sqrt(5) - 1) / 2
        found = golden_section_maximum(lambda x: -(x - mpmath.mpf(1) / 3) ** 2, mpmath.mpf(0),
                                       mpmath.mpf(1), 180, golden)
        assert abs(found - mpmath.mpf(1) / 3) < mpmath.mpf(10) ** -30


def test_where_f_cannot_be_evaluated_the_search_stops_at_the_bracket_reached():
    calls = []

    def f(x):
        calls.append(x)
        return None if x > 0.5 else (x - 0.25) ** 2
    found = golden_section_minimum(f, 0.0, 1.0, 50)
    # The first interior point above 1/2 gives no value: the search stops at once.
    assert found == 0.5 and len(calls) == 2
    # Descending to the left, the second step's new point (0.236) gives no value: the bracket
    # reached is [0, 0.618], and its midpoint is returned.
    one_side = golden_section_minimum(lambda x: None if x < 0.3 else x, 0.0, 1.0, 50)
    assert abs(one_side - GOLDEN_RATIO / 2) < 1e-12


def test_the_float_ratio_is_the_golden_ratio():
    assert abs(GOLDEN_RATIO - 0.6180339887498949) < 1e-15
