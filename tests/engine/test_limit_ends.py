"""An open edge where the slack is not defined, settled by its limit there and its slope.

delta >= Phi(-sqrt(2 log(1/delta))) on 0 < delta < 1: both sides vanish faster than any power
of delta as delta -> 0, so no Taylor coefficient at the edge signs the slack, but its limit
there is 0 and its slope 1 - 1/(2 sqrt(pi log(1/delta))) is positive near it.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.proofs.ends import LimitEnd
from proofcheck.core.proofs.extended import enclose
from proofcheck.core.proofs.scaled_tails import erfcx, scaled
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()
DELTA = sp.Symbol("_s_delta")
EDGE_BOX = ((Fraction(0), Fraction(1, 64)),)


def verdict_of(params, lhs, rhs, define=None, evidence=None):
    record = {"id": "t", "where": "w", "statement": "s", "kind": "inequality", "params": params,
              "lhs": lhs, "rel": "<=", "rhs": rhs}
    if evidence:
        # Asked of the claim as a user asks it: the proof gets the patience of a claim on record.
        record["evidence"] = evidence
    if define:
        record["define"] = define
    return check_claim(build_claim(record, "tests/engine", KINDS), Settings())


def chernoff_slack(factor=1):
    return DELTA - (1 + sp.erf(-factor * sp.sqrt(2 * sp.log(1 / DELTA)) / sp.sqrt(2))) / 2


def test_a_gaussian_tail_below_its_chernoff_bound_is_certified_at_the_open_edge():
    verdict = verdict_of({"delta": "0 < delta < 1"}, "Phi(-sqrt(2*log(1/delta)))", "delta", evidence="certified")
    assert verdict.status == "passed" and verdict.evidence == "certified", verdict.details


def test_a_tail_a_hundredth_too_wide_is_never_certified():
    # False only where delta is below about 1e-130: sampling passes it, no proof may.
    verdict = verdict_of({"delta": "0 < delta < 1"}, "Phi(-sqrt(2*log(1/delta))*99/100)", "delta",
                         evidence="certified")
    assert verdict.evidence != "certified", verdict.details


def test_the_edge_is_settled_by_the_limit_and_the_slope():
    assert LimitEnd(chernoff_slack(), (DELTA,), DELTA).settles(EDGE_BOX, False)


def test_a_slack_whose_slope_is_negative_at_the_edge_is_not_settled():
    assert not LimitEnd(chernoff_slack(sp.Rational(99, 100)), (DELTA,), DELTA).settles(EDGE_BOX, False)


def test_a_slack_whose_limit_is_negative_is_not_settled_though_it_rises():
    assert not LimitEnd(chernoff_slack() - sp.Rational(1, 10**6), (DELTA,), DELTA).settles(EDGE_BOX, False)


def test_a_strict_claim_at_a_limit_of_zero_needs_a_strictly_rising_slack():
    assert LimitEnd(chernoff_slack(), (DELTA,), DELTA).settles(EDGE_BOX, True)


def test_erfcx_is_enclosed_as_a_decreasing_function_to_zero_at_infinity():
    x = sp.Symbol("x")
    lo, hi = enclose(erfcx(1 / x), {x: (Fraction(0), Fraction(1, 10))})
    assert lo == 0 and hi < 0.057 and hi > 0.056
    lo, hi = enclose(erfcx(x), {x: (Fraction(1), Fraction(2))})
    assert 0.2553 < lo < 0.2554 and 0.4275 < hi < 0.4276
    lo, hi = enclose(sp.erfc(x), {x: (Fraction(1), Fraction(2))})
    assert 0.00467 < lo < 0.00468 and 0.1572 < hi < 0.1573


def test_an_exponential_that_cancels_a_gaussian_tail_is_written_through_erfcx():
    u, m = sp.symbols("u m", positive=True)
    written = scaled(sp.exp(u * m + m ** 2 / 2) * sp.erfc((u + m) / sp.sqrt(2)))
    assert written.has(erfcx) and not written.has(sp.erfc)
    value = {u: sp.Rational(3), m: sp.Rational(1, 2)}
    direct = sp.exp(sp.Rational(3, 2) + sp.Rational(1, 8)) * sp.erfc(sp.Rational(7, 2) / sp.sqrt(2))
    assert abs(sp.N(written.subs(value).rewrite(sp.erfc), 30) - sp.N(direct, 30)) < 1e-25


def test_only_a_term_nonnegative_on_the_box_is_dropped_for_a_lower_bound():
    # delta/(10 u) - Phi(-u) < 0 near delta = 0 (Mills: Phi(-u) ~ delta/(u sqrt(2 pi))), written as the
    # provable delta - Phi(-u) plus a negative term: dropping that term would settle a false slack.
    u = sp.sqrt(2 * sp.log(1 / DELTA))
    negative = -DELTA * (1 - 1 / (10 * u))
    slack = chernoff_slack() + negative
    assert len(sp.Add.make_args(slack)) > 2 and negative in sp.Add.make_args(slack)
    assert not LimitEnd(slack, (DELTA,), DELTA).settles(EDGE_BOX, False)
    # The same with the term >= 0 instead (delta (1 + 1/(10 u)) is a lower bound of nothing false).
    assert LimitEnd(chernoff_slack() + DELTA * (1 + 1 / (10 * u)), (DELTA,), DELTA).settles(EDGE_BOX, False)
