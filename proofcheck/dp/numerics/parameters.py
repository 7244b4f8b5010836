"""Validated parameters of the DP mechanisms, as exact rationals.

Each reader returns an exact value (``Fraction`` or ``int``) or raises a
``DomainError`` naming the parameter; ``mpf`` turns an exact value into an
mpmath number at the ambient precision.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from ...core.model.errors import DomainError
from .exact_inputs import exact


def _exact(value, name: str) -> Fraction:
    # One reader of exact inputs for every mechanism module (it also bounds decimal exponents).
    return exact(value, name)


def _integer(value, name: str) -> int:
    number = _exact(value, name)
    if number.denominator != 1:
        raise DomainError(name, f"expected an integer, got {value!r}")
    return int(number)


def order(alpha) -> Fraction:
    """A Renyi order alpha > 1."""
    alpha = _exact(alpha, "alpha")
    if alpha <= 1:
        raise DomainError("alpha", f"must be greater than 1, got {alpha}")
    return alpha


def epsilon(eps) -> Fraction:
    """A privacy parameter eps > 0."""
    eps = _exact(eps, "eps")
    if eps <= 0:
        raise DomainError("eps", f"must be positive, got {eps}")
    return eps


def sensitivity(delta) -> int:
    """An integer sensitivity Delta >= 1."""
    delta = _integer(delta, "delta-sens")
    if delta < 1:
        raise DomainError("delta-sens", f"must be at least 1, got {delta}")
    return delta


def categories(k) -> int:
    """A number of categories k >= 2."""
    k = _integer(k, "k")
    if k < 2:
        raise DomainError("k", f"must be at least 2, got {k}")
    return k


def mpf(value):
    """An exact value (or an mpf) as an mpf at the ambient precision."""
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return mpmath.mpf(value)
