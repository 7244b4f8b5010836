"""The search for a spot where an identity's sides part (``identity_points.apart_in_a_spot``)
builds |difference| unevaluated: SymPy's Abs asks for its argument's sign when it is built, and
for a large polynomial it factors it to answer, with no time budget around it (a case of the
deep fuzzer stuck there for 90 minutes)."""
import sympy as sp

from proofcheck.core.kinds import identity_points
from proofcheck.core.model.domains import parse_domain


def test_the_spot_search_hands_the_box_search_an_unevaluated_absolute_value(monkeypatch):
    seen = []
    monkeypatch.setattr(identity_points, "domain_proposals", lambda domain, f, *rest: seen.append(f) or [])
    domain = parse_domain({"x": "x > 0"})
    x = domain.symbols["x"]
    # Built evaluated, |x^2 + 1| is x^2 + 1: SymPy signed it on construction.
    assert not isinstance(sp.Abs(x**2 + 1), sp.Abs)
    identity_points.apart_in_a_spot(domain, x**2 + 1, [{"x": 1}])
    assert len(seen) == 1 and isinstance(seen[0], sp.Abs) and seen[0].args[0] == x**2 + 1
