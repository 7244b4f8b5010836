"""Integrals with a kink or a jump are split, and each piece's branch is proved, not read.

``closed_form`` cuts an integral at the breakpoints of Abs, sign, Max/Min and
Piecewise.  A breakpoint is used only where its place (inside, below or above
the range, and its order among the others) is proved for every parameter value;
on each piece the branch is read at a test point strictly inside it and then
proved on the whole piece, written through a positive ``t`` that sweeps exactly
that open piece.  A branch or a place that is not proved stops the derivation.
"""
import pytest
import sympy as sp

from proofcheck.core.symbolic import operators as symbolic
from proofcheck.core.symbolic.operators import NoClosedForm, UnprovedBranch

x = sp.Symbol("x", real=True)
a = sp.Symbol("a", real=True)
p = sp.Symbol("p", positive=True)
n = sp.Symbol("n", nonnegative=True)
oo = sp.oo
HALF = sp.Rational(1, 2)


def branch(integrand, lo, hi, rep=None):
    return symbolic._resolve_branches(integrand, x, sp.sympify(lo), sp.sympify(hi), rep or {})


def cuts(points, lo, hi, rep=None):
    return symbolic._order_cuts([sp.sympify(c) for c in points], sp.sympify(lo), sp.sympify(hi), rep or {})


# -- the test point of a piece ------------------------------------------------------------

@pytest.mark.parametrize("lo, hi", [(1, sp.Rational(3, 2)), (-oo, sp.Rational(3, 2)), (1, oo), (-oo, oo)])
def test_the_branch_of_a_piece_is_read_strictly_inside_it(lo, hi):
    point = symbolic._test_point(sp.sympify(lo), sp.sympify(hi))
    assert point.is_finite and lo < point < hi


# -- the variable of a piece ----------------------------------------------------------------

@pytest.mark.parametrize("lo, hi", [(1, 3), (1, oo), (-oo, 3)])
def test_a_piece_is_written_through_a_positive_t_that_sweeps_exactly_the_open_piece(lo, hi):
    lo, hi = sp.sympify(lo), sp.sympify(hi)
    inside = symbolic._piece_variable(x, lo, hi)
    t, = inside.free_symbols
    assert t.is_positive
    values = [inside.subs(t, v) for v in (sp.Rational(1, 1000), 1, 1000)]
    assert all(lo < v < hi for v in values)
    assert values[0] < values[1] < values[2] or values[0] > values[1] > values[2]
    ends = {sp.limit(inside, t, 0, "+"), sp.limit(inside, t, oo)}
    assert ends == {lo, hi}


def test_the_whole_line_is_written_through_a_real_variable():
    # e^x > e^(x - 1) needs x real: a variable without assumptions would leave the Abs unproved.
    assert branch(sp.Abs(sp.exp(x) - sp.exp(x - 1)), -oo, oo) == sp.exp(x) - sp.exp(x - 1)


# -- branches ---------------------------------------------------------------------------------

def test_a_branch_that_holds_at_the_representative_point_only_is_refused():
    # a*x > 0 on (0, oo) at a = 1, but not for a real a.
    with pytest.raises(UnprovedBranch, match="the sign of a\\*x on \\(0, oo\\) is not proved"):
        branch(sp.Abs(a * x), 0, oo, {a: 1})


@pytest.mark.parametrize("integrand, lo, hi, taken", [
    (sp.Abs(x), -oo, 0, -x),
    (sp.Abs(x), 0, oo, x),
    (sp.sign(x - 1), 1, oo, 1),
    (sp.sign(x - 1), -oo, 1, -1),
    (sp.Max(x, 1), 0, 1, 1),
    (sp.Max(x, 1), 1, oo, x),
    (sp.Min(x, 1), 0, 1, x),
    (sp.Min(x, 1), 1, oo, 1),
    (sp.Max(x, 1, 2 * x), 1, oo, 2 * x),
])
def test_abs_sign_max_and_min_take_the_branch_of_the_piece(integrand, lo, hi, taken):
    assert branch(integrand, lo, hi) == taken


@pytest.mark.parametrize("condition, below, above", [
    (x < 1, x, 2 * x),
    (x <= 1, x, 2 * x),
    (x > 1, 2 * x, x),
    (x >= 1, 2 * x, x),
    (1 > x, x, 2 * x),
])
def test_a_piecewise_integrand_takes_the_branch_whose_condition_holds_on_the_piece(condition, below, above):
    integrand = sp.Piecewise((x, condition), (2 * x, True))
    assert branch(integrand, 0, 1) == below
    assert branch(integrand, 1, 3) == above


@pytest.mark.parametrize("condition", [sp.Eq(x, 1), (x > 1) & (x < 2)])
def test_a_piecewise_condition_that_is_not_a_single_inequality_is_refused(condition):
    integrand = sp.Piecewise((x, condition), (2 * x, True))
    with pytest.raises(UnprovedBranch, match="is not a single inequality"):
        branch(integrand, 0, 1)


def test_a_piecewise_condition_unproved_on_the_piece_is_refused():
    integrand = sp.Piecewise((x, a * x > 0), (2 * x, True))
    with pytest.raises(UnprovedBranch, match="the sign of a\\*x on \\(0, oo\\) is not proved"):
        branch(integrand, 0, oo, {a: 1})


def test_a_piecewise_integrand_with_no_branch_for_the_piece_has_no_closed_form():
    with pytest.raises(NoClosedForm, match="^no branch of a piecewise integrand applies$"):
        branch(sp.Piecewise((x, x < 1)), 1, 3)


def test_a_sign_unproved_on_the_piece_is_refused():
    with pytest.raises(UnprovedBranch, match="the sign of a\\*x on \\(0, oo\\)"):
        branch(sp.sign(a * x), 0, oo, {a: 1})


@pytest.mark.parametrize("integrand, what", [(sp.Max(x, p), "Max choosing p"), (sp.Min(x, p), "Min choosing x")])
def test_max_or_min_whose_arguments_cross_inside_the_piece_is_refused(integrand, what):
    # At the test point x = 1 < p = 2; on (0, oo) x - p takes both signs.
    with pytest.raises(UnprovedBranch, match=what):
        branch(integrand, 0, oo, {p: 2})


def test_a_piece_that_cannot_be_evaluated_stops_the_derivation():
    with pytest.raises(NoClosedForm, match="^cannot evaluate a test point of the piece$"):
        branch(sp.Abs(x), a, a + 1)
    with pytest.raises(NoClosedForm, match="cannot decide the sign of a\\*x on a piece"):
        branch(sp.Abs(a * x), 0, oo)


# -- breakpoints ------------------------------------------------------------------------------

def test_breakpoints_inside_a_finite_range_are_kept_once_and_in_order():
    assert cuts([2, 1, 1], 0, 3) == [1, 2]
    assert cuts([sp.log(2), sp.log(4) / 2, 2], 0, 3) == [sp.log(2), 2]


def test_breakpoints_on_the_whole_line_are_all_inside():
    assert cuts([2, 1], -oo, oo) == [1, 2]
    assert cuts([p], -oo, oo, {p: 1}) == [p]


@pytest.mark.parametrize("point", [0, -1, 3, 5])
def test_breakpoints_at_or_beyond_the_ends_of_the_range_are_dropped(point):
    assert cuts([point], 0, 3) == []


def test_a_breakpoint_inside_the_range_must_be_proved_strictly_inside():
    assert cuts([p], 0, oo, {p: HALF}) == [p]
    with pytest.raises(UnprovedBranch, match="breakpoint n above the lower limit 0 is not proved"):
        cuts([n], 0, oo, {n: HALF})
    with pytest.raises(UnprovedBranch, match="below the upper limit"):
        cuts([-n], -oo, 0, {n: HALF})
    # Away from 0 the distance to each end is what must be positive.
    with pytest.raises(UnprovedBranch, match="breakpoint n \\+ 1 above the lower limit 1 is not proved"):
        cuts([n + 1], 1, oo, {n: HALF})
    with pytest.raises(UnprovedBranch, match="breakpoint 2 below the upper limit n \\+ 2 is not proved"):
        cuts([2], 0, n + 2, {n: HALF})


def test_a_breakpoint_outside_the_range_must_be_proved_outside():
    with pytest.raises(UnprovedBranch, match="at or above the upper limit"):
        cuts([a], 0, 3, {a: 5})
    with pytest.raises(UnprovedBranch, match="at or below the lower limit"):
        cuts([a], -3, 0, {a: -5})
    with pytest.raises(UnprovedBranch, match="breakpoint p at or above the upper limit 3"):
        cuts([p], 0, 3, {p: 5})
    assert cuts([p + 3], 0, 3, {p: 5}) == []
    assert cuts([-p - 3], -3, 0, {p: 5}) == []


def test_the_order_of_two_breakpoints_must_be_proved():
    assert cuts([2 * p, p], 0, oo, {p: 1}) == [p, 2 * p]
    # Two breakpoints that meet for some parameter values are still in order.
    assert cuts([p + n, p], 0, oo, {p: 1, n: 1}) == [p, p + n]
    with pytest.raises(UnprovedBranch, match="breakpoint 1 at or below p"):
        cuts([p, 1], 0, oo, {p: 2})


def test_a_breakpoint_that_cannot_be_placed_stops_the_derivation():
    with pytest.raises(NoClosedForm, match="^cannot place the breakpoints of the integrand$"):
        cuts([a], 0, 1, {})


@pytest.mark.parametrize("strict, value, proved", [
    (1, p, True), (1, n, False), (1, sp.Integer(0), False),
    (0, n, True), (0, sp.Integer(0), True), (0, -p, False),
])
def test_a_required_sign_is_strict_or_not_as_asked(strict, value, proved):
    if proved:
        symbolic._require(value, strict, "it")
    else:
        with pytest.raises(UnprovedBranch, match="it is not proved for every parameter value"):
            symbolic._require(value, strict, "it")
