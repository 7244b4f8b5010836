"""Negative controls: which changes are made to an asserted expression, in which order, and which are kept.

Every nonzero number is shifted by one and doubled (a coefficient -1 is left to
the sign changes, and +-1 are only shifted), a symbolic exponent is raised by
one, a square is halved, each term of each sum and the whole expression are
negated; what is integrated, summed, differentiated or taken to a limit is
changed, never its variable or range.  The changes are drawn in turn from the
four groups, each group shuffled by the settings' seed, and a change is kept
unless it repeats an earlier one or equals the original at every sampled point
(or symbolically, when no point can be evaluated), up to a limit per field.
"""
import itertools

import pytest
import sympy as sp
from sympy.core.cache import clear_cache

from proofcheck.core.kinds import mutants
from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
a, b, x = sp.symbols("a b x", positive=True)
k = sp.Symbol("k", integer=True, positive=True)


@pytest.fixture(autouse=True)
def _sympy_builds_afresh():
    # These tests compare the structure of the changes (srepr): SymPy's cache could hand back an
    # equal expression that an earlier test built over a symbol with other stated assumptions
    # (a positive symbol equals a real and positive one).
    clear_cache()


def changes(expr):
    return [sorted((d, sp.srepr(m)) for d, m in group) for group in mutants._candidate_changes(expr)]


def made(*pairs):
    return sorted((d, sp.srepr(m)) for d, m in pairs)


def claim(asserts, params=None):
    record = {"id": "c", "where": "unit test", "statement": "unit test", "kind": "identity",
              "params": params or {"a": "a > 0", "b": "1 < b < 2"}, "lhs": "a", "asserts": asserts}
    return build_claim(record, "tests/engine", KINDS)


def test_each_group_of_changes_holds_exactly_its_own_kind():
    expr = a ** b * sp.exp(-a ** 2) + 3
    numbers, squares, signs, exponents = changes(expr)
    assert numbers == made(("3 -> 4", a ** b * sp.exp(-a ** 2) + 4), ("3 -> 6", a ** b * sp.exp(-a ** 2) + 6),
                           ("2 -> 3", a ** b * sp.exp(-a ** 3) + 3), ("2 -> 4", a ** b * sp.exp(-a ** 4) + 3))
    assert squares == made(("a**2 -> (a**2)/2", a ** b * sp.exp(-a ** 2 / 2) + 3))
    assert signs == made(("sign of term 3 flipped", a ** b * sp.exp(-a ** 2) - 3),
                         ("sign of term a**b*exp(-a**2) flipped", -a ** b * sp.exp(-a ** 2) + 3),
                         ("whole expression negated", -expr))
    assert exponents == made(("exponent b -> b + 1", a ** (b + 1) * sp.exp(-a ** 2) + 3))


def test_a_fraction_is_shifted_and_doubled_and_plus_or_minus_one_only_shifted():
    numbers = changes(sp.Rational(1, 3) + a ** -1 + b)[0]
    assert numbers == made(("1/3 -> 4/3", sp.Rational(4, 3) + 1 / a + b), ("1/3 -> 2/3", sp.Rational(2, 3) + 1 / a + b),
                           ("-1 -> 0", sp.Rational(1, 3) + 1 + b))
    assert changes(a + 1)[0] == made(("1 -> 2", a + 2))


def test_a_coefficient_minus_one_and_a_zero_are_not_numbers_to_change():
    assert changes(b - a)[0] == []
    assert changes(sp.Max(a, 0))[0] == []


def test_only_what_an_operator_acts_on_is_changed():
    for expr in (sp.Integral(5 * x, (x, 0, 3)), sp.Sum(5 * k, (k, 2, 3)), sp.Limit(5 * x, x, 3),
                 sp.Derivative(5 * x ** 7, (x, 3))):
        descriptions = [d for group in mutants._candidate_changes(expr) for d, _ in group]
        assert all("3" not in d.split(" -> ")[0] for d in descriptions), (expr, descriptions)
        assert "5 -> 6" in descriptions and "5 -> 10" in descriptions
    shifted = dict(mutants._candidate_changes(sp.Integral(5 * x, (x, 0, 3)))[0])["5 -> 6"]
    assert shifted == sp.Integral(6 * x, (x, 0, 3))


def test_each_term_of_a_nested_sum_is_negated_in_place():
    signs = changes((a + 2) * b + 3)[2]
    assert signs == made(("sign of term 2 flipped", (a - 2) * b + 3), ("sign of term a flipped", (2 - a) * b + 3),
                         ("sign of term 3 flipped", (a + 2) * b - 3),
                         ("sign of term b*(a + 2) flipped", -((a + 2) * b) + 3),
                         ("whole expression negated", -((a + 2) * b + 3)))


def test_the_groups_take_turns_and_each_is_shuffled_by_the_seed():
    def groups():
        return [[f"n{i}" for i in range(6)], ["s0"], ["g0", "g1"], ["e0"]]
    order = mutants._interleave(groups(), 1)
    assert [item[0] for item in order] == list("nsgeng") + ["n"] * 4
    assert sorted(order) == sorted(sum(groups(), []))
    assert mutants._interleave(groups(), 1) == order
    assert len({tuple(mutants._interleave(groups(), seed)) for seed in range(6)}) > 1


def test_a_change_equal_at_every_point_is_equivalent_and_one_that_differs_at_one_point_is_not():
    edge, inside = {a: sp.Rational(1, 2)}, {a: 7}
    assert mutants._equivalent(a, a, [])
    assert mutants._equivalent(sp.Max(a - 5, 0), sp.Max(a - 6, 0), [edge])
    assert not mutants._equivalent(sp.Max(a - 5, 0), sp.Max(a - 6, 0), [edge, inside])
    # A point where the expressions cannot be evaluated is passed over, not the end of the look.
    assert not mutants._equivalent(sp.Max(a - 5, 0), sp.Max(a - 6, 0), [edge, {b: 1}, inside])
    assert not mutants._equivalent(a, a + sp.Rational(1, 10 ** 10), [edge])
    assert mutants._equivalent(a, a + sp.Rational(1, 10 ** 40), [edge])


def test_an_unchanged_expression_is_equivalent_even_where_it_is_infinite():
    assert mutants._equivalent(sp.log(a), sp.log(a), [{a: 0}])


def test_without_an_evaluable_point_equivalence_is_decided_symbolically():
    unevaluable = [{b: 1}]  # a has no value there
    assert mutants._equivalent(sp.expand((a + 1) ** 2), (a + 1) ** 2, unevaluable)
    assert not mutants._equivalent(a, a + 1, unevaluable)
    assert not mutants._equivalent(a, a + 1, [])


def test_at_most_the_limit_of_controls_is_kept_per_field_each_named_by_its_field():
    c = claim("2*a + 3*b + 5*a*b + 7 + 11*a**2")
    kept = mutants.expression_mutants(c, ["missing", "asserts"], SETTINGS)
    assert len(kept) == mutants.MAX_PER_FIELD == 8
    assert all(d.startswith("asserts: ") for d, _ in kept)
    assert len(mutants.expression_mutants(c, ["asserts"], SETTINGS, limit=3)) == 3
    assert mutants.expression_mutants(c, ["missing"], SETTINGS) == []


def test_a_change_that_repeats_another_is_kept_once():
    # a**(b - 1): "-1 -> 0" and "exponent b - 1 -> b" both give a**b.
    kept = mutants.expression_mutants(claim("a**(b - 1)"), ["asserts"], SETTINGS)
    forms = [sp.srepr(m.expr("asserts")) for _, m in kept]
    assert len(forms) == len(set(forms)) == 4


def test_a_run_of_the_first_controls_makes_no_more_of_them(monkeypatch):
    # Made as they are asked for: the same controls in the same order, and no others paid for.
    from proofcheck.core.model.claims import Claim
    from proofcheck.core.run.check import run_mutants
    c = claim("2*a + 3*b + 5*a*b + 7 + 11*a**2")
    every = [d for d, _ in mutants.expression_mutants(c, ["asserts"], SETTINGS)]
    built = []
    with_parsed = Claim.with_parsed
    monkeypatch.setattr(Claim, "with_parsed", lambda self, *args: built.append(args) or with_parsed(self, *args))
    first = [d for d, _ in itertools.islice(c.checker.mutants(c, SETTINGS), 3)]
    assert first == every[:3] and len(built) == 3
    built.clear()
    assert run_mutants(c, SETTINGS, limit=2).made == 2 and len(built) == 2


def test_the_original_is_evaluated_at_most_once_a_point_for_all_its_mutants(monkeypatch):
    calls = []
    evaluate = mutants.evaluate
    monkeypatch.setattr(mutants, "evaluate", lambda e, p, d: calls.append((e, tuple(p.items()))) or evaluate(e, p, d))
    c = claim("2*a + 3*b + 5*a*b + 7 + 11*a**2")
    assert len(mutants.expression_mutants(c, ["asserts"], SETTINGS)) == 8
    of_the_original = [point for e, point in calls if e == c.expr("asserts")]
    assert of_the_original and len(of_the_original) == len(set(of_the_original))
