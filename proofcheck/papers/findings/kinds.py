"""Kinds for proofcheck's own findings beyond the paper (the ``findings`` pack).

These claims are not the paper's: they explore the question §8 leaves open,
the leading constant C* of (32), by changing the noise law of the
log-location mechanism (``proofcheck.dp.noise_laws``, ``proofcheck.dp.log_location``).
Expressions may use the symbol ``a1p`` for a1', the first zero of Ai'
(a negative number, about -1.0188): numeric routes take it from mpmath,
certified routes from Arb's ``airy_ai_zero``.

* ``noise-law-quantity``  E|X|, I, I (E|X|)^2 or the normaliser of a law:
  derived by SymPy from the density where it can (``symbolic``), and always
  computed by quadrature at dps and 2 dps (``numeric``);
* ``ground-state``        the lowest eigenvalue of -u'' + |x| u, by Taylor-series
  shooting without Airy functions (``numeric``);
* ``airy-constant``       an inequality or a printed decimal about a closed form
  in a1', decided by Arb balls (``certified``);
* ``renyi-profile``       on a grid of shifts and orders, D_alpha / alpha is
  largest at the asserted order (1 stands for the KL limit) (``numeric``);
* ``small-shift-limit``   KL(delta) / delta^2 tends to the asserted value and the
  score's cumulant generating function stays below the Gaussian one, so that
  sup_alpha D_alpha / alpha ~ I delta^2 / 2 (``numeric``);
* ``sub-gaussian-score``  K(t) <= c t^2 for every real t, K the score's cumulant
  generating function: Arb-certified integrals on a covering of [0, T], the
  Taylor form near 0 and an analytic tail (``certified``; ``dp.sub_gaussian_score``);
  with ``exceeds_at``, the opposite: K(t*) > I t*^2/2 at that point (``certified``);
* ``log-location-family`` the calibrated mechanism of a law meets the utility
  requirement and has the asserted iterated limit of r^2 n^2 v(n) (``numeric``).

Every kind derives what it checks and is shown, by its negative controls, to
reject a perturbed assertion.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import mpmath
import sympy as sp
from flint import arb

from ...core.errors import ProofcheckError
from ...core.decimal_audit import AuditUndecided, audit
from ...core.intervals import NotEnclosable, enclose_with
from ...core.kinds import Kind
from ...core.numeric import evaluate
from ...core.precision import agree, required_digits
from ...core.printed_decimal import parse_decimal, shift_last_digit
from ...core.symbolic import is_zero
from ...core.verdict import Verdict, failed, passed
from ...dp import (airy_functions, linear_potential, log_location, noise_laws, score_laws, sub_gaussian_score,
                   symbolic_moments)
from ...dp.airy_functions import A1P

START_BITS = 128
MAX_BITS = 1 << 14


# -- a1' in expressions ----------------------------------------------------------

def _declare_a1p(claim):
    existing = claim.symbols.get("a1p")
    if existing is not None and existing != A1P:
        raise ProofcheckError("the name a1p is reserved for the first zero of Ai'")
    claim.symbols["a1p"] = A1P


def _numeric(expr, dps: int):
    """``expr`` (a closed form in a1p) at ``dps`` digits, a1' from mpmath."""
    point = {A1P: airy_functions.first_zero_of_airy_derivative(dps + 20)} if expr.has(A1P) else {}
    return evaluate(expr, point, dps)


def _ball(expr, bits: int) -> arb:
    """A certified ball around ``expr``, a1' enclosed by Arb."""
    balls = {A1P: airy_functions.first_zero_of_airy_derivative_ball(bits)} if expr.has(A1P) else {}
    return enclose_with(expr, balls, bits)


def _nudged(claim, field, settings, digits):
    """The asserted ``field`` scaled by 1 + 10^-digits: a checker good to more digits rejects it."""
    expression = claim.expr(field) * (1 + sp.Rational(1, 10**digits))
    return (f"{field}: scaled by 1 + 1e-{digits}", claim.with_parsed(field, expression))


class _AiryAware(Kind):
    """A kind whose expression fields may use a1p."""

    def prepare(self, claim):
        _declare_a1p(claim)
        super().prepare(claim)
        for name in self.expression_fields:
            if name in claim.parsed and claim.parsed[name].free_symbols - {A1P}:
                free = sorted(str(s) for s in claim.parsed[name].free_symbols - {A1P})
                raise ProofcheckError(f"'{name}' may use only a1p, not {', '.join(free)}")


def _law(claim):
    try:
        return noise_laws.noise_law(claim.raw["law"])
    except noise_laws.NoiseLawError as error:
        raise ProofcheckError(str(error)) from None


def _string_list(claim, name, minimum=1):
    values = claim.raw.get(name)
    if not isinstance(values, list) or len(values) < minimum or not all(isinstance(v, str) for v in values):
        raise ProofcheckError(f"'{name}' must be a list of decimals written as strings")
    for v in values:
        try:
            Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise ProofcheckError(f"'{name}': malformed number {v!r}") from None
    return values


def _short(value, digits=12):
    return mpmath.nstr(value, digits)


# -- noise-law-quantity -------------------------------------------------------------

@lru_cache(maxsize=256)
def _law_quantity(law_name, quantity, dps):
    return noise_laws.quantity(law_name, quantity, dps)


class NoiseLawQuantity(_AiryAware):
    name = "noise-law-quantity"
    required = ("law", "quantity", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "a quantity of a noise law (E|X|, I, I E|X|^2, normaliser) equals the asserted closed form"

    def prepare(self, claim):
        super().prepare(claim)
        _law(claim)
        if claim.raw["quantity"] not in noise_laws.QUANTITIES:
            raise ProofcheckError(f"'quantity' must be one of {', '.join(noise_laws.QUANTITIES)}")
        if claim.domain.parameters:
            raise ProofcheckError("a noise-law quantity has no free parameters")

    def check(self, claim, settings):
        law, quantity = _law(claim), claim.raw["quantity"]
        asserted = claim.expr("asserts")
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            computed = _law_quantity(law.name, quantity, dps)
            expected = _numeric(asserted, dps)
            if not agree(computed, expected, dps):
                return failed(f"quadrature and assertion differ at {dps} digits",
                              {"quadrature": _short(computed, 25), "asserted": _short(expected, 25)})
        numeric_note = (f"quadrature of the density agrees to {required_digits(settings.dps)} digits "
                        f"(re-checked at {2 * settings.dps})")
        if settings.mutant_mode or "symbolic" not in settings.routes:
            return passed("numeric", numeric_note)
        derived = symbolic_moments.symbolic_quantities(law.name).get(quantity)
        if derived is not None and is_zero(sp.sympify(derived) - asserted, budget=settings.symbolic_budget):
            how = ("antiderivatives of Ai^2, y Ai^2, Ai'^2 solved from an ansatz and verified by "
                   "differentiation (Ai'' = y Ai), boundary terms Ai'(a1') = 0 and decay at +oo"
                   if law.name == "airy" else "SymPy integrated the density")
            return passed("symbolic", f"derived {sp.sstr(derived)}: {how}; {numeric_note}")
        return passed("numeric", numeric_note + "; no symbolic derivation for this law")

    def mutants(self, claim, settings):
        from ...core.mutants import expression_mutants
        out = expression_mutants(claim, self.asserted_fields, settings)
        out.append(_nudged(claim, "asserts", settings, required_digits(settings.dps) - 5))
        return out


# -- ground-state -----------------------------------------------------------------

@lru_cache(maxsize=16)
def _ground_state(dps):
    return linear_potential.linear_potential_ground_state(dps)


class GroundState(_AiryAware):
    name = "ground-state"
    required = ("potential", "asserts")
    expression_fields = ("asserts",)
    asserted_fields = ("asserts",)
    description = "the lowest eigenvalue of -u'' + |x| u on the line equals the asserted value"

    def prepare(self, claim):
        super().prepare(claim)
        if claim.raw["potential"] != "abs(x)":
            raise ProofcheckError("'potential' must be \"abs(x)\" (the only potential implemented)")

    def check(self, claim, settings):
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            energy, longer = _ground_state(dps)
            if not agree(energy, longer, dps):
                return Verdict("error", None, f"shooting has not converged in the truncation length at {dps} digits")
            expected = _numeric(claim.expr("asserts"), dps)
            if not agree(energy, expected, dps):
                return failed(f"ground-state energy and assertion differ at {dps} digits",
                              {"energy": _short(energy, 25), "asserted": _short(expected, 25)})
        return passed("numeric", f"Taylor-series shooting (no Airy functions) gives the first sign change "
                      f"at {_short(energy, 20)}..., stable in the truncation length; agrees to "
                      f"{required_digits(settings.dps)} digits (re-checked at {2 * settings.dps})")

    def mutants(self, claim, settings):
        from ...core.mutants import expression_mutants
        out = expression_mutants(claim, self.asserted_fields, settings)
        out.append(_nudged(claim, "asserts", settings, required_digits(settings.dps) - 5))
        return out


# -- airy-constant (certified) -----------------------------------------------------

_REVERSED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def _enclosure(expr):
    """Working bits -> a certified ball around ``expr``; what Arb cannot enclose is a one-line error."""
    def ball(bits):
        try:
            return _ball(expr, bits)
        except (NotEnclosable, ZeroDivisionError, ValueError) as error:
            raise ProofcheckError(f"cannot enclose {expr}: {error}") from None
    return ball


def _decide(relation, difference_expr):
    """True/False when Arb balls decide ``difference rel 0``; None when they never separate."""
    bits = START_BITS
    while bits <= MAX_BITS:
        d = _enclosure(difference_expr)(bits)
        if relation in ("<", "<="):
            if d < 0:
                return True
            if d > 0:
                return False
        else:
            if d > 0:
                return True
            if d < 0:
                return False
        bits *= 2
    return None


def _audit(value_expr, printed):
    """The audit of ``printed`` against a closed form in a1', both renderings decided; None if not."""
    try:
        return audit(_enclosure(value_expr), printed, MAX_BITS, require_decided=True, signed_zero=True)
    except AuditUndecided:
        return None


class AiryConstant(_AiryAware):
    name = "airy-constant"
    required = ("value",)
    optional = ("rel", "rhs", "printed", "slack")
    expression_fields = ("value", "rhs")
    asserted_fields = ("rhs", "value")
    description = "an inequality or printed decimal about a closed form in a1', decided by Arb balls"

    def prepare(self, claim):
        super().prepare(claim)
        has_relation = "rel" in claim.raw or "rhs" in claim.raw
        if has_relation == ("printed" in claim.raw):
            raise ProofcheckError("give either 'rel' and 'rhs' (an inequality) or 'printed' (a decimal)")
        if has_relation:
            if claim.raw.get("rel") not in _REVERSED or "rhs" not in claim.raw:
                raise ProofcheckError("an inequality needs 'rel' (one of <, <=, >, >=) and 'rhs'")
            claim.parsed["rel"] = claim.raw["rel"]
            if "slack" in claim.raw and not isinstance(claim.raw["slack"], str):
                raise ProofcheckError("'slack' must say in words why the bound is not tight")
        else:
            if "slack" in claim.raw:
                raise ProofcheckError("'slack' belongs to an inequality, not a printed decimal")
            if not isinstance(claim.raw["printed"], str):
                raise ProofcheckError("'printed' must be the decimal as a string, e.g. \"0.31332\"")
            parse_decimal(claim.raw["printed"])

    def check(self, claim, settings):
        value = claim.expr("value")
        if "printed" in claim.raw:
            result = _audit(value, claim.raw["printed"])
            if result is None:
                return Verdict("error", None, "too close to a rounding boundary to decide")
            if not result.ok:
                return failed(f"{claim.raw['printed']} is not a rounding or truncation of the value",
                              {"value": str(_ball(value, 256).str(12, radius=False))})
            return passed("certified", f"{claim.raw['printed']} is a correct {result.verdict.replace(' and ', ' and a ')}"
                          f" of {_ball(value, 256).str(15, radius=False)}... (a1' enclosed by Arb)")
        rel = claim.parsed["rel"]
        outcome = _decide(rel, value - claim.expr("rhs"))
        if outcome is None:
            return Verdict("error", None, "Arb balls did not separate the two sides")
        if not outcome:
            return failed(f"{rel} fails", {"value": _ball(value, 256).str(15, radius=False),
                                           "rhs": _ball(claim.expr("rhs"), 256).str(15, radius=False)})
        return passed("certified", f"decided by Arb balls: {_ball(value, 256).str(12, radius=False)}... "
                      f"{rel} {_ball(claim.expr('rhs'), 256).str(12, radius=False)}...")

    def mutants(self, claim, settings):
        if "printed" in claim.raw:
            out = []
            for step in (1, -1, 2, -2):
                text = shift_last_digit(claim.raw["printed"].strip(), step)
                result = None if text is None else _audit(claim.expr("value"), text)
                if result is None or result.ok:
                    continue
                out.append((f"printed {claim.raw['printed']} -> {text}", claim.with_fields(printed=text)))
            return out
        flipped = claim.with_fields(rel=_REVERSED[claim.parsed["rel"]])
        flipped.parsed["rel"] = _REVERSED[claim.parsed["rel"]]
        out = [(f"relation {claim.parsed['rel']} -> {flipped.parsed['rel']}", flipped)]
        if "slack" in claim.raw:
            # A bound far from tight (the 'slack' says why): perturbed constants stay true.
            return out
        from ...core.mutants import expression_mutants
        for description, mutant in expression_mutants(claim, self.asserted_fields, settings):
            # A perturbation that only widens the margin is implied by the claim: not a wrong claim.
            if _decide(claim.parsed["rel"], mutant.expr("value") - mutant.expr("rhs")) is False or \
                    _only_weakens(claim, mutant) is False:
                out.append((description, mutant))
        return out


def _only_weakens(claim, mutant):
    """False when the mutant's margin is smaller than the claim's (so it asserts more)."""
    original = claim.expr("value") - claim.expr("rhs")
    changed = mutant.expr("value") - mutant.expr("rhs")
    sign = 1 if claim.parsed["rel"] in (">", ">=") else -1
    return not (_decide("<", sign * (changed - original)) is True)


# -- renyi-profile -----------------------------------------------------------------

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

    def prepare(self, claim):
        _law(claim)
        _string_list(claim, "shifts")
        orders = _string_list(claim, "orders", minimum=2)
        if claim.raw["attained_at"] not in orders:
            raise ProofcheckError("'attained_at' must be one of the 'orders'")
        digits = claim.raw.get("digits", 20)
        if isinstance(digits, bool) or not isinstance(digits, int) or not 12 <= digits <= 60:
            raise ProofcheckError("'digits' must be an integer from 12 to 60")

    def check(self, claim, settings):
        law = _law(claim)
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
                                  {"shift": delta, "order": alpha, "at order": _short(value, 20),
                                   f"at order {best}": _short(top, 20)})
            if best == "1":
                slope = _slope_at_one(law.name, delta, digits)
                if not slope < -tolerance * top:
                    return failed("D_alpha/alpha does not decrease as alpha leaves 1",
                                  {"shift": delta, "slope at 1+": _short(slope, 15)})
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


# -- small-shift-limit ----------------------------------------------------------------

@lru_cache(maxsize=64)
def _curvature(law_name, dps):
    """KL(delta)/delta^2 at delta = 10^-k, k chosen so that the O(delta^2) remainder is below the digits."""
    k = required_digits(dps) // 2 + 3
    with mpmath.workdps(dps + 2 * k + 20):
        delta = mpmath.mpf(10) ** (-k)
        return log_location.kl_divergence(law_name, delta, dps) / delta**2, k


@lru_cache(maxsize=256)
def _score_cgf(law_name, t_text, dps):
    """K(t) = log E exp(t psi(X)), psi the score, by mpmath quadrature."""
    law = noise_laws.noise_law(law_name)
    with mpmath.workdps(dps + 10):
        t = mpmath.mpf(t_text)
        value = mpmath.quad(lambda x: mpmath.exp(law.log_density(x) + t * law.score(x)),
                            law.breakpoints(), maxdegree=12)
        return mpmath.log(value)


class SmallShiftLimit(_AiryAware):
    name = "small-shift-limit"
    required = ("law", "curvature", "cgf_points")
    expression_fields = ("curvature",)
    asserted_fields = ("curvature",)
    description = ("KL(delta)/delta^2 tends to the asserted value, and the score's CGF stays below "
                   "I t^2/2, so sup_alpha D_alpha/alpha ~ I delta^2/2 as delta -> 0")

    def prepare(self, claim):
        super().prepare(claim)
        _law(claim)
        _string_list(claim, "cgf_points")

    def check(self, claim, settings):
        law = _law(claim)
        levels = (settings.dps,) if settings.mutant_mode else (settings.dps, 2 * settings.dps)
        for dps in levels:
            value, k = _curvature(law.name, dps)
            expected = _numeric(claim.expr("curvature"), dps)
            if not agree(value, expected, dps):
                return failed(f"KL(delta)/delta^2 at delta = 1e-{k} differs from the assertion at {dps} digits",
                              {"KL/delta^2": _short(value, 25), "asserted": _short(expected, 25)})
        if settings.mutant_mode:
            return passed("numeric", "curvature agrees")
        dps = settings.dps // 2
        information = noise_laws.fisher_information(law, dps)
        worst = None
        for t in claim.raw["cgf_points"]:
            cgf = _score_cgf(law.name, t, dps)
            gaussian = information * mpmath.mpf(t) ** 2 / 2
            margin = (gaussian - cgf) / gaussian
            if not margin > mpmath.mpf(10) ** (-(dps - 8)):
                return failed("the score's cumulant generating function reaches I t^2/2",
                              {"t": t, "K(t)": _short(cgf, 20), "I t^2/2": _short(gaussian, 20)})
            worst = margin if worst is None else min(worst, margin)
        return passed("numeric", f"KL(delta)/delta^2 at delta = 1e-{k} agrees with the assertion to "
                      f"{required_digits(settings.dps)} digits (re-checked at {2 * settings.dps}); "
                      f"K(t) < I t^2/2 at t in {{{', '.join(claim.raw['cgf_points'])}}} "
                      f"(smallest relative margin {_short(worst, 3)}, quadrature at {dps} digits)")

    def mutants(self, claim, settings):
        from ...core.mutants import expression_mutants
        out = expression_mutants(claim, self.asserted_fields, settings)
        out.append(_nudged(claim, "curvature", settings, required_digits(settings.dps) - 5))
        return out


# -- sub-gaussian-score (certified) ---------------------------------------------------

def _score_law(claim):
    return score_laws.score_law(claim.raw.get("law"))


@lru_cache(maxsize=32)
def _fisher_matches(law_name, curvature, budget):
    """c = I/2 exactly, I derived by SymPy from the density (balls alone never show an equality)."""
    fisher = score_laws.SCORE_LAWS[law_name].fisher_symbolic()
    return fisher is not None and bool(is_zero(2 * curvature - sp.sympify(fisher), budget=budget))


def _exact_text(claim, name):
    text = claim.raw[name]
    if not isinstance(text, str):
        raise ProofcheckError(f"'{name}' must be an exact number written as a string, e.g. \"1/2\"")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ProofcheckError(f"'{name}': malformed number {text!r}") from None
    if value <= 0:
        raise ProofcheckError(f"'{name}' must be positive")
    return value


@lru_cache(maxsize=32)
def _sub_gaussian_certificate(law_name, curvature, matches_fisher, t0, tail_from, first_step):
    return sub_gaussian_score.certify(score_laws.SCORE_LAWS[law_name], score_laws.curvature_ball(curvature),
                                      matches_fisher, t0=t0, T=tail_from, first_step=first_step)


def _arb_text(ball, digits=8):
    return ball.str(digits, radius=False) if hasattr(ball, "str") else str(ball)


class SubGaussianScore(_AiryAware):
    name = "sub-gaussian-score"
    required = ("law", "curvature", "taylor_radius", "tail_from")
    optional = ("first_step", "exceeds_at")
    expression_fields = ("curvature",)
    asserted_fields = ("curvature",)
    description = ("the score's cumulant generating function K(t) = log E exp(t psi(X)) satisfies "
                   "K(t) <= c t^2 for every real t (c the asserted curvature), certified by Arb")

    def prepare(self, claim):
        super().prepare(claim)
        _score_law(claim)
        t0, tail_from = _exact_text(claim, "taylor_radius"), _exact_text(claim, "tail_from")
        if "first_step" in claim.raw:
            _exact_text(claim, "first_step")
        if "exceeds_at" in claim.raw:
            _exact_text(claim, "exceeds_at")
        if not (t0 < tail_from and tail_from >= 1):
            raise ProofcheckError("need 0 < taylor_radius < tail_from and tail_from >= 1")

    def check(self, claim, settings):
        law = _score_law(claim)
        curvature = claim.expr("curvature")
        matches = _fisher_matches(law.name, curvature, settings.symbolic_budget)
        if "exceeds_at" in claim.raw:
            if not matches:
                return failed("a counterexample to strict sub-Gaussianity must use c = I/2 exactly",
                              {"curvature": sp.sstr(curvature)})
            return self._check_counterexample(claim, law, curvature)
        certificate = _sub_gaussian_certificate(law.name, curvature, matches,
                                                claim.raw["taylor_radius"], claim.raw["tail_from"],
                                                claim.raw.get("first_step", "1/16"))
        taylor, covering, tail = certificate.taylor, certificate.covering, certificate.tail
        if certificate.status == "refuted":
            return failed(f"K(t) > c t^2 somewhere ({certificate.route})", certificate.counterexample)
        if certificate.status != "certified":
            stage = tail or covering or taylor
            return Verdict("error", None, f"undecided by Arb: {stage.get('reason', 'a comparison did not separate')}"
                           " (refine the covering or raise the precision)")
        details = (f"K(t) <= c t^2 for all real t (K even); c = {_arb_text(tail['c'])}; "
                   f"c = I/2 exactly: {'yes (symbolic I)' if matches else 'no (c > I/2 certified)'}; "
                   f"(0, {claim.raw['taylor_radius']}]: fourth cumulant of psi "
                   f"{_arb_text(taylor['kappa4'])} < 0, quartic margin q - r t0^2 = "
                   f"{_arb_text(taylor['quartic margin q - r t0^2'])}; "
                   f"[{claim.raw['taylor_radius']}, {claim.raw['tail_from']}]: {covering['cells']} cells, "
                   f"smallest margin c t^2 - K(t) >= {_arb_text(covering['smallest margin'])}; "
                   f"t >= {claim.raw['tail_from']}: log M(t)/t^2 <= {_arb_text(tail['bound'])} < c (analytic); "
                   f"{certificate.seconds:.1f} s")
        return passed("certified", details, route=certificate.route)

    def _check_counterexample(self, claim, law, curvature):
        """The claim that the score is *not* sub-Gaussian with proxy 2c: K(t*) > c t*^2 at the given t*."""
        at = claim.raw["exceeds_at"]
        for bits in (sub_gaussian_score.PREC, 4 * sub_gaussian_score.PREC):
            value, bound = law.log_mgf(at, bits), _ball(curvature, bits) * sub_gaussian_score.exact(at) ** 2
            if value > bound:
                m2, m4 = law.moment("0", 2, False, bits), law.moment("0", 4, False, bits)
                kappa4 = m4 - 3 * m2 * m2
                if not kappa4 > 0:
                    return failed("the fourth cumulant of the score is not certified positive",
                                  {"kappa4": _arb_text(kappa4, 10)})
                return passed("certified", f"K({at}) = {_arb_text(value, 10)} > c t^2 = {_arb_text(bound, 10)}; "
                              f"fourth cumulant of psi {_arb_text(kappa4, 8)} > 0 (Arb: certified integrals of "
                              f"the density; c = I/2 with I from SymPy); so sup_t K(t)/t^2 > I/2",
                              route="Arb enclosures of K at one point and of the score's moments")
            if value < bound:
                return failed(f"K({at}) < c t^2 at the asserted point",
                              {"K": _arb_text(value, 10), "c t^2": _arb_text(bound, 10)})
        return Verdict("error", None, f"undecided by Arb at t = {at}")

    def mutants(self, claim, settings):
        if "exceeds_at" in claim.raw:
            # The same assertion about the Airy score, which is sub-Gaussian: must fail.
            mutant = claim.with_fields(law="airy", curvature="2*abs(a1p)/3")
            mutant.parsed["curvature"] = sp.sympify("2*abs(a1p)/3", locals={"a1p": A1P})
            return [("law -> airy with c = I/2", mutant)]
        # Only a smaller curvature asserts more: a larger one is implied by the claim.
        out = []
        for factor, label in ((sp.Rational(99, 100), "0.99"), (1 - sp.Rational(1, 10**6), "1 - 1e-6")):
            out.append((f"curvature: scaled by {label}", claim.with_parsed("curvature", claim.expr("curvature") * factor)))
        return out


# -- log-location-family -------------------------------------------------------------

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
        for n in counts:
            error = mechanism.expected_absolute_error(n)
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


class LogLocationFamily(_AiryAware):
    name = "log-location-family"
    required = ("law", "radii", "r0", "c", "counts", "large_count", "limit", "limit_radii", "limit_digits")
    expression_fields = ("limit",)
    asserted_fields = ("limit",)
    description = ("the calibrated log-location mechanism meets E|x_hat - n| < r max(n, 1) and "
                   "r^2 n^2 v(n) has the asserted iterated limit")

    def prepare(self, claim):
        super().prepare(claim)
        _law(claim)
        _string_list(claim, "radii")
        _string_list(claim, "limit_radii", minimum=2)
        r = sp.Symbol("r", positive=True)
        claim.parsed["r"] = r
        for name in ("r0", "c"):
            from ...core.expressions import parse_expression
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
        law = _law(claim)
        r, r0, c = claim.parsed["r"], claim.parsed["r0"], claim.parsed["c"]
        rows = []
        if not settings.mutant_mode:
            for radius in claim.raw["radii"]:
                try:
                    row = family_row(law.name, radius, r0, c, r, tuple(claim.raw["counts"]),
                                     claim.raw["large_count"])
                except log_location.MechanismError as error:
                    return Verdict("error", None, str(error))
                for n, error, ratio, meets, clipped_not_worse in row["utility"]:
                    if not meets:
                        return failed("the utility requirement fails",
                                      {"r": radius, "n": n, "E|x_hat - n| / (r max(n,1))": _short(ratio, 15)})
                    if not clipped_not_worse:
                        return failed("clipping increased the error", {"r": radius, "n": n})
                rows.append(f"r={radius}: s={_short(row['s'], 8)}, r^2 n^2 v(n) at n={claim.raw['large_count']} "
                            f"{_short(row['coefficient'], 8)}, n->oo {_short(row['limit'], 8)}")
        # The iterated limit: r^2 I / (2 s^2) at small r, with the O(r) deviation shrinking.
        expected = _numeric(claim.expr("limit"), 30)
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
                          {"relative deviations": [_short(d, 4) for d in deviations],
                           "radii": claim.raw["limit_radii"]})
        table = "; ".join(rows)
        return passed("numeric", f"utility met at n in {claim.raw['counts']} for every r (quadrature "
                      f"including clipping, {FAMILY_DIGITS} digits); {table}; the limit agrees to "
                      f"{claim.raw['limit_digits']} digits at r = {claim.raw['limit_radii'][-1]} "
                      f"(relative deviations {', '.join(_short(d, 3) for d in deviations)})")

    def mutants(self, claim, settings):
        from ...core.mutants import expression_mutants
        out = expression_mutants(claim, self.asserted_fields, settings)
        out.append(_nudged(claim, "limit", settings, claim.raw["limit_digits"] - 2))
        return out
