"""Kind ``renyi-profile``: on a grid of shifts and orders, D_alpha(X || X + delta)/alpha
is largest at the asserted order (1 stands for the KL limit).

D_alpha by adaptive Gauss-Legendre quadrature (``proofcheck.dp.mechanisms.log_location``);
near ties are recomputed with more digits, and at order 1 the slope at
alpha = 1+ must be negative (``numeric``).
"""
from __future__ import annotations

from functools import lru_cache

import mpmath

from ....core.kinds import Kind
from ....core.model.errors import ProofcheckError
from ....core.model.verdict import Verdict, failed, passed
from ....core.numbers.precision import short
from ....dp.mechanisms import log_location
from .common import named_law, string_list


@lru_cache(maxsize=4096)
def _ratio(law_name, alpha_text, delta_text, digits):
    """D_alpha(X || X + delta) / alpha (alpha = 1: the KL limit), at ``digits`` digits."""
    with mpmath.workdps(digits + 20):
        alpha, delta = mpmath.mpf(alpha_text), mpmath.mpf(delta_text)
        return log_location.renyi_divergence(law_name, alpha, delta, digits) / alpha


@lru_cache(maxsize=256)
def _slope_at_one(law_name, delta_text, digits):
    with mpmath.workdps(digits + 20):
        return log_location.renyi_ratio_slope_at_one(law_name, mpmath.mpf(delta_text), digits)


class RenyiProfile(Kind):
    name = "renyi-profile"
    required = ("law", "shifts", "orders", "attained_at")
    optional = ("digits",)
    description = "on a grid of shifts and orders, D_alpha/alpha is largest at the asserted order"
    shares_work = "airy-law"  # the noise laws' integrals, as the other kinds of the findings pack

    def prepare(self, claim):
        named_law(claim)
        string_list(claim, "shifts")
        orders = string_list(claim, "orders", minimum=2)
        if claim.raw["attained_at"] not in orders:
            raise ProofcheckError("'attained_at' must be one of the 'orders'")
        digits = claim.raw.get("digits", 20)
        if isinstance(digits, bool) or not isinstance(digits, int) or not 12 <= digits <= 60:
            raise ProofcheckError("'digits' must be an integer from 12 to 60")

    def check(self, claim, settings):
        law = named_law(claim)
        digits = claim.raw.get("digits", 20)
        tolerance = mpmath.mpf(10) ** (-(digits - 3))
        best = claim.raw["attained_at"]
        rechecked = 0
        for delta in claim.raw["shifts"]:
            top = _ratio(law.name, best, delta, digits)
            for alpha in claim.raw["orders"]:
                if alpha == best:
                    continue
                value = _ratio(law.name, alpha, delta, digits)
                margin = (top - value) / top
                if abs(margin) <= tolerance:
                    # A near tie: recompute both with more digits before deciding.
                    rechecked += 1
                    finer = digits + 15
                    top_f = _ratio(law.name, best, delta, finer)
                    margin = (top_f - _ratio(law.name, alpha, delta, finer)) / top_f
                    if abs(margin) <= mpmath.mpf(10) ** (-(finer - 3)):
                        return Verdict("error", None, f"undecided at shift {delta}, order {alpha}: raise digits")
                if margin < 0:
                    return failed(f"D_alpha/alpha at order {alpha} exceeds its value at order {best}",
                                  {"shift": delta, "order": alpha, "at order": short(value, 20),
                                   f"at order {best}": short(top, 20)})
            if best == "1":
                slope = _slope_at_one(law.name, delta, digits)
                if not slope < -tolerance * top:
                    return failed("D_alpha/alpha does not decrease as alpha leaves 1",
                                  {"shift": delta, "slope at 1+": short(slope, 15)})
        grid = f"{len(claim.raw['shifts'])} shifts x {len(claim.raw['orders'])} orders"
        slope = "; its slope at alpha = 1+ (Var L/2 - KL) is negative at every shift" if best == "1" else ""
        return passed("numeric", f"{grid}: every D_alpha/alpha lies below its value at order {best} by more "
                      f"than 1e-{digits - 3} (relative; D_alpha to {digits} digits by adaptive Gauss-Legendre "
                      f"quadrature, {rechecked} near ties recomputed at {digits + 15}){slope}")

    def mutants(self, claim, settings):
        # The supremum claimed at another order: the nearest one, a middle one and the last one.
        orders = [a for a in claim.raw["orders"] if a != claim.raw["attained_at"]]
        chosen = dict.fromkeys([orders[0], orders[len(orders) // 3], orders[-1]])
        return [(f"attained_at {claim.raw['attained_at']} -> {alpha}", claim.with_fields(attained_at=alpha))
                for alpha in chosen]
