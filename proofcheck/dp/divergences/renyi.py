"""Rényi divergence, by quadrature of its definition and in closed form for Gaussians.

For laws P and Q with densities p and q with respect to a common measure μ,

    D_α(P‖Q) = 1/(α−1) · log ∫ p^α q^{1−α} dμ,        0 < α, α ≠ 1

(van Erven and Harremoës 2014, Definition 2).  The laws handled here are a
point mass plus a density on an interval -- the clipped release (4) of the
shifted-log Gaussian mechanism is an atom at 0 plus a density on (0, ∞) --
so μ is (point mass at the atom) + Lebesgue and the integral splits as

    P({a})^α Q({a})^{1−α}  +  ∫ p(y)^α q(y)^{1−α} dy.

Edges, handled explicitly:

* α = 1 is the Kullback–Leibler divergence ∫ p log(p/q) dμ, the limit
  α → 1 (van Erven and Harremoës 2014, Theorem 5).  It is computed from its
  own definition, not by extrapolating in α.
* α = ∞, the max divergence log ess sup p/q, is a supremum rather than an
  integral; ``renyi_divergence`` refuses it.
* For α > 1 and for α = 1, if P charges a set that Q does not (an atom of P
  where Q has none, or density of P outside the support of Q's density) the
  divergence is +∞ (0 < P-mass against 0^{1−α} = ∞); this is returned
  without quadrature.  For 0 < α < 1 such parts contribute zero.

Closed form: for equal-variance Gaussians (Bun and Steinke 2016, Lemma 2.4;
the paper's (11))

    D_α(N(μ, σ²) ‖ N(ν, σ²)) = α (μ − ν)² / (2σ²),

for every α > 0, the KL divergence included (α = 1); at α = ∞ it is +∞
unless μ = ν.

Quadrature: the integral is taken in a coordinate t in which the densities
are smooth on the whole line (for the shifted-log release, t = log(y + c),
in which each law is Gaussian).  The log-integrand g(t) is located by Newton
steps from the tilted centre α t_P + (1 − α) t_Q, and tanh-sinh quadrature is
split at multiples of the integrand's width around that peak.  The working
precision is ``dps`` plus guard digits, and a quadrature whose own error
estimate exceeds 10^-(3·dps/5) of the result raises ``QuadratureError``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import mpmath

from ...core.model.errors import DomainError
from ...core.numbers import tanh_sinh
from ...core.numbers.precision import GUARD_DIGITS
from ..numerics.exact_inputs import exact, to_mpf

# Split points around the peak of a bell-shaped integrand, in units of its
# width: exp(-16²/2) is far below any working precision used here, and the
# outermost pieces run on to the ends of the interval anyway.
_BELL_SPLITS = (-16, -11, -7, -4, -2, -1, 0, 1, 2, 4, 7, 11, 16)
# For an integrand decaying away from an end of the interval at rate 1/width.
_EDGE_SPLITS = (1, 3, 7, 15, 30, 60, 120)


class QuadratureError(ArithmeticError):
    """The quadrature's own error estimate did not reach the requested digits."""


@dataclass(frozen=True)
class Coordinate:
    """An increasing bijection t ↦ y(t) from the real line onto (lower, upper).

    ``log_jacobian(t)`` is log y'(t); ``to_t`` is the inverse map.  Two
    coordinates are the same when their ``key`` is.
    """

    key: tuple
    to_y: Callable = field(compare=False)
    to_t: Callable = field(compare=False)
    log_jacobian: Callable = field(compare=False)
    lower: object = field(compare=False, default=-mpmath.inf)
    upper: object = field(compare=False, default=mpmath.inf)


def identity_coordinate() -> Coordinate:
    return Coordinate(key=("identity",), to_y=lambda t: t, to_t=lambda y: y,
                      log_jacobian=lambda t: mpmath.mpf(0))


def shifted_log_coordinate(shift) -> Coordinate:
    """t = log(y + shift), mapping (−shift, ∞) onto the line: y = e^t − shift, dy/dt = e^t."""
    shift = mpmath.mpf(shift)
    return Coordinate(key=("shifted-log", shift), to_y=lambda t: mpmath.exp(t) - shift,
                      to_t=lambda y: mpmath.log(y + shift), log_jacobian=lambda t: t,
                      lower=-shift, upper=mpmath.inf)


def _reflected_log_coordinate(upper) -> Coordinate:
    """t = −log(upper − y), mapping (−∞, upper) onto the line."""
    return Coordinate(key=("reflected-log", upper), to_y=lambda t: upper - mpmath.exp(-t),
                      to_t=lambda y: -mpmath.log(upper - y), log_jacobian=lambda t: -t,
                      lower=-mpmath.inf, upper=upper)


@dataclass(frozen=True)
class AtomPlusDensity:
    """A law on the line: mass ``atom`` at ``atom_at`` plus a density on (lower, upper).

    ``log_density(y)`` is the log of the density at y (None: no continuous
    part).  ``coordinate`` is the law's natural quadrature coordinate and
    ``log_density_t(t)``, if given, is log_density(y(t)) evaluated without
    forming y -- which keeps its digits where y(t) would cancel (near −c for
    the shifted-log coordinate).  ``center`` is a point y near which the
    density's mass lies; it seeds the search for the integrand's peak.
    """

    atom: object = 0
    atom_at: object = 0
    log_density: Optional[Callable] = None
    lower: object = -mpmath.inf
    upper: object = mpmath.inf
    coordinate: Optional[Coordinate] = None
    log_density_t: Optional[Callable] = None
    center: object = None
    label: str = field(default="", compare=False)


def point_mass(at=0) -> AtomPlusDensity:
    return AtomPlusDensity(atom=1, atom_at=at, label=f"point mass at {at}")


def gaussian_law(mean, sd) -> AtomPlusDensity:
    """N(mean, sd²) as a law on the line (sd > 0), its constants at the ambient precision."""
    mean, sd = mpmath.mpf(mean), mpmath.mpf(sd)
    log_norm = -mpmath.log(sd) - mpmath.log(2 * mpmath.pi) / 2

    def log_density(y):
        z = (y - mean) / sd
        return log_norm - z * z / 2

    return AtomPlusDensity(log_density=log_density, center=mean, label=f"N({mean}, {sd}^2)")


def order(alpha):
    """A Rényi order as an exact rational α > 0; α = ∞ is refused (see the module)."""
    if isinstance(alpha, (float, mpmath.mpf)) and alpha == mpmath.inf or \
            isinstance(alpha, str) and alpha.strip().lower() in ("inf", "+inf", "infinity"):
        raise DomainError("alpha", "the max divergence (alpha = inf) is a supremum, "
                          "not an integral; it is not computed by quadrature")
    value = exact(alpha, "alpha")
    if value <= 0:
        raise DomainError("alpha", f"a Renyi order must be positive, got {alpha!r}")
    return value


def gaussian_equal_variance(mu, nu, sigma, alpha):
    """(11): D_α(N(μ, σ²) ‖ N(ν, σ²)) = α (μ − ν)²/(2σ²); α = 1 is the KL divergence.

    Arguments may be exact (int, Fraction, decimal string) or mpf; the value is
    computed at the ambient mpmath precision.  α = ∞ gives ∞ unless μ = ν.
    """
    sigma = mpmath.mpf(sigma)
    if not sigma > 0:
        raise DomainError("sigma", f"must be positive, got {sigma}")
    difference = mpmath.mpf(mu) - mpmath.mpf(nu)
    if isinstance(alpha, (float, mpmath.mpf)) and alpha == mpmath.inf:
        return mpmath.mpf(0) if difference == 0 else mpmath.inf
    alpha = to_mpf(order(alpha))
    return alpha * difference ** 2 / (2 * sigma ** 2)


def renyi_divergence(p: AtomPlusDensity, q: AtomPlusDensity, alpha, dps: int = 30):
    """D_α(P ‖ Q) by quadrature of the definition, at ``dps`` digits (mpf, or mpmath.inf)."""
    alpha_exact = order(alpha)
    with mpmath.workdps(dps + GUARD_DIGITS):
        alpha_mp = to_mpf(alpha_exact)
        if alpha_exact == 1:
            value = _kl(p, q, dps)
        else:
            log_integral = renyi_log_integral(p, q, alpha_mp, dps)
            if log_integral == mpmath.inf:
                value = mpmath.inf
            elif log_integral == -mpmath.inf:
                # Mutually singular laws: the integral is zero, D_α = +∞ for α < 1.
                value = mpmath.inf
            else:
                value = log_integral / (alpha_mp - 1)
    with mpmath.workdps(dps):
        return +value


def renyi_log_integral(p: AtomPlusDensity, q: AtomPlusDensity, alpha, dps: int = 30):
    """log ∫ p^α q^{1−α} dμ (±∞ at the absolute-continuity edges), at the ambient precision."""
    alpha = mpmath.mpf(alpha)
    above_one = alpha > 1
    logs = []
    atom_term = _atom_log_term(p, q, alpha, above_one)
    if atom_term == mpmath.inf:
        return mpmath.inf
    if atom_term is not None:
        logs.append(atom_term)
    if p.log_density is not None:
        if q.log_density is None:
            if above_one:
                return mpmath.inf
        else:
            lower, upper = _common_interval(p, q, above_one)
            if lower is None:
                return mpmath.inf
            if lower < upper:
                coordinate = _coordinate(p, q, lower, upper)
                log_p, log_q = _log_density_in(p, coordinate), _log_density_in(q, coordinate)

                def log_integrand(t):
                    return alpha * log_p(t) + (1 - alpha) * log_q(t) + coordinate.log_jacobian(t)

                scaled, log_scale = _scaled_quad(log_integrand, None, p, q, alpha, coordinate,
                                                 lower, upper, dps)
                if scaled > 0:
                    logs.append(mpmath.log(scaled) + log_scale)
    if not logs:
        return -mpmath.inf
    top = max(logs)
    return top + mpmath.log(mpmath.fsum(mpmath.exp(x - top) for x in logs))


def _atom_log_term(p, q, alpha, above_one):
    """log P({a})^α Q({a})^{1−α}; None if the term vanishes; inf if it is infinite."""
    p_atom, q_atom = mpmath.mpf(p.atom), mpmath.mpf(q.atom)
    if p_atom == 0:
        return None
    if q_atom == 0 or mpmath.mpf(q.atom_at) != mpmath.mpf(p.atom_at):
        return mpmath.inf if above_one else None
    return alpha * mpmath.log(p_atom) + (1 - alpha) * mpmath.log(q_atom)


def _common_interval(p, q, above_one):
    """The interval of integration; (None, None) when P's density leaves Q's support (α ≥ 1)."""
    p_lower, p_upper = mpmath.mpf(p.lower), mpmath.mpf(p.upper)
    q_lower, q_upper = mpmath.mpf(q.lower), mpmath.mpf(q.upper)
    if above_one and (p_lower < q_lower or p_upper > q_upper):
        return None, None
    return max(p_lower, q_lower), min(p_upper, q_upper)


def _kl(p, q, dps):
    """KL(P ‖ Q) = P({a}) log(P({a})/Q({a})) + ∫ p log(p/q) dy."""
    total = mpmath.mpf(0)
    p_atom = mpmath.mpf(p.atom)
    if p_atom > 0:
        q_atom = mpmath.mpf(q.atom) if mpmath.mpf(q.atom_at) == mpmath.mpf(p.atom_at) else 0
        if q_atom == 0:
            return mpmath.inf
        total += p_atom * (mpmath.log(p_atom) - mpmath.log(q_atom))
    if p.log_density is not None:
        if q.log_density is None:
            return mpmath.inf
        lower, upper = _common_interval(p, q, True)
        if lower is None:
            return mpmath.inf
        coordinate = _coordinate(p, q, lower, upper)
        log_p, log_q = _log_density_in(p, coordinate), _log_density_in(q, coordinate)

        def log_weight(t):  # the bell is P's own density: the tilt at α = 1
            return log_p(t) + coordinate.log_jacobian(t)

        def log_ratio(t):
            return log_p(t) - log_q(t)

        scaled, log_scale = _scaled_quad(log_weight, log_ratio, p, q, mpmath.mpf(1), coordinate,
                                         lower, upper, dps)
        total += scaled * mpmath.exp(log_scale)
    return total


def _coordinate(p, q, lower, upper):
    for law in (p, q):
        if law.coordinate is not None and law.coordinate.lower <= lower and upper <= law.coordinate.upper:
            return law.coordinate
    if lower == -mpmath.inf and upper == mpmath.inf:
        return identity_coordinate()
    if upper == mpmath.inf:
        return shifted_log_coordinate(-lower)
    if lower == -mpmath.inf:
        return _reflected_log_coordinate(upper)
    return identity_coordinate()


def _log_density_in(law, coordinate):
    """t ↦ log density of ``law`` at y(t)."""
    if law.log_density_t is not None and law.coordinate == coordinate:
        return law.log_density_t
    return lambda t: law.log_density(coordinate.to_y(t))


def _to_t(coordinate, y):
    if y == coordinate.lower:
        return -mpmath.inf
    if y == coordinate.upper:
        return mpmath.inf
    return coordinate.to_t(y)


def _scaled_quad(g, factor, p, q, alpha, coordinate, lower, upper, dps):
    """(I, s) with ∫ exp(g(t)) · factor(t) dt = I · e^s over the t-image of (lower, upper).

    The integrand is divided by e^s, s = g(peak), before integrating, so that
    neither a huge nor a tiny integral leaves the working range.  ``factor``
    None means 1.
    """
    t_lower, t_upper = _to_t(coordinate, lower), _to_t(coordinate, upper)
    peak, width, edge = _locate_peak(g, p, q, alpha, coordinate, t_lower, t_upper)
    log_scale = g(peak)

    def integrand(t):
        exponent = g(t)
        # Far out in a tail y(t) can round onto the end of the support, where
        # log-densities give -inf - (-inf); the true integrand there is below
        # any working precision.
        if not mpmath.isfinite(exponent):
            return mpmath.mpf(0)
        value = mpmath.exp(exponent - log_scale)
        return value if factor is None else value * factor(t)

    points = _split_points(peak, width, edge, t_lower, t_upper)
    value, error = tanh_sinh.quad(integrand, points, error=True, maxdegree=10)
    digits = (3 * dps) // 5
    if not error <= mpmath.mpf(10) ** (-digits) * max(abs(value), mpmath.mpf(10) ** (-dps)):
        raise QuadratureError(f"quadrature error estimate {mpmath.nstr(error, 3)} does not reach "
                              f"{digits} digits of {mpmath.nstr(value, 5)}")
    return value, log_scale


def _locate_peak(g, p, q, alpha, coordinate, t_lower, t_upper):
    """(peak, width, edge) of exp(g) on (t_lower, t_upper).

    Newton steps on g' from the tilted centre α t_P + (1 − α) t_Q, which is the
    exact peak when both laws are equal-variance Gaussians in t.  ``edge`` is
    −1 or +1 when g still rises towards that end of the interval (the peak is
    clamped there), else 0.
    """
    t0 = _seed(p, q, alpha, coordinate, t_lower, t_upper)
    t = t0
    with mpmath.workdps(max(20, mpmath.mp.dps // 2)):
        for _ in range(40):
            d1 = mpmath.diff(g, t, 1)
            d2 = mpmath.diff(g, t, 2)
            if not d2 < 0:
                break
            step = d1 / d2
            new_t = _clamp(t - step, t_lower, t_upper)
            if abs(new_t - t) <= mpmath.mpf(10) ** (-8) * (1 + abs(t)):
                t = new_t
                break
            t = new_t
        d1 = mpmath.diff(g, t, 1)
        d2 = mpmath.diff(g, t, 2)
    edge = -1 if t == t_lower else 1 if t == t_upper else 0
    if d2 < 0:
        width = 1 / mpmath.sqrt(-d2)
    elif d1 != 0:
        width = 1 / abs(d1)
    else:
        width = mpmath.mpf(1)
    if edge:
        width = min(width, 1 / abs(d1)) if d1 != 0 else width
    return +t, +width, edge


def _seed(p, q, alpha, coordinate, t_lower, t_upper):
    centres = []
    for law in (p, q):
        centre = law.center if law.center is not None else _midpoint(law)
        centres.append(_to_t(coordinate, mpmath.mpf(centre)))
    t_p, t_q = centres
    if not (mpmath.isfinite(t_p) and mpmath.isfinite(t_q)):
        t_p = t_q = mpmath.mpf(0)
    return _clamp(alpha * t_p + (1 - alpha) * t_q, t_lower, t_upper)


def _midpoint(law):
    lower, upper = mpmath.mpf(law.lower), mpmath.mpf(law.upper)
    if mpmath.isfinite(lower) and mpmath.isfinite(upper):
        return (lower + upper) / 2
    if mpmath.isfinite(lower):
        return lower + 1
    if mpmath.isfinite(upper):
        return upper - 1
    return mpmath.mpf(0)


def _clamp(t, lower, upper):
    return min(max(t, lower), upper)


def _split_points(peak, width, edge, t_lower, t_upper):
    if edge == 0:
        inner = [peak + k * width for k in _BELL_SPLITS]
    else:
        inner = [peak - edge * k * width for k in _EDGE_SPLITS]
    inner = sorted(t for t in inner if t_lower < t < t_upper)
    return [t_lower] + inner + [t_upper]
