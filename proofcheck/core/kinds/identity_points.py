"""Where an identity's two sides are compared besides its sampled points, and how a
disagreement there is confirmed (``equality.numeric_compare``).

Sampled points in general position miss a difference confined to a spot: a bump of width
10^-3 (``box_search``: boxes halved where Arb's enclosure of the difference reaches past
``APART``), a piece that switches with the parameters alone inside an integral, or the point
where the numbers already contradicted SymPy's closed form.  Two closed forms that agree to
the digits compared may still differ below them, which Arb tells (``APART_BITS``).  And a
disagreement with 0 that recedes with the digits is no witness (``disagreement_holds``).
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import DomainError
from ..model.expressions import has_operator
from ..model.verdict import show_point
from ..numbers.intervals import NotEnclosable, certified_nonzero
from ..numbers.numeric import evaluate
from ..numbers.precision import agree, differs_at_higher_precision
from ..points.box_search import domain_proposals
from ..points.slack_roots import SWITCHES

# Where the two sides of an identity differ by more than this (absolute, or relative to 1), a
# point is proposed; below it, the sampled points' own comparison to the required digits decides.
APART = 1e-20


def apart_in_a_spot(domain, difference, points) -> list[dict]:
    """Points where the sides may differ in a spot narrower than the samples' spacing, found by
    halving the parameters' box where Arb's enclosure of the difference reaches past ``APART``
    (``box_search``): x + e^(-10^6 (x - 3)^2) = x on 0 < x < 10 agreed to 30 digits at every
    sample, and passed."""
    if domain is None or not domain.parameters or not points:
        return []
    # Unevaluated: Abs's own evaluation asks SymPy whether the difference is real, and SymPy
    # may factor a large polynomial to answer, with no time budget around it.
    proposed = domain_proposals(domain, sp.Abs(difference, evaluate=False), APART, "max", points[-1])
    return [point for point in proposed if point not in points]


def at_contradiction(claim, where) -> list[dict]:
    """The parameters' values where the numbers contradicted SymPy's closed form (there SymPy's
    answer, which the assertion may repeat, is wrong), as a point of the claim's domain; none
    where nothing was contradicted.  The limit of e^(ax)/(e^(ax) + e^(bx)) is 1, not SymPy's 0,
    at a = 687/776 > b = 1091/1552, where no sampled point of 0 < a < 1, 1/2 < b < 2 fell."""
    if not where or claim.sampling_domain is None:
        return []
    try:
        return [claim.sampling_domain.validate_point(
            {s.name: v for s, v in where.items() if s.name in claim.sampling_domain.parameters})]
    except (DomainError, TypeError, ValueError):
        return []


def parameter_switches(claim, difference):
    """The pieces of an operator's sides that switch with the parameters alone (a factor
    Max(0, 10^-3 - (a - 3)^2) of an integrand): there and between, the definition is computed
    too.  Pieces that switch with an operator's own variable are left to its quadrature."""
    parameters = {p.symbol for p in claim.sampling_domain.parameters.values()}
    return sp.Add(*[atom for atom in difference.atoms(*SWITCHES)
                    if atom.free_symbols and atom.free_symbols <= parameters], evaluate=False)


def disagreement_holds(left, right, point, dps, a, b) -> bool:
    """Whether the sides' disagreement at ``point`` (``a`` against ``b`` at dps) holds at more
    digits; EvaluationError where the point is undecided: a value that agreed with 0 through
    its floor and cannot be computed at more, or a difference that recedes with the digits
    (``precision.differs_at_higher_precision``)."""
    return differs_at_higher_precision(
        lambda working: (evaluate(left, point, working), evaluate(right, point, working)), dps,
        abs(a - b), first_agreed=agree(a, b, dps), receding_undecided=True)


# The bits to which Arb looks for a difference of two closed forms that agree to the digits
# compared (about 1200 digits).
APART_BITS = 4096
APART_POINTS = 3


def apart_below_the_digits(left, right, points):
    """A witness where two closed forms that agree to the digits compared still differ: Arb
    encloses the difference away from 0 at one of the first ``APART_POINTS`` points, raising
    its precision to ``APART_BITS``.  E s Z's expectation, e^(s^2/2), "= e^(s^2/2) (1 + 10^-200)"
    agreed to 30 digits everywhere and passed.  None where no ball excludes 0 (the value may be
    0, or smaller still), and for a side that holds an operator (its value has no such ball)."""
    if has_operator(left) or has_operator(right):
        return None
    for point in points[:APART_POINTS]:
        try:
            ball = certified_nonzero(left - right, point, APART_BITS)
        except (NotEnclosable, ZeroDivisionError, ValueError, TypeError):
            continue
        if ball is not None:
            return {"point": show_point(point), "difference": ball.str(5)}
    return None
