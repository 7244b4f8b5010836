"""renyi, kl and alpha-one-limit: a divergence is derived from its definition, and each route is named.

A renyi claim passes symbolically when SymPy derives the moment and shows it equals
e^{(alpha - 1) D_alpha}; a kl claim when SymPy derives the sum or integral and reduces
its difference from the assertion to 0.  An alpha-one-limit claim passes by
l'Hopital when (alpha - 1) D_alpha vanishes at alpha = 1 and its derivative there is
the assertion; otherwise SymPy's own limit decides.  Before any simplification, Arb
balls look at the difference at points of the domain: one found nonzero there is no
identity.  Wrong assertions fail, and malformed orders are refused when loaded.
"""

import pytest
import sympy as sp
from conftest import unit_claim as claim

from proofcheck.core.model.errors import ClaimFileError
from proofcheck.core.model.verdict import Settings, failed
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.operators import NoClosedForm
from proofcheck.dp.divergences import divergence_kinds
from proofcheck.dp.divergences.divergence_kinds import _vanishes
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
NUMERIC = Settings(routes=("numeric",))

X = sp.Symbol("x", positive=True)
LHOPITAL = ("l'Hopital: (alpha - 1) D_alpha vanishes at alpha = 1 and its derivative there equals the "
            "assertion (SymPy)")




def verdict_of(record, settings=SETTINGS):
    return check_claim(claim(**record), settings)


def limit_claim(divergence, asserts, **extra):
    extra.setdefault("variables", {"alpha": "positive"})
    extra.setdefault("params", {"eps": "0 < eps < 2"})
    return dict(kind="alpha-one-limit", order="alpha", divergence=divergence, asserts=asserts, **extra)


def renyi_claim(moment, asserts, **extra):
    extra.setdefault("params", {"eps": "0 < eps < 2", "alpha": "1 < alpha < 4"})
    return dict(kind="renyi", order="alpha", moment=moment, asserts=asserts, **extra)


def kl_claim(definition, asserts):
    return dict(kind="kl", params={"eps": "0 < eps < 2"}, definition=definition, asserts=asserts)


# -- a difference that vanishes ---------------------------------------------------------------

def test_a_difference_nonzero_at_a_point_does_not_vanish():
    assert not _vanishes(X - sp.Rational(1, 3), [{X: sp.Rational(1, 2)}])


def test_a_hyperbolic_identity_vanishes():
    assert _vanishes(sp.sinh(X) - (sp.exp(X) - sp.exp(-X)) / 2, [{X: sp.Rational(1, 2)}])


def test_an_identity_exponentials_do_not_show_is_shown_by_the_core_strategies():
    assert _vanishes(sp.erf(X) + sp.erfc(X) - 1, [{X: sp.Rational(1, 2)}])


def test_a_difference_zero_only_at_the_points_looked_at_does_not_vanish():
    assert not _vanishes(X - sp.Rational(1, 2), [{X: sp.Rational(1, 2)}])


# -- alpha-one-limit ----------------------------------------------------------------------------

@pytest.mark.parametrize("divergence, asserts", [
    ("alpha*eps**2/2", "eps**2/2"),
    ("alpha*eps + (alpha - 1)*eps**2", "eps"),
    ("eps*alpha*(alpha + 1)", "2*eps"),
])
def test_a_true_limit_passes_by_lhopital(divergence, asserts):
    verdict = verdict_of(limit_claim(divergence, asserts))
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", LHOPITAL)
    assert verdict.route == "limit taken, simplified to zero"


@pytest.mark.parametrize("divergence, asserts", [
    ("alpha*eps**2/2", "eps**2/3"),
    ("eps*alpha**2", "2*eps"),          # D_alpha/alpha at alpha = 2, not its limit at 1
])
def test_a_wrong_limit_fails(divergence, asserts):
    verdict = verdict_of(limit_claim(divergence, asserts))
    assert verdict.status == "failed"
    assert verdict.details == "definition and assertion differ, confirmed at higher precision"


def test_a_limit_lhopital_cannot_reach_is_taken_by_sympy():
    # (alpha - 1) D_alpha is 0/0 at alpha = 1 as written: SymPy's limit decides, symbolically.
    record = limit_claim("eps*alpha**2*(alpha - 1)/(alpha**2 - alpha)", "eps")
    verdict = verdict_of(record)
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived eps")
    assert verdict_of(dict(record, asserts="eps + 1/10**6")).status == "failed"


def lhopital_outcome(monkeypatch, divergence, asserts):
    """What the l'Hopital route hands the comparison: a closed form, or the reason it refuses."""
    outcome = {}

    def comparison(claim, definition, asserted, settings, closed_form_fn=None, **options):
        if closed_form_fn is not None:
            try:
                outcome["closed"] = closed_form_fn(definition)
                outcome["asserted"] = asserted
            except NoClosedForm as reason:
                outcome["refused"] = str(reason)
        return failed("not compared")

    monkeypatch.setattr(divergence_kinds, "equality_check", comparison)
    divergence_kinds.AlphaOneLimit().check(claim(**limit_claim(divergence, asserts)), SETTINGS)
    return outcome


@pytest.mark.parametrize("divergence, reason", [
    # (alpha - 1) D_alpha -> log 2, not 0: D_alpha/alpha grows without bound as alpha -> 1.
    ("(log(2) + (alpha - 1)*eps)/(alpha - 1)", "SymPy did not show (alpha - 1) D_alpha = 0 at alpha = 1"),
    ("eps*alpha*log(alpha)/(alpha**2 - 2*alpha + 1)*(alpha - 1)",          # 0/0 at alpha = 1
     "(alpha - 1) D_alpha has no value at alpha = 1 as written"),
    ("eps/(alpha - 1)**2", "(alpha - 1) D_alpha has no value at alpha = 1 as written"),   # 1/0
])
def test_lhopital_refuses_unless_alpha_minus_one_times_d_alpha_vanishes_at_one(monkeypatch, divergence, reason):
    assert lhopital_outcome(monkeypatch, divergence, "eps") == {"refused": reason}


def test_lhopital_hands_back_the_assertion_only_when_the_derivative_equals_it(monkeypatch):
    shown = lhopital_outcome(monkeypatch, "alpha*sinh(eps)", "(exp(eps) - exp(-eps))/2")
    assert shown["closed"] is shown["asserted"]
    derived = lhopital_outcome(monkeypatch, "alpha*sinh(eps)", "exp(eps)/2")
    assert derived["closed"] == sp.sinh(sp.Symbol("eps", positive=True))


@pytest.mark.parametrize("order, shown", [(3, "3"), (["alpha"], "['alpha']"), ("beta", "'beta'"),
                                          ("eps", "'eps'")])
def test_an_order_that_is_not_a_declared_variable_is_refused(order, shown):
    with pytest.raises(ClaimFileError) as error:
        claim(**dict(limit_claim("alpha*eps", "eps"), order=order))
    assert str(error.value).endswith(f"'order' must name a variable declared in 'variables' (got {shown})")


# -- renyi ----------------------------------------------------------------------------------------

def test_a_renyi_divergence_whose_moment_sympy_derives_passes_naming_it():
    verdict = verdict_of(renyi_claim("exp((alpha - 1)*alpha*eps)", "alpha*eps"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == ("SymPy derived the moment exp(alpha*eps*(alpha - 1)) and showed it equals "
                               "exp((alpha - 1) D_alpha)")


@pytest.mark.parametrize("asserts", [
    "2*alpha*eps", "alpha*eps + 1/10**6", "-alpha*eps",
    # log(moment) with the order factor (alpha - 1) misplaced or misread
    "(alpha - 1)**2*alpha*eps", "(alpha - 1)*alpha*eps/(alpha + 1)", "(alpha - 1)*alpha*eps/(alpha - 2)",
])
def test_a_wrong_renyi_divergence_fails(asserts):
    assert verdict_of(renyi_claim("exp((alpha - 1)*alpha*eps)", asserts)).status == "failed"


@pytest.mark.parametrize("order, variables, shown", [
    ("alpha", {"alpha": "positive"}, "'alpha'"),
    (3, None, "3"),
    (["alpha"], None, "['alpha']"),
])
def test_a_renyi_order_that_is_not_a_parameter_is_refused(order, variables, shown):
    record = renyi_claim("exp((alpha - 1)*alpha*eps)", "alpha*eps")
    record["order"] = order
    if variables:
        record["params"] = {"eps": "0 < eps < 2"}
        record["variables"] = variables
    with pytest.raises(ClaimFileError) as error:
        claim(**record)
    assert str(error.value).endswith(
        f"'order' must name a parameter such as alpha = \"alpha > 1\" (got {shown})")


def test_a_renyi_divergence_compared_only_numerically_names_the_sampled_agreement():
    verdict = verdict_of(renyi_claim("exp((alpha - 1)*alpha*eps)", "alpha*eps"), NUMERIC)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details.startswith("definition and assertion agree to 30 digits")


# -- kl -------------------------------------------------------------------------------------------

def test_a_kl_divergence_sympy_derives_passes_naming_it():
    verdict = verdict_of(kl_claim("eps*log(exp(eps))", "eps**2"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == "SymPy derived eps**2 and reduced its difference from the assertion to 0"


def test_a_wrong_kl_divergence_fails():
    assert verdict_of(kl_claim("eps*log(exp(eps))", "eps**2/2")).status == "failed"


def test_a_kl_divergence_compared_only_numerically_names_the_sampled_agreement():
    verdict = verdict_of(kl_claim("eps*log(exp(eps))", "eps**2"), NUMERIC)
    assert (verdict.status, verdict.evidence) == ("passed", "numeric")
    assert verdict.details.startswith("definition and assertion agree to 30 digits")
