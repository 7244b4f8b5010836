"""The range an optimum is over (``optimum``'s ``over``): what the variable's declaration
assumes of it, and whether the asserted optimiser lies in it.

SymPy reads an objective with its variables' assumptions, and a range wider than them is
checked on another function; an optimiser outside the range satisfies the conditions of an
optimum of no claim the paper makes.
"""
from __future__ import annotations

import sympy as sp

from ..model.domains import assumptions_for
from ..model.errors import ProofcheckError
from ..model.verdict import failed, show_point
from ..numbers.intervals import NotEnclosable, decide

_DECLARED = ("positive", "negative", "nonnegative", "nonpositive", "integer", "even", "odd", "nonzero", "real")


def assumed_within(parameter):
    """An error unless every value of the range ``over`` gives the variable has the properties its
    declaration assumes: SymPy reads the objective with those assumptions (sqrt(x**2) is x for a
    positive x), so a range wider than them would be checked on another function."""
    implied = sp.Dummy("range", **assumptions_for(parameter))
    facts = parameter.symbol.assumptions0
    # The words a declaration uses first, so that the message names the one written.
    for fact in sorted(facts, key=lambda f: (f not in _DECLARED, _DECLARED.index(f) if f in _DECLARED else 0)):
        if facts[fact] and getattr(implied, f"is_{fact}") is not True:
            raise ProofcheckError(f"optimisation variable {parameter.name!r} is declared {fact}, but 'over' "
                                  f"ranges over {parameter.spec!r}: declare it no narrower than its range")


def outside(variables, at, points):
    """A failed verdict where Arb's balls prove the asserted optimiser outside the closure of the
    range ``over`` at a sampled point (an empty range has none); else None.  A maximum of -(a - 1)^2
    "at a = 1" over 2 < a < 3 passed: its conditions hold at a = 1, which is not in the range."""
    for point in points:
        full = dict(point)
        for parameter in variables:
            full[parameter.symbol] = value = at[parameter.symbol].xreplace(full)
            for bound, above in ((parameter.lower, True), (parameter.upper, False)):
                # The closure: at an open edge an optimum is a supremum the range approaches.
                relation = ">=" if above else "<="
                try:
                    inside = bound is None or decide(relation, value, bound.expr.xreplace(full))
                except (NotEnclosable, ValueError, TypeError, ZeroDivisionError):
                    continue  # balls that cannot look decide nothing here
                if inside is False:
                    return failed(f"the asserted optimiser is outside the range {parameter.spec}",
                                  {"point": show_point(point), parameter.name: str(value)})
    return None
