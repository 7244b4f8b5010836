"""Identities of the packs hold at parameters hypothesis draws across their domains.

Each packaged claim itself is a test item collected by proofcheck's pytest
plugin (``proofcheck_packs = "all"`` in pyproject.toml): the checker must pass
it with the evidence its kind can give, and reject its first three negative
controls (a constant, an exponent, a sign or the drift changed).
``pytest -m slow --proofcheck-mutants`` makes every negative control of every
claim an item of its own, as ``proofcheck verify --mutants`` checks them.
"""
import pytest
from hypothesis import given, strategies as st

from proofcheck.core.numeric import evaluate
from proofcheck.core.precision import agree
from proofcheck.core.sampling import point_from_units
from proofcheck.papers import built_claim, list_claims

# Only the identities with parameters are built here; the plugin's items build their own claims.
IDENTITIES = [built_claim(e) for e in list_claims() if e.kind == "identity" and e.get("params")]
BY_ID = {f"{c.paper}:{c.id}": c for c in IDENTITIES}


def _has_operators(claim):
    import sympy as sp
    return claim.expr("lhs").has(sp.Integral, sp.Sum, sp.Limit, sp.Derivative)


IDENTITIES = [c for c in IDENTITIES if c.domain.parameters]
# Identities whose left side needs quadrature are drawn in the deep run only.
PARAMS = [pytest.param(f"{c.paper}:{c.id}", marks=[pytest.mark.slow] if _has_operators(c) else [])
          for c in IDENTITIES]
units = st.fractions(min_value=0, max_value=1).map(lambda f: f.limit_denominator(10**6))


@pytest.mark.parametrize("key", PARAMS)
@given(data=st.data())
def test_identity_holds_at_parameters_drawn_across_its_domain(key, data):
    claim = BY_ID[key]
    drawn = {name: data.draw(units, label=name) for name in claim.parameters}
    point = point_from_units(claim.sampling_domain, drawn)
    try:
        claim.domain.validate_point({s.name: v for s, v in point.items()})
    except ValueError:
        return  # a dependent bound moved the draw outside the true domain: not a sample
    left = evaluate(claim.expr("lhs"), point, 50)
    right = evaluate(claim.expr("asserts"), point, 50)
    assert agree(left, right, 50), (point, left, right)
