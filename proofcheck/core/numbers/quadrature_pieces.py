"""Where an integral is cut before quadrature: the kinks and jumps of its integrand, and long pieces.

Tanh-sinh quadrature (``numeric._integral``) converges fast on each piece where
the integrand is analytic; a kink or a jump inside a piece costs it its digits.
``breakpoint_expressions`` finds, once per integrand and with SymPy, where those
are (the zeros of ``Abs`` arguments, the thresholds of indicators, the crossings
of ``Max``/``Min``); ``split_long_pieces`` cuts a long finite piece again towards
its ends, where the mass of a far-out Gaussian kink lies (Theorem 3.1(i) at
sigma = 10^-38).  Where a quadrature has placed its nodes, ``settled_quadrature``
cuts again.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp

from ..model.timeout import time_budget

BREAKPOINT_SECONDS = 30.0
# A finite piece of an integral longer than LONG_PIECE is cut again at distances
# SPLIT_RATIO**k from each of its ends (see ``split_long_pieces``).
LONG_PIECE = 2 ** 16
SPLIT_RATIO = 2 ** 8
# The most steps of one floor or ceiling cut at in an integral: E Q_S of Lemma 6.6 at S = 48 and
# L + |mu| = 4 has 385; far more pieces than this would each cost a quadrature.
STAIRCASE_STEPS = 2048


@lru_cache(maxsize=512)
def breakpoint_expressions(integrand, variable) -> tuple:
    """Symbolic points where ``integrand`` has a kink or a jump in ``variable``.

    Found once per integrand with SymPy (zeros of Abs arguments, indicator
    thresholds, Max/Min crossings) and evaluated at each sample point.
    """
    candidates = []
    for node in sp.preorder_traversal(integrand):
        if isinstance(node, sp.Abs) or isinstance(node, sp.sign):
            candidates.append(node.args[0])
        elif isinstance(node, (sp.Max, sp.Min)):
            args = node.args
            candidates += [a - b for a, b in zip(args, args[1:])]
        elif isinstance(node, sp.Piecewise):
            for _, condition in node.args:
                for rel in condition.atoms(sp.core.relational.Relational):
                    candidates.append(rel.lhs - rel.rhs)
        elif isinstance(node, (sp.floor, sp.ceiling)):
            return ()  # staircase integrands: no finite breakpoint list
    # An argument that itself contains Max/Min (an absolute error after clipping) is
    # solved once per branch, each branch being an ordinary expression.
    expanded = []
    for candidate in candidates:
        variants = [candidate]
        for node in candidate.atoms(sp.Max, sp.Min):
            variants = [v.xreplace({node: branch}) for v in variants for branch in node.args]
        expanded += variants
    candidates = expanded
    points = []
    for candidate in candidates:
        if variable not in candidate.free_symbols:
            continue
        try:
            # Generous: a budget that a loaded machine can exhaust would drop a breakpoint,
            # and the quadrature's outcome would then depend on the load (a flaky verdict).
            with time_budget(BREAKPOINT_SECONDS):
                roots = sp.solve(candidate, variable)
        except (NotImplementedError, ValueError, TypeError):
            continue
        # A timeout propagates rather than being cached as "no breakpoint here": an
        # incomplete list, remembered for the process, would make quadrature load-dependent.
        points += [r for r in roots if r.is_real is not False]
    return tuple(points)


@lru_cache(maxsize=512)
def staircase_expressions(integrand, variable) -> tuple | None:
    """(slope, offset) of each floor or ceiling whose argument is ``slope * variable + offset``
    (Q_S = floor(S z + 1/2) of Lemma 6.6): it jumps where that argument is an integer.  None where
    an argument is not linear in ``variable``, whose jumps are not listed."""
    steps = []
    for node in sp.preorder_traversal(integrand):
        if isinstance(node, (sp.floor, sp.ceiling)) and node.args[0].has(variable):
            argument = sp.expand(node.args[0])
            slope = sp.diff(argument, variable)
            if slope.has(variable):
                return None
            steps.append((slope, sp.expand(argument - slope * variable)))
    return tuple(steps)


def staircase_cuts(steps, a, b, value_of) -> list:
    """The points of (a, b) where a step of ``steps`` jumps, its slope and offset evaluated by
    ``value_of``; ValueError where they are too many to cut at (or the range is infinite)."""
    cuts = []
    for slope, offset in steps:
        s, o = value_of(slope), value_of(offset)
        if s == 0:
            continue
        if not (mpmath.isfinite(a) and mpmath.isfinite(b)):
            raise ValueError("a staircase over an infinite range has no finite list of steps")
        ends = sorted((s * a + o, s * b + o))
        first, last = int(mpmath.ceil(ends[0])), int(mpmath.floor(ends[1]))
        if last - first + 1 > STAIRCASE_STEPS:
            raise ValueError(f"a staircase with {last - first + 1} steps in the range")
        cuts += [(k - o) / s for k in range(first, last + 1)]
    return cuts


def split_long_pieces(nodes):
    """``nodes`` with each finite piece longer than ``LONG_PIECE`` cut geometrically from both ends.

    Tanh-sinh resolves a feature of width w at the end of a piece of length L
    only with about log2(L/w) more levels.  A kink far out in a Gaussian tail
    leaves such a piece: at sigma = 10^-38 the clipping point of Theorem 3.1
    lies at z = -10^38, and all of the mass of [-10^38, sigma] sits within a
    few units of its right end, which 50 digits and ten levels resolved to 25
    digits only.  Pieces that hold almost nothing converge within two levels,
    so the extra cuts cost little; more cuts never change an integral's value.
    """
    nodes = _origin_cut(list(nodes))
    result = [nodes[0]]
    for left, right in zip(nodes, nodes[1:]):
        if mpmath.isfinite(left) and mpmath.isfinite(right) and right - left > LONG_PIECE:
            cuts, step = [], mpmath.mpf(SPLIT_RATIO)
            while 2 * step < right - left:
                cuts += [left + step, right - step]
                step *= SPLIT_RATIO
            result += sorted(cuts)
        result.append(right)
    return result


def _origin_cut(nodes):
    """``nodes`` with 0 added where a half-line reaches across it from an end beyond ``LONG_PIECE``.

    Tanh-sinh lays a half-line's nodes at unit scale from its finite end, ever sparser
    away from it.  Lemma 4.1's expectation split at z = sigma = 10^6 keeps all of its
    mass within a few units of z = 0, 10^6 from that end, where the nodes lie 10^5
    apart: the mass was missed.
    """
    if len(nodes) >= 2 and nodes[0] == -mpmath.inf and mpmath.isfinite(nodes[1]) and nodes[1] > LONG_PIECE:
        nodes.insert(1, mpmath.mpf(0))
    if len(nodes) >= 2 and nodes[-1] == mpmath.inf and mpmath.isfinite(nodes[-2]) and nodes[-2] < -LONG_PIECE:
        nodes.insert(len(nodes) - 1, mpmath.mpf(0))
    return nodes
