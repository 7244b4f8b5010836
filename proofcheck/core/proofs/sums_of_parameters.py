"""A slack that depends on two parameters only through their sum, proved in that sum alone.

log(1 + 1/(c + n - 1)) - log(1 + 1/(c + n)) on integer n >= 1, c > 0 is a function of
y = c + n.  Its two far ends meet at a corner (c -> oo and n -> oo at once) where the
slack tends to 0 at a rate no enclosure in two variables holds; in y alone the far end is
one Taylor argument.  Every point of the domain has a + b in the interval that the bounds
of a and b give (lo_a + lo_b < y, strictly where either lower bound is strict), so a proof
for every y in that interval proves the claim.  The interval may be larger than the set of
sums (integers relaxed to reals): a proof holds the more, and a failure there proves
nothing, so only a proof is taken from here.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..model.domains import Bound, Domain, Parameter


def one_sum(slack, domain):
    """(the slack in y = a + b, the domain with y for a and b, "y = a + b"), or None."""
    parameters = list(domain.parameters.values())
    for first, second in itertools.combinations(parameters, 2):
        if not (_free(first, domain) and _free(second, domain)):
            continue
        y = sp.Symbol(f"_sum_{first.name}_{second.name}", real=True)
        reduced = slack.xreplace({first.symbol: y - second.symbol})
        if second.symbol in reduced.free_symbols:
            continue
        bound = _sum_parameter(first, second, y)
        if bound is None:
            continue
        kept = {n: p for n, p in domain.parameters.items() if p is not first and p is not second}
        return reduced, Domain(parameters={**kept, y.name: bound}), f"{y.name[5:].replace('_', ' + ')}"
    return None


def _free(parameter, domain) -> bool:
    """Whether neither bound of ``parameter`` names another parameter, nor another's names it."""
    own = set()
    for bound in (parameter.lower, parameter.upper):
        if bound is not None:
            own |= bound.expr.free_symbols
    if own:
        return False
    return not any(parameter.name in p.depends_on for p in domain.parameters.values())


def _sum_parameter(first, second, y):
    """The parameter y = first + second, with the bounds the two give, or None for none."""
    lower = _added(first.lower, second.lower)
    upper = _added(first.upper, second.upper)
    if lower is None and upper is None:
        return None
    spec = " and ".join(s for s in (
        f"y {'>' if lower.strict else '>='} {lower.expr}" if lower else "",
        f"y {'<' if upper.strict else '<='} {upper.expr}" if upper else "") if s)
    return Parameter(y.name, f"{spec} (y = {first.name} + {second.name})", lower=lower, upper=upper, symbol=y)


def _added(a, b):
    if a is None or b is None:
        return None
    return Bound(sp.nsimplify(a.expr + b.expr), a.strict or b.strict)
