"""Proving the sign of an expression on a whole domain, from its symbols' assumptions.

A derivation by hand splits ``E|e^{sZ - s^2} - 1|`` at ``Z = s`` and says
"on ``Z > s`` the argument is positive": a statement about every ``Z > s``
and every ``s > 0``, not about one sample.  ``proved_sign`` makes that
statement only when it can prove it:

* SymPy's assumption system (``is_positive``/``is_negative``), which reasons
  from the assumptions each symbol carries (``positive``, ``real``, ...);
* products and powers: the product of proved signs;
* a difference ``P - N`` of two positive terms has the sign of
  ``log P - log N`` (the logarithm is increasing), which turns
  ``exp(s t) - 1`` into ``s t``;
* ``log A`` has the sign of ``A - 1``.

It answers +1 or -1 when proved, and None otherwise; None is "not shown",
never "shown otherwise".  Nothing here evaluates at a point.
"""
from __future__ import annotations

import sympy as sp

from ..model.errors import ProofcheckError, SymbolicTimeout
from ..model.timeout import time_budget
from ..numbers.intervals import LOOK_PREC, NotEnclosable, certified_nonzero

_ERRORS = (TypeError, ValueError, NotImplementedError, AttributeError, RecursionError,
           ZeroDivisionError)


def proved_sign(expr, budget: float | None = 2.0) -> int | None:
    """+1 if ``expr > 0`` wherever its symbols' assumptions hold, -1 if ``< 0``, else None."""
    return _proved_sign(sp.sympify(expr), budget, wanted=(1, -1))


def proved_nonnegative(expr, budget: float | None = 2.0) -> bool:
    """``expr >= 0`` wherever the assumptions hold: proved positive, or exactly zero."""
    expr = sp.sympify(expr)
    if expr == 0 or expr.is_nonnegative or _logs_combined_nonnegative(expr):
        return True
    return _proved_sign(expr, budget, wanted=(1,)) == 1


def _logs_combined_nonnegative(expr, budget: float = 0.3) -> bool:
    """Whether ``expr`` is >= 0 by the assumptions once its differences of logarithms are
    combined (``_logs_combined``): log(c + n) - log(c) is log(1 + n/c), >= 0 for n >= 0 and
    c > 0, and 0 at n = 0, where no strict sign is there to prove."""
    if not expr.has(sp.log):
        return False
    try:
        with time_budget(budget):
            combined = _logs_combined(sp.factor_terms(sp.expand(expr)))
            return combined != expr and bool(combined.is_nonnegative)
    except (SymbolicTimeout, *_ERRORS):
        return False


def _logs_combined(expr):
    """``expr`` with each sum that holds logarithms combined (log a - log b is log(a/b)) and each
    logarithm's argument expanded: log((c + n)/c) is log(1 + n/c), whose sign the assumptions
    give; SymPy's own assumptions sign neither log(c + n) - log(c) nor log((c + n)/c)."""
    combined = expr.replace(lambda e: e.is_Add and e.has(sp.log), lambda e: sp.logcombine(e))
    return combined.replace(lambda e: isinstance(e, sp.log), lambda e: sp.log(sp.expand(e.args[0])))


def _proved_sign(expr, budget, wanted) -> int | None:
    # A sign that holds wherever the assumptions hold holds at each point they admit: a
    # sign balls see at one such point rules its opposite out before any proof is tried
    # (a proof that cannot succeed would spend its whole budget), and a proof that found
    # the opposite would be wrong.
    try:
        with time_budget(budget):
            seen = _signs_seen(expr)
            possible = [sign for sign in wanted if -sign not in seen]
            if not possible:
                return None
            sign = _Proof().sign(expr, depth=3)
    except SymbolicTimeout:
        return None
    return sign if sign in possible else None


def log_of_positive(expr, budget: float | None = 0.5):
    """log ``expr`` split over products and powers into logarithms of factors each proved
    positive (log(ab) = log a + log b, log(a^p) = p log a), or None if one is not."""
    expr = sp.sympify(expr)
    try:
        with time_budget(budget):
            # A product of positive factors is positive: one the balls see negative at a
            # point the assumptions admit has no such split, whatever a proof found.
            if -1 in _signs_seen(expr):
                return None
            return _Proof()._log_of_positive(expr, depth=4)
    except SymbolicTimeout:
        return None


def from_one(symbols) -> tuple[dict, dict]:
    """(forward, back): each positive integer n among ``symbols`` written m + 1 with m >= 0, and back.

    SymPy's assumptions do not see that n - 1 >= 0 for an integer n >= 1; written m + 1
    they see that c + n - 1 > 0 for c > 0.
    """
    forward, back = {}, {}
    for symbol in symbols:
        if symbol.is_integer and symbol.is_positive:
            less_one = sp.Dummy(f"{symbol.name}_less_one", integer=True, nonnegative=True)
            forward[symbol], back[less_one] = less_one + 1, symbol - 1
    return forward, back


# Values tried for each symbol, kept where they satisfy every assumption it carries.
_TRIAL_VALUES = tuple(sp.Rational(v) for v in ("1/3", "2", "7", "0", "-1/3", "-2", "-7", "1", "1/2", "3"))
_TRIAL_POINTS = 6


def _signs_seen(expr) -> set:
    """The signs Arb balls show ``expr`` taking at a few points its symbols' assumptions admit."""
    symbols = sorted(expr.free_symbols, key=str)
    choices = [[v for v in _TRIAL_VALUES if _admits(s, v)] for s in symbols]
    if not symbols or not all(choices):
        return set()
    seen = set()
    for k in range(_TRIAL_POINTS):
        point = {s: values[(k + i) % len(values)] for i, (s, values) in enumerate(zip(symbols, choices))}
        try:
            ball = certified_nonzero(expr, point, max_prec=LOOK_PREC)
        except NotEnclosable:
            break  # an operator balls have no rule for: the same at every point
        except (ArithmeticError, ValueError, TypeError, ProofcheckError):
            continue
        if ball is not None:
            seen.add(1 if ball > 0 else -1)
    return seen


def _admits(symbol, value) -> bool:
    """True if ``value`` has every property ``symbol`` is assumed to have (or not to have)."""
    for name, fact in symbol.assumptions0.items():
        if fact is not None and getattr(value, f"is_{name}", None) != fact:
            return False
    return True


class _Proof:
    """One attempt at a sign, remembering what it has shown along the way.

    The recursion meets the same subexpressions many times (each term of a difference,
    then each term of its factored and simplified forms), and a simplification is the
    costliest step: within one attempt each sign and each rewriting is worked out once.
    Nothing is kept from one attempt to the next, so what a proof finds within its time
    budget does not depend on what was proved before it.
    """

    def __init__(self):
        self.signs: dict = {}
        self.rewritings: dict = {}

    def sign(self, e, depth) -> int | None:
        key = (e, depth)
        if key not in self.signs:
            self.signs[key] = self._sign(e, depth)
        return self.signs[key]

    def _sign(self, e, depth) -> int | None:
        direct = _assumed(e)
        if direct is not None or depth <= 0:
            return direct
        if isinstance(e, sp.Mul):
            signs = [self.sign(f, depth) for f in e.args]
            if None in signs:
                return self._rewritten(e, depth)
            product = 1
            for s in signs:
                product *= s  # type: ignore[operator]  # None is excluded above
            return product
        if isinstance(e, sp.exp):
            return 1 if e.args[0].is_real else None
        if isinstance(e, sp.Pow) and e.base.is_real and self.sign(e.base, depth - 1) == 1 and e.exp.is_real:
            return 1
        if isinstance(e, sp.log) and self.sign(e.args[0], depth - 1) == 1:
            return self.sign(e.args[0] - 1, depth - 1)
        if isinstance(e, sp.Add):
            return self._rational_sign(e) or self._difference_sign(e, depth)
        return self._rewritten(e, depth)

    def _rational_sign(self, e) -> int | None:
        """The sign of a rational function read off its factored form, or None.

        A branch of an integral over a piece, (t/2 - 1/(2 s + 2))/(t + 1) - 1/2, is one sum
        over a common denominator, -(s + 2)/(2 (s + 1) (t + 1)), whose factors the assumptions
        sign at once; its terms one by one led through logarithms and simplify first, at
        twenty times the cost."""
        if not e.is_rational_function():
            return None
        factored = self._rewriting(sp.factor, e)
        return None if factored is None or factored == e else _assumed(factored)

    def _difference_sign(self, e, depth) -> int | None:
        monotone = self._monotone_difference(e, depth)
        if monotone is not None:
            return monotone
        signs = [self.sign(term, depth - 1) for term in e.args]
        if None not in signs:
            if all(s == 1 for s in signs):
                return 1
            if all(s == -1 for s in signs):
                return -1
            positive = sp.Add(*[t for t, s in zip(e.args, signs) if s == 1])
            negative = -sp.Add(*[t for t, s in zip(e.args, signs) if s == -1])
            # Both are positive: P - N has the sign of log P - log N.
            logs = self._log_of_positive(positive, depth), self._log_of_positive(negative, depth)
            if None not in logs:
                gap = sp.expand(logs[0] - logs[1])
                if gap == 0:
                    return None  # P == N: the difference is zero, not signed
                sign = self.sign(gap, depth - 1)
                if sign is not None:
                    return sign
        return self._rewritten(e, depth)

    def _monotone_difference(self, e, depth) -> int | None:
        """``c f(a) - c f(b)`` with ``f`` increasing on the real line: the sign of ``c (a - b)``."""
        if len(e.args) != 2:
            return None
        parts = [_increasing_factor(term) for term in e.args]
        if None in parts:
            return None
        (c1, f1, a1), (c2, f2, a2) = parts
        if f1 is not f2:
            return None
        if f1 is sp.log and not (self.sign(a1, depth - 1) == 1 and self.sign(a2, depth - 1) == 1):
            return None  # log increases on the positive reals only
        if sp.expand(c1 + c2) == 0:
            gap = a1 - a2
        elif f1 in _ODD and sp.expand(c1 - c2) == 0:
            gap = a1 + a2  # c f(a) + c f(b) = c (f(a) - f(-b)): SymPy writes tanh(x - e) as -tanh(e - x)
        else:
            return None
        scale, order = self.sign(c1, depth - 1), self.sign(gap, depth - 1)
        return None if scale is None or order is None else scale * order

    def _log_of_positive(self, p, depth):
        """log p for p proved positive, split over products and powers; None if not proved."""
        if isinstance(p, sp.exp) and p.args[0].is_real:
            return p.args[0]
        if isinstance(p, sp.Mul):
            parts = [self._log_of_positive(f, depth) for f in p.args]
            return None if None in parts else sp.Add(*parts)
        if isinstance(p, sp.Pow) and p.exp.is_real:
            inner = self._log_of_positive(p.base, depth)
            return None if inner is None else p.exp * inner
        if p.is_Rational and p > 0:
            return sp.log(p)
        if self.sign(p, depth - 1) == 1:
            return sp.log(p)
        return None

    def _rewritten(self, e, depth) -> int | None:
        """Try the sign of a simplified or factored form (one level deeper)."""
        for rewrite in (sp.factor, sp.simplify):
            other = self._rewriting(rewrite, e)
            if other is not None and other != e:
                sign = self.sign(other, depth - 1)
                if sign is not None:
                    return sign
        return None

    def _rewriting(self, rewrite, e):
        """``rewrite(e)``, or None where SymPy cannot; each worked out once per attempt."""
        key = (rewrite, e)
        if key not in self.rewritings:
            try:
                self.rewritings[key] = rewrite(e)
            except _ERRORS:
                self.rewritings[key] = None
        return self.rewritings[key]


# Strictly increasing on the whole real line: f(a) - f(b) has the sign of a - b.
# log increases on (0, oo) only: its arguments must be proved positive (``_monotone_difference``).
_INCREASING = (sp.exp, sp.tanh, sp.sinh, sp.atan, sp.erf, sp.log)
_ODD = (sp.tanh, sp.sinh, sp.atan, sp.erf)


def _increasing_factor(term):
    """(c, f, a) with ``term = c f(a)``, ``f`` one of ``_INCREASING`` and ``a`` real; else None."""
    found = [f for f in sp.Mul.make_args(term) if isinstance(f, _INCREASING)]
    if len(found) != 1 or found[0].args[0].is_real is not True:
        return None
    return term / found[0], type(found[0]), found[0].args[0]


def _assumed(e) -> int | None:
    try:
        if e.is_positive:
            return 1
        if e.is_negative:
            return -1
    except _ERRORS:
        return None
    return None
