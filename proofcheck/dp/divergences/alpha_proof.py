"""A proof that D_alpha/alpha <= rho at every order alpha > 1, at fixed parameters (issue 45, item 3).

With h = alpha - 1, K(h) = h D_{1+h} is the cumulant generating function of the privacy
loss, and D_alpha/alpha <= rho for all alpha > 1 reads F(h) = rho h (1 + h) - K(h) >= 0 for
h > 0.  The half-line of orders is covered in three pieces, none of them by a grid:

* near, 0 <= h <= delta: K(0) = 0 and K'(0) = rho (from the alpha -> 1 limit, which the
  caller proves, and K analytic on [0, delta]), so F(0) = F'(0) = 0 and F(h) = F''(xi) h^2/2
  for some xi in (0, h) (Taylor with Lagrange's remainder).  F'' = 2 rho - K'' enclosed by
  Arb, positive on [0, delta], proves F >= 0 there: the tangency at alpha = 1 is settled
  by its second-order term, not by orders a hair above 1.
* middle, delta <= h <= H: rho - D_alpha/alpha enclosed by Arb over a bisection of
  t = log2 h, so that the orders up to 1 + 2^40 weigh alike.
* far, h >= H: where the closed form is a Renyi divergence, it is nondecreasing in alpha
  (T. van Erven, P. Harremoes, "Renyi divergence and Kullback-Leibler divergence", IEEE
  Trans. IT 60 (2014), Thm. 3), so D_alpha/alpha <= D_oo/(1 + H), with D_oo =
  lim_{alpha->oo} D_alpha taken by SymPy; H is the first power of two with
  rho (1 + H) > D_oo, decided by Arb.  That the closed form is a Renyi divergence is not
  checked here: a "proved" outcome covers 1 < alpha <= 1 + H, and the caller says so.

A middle box whose enclosure is strictly below zero offers its midpoint to the caller's
exact check, which refutes the claim there.  Any other outcome is "undecided", never a pass.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from ...core.numbers.arb_expressions import NotEnclosable, compile_arb
from ...core.numbers.precision import arb_bits
from ...core.proofs.boxes import exact_ball
from ...core.proofs.enclosure import Enclosure

# delta = 2^(e - 4) for the far end's exponent e, within [1/16, 16]: where H is small (large
# eps), K'' varies fast and the near piece is kept short; where H is large, the middle's slack
# is small near alpha = 1, and the Taylor form reaches further at less cost.
DELTA_SHIFT, DELTA_RANGE = 4, (-4, 4)
MAX_EXPONENT = 40  # H <= 2^40: a larger one leaves the point undecided
BOXES = 150  # per piece and point: an undecided point pays it on top of the grid
BITS = 192
FINEST = Fraction(1, 2 ** 40)


@dataclass
class AlphaProof:
    status: str  # "proved", "refuted", "undecided"
    boxes: int = 0
    order: Fraction | None = None  # a refuting order
    reason: str = ""
    far: int = 0  # log2 H


@dataclass
class Prepared:
    """The Arb enclosures of one claim, compiled once: the parameters, log2 delta (``low``) and
    the span of log2 h (``span``) are units of zero width at a point, so no point pays SymPy."""
    names: tuple
    near: Enclosure  # F'' = 2 rho - K'' at h = 2^low v
    middle: Enclosure  # rho - D_alpha/alpha at alpha = 1 + 2^(low + span v)
    slope: object  # rho - K'(0), compiled over the parameters
    ends: object  # (rho, D_oo), compiled over the parameters


def prepare(divergence, rho, alpha):
    """The parts of the proof that hold for every parameter point (``Prepared``), or a reason.

    The caller has shown lim_{alpha->1} D_alpha/alpha = rho.  Then D_alpha -> rho, so
    K(h) = h D_{1+h} -> 0 and K(h)/h -> rho as h -> 0; where K'' is enclosed finitely on a
    box holding h = 0, K is analytic there, so K(0) = 0 and K'(0) = rho without SymPy."""
    h, v, low, span = (sp.Dummy(n, real=True) for n in ("h", "v", "low", "span"))
    cgf = sp.expand_log(sp.powsimp(((alpha - 1) * divergence).xreplace({alpha: 1 + h})), force=False)
    try:
        far = sp.limit(divergence, alpha, sp.oo)
    except (NotImplementedError, ValueError, TypeError, sp.PolynomialError):
        return "SymPy did not take the limit of D_alpha as alpha -> oo"
    if far.has(sp.oo, sp.zoo, sp.nan, sp.Limit) or not far.is_finite and far.is_finite is not None:
        return f"D_alpha has no finite limit as alpha -> oo ({far})"
    names = tuple(sorted((sp.sympify(divergence).free_symbols | sp.sympify(rho).free_symbols) - {alpha},
                         key=str))
    second = (2 * rho - sp.diff(cgf, h, 2)).xreplace({h: 2 ** low * v})
    middle = (rho - divergence / alpha).xreplace({alpha: 1 + 2 ** (low + span * v)})
    try:
        slope = compile_arb(rho - sp.diff(cgf, h).xreplace({h: 0}), names)
    except NotEnclosable:
        slope = None  # K'(0) has no plain form here: the caller's alpha -> 1 limit stands alone
    try:
        return Prepared(names, Enclosure(second, (*names, low, v)), Enclosure(middle, (*names, low, span, v)),
                        slope, (compile_arb(rho, names), compile_arb(far, names)))
    except NotEnclosable as refusal:
        return f"no Arb enclosure: {refusal}"


def prove_orders(prepared, point, refutes, boxes=BOXES) -> AlphaProof:
    """Whether rho - D_alpha/alpha >= 0 for every alpha > 1 at ``point`` (rational values)."""
    try:
        values = [Fraction(str(sp.Rational(point[name]))) for name in prepared.names]
    except (KeyError, TypeError, ValueError):
        return AlphaProof("undecided", reason="a parameter is not rational at this point")
    fixed = [(x, x) for x in values]
    try:
        exponent = _far_exponent(prepared, values)
    except (NotEnclosable, ArithmeticError, ValueError, TypeError):
        return AlphaProof("undecided", reason="rho and D_oo not enclosed")
    if exponent is None:
        return AlphaProof("undecided", reason=f"rho (1 + H) > D_oo not shown for H <= 2^{MAX_EXPONENT}")
    if _slope_below(prepared, values):
        return AlphaProof("undecided", reason="rho < K'(0), the alpha -> 1 limit of D_alpha/alpha")
    first = min(max(exponent - DELTA_SHIFT, DELTA_RANGE[0]), DELTA_RANGE[1])
    # The near piece where F'' > 0 holds on it: the default delta first, then shorter ones (K''
    # can climb towards 2 rho away from alpha = 1 where D_alpha/alpha peaks inside).
    near, spent = None, 0
    for near_exponent in range(first, DELTA_RANGE[0] - 1, -1):
        near = _positive(prepared.near, [*fixed, (Fraction(near_exponent), Fraction(near_exponent))], None, boxes)
        spent += near.boxes
        if near.status == "proved":
            break
    else:
        near_exponent = first
    middle = _middle(prepared, fixed, near_exponent, exponent, refutes, boxes)
    middle.boxes += spent
    if middle.status != "proved":
        return middle
    if near is None or near.status != "proved":
        return AlphaProof("undecided", middle.boxes, reason="F'' = 2 rho - K'' not proved "
                          f"positive on 1 < alpha <= 1 + 2^{DELTA_RANGE[0]}")
    middle.far = exponent
    return middle


def _middle(prepared, fixed, near_exponent, exponent, refutes, boxes) -> AlphaProof:
    """rho - D_alpha/alpha > 0 on 1 + 2^near_exponent <= alpha <= 1 + 2^exponent; a box strictly
    below zero offers its middle to ``refutes``."""
    # v in [0, 1] maps onto log2 h in [near_exponent, exponent].
    span = exponent - near_exponent
    low = Fraction(near_exponent)

    def to_order(unit):
        value = 1 + 2.0 ** (near_exponent + span * float(unit))
        return Fraction(value).limit_denominator(10 ** 12)

    return _positive(prepared.middle, [*fixed, (low, low), (Fraction(span), Fraction(span))],
                     lambda unit: refutes(to_order(unit)) and to_order(unit), boxes)


def _slope_below(prepared, values) -> bool:
    """Arb shows F'(0) = rho - K'(0) < 0: the Taylor argument, which needs F'(0) = 0 (the
    caller's alpha -> 1 limit), is refused even if the caller did not take that limit."""
    if prepared.slope is None:
        return False
    try:
        with arb_bits(BITS):
            slope = prepared.slope([exact_ball(x) for x in values])
    except (NotEnclosable, ArithmeticError, ValueError, TypeError):
        return False
    return bool(slope < 0)


def _far_exponent(prepared, values):
    """The least e <= MAX_EXPONENT (from 1) with rho (1 + 2^e) > D_oo, decided by Arb; or None."""
    with arb_bits(BITS):
        env = [exact_ball(x) for x in values]
        rho_ball, far_ball = prepared.ends[0](env), prepared.ends[1](env)
        if not rho_ball > 0:
            return None
        need = far_ball / rho_ball
        if not need.is_finite():
            return None
        guess = max(1, math.ceil(math.log2(max(float(need.upper()), 1.0))) + 1)
        if guess > MAX_EXPONENT or not rho_ball * (1 + 2 ** guess) > far_ball:
            return None
        return guess


def _positive(enclosure, fixed, refutes, boxes=BOXES) -> AlphaProof:
    """Best-effort bisection of the last unit, v in [0, 1], the others ``fixed``, until Arb
    shows the enclosed expression > 0 on every piece."""
    pending, count = [(Fraction(0), Fraction(1))], 0
    with arb_bits(BITS):
        while pending:
            lo, hi = pending.pop()
            count += 1
            if count > boxes:
                return AlphaProof("undecided", count, reason="budget out")
            value, _ = enclosure.enclose((*fixed, (lo, hi)))
            if value is not None and value.is_finite() and value > 0:
                continue
            if value is not None and value.is_finite() and value < 0 and refutes is not None:
                found = refutes((lo + hi) / 2)
                if found:
                    return AlphaProof("refuted", count, order=found)
            if hi - lo < FINEST:
                return AlphaProof("undecided", count, reason="a piece too narrow to split")
            mid = (lo + hi) / 2
            pending += [(mid, hi), (lo, mid)]
    return AlphaProof("proved", count)
