"""An integral whose integrand holds erfinv, closed with erfinv(g) a positive symbol, and
differences of logarithms shown >= 0 once combined.

E|(n + c) e^{sigma Z - sigma^2} - c - n| with sigma = Phi^-1(1/2 + r0/(2(1 + c))) splits at
Z = sigma, where SymPy must sign 1 - e^{sqrt(2) w z - 2 w^2} on z < sqrt(2) w for
w = erfinv(r0/(1 + c)): it cannot while it does not know that erfinv(g) is real and positive.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.core.model.claims import build_claim
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.core.symbolic.signs import proved_nonnegative, proved_sign
from proofcheck.papers import registry_for

KINDS = registry_for()
MEAN_ERROR = "E(Abs((n + c)*exp(sigma*z - sigma**2) - c - n), z)"


def verdict_of(rhs):
    record = {"id": "t", "where": "w", "statement": "s", "kind": "inequality",
              "params": {"r": "0 < r <= 1", "r0": "0 < r0 < r", "c": "c > 0", "n": "integer n >= 0"},
              "variables": {"z": "real"}, "define": {"sigma": "Phi_inv(1/2 + r0/(2*(1 + c)))"},
              "lhs": MEAN_ERROR, "rel": "<=", "rhs": rhs}
    return check_claim(build_claim(record, "tests/engine", KINDS), Settings())


def test_the_mean_error_of_the_unclipped_release_is_derived_through_phi_inverse():
    verdict = verdict_of("r0*(n + c)/(1 + c)")
    assert verdict.status == "passed" and verdict.evidence == "symbolic", verdict.details


def test_the_mean_error_bound_a_thousandth_too_low_fails():
    verdict = verdict_of("r0*(n + c)/(1 + c) - 1/1000")
    assert verdict.status == "failed", verdict.details


def test_a_difference_of_logarithms_is_signed_once_combined():
    c = sp.Symbol("c", positive=True)
    n = sp.Symbol("n", integer=True, nonnegative=True)
    m = sp.Symbol("m", integer=True, positive=True)
    w = sp.Symbol("w", positive=True)
    assert proved_nonnegative(sp.log(c + n) - sp.log(c))
    assert not proved_nonnegative(sp.log(c) - sp.log(c + m))
    # The breakpoints of the clipped release's error, in order for every n >= 0 (equal at n = 0).
    first, second = (2 * w ** 2 + sp.log(c) - sp.log(c + n)) / (sp.sqrt(2) * w), sp.sqrt(2) * w
    assert proved_nonnegative(second - first) and not proved_nonnegative(first - second)
    assert proved_sign(second - first) is None
