"""A real parameter cut where an integral's breakpoint meets one of its limits.

``closed_form`` splits an integral at the kinks of its integrand and proves, for every
parameter value, where each breakpoint lies against the limits.  Where that place changes
with a parameter t (the kink x = t of |x - t| on -1/2 <= x <= 3/2 lies below, inside or
above the range as t moves), no single closed form holds, and the derivation stops.  Cut at
the values of t where a breakpoint meets a limit, and where an absolute value outside the
integral vanishes, each open piece has one closed form: t is written there through a fresh
s > 0 (lo + s, hi - s, or (lo + hi s)/(1 + s)), so that the places are proved from s's sign.
The cut points themselves are claims in the other parameters.  The claim holds where every
piece and every cut point is proved (Lemma 6.3's E|X - t| <= E|J - t| + 1/4 for every real t:
six pieces and five points).
"""
from __future__ import annotations

import sympy as sp

from ..numbers.quadrature_pieces import breakpoint_expressions

MAX_CUTS = 8


def cut_points(slack, parameter) -> list:
    """The numbers where a breakpoint of an integrand of ``slack`` meets a finite limit of its
    integral, or the argument of an |A| outside every integral vanishes, as ``parameter`` moves;
    sorted, inside its range.  [] where any such value depends on another parameter."""
    t = parameter.symbol
    equations = []
    for integral in slack.atoms(sp.Integral):
        if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
            return []
        x, a, b = integral.limits[0]
        places = list(dict.fromkeys(breakpoint_expressions(integral.function, x)))
        # Where a breakpoint meets a limit, or another breakpoint (x = t against x = 1/2).
        equations += [place - end for place in places for end in (a, b) if end.is_finite]
        equations += [p - q for i, p in enumerate(places) for q in places[i + 1:]]
    outside = slack.xreplace({i: sp.Integer(0) for i in slack.atoms(sp.Integral)})
    equations += [a.args[0] for a in outside.atoms(sp.Abs)]
    cuts = set()
    for equation in equations:
        if t not in equation.free_symbols:
            continue
        if equation.free_symbols != {t}:
            return []
        for root in sp.solve(equation, t):
            if not (root.is_number and root.is_real):
                return []
            cuts.add(root)
    ordered = sorted((c for c in cuts if _inside(c, parameter)), key=lambda c: float(c))
    return ordered if len(ordered) <= MAX_CUTS else []


def pieces(parameter, cuts):
    """(words, the parameter written through s > 0 on one open piece, s) for each piece, and
    (words, cut value, None) for each cut point, covering the parameter's range."""
    lower = parameter.lower.expr if parameter.lower is not None else -sp.oo
    upper = parameter.upper.expr if parameter.upper is not None else sp.oo
    ends = [lower, *cuts, upper]
    out = []
    for lo, hi in zip(ends, ends[1:]):
        s = sp.Dummy("s", positive=True)
        if lo == -sp.oo and hi == sp.oo:
            written = sp.Dummy(parameter.name, real=True)
            s = written
        elif lo == -sp.oo:
            written = hi - s
        elif hi == sp.oo:
            written = lo + s
        else:
            written = (lo + hi * s) / (1 + s)
        out.append((f"{lo} < {parameter.name} < {hi}", written, s))
    for cut in cuts:
        out.append((f"{parameter.name} = {cut}", cut, None))
    for end, bound in ((lower, parameter.lower), (upper, parameter.upper)):
        if bound is not None and not bound.strict:
            out.append((f"{parameter.name} = {end}", end, None))
    return out


def _inside(value, parameter) -> bool:
    for bound, side in ((parameter.lower, 1), (parameter.upper, -1)):
        if bound is None:
            continue
        gap = side * (value - bound.expr)
        if not (gap.is_number and gap > 0):
            return False
    return True
