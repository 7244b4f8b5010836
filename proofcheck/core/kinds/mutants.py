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

from ..model.errors import EvaluationError
from ..model.expressions import OPERATORS
from ..numbers.numeric import evaluate
from ..numbers.precision import agree
from ..points.policy import sample_points
from ..symbolic.operators import is_zero

MAX_PER_FIELD = 8


def _positions(expr, path=()):
    yield path, expr
    if isinstance(expr, OPERATORS):
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


def _equivalent(original, mutant, points, originals=None):
    """Equal wherever the original has a value, to 30 digits (or symbolically): not a wrong claim.

    A mutant with no value where the original has one (the logarithm of a negative
    number) is a different claim, not an equivalent one.  ``originals`` keeps the
    original's values by point, for the next mutant of the same expression.
    """
    if mutant == original:
        return True
    originals = {} if originals is None else originals
    evaluated = 0
    for point in _completed(points, original.free_symbols | mutant.free_symbols):
        key = tuple(sorted(point.items(), key=lambda item: item[0].name))
        if key not in originals:
            try:
                originals[key] = evaluate(original, point, 30)
            except (EvaluationError, TypeError):
                originals[key] = None
        a = originals[key]
        if a is None:
            continue
        try:
            b = evaluate(mutant, point, 30)
        except (EvaluationError, TypeError):
            return False
        evaluated += 1
        if not agree(a, b, 30):
            return False
    if evaluated:
        return True
    return is_zero(mutant - original, budget=2.0)


def _completed(points, symbols):
    """Each point, with a value of its own for every symbol of ``symbols`` it leaves free.

    A claim's points give values to its parameters; the variable of a limit or of a
    series expansion is free in what it asserts, and needs one for the expressions
    to be compared by their values.  The values differ from point to point (the
    fractional parts of multiples of the golden ratio), so that two expressions that
    agree at them all are equal as functions of that variable too.
    """
    golden = (sp.sqrt(5) - 1) / 2
    for i, point in enumerate(points):
        free = sorted((s for s in symbols if s not in point), key=str)
        values = {}
        for j, symbol in enumerate(free):
            if symbol.is_integer:
                values[symbol] = sp.Integer(2 + i + j)
            else:
                fraction = sp.frac((len(free) * i + j + 1) * golden)
                values[symbol] = sp.Rational(1 + int(fraction * 10**6), 10**6 + 1)
        yield {**point, **values}


def expression_mutants(claim, fields, settings, limit=MAX_PER_FIELD) -> list:
    """Mutants of each asserted expression field of ``claim``."""
    return list(each_expression_mutant(claim, fields, settings, limit))


def each_expression_mutant(claim, fields, settings, limit=MAX_PER_FIELD):
    """The mutants of ``expression_mutants``, in the same order, each made when it is asked for:
    a run that checks only the first few controls pays for no more."""
    # Every sampled point, edges and interior: a mutant equal to the original only at the
    # edges is a wrong claim, not an equivalent one.
    points = sample_points(claim, settings)
    for field in fields:
        if field not in claim.parsed:
            continue
        original = claim.parsed[field]
        seen, originals = set(), {}
        chosen = 0
        for description, mutant in _interleave(_candidate_changes(original), settings.seed):
            if chosen >= limit:
                break
            key = sp.srepr(mutant)
            if key in seen:
                continue
            seen.add(key)
            if _equivalent(original, mutant, points, originals):
                continue
            chosen += 1
            yield f"{field}: {description}", claim.with_parsed(field, mutant)
