"""Regressions of the ways the engine once said "passed" to a false claim.

Sampling, kinks, tiny constants, non-strict edges and limits are covered by the
false claims in ``tests/soundness/false/issue_examples.claims.toml``; the rest is
here: corroboration that lent evidence, infinities that "agreed", negative
controls dismissed on the checker's own sample, and branch proofs.
"""
import mpmath
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.kinds import derived as derived_kind
from proofcheck.core.kinds.derived import corroborate
from proofcheck.core.kinds.equality import numeric_compare
from proofcheck.core.model.domains import parse_domain
from proofcheck.core.model.verdict import Settings, passed
from proofcheck.core.numbers.precision import agree
from proofcheck.core.run.check import check_claim, run_mutants
from proofcheck.core.symbolic.operators import NoClosedForm, UnprovedBranch, closed_form
from proofcheck.core.symbolic.signs import proved_sign
from proofcheck.papers import registry_for

KINDS = registry_for()




# -- corroboration reports a derivation, it never lends evidence --------------------------

def test_a_linked_derivation_never_upgrades_a_numeric_verdict(monkeypatch):
    linked = claim(id="linked", kind="identity", params={"x": "x > 0"}, lhs="x + x",
                   asserts="2*x", derivation="gaussian_lemma", result="anything")
    # The script's result equals the assertion exactly: the most a link can lend.
    monkeypatch.setattr(derived_kind, "derivation_value", lambda c: 2 * c.symbols["x"])
    verdict = corroborate(linked, passed("numeric", "own check"), Settings())
    assert verdict.status == "passed"
    assert verdict.evidence == "numeric"
    assert "also derived by derivations/gaussian_lemma.py" in verdict.details


def test_a_linked_derivation_that_disagrees_fails_the_claim(monkeypatch):
    linked = claim(id="linked", kind="identity", params={"x": "x > 0"}, lhs="x + x",
                   asserts="2*x", derivation="gaussian_lemma", result="anything")
    monkeypatch.setattr(derived_kind, "derivation_value", lambda c: 3 * c.symbols["x"])
    assert corroborate(linked, passed("symbolic", "own check"), Settings()).status == "failed"


# -- infinities are not "equal to 30 digits" -----------------------------------------------

def test_two_infinities_do_not_agree():
    assert not agree(mpmath.inf, mpmath.inf, 50)
    assert not agree(-mpmath.inf, -mpmath.inf, 50)


def test_a_comparison_where_both_sides_are_infinite_everywhere_is_not_a_pass():
    record = claim(id="inf", kind="identity", params={"x": "x > 0"}, lhs="x", asserts="x")
    infinite = sp.oo * record.symbols["x"]
    verdict = numeric_compare(record, infinite, infinite, Settings())
    assert verdict.status != "passed"


def test_an_identity_asserting_infinity_of_a_finite_limit_fails():
    record = dict(id="lim", kind="limit", params={"x": "x > 0"}, expr="1/(1 + x)",
                  limits=[["x", "oo"]], asserts="oo")
    assert check_claim(claim(**record), Settings()).status == "failed"


# -- negative controls are dismissed only after a dense independent check -----------------

@pytest.mark.slow
def test_a_perturbation_false_only_in_a_narrow_dip_is_kept_as_a_control_and_rejected():
    # (x - 5)**2 + 1/1000 > 0 holds; its perturbation (x - 5)**2 - 1/1000 > 0 fails only for
    # |x - 5| < 0.0317, a region the checker's own dozen points need not come near.
    record = claim(id="dip", kind="inequality", params={"x": "x > 0"},
                   lhs="(x - 5)**2 + 1/1000", rel=">", rhs="0")
    assert check_claim(record, Settings()).passed
    controls = KINDS["inequality"].mutants(record, Settings())
    kept = [description for description, mutant in controls if mutant is not None]
    assert any("1/1000" in description and "flipped" in description for description in kept), kept
    report = run_mutants(record, Settings())
    assert not report.accepted, report.accepted


def test_a_weakened_bound_is_dismissed_and_counted():
    record = claim(id="weak", kind="inequality", params={"x": "x > 0"},
                   lhs="x**2 + 1", rel=">", rhs="1/2")
    report = run_mutants(record, Settings())
    assert report.dismissed, "weakening perturbations must be counted as dismissed"
    assert all("dismissed" in description for description in report.dismissed)
    assert not report.accepted


# -- branches are used only where they are proved -------------------------------------------

def test_a_kink_that_moves_out_of_the_range_is_not_derived_from_one_point():
    domain = parse_domain({"a": "0 < a < 3"})
    a = domain.symbols["a"]
    x = sp.Symbol("x", real=True)
    integral = sp.Integral(sp.Abs(x - a), (x, 0, 1))
    try:
        closed_form(integral, {a: sp.Rational(3, 2)})
    except NoClosedForm as reason:
        assert isinstance(reason, UnprovedBranch)
    else:
        raise AssertionError("a branch read at a = 3/2 was used for every a in (0, 3)")


def test_a_branch_that_holds_on_the_whole_domain_is_derived():
    sigma = sp.Symbol("sigma", positive=True)
    z = sp.Symbol("z", real=True)
    density = sp.exp(-z**2 / 2) / sp.sqrt(2 * sp.pi)
    integral = sp.Integral(sp.Abs(sp.exp(sigma * z - sigma**2) - 1) * density, (z, -sp.oo, sp.oo))
    closed = closed_form(integral, {sigma: sp.Integer(1)})
    assert sp.simplify((closed - sp.erf(sigma / sp.sqrt(2))).rewrite(sp.erf)) == 0


def test_signs_are_proved_from_assumptions_not_from_a_point():
    s, t = sp.symbols("s t", positive=True)
    assert proved_sign(sp.exp(s * t) - 1) == 1
    assert proved_sign(sp.exp(-s * t) - 1) == -1
    real = sp.Symbol("y", real=True)
    assert proved_sign(real - 1) is None  # positive for some y, negative for others
    assert proved_sign(sp.exp(s - t) - 1) is None
