"""renyi, kl and alpha-one-limit: a divergence is derived from its definition, and each route is named.

A renyi claim passes symbolically when SymPy derives the moment and shows it equals
e^{(alpha - 1) D_alpha}; a kl claim when SymPy derives the sum or integral and reduces
its difference from the assertion to 0.  An alpha-one-limit claim passes by
l'Hopital when (alpha - 1) D_alpha vanishes at alpha = 1 and its derivative there is
the assertion; otherwise SymPy's own limit decides.  Before any simplification, Arb
balls look at the difference at points of the domain: one found nonzero there is no
identity.  Wrong assertions fail, and malformed orders are refused when loaded.
"""
import itertools

import pytest
import sympy as sp

from proofcheck.core.claims import build_claim
from proofcheck.core.errors import ClaimFileError
from proofcheck.core.runner import check_claim
from proofcheck.core.verdict import Settings
from proofcheck.dp.divergence_kinds import _vanishes
from proofcheck.papers import registry_for

KINDS = registry_for()
SETTINGS = Settings()
_IDS = itertools.count()

X = sp.Symbol("x", positive=True)
LHOPITAL = ("l'Hopital: (alpha - 1) D_alpha vanishes at alpha = 1 and its derivative there equals the "
            "assertion (SymPy)")


def claim(**record):
    record.setdefault("id", f"div-{next(_IDS)}")
    record.setdefault("where", "unit test")
    record.setdefault("statement", "unit test")
    return build_claim(record, "tests/engine", KINDS)


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
    assert verdict_of(limit_claim(divergence, asserts)).status == "failed"


def test_a_limit_lhopital_cannot_reach_is_taken_by_sympy():
    # (alpha - 1) D_alpha is 0/0 at alpha = 1 as written: SymPy's limit decides, symbolically.
    record = limit_claim("eps*alpha**2*(alpha - 1)/(alpha**2 - alpha)", "eps")
    verdict = verdict_of(record)
    assert (verdict.status, verdict.evidence, verdict.details) == ("passed", "symbolic", "SymPy derived eps")
    assert verdict_of(dict(record, asserts="eps + 1/10**6")).status == "failed"


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


# -- kl -------------------------------------------------------------------------------------------

def test_a_kl_divergence_sympy_derives_passes_naming_it():
    verdict = verdict_of(kl_claim("eps*log(exp(eps))", "eps**2"))
    assert (verdict.status, verdict.evidence) == ("passed", "symbolic")
    assert verdict.details == "SymPy derived eps**2 and reduced its difference from the assertion to 0"


def test_a_wrong_kl_divergence_fails():
    assert verdict_of(kl_claim("eps*log(exp(eps))", "eps**2/2")).status == "failed"
