"""A slack concave along a bounded parameter is least at an end of its range.

If g is concave on [a, b] (g'' <= 0 proved there), then g(x) >= min(g(a), g(b)) for every
x in [a, b]: a concave function lies above its chord, and the chord above the lower end.
So g >= 0 on [a, b] follows from g(a) >= 0 and g(b) >= 0, slacks with one parameter fewer,
proved in turn (by the caller's sign proofs, or by this argument along another parameter).
An affine slack is the case g'' = 0.

Two rewritings widen its reach, each sound on its own:

* ``|A|`` is A or -A at each point, so a slack that holds with |A| written A *and* with it
  written -A, each over the whole domain, holds as written.  |(S z + d)^2 - S^2 z^2| <= S L + 1/4
  on |z| <= L, |d| <= 1/2 is so two slacks S L + 1/4 -/+ (2 S z d + d^2), each affine in z and
  concave in d (Lemma 6.5's pointwise bound, eq. 28).
* a parameter x that enters only through e^(k x) is written x = log y, y in [e^a, e^b]:
  y^alpha lies below its chord on [e^-eps, e^eps] though e^(alpha L) is not concave in L (the
  chord bound behind the tight zCDP of pure DP; Steinke 2024, Thm. 5).

Each end must be a finite value of the slack's expression, smooth on the range (no kink, step
or Piecewise once |A| is split), so that the end values are its limits there.
"""
from __future__ import annotations

import sympy as sp

# Kinks and steps: the slack must be smooth along the range for its ends to be its limits.
_ROUGH = (sp.Max, sp.Min, sp.floor, sp.ceiling, sp.Piecewise, sp.sign, sp.Heaviside, sp.frac)
MAX_ABS = 2
DEPTH = 3


def abs_cases(slack):
    """The two slacks with the first |A| written A and -A; [slack] where it has no Abs."""
    atoms = sorted(slack.atoms(sp.Abs), key=sp.default_sort_key)
    if not atoms:
        return [slack]
    atom = atoms[0]
    return [slack.xreplace({atom: atom.args[0]}), slack.xreplace({atom: -atom.args[0]})]


def least_at_ends(slack, domain, prove, strict, depth=DEPTH, screen=None):
    """Words saying along which parameters the slack was taken to the ends of their ranges, or
    None.  ``prove(expression, strict)`` is the caller's sign proof over the domain;
    ``screen(expression)``, where given, is False where the numbers show the expression negative
    somewhere, and no proof of its sign is then tried (a slack not concave in alpha spent 20 s in
    SymPy's simplify, refusing)."""
    if len(slack.atoms(sp.Abs)) > MAX_ABS or slack.has(*_ROUGH) or depth <= 0:
        return None
    if slack.has(sp.Abs):
        along = []
        for case in abs_cases(slack):
            words = prove(case, strict) and "its sign" or least_at_ends(case, domain, prove, strict, depth, screen)
            if not words:
                return None
            along.append(words)
        return "each |A| written A and -A; " + "; ".join(dict.fromkeys(w for w in along if w != "its sign")) \
            if any(w != "its sign" for w in along) else "each |A| written A and -A"
    for parameter in _movable(slack, domain):
        for variable, form, ends in _forms(slack, parameter):
            if not _concave(form, variable, parameter.symbol, prove, screen):
                continue
            values = [sp.simplify(slack.xreplace({parameter.symbol: end})) for end in ends]
            if any(v.has(sp.nan, sp.zoo, sp.oo, -sp.oo) for v in values):
                continue
            inner = [_end_signed(v, domain, prove, strict, depth, screen) for v in values]
            if all(inner):
                deeper = [w for w in inner if isinstance(w, str)]
                how = f"concave in {parameter.name}" if variable == parameter.symbol else \
                    f"concave in e^{parameter.name}"
                return "; ".join([f"{how}, so least at an end of its range", *dict.fromkeys(deeper)])
    return None


def _end_signed(value, domain, prove, strict, depth, screen):
    if value == 0:
        return not strict
    if screen is not None and not screen(value):
        return False
    return prove(value, strict) or least_at_ends(value, domain, prove, strict, depth - 1, screen)


def _movable(slack, domain):
    """The real parameters in the slack with two finite bounds, whose value no other parameter's
    range names (eliminating z of |z| <= L leaves L's range as it was)."""
    named = set()
    for parameter in domain.parameters.values():
        named |= parameter.depends_on
    for parameter in domain.parameters.values():
        if parameter.integer or parameter.name in named or parameter.symbol not in slack.free_symbols:
            continue
        if parameter.lower is None or parameter.upper is None:
            continue
        yield parameter


def _forms(slack, parameter):
    """(variable, slack along it, the parameter's end values): the parameter itself, and y = e^x
    where x enters only through exponentials."""
    x = parameter.symbol
    ends = (parameter.lower.expr, parameter.upper.expr)
    yield x, slack, ends
    if slack.has(sp.exp) and not _outside_exp(slack, x):
        y = sp.Dummy(f"e^{parameter.name}", positive=True)
        yield y, sp.powsimp(slack.xreplace({x: sp.log(y)}), force=False), ends


def _outside_exp(node, x) -> bool:
    """Whether ``x`` occurs in ``node`` other than inside an exponential."""
    if node == x:
        return True
    if isinstance(node, sp.exp):
        return False
    return any(_outside_exp(a, x) for a in node.args)


def _concave(form, variable, x, prove, screen) -> bool:
    second = sp.diff(form, variable, 2)
    if second == 0:
        return True
    if screen is not None and not screen(-second.xreplace({variable: sp.exp(x)} if variable != x else {})):
        return False
    return sp.simplify(second) == 0 or bool(prove(-second, False))
