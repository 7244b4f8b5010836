"""Every claim of every packaged paper is re-derived, and its negative controls rejected.

One test per claim: the checker must pass it with computational evidence (or
list it as a logical step), and must reject the mutants of what the paper
asserts (a constant, an exponent, a sign or the drift changed).  The default
run checks the first MUTANTS_DEFAULT mutants of each claim, chosen to cover
each kind of change; ``pytest -m slow`` checks every mutant of every claim,
as ``proofcheck verify --mutants`` does.
"""
import pytest
from hypothesis import given, strategies as st

from proofcheck.core.numeric import evaluate
from proofcheck.core.precision import agree
from proofcheck.core.runner import check_claim, run_mutants
from proofcheck.core.verdict import Settings
from proofcheck.papers import load_claims

CLAIMS = load_claims()
BY_ID = {f"{c.paper}:{c.id}": c for c in CLAIMS}
KEYS = sorted(BY_ID, key=lambda k: BY_ID[k].order)
SETTINGS = Settings()
MUTANTS_DEFAULT = 3


def _check_with_controls(key, limit):
    claim = BY_ID[key]
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "passed", f"{verdict.details} {verdict.counterexample}"
    kind = claim.checker
    assert (verdict.evidence == "logical") == (not kind.computational)
    report = run_mutants(claim, SETTINGS, limit=limit)
    assert not report.accepted, f"mutants accepted: {report.accepted}"
    if kind.computational:
        assert report.made >= 1, "a computational claim needs at least one negative control"


@pytest.mark.parametrize("key", KEYS)
def test_claim_is_rederived_and_its_mutants_rejected(key):
    _check_with_controls(key, MUTANTS_DEFAULT)


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_claim_rejects_every_mutant(key):
    _check_with_controls(key, None)


def _has_operators(claim):
    import sympy as sp
    return claim.expr("lhs").has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative)


IDENTITIES = [c for c in CLAIMS if c.kind == "identity" and c.domain.parameters]
# Identities whose left side needs quadrature are drawn in the deep run only.
PARAMS = [pytest.param(f"{c.paper}:{c.id}", marks=[pytest.mark.slow] if _has_operators(c) else [])
          for c in IDENTITIES]
units = st.fractions(min_value=0, max_value=1).map(lambda f: f.limit_denominator(10**6))


@pytest.mark.parametrize("key", PARAMS)
@given(data=st.data())
def test_identity_holds_at_parameters_drawn_across_its_domain(key, data):
    claim = BY_ID[key]
    drawn = {name: data.draw(units, label=name) for name in claim.parameters}
    point = claim.sampling_domain.point_from_units(drawn)
    try:
        claim.domain.validate_point({s.name: v for s, v in point.items()})
    except ValueError:
        return  # a dependent bound moved the draw outside the true domain: not a sample
    left = evaluate(claim.expr("lhs"), point, 50)
    right = evaluate(claim.expr("asserts"), point, 50)
    assert agree(left, right, 50), (point, left, right)
