"""Where a claim's slack vanishes, or one of its pieces switches, solved for: the points no
sample or descent reaches.

``atan((n - 123456)^2) > 0`` fails at n = 123456 alone, and atan is flat away from it:
no sample comes there, no descent (the slack is flat), and no snap (a real parameter's
descent ends near such a point, and is snapped onto it).  So SymPy solves slack = 0
(``solveset`` over the reals, within ``ROOT_SECONDS`` each), the other parameters at the
worst sample, and the points beside each root are proposed:

* along each integer parameter: the integers either side of each root, and of the
  midpoint of two consecutive roots (a non-strict claim fails between them);
* along a pair of integer parameters, the second left a symbol: ``|n/3 - m| > 0`` fails
  on the lattice n = 3m, which no sample meets, and the root at the worst m (3m, odd
  where n must be even) may miss it; the root n(m) is taken at the ``LATTICE_REACH``
  integers either side of the worst m;
* through a floor (or ceiling) of a real parameter: ``atan((floor(x) - 123456)^2) > 0``
  fails on [123456, 123457) alone; the floor is solved for as an integer k, and x is
  put in the middle of the step where the floor is k.

An identity has no slack to descend, and one false only where a piece switches passes
at every sample: ``sign(atan((n - 123456)^2)) = 1`` fails at n = 123456 alone, and
``Min(1, 10^9 (x - 7)^2) = Min(1, 10^9 (x - 7)^2 + 1)`` only within 3.2e-5 of 7.  So the
points where an absolute value, a sign, a step, a minimum or maximum, a piecewise
condition, a floor or a ceiling switches are solved for along each parameter
(``switch_proposals``), with the midpoints between them (the piece between two switches),
and compared like the others.  A periodic family of roots (a floor steps at every integer,
``sin(pi n/m)`` vanishes at n = m k) is taken at its first few members.

A descent that ends where the slack nearly vanishes has come to a curve on which it may
vanish exactly: Young's inequality written strictly, ``x^3/3 + 2 y^(3/2)/3 > x y``, fails
on y = x^2, and ``(e^x - 2)^2 > 0`` at log 2, which no snap to a simple number knows.
There each real parameter is solved for exactly, the others moved onto short rationals
nearby (``tight_proposals``): (3/4, 9/16) is on the curve, exactly.

A proposal is only a point: it is decided like a sampled one.
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import DomainError, SymbolicTimeout
from ..model.timeout import time_budget

# CPU seconds SymPy may spend on the roots of the slack along one parameter.
ROOT_SECONDS = 0.25
# How many integers either side of the worst sample the second parameter of a pair takes.
LATTICE_REACH = 4


def root_proposals(domain, symbols, slack, worst) -> list[list]:
    """Value lists (in the order of ``symbols``) beside the roots of ``slack``, from ``worst``."""
    integer = {s for parameter, s in zip(domain.parameters.values(), symbols) if parameter.integer}
    pairs = [(s, None) for s in symbols if s in integer]
    pairs += [(s, o) for s in symbols if s in integer for o in symbols if o in integer and o is not s]
    out = []
    for symbol, other in pairs:
        held = {s: worst[s] for s in symbols if s is not symbol and s is not other}
        others = [None] if other is None else [worst[other] + j for j in range(-LATTICE_REACH, LATTICE_REACH + 1)]
        for root, at in _roots_along(slack.xreplace(held), symbol, other, others):
            for candidate in (sp.floor(root), sp.ceiling(root)):
                moved = {symbol: candidate, **({} if other is None else {other: at})}
                out.append([moved.get(s, worst[s]) for s in symbols])
    for symbol in (s for s in symbols if s not in integer):
        held = slack.xreplace({s: worst[s] for s in symbols if s is not symbol})
        out += [[value if s is symbol else worst[s] for s in symbols] for value in _through_steps(held, symbol)]
    return out


def edge_proposals(domain, symbols, slack, worst) -> list[list]:
    """Value lists on a closed bound that moves with other parameters, where the slack vanishes
    there: ``y < 1 - x^2 + (3x - 1)^2`` on 0 < y <= 1 - x^2 fails at (1/3, 8/9) alone, a point
    of the edge y = 1 - x^2 that no sample of x meets.  The slack on the edge is solved along
    each parameter the bound moves with, the others at ``worst``; the bounded parameter is put
    on its bound there (an integer parameter beside each root)."""
    by_name = {p.name: (p, s) for p, s in zip(domain.parameters.values(), symbols)}
    out = []
    for parameter, symbol in zip(domain.parameters.values(), symbols):
        if parameter.integer:
            continue
        for bound in (b for b in (parameter.lower, parameter.upper) if b is not None and not b.strict):
            on_edge = slack.xreplace({symbol: bound.expr})
            for name in sorted(parameter.depends_on):
                if name not in by_name:
                    continue
                moving, along = by_name[name]
                held = {s: worst[s] for s in symbols if s is not symbol and s is not along}
                t = sp.Dummy("t", real=True)
                roots = _numbers(_solve(on_edge.xreplace(held).xreplace({along: t}), t))
                if moving.integer:
                    roots = list(dict.fromkeys(n for r in roots for n in (sp.floor(r), sp.ceiling(r))))
                for root in roots[:2 * IMAGE_REACH + 1]:
                    at = {**held, along: root}
                    out.append([bound.expr.xreplace(at) if s is symbol else at[s] for s in symbols])
    return out


# How near (relative to the value) a held parameter is moved onto a short rational.
SHORT_TOLERANCE = 1e-3


def tight_proposals(domain, symbols, slack, point) -> list[list]:
    """Value lists on the zero set of ``slack`` beside ``point``: along each real parameter,
    the two roots nearest it, the other parameters moved onto short rationals nearby."""
    short = {s: _short(point[s]) for s in symbols}
    out = []
    for parameter, symbol in zip(domain.parameters.values(), symbols):
        if parameter.integer:
            continue
        held = {s: short[s] for s in symbols if s is not symbol}
        t = sp.Dummy("t", real=True)
        roots = _numbers(_solve(slack.xreplace(held).xreplace({symbol: t}), t))
        nearest = sorted(roots, key=lambda r: abs(float(r) - float(point[symbol])))[:2]  # floats, by _numbers
        out += [[r if s is symbol else held[s] for s in symbols] for r in nearest]
    return out


def _short(value):
    """A rational of few digits within ``SHORT_TOLERANCE`` (relative) of ``value``; an integer stays."""
    if value.is_Integer:
        return value
    return sp.nsimplify(float(value), rational=True, tolerance=SHORT_TOLERANCE * max(abs(float(value)), 1.0))


def _solve(expr, t) -> list:
    """The real roots of ``expr`` in ``t``, sorted, or none where SymPy gives no finite set in time.

    Where ``solveset`` leaves the equation as a condition, ``solve`` is asked too: it knows
    Lambert's W, and (x e^x - 1)^2 > 0 on 0 < x < 1, false at W(1) alone, passed as numeric."""
    try:
        with time_budget(ROOT_SECONDS):
            roots = sp.solveset(expr, t, domain=sp.S.Reals)
            if isinstance(roots, sp.ConditionSet):
                return [r for r in sp.solve(expr, t) if r.is_real]
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, RecursionError):
        return []
    return _elements(roots)


# A periodic family of roots (sin(pi n/m) = 0 at n = m k) is taken at k = -IMAGE_REACH..IMAGE_REACH.
IMAGE_REACH = 2


def _elements(roots) -> list:
    """The roots of a finite set, and of each periodic family (an ``ImageSet`` over the
    integers) those at the first few indices either side of 0; none of another set."""
    if isinstance(roots, sp.FiniteSet):
        return list(roots.args)
    if isinstance(roots, (sp.Union, sp.Intersection)):
        # An intersection with the reals: its real elements are kept by the caller.
        return [e for part in roots.args if part is not sp.S.Reals for e in _elements(part)]
    if isinstance(roots, sp.ImageSet) and roots.base_sets == (sp.S.Integers,):
        return [roots.lamda(k) for k in range(-IMAGE_REACH, IMAGE_REACH + 1)]
    return []


def _numbers(roots) -> list:
    """The real numbers among ``roots``, in order; one too large for a float (e^1000) is left out."""
    placed = []
    for r in roots:
        if r.is_real and r.is_number:
            try:
                placed.append((float(r), r))
            except (OverflowError, TypeError, ValueError):
                continue
    return [r for _, r in sorted(placed, key=lambda t: t[0])]


def _roots_along(along, symbol, other, others):
    """(root, value of ``other``) pairs: the real roots of ``along`` in ``symbol``, and the
    midpoints of consecutive ones, at each value of ``other`` (None: ``other`` is not free)."""
    t = sp.Dummy("t", real=True)
    roots = _solve(along.xreplace({symbol: t}), t)
    out = []
    for value in others if roots else []:
        at = _numbers(r if other is None else r.xreplace({other: value}) for r in roots)
        out += [(r, value) for r in at + [(a + b) / 2 for a, b in zip(at, at[1:])]]
    return out


def _through_steps(expr, symbol) -> list:
    """Values of a real ``symbol`` in the middle of each step of a floor (or ceiling) of it
    where the slack, with the floor read as an integer k, vanishes (or is least, between roots)."""
    out = []
    for step in (a for a in expr.atoms(sp.floor, sp.ceiling) if symbol in a.free_symbols):
        k = sp.Dummy("k", real=True)
        rest = expr.xreplace({step: k})
        if symbol in rest.free_symbols:
            continue  # the parameter also acts outside the floor
        at = _numbers(_solve(rest, k))
        middles = [(a + b) / 2 for a, b in zip(at, at[1:])]
        for level in dict.fromkeys(n for r in at + middles for n in (sp.floor(r), sp.ceiling(r))):
            middle = level + (sp.Rational(1, 2) if isinstance(step, sp.floor) else -sp.Rational(1, 2))
            t = sp.Dummy("t", real=True)
            out += _numbers(_solve(step.args[0].xreplace({symbol: t}) - middle, t))
    return out


# The pieces whose switching points are solved for, and how many solves one expression may ask.
SWITCHES = (sp.Abs, sp.sign, sp.Heaviside, sp.Min, sp.Max, sp.Piecewise, sp.floor, sp.ceiling)
MAX_SWITCH_SOLVES = 12


def switch_points(domain, expr, points) -> list[dict]:
    """Points of ``domain`` where a piece of ``expr`` switches, and between switches, along
    each parameter from the last of ``points`` (the others held there); none already given."""
    if not points or not expr.has(*SWITCHES):
        return []
    symbols = [p.symbol for p in domain.parameters.values()]
    out = []
    for values in switch_proposals(domain, symbols, expr, points[-1]):
        try:
            point = domain.validate_point({s.name: v for s, v in zip(symbols, values)})
        except (DomainError, TypeError, ValueError):
            continue
        if point not in points and point not in out:
            out.append(point)
    return out


def switch_proposals(domain, symbols, expr, base) -> list[list]:
    """Value lists where a piece of ``expr`` switches along one parameter, the others at ``base``,
    and between consecutive switches (integers either side, for an integer parameter)."""
    functions = _switching_functions(expr)
    out, solves = [], 0
    for parameter, symbol in zip(domain.parameters.values(), symbols):
        held = {s: base[s] for s in symbols if s is not symbol}
        roots = set()
        for function in (f for f in functions if symbol in f.free_symbols):
            if solves == MAX_SWITCH_SOLVES:
                break
            solves += 1
            t = sp.Dummy("t", real=True)
            roots.update(_numbers(_solve(function.xreplace(held).xreplace({symbol: t}), t)))
        at = _numbers(roots)
        values = at + [(a + b) / 2 for a, b in zip(at, at[1:])]
        if parameter.integer:
            values = list(dict.fromkeys(n for v in values for n in (sp.floor(v), sp.ceiling(v))))
        out += [[value if s is symbol else base[s] for s in symbols] for value in values]
    return out


def _switching_functions(expr) -> list:
    """The functions whose sign changes where a piece of ``expr`` switches."""
    out = []
    for atom in expr.atoms(*SWITCHES):
        if isinstance(atom, (sp.Min, sp.Max)):
            out += [a - b for i, a in enumerate(atom.args) for b in atom.args[i + 1:]]
        elif isinstance(atom, (sp.floor, sp.ceiling)):
            out.append(sp.sin(sp.pi * atom.args[0]))  # a step at each integer value of the argument
        elif isinstance(atom, sp.Piecewise):
            out += [r.lhs - r.rhs for _, condition in atom.args
                    for r in sp.sympify(condition).atoms(sp.core.relational.Relational)]
        else:
            out.append(atom.args[0])
    return list(dict.fromkeys(f for f in out if f.free_symbols))
