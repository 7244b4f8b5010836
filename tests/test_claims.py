"""Identities of the packs hold at parameters hypothesis draws across their domains.

Each packaged claim itself is a test item collected by proofcheck's pytest
plugin (``proofcheck_packs = "all"`` in pyproject.toml): the checker must pass
it with the evidence its kind can give, and reject its first three negative
controls (a constant, an exponent, a sign or the drift changed).
``pytest -m slow --proofcheck-mutants`` makes every negative control of every
claim an item of its own, as ``proofcheck verify --mutants`` checks them.
"""
import functools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofcheck.core.kinds.identity_points import disagreement_holds
from proofcheck.core.model.claims import read_file
from proofcheck.core.model.errors import EvaluationError
from proofcheck.core.model.expressions import _OPERATOR_NAMES
from proofcheck.core.model.sampling import point_from_units
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import agree
from proofcheck.papers import built_claim, list_claims

# Records, not claims: each test builds the claim it draws from (a worker of pytest-xdist
# builds only the claims it checks).
IDENTITIES = {f"{e.paper}:{e.id}": e for e in list_claims() if e.kind == "identity" and e.get("params")}
_OPERATOR = re.compile(r"\b(" + "|".join(sorted(_OPERATOR_NAMES)) + r")\s*\(")


@functools.lru_cache(maxsize=None)
def _shared_definitions(source):
    return tuple(str(text) for text in (read_file(source).get("define") or {}).values())


def _has_operators(entry):
    """Whether the left side may hold an operator: written in it, or in a definition it may use."""
    texts = [str(entry.get("lhs", "")), *_shared_definitions(entry.source),
             *(str(text) for text in (entry.get("define") or {}).values())]
    return any(_OPERATOR.search(text) for text in texts)


# Identities whose left side needs quadrature are drawn in the deep run only.
PARAMS = [pytest.param(key, marks=[pytest.mark.slow] if _has_operators(entry) else [])
          for key, entry in IDENTITIES.items()]
units = st.fractions(min_value=0, max_value=1).map(lambda f: f.limit_denominator(10**6))


@pytest.mark.parametrize("key", PARAMS)
@given(data=st.data())
def test_identity_holds_at_parameters_drawn_across_its_domain(key, data):
    claim = built_claim(IDENTITIES[key])
    drawn = {name: data.draw(units, label=name) for name in claim.parameters}
    point = point_from_units(claim.sampling_domain, drawn)
    try:
        claim.domain.validate_point({s.name: v for s, v in point.items()})
    except ValueError:
        return  # a dependent bound moved the draw outside the true domain: not a sample
    left = evaluate(claim.expr("lhs"), point, 50)
    right = evaluate(claim.expr("asserts"), point, 50)
    # As the checker judges a disagreement: noise about an exact zero (eq. (12) at n = m, a
    # quadrature's 10^-57 against 0) recedes at 100 and 200 digits, which leaves the point
    # undecided (EvaluationError), no witness; a wrong side does not recede.
    if agree(left, right, 50):
        return
    try:
        assert not disagreement_holds(claim.expr("lhs"), claim.expr("asserts"), point, 50, left, right), \
            (point, left, right)
    except EvaluationError:
        pass  # undecided at this point: no counter-example
