"""The ground state of -d^2/dx^2 + |x| on the line, computed without Airy functions.

The Airy law f(x) = Ai(|x| + a1')^2 / Z (``noise_laws``) is the normalised
square of this ground state, whose energy is -a1' = |a1'|; it minimises
I(X) (E|X|)^2 over all densities, at 16 |a1'|^3 / 27.  Shooting from the even
initial data u(0) = 1, u'(0) = 0 with the Taylor series of u'' = (x - E) u
gives the energy from the equation alone, a route independent of the Airy
functions that the law's constants come from.
"""
from __future__ import annotations

import mpmath

from ...core.numbers.precision import GUARD_DIGITS
from ..noise.laws import check_dps


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
    dps = check_dps(dps)
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
