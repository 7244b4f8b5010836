"""A symbolic pass needs an exact zero: a tiny non-zero difference is not one.

SymPy reducing ``derived - asserted`` to 0 is the strongest evidence the engine
gives, so a difference that is a small but non-zero exact number (1e-40,
pi*1e-45, e^-200) must never be counted as zero, whatever simplification
strategy is tried.
"""
import pytest
import sympy as sp

from proofcheck.core.claims import build_claim
from proofcheck.papers import registry_for
from proofcheck.core.runner import check_claim
from proofcheck.core.symbolic import is_zero
from proofcheck.core.verdict import Settings

KINDS = registry_for()


@pytest.mark.parametrize("expr", [
    sp.Rational(1, 10**40),
    sp.pi / 10**45,
    sp.exp(-200),
    sp.sqrt(2) - sp.Rational(14142135623730950488, 10**19),
])
def test_tiny_nonzero_constants_are_not_zero(expr):
    assert not is_zero(expr)
    assert not is_zero(-expr)


def test_exact_zeros_are_zero():
    assert is_zero(sp.Integer(0))
    assert is_zero(sp.sin(sp.pi / 7) ** 2 + sp.cos(sp.pi / 7) ** 2 - 1)
    x = sp.Symbol("x", positive=True)
    assert is_zero(sp.log(x ** 2) - 2 * sp.log(x))


def _verdict(**record):
    record.setdefault("where", "unit test")
    record.setdefault("statement", "unit test")
    record.setdefault("kind", "identity")
    return check_claim(build_claim(record, "tests/engine", KINDS), Settings())


@pytest.mark.parametrize("record", [
    dict(id="half-plus", variables={"x": "real"}, lhs="integrate(x, x, 0, 1)", asserts="1/2 + 10**-40"),
    dict(id="tail-zero", variables={"x": "real"}, lhs="integrate(exp(-x), x, 200, oo)", asserts="0"),
    dict(id="pi-near", lhs="pi*(1 + 10**-45)", asserts="pi"),
])
def test_a_false_identity_off_by_a_tiny_constant_fails(record):
    verdict = _verdict(**record)
    assert verdict.status == "failed", (verdict.evidence, verdict.details)


@pytest.mark.parametrize("record", [
    dict(id="half", variables={"x": "real"}, lhs="integrate(x, x, 0, 1)", asserts="1/2"),
    dict(id="tail", variables={"x": "real"}, lhs="integrate(exp(-x), x, 200, oo)", asserts="exp(-200)"),
])
def test_the_true_identity_passes(record):
    verdict = _verdict(**record)
    assert verdict.passed, verdict.details
