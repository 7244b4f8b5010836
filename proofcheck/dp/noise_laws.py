"""Noise laws for log-location mechanisms: density, score, E|X|, Fisher information, drift.

The paper's mechanism (4), §3, adds a standard normal ``Z`` in log space.
Here the normal is one member of a list of symmetric location laws ``X`` with
a smooth (or piecewise smooth) density ``f``:

* ``gaussian``  f(x) = exp(-x^2/2)/sqrt(2 pi)            (the paper's law);
* ``laplace``   f(x) = exp(-|x|)/2;
* ``logistic``  f(x) = exp(-x)/(1 + exp(-x))^2;
* ``airy``      f(x) = Ai(|x| + a1')^2 / Z, with a1' ~ -1.0188 the first zero
                of Ai' and Z = -2 a1' Ai(a1')^2.

For each law this module computes, at a stated number of digits,

* E|X| and the Fisher information I = E[(f'/f)(X)^2], by mpmath quadrature
  of the density (self-normalised, so a wrong normaliser cannot hide);
* the same two quantities symbolically where SymPy can derive them: by
  ``integrate`` for the three classical laws, and for the Airy law by an
  antiderivative found from an ansatz and verified by differentiation with
  Ai'' = y Ai (boundary terms: Ai'(a1') = 0 and the decay of Ai at +oo);
* the drift ``a`` that minimises E|exp(sX - a) - 1|.  Setting the derivative
  in ``a`` to zero (as in §4.1 of the paper) shows that ``a/s`` is the median
  of the exponentially tilted law f(x) e^{sx} / E e^{sX}; at that drift the
  two tilted halves cancel and the minimal error is 2 F(a/s) - 1, which is
  Lemma 4.1, eq. (8) when X is normal (drift s^2, error 2 Phi(s) - 1).

Why these laws: in the small-error limit a log-location mechanism has leading
coefficient I(X) (E|X|)^2 / 2 (see ``log_location``), and the Airy law
minimises I (E|X|)^2 over all densities, at 16 |a1'|^3 / 27 (the ground
state of -d^2/dx^2 + |x|; ``linear_potential_ground_state`` computes its
energy without Airy functions).

The Airy functions are evaluated with Arb (python-flint) at the working
precision plus guard bits, converting mpmath numbers exactly in both
directions; a1' comes from mpmath (``airyaizero``) and, for certified
enclosures, from Arb (``arb.airy_ai_zero``).
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb, arf, ctx, fmpz

from ..core.errors import ProofcheckError

GUARD_DIGITS = 10

#: The symbol that claims use for a1', the first zero of Ai' (a negative number).
A1P = sp.Symbol("a1p", negative=True)


class NoiseLawError(ProofcheckError):
    """A noise law was asked for something outside its domain; names the parameter."""


# -- exact conversion between mpmath numbers and Arb balls --------------------

def _to_arb(x) -> arb:
    """The mpf ``x`` as an exact Arb number (never through a float)."""
    # An mpf is read as it is: mpmath.mpf(x) would round it to the caller's precision.
    sign, man, exp, bits = (x if isinstance(x, mpmath.mpf) else mpmath.mpf(x))._mpf_
    if not man:
        return arb(0)
    old = ctx.prec
    ctx.prec = max(old, int(bits) + 8)  # arb() rounds to the context precision: keep every bit
    try:
        return arb(arf((fmpz(int(-man if sign else man)), fmpz(int(exp)))))
    finally:
        ctx.prec = old


def _to_mpf(ball: arb, scale=None):
    """The midpoint of ``ball`` as an mpf, refusing a ball too wide for the precision.

    The radius must be below the working precision relative to |value|, or to
    ``scale`` where the value may vanish (Ai' at its zero)."""
    if not ball.is_finite():
        raise ArithmeticError("Arb returned a non-finite ball")
    man, exp = ball.mid().man_exp()
    value = mpmath.mpf((int(man), int(exp)))
    radius_man, radius_exp = ball.rad().man_exp() if ball.rad() != 0 else (0, 0)
    radius = mpmath.mpf((int(radius_man), int(radius_exp)))
    reference = abs(value) if scale is None else max(abs(value), scale)
    if radius > reference * mpmath.mpf(2) ** (-mpmath.mp.prec):
        raise ArithmeticError("Arb ball too wide for the working precision")
    return value


def _extra_bits(y) -> int:
    """Guard bits for Ai(y): far out, Ai(y) ~ exp(-2 y^{3/2}/3) needs about log2(y^{3/2})
    extra bits for full relative accuracy (quadrature nodes reach y ~ 10^dps)."""
    _, man, exp, bc = (y if isinstance(y, mpmath.mpf) else mpmath.mpf(y))._mpf_
    magnitude = exp + bc if man else 0  # about log2|y|
    return 40 + (3 * magnitude) // 2 if magnitude > 0 else 40


def airy_ai_pair(y):
    """(Ai(y), Ai'(y)) at the working mpmath precision, computed with Arb balls."""
    old = ctx.prec
    ctx.prec = mpmath.mp.prec + _extra_bits(y)
    try:
        b = _to_arb(y)
        ai = _to_mpf(b.airy_ai())
        return ai, _to_mpf(b.airy_ai(derivative=1), scale=abs(ai))
    finally:
        ctx.prec = old


def airy_log_ai_squared(y, shift_ball=None):
    """2 log Ai(y) (minus ``shift_ball`` if given) at the working precision, y > a1 (Ai > 0)."""
    old = ctx.prec
    ctx.prec = mpmath.mp.prec + _extra_bits(y)
    try:
        value = 2 * _to_arb(y).airy_ai().log()
        if shift_ball is not None:
            value -= shift_ball
        return _to_mpf(value, scale=mpmath.mpf(1))
    finally:
        ctx.prec = old


@lru_cache(maxsize=32)
def _a1p_at(dps: int):
    with mpmath.workdps(dps):
        return +mpmath.airyaizero(1, derivative=1)


def first_zero_of_airy_derivative(dps: int):
    """a1' (negative), from mpmath, at ``dps`` digits (not rounded to the caller's precision)."""
    return _a1p_at(int(dps))


def first_zero_of_airy_derivative_ball(prec: int) -> arb:
    """An Arb ball certified to contain a1', at ``prec`` bits."""
    old = ctx.prec
    ctx.prec = prec
    try:
        return arb.airy_ai_zero(1, derivative=1)
    finally:
        ctx.prec = old


# -- the laws ------------------------------------------------------------------

class NoiseLaw:
    """A symmetric location law X with density f on the real line.

    Methods work at the current mpmath precision; the module-level functions
    set the precision.  ``knots`` are the points where f is not analytic (the
    quadrature splits there); ``tilt_limit`` is the supremum of the s with
    E e^{sX} finite (None: every s).
    """

    name = ""
    title = ""
    knots: tuple = ()
    tilt_limit = None

    def log_density(self, x):
        raise NotImplementedError

    def density(self, x):
        return mpmath.exp(self.log_density(x))

    def score(self, x):
        """d/dx log f(x) (0 at a symmetric kink)."""
        raise NotImplementedError

    def cdf(self, x):
        raise NotImplementedError

    def sympy_right_density(self, x):
        """f on x >= 0 as a SymPy expression (f is even), or None."""
        return None

    # Ball versions (Arb, at the current python-flint precision) for the divergence integrals.
    def log_density_ball(self, x: arb) -> arb:
        raise NotImplementedError

    def score_ball(self, x: arb) -> arb:
        raise NotImplementedError

    def breakpoints(self, *extra):
        points = {mpmath.mpf(k) for k in self.knots}
        points.update(mpmath.mpf(e) for e in extra if mpmath.isfinite(e))
        return [-mpmath.inf] + sorted(points) + [mpmath.inf]

    def __repr__(self):
        return f"<noise law {self.name}>"


@lru_cache(maxsize=128)
def _log_constant(which: str, prec: int):
    with mpmath.workprec(prec):
        return mpmath.log(2 * mpmath.pi) / 2 if which == "sqrt(2 pi)" else mpmath.log(2)


class GaussianLaw(NoiseLaw):
    name = "gaussian"
    title = "Gaussian"

    def log_density(self, x):
        return -x * x / 2 - _log_constant("sqrt(2 pi)", mpmath.mp.prec)

    def score(self, x):
        return -x

    def cdf(self, x):
        return mpmath.ncdf(x)

    def sympy_right_density(self, x):
        return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)

    def log_density_ball(self, x):
        return -x * x / 2 - (2 * arb.pi()).log() / 2

    def score_ball(self, x):
        return -x


class LaplaceLaw(NoiseLaw):
    name = "laplace"
    title = "Laplace"
    knots = (0,)
    tilt_limit = 1

    def log_density(self, x):
        return -abs(x) - _log_constant("2", mpmath.mp.prec)

    def score(self, x):
        return -mpmath.sign(x)

    def cdf(self, x):
        return 1 - mpmath.exp(-x) / 2 if x >= 0 else mpmath.exp(x) / 2

    def sympy_right_density(self, x):
        return sp.exp(-x) / 2

    def log_density_ball(self, x):
        return -abs(x) - arb(2).log()

    def score_ball(self, x):
        return arb(-1) if x > 0 else arb(1) if x < 0 else arb(0)


class LogisticLaw(NoiseLaw):
    name = "logistic"
    title = "logistic"
    tilt_limit = 1

    def log_density(self, x):
        # log f = -|x| - 2 log(1 + e^{-|x|}): even, and free of overflow.
        t = abs(x)
        return -t - 2 * mpmath.log1p(mpmath.exp(-t))

    def score(self, x):
        return -mpmath.tanh(x / 2)

    def cdf(self, x):
        return 1 / (1 + mpmath.exp(-x))

    def sympy_right_density(self, x):
        return sp.exp(-x) / (1 + sp.exp(-x))**2

    def log_density_ball(self, x):
        t = abs(x)
        return -t - 2 * (-t).exp().log1p()

    def score_ball(self, x):
        return -(x / 2).tanh()


class AiryLaw(NoiseLaw):
    """f(x) = Ai(|x| + a1')^2 / Z: the ground state of -d^2/dx^2 + |x|, squared.

    The normaliser Z = -2 a1' Ai(a1')^2 and the distribution function come from
    the antiderivative of Ai^2 (``airy_antiderivative``); quadrature checks both.
    """

    name = "airy"
    title = "Airy"
    knots = (0,)

    def _a(self):
        return _airy_law_constants(mpmath.mp.prec)[0]

    def log_normaliser(self):
        return _airy_law_constants(mpmath.mp.prec)[1]

    def log_density(self, x):
        return airy_log_ai_squared(abs(x) + self._a(), _airy_law_constants(mpmath.mp.prec)[2])

    def score(self, x):
        if x == 0:
            return mpmath.mpf(0)
        ai, aip = airy_ai_pair(abs(x) + self._a())
        return mpmath.sign(x) * 2 * aip / ai

    def log_density_ball(self, x):
        a, log_z = _airy_law_balls(ctx.prec)
        return 2 * (abs(x) + a).airy_ai().log() - log_z

    def score_ball(self, x):
        if x == 0:
            return arb(0)
        a, _ = _airy_law_balls(ctx.prec)
        y = abs(x) + a
        ratio = 2 * y.airy_ai(derivative=1) / y.airy_ai()
        return ratio if x > 0 else -ratio

    def cdf(self, x):
        # F(x) = 1/2 + sign(x) (G(|x| + a1') - G(a1')) / Z with G(y) = y Ai^2 - Ai'^2.
        a = self._a()
        ai0, _ = airy_ai_pair(a)
        ai, aip = airy_ai_pair(abs(x) + a)
        z = -2 * a * ai0**2
        half_mass = ((abs(x) + a) * ai**2 - aip**2 - a * ai0**2) / z
        return mpmath.mpf(1) / 2 + mpmath.sign(x) * half_mass


@lru_cache(maxsize=64)
def _airy_law_constants(prec: int):
    """(a1', log Z, log Z as an Arb number) at ``prec`` bits, Z = -2 a1' Ai(a1')^2."""
    with mpmath.workprec(prec):
        a = first_zero_of_airy_derivative(mpmath.mp.dps + GUARD_DIGITS)
        ai, _ = airy_ai_pair(a)
        log_z = mpmath.log(-2 * a) + 2 * mpmath.log(ai)
        return +a, log_z, _to_arb(log_z)


@lru_cache(maxsize=64)
def _airy_law_balls(prec: int):
    """(a1', log Z) as Arb balls at ``prec`` bits."""
    old = ctx.prec
    ctx.prec = prec
    try:
        a = arb.airy_ai_zero(1, derivative=1)
        return a, (-2 * a).log() + 2 * a.airy_ai().log()
    finally:
        ctx.prec = old


LAWS = {law.name: law for law in (GaussianLaw(), LaplaceLaw(), LogisticLaw(), AiryLaw())}


def noise_law(name) -> NoiseLaw:
    """The law called ``name`` (gaussian, laplace, logistic, airy)."""
    if isinstance(name, NoiseLaw):
        return name
    law = LAWS.get(str(name).strip().lower()) if isinstance(name, str) else None
    if law is None:
        raise NoiseLawError(f"parameter law: unknown noise law {name!r} (known: {', '.join(LAWS)})")
    return law


# -- quantities by quadrature --------------------------------------------------

def _check_dps(dps) -> int:
    if isinstance(dps, bool) or not isinstance(dps, int) or not 10 <= dps <= 2000:
        raise NoiseLawError(f"parameter dps: expected an integer from 10 to 2000, got {dps!r}")
    return dps


def _quad(law, integrand, extra=()):
    value, error = mpmath.quad(integrand, law.breakpoints(*extra), error=True, maxdegree=12)
    if error > mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS)) * max(1, abs(value)):
        raise ArithmeticError(f"quadrature did not converge for the {law.name} law "
                              f"(error estimate {mpmath.nstr(error, 3)})")
    return value


def total_mass(law, dps: int):
    """The integral of the density: 1 when the normaliser is right."""
    return _moment(noise_law(law).name, "mass", _check_dps(dps))


def mean_absolute_value(law, dps: int):
    """E|X| by quadrature, self-normalised."""
    name, dps = noise_law(law).name, _check_dps(dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        return _moment(name, "abs", dps) / _moment(name, "mass", dps)


def fisher_information(law, dps: int):
    """I(X) = E[(f'/f)(X)^2] by quadrature, self-normalised."""
    name, dps = noise_law(law).name, _check_dps(dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        return _moment(name, "score2", dps) / _moment(name, "mass", dps)


@lru_cache(maxsize=256)
def _moment(name, which, dps):
    """One integral of the density, computed once per law and precision."""
    law = LAWS[name]
    weights = {"mass": lambda x: 1, "abs": abs, "score2": lambda x: law.score(x)**2}
    weight = weights[which]
    with mpmath.workdps(dps + GUARD_DIGITS):
        return _quad(law, lambda x: weight(x) * law.density(x))


def information_spread_product(law, dps: int):
    """I(X) (E|X|)^2, the quantity the Airy law minimises."""
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        return fisher_information(law, dps) * mean_absolute_value(law, dps)**2


def limit_coefficient(law, dps: int):
    """I(X) (E|X|)^2 / 2: the small-error coefficient of the log-location mechanism."""
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        return information_spread_product(law, dps) / 2


# -- the optimal drift ---------------------------------------------------------

def _check_scale(law, s):
    try:
        s = s if isinstance(s, mpmath.mpf) else mpmath.mpf(s)
    except (TypeError, ValueError):
        raise NoiseLawError(f"parameter s: expected a number, got {s!r}") from None
    if not mpmath.isfinite(s) or s <= 0:
        raise NoiseLawError(f"parameter s: the noise scale must be a positive finite number, got {s}")
    if law.tilt_limit is not None and s >= law.tilt_limit:
        raise NoiseLawError(f"parameter s: E exp(sX) is infinite for the {law.name} law unless "
                            f"s < {law.tilt_limit}, got {mpmath.nstr(s, 8)}")
    return s


def multiplicative_error(law, s, a, dps: int):
    """E|exp(sX - a) - 1| by quadrature (split where the factor crosses 1)."""
    law = noise_law(law)
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        a = mpmath.mpf(a)
        return _quad(law, lambda x: abs(mpmath.expm1(s * x - a)) * law.density(x), extra=(a / s,))


def tilted_median(law, s, dps: int):
    """The median q of the tilted law f(x) e^{sx} / E e^{sX}, by Newton's method.

    The optimal drift is a = s q (see the module docstring)."""
    law = noise_law(law)
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        return _tilted_median(law, s)


def _tilted_median(law, s):
    tol = mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS // 2))

    def weight(x):
        return mpmath.exp(law.log_density(x) + s * x)

    # The tilted mass below 0 is computed once; each Newton step adds the short piece [0, q].
    below_zero = mpmath.quad(weight, [-mpmath.inf, 0])
    total = below_zero + mpmath.quad(weight, [0, mpmath.inf])
    q = s  # exact for the Gaussian, and the right order for every law
    for _ in range(100):
        below = below_zero + mpmath.quad(weight, [0, q])
        residual = below / total - mpmath.mpf(1) / 2
        step = residual * total / weight(q)
        q -= step
        if abs(step) <= tol * max(1, abs(q)):
            return q
    raise ArithmeticError(f"the tilted median of the {law.name} law did not converge at s = {s}")


def optimal_drift(law, s, dps: int):
    """The drift a minimising E|exp(sX - a) - 1|: s times the tilted median."""
    law = noise_law(law)
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        return s * _tilted_median(law, s)


def minimal_multiplicative_error(law, s, dps: int):
    """min_a E|exp(sX - a) - 1| = 2 F(q) - 1, q the tilted median (generalised Lemma 4.1)."""
    law = noise_law(law)
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        q = _tilted_median(law, s)
        return 2 * law.cdf(q) - 1


def quantile(law, p, dps: int):
    """F^{-1}(p) by Newton's method on the distribution function."""
    law = noise_law(law)
    with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
        p = mpmath.mpf(p)
        if not 0 < p < 1:
            raise NoiseLawError(f"parameter p: a probability strictly between 0 and 1, got {p}")
        tol = mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS // 2))
        q = mpmath.mpf(0)
        for _ in range(200):
            step = (law.cdf(q) - p) / law.density(q)
            # Damped where the density is small, so the iterate cannot jump past a tail.
            step = max(min(step, 1), -1)
            q -= step
            if abs(step) <= tol * max(1, abs(q)):
                return q
        raise ArithmeticError(f"the {law.name} quantile did not converge at p = {p}")


def scale_for_error(law, target, dps: int):
    """(s, a) with min_a E|exp(sX - a) - 1| = ``target``, a the optimal drift.

    At the optimum the error is 2 F(q) - 1 with q = a/s the tilted median, so
    q = F^{-1}((1 + target)/2) is fixed by the target alone; s is then the
    tilt that puts the median of f(x) e^{sx} at q, the root of
    H(s) = E[e^{s(X - q)} sign(X - q)], which increases with s
    (H'(s) = E[|X - q| e^{s(X - q)}] > 0), found by Newton's method.
    """
    law = noise_law(law)
    dps = _check_dps(dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        target = mpmath.mpf(target)
        if not 0 < target < 1:
            raise NoiseLawError(f"parameter target: the error target must lie in (0, 1), got {target}")
        q = quantile(law, (1 + target) / 2, dps)
        limit = mpmath.mpf(law.tilt_limit) if law.tilt_limit is not None else None
        tol = mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS // 2))

        q_ball = ball_of(q)
        cuts = [ball_of(k) for k in law.knots] + [q_ball]

        def balance(s):
            # H(s) and H'(s), each up to the common factor exp(top) > 0, which cancels in H/H'.
            s_ball = ball_of(s)
            _, (value, slope) = line_integrals(
                lambda x: law.log_density_ball(x) + s_ball * (x - q_ball),
                lambda x: law.score_ball(x) + s_ball,
                (lambda x: arb(1) if x > q_ball else arb(-1), lambda x: abs(x - q_ball)),
                cuts, dps)
            # H(s) vanishes at the root, so only the slope's digits can be asked for.
            return value_of(value), value_of(require_digits(slope, dps, "calibration slope"))

        s = target  # err(s) ~ s E|X| with E|X| of order one for every law here
        if limit is not None:
            s = min(s, limit / 2)
        for _ in range(100):
            value, slope = balance(s)
            new = s - value / slope
            if new <= 0:
                new = s / 2
            if limit is not None and new >= limit:
                new = (s + limit) / 2
            if abs(new - s) <= tol * s:
                return new, new * q
            s = new
        raise ArithmeticError(f"calibration of the {law.name} law did not converge at target {target}")


# -- quadrature in Arb arithmetic ----------------------------------------------
#
# Used for the divergence, calibration and utility integrals, where many
# integrals of the same kind are needed: Arb numbers serve here as fast
# multiprecision numbers (not as certificates).  Adaptive Gauss-Legendre
# quadrature sums each panel with n and 2n nodes (n = 24 at the usual
# precisions) and splits it until the two agree to the working precision;
# integrands are analytic between the breakpoints the callers give (peaks,
# knots, thresholds), and an integrand is cut where it has fallen below
# exp(-drop) of its peak, drop being the working precision in nepers plus a
# margin.  The law moments above use mpmath's tanh-sinh quadrature instead, a
# second, independent engine.

def _rule_size() -> int:
    """Nodes of the coarse rule (the fine one has twice as many): 24 at the usual precisions,
    growing with the working bits so that deep runs do not need ever smaller panels."""
    return max(24, min(320, ctx.prec // 6))


@lru_cache(maxsize=64)
def _legendre(n: int, prec: int):
    old = ctx.prec
    ctx.prec = prec
    try:
        return tuple(arb.legendre_p_root(n, k, weight=True) for k in range(n))
    finally:
        ctx.prec = old


def _panel(fn, a, b, n):
    """Gauss-Legendre sums of ``fn`` (which returns a tuple of Arb numbers) over [a, b]."""
    half, centre = (b - a) / 2, (a + b) / 2
    totals = None
    for node, weight in _legendre(n, ctx.prec):
        values = fn(centre + half * node)
        totals = [weight * v for v in values] if totals is None else \
            [t + weight * v for t, v in zip(totals, values)]
    return [t * half for t in totals]


MAX_PANELS = 20_000


class QuadratureError(ArithmeticError):
    """The quadrature could not reach the accuracy asked for (raise the precision)."""


def _adaptive(fn, a, b, tolerances, budget, depth=0):
    """Panel sums accepted when the 24- and 48-node rules agree to ``tolerances``.

    Where the two rules differ by no more than their own rounding (the balls'
    radii: the integrand lost its digits to cancellation), splitting cannot
    help: the panel is accepted with the difference added to its radius, so
    the caller sees the lost accuracy instead of an endless subdivision."""
    budget[0] -= 1
    if budget[0] < 0:
        raise QuadratureError(f"adaptive quadrature needed more than {MAX_PANELS} panels")
    n = _rule_size()
    coarse = _panel(fn, a, b, n)
    fine = _panel(fn, a, b, 2 * n)
    differences = [abs((f - c).mid()) for f, c in zip(fine, coarse)]
    if all(d <= t for d, t in zip(differences, tolerances)):
        return fine
    if all(d <= t or d <= 2 * (f.rad() + c.rad()) for d, t, f, c in zip(differences, tolerances, fine, coarse)):
        return [f + arb(0, d) for f, d in zip(fine, differences)]
    if depth >= 40:
        raise QuadratureError("adaptive quadrature did not converge")
    middle = (a + b) / 2
    return [x + y for x, y in zip(_adaptive(fn, a, middle, tolerances, budget, depth + 1),
                                  _adaptive(fn, middle, b, tolerances, budget, depth + 1))]


def integrate_balls(fn, points, relative):
    """Integrals of ``fn`` (a tuple of integrands) over consecutive ``points``, to ``relative`` accuracy.

    A first pass sizes each integral; every accepted panel then agrees between
    its two rules to ``relative`` times that size (far below the digits
    reported: the working precision carries guard digits).  The returned balls
    carry the rounding of the integrand, so their radius shows any accuracy
    lost to cancellation (callers check it with ``require_digits``)."""
    pieces = list(zip(points, points[1:]))
    first = [_panel(fn, a, b, 2 * _rule_size()) for a, b in pieces]
    sizes = [sum((abs(p[i].mid()) for p in first), arf(0)) for i in range(len(first[0]))]
    tolerances = [arf(relative) * size for size in sizes]
    totals = [arb(0)] * len(sizes)
    budget = [MAX_PANELS]
    for a, b in pieces:
        totals = [t + v for t, v in zip(totals, _adaptive(fn, a, b, tolerances, budget))]
    return totals


def require_digits(ball: arb, digits: int, what: str) -> arb:
    """``ball`` if its radius leaves ``digits`` significant digits; QuadratureError otherwise."""
    if ball.is_zero() or ball.rel_accuracy_bits() >= bits_for(digits):
        return ball
    raise QuadratureError(f"{what}: only {max(0, int(ball.rel_accuracy_bits() / 3.33))} of {digits} "
                          f"digits survived the working precision")


class ArbPrecision:
    """python-flint's working precision, set for a block and restored after it."""

    def __init__(self, bits):
        self.bits = int(bits)

    def __enter__(self):
        self.old = ctx.prec
        ctx.prec = self.bits
        return self

    def __exit__(self, *exc):
        ctx.prec = self.old


def bits_for(digits) -> int:
    return int(digits * 3.33) + 1


def two_to(exponent: int) -> arf:
    return arf((fmpz(1), fmpz(exponent)))


def ball_of(value) -> arb:
    """``value`` (an mpf, taken exactly, or a number or decimal string read by mpmath) as an Arb number."""
    return _to_arb(value)


def value_of(ball: arb):
    man, exp = ball.mid().man_exp()
    return mpmath.mpf((int(man), int(exp)))


def reach(phi, centre, top, drop, direction):
    """A distance from ``centre`` in ``direction`` beyond which phi is below top - drop."""
    width = arb(1)
    while (phi(centre + direction * width) - top).mid() > -drop:
        width *= 2
        if width > 10**12:  # pragma: no cover - integrable laws never get here
            raise ArithmeticError("the integrand does not decay")
    return width


def ordered_points(points):
    """Distinct points in increasing order (Arb numbers compared by their midpoints)."""
    seen, out = set(), []
    for p in sorted(points, key=value_of):
        key = value_of(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def peak_of(slope, lo, hi):
    """The point where ``slope`` (the derivative of a unimodal log-integrand) changes sign.

    ``lo`` and ``hi`` are first guesses; they are widened until the slope is
    positive at ``lo`` and negative at ``hi``, then bisected to a relative
    2^-30 (the peak only places breakpoints; it needs no more)."""
    lo, hi = exact_ball(lo), exact_ball(hi)
    while slope(lo) <= 0:
        lo = 2 * lo - 1
    while slope(hi) >= 0:
        hi = 2 * hi + 1
    for _ in range(80):
        mid = (lo + hi) / 2
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
        if (hi - lo).mid() < two_to(-30) * (1 + abs(mid.mid())):
            break
    return exact_ball((lo + hi) / 2)


def exact_ball(value) -> arb:
    """An exact Arb number: the midpoint of a ball, or an mpf/int/str converted without rounding.

    (python-flint reads an mpf through a decimal string, which makes a ball
    with a radius; panel ends and nodes must be exact points.)"""
    if isinstance(value, arb):
        return arb(value.mid())
    if isinstance(value, int):
        return arb(value)
    return ball_of(value)


def line_integrals(log_weight, slope, factors, cuts, digits, guess=(-1, 1), margin=0):
    """(top, [integral of exp(log_weight - top) * factor]) over the line, as Arb numbers.

    ``log_weight`` is unimodal with derivative ``slope``; the integrals are
    taken between the points where it has fallen by the working precision
    (plus ``margin`` nepers, for factors that grow in the tails), split at its
    peak and at ``cuts`` (where a factor or the weight is not analytic).
    Runs at ``digits`` plus guard digits."""
    bits = bits_for(digits + GUARD_DIGITS)
    with ArbPrecision(bits):
        peak = peak_of(lambda x: slope(x).mid(), *guess)
        top = log_weight(peak)
        drop = arf(int(0.7 * bits) + 10 + int(margin))
        left = reach(log_weight, peak, top, drop, -1)
        right = reach(log_weight, peak, top, drop, +1)
        ctx.prec = bits + max(_extra_bits(value_of(peak - left)), _extra_bits(value_of(peak + right)))
        points = [peak - left, peak - left / 8, peak, peak + right / 8, peak + right]
        points += [exact_ball(c) for c in cuts if (peak - left < exact_ball(c) < peak + right)]
        points = ordered_points([exact_ball(p) for p in points])
        relative = two_to(-(bits - bits_for(GUARD_DIGITS // 2)))

        def integrands(x):
            weight = (log_weight(x) - top).exp()
            return [weight * g(x) for g in factors]

        return top, integrate_balls(integrands, points, relative)


# -- symbolic routes -----------------------------------------------------------

def _airy_monomials(expr, y, P, Q):
    """``expr`` with Ai(y) -> P and Ai'(y) -> Q, as a polynomial in y, P, Q."""
    return sp.Poly(sp.expand(expr.subs({sp.airyaiprime(y): Q}).subs({sp.airyai(y): P})), y, P, Q)


def airy_antiderivative(integrand, y):
    """An antiderivative of ``integrand``, a polynomial in y times a quadratic form in Ai, Ai'.

    Ansatz: sum over j of (p_j Ai^2 + q_j Ai Ai' + r_j Ai'^2) y^j with degree two
    above the integrand's; SymPy differentiates it (using Ai'' = y Ai), matches
    coefficients and solves the linear system.  The result is verified by
    differentiation before it is returned; ``None`` if the ansatz has no solution.
    """
    P, Q = sp.symbols("P Q")
    degree = sp.Poly(sp.expand(integrand.subs({sp.airyaiprime(y): 1, sp.airyai(y): 1})), y).degree() + 2
    coefficients, ansatz = [], 0
    for j in range(degree + 1):
        for form in (sp.airyai(y)**2, sp.airyai(y) * sp.airyaiprime(y), sp.airyaiprime(y)**2):
            c = sp.Symbol(f"c{len(coefficients)}")
            coefficients.append(c)
            ansatz += c * y**j * form
    residual = _airy_monomials(sp.diff(ansatz, y) - integrand, y, P, Q)
    solution = sp.solve(residual.coeffs(), coefficients, dict=True)
    if not solution:
        return None
    antiderivative = ansatz.subs(solution[0]).subs({c: 0 for c in coefficients})
    if sp.simplify(sp.diff(antiderivative, y) - integrand) != 0:
        return None
    return sp.expand(antiderivative)


def _vanishes_at_infinity(antiderivative, y) -> bool:
    """Each term y^k Ai^i Ai'^j (i + j = 2) tends to 0, by the leading asymptotics of Ai, Ai'."""
    zeta = sp.Rational(2, 3) * y**sp.Rational(3, 2)
    leading = {sp.airyai(y): sp.exp(-zeta) / (2 * sp.sqrt(sp.pi) * y**sp.Rational(1, 4)),
               sp.airyaiprime(y): -y**sp.Rational(1, 4) * sp.exp(-zeta) / (2 * sp.sqrt(sp.pi))}
    for term in sp.Add.make_args(antiderivative):
        if sp.limit(term.subs(leading), y, sp.oo) != 0:
            return False
    return True


def _airy_half_line_integral(integrand, y, a):
    """The integral of ``integrand`` over [a, oo), with Ai'(a) = 0, via the antiderivative."""
    antiderivative = airy_antiderivative(integrand, y)
    if antiderivative is None:
        raise ArithmeticError(f"no antiderivative of the ansatz form for {integrand}")
    if not _vanishes_at_infinity(antiderivative, y):
        raise ArithmeticError(f"boundary term at infinity does not vanish for {antiderivative}")
    at_a = antiderivative.subs(y, a).subs(sp.airyaiprime(a), 0)
    return sp.simplify(-at_a)


@lru_cache(maxsize=None)
def airy_symbolic_quantities() -> dict:
    """Z, E|X|, I for the Airy law as SymPy expressions in a1' (symbol ``a1p``).

    Derived from the density f(x) = Ai(x + a1')^2 / Z on x >= 0 (f even): the
    score is differentiated by SymPy, each integral over [0, oo) is moved to
    y = x + a1' on [a1', oo) and closed by ``airy_antiderivative``.
    """
    x = sp.Symbol("x", nonnegative=True)
    y = sp.Symbol("y", real=True)
    a = A1P
    Z = sp.Symbol("Z", positive=True)
    right = sp.airyai(x + a)**2 / Z
    score_squared_density = sp.simplify(sp.diff(right, x)**2 / right)

    def over_half_line(expression):
        return _airy_half_line_integral(sp.expand(expression.subs(x, y - a)), y, a)

    normaliser = 2 * over_half_line(right * Z)
    mean_abs = sp.simplify((2 * over_half_line(x * right)).subs(Z, normaliser))
    fisher = sp.simplify((2 * over_half_line(score_squared_density)).subs(Z, normaliser))
    return {"normaliser": sp.simplify(normaliser), "mean_abs": mean_abs, "fisher": fisher,
            "product": sp.simplify(fisher * mean_abs**2)}


@lru_cache(maxsize=None)
def symbolic_quantities(name: str) -> dict:
    """E|X|, I and I (E|X|)^2 derived by SymPy from the law's density ({} if SymPy cannot)."""
    law = noise_law(name)
    if law.name == "airy":
        return airy_symbolic_quantities()
    x = sp.Symbol("x", positive=True)
    right = law.sympy_right_density(x)
    if right is None:
        return {}
    mass = sp.simplify(2 * sp.integrate(right, (x, 0, sp.oo)))
    mean_abs = sp.simplify(2 * sp.integrate(x * right, (x, 0, sp.oo)) / mass)
    fisher = sp.simplify(2 * sp.integrate(sp.simplify(sp.diff(right, x)**2 / right), (x, 0, sp.oo)) / mass)
    return {"normaliser": mass, "mean_abs": mean_abs, "fisher": fisher,
            "product": sp.simplify(fisher * mean_abs**2)}


QUANTITIES = {
    "mean_abs": mean_absolute_value,
    "fisher": fisher_information,
    "product": information_spread_product,
    "normaliser": total_mass,
}


def quantity(law, name: str, dps: int):
    """A named quantity of a law by quadrature: mean_abs, fisher, product or normaliser.

    ``normaliser`` is the integral of the unnormalised density: 1 for the
    classical laws, and for the Airy law the integral of Ai(|x| + a1')^2.
    """
    law = noise_law(law)
    if name not in QUANTITIES:
        raise NoiseLawError(f"parameter quantity: unknown {name!r} (known: {', '.join(QUANTITIES)})")
    if name == "normaliser" and law.name == "airy":
        with mpmath.workdps(_check_dps(dps) + GUARD_DIGITS):
            a = first_zero_of_airy_derivative(mpmath.mp.dps)
            return _quad(law, lambda x: airy_ai_pair(abs(x) + a)[0]**2)
    return QUANTITIES[name](law, dps)


# -- the ground state of -d^2/dx^2 + |x|, without Airy functions ---------------

def _shoot(energy, length):
    """u(length) for u'' = (x - E) u, u(0) = 1, u'(0) = 0, by its Taylor series at 0.

    The coefficients obey c_{k+2} (k+2)(k+1) = c_{k-1} - E c_k; the series is
    entire, summed until the terms are negligible at the working precision.
    """
    eps = mpmath.mpf(10) ** (-mpmath.mp.dps)
    c_prev, c_k, c_next = mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(0)  # c_{-1}, c_0, c_1
    coefficients = [c_k, c_next]
    k = 0
    total = mpmath.mpf(1)
    power = mpmath.mpf(1)
    biggest = mpmath.mpf(1)
    quiet = 0
    while True:
        c_new = (c_prev - energy * c_k) / ((k + 2) * (k + 1))
        coefficients.append(c_new)
        c_prev, c_k, c_next = c_k, c_next, c_new
        k += 1
        power *= length
        term = coefficients[k] * power
        total += term
        biggest = max(biggest, abs(term))
        # The terms peak near k ~ L^{3/2}; stop well past the peak, once they are negligible.
        quiet = quiet + 1 if abs(term) < eps * biggest and k > 2 * length**1.5 + 10 else 0
        if quiet >= 3:
            return total
        if k > 200_000:  # pragma: no cover - far beyond any length used here
            raise ArithmeticError("Taylor series of the shooting solution did not converge")


def linear_potential_ground_state(dps: int, length=None, step=None):
    """The lowest eigenvalue of -u'' + |x| u on the line, by shooting (no Airy functions).

    The ground state is even, so u'(0) = 0; the energy is the first E > 0 at
    which the shooting solution's value at ``length`` changes sign (by Sturm
    oscillation the lowest eigenvalue gives the first sign change).  The
    error of truncating at ``length`` L decays like exp(-4 (L - E)^{3/2} / 3), so
    L is chosen from the digits asked; the result is returned with the value
    at L + 2, which must agree.
    """
    dps = _check_dps(dps)
    if length is None:
        # (4/3)(L - 1.02)^{3/2} >= (dps + 5) log(10)
        length = int(((dps + 5) * 2.303 * 3 / 4) ** (2 / 3) + 3)
    # Any step below the gap to the next even level (|a2'| - |a1'| ~ 2.2) finds the first change.
    step = mpmath.mpf(step) if step is not None else mpmath.mpf(1) / 4
    results = []
    with mpmath.workdps(dps + GUARD_DIGITS + int(length**1.5)):
        for L in (mpmath.mpf(length), mpmath.mpf(length + 2)):
            lo = mpmath.mpf(0)
            f_lo = _shoot(lo, L)
            if f_lo <= 0:
                raise ArithmeticError("shooting solution not positive at E = 0")
            hi = lo + step
            while _shoot(hi, L) > 0:
                lo, hi = hi, hi + step
                if hi > 10:
                    raise ArithmeticError("no sign change below E = 10")
            # The sign change is bracketed: refine it with a bracketing secant (Illinois) method.
            root = mpmath.findroot(lambda e: _shoot(e, L), (lo, hi), solver="illinois",
                                   tol=mpmath.mpf(10) ** (-2 * (dps + 5)), maxsteps=200)
            if not lo <= root <= hi:
                raise ArithmeticError("the root left its bracket")
            results.append(root)
    return results[0], results[1]
