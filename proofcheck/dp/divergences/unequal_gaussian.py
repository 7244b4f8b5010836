"""The unequal-variance Gaussian X_n ~ N(n, r²n²), (33), and why it fails Definition 2.1 (§7).

Lemma 7.1.  For P = N(μ_P, s_P²), Q = N(μ_Q, s_Q²) and α > 1, D_α(P ‖ Q) is
finite if and only if

    α s_Q² + (1 − α) s_P² > 0.                                        (34)

On a positive edge n ↔ n + 1 the reverse divergence, from the larger-variance
law X_{n+1} to X_n, is therefore finite only for

    α < (n + 1)²/(2n + 1),                                             (35)

and on the edge 0 ↔ 1, X_0 = N(0, 0) is the point mass at 0 while X_1 has a
density, so both directions are infinite at every α > 1 (each law charges a
set the other does not).

When (34) holds the divergence has the closed form (Gil, Alajaji and Linder
2013, "Rényi divergence measures for commonly used univariate continuous
distributions", Table 2)

    D_α = log(s_Q/s_P) + log(s_Q²/s_α²)/(2(α − 1)) + α(μ_P − μ_Q)²/(2 s_α²),
    s_α² = α s_Q² + (1 − α) s_P².

``divergence_evidence`` shows (35) numerically, without the closed form: it
integrates p^α q^{1−α} by quadrature over windows [m − R, m + R] whose
half-width R doubles, and reports whether the added mass shrinks to nothing
(the integral converges) or keeps growing (it diverges).  A finite number of
windows cannot prove divergence; what it shows is that the truncated integrals
grow at least geometrically out to the largest window, while below the
threshold they settle on the closed form.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import mpmath

from ...core.model.errors import DomainError
from ...core.numbers.precision import GUARD_DIGITS
from ..numerics.exact_inputs import count, exact, to_mpf
from .renyi import AtomPlusDensity, gaussian_law, order, point_mass


def _tolerance(r) -> Fraction:
    r = exact(r, "r")
    if not 0 < r <= 1:
        raise DomainError("r", f"must lie in (0, 1], got {r}")
    return r


def law(n, r, dps: int = 30) -> AtomPlusDensity:
    """X_n of (33): N(n, r²n²), its constants at ``dps`` plus guard digits; δ_0 when n = 0."""
    n, r = count(n, "n"), _tolerance(r)
    if n == 0:
        return point_mass(0)
    with mpmath.workdps(dps + GUARD_DIGITS):
        return gaussian_law(n, to_mpf(r * n))


def finite_order_condition(alpha, s_p, s_q) -> bool:
    """(34), decided exactly on rationals: α s_Q² + (1 − α) s_P² > 0."""
    alpha = order(alpha)
    s_p, s_q = exact(s_p, "s_p"), exact(s_q, "s_q")
    if s_p <= 0 or s_q <= 0:
        raise DomainError("s_p" if s_p <= 0 else "s_q", "a standard deviation must be positive")
    return alpha * s_q ** 2 + (1 - alpha) * s_p ** 2 > 0


def reverse_threshold(n) -> Fraction:
    """(35): the order (n + 1)²/(2n + 1) from which D_α(X_{n+1} ‖ X_n) is infinite (n ≥ 1)."""
    n = count(n, "n")
    if n < 1:
        raise DomainError("n", "the edge 0 <-> 1 is infinite at every order; (35) is for n >= 1")
    return Fraction((n + 1) ** 2, 2 * n + 1)


def renyi_closed_form(mu_p, s_p, mu_q, s_q, alpha):
    """D_α(N(μ_P, s_P²) ‖ N(μ_Q, s_Q²)) (Gil et al. 2013); mpmath.inf when (34) fails."""
    alpha_exact = order(alpha)
    if alpha_exact != 1 and not (alpha_exact < 1 or finite_order_condition(alpha_exact, s_p, s_q)):
        return mpmath.inf
    alpha = to_mpf(alpha_exact)
    mu_p, mu_q = to_mpf(exact(mu_p, "mu_p")), to_mpf(exact(mu_q, "mu_q"))
    var_p, var_q = to_mpf(exact(s_p, "s_p")) ** 2, to_mpf(exact(s_q, "s_q")) ** 2
    if alpha_exact == 1:
        return (mpmath.log(var_q / var_p) + var_p / var_q - 1 + (mu_p - mu_q) ** 2 / var_q) / 2
    var_alpha = alpha * var_q + (1 - alpha) * var_p
    return (mpmath.log(var_q / var_p) / 2 + mpmath.log(var_q / var_alpha) / (2 * (alpha - 1))
            + alpha * (mu_p - mu_q) ** 2 / (2 * var_alpha))


@dataclass(frozen=True)
class DivergenceEvidence:
    """Truncated integrals ∫_{m−R}^{m+R} p^α q^{1−α} for doubling R (logs, to keep huge values)."""

    radii: tuple
    log_integrals: tuple
    log_shells: tuple
    verdict: str  # "converges", "diverges" or "undecided"

    @property
    def log_limit(self):
        return self.log_integrals[-1]


def divergence_evidence(mu_p, s_p, mu_q, s_q, alpha, doublings: int = 14, dps: int = 20,
                        confirm: int = 4) -> DivergenceEvidence:
    """Quadrature of the Rényi integral over windows of half-width R = s_P·2^k, k = 0..doublings.

    The doubling stops early once a window adds nothing at this precision.

    "converges": the mass added by the last doubling is below 10^-(3·dps/5)
    of the total.  "diverges": over the last ``confirm`` doublings the mass
    added grows, and its logarithm grows ever faster, and the integrand at the
    window's edge exceeds its value at half the radius (a tail that grows
    cannot be integrable).  Otherwise "undecided" -- as near the threshold,
    where the integrand is a Gaussian whose peak lies beyond the largest window.
    """
    alpha_exact = order(alpha)
    with mpmath.workdps(dps + GUARD_DIGITS):
        alpha = to_mpf(alpha_exact)
        mu_p, mu_q = to_mpf(exact(mu_p, "mu_p")), to_mpf(exact(mu_q, "mu_q"))
        s_p, s_q = to_mpf(exact(s_p, "s_p")), to_mpf(exact(s_q, "s_q"))
        p, q = gaussian_law(mu_p, s_p), gaussian_law(mu_q, s_q)

        def h(x):
            return alpha * p.log_density(x) + (1 - alpha) * q.log_density(x)

        negligible = -((3 * dps) // 5) * mpmath.log(10)
        radii = [s_p]
        log_shells = [_log_quad(h, mu_p - s_p, mu_p + s_p)]
        log_integrals = [log_shells[0]]
        for _ in range(doublings):
            inner, outer = radii[-1], 2 * radii[-1]
            shell = _log_add(_log_quad(h, mu_p - outer, mu_p - inner),
                             _log_quad(h, mu_p + inner, mu_p + outer))
            radii.append(outer)
            log_shells.append(shell)
            log_integrals.append(_log_add(log_integrals[-1], shell))
            if shell - log_integrals[-1] < negligible:
                break  # converged: further windows add nothing at this precision
        verdict = _verdict(log_shells, log_integrals, h, mu_p, radii[-1], dps, confirm)
        with mpmath.workdps(dps):
            return DivergenceEvidence(radii=tuple(+x for x in radii),
                                      log_integrals=tuple(+x for x in log_integrals),
                                      log_shells=tuple(+x for x in log_shells), verdict=verdict)


def edge_divergence_evidence(n, r, alpha, direction: str = "reverse", **options) -> DivergenceEvidence:
    """``divergence_evidence`` on the edge n ↔ n + 1 of (33) (n ≥ 1).

    "reverse" is D_α(X_{n+1} ‖ X_n), the direction (35) is about; "forward"
    is D_α(X_n ‖ X_{n+1}), finite at every order.
    """
    n, r = count(n, "n"), _tolerance(r)
    if n < 1:
        raise DomainError("n", "on the edge 0 <-> 1 X_0 is a point mass: use renyi_divergence "
                          "with law(0, r), which is infinite in both directions")
    big, small = (n + 1, r * (n + 1)), (n, r * n)
    if direction == "reverse":
        return divergence_evidence(big[0], big[1], small[0], small[1], alpha, **options)
    if direction == "forward":
        return divergence_evidence(small[0], small[1], big[0], big[1], alpha, **options)
    raise DomainError("direction", f"expected 'reverse' or 'forward', got {direction!r}")


def _verdict(log_shells, log_integrals, h, centre, radius, dps, confirm):
    digits = (3 * dps) // 5
    if log_shells[-1] - log_integrals[-1] < -digits * mpmath.log(10):
        return "converges"
    last = log_shells[-(confirm + 2):]
    steps = [later - earlier for earlier, later in zip(last, last[1:])]
    # A Gaussian-shaped integrand whose peak lies beyond the window also gives
    # growing shells, but its log-shells grow ever more slowly as the window
    # nears the peak; a non-integrable one grows ever faster.
    accelerating = all(step > 0 for step in steps) and \
        all(later >= earlier for earlier, later in zip(steps, steps[1:]))
    edge = max(h(centre - radius), h(centre + radius))
    if accelerating and edge >= max(h(centre - radius / 2), h(centre + radius / 2)):
        return "diverges"
    return "undecided"


def _log_quad(h, lower, upper):
    """log ∫_lower^upper e^{h(x)} dx for a log-quadratic h, scaled by its largest value."""
    candidates = [lower, upper]
    vertex = _vertex(h, lower, upper)
    if vertex is not None:
        candidates.append(vertex)
    top = max(h(x) for x in candidates)
    points = _points(lower, upper, vertex)
    value = mpmath.quad(lambda x: mpmath.exp(h(x) - top), points, maxdegree=8)
    if value <= 0:
        return -mpmath.inf
    return top + mpmath.log(value)


def _vertex(h, lower, upper):
    """The stationary point of the quadratic h, if it lies inside (lower, upper)."""
    mid = (lower + upper) / 2
    half = (upper - lower) / 2
    # h is quadratic: three values determine it exactly.
    a = (h(upper) - 2 * h(mid) + h(lower)) / (2 * half ** 2)
    b = (h(upper) - h(lower)) / (2 * half)
    if a == 0:
        return None
    vertex = mid - b / (2 * a)
    return vertex if lower < vertex < upper else None


def _points(lower, upper, vertex):
    points = [lower, (lower + upper) / 2, upper]
    if vertex is not None:
        points.append(vertex)
    return sorted(set(points))


def _log_add(a, b):
    if a == -mpmath.inf:
        return b
    if b == -mpmath.inf:
        return a
    top = max(a, b)
    return top + mpmath.log(mpmath.exp(a - top) + mpmath.exp(b - top))
