"""zcdp-supremum and zcdp-excess: what a tight zCDP parameter must survive, and how it is reported.

A supremum passes only if D_alpha/alpha tends to the asserted rho as alpha -> 1+,
is finite at the orders past the grid, and lies below rho (or exactly at it) at
every order of the grid and past it, at every parameter point and every value
scanned of the variables in ``over``, each comparison decided by Arb balls (from
128 up to 2048 bits) or, where Arb has no enclosure, by mpmath at dps and 2*dps
with a margin relative to rho.  A comparison never decided is an error.  An
excess passes only if the peak of D_alpha/alpha lies above its alpha -> 1 limit,
at an interior order, and the printed percent is a rounding of the excess.
"""
from fractions import Fraction
from types import SimpleNamespace

import mpmath
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.model.errors import ClaimFileError, ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.precision import short
from proofcheck.core.run.check import check_claim
from proofcheck.dp.divergences.tight_zcdp import AlphaGrid
from proofcheck.dp.divergences.zcdp_kinds import ZcdpSupremum, _exact_text, _finite_at, _grid, _sign_of
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()

X = sp.Symbol("x", positive=True)
# (sqrt(2) + sqrt(3))^2 is exactly 5 + 2 sqrt(6), but no Arb ball of the difference is exact.
SQUARE = (sp.sqrt(2) + sp.sqrt(3)) ** 2
SQUARE_EXPANDED = 5 + 2 * sp.sqrt(6)
# A difference Arb separates from 0 only past 1024 bits (10^-400 is about 2^-1329).
TINY = sp.Rational(1, 10**400)
SMALL_GRID = {"nearest": "1/10", "alpha_max": "10", "per_decade": 1}
SMALL_GRID_TEXT = ("grid of 3 orders: alpha - 1 = 10^(j/1) from 0.1, and alpha = 10, and alpha_max times "
                   "2, 10, 100, 10000, 1000000")




def supremum(divergence, asserts="1", **extra):
    extra.setdefault("variables", {"alpha": "positive"})
    extra.setdefault("grid", SMALL_GRID)
    return dict(kind="zcdp-supremum", order="alpha", divergence=divergence, asserts=asserts, **extra)


def over_p(divergence, **extra):
    return supremum(divergence, variables={"alpha": "positive", "p": "positive"}, over={"p": "0 < p < 1"},
                    at={"p": "1/2"}, over_points=2, **extra)


def excess(divergence, percent, **extra):
    extra.setdefault("variables", {"alpha": "positive"})
    extra.setdefault("grid", {"nearest": "1/10", "alpha_max": "10", "per_decade": 2})
    return dict(kind="zcdp-excess", order="alpha", divergence=divergence, excess_percent=percent, **extra)


def verdict_of(record, settings=SETTINGS):
    return check_claim(claim(**record), settings)


# -- the grid of orders ------------------------------------------------------------------

def test_a_grid_number_is_read_exactly_from_an_integer_or_a_fraction_text():
    assert _exact_text(3, "alpha_max") == Fraction(3)
    assert _exact_text(" 1/1000000 ", "nearest") == Fraction(1, 10**6)


@pytest.mark.parametrize("value", [True, 0.5, None])
def test_a_grid_number_that_is_neither_an_integer_nor_text_is_refused(value):
    with pytest.raises(ProofcheckError) as error:
        _exact_text(value, "nearest")
    assert str(error.value) == 'grid nearest must be an integer or a string such as "1/1000000"'


@pytest.mark.parametrize("text", ["abc", "1/0"])
def test_a_malformed_grid_number_is_refused_by_name(text):
    with pytest.raises(ProofcheckError) as error:
        _exact_text(text, "alpha_max")
    assert str(error.value) == f"grid alpha_max: malformed number {text!r}"


def _grid_of(spec=None):
    return _grid(SimpleNamespace(raw={} if spec is None else {"grid": spec}))


def test_without_a_grid_the_default_grid_is_used():
    assert _grid_of() == AlphaGrid()
    assert _grid_of({}) == AlphaGrid()


def test_the_stated_grid_is_used_as_written():
    assert _grid_of({"nearest": "1/1000", "alpha_max": 50, "per_decade": 3}) == \
        AlphaGrid(nearest=Fraction(1, 1000), alpha_max=Fraction(50), per_decade=3)


@pytest.mark.parametrize("spec", [{"nearest": "1/2", "alpha_max": 2, "per_decade": 1},
                                  {"alpha_max": 10**6, "per_decade": 64}])
def test_the_grid_bounds_themselves_are_accepted(spec):
    grid = _grid_of(spec)
    assert (grid.alpha_max, grid.per_decade) == (Fraction(spec["alpha_max"]), spec["per_decade"])


@pytest.mark.parametrize("spec", ["1/1000", {"nearest": "1/1000", "alpha_min": 2}])
def test_a_grid_that_is_not_a_table_of_the_three_fields_is_refused(spec):
    with pytest.raises(ProofcheckError) as error:
        _grid_of(spec)
    assert str(error.value) == "'grid' must be a table with nearest, alpha_max and per_decade"


@pytest.mark.parametrize("spec, message", [
    ({"nearest": 0.5}, 'grid nearest must be an integer or a string such as "1/1000000"'),
    ({"alpha_max": "ten"}, "grid alpha_max: malformed number 'ten'"),
])
def test_a_malformed_grid_field_is_named(spec, message):
    with pytest.raises(ProofcheckError) as error:
        _grid_of(spec)
    assert str(error.value) == message


@pytest.mark.parametrize("per_decade", [True, 2.0, "4", 0, 65])
def test_a_per_decade_outside_one_to_sixty_four_is_refused(per_decade):
    with pytest.raises(ProofcheckError) as error:
        _grid_of({"per_decade": per_decade})
    assert str(error.value) == "grid per_decade must be an integer from 1 to 64"


@pytest.mark.parametrize("spec", [{"nearest": "0"}, {"nearest": "1"}, {"alpha_max": "19/10"},
                                  {"alpha_max": 10**6 + 1}])
def test_a_nearest_offset_or_alpha_max_out_of_range_is_refused(spec):
    with pytest.raises(ProofcheckError) as error:
        _grid_of(spec)
    assert str(error.value) == "grid needs 0 < nearest < 1 and 2 <= alpha_max <= 1000000"


# -- one comparison: the sign of rho - D_alpha/alpha ----------------------------------------

@pytest.mark.parametrize("expression, at, sign", [
    (X - 1, sp.Rational(3, 2), 1),
    (X - 1, sp.Rational(1, 2), -1),
    (SQUARE - SQUARE_EXPANDED + X * TINY, 1, 1),     # needs the 2048-bit rung
    (SQUARE - SQUARE_EXPANDED - X * TINY, 1, -1),
])
def test_arb_balls_decide_a_sign_up_to_2048_bits(expression, at, sign):
    assert _sign_of(expression, {X: at}, SETTINGS) == (sign, "certified")


def test_an_exact_zero_is_a_tie_not_a_sign():
    assert _sign_of(sp.Integer(0) * X, {X: 1}, SETTINGS) == (0, "exact")


def test_a_zero_arb_never_separates_is_undecided():
    assert _sign_of(SQUARE - SQUARE_EXPANDED, {}, SETTINGS) == (0, "certified")


@pytest.mark.parametrize("expression, at, sign", [
    (sp.Float(0.5) + X, 1, 1),
    (X - sp.Float(0.5), 0, -1),
    (sp.Float("1e-20") * X, 1, 1),
    (-sp.Float("1e-20") * X, 1, -1),
])
def test_without_an_arb_enclosure_the_ball_around_mpmaths_values_decides(expression, at, sign):
    assert _sign_of(expression, {X: at}, SETTINGS) == (sign, "numeric")


@pytest.mark.parametrize("sign", [1, -1])
def test_a_sign_that_mpmath_loses_to_cancellation_is_found_by_the_ball(sign):
    # 10^70 log(1 + 10^-70 x) is 0 at 50 digits and 1 at 100: mpmath's two signs of the slack
    # disagree, while the ball, with the Float as its one leaf, encloses the true slack -1/2.
    slack = sign * (sp.Float("0.5") - sp.log(1 + sp.Float("1e-70", 120) * X) * 10**70)
    assert _sign_of(slack, {X: 1}, SETTINGS) == (-sign, "numeric")


@pytest.mark.slow
@pytest.mark.parametrize("sign", [1, -1])
def test_noise_of_an_integral_about_0_gives_no_sign_its_true_value_does(sign):
    # The integral is 0; quadrature gives 6 10^-65 at 50 digits and 5 10^-115 at 100, both
    # positive.  Read off those values, the slack 10^-130 - integral had the noise's sign.
    z = sp.Symbol("z", real=True)
    noise = sp.Integral((z - 1) * sp.exp(-(z - 1)**2) * (2 + sp.tanh(z - 1)**2), (z, -sp.oo, sp.oo))
    slack = sign * (X * sp.Rational(1, 10**130) - noise)
    assert _sign_of(slack, {X: 1}, SETTINGS) == (sign, "numeric")


def test_a_side_mpmath_cannot_evaluate_leaves_the_sign_undecided():
    assert _sign_of(sp.Float(1) * sp.log(X), {X: -1}, SETTINGS) == (0, "numeric")


def test_finiteness_is_judged_by_a_value_at_30_digits():
    y = sp.Symbol("y")
    assert _finite_at(y, {y: 2})
    assert not _finite_at(sp.log(y), {y: 0})      # -oo
    assert not _finite_at(sp.log(y), {y: -1})     # no real value
    assert not _finite_at(1 / y, {y: 0})


def test_values_are_shown_to_twelve_digits():
    assert short(mpmath.mpf(1) / 3) == "0.333333333333"


# -- zcdp-supremum claims ----------------------------------------------------------------

def test_a_supremum_below_rho_at_every_order_is_proved_by_convexity_in_the_order():
    # D_alpha = alpha - (alpha - 1)/1000, rho = 1: F(h) = rho h (1 + h) - h D_(1+h) = h^2/1000.
    verdict = verdict_of(supremum("alpha*(1 - (alpha - 1)/(1000*alpha))"))
    assert verdict.status == "passed" and verdict.evidence in ("symbolic", "certified")
    assert verdict.route == f"limit taken; convexity in the order proved ({verdict.evidence})"
    assert "F(h) = rho h (1 + h) - h D_(1+h) is convex in h = alpha - 1" in verdict.details
    assert "at 1 parameter points agrees (8 comparisons)" in verdict.details


def test_a_supremum_on_record_as_sampled_passes_naming_its_grid_and_balls():
    verdict = verdict_of(supremum("alpha*(1 - (alpha - 1)/(1000*alpha))", evidence="numeric"))
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == (
        "lim alpha->1+ D_alpha/alpha = rho (symbolic); D_alpha/alpha < rho at all 8 comparisons: "
        f"{SMALL_GRID_TEXT}, at 1 parameter points, each decided by Arb balls (128 to 2048 bits); "
        "no proof over alpha > 1: D_alpha has no finite limit as alpha -> oo (oo); convexity in the order not "
        "tried (on record as sampled)")
    assert verdict.route == "limit taken; sampled 8 orders at 1 points"


def test_a_supremum_whose_convexity_is_not_shown_stays_sampled_and_says_so():
    # D_alpha/alpha = 1 - (alpha - 1)/(1000 alpha) plus a bump: F(h) = h^2/1000 - h^3 (1 + h) e^(-(h - 2)^2)/10^4
    # has F'' = -0.0035 at h = 1.6, so the argument cannot hold, though F(h)/h >= 10^-5: the claim is true.
    bump = "alpha*(alpha - 1)**2*exp(-(alpha - 3)**2)/10**4"
    verdict = verdict_of(supremum(f"alpha*(1 - (alpha - 1)/(1000*alpha)) + {bump}"))
    assert (verdict.status, verdict.evidence) == ("passed", "numeric"), verdict.details
    assert verdict.details.endswith("; convexity in the order not proved: F'' = 2 rho - K'' >= 0 not shown over "
                                    "the domain")


def test_a_ratio_equal_to_rho_at_every_order_is_not_an_excess():
    verdict = verdict_of(supremum("alpha", evidence="numeric"))
    assert verdict.passed and "at all 8 comparisons" in verdict.details
    assert "each decided by Arb balls (128 to 2048 bits); no proof over alpha > 1" in verdict.details


def test_comparisons_mpmath_decides_are_reported_as_such():
    verdict = verdict_of(supremum("alpha*(1 - summation(2**(-j), j, 1, 2)*(alpha - 1)/(1000*alpha))",
                                  variables={"alpha": "positive", "j": "integer"}, evidence="numeric"))
    assert verdict.passed, verdict.details
    assert "each decided by Arb balls, or Arb about mpmath's values at 50 and 100 digits or more; " \
        "no proof over alpha > 1" in verdict.details


def test_a_ratio_above_rho_at_the_first_order_fails_with_both_values():
    verdict = verdict_of(supremum("alpha*(1 + (alpha - 1)/(1000*alpha))"))
    assert (verdict.status, verdict.details) == ("failed", "D_alpha/alpha exceeds the asserted rho")
    assert verdict.counterexample == {"point": {"alpha": "11/10"}, "D_alpha/alpha": "1.00009090909",
                                      "rho": "1.0", "excess": "9.09090909091e-5"}


def test_a_ratio_not_finite_past_the_grid_fails_there():
    verdict = verdict_of(supremum("alpha/(100 - alpha)", "1/99"))
    assert verdict.status == "failed"
    assert verdict.details == ("D_alpha/alpha is not finite at alpha = 100, beyond the grid: the supremum "
                               "is not the asserted rho")
    assert verdict.counterexample == {"point": {"alpha": "100"}}


def test_a_ratio_not_finite_at_a_fractional_order_past_the_grid_fails_there():
    grid = {"nearest": "1/10", "alpha_max": "21/10", "per_decade": 1}
    verdict = verdict_of(supremum("alpha/(21 - 5*alpha)", "1/16", grid=grid))
    assert verdict.status == "failed"
    assert verdict.details.startswith("D_alpha/alpha is not finite at alpha = 21/5, beyond the grid")


def test_a_comparison_never_decided_is_an_error_not_a_pass():
    verdict = verdict_of(supremum("alpha*(sqrt(2) + sqrt(3))**2", "5 + 2*sqrt(6)"))
    assert (verdict.status, verdict.evidence) == ("error", None)
    assert verdict.details == "rho - D_alpha/alpha undecided at {'alpha': '11/10'} (certified); raise --dps"
    assert verdict.counterexample == {"point": {"alpha": "11/10"}}


def test_an_order_that_exceeds_rho_fails_though_an_earlier_comparison_is_undecided():
    # D_alpha/alpha is exactly rho up to alpha = 5, where no ball decides it, and above it past 5:
    # the counter-example at alpha = 10 is a failure, not hidden by the open comparisons.
    verdict = verdict_of(supremum("alpha*((sqrt(2) + sqrt(3))**2 + Max(0, alpha - 5))", "5 + 2*sqrt(6)"))
    assert verdict.status == "failed"
    assert verdict.details == "D_alpha/alpha exceeds the asserted rho"


def test_a_rho_that_is_not_the_alpha_one_limit_fails_on_the_limit():
    verdict = verdict_of(supremum("alpha", "2"))
    assert verdict.status == "failed"
    assert verdict.details.startswith("the alpha -> 1 limit of D_alpha/alpha: the derived constant and the "
                                      "assertion differ")


def test_the_over_variables_are_scanned_and_named():
    verdict = verdict_of(over_p("alpha*(1 - (alpha - 1)*(p - 1/2)**2/alpha)"))
    assert verdict.passed, verdict.details
    assert f"at all 16 comparisons: {SMALL_GRID_TEXT}, at 1 parameter points x 2 values of p, each" \
        in verdict.details


def test_every_over_variable_is_scanned_and_named():
    verdict = verdict_of(supremum("alpha*(1 - (alpha - 1)*(p + q)/(1000*alpha))",
                                  variables={"alpha": "positive", "p": "positive", "q": "positive"},
                                  over={"p": "0 < p < 1", "q": "0 < q < 1"}, at={"p": "1/2", "q": "1/2"},
                                  over_points=2))
    assert verdict.passed, verdict.details
    assert "at all 32 comparisons" in verdict.details
    assert "at 1 parameter points x 2 values of p, q, each decided" in verdict.details


def test_a_worst_case_away_from_the_limit_point_fails_where_it_exceeds():
    verdict = verdict_of(over_p("alpha*(1 + (alpha - 1)*(p - 1/2)**2/alpha)"))
    assert verdict.status == "failed"
    assert verdict.counterexample["point"] == {"p": "1/3", "alpha": "11/10"}


def test_the_over_variables_take_evenly_spaced_values_inside_their_range():
    scan = claim(**supremum(
        "alpha", variables={"alpha": "positive", "p": "positive", "q": "positive"},
        over={"p": "0 < p < 1", "q": "0 < q < 2*p"}, at={"p": "1/2", "q": "1/2"}, over_points=3))
    p, q = sp.Symbol("p", positive=True), sp.Symbol("q", positive=True)
    values = list(ZcdpSupremum._over_grid(scan, scan.parsed["over"], {}))
    assert len(values) == 9
    assert values[0] == {p: sp.Rational(1, 4), q: sp.Rational(1, 8)}
    assert values[-1] == {p: sp.Rational(3, 4), q: sp.Rational(9, 8)}
    assert list(ZcdpSupremum._over_grid(scan, [], {})) == [{}]


def test_a_witness_without_values_shows_the_point():
    record = claim(**supremum("alpha"))
    alpha = sp.Symbol("alpha", positive=True)
    witness = ZcdpSupremum._witness(record, sp.log(alpha - 2), {alpha: 1}, alpha, SETTINGS)
    assert witness == {"point": {"alpha": "1"}}


# -- malformed zcdp-supremum claims ------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    ({"over": {"p": "0 < p < 1"}}, "'over' and 'at' must be tables naming the same variables"),
    ({"over": "p", "at": "p"}, "'over' and 'at' must be tables naming the same variables"),
    ({"over": {"p": "0 < p < 1"}, "at": "p"}, "'over' and 'at' must be tables naming the same variables"),
    ({"over": {"r": "0 < r < 1"}, "at": {"r": "1/2"}}, "'over' variable 'r' must be declared in 'variables'"),
    ({"over": {"alpha": "1 < alpha < 2"}, "at": {"alpha": "3/2"}},
     "'over' variable 'alpha' must be declared in 'variables'"),
    ({"params": {"eps": "0 < eps < 1"}, "over": {"eps": "0 < eps < 1"}, "at": {"eps": "1/2"}},
     "'over' variable 'eps' must be declared in 'variables'"),
    ({"over_points": 1}, "'over_points' must be an integer from 2 to 200"),
    ({"over_points": 201}, "'over_points' must be an integer from 2 to 200"),
    ({"over_points": True}, "'over_points' must be an integer from 2 to 200"),
    ({"over_points": 2.0}, "'over_points' must be an integer from 2 to 200"),
    ({"order": "p"}, "'order' must name a variable declared in 'variables' (got 'p')"),
])
def test_a_malformed_supremum_claim_is_refused_when_loaded(change, message):
    record = supremum("alpha", variables={"alpha": "positive", "p": "positive"})
    record.update(change)
    if change.get("order") == "p":
        record["variables"] = {"alpha": "positive"}
    with pytest.raises(ClaimFileError) as error:
        claim(**record)
    assert str(error.value).endswith(message)


@pytest.mark.parametrize("count", [2, 200])
def test_over_points_from_two_to_two_hundred_are_accepted(count):
    record = over_p("alpha")
    record["over_points"] = count
    assert claim(**record).parsed["over_points"] == count


def test_over_points_default_to_twenty_four():
    record = over_p("alpha")
    del record["over_points"]
    assert claim(**record).parsed["over_points"] == 24


# -- zcdp-excess ------------------------------------------------------------------------------

# D_alpha/alpha = 2 + (alpha - 1)(5 - alpha)/800: limit 2, peak 2 + 1/200 at alpha = 3, an excess of
# exactly 0.25 percent.
PEAKED = "alpha*(2 + (alpha - 1)*(5 - alpha)/800)"
LOW = Settings(dps=15)


def test_a_printed_rounding_of_the_excess_passes_with_the_peak():
    verdict = verdict_of(excess(PEAKED, "0.25"), LOW)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details == (
        "peak of D_alpha/alpha at alpha = 3.0: 2.005, above the alpha -> 1 limit 2.0 by 0.25% (printed "
        "0.25%, a correct rounding); peak located on 5 orders: alpha - 1 = 10^(j/2) from 0.1, and alpha = 10 "
        "and refined by golden-section search; the excess agrees to 4 digits when recomputed at 30 digits")


def test_a_printed_percent_that_is_not_a_rounding_fails_with_the_excess():
    verdict = verdict_of(excess(PEAKED, "0.26"), LOW)
    assert verdict.status == "failed"
    assert verdict.details.startswith("0.26% is not a rounding of the excess; peak of D_alpha/alpha at "
                                      "alpha = 3.0")
    assert verdict.counterexample == {"excess_percent": "0.25", "printed": "0.26", "peak_alpha": "3.0"}


# D_alpha/alpha = 1 + (alpha - 1)(7/5 - alpha)/15: peak at alpha = 1.2, between the grid's first two
# orders (1.1 and 1.316), above the limit by 0.2666...%.
NEAR_ONE = "alpha*(1 + (alpha - 1)*(7/5 - alpha)/15)"


def test_a_peak_between_the_first_two_orders_is_interior():
    verdict = verdict_of(excess(NEAR_ONE, "0.27"), LOW)
    assert verdict.passed, verdict.details
    assert verdict.details.startswith("peak of D_alpha/alpha at alpha = 1.2: 1.00266666666667, above the "
                                      "alpha -> 1 limit 1.0 by 0.26666667% (printed 0.27%, a correct rounding)")


def test_a_truncation_that_is_not_a_rounding_of_the_excess_fails():
    verdict = verdict_of(excess(NEAR_ONE, "0.26"), LOW)
    assert verdict.status == "failed"
    assert verdict.counterexample == {"excess_percent": "0.2666666667", "printed": "0.26", "peak_alpha": "1.2"}


def test_an_excess_on_a_rounding_boundary_is_an_error():
    verdict = verdict_of(excess(PEAKED, "0.3"), LOW)
    assert (verdict.status, verdict.details) == ("error", "the excess lies on a rounding boundary of the "
                                                          "printed value")


@pytest.mark.parametrize("divergence, where, percent", [
    ("alpha", "1.316228", "0.0"),                                   # no excess at all
    ("alpha*(1 + (alpha - 1)*(6/5 - alpha)/10)", "1.1", "0.1"),     # largest at the grid's first order
])
def test_a_ratio_without_an_interior_peak_above_its_limit_fails(divergence, where, percent):
    verdict = verdict_of(excess(divergence, "0.1"), LOW)
    assert verdict.status == "failed"
    assert verdict.details == "D_alpha/alpha does not exceed its alpha -> 1 limit on the grid"
    assert verdict.counterexample == {"peak_alpha": where, "excess_percent": percent}


def test_a_ratio_without_a_value_is_an_error():
    verdict = verdict_of(excess("alpha*log(2 - alpha)", "0.1"), LOW)
    assert (verdict.status, verdict.evidence) == ("error", None)
    assert verdict.details.startswith("log(2 - alpha) is not real at {alpha: ")


def test_the_controls_of_an_excess_move_its_last_printed_digit():
    record = claim(**excess(PEAKED, "0.25"))
    controls = KINDS["zcdp-excess"].mutants(record, SETTINGS)
    assert [name for name, _ in controls] == [f"excess_percent 0.25 -> {shifted}"
                                               for shifted in ("0.26", "0.24", "0.27", "0.23", "0.35")]
    assert [c.raw["excess_percent"] for _, c in controls] == ["0.26", "0.24", "0.27", "0.23", "0.35"]


@pytest.mark.parametrize("change, message", [
    ({"params": {"eps": "0 < eps < 1"}}, "a zcdp-excess claim fixes every parameter (use 'define')"),
    ({"excess_percent": 1.8}, "'excess_percent' must be the printed decimal as a string, e.g. \"1.8\""),
    ({"excess_percent": "1.8%"}, "malformed decimal '1.8%': expected digits with an optional sign and decimal "
                                 "point, e.g. 0.1062921"),
    ({"grid": {"per_decade": 0}}, "grid per_decade must be an integer from 1 to 64"),
    ({"order": 3}, "'order' must name a variable declared in 'variables' (got 3)"),
])
def test_a_malformed_excess_claim_is_refused_when_loaded(change, message):
    record = excess(PEAKED, "0.25")
    record.update(change)
    with pytest.raises(ClaimFileError) as error:
        claim(**record)
    assert str(error.value).endswith(message)


def test_a_bump_between_orders_fails_even_with_the_grid_cut_at_ten_and_no_interval_search(monkeypatch):
    # Two faults at once: the grid's orders cut at alpha = 10, and the refute-only search over
    # alpha intervals switched off.  The proof over alpha > 1 still meets the bump at 53.3.
    import proofcheck.dp.divergences.zcdp_kinds as kinds
    full = AlphaGrid.orders
    monkeypatch.setattr(AlphaGrid, "orders", lambda self: [o for o in full(self) if o <= 10])
    monkeypatch.setattr(kinds, "SEARCH_POINTS", 0)
    mironov = "log(alpha/(2*alpha - 1)*exp((alpha - 1)*eps) + (alpha - 1)/(2*alpha - 1)*exp(-alpha*eps))/(alpha - 1)"
    rho = "(eps + exp(-eps) - 1)"
    record = supremum(f"{mironov} + alpha*(alpha - 1)**2/2735*{rho}*exp(-(4*(alpha - 533/10))**2)", asserts=rho,
                      params={"eps": "1/10 <= eps <= 1"},
                      grid={"nearest": "1/1000000", "alpha_max": "100000", "per_decade": 16})
    verdict = verdict_of(record)
    assert verdict.status == "failed" and "found by the Arb proof over alpha > 1" in verdict.details


RR2 = "log((exp(alpha*eps) + exp((1 - alpha)*eps))/(exp(eps) + 1))/(alpha - 1)"


def test_a_false_supremum_the_grid_misses_is_never_proved_by_convexity():
    # Binary randomized response plus a bump of height 26 rho in D_alpha/alpha at alpha = 11.3 and
    # eps = 7.305, a thousandth wide in eps: no sampled point lands on it, so the grid passes, and
    # only the convexity argument stands between it and a proof.  F'' < 0 at the bump: refused.
    bump = "alpha*(alpha - 1)**2*eps*tanh(eps/2)*exp(-16*(alpha - 113/10)**2 - 10**6*(eps - 7305/1000)**2)/4"
    verdict = verdict_of(supremum(f"{RR2} + {bump}", asserts="eps*tanh(eps/2)", params={"eps": "7 <= eps <= 8"},
                                  evidence="certified"))
    assert verdict.evidence not in ("symbolic", "certified"), verdict.details
