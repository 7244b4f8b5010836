"""Enclosures with infinite ends (core/proofs/extended.py): sound, and decisive at poles."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.proofs.branch_and_bound import prove_sign
from proofcheck.core.proofs.extended import INF, enclose, lower_bound_positive

s, t = sp.symbols("s t", real=True)

# Each is defined on the whole of (0, 1]^2; several have a pole or a flat point at s = 0.
EXPRESSIONS = [
    sp.log(1 + 1 / (s + t)) - sp.log(1 + 1 / (1 + s + t)),
    1 / s - 1 / s**2,
    s * sp.exp(-1 / s) + sp.tanh(t) - sp.atan(1 / t),
    sp.sqrt(s) * sp.log(s) + sp.Abs(t - sp.Rational(1, 2)) * sp.Max(s, t) ** 3,
    (1 - s) ** 5 / (s * t) - sp.erf(1 / s) + sp.floor(4 * t) - sp.ceiling(3 * s),
    s ** sp.pi * t ** sp.Rational(-3, 2) - sp.exp(t / s) * sp.Min(s, 2 * t),
    sp.sinh(1 / s) - sp.asinh(t) * sp.gamma(1 + t),
]


def _value(expr, point):
    f = sp.lambdify((s, t), expr, "mpmath")
    with mpmath.workdps(50):
        return +f(mpmath.mpf(point[0].numerator) / point[0].denominator,
                 mpmath.mpf(point[1].numerator) / point[1].denominator)


def _within(value, bound, lower):
    if isinstance(bound, float):
        return (bound == -INF) if lower else (bound == INF)
    b = mpmath.mpf(bound.lower().mid().str(40, radius=False)) if lower else \
        mpmath.mpf(bound.upper().mid().str(40, radius=False))
    slack = mpmath.mpf(10) ** -30 * (1 + abs(value))
    return value >= b - slack if lower else value <= b + slack


fractions = st.fractions(min_value=0, max_value=1, max_denominator=1000)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(EXPRESSIONS))), fractions, fractions, fractions, fractions,
       st.floats(0, 1), st.floats(0, 1))
def test_every_value_on_the_box_lies_within_the_enclosure(k, a, b, c, d, u, v):
    expr = EXPRESSIONS[k]
    (s0, s1), (t0, t1) = sorted((a, b)), sorted((c, d))
    box = {s: (s0, s1), t: (t0, t1)}
    found = enclose(expr, box)
    point = (max(s0 + (s1 - s0) * Fraction(u), Fraction(1, 10**6)),
             max(t0 + (t1 - t0) * Fraction(v), Fraction(1, 10**6)))
    if found is None or not (s0 <= point[0] <= s1 and t0 <= point[1] <= t1):
        return
    # The comparison is made at 50 digits whatever precision an earlier test left in force.
    with mpmath.workdps(50):
        value = _value(expr, point)
        if not mpmath.isfinite(value):
            return
        assert _within(value, found[0], True) and _within(value, found[1], False), (expr, box, point, found)


def test_a_pole_at_the_corner_gives_a_positive_lower_bound():
    corner = {s: (Fraction(0), Fraction(1, 8)), t: (Fraction(0), Fraction(1, 8))}
    assert lower_bound_positive(EXPRESSIONS[0], corner, strict=True)


def test_two_poles_of_opposite_signs_bound_nothing():
    box = {s: (Fraction(0), Fraction(1, 8))}
    assert enclose(1 / s - 1 / s**2, box) == (-INF, INF)
    assert not lower_bound_positive(1 / s - 1 / s**2, box, strict=False)


def test_a_product_with_a_flat_zero_keeps_zero_as_its_lower_end():
    lo, hi = enclose(s * sp.exp(-1 / s), {s: (Fraction(0), Fraction(1, 8))})
    assert lo.is_zero() and hi > 0


def test_a_log_at_zero_is_unbounded_below_only():
    lo, hi = enclose(sp.log(s), {s: (Fraction(0), Fraction(1, 2))})
    assert lo == -INF and hi < 0


def test_a_pole_inside_the_interval_is_not_bounded():
    assert enclose(1 / (s - sp.Rational(1, 2)), {s: (Fraction(0), Fraction(1))}) is None


def test_a_factor_that_grows_without_bound_at_a_corner_is_proved_positive():
    # q -> oo both as r -> 1 and on the far piece q = bound + 1/s: a pole in two units at once.
    domain = parse_domain({"r": "0 < r < 1", "q": "q >= (1 + 3*r)/(1 - r)"})
    q = domain.symbols["q"]
    outcome = prove_sign(q - 1, domain, True, lambda p: False, lambda p: True)
    assert outcome.status == "proved", outcome.reason
    # A wrong version: q - 5 is negative near r = 0, q = 1.
    wrong = prove_sign(q - 5, domain, True, lambda p: True, lambda p: True)
    assert wrong.status == "refuted"
