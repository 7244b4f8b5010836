"""D_alpha/alpha <= rho at every order alpha > 1 and every parameter value, from convexity in the order.

With h = alpha - 1, K(h) = h D_{1+h} (the cumulant generating function of the privacy loss) and
F(h) = rho h (1 + h) - K(h), D_alpha/alpha <= rho reads F(h)/h >= 0.  If

    F'' = 2 rho - K'' >= 0   for every h > 0 and every parameter value,

F is convex on (0, oo).  F(h)/h = rho (1 + h) - D_{1+h} tends to rho - KL = 0 as h -> 0+ (the
claim's alpha -> 1 limit, proved by the caller), so F(0+) = 0, and the slope F(h)/h of the
chord from (0, 0) of a convex F is nondecreasing in h; it is therefore >= its limit 0 at
h = 0+.  No grid, no sampled parameter: the whole domain and every order at once.

F'' >= 0 over the claim's domain and h > 0 is an inequality, proved by the inequality route
(SymPy's sign, else Arb's branch and bound, ``inequality.proved_over_domain``): as written, or
as F'' nondecreasing in h (dF''/dh >= 0) from its value at h = 0 (>= 0), each over the whole
domain.  For binary randomized response F'' = 2 eps tanh(eps/2) - eps^2 sech^2((h + 1/2) eps),
increasing in h, with eps (sinh eps - eps) sech^2(eps/2) >= 0 at h = 0.  F'' is not >= 0 for
every pair whose supremum is its KL value, and not for 7-ary randomized response, whose
supremum is not: a refusal here leaves the claim to the grid, never fails it.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ...core.kinds.inequality import Inequality, proved_over_domain
from ...core.model.claims import build_claim
from ...core.model.errors import ProofcheckError, SymbolicTimeout
from ...core.model.timeout import time_budget
from ...core.model.verdict import weakest

# CPU seconds for SymPy's derivatives of K and their value at h = 0.
DERIVATIVE_SECONDS = 2.0


@dataclass
class Convexity:
    evidence: str  # "symbolic" or "certified"
    how: str


def convexity_proof(claim, divergence, rho, alpha, settings) -> Convexity | None:
    """The proof that F'' >= 0 over the claim's domain and every order, or None."""
    order = _order_name(claim)
    h = sp.Symbol(order, positive=True)
    try:
        with time_budget(DERIVATIVE_SECONDS):
            cumulant = sp.expand_log(sp.powsimp((h * divergence).xreplace({alpha: 1 + h})), force=False)
            second = 2 * rho - sp.diff(cumulant, h, 2)
            rising = sp.diff(second, h)
            # F'' is analytic at h = 0 where its value there is finite: that value is its limit.
            at_zero = sp.simplify(second.xreplace({h: 0}))
            if at_zero.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
                at_zero = sp.limit(second, h, 0, "+")
    except (SymbolicTimeout, NotImplementedError, ValueError, TypeError, sp.PolynomialError):
        return None
    # Rising from h = 0 first: for binary randomized response it is 0.7 s, F'' as written 4 s, refused.
    if not at_zero.has(sp.oo, -sp.oo, sp.zoo, sp.nan, sp.Limit):
        slope = _proved(claim, order, rising, f"{order} > 0", settings, widened_first=True)
        start = slope and _proved(claim, None, at_zero, None, settings, widened_first=False)
        if slope and start:
            return Convexity(weakest(slope.evidence, start.evidence),
                             f"F'' = 2 rho - K'' rises in {order} = alpha - 1 ({slope.route}) from its value at "
                             f"{order} = 0+, >= 0 over the domain ({start.route})")
    direct = _proved(claim, order, second, f"{order} > 0", settings, widened_first=True)
    if direct is None:
        return None
    return Convexity(direct.evidence, f"F'' = 2 rho - K'' >= 0 over the domain and {order} > 0 ({direct.route})")


def _order_name(claim) -> str:
    taken = set(claim.symbols) | set(claim.raw.get("params", {}))
    return next(n for n in ("h", "h_order", "h_alpha") if n not in taken)


def _proved(claim, order, expression, order_domain, settings, widened_first):
    """The inequality route's proof that ``expression`` >= 0 over the claim's domain (and the order's,
    where given), or None.  The domain with each bounded real parameter of nonnegative lower bound
    widened to the half-line is tried too (first, if ``widened_first``): a proof over a larger
    domain holds on the claim's.  The branch and bound settles an infinite end of eps by its
    compactification, where the cut at eps = 20 leaves boxes of h -> oo whose exponentials it
    cannot enclose; the value at h = 0 goes the other way (tanh(eps/2) as eps -> oo)."""
    stated, wide = dict(claim.raw.get("params", {})), _widened(claim)
    domains = [stated] if wide == stated else [wide, stated] if widened_first else [stated, wide]
    for params in domains:
        found = _proved_over(claim, order, expression, order_domain, params, settings)
        if found is not None:
            return found
    return None


def _widened(claim) -> dict:
    """The claim's parameters, each real one with constant bounds, the lower one >= 0, as name > 0."""
    params = dict(claim.raw.get("params", {}))
    for name, parameter in claim.parameters.items():
        lower, upper = parameter.lower, parameter.upper
        if parameter.integer or lower is None or upper is None:
            continue
        if lower.expr.is_number and upper.expr.is_number and lower.expr >= 0:
            params[name] = f"{name} > 0"
    return params


def _proved_over(claim, order, expression, order_domain, params, settings):
    if order_domain is not None:
        params = {**params, order: order_domain}
    record = {"id": f"{claim.id}.convexity", "where": claim.where,
              "statement": "F'' >= 0: D_alpha/alpha <= rho by convexity in the order",
              "kind": "inequality", "params": params, "lhs": sp.sstr(expression), "rel": ">=", "rhs": "0"}
    if claim.get("evidence") in ("symbolic", "certified"):
        # A claim on record as proved gives its parts the patience of one (a loaded machine must
        # not lose the proof: the boxes of binary randomized response take 0.2 s of a 0.5 s budget).
        record["evidence"] = claim.get("evidence")
    try:
        derived = build_claim(record, claim.source, {"inequality": Inequality()})
        # The branch and bound first: SymPy's sign proofs of these derivatives take 1.4 s each for
        # binary randomized response, and fail, where the boxes take 0.4 s.
        return proved_over_domain(derived, settings, certified_first=True)
    except (SymbolicTimeout, ProofcheckError):
        return None
