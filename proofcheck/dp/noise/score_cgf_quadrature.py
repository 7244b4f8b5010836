"""The score's cumulant generating function of a noise law, by mpmath's tanh-sinh quadrature.

K(t) = log E exp(t psi(X)), psi = (log f)' the score of a symmetric law (``noise_laws``).
With f even and psi odd,

    E exp(t psi(X)) = integral_0^oo f(x) (e^{t psi(x)} + e^{-t psi(x)}) dx
                    = e^{h*} integral_0^oo e^{h(x) - h*} (1 + e^{-2 |t psi(x)|}) dx,

h = log f + |t psi| and h* its value near its peak.  The peak splits the half line,
and dividing by e^{h*} keeps the integral of order one: tanh-sinh decides convergence
on an absolute error, which an integral of e^{900} (the Airy law at t = 100) never
reaches.  The integrand is evaluated with Arb at the working precision plus guard bits
and read back only when its ball is that narrow; a quadrature whose error estimate
does not reach the digits is refused.

This is the numeric cross-check beside ``airy_score_cgf``, whose Arb integrals
(``acb.integral``) certify K(t) <= I t^2/2: a second, independent engine.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath

from ...core.numbers.golden import golden_section_maximum
from ...core.numbers.precision import GUARD_DIGITS, arb_bits
from ..numerics.arb_numbers import ball_of, checked_value_of, tail_guard_bits
from .laws import noise_law

ONE = mpmath.mpf(1)

#: Steps of the golden-section search for the peak (it only places a breakpoint and a scale).
PEAK_STEPS = 40


def _log_tilted(law, t, x):
    """(h(x), |t psi(x)|) as Arb balls for x >= 0, h = log f + |t psi|, at the working precision
    plus the guard bits of the tails (the caller sets them)."""
    log_density, score = law.log_density_and_score_ball(ball_of(x))
    lift = abs(t * score)
    return log_density + lift, lift


def _peak(law, t):
    """Roughly where h peaks on x >= 0 (0 when it decreases from the start), at low precision."""
    with mpmath.workdps(15):
        def h(x):
            with arb_bits(mpmath.mp.prec + tail_guard_bits(x)):
                return checked_value_of(_log_tilted(law, t, x)[0], scale=ONE)

        best, best_value, x = mpmath.mpf(0), h(mpmath.mpf(0)), mpmath.mpf(1) / 4
        while True:
            value = h(x)
            if not value > best_value:
                break
            if x > 10**12:
                raise ArithmeticError("f e^{|t psi|} does not decay: E exp(t psi(X)) is infinite")
            best, best_value, x = x, value, 2 * x
        if best == 0:
            return best
        return golden_section_maximum(h, best / 2, 2 * best, PEAK_STEPS, golden=(mpmath.sqrt(5) - 1) / 2)


@lru_cache(maxsize=256)
def score_log_mgf(law_name: str, t_text: str, dps: int):
    """K(t) at ``dps`` digits (working with guard digits), t a decimal string."""
    law = noise_law(law_name)
    with mpmath.workdps(dps + GUARD_DIGITS):
        t = ball_of(mpmath.mpf(t_text))
        peak = +_peak(law, t)
        with arb_bits(mpmath.mp.prec + tail_guard_bits(peak)):
            top = checked_value_of(_log_tilted(law, t, peak)[0], scale=ONE)
        top_ball = ball_of(top)

        def integrand(x):
            with arb_bits(mpmath.mp.prec + tail_guard_bits(x)):
                value, lift = _log_tilted(law, t, x)
                # Read to the working precision of the peak's size (1): far out the integrand
                # is e^{-10^40}, whose ball is narrow only against 1, and only that matters.
                return checked_value_of((value - top_ball).exp() * (1 + (-2 * lift).exp()), scale=ONE)

        points = [mpmath.mpf(0), peak, mpmath.inf] if peak > 0 else [mpmath.mpf(0), mpmath.inf]
        value, error = mpmath.quad(integrand, points, error=True, maxdegree=12)
        if not error <= mpmath.mpf(10) ** (-dps) * max(1, abs(value)):
            raise ArithmeticError(f"the quadrature of the score's CGF at t = {t_text} did not converge "
                                  f"(error estimate {mpmath.nstr(error, 3)})")
        return top + mpmath.log(value)
