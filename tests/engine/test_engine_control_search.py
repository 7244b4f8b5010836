"""The search for counter-examples and the dismissal of weakened controls, on Arb balls.

The search (``counterexamples``) evaluates the relative slack as a float on Arb balls,
falling back to mpmath at 20 digits wherever a ball is not a usable float.  A dismissed
perturbation of an inequality is proved (SymPy) or seen densely to weaken the claim; the
proof is not attempted for a change that balls prove negative at a dense point, where it
cannot succeed.  Neither may change which controls are kept.
"""
import mpmath
import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.kinds import inequality
from proofcheck.core.model.domains import parse_domain
from proofcheck.core.model.verdict import Settings
from proofcheck.core.numbers.arb_expressions import compile_arb
from proofcheck.core.points import counterexamples
from proofcheck.core.run.check import run_mutants
from proofcheck.papers import registry_for

KINDS = registry_for()
x, y = sp.symbols("x y", positive=True)




@pytest.mark.parametrize("expression, values", [
    (sp.exp(x) / (1 + x ** 2) - sp.log(1 + y), [sp.Rational(7, 3), mpmath.mpf("0.125")]),
    (sp.sqrt(x + y) * sp.erf(x) - 1, [0.75, sp.Rational(1, 9)]),
    ((x - y) ** 3 / sp.Max(x, y, 1), [sp.Rational(5, 2), 1e-3]),
])
def test_the_slack_on_balls_is_the_float_mpmath_gives(expression, values):
    on_balls = compile_arb(expression, (x, y))
    got = counterexamples._float_on_balls(on_balls, values)
    with mpmath.workdps(30):
        expected = sp.lambdify((x, y), expression, modules="mpmath")(
            *[mpmath.mpf(int(v.p)) / int(v.q) if isinstance(v, sp.Rational) else mpmath.mpf(v) for v in values])
    assert got is not None and abs(got - float(expected)) <= 1e-15 * max(1.0, abs(float(expected)))


def test_a_slack_out_of_its_domain_on_balls_is_left_to_mpmath():
    on_balls = compile_arb(sp.sqrt(x - 2), (x,))
    assert counterexamples._float_on_balls(on_balls, [sp.Integer(1)]) is None


def test_a_ball_too_wide_for_a_float_is_left_to_mpmath():
    # e^40 - e^(40 + 2^-140) loses every bit at 128: its ball says so and mpmath decides.
    on_balls = compile_arb(sp.exp(x) - sp.exp(x + sp.Rational(1, 2 ** 140)), (x,))
    assert counterexamples._float_on_balls(on_balls, [sp.Integer(40)]) is None


def test_the_search_on_balls_still_finds_a_narrow_dip():
    # (x - 5)^2 - 1/1000 > 0 fails only for |x - 5| < 0.0317.
    domain = parse_domain({"x": "x > 0"})
    s = domain.symbols["x"]
    slack = (s - 5) ** 2 - sp.Rational(1, 1000)
    points = [{s: sp.Rational(1, 2)}, {s: sp.Integer(20)}, {s: sp.Rational(9, 2)}]
    found = counterexamples.counterexample_search(domain, slack, (slack, sp.Integer(0)), points)
    assert any(abs(float(point[s]) - 5) < 0.0317 for point in found), found


def test_a_change_negative_at_a_dense_point_is_kept_without_a_proof_attempt(monkeypatch):
    calls = []
    monkeypatch.setattr(inequality, "proved_nonnegative", lambda change, budget=None: calls.append(change) or False)
    record = claim(id="c", kind="inequality", params={"x": "x > 0"}, lhs="x**2 + 1", rel=">", rhs="1/2")
    kept = [d for d, m in KINDS["inequality"].mutants(record, Settings()) if m is not None]
    # 1/2 -> 3/2 is false at small x and is kept; its change, -1, is negative at every dense
    # point.  A change that balls show negative at a dense point is never sent to SymPy.
    assert "rhs: 1/2 -> 3/2" in kept, kept
    assert calls and all(change != -1 for change in calls)
    assert all(not inequality._negative_somewhere(change, inequality.dense_points(record, Settings()))
               for change in calls)


def test_a_weakening_change_is_still_proved_to_weaken():
    record = claim(id="w", kind="inequality", params={"x": "x > 0"}, lhs="x**2 + 1", rel=">", rhs="1/2")
    report = run_mutants(record, Settings())
    assert any("proved to weaken" in d for d in report.dismissed), report.dismissed
    assert not report.accepted


def test_balls_prove_a_change_negative_only_where_it_is():
    s = sp.Symbol("s", positive=True)
    points = [{s: sp.Rational(1, 3)}, {s: sp.Integer(3)}]
    assert inequality._negative_somewhere(s - 1, points)           # -2/3 at s = 1/3
    assert not inequality._negative_somewhere((s - 1) ** 2, points)
    assert not inequality._negative_somewhere(s - 1, [{s: sp.Integer(1)}])  # exactly 0


def test_a_perturbation_false_at_a_dense_point_is_kept_without_a_search(monkeypatch):
    searched = []
    monkeypatch.setattr(inequality, "_suspects", lambda mutant, dense: searched.append(mutant.raw["rhs"]) or [])
    record = claim(id="c", kind="inequality", params={"x": "x > 0"}, lhs="x**2 + 1", rel=">", rhs="1/2")
    kept = {d: m for d, m in KINDS["inequality"].mutants(record, Settings()) if m is not None}
    # 1/2 -> 3/2 fails at small x, among the dense points: no search is needed to keep it.
    assert "rhs: 1/2 -> 3/2" in kept, kept
    assert all(kept[d].raw["rhs"] not in searched for d in kept if d.startswith("rhs")), searched
