"""Claim kinds about Rényi and KL divergences written from their definitions.

* ``renyi``: the closed form of D_alpha equals log(moment)/(alpha - 1), where
  the moment E_Q[(dP/dQ)^alpha] is written from the definition (a sum over
  outputs or an integral of p^alpha q^(1-alpha)).  SymPy derives the moment and
  compares it with e^{(alpha-1) D_alpha}; failing that, the definition is
  summed or integrated numerically at sampled points (at dps and 2*dps).

* ``kl``: the KL divergence written from the definition (sum of P log(P/Q)
  over outputs, or the integral) equals the closed form; derived as ``renyi``.

* ``alpha-one-limit``: D_alpha/alpha tends to the asserted value as
  alpha -> 1+.  Writing D_alpha = F(alpha)/(alpha - 1), F(1) = 0 and the
  limit is F'(1) (l'Hopital), derived by SymPy; SymPy's own limit and then
  mpmath's extrapolation at sampled points are the fallbacks.
"""
from __future__ import annotations

import sympy as sp

from ...core.kinds import Kind
from ...core.kinds.equality import claim_closed_form, equality_check, probe_points
from ...core.model.claims import Claim
from ...core.model.errors import EvaluationError, ProofcheckError
from ...core.model.expressions import OPERATORS
from ...core.model.verdict import Verdict
from ...core.numbers.numeric import evaluate
from ...core.symbolic.operators import NoClosedForm, is_zero, nonzero_at


def order_symbol(claim: Claim) -> sp.Symbol:
    """The order alpha: the variable that the claim's ``order`` names (declared, not a parameter)."""
    name = claim.raw["order"]
    if not isinstance(name, str) or name not in claim.symbols or name in claim.parameters:
        raise ProofcheckError(f"'order' must name a variable declared in 'variables' (got {name!r})")
    return claim.symbols[name]


def _real_at(expression, at) -> bool:
    """True if ``expression`` has a real value at each of the points ``at`` (``numeric.evaluate``
    refuses one that is not real); False where it has not, or cannot be computed."""
    try:
        for point in at:
            evaluate(expression, point, 30)
    except EvaluationError:
        return False
    return True


def _vanishes(expression, at) -> bool:
    """True if SymPy reduces ``expression`` to 0.

    Arb balls look first at ``at``, points of the claim's domain: a difference they
    prove nonzero at one of them is no identity, and no simplification is tried.
    Hyperbolic functions are then written as exponentials: divergences are sums of
    exponentials, and this is the route SymPy closes fastest.  Then the core's
    strategies.
    """
    if nonzero_at(sp.sympify(expression), at):
        return False
    try:
        if sp.simplify(sp.sympify(expression).rewrite(sp.exp)) == 0:
            return True
    except (TypeError, ValueError, NotImplementedError, AttributeError, RecursionError,
            ZeroDivisionError):
        pass
    return is_zero(expression, budget=None)


def _operators_closed(expression, claim: Claim, points):
    """``expression`` with its integrals and sums in closed form where the core reaches one
    (Gaussian moments by completing the square, held to the numbers at ``points``), else as it is.

    SymPy's simplify would otherwise integrate them through Meijer G functions: seconds for
    a Gaussian moment, and more than the symbolic budget on a loaded machine."""
    if not expression.has(*OPERATORS):
        return expression
    try:
        return claim_closed_form(expression, claim, points)
    except (NoClosedForm, NotImplementedError, TypeError, ValueError, EvaluationError):
        return expression


def alpha_one_limit(claim: Claim, divergence, asserted, settings) -> Verdict:
    """Check lim_{alpha -> 1+} D_alpha/alpha = ``asserted``.

    D_alpha = F(alpha)/(alpha - 1) with F(alpha) = log E_Q[(dP/dQ)^alpha]; F(1) = log 1 = 0,
    so by l'Hopital the limit is F'(1).  SymPy shows F(1) = 0 and differentiates; if
    it cannot show F(1) = 0, the general limit route of the core (SymPy's limit, then
    mpmath's extrapolation at sampled points) decides.
    """
    alpha = order_symbol(claim)
    # Distribute over the terms, so that each log(...)/(alpha - 1) cancels against alpha - 1.
    numerator = sp.Add(*[(alpha - 1) * term for term in sp.Add.make_args(divergence)])

    points = probe_points(claim)

    def lhopital(_):
        at_one = _operators_closed(numerator.subs(alpha, 1), claim, points)
        if at_one.has(sp.nan, sp.zoo):
            raise NoClosedForm("(alpha - 1) D_alpha has no value at alpha = 1 as written")
        # F(1) is a logarithm: showing e^{F(1)} = 1 is often easier for SymPy than F(1) = 0.
        if not (_vanishes(at_one, points) or _vanishes(sp.exp(at_one) - 1, points)):
            raise NoClosedForm("SymPy did not show (alpha - 1) D_alpha = 0 at alpha = 1")
        closed = _operators_closed(sp.diff(numerator, alpha).subs(alpha, 1), claim, points)
        # Hand back the assertion itself (its operators closed, as the core will close them)
        # when the difference is shown to vanish, so that the core's comparison need not
        # repeat the (slow) general simplification.
        target = _operators_closed(asserted, claim, points)
        return target if _vanishes(closed - target, points) else closed

    limit = sp.Limit(divergence / alpha, alpha, 1, "+")
    verdict = equality_check(claim, limit, asserted, settings, closed_form_fn=lhopital)
    if verdict.passed and verdict.evidence == "symbolic":
        verdict.details = "l'Hopital: (alpha - 1) D_alpha vanishes at alpha = 1 and its derivative there " \
                          "equals the assertion (SymPy)"
    if not verdict.passed or verdict.evidence == "symbolic":
        return verdict
    # (alpha - 1) D_alpha not shown to vanish symbolically: let SymPy take the limit itself.
    return equality_check(claim, limit, asserted, settings)


class Renyi(Kind):
    name = "renyi"
    required = ("moment", "order", "asserts")
    expression_fields = ("moment", "asserts")
    asserted_fields = ("asserts",)
    description = "D_alpha = log(moment)/(alpha - 1), the moment summed or integrated from the definition"

    def prepare(self, claim):
        super().prepare(claim)
        name = claim.raw["order"]
        if not isinstance(name, str) or name not in claim.parameters:
            raise ProofcheckError(f"'order' must name a parameter such as alpha = \"alpha > 1\" (got {name!r})")

    def check(self, claim, settings):
        alpha = claim.symbols[claim.raw["order"]]
        moment, asserted = claim.expr("moment"), claim.expr("asserts")
        shown = []

        def moment_closed_form(_):
            closed = claim_closed_form(moment, claim)
            # log is one-to-one: comparing the moment with e^{(alpha-1) D_alpha} avoids
            # asking SymPy to combine logarithms.
            # ... and exp forgets the log's branch: 2 log(-e^u)/(alpha - 1) has the right
            # exponential and is not real, so the assertion must be real where it is compared.
            if _vanishes(closed - sp.exp((alpha - 1) * asserted), probe_points(claim)) \
                    and _real_at(asserted, probe_points(claim)):
                shown.append(closed)
                return asserted
            return sp.log(closed) / (alpha - 1)

        verdict = equality_check(claim, sp.log(moment) / (alpha - 1), asserted, settings,
                                 closed_form_fn=moment_closed_form)
        if verdict.passed and verdict.evidence == "symbolic" and shown:
            verdict.details = (f"SymPy derived the moment {sp.sstr(shown[0])[:160]} and showed it equals "
                               f"exp((alpha - 1) D_alpha)")
        return verdict


class KL(Kind):
    name = "kl"
    required = ("definition", "asserts")
    expression_fields = ("definition", "asserts")
    asserted_fields = ("asserts",)
    description = "the KL divergence, summed or integrated from the definition, equals the closed form"

    def check(self, claim, settings):
        asserted = claim.expr("asserts")
        shown = []

        def kl_closed_form(expression):
            closed = claim_closed_form(expression, claim)
            if _vanishes(closed - asserted, probe_points(claim)):
                shown.append(closed)
                return asserted
            return closed

        verdict = equality_check(claim, claim.expr("definition"), asserted, settings, closed_form_fn=kl_closed_form)
        if verdict.passed and verdict.evidence == "symbolic" and shown:
            verdict.details = (f"SymPy derived {sp.sstr(shown[0])[:160]} and reduced its difference from "
                               f"the assertion to 0")
        return verdict


class AlphaOneLimit(Kind):
    name = "alpha-one-limit"
    required = ("divergence", "order", "asserts")
    expression_fields = ("divergence", "asserts")
    asserted_fields = ("asserts",)
    description = "D_alpha/alpha tends to the asserted value (the KL divergence) as alpha -> 1+"

    def prepare(self, claim):
        super().prepare(claim)
        order_symbol(claim)

    def check(self, claim, settings):
        return alpha_one_limit(claim, claim.expr("divergence"), claim.expr("asserts"), settings)
