"""counterexamples: each phase of the search looks where its description says it looks.

The compass search steps each coordinate by half of itself (additively, by half of
max(|x|, 1), at zero or below), both ways, halving the step when no move helps,
from the two worst samples.  The line scans lay a grid across each parameter's range
(evenly, or logarithmically where the range is positive and wide, or outwards from a
bound) and refine the best grid cell.  The ties put parameters equal, the snaps move a
point onto nearby simple exact numbers.  Most tests hide a narrow failure where only
the phase at full strength looks, and ask that phase, on its own, to propose a point
inside it; the scan grids and the snapping of one value are checked directly.  A slack
here is a plain float function of the point: the phases only compare its values.
"""
import math

import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.points import counterexamples

GRID = 200


def setup(params):
    domain = parse_domain(params)
    return domain, [p.symbol for p in domain.parameters.values()]


def on_floats(f):
    """The search's view of a slack ``f``: a float (or None) at a point's values."""
    return lambda values: f(*[float(v) for v in values])


def samples(symbols, *rows):
    return [{s: sp.nsimplify(v) for s, v in zip(symbols, row)} for row in rows]


def flat_but_a_dip(centre, width=0.004):
    # A slack of 1 except in a narrow dip: a search that compares values learns nothing
    # from it, so only the points it tries in turn can land in the dip.
    return on_floats(lambda x: -1.0 if abs(x - centre) < width else 1.0)


def compass(params, value, *rows, starts=2, rounds=30):
    domain, symbols = setup(params)
    found = []
    counterexamples._compass_search(domain, symbols, value, samples(symbols, *rows), found, starts, rounds)
    return symbols, found


def near(found, symbol, centre, width):
    return any(abs(float(p[symbol]) - centre) < width for p in found)


# -- the compass search ---------------------------------------------------------------------

def test_the_compass_search_halves_its_step_until_a_dip_an_eighth_below_a_positive_start():
    # From 2 the tries are 2(1 -+ 1/2), 2(1 -+ 1/4), 2(1 -+ 1/8) = 1.75: the dip is there.
    (x,), found = compass({"x": "0 < x < 10"}, flat_but_a_dip(1.75), [2])
    assert near(found, x, 1.75, 0.004), found


def test_the_compass_search_steps_a_positive_coordinate_by_a_fraction_of_itself():
    # From 0.4 a step of a fraction of 0.4 reaches 0.35 = 0.4 (1 - 1/8); steps of 1/2^k do not.
    (x,), found = compass({"x": "0 < x < 1"}, flat_but_a_dip(0.35, 0.002), ["2/5"])
    assert near(found, x, 0.35, 0.002), found


def test_the_compass_search_steps_away_from_zero():
    # At 0 a multiple of the coordinate never moves: the step is additive there.
    (x,), found = compass({"x": "-1 < x < 1"}, flat_but_a_dip(-0.25, 0.002), [0])
    assert near(found, x, -0.25, 0.002), found


def test_the_compass_search_steps_a_negative_coordinate_by_a_fraction_of_its_size():
    # From -4 the additive step is s * 4: -4 + 4/8 = -3.5 lies in the dip.
    (x,), found = compass({"x": "-10 < x < 10"}, flat_but_a_dip(-3.5, 0.002), [-4])
    assert near(found, x, -3.5, 0.002), found


def test_a_step_out_of_the_domain_does_not_stop_the_step_the_other_way():
    # From 8 in (0, 10) every step up leaves the domain until 8 (1 + 1/8); the dip at
    # 6 = 8 (1 - 1/4) is found by the step down of the same round.
    (x,), found = compass({"x": "0 < x < 10"}, flat_but_a_dip(6), [8])
    assert near(found, x, 6, 0.004), found


def test_the_compass_search_keeps_its_step_while_it_moves_and_so_travels_far():
    # The failure sits at 20, twenty times the start: 1.5^k takes seven rounds to get there.
    slack = on_floats(lambda x: math.log(x / 20) ** 2 - 1e-6)
    (x,), found = compass({"x": "0 < x < 100"}, slack, [1])
    assert near(found, x, 20, 0.02), found


def test_the_compass_search_starts_from_the_worst_samples():
    # Two valleys: only the one around 80 dips below zero, and only the worst sample (70)
    # lies in it; the other samples (3 and 5) lie in the valley around 10, at least 1.
    slack = on_floats(lambda x: min(((x - 80) / 10) ** 2 - 1e-3, ((x - 10) / 10) ** 2 + 1))
    (x,), found = compass({"x": "0 < x < 100"}, slack, [3], [5], [70])
    assert near(found, x, 80, 0.3), found


# -- the line scans -------------------------------------------------------------------------

def scan(params, value, *rows):
    domain, symbols = setup(params)
    found, points = [], samples(symbols, *rows)
    worst = counterexamples._worst(symbols, value, points)
    counterexamples._line_scans(domain, symbols, value, worst, points, found)
    return symbols, found


def test_the_best_grid_cell_at_either_end_of_a_range_is_refined():
    # In (2, 3) the grid lies at 2 + (k + 1/2)/200: a dip between the first two grid points
    # (or the last two) is refined from the nearest of them.
    for centre in (2.003, 2.997):
        slack = on_floats(lambda x, c=centre: (x - c) ** 2 - 1e-8)
        (x,), found = scan({"x": "2 < x < 3"}, slack, ["5/2"])
        assert near(found, x, centre, 1e-4), (centre, found)


def test_the_refinement_keeps_to_the_two_cells_beside_the_best_grid_point():
    # In (2, 3) the grid step is h = 1/200.  A failing dip lies 0.3 h to one side of a grid
    # point g, a shallower dip that does not fail (down to 1/2) 0.854 h to the other side,
    # in the next cell but one: the golden section on [g - h, g + h] goes to the failure;
    # on a bracket a cell wider it would first compare the two dips and keep the wrong one.
    h, g = 1 / GRID, 2 + 100.5 / GRID
    for side in (1, -1):
        failing, shallow = g + side * 0.3 * h, g - side * 0.854 * h

        def slack(x):
            return min(1 - 2 / (1 + ((x - failing) / (0.05 * h)) ** 2),
                       1 - 0.5 / (1 + ((x - shallow) / (0.01 * h)) ** 2))
        (x,), found = scan({"x": "2 < x < 3"}, on_floats(slack), ["9/4"])
        assert near(found, x, failing, 0.05 * h), (side, found)


def test_a_parameter_along_which_the_slack_is_nowhere_defined_does_not_stop_the_scans():
    # (-1)^n is no real number between the integers, where the grid of n lies.
    def slack(n, x):
        return None if n != int(n) else ((x - 3) ** 2 - 1e-4) * (2 + (-1) ** int(n))
    (n, x), found = scan({"n": "integer 1 <= n <= 5", "x": "0 < x < 10"}, on_floats(slack), [2, "1/2"], [4, 9])
    assert near(found, x, 3, 0.01), found


def grid(spec):
    domain, _ = setup({"x": spec})
    return counterexamples._scan_grid(domain.parameters["x"], {}, GRID)


def geometric(first, last):
    return [first * (last / first) ** (k / (GRID - 1)) for k in range(GRID)]


def same(got, expected):
    # The scan grid is floats by design: the search only proposes points, each then decided
    # exactly by the claim's kind.  The tolerance compares two float formulas of one grid.
    return len(got) == len(expected) and all(math.isclose(a, b, rel_tol=1e-12) for a, b in zip(got, expected))


def test_a_narrow_range_is_scanned_at_the_middles_of_equal_cells():
    assert same(grid("20 < x < 30"), [20 + 10 * (k + 0.5) / GRID for k in range(GRID)])
    assert same(grid("-1 < x < 1"), [-1 + 2 * (k + 0.5) / GRID for k in range(GRID)])


def test_a_positive_range_of_two_decades_or_more_is_scanned_logarithmically():
    assert same(grid("1 < x < 100"), geometric(1, 100))
    assert same(grid("0 < x < 1"), geometric(1e-6, 1))  # from a millionth of the top
    assert same(grid("1/1000 < x < 1"), geometric(1e-3, 1))


def test_a_half_line_is_scanned_outwards_from_its_bound_from_a_millionth_to_a_million():
    offsets = geometric(1e-6, 1e6)
    assert same(grid("x > 5"), [5 + d for d in offsets])
    assert same(grid("x < 5"), [5 - d for d in offsets])


# -- ties, snaps, points --------------------------------------------------------------------

def ties(params, value, *rows):
    domain, symbols = setup(params)
    found, points = [], samples(symbols, *rows)
    counterexamples._ties(domain, symbols, counterexamples._worst(symbols, value, points), points, found)
    return symbols, points, found


def test_the_worst_sample_is_tied_onto_the_diagonal():
    # The worst sample is the one farthest above the diagonal, (1/5, 3/5).
    (x, y), points, found = ties({"x": "0 < x < 1", "y": "0 < y < 1"}, on_floats(lambda x, y: x - y),
                                 ["7/9", "1/3"], ["1/5", "3/5"], ["1/2", "2/3"])
    assert {x: sp.Rational(1, 5), y: sp.Rational(1, 5)} in found, found
    assert all(p[x] == sp.Rational(1, 5) for p in found)  # the tie and the hairs beside it


def test_a_tie_that_is_already_a_sample_is_not_proposed_again():
    (x, y), points, found = ties({"x": "0 < x < 1", "y": "0 < y < 1"}, on_floats(lambda x, y: x - y),
                                 ["1/5", "3/5"], ["1/5", "1/5"])
    assert found and all(p not in points for p in found), found
    assert all(p[x] == sp.Rational(1, 5) and p[y] != p[x] for p in found)  # only the hairs


def test_no_tie_is_proposed_when_the_slack_has_no_value_at_any_sample():
    _, _, found = ties({"x": "0 < x < 1", "y": "0 < y < 1"}, lambda values: None, ["1/5", "3/5"], ["1/2", "1/3"])
    assert found == []


def snaps(params, *rows):
    domain, symbols = setup(params)
    found = [{s: sp.Rational(v) for s, v in zip(symbols, row)} for row in rows]
    counterexamples._snaps(domain, symbols, found)
    return symbols, found


def test_both_coordinates_are_snapped_together_to_their_later_candidates():
    # pi/3 has two candidates, 355/339 and then pi/3; 1/2 + 10^-9 has one, 1/2.  The failure
    # at (pi/3, 1/2) is the second candidates of both, together.
    (x, y), found = snaps({"x": "0 < x < 2", "y": "0 < y < 1"}, [math.pi / 3, 0.5 + 1e-9])
    assert {x: sp.pi / 3, y: sp.Rational(1, 2)} in found, found


def test_one_coordinate_is_snapped_while_the_other_is_kept():
    # A failure at (1/3, 1/2 + 10^-7) only: y must stay where the search found it.
    y0 = sp.Rational(1, 2) + sp.Rational(1, 10**7)
    (x, y), found = snaps({"x": "0 < x < 1", "y": "0 < y < 1"}, [1 / 3 + 1e-10, y0])
    assert {x: sp.Rational(1, 3), y: y0} in found, found


def test_a_value_snaps_within_a_relative_millionth():
    assert sp.Rational(10, 3) in counterexamples._snap(10 / 3 + 2e-6)   # relative 6e-7
    assert sp.sqrt(2) in counterexamples._snap(math.sqrt(2) + 1e-7)    # relative 7e-8
    assert sp.pi / 4 in counterexamples._snap(math.pi / 4 + 1e-9)
    assert sp.Rational(1, 3) not in counterexamples._snap(1 / 3 + 1.5e-6)  # and no farther


def test_snapping_proposes_rationals_of_denominator_at_most_a_thousand_once_each():
    assert counterexamples._snap(0.5) == (sp.Rational(1, 2),)
    assert not any(c.is_Rational for c in counterexamples._snap(1 / 1009))


def test_a_value_that_is_no_number_is_neither_snapped_nor_a_point():
    domain, symbols = setup({"x": "-1 < x < 1"})
    for bad in (float("nan"), float("inf"), float("-inf")):
        assert counterexamples._snap(bad) == ()
        assert counterexamples._valid_point(domain, symbols, [bad]) is None


def test_an_integer_parameter_is_rounded_to_the_nearest_integer():
    domain, (n,) = setup({"n": "integer 1 <= n <= 10"})
    assert counterexamples._valid_point(domain, [n], [2.6]) == {n: 3}
