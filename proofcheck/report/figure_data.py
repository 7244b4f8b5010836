"""The numbers behind the report's figures, computed without matplotlib.

Figures illustrate; they decide nothing.  The curves are computed with
mpmath (quadrature in its double-precision context where speed matters) and
handed to matplotlib as floats; every claim the figures depict is checked,
with stated precision, by the claims of the paper packs.

* ``budget_series``       v(n) of the shifted-log Gaussian mechanism, (5)-(6),
                          against the lower bounds (14), (23) and (19);
* ``coefficient_ladder``  the small-r leading coefficients of Table 2 and (32),
                          with the Airy-law coefficient beyond the paper;
* ``utility_series``      the exact expected error of the released value (4),
                          clipping included, relative to max(n, 1), against r;
* ``divergence_series``   D_alpha/alpha against alpha for the Gaussian, Laplace
                          and Airy laws at a fixed shift.

A series that needs a module not installed yet raises ``FigureUnavailable``
with the reason, never a traceback.
"""
from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath

fp = mpmath.fp


class FigureUnavailable(Exception):
    """The data of a figure cannot be computed (a module it needs is missing)."""


def _import(module: str, names: tuple[str, ...], figure: str):
    try:
        loaded = importlib.import_module(module)
    except ImportError as error:
        raise FigureUnavailable(f"the {figure} figure needs {module}, which is not available "
                                f"({type(error).__name__}: {error})") from None
    missing = [n for n in names if not hasattr(loaded, n)]
    if missing:
        raise FigureUnavailable(f"the {figure} figure needs {module}.{missing[0]}, "
                                f"which is not available")
    return [getattr(loaded, n) for n in names]


def log_grid(low: float, high: float, per_decade: int) -> list[float]:
    """Points evenly spaced in log scale from ``low`` to ``high``, both included."""
    decades = math.log10(high / low)
    count = max(2, int(round(decades * per_decade)) + 1)
    return [low * 10 ** (decades * i / (count - 1)) for i in range(count)]


def integer_log_grid(high: int, per_decade: int) -> list[int]:
    """Distinct integers from 1 to ``high``, evenly spaced in log scale."""
    return sorted({int(round(x)) for x in log_grid(1.0, float(high), per_decade)})


# -- (1) the budget against the lower bounds -----------------------------------------------

# Digits asked of the dp layer for plotted values: a figure needs three, and at
# twelve the wide Gaussian priors of (19) are summed in double precision.
FIGURE_DIGITS = 12
BUDGET_R = "0.1"
BUDGET_C = ("0.1", "1", "10")


def budget_series(r: str = BUDGET_R, cs=BUDGET_C, n_max: int = 10**6, per_decade: int = 6) -> dict:
    """v(n) for r0 = r/2 and each c, (5)-(6), and the lower bounds on every
    admissible mechanism's budget: (14) two counts, (23) the uniform prior at
    its best odd K, (19) the truncated-Gaussian prior of Corollary 6.7."""
    (mechanism,) = _import("proofcheck.dp.mechanisms.shifted_log_gaussian", ("ShiftedLogGaussian",), "budget")
    two_count, best_uniform, gaussian_prior = _import(
        "proofcheck.dp.lower_bounds.bounds", ("two_count_bound", "best_uniform_bound", "gaussian_prior_bound"),
        "budget")
    ns = integer_log_grid(n_max, per_decade)
    r_value = Fraction(r)     # exact, so that r = 0.1 means 1/10, not its binary neighbour
    digits = FIGURE_DIGITS
    try:
        curves = {c: [float(mechanism(r_value, c=Fraction(c), dps=15).v(n)) for n in ns] for c in cs}
        bounds = {
            "two-count bound (14)": [float(two_count(r_value, n, dps=digits)) for n in ns],
            "uniform prior (23), best odd K": [float(best_uniform(r_value, n, dps=digits)[0]) for n in ns],
            "Gaussian prior (19)": [float(gaussian_prior(r_value, n, dps=digits)) for n in ns],
        }
    except (ArithmeticError, ValueError, TypeError) as error:
        raise FigureUnavailable(f"the budget figure could not be computed: "
                                f"{type(error).__name__}: {error}") from None
    return {"r": r, "n": ns, "mechanism": curves, "bounds": bounds}


# -- (2) the coefficient ladder -------------------------------------------------------------

@dataclass(frozen=True)
class Rung:
    label: str        # matplotlib mathtext
    value: float
    role: str         # "lower", "upper" or "beyond"
    where: str        # where the paper states it


def airy_coefficient(dps: int = 20):
    """8|a1'|^3/27, the small-error coefficient I (E|X|)^2 / 2 of the Airy noise
    law (beyond the paper; the findings pack checks it), a1' the first zero of Ai'.

    Taken from ``proofcheck.dp.noise.laws`` (by quadrature of the law) when that
    module is installed, and otherwise from mpmath's zero of Ai'.
    """
    try:
        from ..dp.noise.laws import limit_coefficient
    except ImportError:  # the closed form below stands in
        limit_coefficient = None  # type: ignore[assignment]
    if limit_coefficient is not None:
        try:
            return limit_coefficient("airy", dps)
        except (ArithmeticError, ValueError):
            pass  # fall back to the closed form below
    with mpmath.workdps(dps):
        a1_prime = mpmath.airyaizero(1, derivative=1)
        return 8 * abs(a1_prime) ** 3 / 27


def coefficient_ladder() -> list[Rung]:
    """Table 2's small-r coefficients, (32)'s bracket and §5.1's c = 1 value."""
    with mpmath.workdps(30):
        e, pi = mpmath.e, mpmath.pi
        rungs = [
            Rung(r"$1/128$", float(mpmath.mpf(1) / 128), "lower", "two counts, (15), §8"),
            Rung(r"$3/(2e^3)$", float(3 / (2 * e**3)), "lower", "uniform prior, (25)"),
            Rung(r"$\pi/(4e^2)$", float(pi / (4 * e**2)), "lower", "Gaussian prior, (29)"),
            Rung(r"$8|a_1'|^3/27$", float(airy_coefficient()), "beyond",
                 "Airy noise law (beyond the paper)"),
            Rung(r"$1/\pi$", float(1 / pi), "upper", r"mechanism, $c \to 0$, (13), (32)"),
            Rung(r"$4/\pi$", float(4 / pi), "upper", "mechanism, c = 1, §5.1"),
        ]
    return rungs


# -- (3) the exact utility of the released value --------------------------------------------

def sigma_of(r0: float, c: float) -> float:
    """(3): sigma = Phi^{-1}(1/2 + r0/(2(1+c)))."""
    p = 0.5 + r0 / (2 * (1 + c))
    return float(mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1))


def released_error(n: int, r0: float, c: float) -> float:
    """E|x^ - n| for the released value (4), clipping at zero included, by
    quadrature of the definition over Z ~ N(0, 1).

    The integrand has kinks where the unclipped value crosses 0 (clipping
    starts) and n (the absolute value turns); the quadrature splits there.
    """
    s = sigma_of(r0, c)
    clip_at = (math.log(c / (n + c)) + s * s) / s     # (n+c) e^{sZ-s^2} = c
    turn_at = s                                        # (n+c) e^{sZ-s^2} = n + c, i.e. U_n = n
    normal = 1 / math.sqrt(2 * math.pi)

    def integrand(z):
        if z <= clip_at:      # released value 0: error n
            return n * normal * math.exp(-z * z / 2)
        # |U_n - n| phi(z) = (n+c)|e^{sz-s^2} - 1| phi(z), written so that no
        # factor overflows far in the tail
        return (n + c) * normal * abs(math.exp(s * z - s * s - z * z / 2) - math.exp(-z * z / 2))

    points = sorted({-fp.inf, clip_at, turn_at, fp.inf})
    return float(fp.quad(integrand, points))


def unclipped_error_bound(n: int, r0: float, c: float) -> float:
    """(9): E|U_n - n| = (n + c) r0/(1 + c), the bound of Theorem 3.1(i)."""
    return (n + c) * r0 / (1 + c)


UTILITY_COUNTS = (0, 1, 100)
UTILITY_C = (0.1, 1.0, 10.0)


def utility_series(counts=UTILITY_COUNTS, cs=UTILITY_C, points: int = 25) -> dict:
    """For r0 = r/2: the released value's relative error E|x^ - n|/max(n,1)
    against r in (0, 1], per count n and shift c, with the bound (9)."""
    rs = [i / points for i in range(1, points + 1)]
    panels = {}
    for n in counts:
        scale = max(n, 1)
        panels[n] = {c: {"exact": [released_error(n, r / 2, c) / scale for r in rs],
                         "bound": [unclipped_error_bound(n, r / 2, c) / scale for r in rs]}
                     for c in cs}
    return {"r": rs, "panels": panels}


# -- (4) D_alpha / alpha at a fixed shift ---------------------------------------------------

DIVERGENCE_SHIFT = 1.0


def gaussian_renyi(alpha: float, shift: float) -> float:
    """(11), Bun and Steinke 2016, Lemma 2.4, unit variance (Fisher information 1)."""
    return alpha * shift * shift / 2


def laplace_renyi(alpha: float, shift: float, scale: float = 1.0) -> float:
    """D_alpha(Lap(0,b) || Lap(shift,b)), Mironov 2017 (arXiv 1702.07476), Prop. 6;
    scale b = 1 has Fisher information 1/b^2 = 1."""
    t = shift / scale
    if alpha == 1:
        return t + math.exp(-t) - 1      # the KL limit alpha -> 1
    # log of alpha/(2a-1) e^{(a-1)t} + (a-1)/(2a-1) e^{-a t}, factored so that
    # large alpha cannot overflow.
    log_inner = (math.log(alpha / (2 * alpha - 1)) + (alpha - 1) * t
                 + math.log1p((alpha - 1) / alpha * math.exp(-(2 * alpha - 1) * t)))
    return log_inner / (alpha - 1)


class AiryLaw:
    """The density f(y) = Ai(|y| + a1')^2 / Z on the real line, a1' the first
    zero of Ai' (the noise law of the findings pack; beyond the paper).

    Z = -2 a1' Ai(a1')^2 from the antiderivative of Ai^2; E|Y| = 2|a1'|/3 and
    the Fisher information is 4|a1'|/3.  Logarithms of Ai far in its tail come
    from the asymptotic series (DLMF 9.7.5), where double precision underflows.
    """

    _TAIL = 20.0

    def __init__(self):
        self.a1_prime = float(mpmath.airyaizero(1, derivative=1))
        self.log_norm = math.log(-2 * self.a1_prime * float(mpmath.airyai(self.a1_prime)) ** 2)
        self.fisher_information = 4 * abs(self.a1_prime) / 3
        self._u = [math.gamma(3 * k + 0.5) / (54**k * math.factorial(k) * math.gamma(k + 0.5))
                   for k in range(8)]

    def log_ai(self, y: float) -> float:
        if y < self._TAIL:
            return math.log(fp.airyai(y))
        zeta = 2 * y**1.5 / 3
        series = sum((-1) ** k * u / zeta**k for k, u in enumerate(self._u))
        return -zeta - math.log(2 * math.sqrt(math.pi)) - math.log(y) / 4 + math.log(series)

    def log_density(self, y: float) -> float:
        return 2 * self.log_ai(abs(y) + self.a1_prime) - self.log_norm

    def renyi(self, alpha: float, shift: float) -> float:
        """D_alpha(f || f(. - shift)) by quadrature in log scale; alpha = 1 is KL."""
        if alpha == 1:
            def integrand(y):
                log_p = self.log_density(y)
                return math.exp(log_p) * (log_p - self.log_density(y - shift))
            return float(fp.quad(integrand, [-fp.inf, -2.0, 0.0, shift, shift + 2.0, fp.inf]))

        def log_integrand(y):
            return alpha * self.log_density(y) + (1 - alpha) * self.log_density(y - shift)
        # For large alpha the mass of p^alpha q^(1-alpha) moves out to y ~ -(alpha-1) shift,
        # where the ratio p/q of the two tails is largest.
        far = (alpha - 1) * shift
        points = sorted({-fp.inf, -4 * far - 10, -2 * far - 4, -far - 1, -far / 2, -1.0, 0.0,
                         shift, shift + 2.0, fp.inf})
        peak = max(log_integrand(y) for y in points if math.isfinite(y))
        integral = fp.quad(lambda y: math.exp(log_integrand(y) - peak), points)
        return (math.log(integral) + peak) / (alpha - 1)


def divergence_series(shift: float = DIVERGENCE_SHIFT, per_decade: int = 5,
                      alpha_max: float = 1000.0) -> dict:
    """D_alpha/alpha for alpha in (1, alpha_max], each law scaled to Fisher
    information 1 so that all share the small-shift KL shift^2/2; and the
    alpha -> 1 limit (KL), where the supremum sits for Laplace and Airy."""
    alphas = [1 + x for x in log_grid(1e-3, alpha_max - 1, per_decade)]
    airy = AiryLaw()
    # X = sqrt(I) Y has Fisher information 1, so a shift of X is shift/sqrt(I) in Y.
    airy_shift = shift / math.sqrt(airy.fisher_information)
    laws = {
        "Gaussian": ([gaussian_renyi(a, shift) / a for a in alphas], gaussian_renyi(1.0, shift)),
        "Laplace": ([laplace_renyi(a, shift) / a for a in alphas], laplace_renyi(1.0, shift)),
        "Airy (beyond the paper)": ([airy.renyi(a, airy_shift) / a for a in alphas],
                                    airy.renyi(1.0, airy_shift)),
    }
    return {"shift": shift, "alpha": alphas,
            "ratio": {name: values for name, (values, _) in laws.items()},
            "kl": {name: kl for name, (_, kl) in laws.items()}}


# -- (5) the score's cumulant generating function (findings, beyond the paper) ---------------

SCORE_CGF_LAWS = ("airy", "gaussian", "laplace", "logistic", "quartic")
#: The quartic law's K(t)/t^2 grows like t^2: its curve stops where it has left the plot.
QUARTIC_T_MAX = 1.5


def score_cgf_series(t_min: float = 0.05, t_max: float = 10.0, per_decade: int = 8, bits: int = 30) -> dict:
    """K(t)/t^2 of each law's score (Arb-certified integrals of the density; plotted at their
    midpoints) and the level I/2 that a sub-Gaussian score with proxy I never exceeds."""
    (laws,) = _import("proofcheck.dp.scores.score_laws", ("SCORE_LAWS",), "score-cgf")
    grid = [Fraction(round(t * 1000), 1000) for t in log_grid(t_min, t_max, per_decade)]
    series = {}
    for name in SCORE_CGF_LAWS:
        law = laws[name]
        ts = [t for t in grid if name != "quartic" or t <= QUARTIC_T_MAX]
        ratios = [float(law.log_mgf(str(t), bits).mid()) / float(t) ** 2 for t in ts]
        half_fisher = float(law.moment("0", 2, False, bits).mid()) / 2
        series[name] = {"t": [float(t) for t in ts], "ratio": ratios, "half_fisher": half_fisher}
    return series
