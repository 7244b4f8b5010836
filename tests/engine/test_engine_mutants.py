"""mutants: negative controls change a constant, an exponent or a sign, and are really wrong."""
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.kinds.mutants import expression_mutants
from proofcheck.core.model.errors import EvaluationError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.numeric import evaluate
from proofcheck.core.numbers.precision import agree
from proofcheck.core.run.check import check_claim, run_mutants
from proofcheck.papers import registry_for

KINDS = registry_for()

SETTINGS = Settings()




def _mutated(c, field="asserts"):
    return [m.expr(field) for _, m in expression_mutants(c, [field], SETTINGS)]


def _differs_somewhere(c, original, mutant):
    points = c.sampling_domain.sample_points(16, seed=1) + c.sampling_domain.sample_points(16, seed=2)
    for point in points:
        try:
            if not agree(evaluate(original, point, 30), evaluate(mutant, point, 30), 30):
                return True
        except EvaluationError:
            continue
    return False


GAUSS = dict(params={"a": "a > 0", "b": "1 < b < 2"}, kind="identity",
             lhs="a**b*exp(-a**2) + 3", asserts="a**b*exp(-a**2) + 3")


def test_mutants_change_constants_exponents_and_signs():
    c = claim(**GAUSS)
    a, b = c.symbols["a"], c.symbols["b"]
    original = c.expr("asserts")
    mutants = _mutated(c)
    assert mutants
    assert all(m != original for m in mutants)
    # A constant changed: the 3, or the 2 of the square.
    assert any(sp.expand(m - original).is_number or m.has(sp.exp(-a ** 3)) or m.has(sp.exp(-a ** 4))
               for m in mutants)
    # An exponent changed, and the square halved (sigma**2 -> sigma**2/2).
    assert any(m.has(a ** (b + 1)) for m in mutants)
    assert any(m.has(sp.exp(-a ** 2 / 2)) for m in mutants)
    # A sign flipped: the whole expression, or one of its terms.
    terms = sp.Add.make_args(original)
    assert any(sp.expand(m + original) == 0 or any(sp.expand(m - original + 2 * t) == 0 for t in terms)
               for m in mutants)


def test_every_mutant_is_really_wrong():
    for record in [GAUSS,
                   dict(kind="identity", params={"sigma": "sigma > 0"}, variables={"z": "real"},
                        lhs="E(Abs(exp(sigma*z - sigma**2) - 1), z)", asserts="2*Phi(sigma) - 1"),
                   # 0 < a < 1: changing the 5 keeps Max(a - 5, 0) = 0, so that mutant is equivalent.
                   dict(kind="identity", params={"a": "0 < a < 1"}, lhs="a", asserts="a + Max(a - 5, 0)")]:
        c = claim(**record)
        original = c.expr("asserts")
        mutants = _mutated(c)
        assert mutants, record
        for m in mutants:
            assert _differs_somewhere(c, original, m), (record["asserts"], m)


def test_an_equivalent_change_is_not_a_mutant():
    c = claim(kind="identity", params={"a": "0 < a < 1"}, lhs="a", asserts="a + Max(a - 5, 0)")
    a = c.symbols["a"]
    for m in _mutated(c):
        assert not m.has(sp.Max(a - 6, 0)) and not m.has(sp.Max(a - 10, 0))


def test_mutants_leave_the_original_claim_alone():
    c = claim(**GAUSS)
    before = dict(c.parsed)
    for _, m in expression_mutants(c, ["asserts"], SETTINGS):
        assert m.expr("lhs") == c.expr("lhs")
        assert m is not c
    assert c.parsed == before


def test_mutants_are_reproducible():
    c = claim(**GAUSS)
    assert _mutated(c) == _mutated(c)


@pytest.mark.parametrize("record", [
    dict(kind="identity", params={"a": "a > 0"}, variables={"x": "real"},
         lhs="integrate(2*x, x, 0, a)", asserts="a**2"),
    dict(kind="identity", params={"s": "s > 0"}, variables={"z": "real"},
         lhs="E(pos(z - s), z)", asserts="phi(s) - s*(1 - Phi(s))"),
    dict(kind="optimum", variables={"x": "real"}, objective="-(x - 1)**2 + 3", over={"x": "real"},
         at={"x": "1"}, value="3", sense="max"),
])
def test_true_claim_passes_and_its_mutants_are_rejected(record):
    c = claim(**record)
    assert check_claim(c, SETTINGS).passed
    report = run_mutants(c, SETTINGS)
    assert report.made >= 2
    assert not report.accepted, report.accepted


def test_a_change_with_no_value_where_the_original_has_one_is_a_control_without_simplification(monkeypatch):
    from proofcheck.core.kinds import mutants
    monkeypatch.setattr(mutants, "is_zero", lambda *a, **k: pytest.fail("simplified a difference"))
    x = sp.Symbol("x", positive=True)
    points = [{x: sp.Integer(2)}, {x: sp.Integer(7)}]
    # log(1 - x) has no real value at these points, where log(1 + x) has one.
    assert not mutants._equivalent(sp.log(1 + x), sp.log(1 - x), points)
    # Where neither has a value, the points say nothing, and SymPy decides.
    monkeypatch.setattr(mutants, "is_zero", lambda difference, budget: difference == 0)
    assert not mutants._equivalent(sp.log(-1 - x), sp.log(-2 - x), points)


def test_the_variable_of_an_expansion_gets_values_so_that_mutants_are_compared_by_value(monkeypatch):
    from proofcheck.core.kinds import mutants
    monkeypatch.setattr(mutants, "is_zero", lambda *a, **k: pytest.fail("simplified a difference"))
    c, r = sp.Symbol("c", positive=True), sp.Symbol("r", positive=True)
    points = [{c: sp.Rational(1, 3)}, {c: sp.Integer(40)}]  # no value for r, the expansion's variable
    original = sp.sqrt(2) * sp.sqrt(sp.pi) * r / (2 * (c + 1))
    assert mutants._equivalent(original, sp.sqrt(2 * sp.pi) * r / (2 * c + 2), points)
    assert not mutants._equivalent(original, sp.sqrt(2) * sp.sqrt(sp.pi) * r**2 / (2 * (c + 1)), points)
    completed = list(mutants._completed(points, {c, r}))
    assert [p[c] for p in completed] == [p[c] for p in points]
    values = [p[r] for p in completed]
    assert len(set(values)) == len(values) and all(0 < v < 1 for v in values)
    n = sp.Symbol("n", integer=True, positive=True)
    assert all(p[n].is_Integer for p in mutants._completed(points, {n}))


def test_every_symbol_free_in_either_expression_gets_a_value_and_points_without_one_are_passed_over(
        monkeypatch):
    from proofcheck.core.kinds import mutants
    monkeypatch.setattr(mutants, "is_zero", lambda *a, **k: pytest.fail("simplified a difference"))
    c, r, s = (sp.Symbol(name, positive=True) for name in "crs")
    points = [{c: sp.Integer(2)}, {c: sp.Integer(9)}]
    # A change that drops r: r needs a value for the original to have one.
    assert not mutants._equivalent(c + r, c, points)
    # Two free variables, r and s, each with values of their own.
    assert mutants._equivalent(r * s + c, s * r + c + 0 * r, points)
    assert not mutants._equivalent(r * s + c, r * s**2 + c, points)
    # No value at the first point (log of a negative number), one at the second: compared there.
    x = sp.Symbol("x", real=True)
    assert not mutants._equivalent(sp.log(x - 5), sp.log(x - 4), [{x: sp.Integer(2)}, {x: sp.Integer(9)}])
