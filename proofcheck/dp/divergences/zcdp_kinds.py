"""Claim kinds about the tight zCDP parameter, rho = sup_{alpha > 1} D_alpha/alpha.

* ``zcdp-supremum``: the tight zCDP parameter of a neighbouring pair,
  rho = sup_{alpha > 1} D_alpha/alpha (Bun & Steinke 2016, Def. 1.1), is the
  asserted value, attained as alpha -> 1.  Two parts, both required:

  - rho <= sup: the limit of D_alpha/alpha as alpha -> 1+ equals the
    assertion (as ``alpha-one-limit``, ``divergence_kinds``);
  - sup <= rho: at every order of a stated grid in (1, alpha_max]
    (``tight_zcdp.AlphaGrid``) and at orders beyond it (alpha_max times
    ``TAIL_FACTORS``, where D_alpha/alpha must also be finite), at every
    sampled parameter point,
    rho - D_alpha/alpha > 0, decided by Arb balls (from 128 bits up to
    2048; never decided, it is an error, not a pass).  Variables in ``over``
    (a worst case over a family of pairs, such as the mass of a two-point
    law) are scanned on ``over_points`` points as well; ``at`` names their
    maximiser, where the limit is taken.

  The second part covers a grid, not the continuum of orders, so the verdict
  is ``numeric`` and names the grid, unless ``convexity_proof`` shows
  F(h) = rho h (1 + h) - h D_(1+h) convex in h = alpha - 1 over the whole domain
  (symbolic or certified): with the limit, that is D_alpha/alpha <= rho at every
  order and parameter value.  It is tried where the claim is not on record as numeric.

* ``zcdp-excess``: at fixed parameters, D_alpha/alpha peaks at an interior
  order above its alpha -> 1 limit, and the printed relative excess (in
  percent) is a correct rounding (``proofcheck.core.decimals.audit``, the
  excess trusted to the digits on which dps and 2*dps agree).  The peak is
  located on the grid and refined by golden-section search
  (``tight_zcdp.peak``) at dps and again at 2*dps.  The verdict is ``certified`` where
  ``excess_proof`` brackets the supremum over every alpha > 1 inside the printed value's
  rounding interval, else ``numeric``.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import mpmath
import sympy as sp

from ...core.decimals.audit import ROUNDING_ONLY, AuditUndecided, audit, numeric_ball
from ...core.decimals.printed import parse_decimal, shift_last_digit
from ...core.kinds import Kind
from ...core.model.claims import Claim
from ...core.model.domains import parse_parameter
from ...core.model.errors import CancelledDigits, EvaluationError, ProofcheckError
from ...core.model.sampling import from_unit
from ...core.model.verdict import Verdict, failed, passed, show_point, weakest
from ...core.numbers.intervals import NotEnclosable, enclose
from ...core.numbers.numeric import evaluate
from ...core.numbers.precision import ESCALATION, agree, required_digits, short
from ...core.numbers.side_balls import ball_text, side_ball, unvouched
from ...core.points.policy import sample_points
from .alpha_proof import prepare as prove_prepare
from .alpha_proof import prove_orders
from .alpha_search import search_orders
from .convexity_proof import convexity_proof
from .divergence_kinds import alpha_one_limit, order_symbol
from .excess_proof import certified_excess
from .tight_zcdp import AlphaGrid, peak

START_BITS, MAX_BITS = 128, 2048
DEFAULT_OVER_POINTS = 24
# Orders past the grid's alpha_max, as multiples of it, where D_alpha/alpha is also compared.
TAIL_FACTORS = (2, 10, 100, 10**4, 10**6)
# Parameter points (the first sampled: the edges of the range come first) at which the orders
# between the grid's are searched by Arb over alpha intervals (``alpha_search``).
SEARCH_POINTS = 3
# Parameter points (the first sampled) at which every order alpha > 1 is proved (``alpha_proof``).
PROOF_POINTS = 4


def _finite_at(expression, env) -> bool:
    try:
        value = evaluate(expression, env, 30)
    except EvaluationError:
        return False
    return bool(mpmath.isfinite(value))


def _infinite_beyond(ratio, alpha, env, beyond):
    """The failed verdict at the first order of ``beyond`` where D_alpha/alpha is not finite, else None."""
    for order in beyond:
        at = {**env, alpha: sp.Rational(order.numerator, order.denominator)}
        if not _finite_at(ratio, at):
            return failed(f"D_alpha/alpha is not finite at alpha = {order}, beyond the grid: "
                          f"the supremum is not the asserted rho", {"point": show_point(at)})
    return None


def _exact_text(value, field: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ProofcheckError(f"grid {field} must be an integer or a string such as \"1/1000000\"")
    try:
        return Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise ProofcheckError(f"grid {field}: malformed number {value!r}") from None


def _grid(claim: Claim) -> AlphaGrid:
    spec = claim.raw.get("grid", {})
    if not isinstance(spec, dict) or set(spec) - {"nearest", "alpha_max", "per_decade"}:
        raise ProofcheckError("'grid' must be a table with nearest, alpha_max and per_decade")
    per_decade = spec.get("per_decade", AlphaGrid.per_decade)
    if isinstance(per_decade, bool) or not isinstance(per_decade, int) or not 1 <= per_decade <= 64:
        raise ProofcheckError("grid per_decade must be an integer from 1 to 64")
    nearest = _exact_text(spec.get("nearest", str(AlphaGrid.nearest)), "nearest")
    alpha_max = _exact_text(spec.get("alpha_max", str(AlphaGrid.alpha_max)), "alpha_max")
    if not (0 < nearest < 1 and 2 <= alpha_max <= 10**6):
        raise ProofcheckError("grid needs 0 < nearest < 1 and 2 <= alpha_max <= 1000000")
    return AlphaGrid(nearest=nearest, alpha_max=alpha_max, per_decade=per_decade)


def _sign_of(expression, env, settings):
    """Sign of ``expression`` at ``env``: +1 or -1 when decided, 0 if undecided; and the route
    (``"exact"`` with 0 when Arb finds the expression exactly zero).

    Arb balls decide first.  Where they cannot enclose the expression (an integral), its
    ball around mpmath's values at dps and 2*dps decides (``side_balls``), the pair doubled
    up to ``ESCALATION`` times dps.  Two signs of mpmath values were once read as the sign:
    where the true difference was 10^-130 and quadrature's noise 6 10^-65 at 50 digits and
    5 10^-115 at 100, both of the noise's sign, a false supremum passed.
    """
    bits = START_BITS
    try:
        while bits <= MAX_BITS:
            ball = enclose(expression, env, bits)
            if ball > 0:
                return 1, "certified"
            if ball < 0:
                return -1, "certified"
            if ball.is_exact() and ball == 0:
                return 0, "exact"
            bits *= 2
        return 0, "certified"
    except (NotEnclosable, ZeroDivisionError, ValueError):
        pass
    dps = settings.dps
    while dps <= ESCALATION * settings.dps:
        try:
            ball = side_ball(expression, env, dps)
        except CancelledDigits:
            dps *= 2  # a part these digits cannot compute: the next pair may
            continue
        except EvaluationError:
            return 0, "numeric"
        if ball is None:
            return 0, "numeric"
        if ball > 0 or ball < 0:
            return (1 if ball > 0 else -1), "numeric"
        dps *= 2
    return 0, "numeric"


class ZcdpSupremum(Kind):
    name = "zcdp-supremum"
    required = ("divergence", "order", "asserts")
    optional = ("grid", "over", "over_points", "at")
    expression_fields = ("divergence", "asserts")
    asserted_fields = ("asserts",)
    description = "rho = sup over alpha > 1 of D_alpha/alpha, attained as alpha -> 1"

    def prepare(self, claim):
        super().prepare(claim)
        alpha = order_symbol(claim)
        claim.parsed["grid"] = _grid(claim)
        over, at = claim.raw.get("over", {}), claim.raw.get("at", {})
        if not isinstance(over, dict) or not isinstance(at, dict) or set(over) != set(at):
            raise ProofcheckError("'over' and 'at' must be tables naming the same variables")
        variables = []
        for name, spec in over.items():
            if name not in claim.symbols or name in claim.parameters or claim.symbols[name] == alpha:
                raise ProofcheckError(f"'over' variable {name!r} must be declared in 'variables'")
            parameter = parse_parameter(name, spec, claim.symbols)
            parameter.symbol = claim.symbols[name]
            variables.append(parameter)
            claim.parsed[f"at.{name}"] = claim.parse(at[name])
        claim.parsed["over"] = variables
        count = claim.raw.get("over_points", DEFAULT_OVER_POINTS)
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 200:
            raise ProofcheckError("'over_points' must be an integer from 2 to 200")
        claim.parsed["over_points"] = count

    def check(self, claim, settings):
        alpha = order_symbol(claim)
        variables = claim.parsed["over"]
        ratio = claim.expr("divergence") / alpha
        at = {p.symbol: claim.parsed[f"at.{p.name}"] for p in variables}
        verdict = alpha_one_limit(claim, claim.expr("divergence").xreplace(at), claim.expr("asserts"),
                                  settings)
        if not verdict.passed:
            verdict.details = "the alpha -> 1 limit of D_alpha/alpha: " + verdict.details
            return verdict
        limit_note = f"lim alpha->1+ D_alpha/alpha = rho ({verdict.evidence})"
        grid = claim.parsed["grid"]
        orders = grid.orders()
        slack = claim.expr("asserts") - ratio
        points = sample_points(claim, settings)
        routes, checked, searched, undecided = set(), 0, {"points": 0}, None
        proofs: dict = {"proved": 0, "points": 0}
        # The supremum is over every alpha > 1: orders beyond the grid are looked at too, where
        # D_alpha/alpha must be finite (a divergence that blows up past alpha_max exceeds rho).
        beyond = [grid.alpha_max * factor for factor in TAIL_FACTORS]
        for point in points:
            for values in self._over_grid(claim, variables, point):
                blown = _infinite_beyond(ratio, alpha, {**point, **values}, beyond)
                if blown is not None:
                    return blown
                found, count, open_ = self._at_orders(claim, (slack, ratio, alpha), {**point, **values},
                                                      orders + beyond, routes, settings)
                if found is not None:
                    return found
                checked, undecided = checked + count, undecided or open_
                found = self._between_orders(claim, slack, alpha, {**point, **values}, orders, searched, settings)
                if found is None and not variables:
                    found = self._all_orders(claim, slack, alpha, {**point, **values}, proofs, settings)
                if found is not None:
                    return found
        if undecided is not None:
            return undecided
        proved, convexity = self._convex(claim, verdict, limit_note, f"the grid of {grid.describe()} at "
                                         f"{len(points)} parameter points agrees ({checked} comparisons)", settings)
        if proved is not None:
            return proved
        how = f"Arb balls ({START_BITS} to {MAX_BITS} bits)" if routes == {"certified"} else \
            f"Arb balls, or Arb about mpmath's values at {settings.dps} and {2 * settings.dps} digits " \
            "or more"
        scan = (f" x {claim.parsed['over_points']} values of "
                + ", ".join(p.name for p in variables)) if variables else ""
        return passed(weakest(verdict.evidence, "numeric"),
                      f"{limit_note}; D_alpha/alpha < rho at all {checked} comparisons: grid of "
                      f"{grid.describe()}, and alpha_max times {', '.join(map(str, TAIL_FACTORS))}, at "
                      f"{len(points)} parameter points{scan}, each decided by {how}"
                      + self._proofs_note(proofs) + convexity,
                      route=f"limit taken; sampled {len(orders) + len(beyond)} orders at {len(points)} points")

    def _at_orders(self, claim, forms, at, orders, routes, settings):
        """(a failure at the first order where D_alpha/alpha exceeds rho, or None; the comparisons
        decided; an error for the first left undecided, or None).  An open comparison makes the
        claim an error only where no other one is a counter-example."""
        slack, ratio, alpha = forms
        checked, undecided = 0, None
        for order in orders:
            env = {**at, alpha: sp.Rational(order.numerator, order.denominator)}
            sign, route = _sign_of(slack, env, settings)
            routes.add("certified" if route == "exact" else route)
            if sign < 0:
                return failed("D_alpha/alpha exceeds the asserted rho",
                              self._witness(claim, ratio, env, alpha, settings)), checked, undecided
            if sign == 0 and route != "exact":
                undecided = undecided or Verdict("error", None, f"rho - D_alpha/alpha undecided at "
                                                 f"{show_point(env)} ({route}); raise --dps",
                                                 {"point": show_point(env)})
                continue
            checked += 1  # an exact 0 is D_alpha/alpha = rho: the supremum is not exceeded there
        return None, checked, undecided

    @staticmethod
    def _convex(claim, limit, limit_note, grid_note, settings):
        """(the verdict, "") where ``convexity_proof`` shows D_alpha/alpha <= rho at every order and
        parameter value, else (None, words for a sampled verdict).  A claim on record as numeric, or with
        a family scanned by ``over``, is not tried: 7-RR's refusal costs 10 s and proves nothing."""
        if settings.mutant_mode:
            return None, ""
        if claim.parsed["over"]:
            return None, "; convexity in the order not tried over a scanned family ('over')"
        if claim.get("evidence") == "numeric":
            return None, "; convexity in the order not tried (on record as sampled)"
        proof = convexity_proof(claim, claim.expr("divergence"), claim.expr("asserts"), order_symbol(claim), settings)
        if proof is None:
            return None, "; convexity in the order not proved: F'' = 2 rho - K'' >= 0 not shown over the domain"
        return passed(weakest(limit.evidence, proof.evidence),
                      f"{limit_note}; D_alpha/alpha <= rho at every alpha > 1 and every parameter value of the "
                      f"domain: F(h) = rho h (1 + h) - h D_(1+h) is convex in h = alpha - 1, {proof.how}, and "
                      f"F(h)/h -> 0 as h -> 0+ (the limit above), so F(h)/h >= 0; {grid_note}",
                      route=f"limit taken; convexity in the order proved ({proof.evidence})"), ""

    def _between_orders(self, claim, slack, alpha, env, orders, searched, settings):
        """A failed verdict where Arb's search over alpha intervals (``alpha_search``) finds an
        order between the grid's where D_alpha/alpha > rho; else None (the points searched counted).
        The search refutes only: its intervals left undecided near alpha = 1 keep the verdict numeric."""
        if settings.mutant_mode or searched["points"] >= SEARCH_POINTS:
            return None
        search = search_orders(slack, alpha, env, orders)
        if search is None:
            return None
        if search.witness is not None:
            order = sp.Rational(search.witness.numerator, search.witness.denominator)
            return failed("D_alpha/alpha exceeds the asserted rho between the grid's orders (found by Arb "
                          "over alpha intervals)", self._witness(claim, claim.expr("divergence") / alpha,
                                                                   {**env, alpha: order}, alpha, settings))
        searched["points"] += 1
        return None

    @staticmethod
    def _all_orders(claim, slack, alpha, env, proofs, settings):
        """A failed verdict where the proof over every alpha > 1 (``alpha_proof``) refutes the claim
        at ``env``; else None, the points proved counted.  The grid stays the fast first pass."""
        if settings.mutant_mode or proofs["points"] >= PROOF_POINTS:
            return None
        if "prepared" not in proofs:
            proofs["prepared"] = prove_prepare(claim.expr("divergence"), claim.expr("asserts"), alpha)
        proofs["points"] += 1
        if isinstance(proofs["prepared"], str):
            return None
        outcome = prove_orders(proofs["prepared"], env,
                               lambda order: _sign_of(slack, {**env, alpha: sp.Rational(
                                   order.numerator, order.denominator)}, settings)[0] < 0)
        if outcome.status == "refuted" and outcome.order is not None:
            order = sp.Rational(outcome.order.numerator, outcome.order.denominator)
            return failed("D_alpha/alpha exceeds the asserted rho between the grid's orders (found by the "
                          "Arb proof over alpha > 1)", ZcdpSupremum._witness(
                              claim, claim.expr("divergence") / alpha, {**env, alpha: order}, alpha, settings))
        proofs["proved"] += outcome.status == "proved"
        proofs["boxes"] = proofs.get("boxes", 0) + outcome.boxes
        if outcome.status == "proved":
            proofs["far"] = max(proofs.get("far", 0), outcome.far)
        return None

    @staticmethod
    def _proofs_note(proofs) -> str:
        if not proofs["points"]:
            return ""
        if isinstance(proofs.get("prepared"), str):
            return f"; no proof over alpha > 1: {proofs['prepared']}"
        if not proofs["proved"]:
            return f"; the proof over alpha intervals settled none of the first {proofs['points']} points"
        return (f"; at {proofs['proved']} of the first {proofs['points']} points, D_alpha/alpha <= rho proved by Arb "
                f"for 1 < alpha <= 1 + 2^H, H <= {proofs['far']} ({proofs.get('boxes', 0)} boxes: Taylor remainder "
                f"F'' = 2 rho - K'' > 0 near alpha = 1, then a bisection of log(alpha - 1)); beyond, "
                f"D_alpha/alpha <= D_oo/(1 + 2^H) < rho follows only if the closed form is a Renyi divergence, "
                f"nondecreasing in alpha (van Erven & Harremoes 2014, Thm. 3), so it is not counted as proved")

    @staticmethod
    def _over_grid(claim, variables, point):
        if not variables:
            yield {}
            return
        count = claim.parsed["over_points"]
        units = [sp.Rational(i, count + 1) for i in range(1, count + 1)]
        for combo in itertools.product(units, repeat=len(variables)):
            values = {}
            for parameter, unit in zip(variables, combo):
                values[parameter.symbol] = from_unit(parameter, unit, {**point, **values})
            yield values

    @staticmethod
    def _witness(claim, ratio, env, alpha, settings):
        """The point, both sides and the excess: each from its ball where that is narrow, as the
        sign was decided (``side_balls``); mpmath's values there showed a negative excess."""
        shown = show_point(env)
        rho = claim.expr("asserts")
        try:
            witness = {"point": shown}
            if settings.mutant_mode:  # a negative control's witness is not read
                return witness
            for name, side in (("D_alpha/alpha", ratio), ("rho", rho)):
                # At the first pair of precisions, whose values of an operator the sign's ball has.
                ball = side_ball(side, env, settings.dps)
                witness[name] = ball_text(ball, 12) or short(evaluate(side, env, 30))
            dps = settings.dps
            while dps <= ESCALATION * settings.dps:
                excess = side_ball(ratio - rho, env, dps)
                if excess is None or excess > 0 or excess < 0:
                    break
                dps *= 2
            witness["excess"] = ball_text(excess, 12) or short(evaluate(ratio - rho, env, 30))
            return witness
        except EvaluationError:
            return {"point": shown}


class ZcdpExcess(Kind):
    name = "zcdp-excess"
    required = ("divergence", "order", "excess_percent")
    optional = ("grid",)
    expression_fields = ("divergence",)
    asserted_fields = ("excess_percent",)
    description = "D_alpha/alpha peaks at an interior order, above the alpha -> 1 limit by the printed percent"

    def prepare(self, claim):
        super().prepare(claim)
        order_symbol(claim)
        if claim.domain.parameters:
            raise ProofcheckError("a zcdp-excess claim fixes every parameter (use 'define')")
        claim.parsed["grid"] = _grid(claim)
        if not isinstance(claim.raw["excess_percent"], str):
            raise ProofcheckError("'excess_percent' must be the printed decimal as a string, e.g. \"1.8\"")
        parse_decimal(claim.raw["excess_percent"])

    def _measure(self, claim, dps):
        """(alpha at the peak, peak of D_alpha/alpha, its alpha -> 1 limit, excess in percent)."""
        alpha = order_symbol(claim)
        ratio = claim.expr("divergence") / alpha
        limit = evaluate(sp.Limit(ratio, alpha, 1, "+"), {}, dps)
        with mpmath.workdps(dps + 10):
            where, top = peak(lambda a: evaluate(ratio, {alpha: a}, dps), claim.parsed["grid"])
            return where, top, limit, 100 * (top / limit - 1)

    def check(self, claim, settings):
        results = []
        for dps in (settings.dps, 2 * settings.dps):
            try:
                results.append(self._measure(claim, dps))
            except EvaluationError as error:
                return Verdict("error", None, str(error))
        (where, top, limit, excess), (_, _, _, excess_again) = results
        if not agree(excess, excess_again, settings.dps // 2):
            return Verdict("error", None, "the peak does not settle between dps and 2*dps")
        cancelled = self._cancelled(claim, where, top, settings)
        if cancelled is not None:
            return cancelled
        first = claim.parsed["grid"].orders()[0]
        if excess <= 0 or where <= mpmath.mpf(first.numerator) / first.denominator:
            return failed("D_alpha/alpha does not exceed its alpha -> 1 limit on the grid",
                          {"peak_alpha": short(where), "excess_percent": short(excess)})
        # The excess is trusted to half the required digits: the agreement asked between dps and 2*dps.
        tolerance = mpmath.mpf(10) ** (-required_digits(settings.dps) // 2)
        try:
            rendering = audit(numeric_ball(excess, tolerance), claim.raw["excess_percent"],
                              accepts=ROUNDING_ONLY, require_decided=True)
        except AuditUndecided:
            return Verdict("error", None, "the excess lies on a rounding boundary of the printed value")
        shown = (f"peak of D_alpha/alpha at alpha = {short(where, 10)}: {short(top, 15)}, above "
                 f"the alpha -> 1 limit {short(limit, 15)} by {short(excess, 8)}%")
        if not rendering.ok:
            return failed(f"{claim.raw['excess_percent']}% is not a rounding of the excess; {shown}",
                          {"excess_percent": short(excess, 10), "printed": claim.raw["excess_percent"],
                           "peak_alpha": short(where, 10)})
        proof = certified_excess(claim.expr("divergence"), order_symbol(claim), claim.raw["excess_percent"], where)
        if proof is not None:
            return passed("certified", f"{shown} (printed {claim.raw['excess_percent']}%, a correct rounding): "
                          f"{proof.words}", route=proof.route)
        return passed("numeric", f"{shown} (printed {claim.raw['excess_percent']}%, a correct rounding); "
                      f"peak located on {claim.parsed['grid'].describe()} and refined by golden-section "
                      f"search; the excess agrees to {required_digits(settings.dps // 2)} digits when "
                      f"recomputed at {2 * settings.dps} digits")

    @staticmethod
    def _cancelled(claim, where, top, settings):
        """None if the ball of D_alpha/alpha at the peak (``side_balls``) vouches for mpmath's
        value there; else the verdict.  mpmath's values drop what the divergence cancels: an
        added e^400 (1 + e^-400 alpha (alpha - 1)/1000) - e^400 left the printed excess of
        7-RR standing, though D_alpha/alpha then grows without bound."""
        alpha = order_symbol(claim)
        exact = {alpha: _exact(where)}
        try:
            verdict = unvouched(claim.expr("divergence") / alpha, _exact(top), exact, settings,
                                "D_alpha/alpha at the peak")
        except EvaluationError as error:
            return Verdict("error", None, str(error))
        if verdict is not None and verdict.status == "failed":
            verdict.details = ("D_alpha/alpha at the peak is not the value mpmath computed there: its ball, "
                               "cancellation included, lies apart")
        return verdict

    def mutants(self, claim, settings):
        text = claim.raw["excess_percent"].strip()
        out = []
        for step in (1, -1, 2, -2, 10):
            shifted = shift_last_digit(text, step)
            out.append((f"excess_percent {text} -> {shifted}", claim.with_fields(excess_percent=shifted)))
        return out


def _exact(value):
    """An mpf as the exact rational it is (not rounded to the precision in force)."""
    mantissa, exponent = value.man_exp
    return sp.Integer(mantissa) * sp.Integer(2) ** exponent
