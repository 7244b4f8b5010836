"""SymPy's assumptions, repaired where they answer wrongly: "unknown" where SymPy says "known".

The engine reads a claim through SymPy, whose assumptions act twice: while an
expression is built (``floor(e/6)`` becomes ``e/6`` if ``e/6`` is an integer) and
whenever a sign is asked (``is_positive``).  Four of their rules in SymPy 1.14 are
wrong, and false claims passed through the first three, symbolic and numeric alike:

* ``atan``, ``asin`` and ``acos`` call their value irrational at every rational
  argument.  It is, by Lindemann's and Niven's theorems, except where the value is 0:
  ``atan(0) = asin(0) = acos(1) = 0``.  So ``atan(k^2)`` for an integer ``k`` was
  "nonzero", hence positive, and ``atan((n - 123456)^2) > 0`` passed as symbolic.
* ``Mul``'s integer rule, given an even factor over a denominator, compares only the
  powers of 2: ``e/6`` for an even ``e`` is "an integer" (it is not at e = 2), and
  ``e/3`` "never" one (it is at e = 6).  So ``floor(n/6) >= n/6`` was parsed as
  ``n/6 >= n/6``, ``sin(pi 2^n/6)`` as 0, and ``(n/3 - 41152)^2 > 0`` passed.
* ``gamma`` of a non-integer is positive, says SymPy, where its floor is even: true
  below 0, where the sign alternates between the poles, but said also of arguments not
  known to be negative.  So ``gamma(o + 1/2)`` for an odd ``o`` (5/2 at o = 1: positive)
  was "nonpositive", ``Abs(gamma(o + 1/2))`` was parsed as ``-gamma(o + 1/2)``, and
  ``gamma(o + 1/2) <= 0`` passed as symbolic.
* ``Pow`` calls ``b^e`` imaginary for a negative ``b`` when ``2e`` is an integer, even
  where ``e`` itself may be one: ``(-1)^(n/2)`` is 1 at n = 4, and ``sin(pi o/2)``
  (which SymPy writes as such a power) was read as not real, so that true claims about
  it were refused.

Each rule is kept where it is right and answers None ("not known") where it is not.
None is never wrong: the claim is then decided by another route.  The repairs are made
once, when ``core/model/expressions.py`` (through which every claim is read) is imported.
"""
from __future__ import annotations

import sympy as sp
from sympy.functions.elementary.trigonometric import acos, asin, atan

# The argument at which each inverse function is 0, the one rational value it takes.
_ZERO_AT = {atan: sp.Integer(0), asin: sp.Integer(0), acos: sp.Integer(1)}


def _inverse_is_rational(self):
    """Irrational at a rational argument other than the one where the value is 0."""
    value = self.func(*self.args)
    if value.func != self.func:
        return value.is_rational
    argument = value.args[0]
    if argument.is_rational and (argument - _ZERO_AT[self.func]).is_zero is False:
        return False
    return None


_MUL_IS_INTEGER = sp.Mul._eval_is_integer


def _mul_is_integer(self):
    """SymPy's rule, except where it reasons from parity alone about a denominator that is
    not a power of 2 (there it answers None): even/6 is not always an integer, nor even/3
    never one."""
    answer = _MUL_IS_INTEGER(self)
    if answer is None or not _parity_over_odd_part(self):
        return answer
    return False if self._eval_is_rational() is False else None


_GAMMA_IS_POSITIVE = sp.gamma._eval_is_positive


def _gamma_is_positive(self):
    """Positive for a positive argument; below 0 the parity of the floor decides; else None."""
    x = self.args[0]
    if x.is_positive:
        return True
    if x.is_negative and x.is_noninteger:
        return sp.floor(x).is_even
    return None


_POW_IS_IMAGINARY = sp.Pow._eval_is_imaginary


def _pow_is_imaginary(self):
    """SymPy's rule, except that a negative base to a power not known to be or not to be an
    integer is not known to be imaginary: its "2e is an integer" test is not enough."""
    answer = _POW_IS_IMAGINARY(self)
    if answer and self.exp.is_extended_real and self.exp.is_integer is None:
        return None
    return answer


def _parity_over_odd_part(mul) -> bool:
    """An even factor (a number or not) over a denominator with an odd part or a symbol."""
    even = any(a.is_even for a in _numerators(mul))
    return even and any(not (d.is_Integer and _power_of_two(int(d))) for d in _denominators(mul))


def _numerators(mul):
    for a in mul.args:
        if a.is_Rational:
            yield sp.Integer(a.p)
        elif not (a.is_Pow and a.exp.is_negative):
            yield a


def _denominators(mul):
    for a in mul.args:
        if a.is_Rational and a.q != 1:
            yield sp.Integer(a.q)
        elif a.is_Pow and a.exp.is_negative:
            yield 1 / a


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _install(cls, fact: str, handler, replaced):
    """``handler`` for ``fact`` on ``cls`` and on every subclass that used ``replaced``:
    SymPy reads the ``_eval_is_<fact>`` methods into a table when a class is made."""
    for klass in [cls, *_subclasses(cls)]:
        if klass._prop_handler.get(fact) is replaced:
            klass._prop_handler[fact] = handler
            if klass.__dict__.get(f"_eval_is_{fact}") is replaced:
                setattr(klass, f"_eval_is_{fact}", handler)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def repair():
    """Install the repaired rules (once; SymPy's cached answers are cleared)."""
    if sp.Mul._prop_handler.get("integer") is _mul_is_integer:
        return
    for function, original in _ORIGINAL_RATIONAL.items():
        _install(function, "rational", _inverse_is_rational, original)
    _install(sp.Mul, "integer", _mul_is_integer, _MUL_IS_INTEGER)
    _install(sp.gamma, "positive", _gamma_is_positive, _GAMMA_IS_POSITIVE)
    _install(sp.Pow, "imaginary", _pow_is_imaginary, _POW_IS_IMAGINARY)
    sp.core.cache.clear_cache()


_ORIGINAL_RATIONAL = {function: function.__dict__["_eval_is_rational"] for function in _ZERO_AT}
