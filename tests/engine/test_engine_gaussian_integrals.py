"""Gaussian integrals closed by completing the square, and their moments by parts
(core/symbolic/gaussian_integrals.py), agree with quadrature, refuse what is not Gaussian, and a wrong
Gaussian claim still fails."""
import mpmath
import pytest
import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.gaussian_integrals import gaussian_integral as _gaussian_integral
from proofcheck.papers import registry_for

x = sp.Symbol("x", real=True)
k = sp.Symbol("k", positive=True)
m = sp.Symbol("m", real=True)
VALUES = {k: sp.Rational(7, 5), m: sp.Rational(-3, 4)}


def _quadrature(integrand, lower, upper):
    f = sp.lambdify(x, integrand.subs(VALUES), "mpmath")
    with mpmath.workdps(40):
        ends = [mpmath.mpf(sp.N(e.subs(VALUES), 50)) if e.is_finite else (mpmath.inf if e == sp.oo else -mpmath.inf)
                for e in (lower, upper)]
        return mpmath.quad(f, ends)


@pytest.mark.parametrize("lower, upper", [(-sp.oo, sp.oo), (-sp.oo, m), (m, sp.oo), (m, 2 * k),
                                          (-sp.oo, sp.Integer(0))])
@pytest.mark.parametrize("integrand", [
    sp.exp(-k * x**2 + m * x + 1),
    3 * sp.exp(-(x - m)**2 / (2 * k)) - sp.exp(-x**2 / 2 + k * x),
    (sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi))**k,
    # moments: a polynomial factor, integrated by parts
    x * sp.exp(-x**2),
    (k * x + 1)**2 * sp.exp(-k * x**2 + m * x),
    (x**5 - m * x**3 + 2) * sp.exp(-(x - m)**2 / 2),
    x**6 * sp.exp(-x**2 / (2 * k)) - x * (x - m) * sp.exp(-x**2 + x),
    # the logarithm of a ratio of densities is a polynomial: a Kullback-Leibler integrand
    sp.exp(-(x - m)**2 / 2) * sp.log(sp.exp(-(x - m)**2 / 2) / sp.exp(-(x - k)**2 / 2)),
    sp.exp(-x**2 / (2 * k)) * sp.log(sp.exp(-x**2 / (2 * k)) / (k * sp.sqrt(2 * sp.pi))),
])
def test_the_closed_form_agrees_with_quadrature_over_every_kind_of_interval(integrand, lower, upper):
    closed = _gaussian_integral(integrand, x, lower, upper)
    assert closed is not None
    with mpmath.workdps(40):
        value = mpmath.mpf(sp.N(closed.subs(VALUES), 45))
        assert abs(value - _quadrature(integrand, lower, upper)) < mpmath.mpf(10) ** -30 * max(1, abs(value))


@pytest.mark.parametrize("integrand", [
    sp.exp(m * x**2),            # the sign of the quadratic coefficient is not known
    sp.exp(k * x**2 - x),        # it is positive: the integral diverges
    sp.exp(-x**2) + sp.exp(-x),  # one term is not Gaussian
    sp.exp(-x**3),
    sp.Abs(x) * sp.exp(-x**2),   # a factor that is no polynomial
    x**7 * sp.exp(-x**2),        # a moment of a degree above MAX_DEGREE
    sp.log(m * x) * sp.exp(-x**2),  # a logarithm SymPy cannot expand
])
def test_what_is_not_a_sum_of_gaussian_terms_is_left_to_sympy(integrand):
    assert _gaussian_integral(integrand, x, -sp.oo, sp.oo) is None


def _lemma(asserts):
    record = {"id": "lemma", "where": "test", "statement": "Lemma 4.1", "kind": "identity",
              "params": {"sigma": "sigma > 0"}, "variables": {"z": "real"},
              "lhs": "E(Abs(exp(sigma*z - sigma**2) - 1), z)", "asserts": asserts}
    return check_claim(build_claim(record, "tests/engine", registry_for()), Settings())


def test_lemma_4_1_is_derived_symbolically_and_a_changed_constant_or_drift_fails():
    verdict = _lemma("2*Phi(sigma) - 1")
    assert verdict.passed and verdict.evidence == "symbolic"
    for wrong in ("2*Phi(sigma) - 1 + 10**-40", "2*Phi(sigma/2) - 1", "2*Phi(sigma) - 0.999"):
        assert _lemma(wrong).status == "failed", wrong


def test_a_power_of_an_exponential_with_a_complex_exponent_keeps_its_principal_branch():
    # (e^(4i - x^2))^k is e^(-k x^2) (e^(4i))^k, not e^(k(4i - x^2)): 4 lies beyond pi.
    value = _gaussian_integral(sp.exp(4 * sp.I - x ** 2) ** k, x, -sp.oo, sp.oo)
    half = value.subs(k, sp.Rational(1, 2))
    expected = sp.sqrt(2 * sp.pi) * sp.exp(sp.I * (2 - sp.pi))
    assert abs(sp.N(half - expected, 30)) < 1e-25


def test_a_power_of_a_density_whose_centre_sympy_cannot_prove_real_is_integrated_as_a_gaussian():
    # Eq. (6) of the larger-groups pack: the centre log(n - 1 + c) - sigma^2, n >= 1, c > 0, is real
    # on the domain, but SymPy does not know it and keeps (e^u)^alpha unevaluated; expanded, the
    # term no longer shows its form, so it is taken whole.
    alpha, c, sigma = sp.symbols("alpha c sigma", positive=True)
    n = sp.Symbol("n", integer=True, positive=True)
    centre = sp.log(n - 1 + c) - sigma ** 2
    density = sp.exp(-(x - centre) ** 2 / (2 * sigma ** 2)) / (sigma * sp.sqrt(2 * sp.pi))
    value = _gaussian_integral(density ** alpha, x, -sp.oo, sp.oo)
    assert value is not None
    at = {alpha: sp.Rational(3, 2), n: 2, c: sp.Rational(1, 2), sigma: sp.Rational(4, 5)}
    closed = (2 * sp.pi * sigma ** 2) ** ((1 - alpha) / 2) / sp.sqrt(alpha)
    assert abs(sp.N(value.subs(at) - closed.subs(at), 30)) < 1e-25
    # A scale n - 1 + c that SymPy cannot prove positive comes out of the power all the same.
    scaled = _gaussian_integral(((n - 1 + c) * sp.exp(-(x - centre) ** 2 / 2)) ** alpha, x, -sp.oo, sp.oo)
    assert scaled is not None
    closed = (n - 1 + c) ** alpha * sp.sqrt(2 * sp.pi / alpha)
    assert abs(sp.N(scaled.subs(at) - closed.subs(at), 30)) < 1e-25


def test_a_power_of_an_exponential_not_known_real_keeps_its_principal_branch():
    from proofcheck.core.symbolic import gaussian_integrals
    x, k, w = sp.Symbol("x", real=True), sp.Symbol("k", positive=True), sp.Symbol("w")
    # (e^{ix - x^2})^k is not e^{k(ix - x^2)}: the completed square would be another branch.
    assert gaussian_integrals.gaussian_integral(sp.exp(sp.sqrt(-1) * x - x**2) ** k, x, -sp.oo, sp.oo) is None
    assert gaussian_integrals.gaussian_integral(sp.exp(w * x - x**2) ** k, x, -sp.oo, sp.oo) is None


def test_a_positive_integer_less_one_is_seen_nonnegative_so_eq_6s_law_is_a_real_gaussian():
    from proofcheck.core.symbolic import gaussian_integrals
    x, k = sp.Symbol("x", real=True), sp.Symbol("k", positive=True)
    n, c = sp.Symbol("n", integer=True, positive=True), sp.Symbol("c", positive=True)
    law = sp.exp(-(x - sp.log(n - 1 + c)) ** 2 / 2)  # real only because n - 1 + c > 0
    assert sp.simplify(gaussian_integrals.gaussian_integral(law ** k, x, -sp.oo, sp.oo) - sp.sqrt(2 * sp.pi / k)) == 0


def test_a_closed_form_holding_only_where_the_integral_converges_is_refused():
    from proofcheck.core.symbolic import operators as symbolic
    from proofcheck.core.symbolic.operators import NoClosedForm
    a, x = sp.Symbol("a", real=True), sp.Symbol("x", real=True)
    with pytest.raises(NoClosedForm, match="only where"):
        symbolic._convergent_integral(sp.exp(-a * x), x, 0, sp.oo)
    p = sp.Symbol("p", positive=True)
    assert symbolic._convergent_integral(sp.exp(-p * x), x, 0, sp.oo) == 1 / p
