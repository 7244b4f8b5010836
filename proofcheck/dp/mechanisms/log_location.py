"""The log-location mechanism for any noise law: calibration, utility and budget.

The paper's mechanism (4), §3, releases [(n + c) exp(sigma Z - sigma^2) - c]_+
with Z standard normal.  Replacing Z by a symmetric noise law X (see
``noise_laws``) gives the log-location mechanism

    x_hat = [(n + c) exp(s X - a) - c]_+,

with scale s > 0, shift c > 0 and the drift a = a(s) that minimises
E|exp(sX - a) - 1|.  Its three ingredients, each computed here:

* **utility** (Theorem 3.1(i) for the normal law): before clipping,
  E|x_hat - n| = (n + c) err(s) with err(s) = min_a E|exp(sX - a) - 1|, so
  choosing s with err(s) = r0 / (1 + c) gives (n + c) r0 / (1 + c) <= r0 n < r n
  for n >= 1 and c r0 / (1 + c) < r at n = 0; clipping cannot increase the
  distance to n >= 0.  ``expected_absolute_error`` computes the error after
  clipping by quadrature, as an independent check of that argument.
* **privacy** (§5): in log space count n is X scaled by s and located at
  log(n + c) - a, so the edge n-1 <-> n is a shift of the law by
  Delta_n = log((n + c)/(n - 1 + c)), i.e. by delta_n = Delta_n / s in units of X.
  Both Renyi directions are equal (the law is symmetric), so
  v(n) = sup_{alpha > 1} D_alpha(X || X + delta_n) / alpha, computed numerically
  on a grid of orders from alpha -> 1 (the KL limit) to alpha = 10^5.
* **the coefficient**: when the supremum is the KL limit for small shifts,
  n^2 v(n) -> I(X) / (2 s^2); with s ~ r0 / ((1 + c) E|X|) as r -> 0 the
  iterated limit of r^2 n^2 v(n) is I(X) (E|X|)^2 / 2 for the rule
  r0 / r -> 1, c -> 0 of §6.5 (the paper's 1/pi for the normal law).

Numbers are computed at a stated number of digits (mpmath, and Arb balls used
as fast multiprecision numbers in the quadratures); they are numeric evidence,
not certificates.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
from flint import arb, arf

from ...core.model.errors import ProofcheckError
from ...core.numbers.precision import GUARD_DIGITS, MAX_QUADRATURE_DPS, arb_bits, validate_dps
from ..noise.laws import NoiseLawError, fisher_information, noise_law
from ..numerics.arb_numbers import ball_of, bits_for, tail_guard_bits, two_to, value_of
from ..numerics.arb_quadrature import (
    QuadratureError,
    geometric_points,
    integrate_balls,
    line_integrals,
    ordered_points,
    reach,
    require_digits,
)
from .drift_calibration import scale_for_error

#: Renyi orders of the budget scan: 1 stands for the KL limit alpha -> 1.
DEFAULT_ORDERS = ("1", "1.001", "1.01", "1.1", "1.5", "2", "3", "5", "10", "30", "100", "300",
                  "1000", "3000", "10000", "30000", "100000")


class MechanismError(ProofcheckError):
    """A mechanism parameter is outside its domain; the message names it."""


# -- parameters ----------------------------------------------------------------

def _exact(name, value) -> Fraction:
    """``value`` as an exact fraction, refusing NaN, infinities, booleans and text that is not a number."""
    if isinstance(value, bool) or value is None:
        raise MechanismError(f"parameter {name}: expected a number, got {value!r}")
    try:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise MechanismError(f"parameter {name}: must be finite, got {value!r}")
            return Fraction(str(value))
        if isinstance(value, mpmath.mpf):
            if not mpmath.isfinite(value):
                raise MechanismError(f"parameter {name}: must be finite, got {value}")
            man, exp = value.man_exp  # signed mantissa
            return Fraction(int(man)) * Fraction(2) ** int(exp)
        if isinstance(value, str):
            text = value.strip()
            if text.lower() in ("nan", "inf", "+inf", "-inf", "infinity", "-infinity"):
                raise MechanismError(f"parameter {name}: must be finite, got {value!r}")
            return Fraction(text)
        return Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise MechanismError(f"parameter {name}: expected a number, got {value!r}") from None


def _check_count(n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise MechanismError(f"parameter n: expected a nonnegative integer count, got {n!r}")
    return n


def _check_dps(dps) -> int:
    return validate_dps(dps, "dps", high=MAX_QUADRATURE_DPS, error=MechanismError)


def _as_mpf(value):
    """An mpf as it is (mpmath.mpf would round it to the caller's precision); other numbers read by mpmath."""
    if isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    return value if isinstance(value, mpmath.mpf) else mpmath.mpf(value)


def _order(alpha):
    try:
        value = _as_mpf(alpha)
    except (TypeError, ValueError):
        raise MechanismError(f"parameter alpha: expected a number, got {alpha!r}") from None
    if not mpmath.isfinite(value) or value < 1:
        raise MechanismError(f"parameter alpha: a Renyi order must be finite and >= 1, got {alpha!r}")
    return value


def _shift(delta):
    try:
        value = _as_mpf(delta)
    except (TypeError, ValueError):
        raise MechanismError(f"parameter shift: expected a number, got {delta!r}") from None
    if not mpmath.isfinite(value) or value <= 0:
        raise MechanismError(f"parameter shift: must be positive and finite, got {delta!r}")
    return value


# -- Renyi divergences of a shifted law ----------------------------------------
#
# The divergence integrals are computed in Arb arithmetic (used here as fast
# multiprecision numbers, not as certificates) by adaptive Gauss-Legendre
# quadrature: each panel is summed with 24 and 48 nodes and split until the
# two agree to the working precision.  The integrands are analytic between
# the breakpoints (the peak, the knots of f and of the shifted f), and are
# cut where they have fallen below exp(-drop) of their peak, drop being the
# working precision in nepers plus a margin.

def _digits_lost(alpha, delta):
    """Digits cancelled when D_alpha is small: about log10 of 1 / ((alpha - 1) delta^2)."""
    scale = (alpha - 1) * delta**2 if alpha > 1 else delta**2
    return max(0, int(-mpmath.log10(min(scale, 1))) + 2)


def _cut_points(law, delta):
    """Knots of f and of f(. - delta): where the integrands are not analytic."""
    return [arb(k) for k in law.knots] + [arb(k) + delta for k in law.knots]


def _extra_bits_for(*points) -> int:
    """Guard bits for densities evaluated as far out as ``points`` (Airy tails lose log2|x|^{3/2})."""
    return max(tail_guard_bits(value_of(p)) for p in points)


def _loss_integral(law, delta, integrand, dps, extra):
    """The integral of f(x) g(L(x)), L(x) = log f(x) - log f(x - delta), over the line.

    Works with ``extra`` more digits than the ``dps`` asked for: g(L) is small
    where L is (L loses about log10(1/delta) digits to cancellation, and
    L - 1 + e^{-L} ~ L^2/2 twice that), and the quadrature aims at ``dps``
    digits of the result only."""
    bits = bits_for(dps + extra + GUARD_DIGITS)
    with arb_bits(bits):
        d = ball_of(delta)
        drop = arf(int(0.7 * bits_for(dps + GUARD_DIGITS)) + 10)

        def log_f(x):
            return law.log_density_ball(x)

        # f carries the mass near 0 and f e^{-L} = f(. - delta) near delta: cover both.
        top = log_f(arb(0))
        left = reach(log_f, arb(0), top, drop, -1)
        right = reach(log_f, arb(0), top, drop, +1) + d
        tails = _extra_bits_for(left, right)
    with arb_bits(bits + tails):
        def fn(x):
            lx = log_f(x)
            return (lx.exp() * integrand(lx - log_f(x - d)),)

        points = _cut_points(law, d) + geometric_points(arb(0), left, right)
        relative = two_to(-bits_for(dps + GUARD_DIGITS // 2))
        total = integrate_balls(fn, ordered_points(points), relative)[0]
        return value_of(require_digits(total, dps, "divergence integral"))


def kl_divergence(law, delta, dps: int):
    """KL(X || X + delta) = E[L - 1 + e^{-L}]: every term is >= 0, so the integral does not cancel."""
    law, delta, dps = noise_law(law), _shift(delta), _check_dps(dps)
    extra = _digits_lost(mpmath.mpf(1), delta)
    with mpmath.workdps(dps + GUARD_DIGITS + extra):
        return _loss_integral(law, delta, lambda loss: loss + (-loss).expm1(), dps, extra)


def renyi_ratio_slope_at_one(law, delta, dps: int):
    """d/dalpha of D_alpha / alpha at alpha = 1+: Var(L)/2 - KL, written without cancellation.

    With E[e^{-L}] = 1 and E[L] = KL this is -E[e^{-L} - 1 + L - L^2/2] - KL^2/2
    (the integrand is O(L^3) pointwise: it needs three times the digits L loses).
    """
    law, delta, dps = noise_law(law), _shift(delta), _check_dps(dps)
    extra = 3 * _digits_lost(mpmath.mpf(1), delta) // 2
    with mpmath.workdps(dps + GUARD_DIGITS + extra):
        third = _loss_integral(law, delta, lambda loss: (-loss).expm1() + loss - loss * loss / 2,
                               dps, extra)
        kl = kl_divergence(law, delta, dps)
        return -third - kl**2 / 2


def renyi_divergence(law, alpha, delta, dps: int):
    """D_alpha(X || X + delta) for alpha >= 1 (alpha = 1: the KL divergence).

    D_alpha = log(integral of f(x)^alpha f(x - delta)^(1 - alpha)) / (alpha - 1).
    The integrand is evaluated as exp(phi - phi(peak)) with breakpoints at its
    peak, at the knots, and where it has fallen below the working precision,
    so that large orders (whose mass sits far in a tail) are integrated as
    accurately as small ones.  For a symmetric law both directions are equal.
    """
    law = noise_law(law)
    alpha, delta = _order(alpha), _shift(delta)
    dps = _check_dps(dps)
    if alpha == 1:
        return kl_divergence(law, delta, dps)
    digits = dps + _digits_lost(alpha, delta)
    # Large orders and shifts make alpha log f and (1 - alpha) log f(. - delta) large and nearly
    # opposite: if the balls show digits lost to that, retry with as many more.
    for _ in range(4):
        with mpmath.workdps(digits + GUARD_DIGITS):
            a, d = ball_of(alpha), ball_of(delta)
            top, (mass,) = line_integrals(
                lambda x: a * law.log_density_ball(x) + (1 - a) * law.log_density_ball(x - d),
                lambda x: a * law.score_ball(x) + (1 - a) * law.score_ball(x - d),
                (lambda x: arb(1),), _cut_points(law, d), digits,
                guess=(-1 - (alpha - 1) * delta, delta + 1))
            with arb_bits(bits_for(digits + 2 * GUARD_DIGITS)):
                result = (top + mass.log()) / (a - 1)
                achieved = int(result.rel_accuracy_bits() / 3.33) if not result.is_zero() else dps
        if achieved >= dps + 2:
            return value_of(result)
        digits += dps + 2 - achieved + GUARD_DIGITS
    raise QuadratureError(f"D_alpha at alpha = {mpmath.nstr(alpha, 8)}, shift {mpmath.nstr(delta, 8)}: "
                          f"the working precision could not be raised enough")


def renyi_profile(law, delta, orders=DEFAULT_ORDERS, dps: int = 30):
    """[(alpha, D_alpha / alpha)] over ``orders`` (alpha = 1: the KL limit)."""
    law = noise_law(law)
    out = []
    for alpha in orders:
        a = _order(alpha)
        with mpmath.workdps(dps + GUARD_DIGITS):
            out.append((a, renyi_divergence(law, a, delta, dps) / a))
    return out


def budget_of_shift(law, delta, orders=DEFAULT_ORDERS, dps: int = 30):
    """(sup over ``orders`` of D_alpha / alpha, the order attaining it)."""
    profile = renyi_profile(law, delta, orders, dps)
    alpha, value = max(profile, key=lambda pair: pair[1])
    return value, alpha


# -- the mechanism -------------------------------------------------------------

def calibrate_scale(law, target, dps: int):
    """(s, a): the scale with min_a E|exp(sX - a) - 1| = ``target`` and its optimal drift."""
    law = noise_law(law)
    try:
        return scale_for_error(law, target, _check_dps(dps))
    except NoiseLawError as error:
        raise MechanismError(str(error).replace("parameter target", "parameter r0/(1+c)")) from None


def _clipped_error(n: arb, s: arb, a: arb, c: arb):
    """x -> |[(n + c) e^{sx - a} - c]_+ - n|: the error of the release at X = x."""
    def error(x):
        released = (n + c) * (s * x - a).exp() - c
        return abs((released if released > 0 else arb(0)) - n)
    return error


@dataclass
class LogLocationMechanism:
    """x_hat = [(n + c) exp(sX - a) - c]_+ with s calibrated to E|x_hat - n| < r max(n, 1).

    ``r`` in (0, 1]; ``r0`` in (0, r) and ``c`` > 0 default to the admissible
    family rule of §6.5, r0 = r (1 - r) and c = r (for r = 1: r0 = 1/2, c = 1).
    """

    law: object
    r: object
    r0: object = None
    c: object = None
    dps: int = 30
    s: object = field(init=False, repr=False)
    drift: object = field(init=False, repr=False)

    def __post_init__(self):
        self.law = noise_law(self.law)
        self.dps = _check_dps(self.dps)
        r = _exact("r", self.r)
        if not 0 < r <= 1:
            raise MechanismError(f"parameter r: must satisfy 0 < r <= 1, got {r}")
        r0 = (r * (1 - r) if r < 1 else Fraction(1, 2)) if self.r0 is None else _exact("r0", self.r0)
        c = (r if r < 1 else Fraction(1)) if self.c is None else _exact("c", self.c)
        if not 0 < r0 < r:
            raise MechanismError(f"parameter r0: must satisfy 0 < r0 < r = {r}, got {r0}")
        if c <= 0:
            raise MechanismError(f"parameter c: must be positive, got {c}")
        self.r, self.r0, self.c = r, r0, c
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            self.target = self._mp(r0) / (1 + self._mp(c))
            self.s, self.drift = calibrate_scale(self.law, self.target, self.dps)

    @staticmethod
    def _mp(fraction):
        return mpmath.mpf(fraction.numerator) / fraction.denominator

    # utility
    def pre_clipping_error(self, n):
        """(n + c) r0 / (1 + c): the exact error before clipping (eq. (9) for any law)."""
        n = _check_count(n)
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            return (n + self._mp(self.c)) * self.target

    def expected_absolute_error(self, n):
        """E|x_hat - n| after clipping, by quadrature over the law of X.

        The integrand f(x) |[(n + c) e^{sx - a} - c]_+ - n| is split where the
        release reaches 0 (clipping) and where it equals n."""
        return self.expected_absolute_errors((n,))[0]

    def expected_absolute_errors(self, counts):
        """[E|x_hat - n| for n in ``counts``]: one quadrature, the density evaluated once per node
        for every count, split at the clipping points of all of them."""
        counts = [_check_count(n) for n in counts]
        law = self.law
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            c = self._mp(self.c)
            crossing = self.drift / self.s
            clips = [(self.drift + mpmath.log(c / (n + c))) / self.s for n in counts]
            s, a, cb = ball_of(self.s), ball_of(self.drift), ball_of(c)
            cuts = sorted({crossing, *clips}) + [mpmath.mpf(k) for k in law.knots]
            # The factor grows like e^{sx}: widen the cut-off by a margin for it.
            top, masses = line_integrals(law.log_density_ball, law.score_ball,
                                         [_clipped_error(arb(n), s, a, cb) for n in counts],
                                         [ball_of(x) for x in cuts], self.dps, margin=60)
            with arb_bits(bits_for(self.dps + 2 * GUARD_DIGITS)):
                return [value_of(require_digits(top.exp() * mass, self.dps, "expected absolute error"))
                        for mass in masses]

    def meets_utility(self, n) -> bool:
        """E|x_hat - n| < r max(n, 1), decided with a margin above the quadrature precision."""
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            bound = self._mp(self.r) * max(n, 1)
            error = self.expected_absolute_error(n)
            return bound - error > mpmath.mpf(10) ** (-(self.dps // 2)) * bound

    # privacy
    def edge_shift(self, n):
        """delta_n = log((n + c)/(n - 1 + c)) / s for n >= 1; n = 0 uses the edge 0 <-> 1 (v(0) = v(1))."""
        n = max(_check_count(n), 1)
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            c = self._mp(self.c)
            return mpmath.log1p(1 / (n - 1 + c)) / self.s

    def v(self, n, orders=DEFAULT_ORDERS):
        """sup over ``orders`` of D_alpha / alpha on the edge with larger count n (numeric)."""
        return budget_of_shift(self.law, self.edge_shift(n), orders, self.dps)[0]

    def coefficient(self, n, orders=DEFAULT_ORDERS):
        """r^2 n^2 v(n)."""
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            return self._mp(self.r)**2 * n**2 * self.v(n, orders)

    def limit_coefficient(self):
        """lim_n r^2 n^2 v(n) = r^2 I / (2 s^2), valid when the supremum is the KL limit for small shifts."""
        with mpmath.workdps(self.dps + GUARD_DIGITS):
            information = fisher_information(self.law, self.dps)
            return self._mp(self.r)**2 * information / (2 * self.s**2)
