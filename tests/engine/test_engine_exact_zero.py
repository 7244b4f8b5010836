"""A symbolic pass needs an exact zero: a tiny non-zero difference is not one.

SymPy reducing ``derived - asserted`` to 0 is the strongest evidence the engine
gives, so a difference that is a small but non-zero exact number (1e-40,
pi*1e-45, e^-200) must never be counted as zero, whatever simplification
strategy is tried.
"""
import pytest
import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.operators import is_zero
from proofcheck.papers import registry_for

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


# -- logarithms and powers are split only where their branches allow it -----------------

NEG_X, NEG_Y = sp.Symbol("x", negative=True), sp.Symbol("y", negative=True)
POS_X, POS_Y = sp.Symbol("x", positive=True), sp.Symbol("y", positive=True)


@pytest.mark.parametrize("expr", [
    sp.log(NEG_X * NEG_Y) - sp.log(NEG_X) - sp.log(NEG_Y),   # 2 pi i, not 0
    sp.log(NEG_X**2) - 2 * sp.log(NEG_X),
    sp.Abs(sp.log(NEG_X * NEG_Y)) - sp.Abs(sp.log(NEG_X) + sp.log(NEG_Y)),
    sp.sqrt(NEG_X) * sp.sqrt(NEG_Y) - sp.sqrt(NEG_X * NEG_Y),   # -sqrt(xy) - sqrt(xy)
])
def test_a_logarithm_or_power_split_across_a_branch_is_not_zero(expr):
    assert not is_zero(expr)


@pytest.mark.parametrize("expr", [
    sp.log(POS_X * POS_Y) - sp.log(POS_X) - sp.log(POS_Y),
    sp.log(POS_X**POS_Y * sp.exp(-POS_X)) - POS_Y * sp.log(POS_X) + POS_X,
    # c + n - 1 > 0 for an integer n >= 1 and c > 0: seen through n = m + 1
    sp.log((sp.Symbol("c", positive=True) + sp.Symbol("n", integer=True, positive=True) - 1)**2)
    - 2 * sp.log(sp.Symbol("c", positive=True) + sp.Symbol("n", integer=True, positive=True) - 1),
])
def test_a_logarithm_of_positive_factors_is_split(expr):
    assert is_zero(expr)


def test_split_logarithms_leaves_a_factor_not_shown_positive_whole():
    from proofcheck.core.symbolic.operators import split_logarithms
    z = sp.Symbol("z", real=True)
    assert split_logarithms(sp.log(POS_X * z)) == sp.log(POS_X * z)
    assert split_logarithms(sp.log(POS_X * POS_Y**3)) == sp.log(POS_X) + 3 * sp.log(POS_Y)
    assert split_logarithms(sp.log(sp.exp(z) * POS_X)) == z + sp.log(POS_X)
