"""The score's cumulant generating function: K(t) <= I t^2/2 for every real t, certified by Arb.

The Airy law's score is strictly sub-Gaussian (findings F3.3), which is what makes
sup_alpha D_alpha/alpha the KL value for small shifts; the comparison laws go through
the same certificate, and a law whose score is not sub-Gaussian with proxy I, or a
curvature below I/2, must make it fail.  The default run uses the covering of the
findings record; a slow run repeats it with a finer, independently chosen covering.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from conftest import claims_from_text
from flint import arb

from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.intervals import enclose_with
from proofcheck.core.run.check import check_claim
from proofcheck.dp.airy import log_derivative as airy_log_derivative
from proofcheck.dp.airy.log_derivative import EnvelopeError
from proofcheck.dp.noise.score_cgf_quadrature import score_log_mgf
from proofcheck.dp.numerics.airy_functions import first_zero_of_airy_derivative_ball
from proofcheck.dp.scores import airy_score_cgf, comparison_scores, sub_gaussian_score

SETTINGS = Settings(dps=30)

# One worker for these tests and the findings claims (their kinds' ``shares_work``): the
# certified integrals of the Airy law are computed once, for both.
pytestmark = pytest.mark.xdist_group("airy-law")


def _airy_half_fisher(prec):
    return 2 * abs(first_zero_of_airy_derivative_ball(prec)) / 3


def _scaled(factor):
    return lambda prec: _airy_half_fisher(prec) * sub_gaussian_score.exact(factor)



# -- the lemma behind the tails --------------------------------------------------------

@pytest.mark.parametrize("y", ["-1", "-1/2", "0", "1/3", "1", "5/2", "7", "30"])
def test_the_airy_log_derivative_lies_between_sqrt_y_and_sqrt_of_y_minus_a1p(y):
    # A spot check of the lemma (proved in the module from the Riccati equation), by Arb.
    assert airy_log_derivative.log_derivative_bounds_hold_at(Fraction(y).numerator / arb(Fraction(y).denominator))


def test_the_integral_tail_refuses_a_cutoff_that_misses_its_conditions():
    with pytest.raises(EnvelopeError, match="Y >= 3t"):
        airy_log_derivative.score_integral_tail(20, 0, 40, 64)


def test_the_airy_integral_tail_is_negligible_at_the_cutoff_used():
    bound = airy_log_derivative.score_integral_tail(10, 3, airy_score_cgf.CUTOFF, 64)
    assert bound < arb(10) ** -25


# -- two routes to K(t) ---------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("t", ["1/10", "1", "5", "10"])
def test_the_certified_cgf_encloses_the_mpmath_quadrature(t):
    ball = airy_score_cgf.log_mgf(t, 64)
    with mpmath.workdps(30):
        independent = score_log_mgf("airy", str(mpmath.mpf(Fraction(t).numerator) / Fraction(t).denominator), 25)
        centre = mpmath.mpf(ball.mid().str(30, radius=False))
        assert abs(independent - centre) < mpmath.mpf(10) ** -9 * max(1, abs(independent))
    assert ball.rad() < arb(10) ** -9


def test_the_logistic_cgf_is_log_sinh_t_over_t():
    # psi = -tanh(X/2) is uniform on [-1, 1] for the logistic X: K(t) = log(sinh t / t).
    law = comparison_scores.LAWS["logistic"]
    ball = law.log_mgf("3", 64)
    assert ball.overlaps((arb(3).sinh() / 3).log())


def test_the_laplace_cgf_is_log_cosh_t():
    ball = comparison_scores.LAWS["laplace"].log_mgf("2", 64)
    assert ball.overlaps(arb(2).cosh().log())


# -- the certificate ---------------------------------------------------------------------

@pytest.mark.slow
def test_airy_score_is_strictly_sub_gaussian_on_a_certified_range():
    certificate = airy_score_cgf.certify_sub_gaussian(_airy_half_fisher, True, t0="1/2", T="10")
    assert certificate.status == "certified", certificate.route
    assert certificate.taylor["kappa4"] < 0 and certificate.taylor["quartic margin q - r t0^2"] > 0
    cells = certificate.covering["accepted"]
    # The cells tile [1/2, 10] with no gap: every t of the range is covered.
    assert cells[0][0] == "1/2" and cells[-1][1] == "10"
    assert all(a[1] == b[0] for a, b in zip(cells, cells[1:]))
    assert certificate.covering["smallest margin"] > 0
    assert certificate.tail["bound"] < certificate.tail["c"]


def test_a_curvature_of_099_times_half_the_fisher_information_is_refuted():
    certificate = airy_score_cgf.certify_sub_gaussian(_scaled("99/100"), False)
    assert certificate.status == "refuted"
    t = certificate.counterexample["t"]
    assert airy_score_cgf.log_mgf(t) > _scaled("99/100")(40) * arb(Fraction(t).numerator) / \
        Fraction(t).denominator * arb(Fraction(t).numerator) / Fraction(t).denominator


@pytest.mark.slow
def test_the_exact_curvature_without_its_symbolic_match_is_not_certified():
    # Balls alone never show c = I/2, and without it the t^2 term has no sign: undecided, not passed.
    certificate = airy_score_cgf.certify_sub_gaussian(_airy_half_fisher, False)
    assert certificate.status == "undecided"


@pytest.mark.slow
def test_a_larger_curvature_is_certified_without_the_symbolic_match():
    certificate = airy_score_cgf.certify_sub_gaussian(_scaled("11/10"), False)
    assert certificate.status == "certified", certificate.route


def test_a_tail_started_too_early_is_undecided_not_refuted():
    # The analytic bound crosses I t^2/2 near t = 7.3: from T = 6 it proves nothing either way.
    assert sub_gaussian_score.tail_part(airy_score_cgf.AIRY, _airy_half_fisher, "6")["outcome"] is None
    assert sub_gaussian_score.tail_part(airy_score_cgf.AIRY, _airy_half_fisher, "8")["outcome"] is True


def test_the_gaussian_score_is_not_certified_strictly_sub_gaussian():
    # K(t) = t^2/2 = I t^2/2 exactly: no margin anywhere, so the strict certificate cannot pass.
    law = comparison_scores.LAWS["gaussian"]
    certificate = sub_gaussian_score.certify(law, lambda prec: enclose_with(sp.Rational(1, 2), {}, prec), True, T="4")
    assert certificate.status == "undecided"


def test_a_law_whose_score_has_a_positive_fourth_cumulant_is_refuted():
    law = comparison_scores.LAWS["quartic"]
    half_fisher = law.fisher_symbolic() / 2
    certificate = sub_gaussian_score.certify(law, lambda prec: enclose_with(half_fisher, {}, prec), True, T="4")
    assert certificate.status == "refuted" and certificate.taylor["kappa4"] > 0


# -- the findings records (their evidence is held to the records by their pytest items) -------

@pytest.mark.slow
def test_the_airy_record_with_099_times_the_curvature_fails(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "too-small"
        where = "test"
        statement = "K(t) <= 0.99 I t^2/2"
        kind = "sub-gaussian-score"
        law = "airy"
        curvature = "99/100*2*abs(a1p)/3"
        taylor_radius = "1/2"
        tail_from = "10"
    """)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed" and "K(t) > c t^2" in verdict.details


def test_the_sub_gaussian_record_fails_for_a_score_with_a_positive_fourth_cumulant(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "not-sub-gaussian"
        where = "test"
        statement = "the score -4x^3 of exp(-x^4) would be sub-Gaussian with proxy I"
        kind = "sub-gaussian-score"
        law = "quartic"
        curvature = "6*gamma(3/4)/gamma(1/4)"
        taylor_radius = "1/2"
        tail_from = "4"
    """)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed" and "fourth cumulant" in verdict.details


def test_the_counterexample_record_needs_c_equal_to_half_the_fisher_information(tmp_path):
    claim, = claims_from_text(tmp_path, """
        [[claim]]
        id = "vacuous"
        where = "test"
        statement = "K(1/2) > 0 t^2"
        kind = "sub-gaussian-score"
        law = "quartic"
        curvature = "1/100"
        taylor_radius = "1/2"
        tail_from = "4"
        exceeds_at = "1/2"
    """)
    assert check_claim(claim, SETTINGS).status == "failed"


@pytest.mark.slow
def test_airy_score_is_strictly_sub_gaussian_on_a_finer_covering_at_higher_precision():
    # An independent decomposition: a larger Taylor radius, smaller first cells, a later tail.
    certificate = airy_score_cgf.certify_sub_gaussian(_airy_half_fisher, True, t0="3/4", T="12",
                                                      first_step="1/64", prec=64)
    assert certificate.status == "certified", certificate.route


# -- the uniform bound on D_alpha/alpha that the certificate gives (findings F3.7) -------------

@pytest.mark.parametrize("delta", ["0.01", "0.1", "1"])
@pytest.mark.parametrize("alpha", ["1.01", "2", "10", "100", "1000"])
def test_renyi_ratio_of_the_airy_law_stays_below_the_uniform_bound_at_every_order(delta, alpha):
    # Quadrature of D_alpha (log_location) against the theorem of dp.airy_renyi_bound: two routes.
    from proofcheck.dp.airy import renyi_bound as airy_renyi_bound
    from proofcheck.dp.mechanisms import log_location
    with mpmath.workdps(30):
        d, a = mpmath.mpf(delta), mpmath.mpf(alpha)
        ratio = log_location.renyi_divergence("airy", a, d, 20) / a
        kl = log_location.kl_divergence("airy", d, 20)
        assert ratio <= max(kl, airy_renyi_bound.best_holder_constant(d))
        for p in (mpmath.mpf("1.001"), mpmath.mpf(2)):
            assert ratio * a <= airy_renyi_bound.holder_bound(d, a, kl, p)


def test_the_uniform_bound_tends_to_half_the_fisher_information():
    from proofcheck.dp.airy import renyi_bound as airy_renyi_bound
    with mpmath.workdps(30):
        half_fisher = 2 * abs(mpmath.airyaizero(1, derivative=1)) / 3
        gaps = [airy_renyi_bound.best_holder_constant(mpmath.mpf(10) ** -k) / mpmath.mpf(10) ** (-2 * k) - half_fisher
                for k in (2, 4, 6)]
        assert all(g > 0 for g in gaps) and gaps[2] < gaps[1] / 50 < gaps[0] / 2500


# -- the explicit admissible family (findings F4.3) -------------------------------------------

@pytest.mark.parametrize("r", ["0.9", "0.5", "0.1", "0.01", "0.0001"])
def test_the_drift_free_airy_family_meets_the_utility_requirement(r):
    # Quadrature of E|e^{sX} - 1| against r/(1 + r), the bound the family is built on.
    from proofcheck.dp.airy import explicit_family as explicit_airy_family
    with mpmath.workdps(25):
        s = explicit_airy_family.scale(r)
        assert 0 < s <= 1
        assert explicit_airy_family.drift_free_error(s) <= mpmath.mpf(r) / (1 + mpmath.mpf(r))


def test_the_drift_free_airy_family_has_scale_r_over_mean_absolute_value():
    from proofcheck.dp.airy import explicit_family as explicit_airy_family
    with mpmath.workdps(25):
        mean_abs = 2 * abs(mpmath.airyaizero(1, derivative=1)) / 3
        ratios = [mpmath.mpf(r) / explicit_airy_family.scale(r) for r in ("1e-3", "1e-5", "1e-7")]
        deviations = [abs(q / mean_abs - 1) for q in ratios]
        assert deviations[2] < deviations[1] / 50 < deviations[0] / 2500


# -- the command line and the report ------------------------------------------------------------

def test_explore_score_cgf_certifies_the_laplace_score_and_exits_zero(capsys):
    from proofcheck.cli import main
    assert main(["explore", "score-cgf", "--law", "laplace", "--cells"]) == 0
    out = capsys.readouterr().out
    assert "certified" in out and "covering cell [1/2," in out


def test_explore_score_cgf_exits_one_for_the_counterexample(capsys):
    import json

    from proofcheck.cli import main
    assert main(["explore", "score-cgf", "--law", "quartic", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "refuted" and record["counterexample"]["t"]


def test_the_findings_report_links_the_c_star_write_up(tmp_path, monkeypatch):
    from pathlib import Path

    from proofcheck.cli import main
    from proofcheck.report import writeups
    # The write-ups live in the checkout's docs/ (an installed package has none): point
    # the report at this checkout's, as a run from a source tree finds them.
    monkeypatch.setattr(writeups, "DOCS", Path(__file__).resolve().parents[1] / "docs")
    main(["report", "--paper", "findings", "--no-verify", "--out", str(tmp_path)])
    text = (tmp_path / "findings.md").read_text(encoding="utf-8")
    assert "## Write-ups" in text and "(findings/c-star-upper-bound.md)" in text
    assert (tmp_path / "findings" / "c-star-upper-bound.md").exists()
    assert (tmp_path / "findings" / "figures" / "score-cgf.png").exists()


# -- a bound wrong on part of a cell -------------------------------------------------------

def _ratio_at(t_text):
    # c = K(t)/t^2 at one point: K(t)/t^2 decreases for the Airy score (its supremum is the
    # t -> 0 value I/2), so c t^2 < K(t) below t and c t^2 > K(t) above it.
    t = Fraction(t_text)
    return lambda prec: airy_score_cgf.log_mgf(t_text, prec) / (arb(t.numerator) / t.denominator) ** 2


def test_a_cell_margin_is_not_positive_where_the_bound_fails_on_part_of_the_cell():
    # On [1, 9/8] with c = K(17/16)/(17/16)^2 the bound K(t) <= c t^2 fails on [1, 17/16) and
    # holds on (17/16, 9/8]: the second-order bound is -0.009 at t = 1 and +0.0024 at t = 9/8, so
    # a margin read at the better end would certify the cell.
    curvature = _ratio_at("17/16")
    law = airy_score_cgf.AIRY
    assert not sub_gaussian_score.cell_margin(law, curvature, "1", "9/8", 40) > 0
    assert not sub_gaussian_score.monotone_margin(law, curvature, "1", "9/8", 40) > 0


def test_the_covering_refutes_a_bound_wrong_on_part_of_a_cell():
    covering = sub_gaussian_score.covering_part(airy_score_cgf.AIRY, _ratio_at("17/16"), "1", "9/8",
                                                first_step="1/8")
    assert covering["outcome"] is False, covering
    assert Fraction(covering["at"]) < Fraction(17, 16)
