"""A catalogue of mechanisms with their tight zCDP parameter and the bounds it improves on.

Each entry names the mechanism's worst-case Renyi divergence D_alpha, its
tight zCDP parameter (arXiv 2510.25746 and the sources cited in each module)
and the classical bounds: eps^2/2 for any pure eps-DP mechanism (Bun &
Steinke 2016), eps tanh(eps/2) for the worst pure eps-DP mechanism (Steinke
2024), eta^2/8 for eta-bounded range (Cesar & Rogers 2021).

``profile`` evaluates one mechanism at given parameters: rho, the bounds
with their excess over rho, D_alpha/alpha at a few orders, and the largest
D_alpha/alpha on the stated alpha grid (a numeric check that the supremum is
the alpha -> 1 limit).  For randomized response with k >= 7 the KL limit is
not the supremum; rho is then the numerically located peak.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import mpmath

from ...core.model.errors import DomainError, ProofcheckError
from ...core.numbers.precision import decimal_string, required_digits
from ..divergences.tight_zcdp import AlphaGrid, grid_supremum, peak
from ..numerics import parameters
from . import bounded_range, discrete_laplace, laplace, pure_dp, rappor
from . import randomized_response as rr

DEFAULT_ORDERS = ("2", "10", "100", "1000", "100000")
MAX_GUARD_DIGITS = 2000


@dataclass(frozen=True)
class Bound:
    formula: str
    source: str
    value: Callable


@dataclass(frozen=True)
class Mechanism:
    name: str
    title: str
    source: str
    extra: tuple[str, ...]      # parameters besides eps: "k", "delta-sens"
    divergence: Callable        # (alpha, eps, **extra) -> D_alpha
    kl: Callable                # (eps, **extra) -> KL, the alpha -> 1 limit of D_alpha/alpha
    bounds: tuple[Bound, ...]
    eps_name: str = "eps"
    # Whether the theorem makes the KL limit the tight parameter at these parameters.
    covered: Callable = lambda **_: True


_PURE = (Bound("eps*tanh(eps/2)", "worst pure eps-DP mechanism (Steinke 2024, Thm. 5)",
               lambda eps, **_: pure_dp.worst_case_rho(eps)),
         Bound("eps^2/2", "any pure eps-DP mechanism (Bun & Steinke 2016)",
               lambda eps, **_: pure_dp.bun_steinke_rho(eps)))

MECHANISMS = {m.name: m for m in (
    Mechanism("laplace", "Laplace mechanism, sensitivity 1, scale 1/eps",
              "arXiv 2510.25746 (Laplace); Mironov 2017, Prop. 6", (),
              lambda alpha, eps: laplace.renyi_divergence(alpha, eps),
              lambda eps: laplace.kl_divergence(eps), _PURE),
    Mechanism("discrete-laplace", "discrete Laplace mechanism, integer sensitivity Delta",
              "arXiv 2510.25746 (discrete Laplace); closed form derived in dp/mechanisms/discrete_laplace.py",
              ("delta-sens",),
              lambda alpha, eps, delta: discrete_laplace.renyi_divergence(alpha, eps, delta),
              lambda eps, delta: discrete_laplace.kl_divergence(eps, delta), _PURE),
    Mechanism("rr", "k-ary randomized response", "arXiv 2510.25746 (k-RR, tight for k <= 6)", ("k",),
              lambda alpha, eps, k: rr.renyi_divergence(alpha, eps, k),
              lambda eps, k: rr.kl_divergence(eps, k), _PURE, covered=lambda k: k <= 6),
    Mechanism("rappor", "RAPPOR, each bit flipped with probability 1/(1 + e^(eps/2))",
              "Harrison 2024, Thms. 1 and 4", (),
              lambda alpha, eps: rappor.renyi_divergence(alpha, eps),
              lambda eps: rappor.kl_divergence(eps), _PURE),
    Mechanism("bounded-range", "worst-case eta-bounded-range mechanism, --eps giving eta",
              "arXiv 2510.25746 (bounded range)", (),
              lambda alpha, eps: bounded_range.worst_case_renyi_divergence(alpha, eps),
              lambda eps: bounded_range.tight_rho(eps),
              (Bound("eta^2/8", "eta-bounded range (Cesar & Rogers 2021)",
                     lambda eps, **_: bounded_range.cesar_rogers_rho(eps)),), eps_name="eta"),
    Mechanism("pure-dp", "worst case of pure eps-DP: binary randomized response",
              "Steinke 2024, Thms. 4-5", (),
              lambda alpha, eps: pure_dp.worst_case_renyi_divergence(alpha, eps),
              lambda eps: pure_dp.worst_case_rho(eps), _PURE[1:]),
)}
ALIASES = {"randomized-response": "rr", "k-rr": "rr", "krr": "rr", "br": "bounded-range",
           "discrete_laplace": "discrete-laplace", "bounded_range": "bounded-range"}


@dataclass
class Profile:
    mechanism: str
    parameters: dict
    dps: int
    rho: object
    rho_at: object              # None: the alpha -> 1 limit; else the order of an interior peak
    kl: object
    bounds: list = field(default_factory=list)     # (formula, source, value)
    orders: list = field(default_factory=list)     # (alpha, D_alpha, D_alpha/alpha)
    grid: str = ""
    grid_best: tuple = ()                          # (alpha, D_alpha/alpha) largest on the grid
    covered: bool = True                           # the theorem makes the KL limit tight here

    def as_dict(self) -> dict:
        # Every value with the digits the computation at ``dps`` vouches for.
        show = lambda x: decimal_string(x, self.dps)  # noqa: E731
        rho: Any = self.rho
        tight = lambda v: abs(v - rho) <= mpmath.mpf(10) ** (-required_digits(self.dps)) * abs(rho)  # noqa: E731
        return {
            "mechanism": self.mechanism, "parameters": self.parameters, "dps": self.dps,
            "tight_by_theorem": self.covered and self.rho_at is None,
            # An interior peak is located by a golden-section search of fixed length, whose
            # accuracy is not bounded by dps: it keeps the 15 digits it always had.
            "rho": show(self.rho) if self.rho_at is None else mpmath.nstr(self.rho, 15),
            "rho_attained": "alpha -> 1 (KL)" if self.rho_at is None
            else f"alpha = {mpmath.nstr(self.rho_at, 15)}", "kl": show(self.kl),
            "bounds": [{"formula": f, "source": s, "value": show(v), "equal": tight(v),
                        "excess_over_rho": "0" if tight(v) else show(v - self.rho),
                        "relative_excess": "0" if tight(v) else show(v / self.rho - 1)}
                       for f, s, v in self.bounds],
            "orders": [{"alpha": str(a), "divergence": show(d), "divergence_over_alpha": show(r)}
                       for a, d, r in self.orders],
            "grid": {"orders": self.grid, "largest_alpha": show(self.grid_best[0]),
                     "largest_ratio": show(self.grid_best[1])},
        }


def lookup(name: str) -> Mechanism:
    key = ALIASES.get(name, name)
    if key not in MECHANISMS:
        raise ProofcheckError(f"unknown mechanism {name!r} (known: {', '.join(MECHANISMS)})")
    return MECHANISMS[key]


def _extra_values(mechanism, k, delta):
    given = {"k": k, "delta-sens": delta}
    for name, value in given.items():
        if value is not None and name not in mechanism.extra:
            raise DomainError(name, f"is not a parameter of {mechanism.name}")
    values = {}
    if "k" in mechanism.extra:
        values["k"] = parameters.categories(2 if k is None else k)
    if "delta-sens" in mechanism.extra:
        values["delta"] = parameters.sensitivity(1 if delta is None else delta)
    return values


def profile(name: str, eps, k=None, delta=None, orders=DEFAULT_ORDERS, dps: int = 30,
            grid: AlphaGrid | None = None) -> Profile:
    """rho, the classical bounds, D_alpha/alpha at ``orders`` and on the grid, at ``dps`` digits."""
    mechanism = lookup(name)
    try:
        eps = parameters.epsilon(eps)
    except DomainError as error:
        raise DomainError(mechanism.eps_name, str(error).split(": ", 1)[-1]) from None
    extra = _extra_values(mechanism, k, delta)
    alphas = [parameters.order(a) for a in orders]
    grid = grid or AlphaGrid()
    # Closed forms such as log(1 + O(eps^2))/(alpha - 1) cancel about 2 log10(1/eps) digits
    # for small eps, and D_alpha/alpha differs from the KL by a further factor O(eps): work
    # with that many more.
    guard = min(3 * max(0, -math.floor(math.log10(eps))), MAX_GUARD_DIGITS)
    with mpmath.workdps(dps + guard):
        def ratio(alpha):
            return mechanism.divergence(alpha, eps, **extra) / parameters.mpf(alpha)

        kl = mechanism.kl(eps, **extra)
        best = grid_supremum(ratio, grid)
        rho, rho_at = kl, None
        if best[1] > kl * (1 + mpmath.mpf(10) ** (-(dps // 2))):
            # The supremum is not the KL limit (randomized response, k >= 7): locate the peak.
            # A smaller excess would not be resolved at this precision.
            rho_at, rho = peak(ratio, grid)
        result = Profile(mechanism=mechanism.name,
                         parameters={mechanism.eps_name: str(eps),
                                     **{("delta-sens" if n == "delta" else n): v for n, v in extra.items()}},
                         dps=dps, rho=rho, rho_at=rho_at, kl=kl, grid=grid.describe(),
                         grid_best=(parameters.mpf(best[0]), best[1]),
                         covered=mechanism.covered(**extra))
        for bound in mechanism.bounds:
            result.bounds.append((bound.formula, bound.source, bound.value(eps)))
        for alpha in alphas:
            divergence = mechanism.divergence(alpha, eps, **extra)
            result.orders.append((alpha, divergence, divergence / parameters.mpf(alpha)))
    return result
