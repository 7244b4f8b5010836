"""Negative controls: perturbed versions of what a claim asserts.

A checker that cannot fail proves nothing.  For every asserted expression the
engine builds mutants, one change each:

* a number changed (``k -> k + 1``, ``k -> 2k``; this changes constants,
  coefficients and numeric exponents alike);
* an exponent changed (``x**e -> x**(e + 1)``), and a square halved
  (``x**2 -> x**2/2``: the drift ``sigma**2`` becoming ``sigma**2/2``);
* a sign flipped (one term of a sum negated, or the whole expression).

A mutant that equals the original (symbolically, or at every one of the
claim's sampled points, edges and interior, to 30 digits) is skipped as
equivalent: it is not a wrong claim.
The checker must reject every remaining mutant.
"""
from __future__ import annotations

import random

import sympy as sp

from .numeric import EvaluationError, evaluate
from .precision import agree
from .symbolic import is_zero

MAX_PER_FIELD = 8


def _positions(expr, path=()):
    yield path, expr
    if isinstance(expr, (sp.Integral, sp.Sum, sp.Limit, sp.Derivative)):
        # Mutate what is integrated or summed, never the bound variable itself.
        yield from _positions(expr.args[0], path + (0,))
        return
    for i, arg in enumerate(expr.args):
        yield from _positions(arg, path + (i,))


def _replace_at(expr, path, new):
    if not path:
        return new
    i = path[0]
    args = list(expr.args)
    args[i] = _replace_at(args[i], path[1:], new)
    return expr.func(*args)


def _candidate_changes(expr):
    """(description, mutant) pairs, grouped by operator for diversity."""
    numbers, exponents, squares, signs = [], [], [], []
    for path, node in _positions(expr):
        if isinstance(node, sp.Rational) and not isinstance(node, sp.Integer) or \
                (isinstance(node, sp.Integer) and node not in (0,)):
            if node == -1 and path and isinstance(_node_at(expr, path[:-1]), sp.Mul):
                # -1 as a coefficient is a sign: the sign operator handles it.
                continue
            numbers.append((f"{node} -> {node + 1}", _replace_at(expr, path, node + 1)))
            if node not in (1, -1):
                numbers.append((f"{node} -> {2 * node}", _replace_at(expr, path, 2 * node)))
        if isinstance(node, sp.Pow):
            base, exponent = node.args
            if not exponent.is_Number:
                exponents.append((f"exponent {exponent} -> {exponent + 1}",
                                  _replace_at(expr, path, base ** (exponent + 1))))
            if exponent == 2:
                squares.append((f"{node} -> ({node})/2", _replace_at(expr, path, node / 2)))
        if isinstance(node, sp.Add):
            for j, term in enumerate(node.args):
                args = list(node.args)
                args[j] = -term
                signs.append((f"sign of term {term} flipped", _replace_at(expr, path, sp.Add(*args))))
    signs.append(("whole expression negated", -expr))
    return [numbers, squares, signs, exponents]


def _node_at(expr, path):
    for i in path:
        expr = expr.args[i]
    return expr


def _interleave(groups, seed):
    rng = random.Random(seed)
    for g in groups:
        rng.shuffle(g)
    out = []
    while any(groups):
        for g in groups:
            if g:
                out.append(g.pop())
    return out


def _equivalent(original, mutant, points):
    """Equal at every point to 30 digits (or symbolically): not a wrong claim."""
    if mutant == original:
        return True
    evaluated = 0
    for point in points:
        try:
            a = evaluate(original, point, 30)
            b = evaluate(mutant, point, 30)
        except (EvaluationError, TypeError):
            continue
        evaluated += 1
        if not agree(a, b, 30):
            return False
    if evaluated:
        return True
    return is_zero(mutant - original, budget=2.0)


def expression_mutants(claim, fields, settings, limit=MAX_PER_FIELD):
    """Mutants of each asserted expression field of ``claim``."""
    from .kinds.equality import sample_points
    # Every sampled point, edges and interior: a mutant equal to the original only at the
    # edges is a wrong claim, not an equivalent one.
    points = sample_points(claim, settings)
    out = []
    for field in fields:
        if field not in claim.parsed:
            continue
        original = claim.parsed[field]
        seen = set()
        chosen = 0
        for description, mutant in _interleave(_candidate_changes(original), settings.seed):
            if chosen >= limit:
                break
            key = sp.srepr(mutant)
            if key in seen:
                continue
            seen.add(key)
            if _equivalent(original, mutant, points):
                continue
            chosen += 1
            out.append((f"{field}: {description}", claim.with_parsed(field, mutant)))
    return out
