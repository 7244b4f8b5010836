"""literal_reading: the claim checked is the claim as written, whatever SymPy's rules rewrite.

SymPy rewrites an expression as it builds it, from its symbols' assumptions.  With the
wrong integer rule of SymPy 1.14 put back (``core/model/sympy_repairs.py`` mends it), floor(n/6)
for an even n is read as n/6; the second, literal reading in plain real symbols differs from
it at n = 2 (or any n not a multiple of 6), and the claim is an error there, never a pass.
"""
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.model import sympy_repairs
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.run.literal_reading import misreading


@pytest.fixture
def sympy_unrepaired(monkeypatch):
    """SymPy's own rule for the integers of a product, as SymPy 1.14 ships it."""
    monkeypatch.setitem(sp.Mul._prop_handler, "integer", sympy_repairs._MUL_IS_INTEGER)
    sp.core.cache.clear_cache()
    yield
    sp.core.cache.clear_cache()


def test_a_claim_sympy_rewrote_wrongly_as_it_read_it_is_an_error_at_a_point_where_the_readings_differ(
        sympy_unrepaired):
    c = claim(kind="identity", params={"n": "even integer n >= 0"}, lhs="floor(n/6)", asserts="n/6")
    assert c.expr("lhs") == c.expr("asserts")  # read as n/6 = n/6
    verdict = check_claim(c, Settings())
    assert verdict.status == "error"
    assert verdict.details.startswith("SymPy read lhs = floor(n/6) as n/6")
    n = int(verdict.details.split("{'n': '")[1].split("'")[0])  # the point named: not a multiple of 6
    assert n % 6 != 0


def test_a_rewrite_sympy_makes_rightly_is_no_misreading():
    # sqrt(x^2) is x for x > 0, floor(n) is n for an integer n: the readings agree at every point.
    c = claim(kind="identity", params={"x": "x > 0", "n": "integer n >= 0"}, lhs="sqrt(x**2) + floor(n)",
              asserts="x + n")
    assert misreading(c, Settings()) is None
    assert check_claim(c, Settings()).status == "passed"


def test_the_literal_reading_takes_the_claims_definitions_in_plain_symbols(sympy_unrepaired):
    c = claim(kind="inequality", params={"n": "even integer n >= 0"}, define={"q": "floor(n/6)"},
              lhs="q", rel=">=", rhs="n/6")
    assert "SymPy read lhs" in check_claim(c, Settings()).details
