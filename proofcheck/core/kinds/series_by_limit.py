"""A series claim decided by a limit where SymPy's ``series`` refuses the expression.

SymPy raises PoleError on true expansions it has no rule for: the asymptotic expansion of
Gamma at infinity (Gamma(x + 1/2)/(sqrt(x) Gamma(x)) = 1 - 1/(8x) + 1/(128x^2) + O(x^-3)).
For an expansion in integer powers of h (h = x - a at a finite point, 1/x at infinity), the
claim f = P + O(h^order), with P a polynomial in h of degree order - 1, holds exactly when
(f - P)/h^(order - 1) -> 0: a wrong coefficient of h^j (j < order) leaves a non-zero
limit of (f - P)/h^j, and so an unbounded or non-zero one at j = order - 1.  That limit is
checked as a ``limit`` claim is: by SymPy's limit, held to the numbers.  It leaves f - P =
o(h^(order - 1)); the remainder is O(h^order) where SymPy finds (f - P)/h^order a finite limit
(a term h^(order - 1/2) would pass the first limit and fail this one).  Where SymPy finds none,
the verdict keeps numeric evidence at most.
"""
from __future__ import annotations

import sympy as sp
from sympy.core.function import PoleError

from ..model.errors import SymbolicTimeout
from ..model.timeout import time_budget
from ..model.verdict import Verdict, failed, weakest
from .equality import equality_check

# What SymPy raises where it has no expansion of an expression (not a wrong one).
SERIES_REFUSALS = (PoleError, NotImplementedError, AttributeError)


def remainder_limit_check(claim, settings, variable, point, order, direction, error) -> Verdict:
    """The verdict of lim (expr - asserts)/h^(order - 1) = 0, h the expansion's small quantity."""
    small = 1 / variable if point in (sp.oo, -sp.oo) else variable - point
    remainder = (claim.expr("expr") - claim.expr("asserts")) / small ** (order - 1)
    verdict = equality_check(claim, sp.Limit(remainder, variable, point, direction), sp.Integer(0), settings)
    reason = f"SymPy's series raised {type(error).__name__}; "
    verdict.details = f"{reason}lim (expr - asserted)/({small})^{order - 1} = 0: {verdict.details}"
    if verdict.passed:
        verdict = _remainder_bounded(claim, settings, variable, point, order, direction, small, verdict)
    if verdict.passed:
        verdict.route = f"series by the limit of its remainder ({verdict.route})"
    return verdict


def _remainder_bounded(claim, settings, variable, point, order, direction, small, verdict):
    """``verdict`` where SymPy finds lim (f - P)/h^order finite; failed where it finds it infinite;
    else ``verdict`` with numeric evidence at most."""
    try:
        with time_budget(settings.symbolic_budget):
            scaled = sp.limit((claim.expr("expr") - claim.expr("asserts")) / small ** order, variable, point,
                              direction)
    except (SymbolicTimeout, PoleError, NotImplementedError, ValueError, TypeError, AttributeError):
        scaled = None
    if scaled is not None and scaled.is_finite:
        verdict.details += f"; lim (expr - asserted)/({small})^{order} = {sp.sstr(scaled)[:60]} is finite"
        return verdict
    if scaled is not None and scaled.is_infinite:
        return failed(f"the remainder is not O(({small})^{order}): lim (expr - asserted)/({small})^{order} "
                      f"= {scaled}")
    verdict.evidence = weakest(verdict.evidence, "numeric")
    verdict.details += f"; the remainder's order {order} is not shown (no limit of it at that order)"
    return verdict
