"""A check that compared nothing is not evidence.

A claim whose domain is empty (a typo in a bound: ``2 < a < 1``, or an
integer range with no integer of the right parity) leaves no point to
evaluate.  The engine may refuse such a claim or report an error, but it must
not report it as passed on numeric evidence gathered at zero points.
"""
import pytest

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

KINDS = registry_for()

EMPTY = [{"a": "2 < a < 1"}, {"a": "1 < a < 1"}, {"a": "even integer 3 <= a <= 3"}]
RECORDS = [
    {"kind": "identity", "lhs": "sin(a)", "asserts": "sin(a) + 1"},
    {"kind": "inequality", "lhs": "a", "rel": "<", "rhs": "a - 1"},
]


@pytest.mark.parametrize("routes", [("numeric",), ("symbolic", "certified", "numeric")])
@pytest.mark.parametrize("record", RECORDS)
@pytest.mark.parametrize("params", EMPTY)
def test_false_claim_over_an_empty_domain_does_not_pass(params, record, routes):
    try:
        claim = build_claim({"id": "empty", "where": "unit test", "statement": "unit test",
                             "params": params, **record}, "tests/engine", KINDS)
    except ProofcheckError:
        return  # refused when loaded: fine
    verdict = check_claim(claim, Settings(routes=routes))
    assert not verdict.passed, verdict.details


@pytest.mark.parametrize("params", EMPTY)
def test_an_empty_domain_yields_no_point_outside_it(params):
    from proofcheck.core.model.domains import parse_domain
    domain = parse_domain(params)
    try:
        points = domain.sample_points(4)
    except ProofcheckError:
        return
    for point in points:
        domain.validate_point({s.name: v for s, v in point.items()})
