"""Kind ``log-location-family``: the calibrated log-location mechanism of a law
meets the utility requirement E|x_hat - n| < r max(n, 1) and r^2 n^2 v(n) has
the asserted iterated limit (``numeric``; ``proofcheck.dp.mechanisms.log_location``).
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp

from ....core.kinds.mutants import each_expression_mutant
from ....core.model.errors import ProofcheckError
from ....core.model.expressions import parse_expression
from ....core.model.verdict import Verdict, failed, passed
from ....core.numbers.precision import short
from ....dp.mechanisms import log_location
from .common import AiryAware, named_law, nudged, numeric_value, string_list

FAMILY_DIGITS = 20


@lru_cache(maxsize=128)
def _mechanism(law_name, r_text, r0_text, c_text, dps):
    return log_location.LogLocationMechanism(law_name, r_text, r0=r0_text, c=c_text, dps=dps)


def family_row(law_name, r_text, r0_expr, c_expr, r_symbol, counts, large_count, dps=FAMILY_DIGITS):
    """One row of the admissible-family table: calibration, utility, r^2 n^2 v(n) and its n -> oo limit.

    v at the large count is the KL value (its supremum over orders is the
    alpha -> 1 limit at these small shifts: the small-shift-limit findings)."""
    r = sp.Rational(r_text)
    r0, c = sp.nsimplify(r0_expr.subs(r_symbol, r)), sp.nsimplify(c_expr.subs(r_symbol, r))
    mechanism = _mechanism(law_name, r_text, str(r0), str(c), dps)
    with mpmath.workdps(dps + 10):
        utility = []
        margin = mpmath.mpf(10) ** (-(dps // 2))
        for n, error in zip(counts, mechanism.expected_absolute_errors(counts)):
            bound = mechanism._mp(mechanism.r) * max(n, 1)
            # Strictly below r max(n, 1) by more than the quadrature could be off; and clipping
            # (postprocessing towards n) never above the exact pre-clipping error (n + c) r0/(1 + c).
            utility.append((n, error, error / bound, bound - error > margin * bound,
                            error <= mechanism.pre_clipping_error(n) * (1 + margin)))
        delta = mechanism.edge_shift(large_count)
        kl = _kl(law_name, str(delta), dps)
        coefficient = mechanism._mp(mechanism.r) ** 2 * large_count**2 * kl
        return {"r": r_text, "r0": str(r0), "c": str(c), "s": mechanism.s, "drift": mechanism.drift,
                "utility": utility, "coefficient": coefficient, "limit": mechanism.limit_coefficient(),
                "shift": delta}


@lru_cache(maxsize=256)
def _kl(law_name, delta_text, dps):
    with mpmath.workdps(dps + 30):
        return log_location.kl_divergence(law_name, mpmath.mpf(delta_text), dps)


@lru_cache(maxsize=64)
def _limit_coefficient(law_name, r_text, r0_text, c_text, dps):
    return _mechanism(law_name, r_text, r0_text, c_text, dps).limit_coefficient()


class LogLocationFamily(AiryAware):
    name = "log-location-family"
    required = ("law", "radii", "r0", "c", "counts", "large_count", "limit", "limit_radii", "limit_digits")
    expression_fields = ("limit",)
    asserted_fields = ("limit",)
    description = ("the calibrated log-location mechanism meets E|x_hat - n| < r max(n, 1) and "
                   "r^2 n^2 v(n) has the asserted iterated limit")

    def prepare(self, claim):
        super().prepare(claim)
        named_law(claim)
        string_list(claim, "radii")
        string_list(claim, "limit_radii", minimum=2)
        r = sp.Symbol("r", positive=True)
        claim.parsed["r"] = r
        for name in ("r0", "c"):
            expression = parse_expression(claim.raw[name], {"r": r})
            claim.parsed[name] = expression
        counts = claim.raw["counts"]
        if not isinstance(counts, list) or not counts or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            raise ProofcheckError("'counts' must be a list of nonnegative integers")
        for name in ("large_count", "limit_digits"):
            value = claim.raw[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ProofcheckError(f"'{name}' must be a positive integer")

    def check(self, claim, settings):
        law = named_law(claim)
        r, r0, c = claim.parsed["r"], claim.parsed["r0"], claim.parsed["c"]
        rows = []
        if not settings.mutant_mode:
            for radius in claim.raw["radii"]:
                try:
                    row = family_row(law.name, radius, r0, c, r, tuple(claim.raw["counts"]),
                                     claim.raw["large_count"])
                except log_location.MechanismError as error:
                    return Verdict("error", None, str(error))
                for n, _error, ratio, meets, clipped_not_worse in row["utility"]:
                    if not meets:
                        return failed("the utility requirement fails",
                                      {"r": radius, "n": n, "E|x_hat - n| / (r max(n,1))": short(ratio, 15)})
                    if not clipped_not_worse:
                        return failed("clipping increased the error", {"r": radius, "n": n})
                rows.append(f"r={radius}: s={short(row['s'], 8)}, r^2 n^2 v(n) at n={claim.raw['large_count']} "
                            f"{short(row['coefficient'], 8)}, n->oo {short(row['limit'], 8)}")
        # The iterated limit: r^2 I / (2 s^2) at small r, with the O(r) deviation shrinking.
        expected = numeric_value(claim.expr("limit"), 30)
        deviations = []
        for radius in claim.raw["limit_radii"]:
            rr = sp.Rational(radius)
            value = _limit_coefficient(law.name, radius, str(sp.nsimplify(r0.subs(r, rr))),
                                       str(sp.nsimplify(c.subs(r, rr))), 30)
            deviations.append(abs(value / expected - 1))
        tolerance = mpmath.mpf(10) ** (-claim.raw["limit_digits"])
        shrinking = all(b < a / 10 for a, b in zip(deviations, deviations[1:]))
        if not (deviations[-1] < tolerance and shrinking):
            return failed("r^2 I/(2 s^2) does not approach the asserted limit",
                          {"relative deviations": [short(d, 4) for d in deviations],
                           "radii": claim.raw["limit_radii"]})
        table = "; ".join(rows)
        return passed("numeric", f"utility met at n in {claim.raw['counts']} for every r (quadrature "
                      f"including clipping, {FAMILY_DIGITS} digits); {table}; the limit agrees to "
                      f"{claim.raw['limit_digits']} digits at r = {claim.raw['limit_radii'][-1]} "
                      f"(relative deviations {', '.join(short(d, 3) for d in deviations)})")

    def mutants(self, claim, settings):
        yield from each_expression_mutant(claim, self.asserted_fields, settings)
        yield nudged(claim, "limit", settings, claim.raw["limit_digits"] - 2)
