"""An explicit admissible Airy family whose iterated coefficient is 8|a1'|^3/27 (so C* <= 8|a1'|^3/27).

The paper calls a family {(M_r, v_r)} admissible (§6.5, after (31)) when, for every r in (0, 1),
M_r meets E_m|Y - m| <= r m for all m >= 1 and has a finite, nonincreasing count-dependent
zCDP budget v_r; C* is the infimum over admissible families of
liminf_r liminf_n r^2 n^2 v_r(n) (the display before (32)).

**The family.**  X the Airy law (E|X| = 2|a1'|/3, I = 4|a1'|/3: findings ``airy-mean-abs``,
``airy-fisher``, symbolic), C2 = E[X^2 e^{|X|}] < oo (the tails of f are below
e^{-(4/3)(|x| + a1')^{3/2}}, ``airy_log_derivative`` (iii)).  Let c = r and let s = s(r) be the
positive root of

    s E|X| + (s^2/2) C2 = r/(1 + r),

and release Y = [(m + c) e^{sX} - c]_+ (drift 0: no calibration of a drift is needed).  The
argument below needs s(r) <= 1; numerically C2 ~ 4.078 and s(r) < 0.36 for every r in (0, 1),
and in any case only small r enter the limit (for other r any admissible mechanism, e.g. the
paper's, completes the family).

**Utility.**  |e^u - 1| <= |u| + (u^2/2) e^{|u|} (the series of e^u - 1 - u, term by term), so
E|e^{sX} - 1| <= s E|X| + (s^2/2) C2 = r/(1 + r) for s <= 1.  Before clipping,
E|Y - m| = (m + c) E|e^{sX} - 1| <= (m + r) r/(1 + r) <= r m for m >= 1; clipping at 0 only moves
Y towards m >= 0.

**Budget.**  In log space the edge m - 1 <-> m is a shift of sX by log((m + c)/(m - 1 + c)), i.e.
of X by delta_m = log((m + c)/(m - 1 + c))/s, and both Renyi directions agree (f is even).  Let
e(m) = sup over alpha > 1 of D_alpha(X || X + delta_m)/alpha and v(n) = sup over m >= n of e(m)
(nonincreasing, and a valid zCDP budget for every edge at or beyond n; post-processing covers
the clipping).  By ``airy_renyi_bound``, e(m) <= max(KL(delta_m), B(delta_m)) <= |a1'| delta_m^2:
v is finite.

**The coefficient.**  n delta_n -> 1/s; delta_m <= delta_n for m >= n; B is increasing in delta
with B(delta)/delta^2 -> I/2, and KL(delta)/delta^2 -> I/2; so n^2 v(n) -> I/(2 s^2).  From the
defining equation, s(r)/r -> 1/E|X| as r -> 0, hence

    lim_r lim_n r^2 n^2 v_r(n) = I (E|X|)^2 / 2 = (4|a1'|/3)(2|a1'|/3)^2/2 = 8|a1'|^3/27.

What this rests on: the certified K(t) <= I t^2/2 for every real t (``sub_gaussian_score``,
``airy_score_cgf``), the lemma of ``airy_log_derivative`` and the theorem of
``airy_renyi_bound`` (proofs in their docstrings), and the symbolic E|X| and I.  The calibrated
family of ``log_location`` (optimal drift, finding ``airy-admissible-family``) has the same
coefficient; it is checked numerically and is not needed for the bound.
"""
from __future__ import annotations

import mpmath

from ..noise import laws as noise_laws
from ..numerics.airy_functions import first_zero_of_airy_derivative


def utility_constant(dps: int = 20):
    """C2 = E[X^2 e^{|X|}] for the Airy law, by mpmath quadrature (numeric; only its finiteness
    enters the limit, any upper bound keeps the family admissible).

    >>> 4.0 < float(utility_constant()) < 4.2
    True
    """
    law = noise_laws.noise_law("airy")
    with mpmath.workdps(dps + 10):
        return 2 * mpmath.quad(lambda x: x * x * mpmath.exp(x + law.log_density(x)), [0, 1, 4, mpmath.inf])


def scale(r, dps: int = 20):
    """s(r): the positive root of s E|X| + (s^2/2) C2 = r/(1 + r), E|X| = 2|a1'|/3."""
    with mpmath.workdps(dps + 10):
        r = mpmath.mpf(r)
        mean_abs = 2 * abs(first_zero_of_airy_derivative(dps + 10)) / 3
        c2, target = utility_constant(dps), r / (1 + r)
        return (-mean_abs + mpmath.sqrt(mean_abs**2 + 2 * c2 * target)) / c2


def drift_free_error(s, dps: int = 20):
    """E|e^{sX} - 1| for the Airy law, by mpmath quadrature (the error before clipping, per unit of m + c)."""
    law = noise_laws.noise_law("airy")
    with mpmath.workdps(dps + 10):
        s = mpmath.mpf(s)
        return mpmath.quad(lambda x: abs(mpmath.expm1(s * x)) * mpmath.exp(law.log_density(x)),
                           [-mpmath.inf, -4, 0, 4, mpmath.inf])
