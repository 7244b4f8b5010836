"""Noise laws for log-location mechanisms: density, score, E|X| and Fisher information.

The paper's mechanism (4), §3, adds a standard normal ``Z`` in log space.
Here the normal is one member of a list of symmetric location laws ``X`` with
a smooth (or piecewise smooth) density ``f``:

* ``gaussian``  f(x) = exp(-x^2/2)/sqrt(2 pi)            (the paper's law);
* ``laplace``   f(x) = exp(-|x|)/2;
* ``logistic``  f(x) = exp(-x)/(1 + exp(-x))^2;
* ``airy``      f(x) = Ai(|x| + a1')^2 / Z, with a1' ~ -1.0188 the first zero
                of Ai' and Z = -2 a1' Ai(a1')^2.

For each law this module computes, at a stated number of digits, E|X| and the
Fisher information I = E[(f'/f)(X)^2] by mpmath quadrature of the density
(self-normalised, so a wrong normaliser cannot hide).  The same quantities are
derived symbolically in ``symbolic_moments``; the optimal drift of the
log-location mechanism is in ``drift_calibration``.

Why these laws: in the small-error limit a log-location mechanism has leading
coefficient I(X) (E|X|)^2 / 2 (see ``log_location``), and the Airy law
minimises I (E|X|)^2 over all densities, at 16 |a1'|^3 / 27 (the ground
state of -d^2/dx^2 + |x|; ``linear_potential`` computes its energy without
Airy functions).

The Airy law is evaluated with Arb at the working precision plus guard bits
(``airy_functions``); each law also gives its log-density and score as Arb
balls, for the divergence integrals of ``log_location``.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb, ctx

from ...core.model.errors import ProofcheckError
from ...core.numbers import tanh_sinh
from ...core.numbers.precision import GUARD_DIGITS, MAX_QUADRATURE_DPS, arb_bits, validate_dps
from ..numerics.airy_functions import (
    airy_ai_pair,
    airy_ai_squared,
    airy_ai_squared_and_log_derivative,
    airy_log_ai_squared,
    first_zero_of_airy_derivative,
)
from ..numerics.arb_numbers import ball_of


class NoiseLawError(ProofcheckError):
    """A noise law was asked for something outside its domain; names the parameter."""


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
    tilt_limit: int | None = None

    def log_density(self, x):
        raise NotImplementedError

    def density(self, x):
        return mpmath.exp(self.log_density(x))

    def score(self, x):
        """d/dx log f(x) (0 at a symmetric kink)."""
        raise NotImplementedError

    def density_and_score(self, x):
        """(f(x), psi(x)), for a law to compute from shared work."""
        return self.density(x), self.score(x)

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

    def log_density_and_score_ball(self, x: arb) -> tuple:
        """(log f(x), psi(x)) as balls, for a law to compute from shared work."""
        return self.log_density_ball(x), self.score_ball(x)

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

    def density(self, x):
        return airy_ai_squared(abs(x) + self._a(), _airy_law_constants(mpmath.mp.prec)[3])

    def score(self, x):
        if x == 0:
            return mpmath.mpf(0)
        ai, aip = airy_ai_pair(abs(x) + self._a())
        return mpmath.sign(x) * 2 * aip / ai

    def density_and_score(self, x):
        inverse_z = _airy_law_constants(mpmath.mp.prec)[3]
        density, g = airy_ai_squared_and_log_derivative(abs(x) + self._a(), inverse_z)
        return density, (mpmath.sign(x) * 2 * g if x != 0 else mpmath.mpf(0))

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

    def log_density_and_score_ball(self, x):
        a, log_z = _airy_law_balls(ctx.prec)
        y = abs(x) + a
        ai = y.airy_ai()
        if x == 0:
            return 2 * ai.log() - log_z, arb(0)
        ratio = 2 * y.airy_ai(derivative=1) / ai
        return 2 * ai.log() - log_z, (ratio if x > 0 else -ratio)

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
    """(a1', log Z, log Z and 1/Z as Arb numbers) at ``prec`` bits, Z = -2 a1' Ai(a1')^2."""
    with mpmath.workprec(prec):
        a = first_zero_of_airy_derivative(mpmath.mp.dps + GUARD_DIGITS)
        ai, _ = airy_ai_pair(a)
        log_z = mpmath.log(-2 * a) + 2 * mpmath.log(ai)
        return +a, log_z, ball_of(log_z), ball_of(1 / (-2 * a * ai**2))


@lru_cache(maxsize=1024)
def _airy_law_balls(prec: int):
    """(a1', log Z) as Arb balls at ``prec`` bits (kept for many precisions: a quadrature node's
    precision includes the guard bits of its own tail)."""
    with arb_bits(prec):
        a = arb.airy_ai_zero(1, derivative=1)
        return a, (-2 * a).log() + 2 * a.airy_ai().log()


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

def check_dps(dps) -> int:
    """``dps`` checked by the one digit validator, with the quadrature's cap."""
    return validate_dps(dps, "dps", high=MAX_QUADRATURE_DPS, error=NoiseLawError)


def quad_over_law(law, integrand, extra=()):
    """The integral of ``integrand`` over the line by tanh-sinh, split at the law's knots and ``extra``."""
    return _checked_quad(law, integrand, law.breakpoints(*extra))


def quad_over_half_line(law, integrand):
    """The integral of ``integrand`` over x >= 0 by tanh-sinh, split at the law's knots there."""
    points = sorted({mpmath.mpf(0)} | {mpmath.mpf(k) for k in law.knots if k > 0})
    return _checked_quad(law, integrand, points + [mpmath.inf])


def _checked_quad(law, integrand, points):
    value, error = tanh_sinh.quad(integrand, points, error=True, maxdegree=12)
    if error > mpmath.mpf(10) ** (-(mpmath.mp.dps - GUARD_DIGITS)) * max(1, abs(value)):
        raise ArithmeticError(f"quadrature did not converge for the {law.name} law "
                              f"(error estimate {mpmath.nstr(error, 3)})")
    return value


def total_mass(law, dps: int):
    """The integral of the density: 1 when the normaliser is right."""
    return _moment(noise_law(law).name, "mass", check_dps(dps))


def mean_absolute_value(law, dps: int):
    """E|X| by quadrature, self-normalised."""
    name, dps = noise_law(law).name, check_dps(dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        return _moment(name, "abs", dps) / _moment(name, "mass", dps)


def fisher_information(law, dps: int):
    """I(X) = E[(f'/f)(X)^2] by quadrature, self-normalised."""
    name, dps = noise_law(law).name, check_dps(dps)
    with mpmath.workdps(dps + GUARD_DIGITS):
        return _moment(name, "score2", dps) / _moment(name, "mass", dps)


@lru_cache(maxsize=256)
def _moment(name, which, dps):
    """One integral of the density, computed once per law and precision: twice the integral
    over x >= 0, the density and each weight being even."""
    law = LAWS[name]
    integrands = {"mass": law.density, "abs": lambda x: x * law.density(x),
                  "score2": lambda x: _score_squared_times_density(law, x)}
    with mpmath.workdps(dps + GUARD_DIGITS):
        return 2 * quad_over_half_line(law, integrands[which])


def _score_squared_times_density(law, x):
    density, score = law.density_and_score(x)
    return score * score * density


def information_spread_product(law, dps: int):
    """I(X) (E|X|)^2, the quantity the Airy law minimises."""
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
        return fisher_information(law, dps) * mean_absolute_value(law, dps)**2


def limit_coefficient(law, dps: int):
    """I(X) (E|X|)^2 / 2: the small-error coefficient of the log-location mechanism."""
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
        return information_spread_product(law, dps) / 2


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
        with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
            a = first_zero_of_airy_derivative(mpmath.mp.dps)
            # Twice the integral over x >= 0: Ai(|x| + a1')^2 is even.
            return 2 * quad_over_half_line(law, lambda x: airy_ai_squared(x + a, arb(1)))
    return QUANTITIES[name](law, dps)
