"""The optimal drift of a log-location noise law, and the scale that meets an error target.

For a symmetric law X with density f (``noise_laws``) and a scale s > 0, the
drift ``a`` minimises E|exp(sX - a) - 1|.  Setting the derivative in ``a`` to
zero (as in §4.1 of the paper) shows that ``a/s`` is the median of the
exponentially tilted law f(x) e^{sx} / E e^{sX}; at that drift the two tilted
halves cancel and the minimal error is 2 F(a/s) - 1, which is Lemma 4.1,
eq. (8) when X is normal (drift s^2, error 2 Phi(s) - 1).
"""
from __future__ import annotations

import mpmath
from flint import arb

from ...core.numbers.precision import GUARD_DIGITS
from ..noise.laws import NoiseLawError, check_dps, noise_law, quad_over_law
from ..numerics.arb_numbers import ball_of, value_of
from ..numerics.arb_quadrature import line_integrals, require_digits


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
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        a = mpmath.mpf(a)
        return quad_over_law(law, lambda x: abs(mpmath.expm1(s * x - a)) * law.density(x), extra=(a / s,))


def tilted_median(law, s, dps: int):
    """The median q of the tilted law f(x) e^{sx} / E e^{sX}, by Newton's method.

    The optimal drift is a = s q (see the module docstring)."""
    law = noise_law(law)
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
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
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        return s * _tilted_median(law, s)


def minimal_multiplicative_error(law, s, dps: int):
    """min_a E|exp(sX - a) - 1| = 2 F(q) - 1, q the tilted median (generalised Lemma 4.1)."""
    law = noise_law(law)
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
        s = _check_scale(law, s)
        q = _tilted_median(law, s)
        return 2 * law.cdf(q) - 1


def quantile(law, p, dps: int):
    """F^{-1}(p) by Newton's method on the distribution function."""
    law = noise_law(law)
    with mpmath.workdps(check_dps(dps) + GUARD_DIGITS):
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
    dps = check_dps(dps)
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
