"""Kind ``inequality``: ``lhs rel rhs`` across the claim's domain.

Before any route, the sampled points are looked at with Arb balls at a low
precision: a point where they prove the claim false fails it at once, with that
point as the witness (SymPy cannot prove a false claim, and could spend its whole
budget trying).

Routes, strongest first:

* symbolic  SymPy shows the difference positive (or nonnegative) from the
            parameters' assumptions, possibly after writing each parameter
            with a constant lower bound as that bound plus a positive amount;
* certified with no free parameters, Arb balls decide it;
* numeric   at sampled points, and at the points a search for a
            counter-example proposes (``proofcheck.core.points.counterexamples``),
            Arb balls decide it at each point (or, where the sides use
            operators that balls do not cover, mpmath at dps and 2*dps with a
            margin derived from the precision, noise about 0 told from a true
            value: ``inequality_points``).

Negative controls: the relation reversed, and the asserted constants
perturbed.  A perturbation that weakens the bound, or keeps a sign claim
true, is no wrong version: it is dismissed (and counted) only after a dense
check of ``DENSE_POINTS`` points drawn independently of the checker's own
sample; every perturbation that is false somewhere must be rejected.  A claim with a
``slack`` field says, in words, why its bound is far from tight; its constant
perturbations are then not meaningful controls and only the reversal is used.
"""
from __future__ import annotations

import sympy as sp

from ..model.domains import Bound, Domain, Parameter
from ..model.errors import EvaluationError, ProofcheckError, SymbolicTimeout
from ..model.expressions import OPERATORS
from ..model.timeout import time_budget
from ..model.verdict import Verdict, failed, passed, show_point
from ..numbers.intervals import LOOK_PREC, decide, first_point_where
from ..numbers.numeric import evaluate
from ..numbers.precision import ESCALATION
from ..points.counterexamples import counterexample_search
from ..points.policy import sample_points
from ..proofs.route import certify_sign
from ..symbolic.least_at_ends import least_at_ends
from ..symbolic.operators import NoClosedForm, closed_form
from ..symbolic.parameter_pieces import cut_points, pieces
from ..symbolic.signs import proved_nonnegative, proved_sign
from . import Kind
from .equality import probe_points, representative_point
from .inequality_points import decide_at, shown_value, slack_expression, slack_of
from .inequality_steps import pointwise, through_steps
from .mutants import each_expression_mutant

RECORDED_PATIENCE = 4.0
# CPU seconds for SymPy's closed forms of a slack's integrals (the packs' take 0.35 s at most).
CLOSING_SECONDS = 0.6
# CPU seconds for signing a slack whose integral SymPy closed (the packs' proofs take 0.25 s at
# most; eq-12-postprocessing's closed form in four parameters spent 5 s in simplify, refusing).
CLOSED_SIGN_SECONDS = 0.4
# Functions whose derivative SymPy writes as if they were smooth everywhere.
_KINKS = (sp.Abs, sp.Max, sp.Min, sp.floor, sp.ceiling, sp.sign, sp.Piecewise, sp.Heaviside)
_REVERSED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def _symbolic(claim, settings):
    """True, or words saying how (by cases, by induction, ...), where SymPy signs the slack; else
    a falsy value."""
    slack = slack_expression(claim)
    if slack.has(sp.Derivative) and not slack.has(*(set(OPERATORS) - {sp.Derivative}), *_KINKS):
        # Differentiation of smooth functions is exact: d/dc Phi^-1(u(c)) is Phi^-1'(u) u'(c).
        # Where a kink or a jump is inside, SymPy's derivative is wrong at it (d|x|/dx is sign x).
        slack = slack.doit()
    closed = ""
    if slack.has(sp.Integral):
        compared = pointwise(slack, claim, claim.parsed["rel"] in ("<", ">"), Inequality(),
                             lambda step: _pointwise_step(step, settings))
        if compared:
            return compared
    if slack.has(sp.Integral) and not slack.has(sp.Sum, sp.Limit, sp.Product, sp.Derivative):
        # An integral in SymPy's closed form, held to the numbers at the probe points, as the
        # certified route takes it (a sum's closed form is for the sums kinds).
        integral_slack = slack
        slack, closed = _closed_slack(claim, slack)
        if slack is None:
            return _by_pieces(integral_slack, claim, claim.parsed["rel"] in ("<", ">"))
    slack = _real_atoms(slack, claim)
    if slack.has(sp.Piecewise) and not slack.has(*OPERATORS):
        return _by_indicator_cases(slack, claim, settings)
    if slack.has(*OPERATORS, sp.Piecewise):
        return False
    if slack.is_number:
        # SymPy signs a constant by evaluating it (evalf), which is not a derivation:
        # constants are left to the Arb enclosure, which certifies them.
        return False
    try:
        patience = _patience(claim)
        budget = CLOSED_SIGN_SECONDS if closed else min(settings.symbolic_budget, 10.0)
        with time_budget(budget * patience):
            how = _how_signed(slack, claim, claim.parsed["rel"] in ("<", ">"), patience)
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError,
            RecursionError):
        return False
    if how and closed:
        return "the integral in SymPy's closed form held to the numbers, " + \
            ("from the assumptions" if how is True else how)
    return how


def _patience(claim) -> float:
    """The factor on the budgets of the deeper routes: four for a claim on record as symbolic, so
    that a loaded machine does not lose its proof (br-below-cesar-rogers's climb takes 1.2 s of a
    1.5 s budget on a quiet one); a negative control never is (it is not checked symbolically)."""
    return RECORDED_PATIENCE if claim.get("evidence") == "symbolic" else 1.0


def _by_indicator_cases(slack, claim, settings) -> str | None:
    """Words of a proof by the two cases of an indicator 1{D > 0} (or >=), D linear in a real
    parameter p of no bounds: p = K + s and p = K - s with s > 0 or s >= 0, K where D = 0; each case
    signed with that branch's value (Markov pointwise: |a - n|/(t - n) >= 1{a > t})."""
    cases = _indicator_cases(slack, claim)
    if cases is None:
        return None
    strict = claim.parsed["rel"] in ("<", ">")
    patience = _patience(claim)
    try:
        with time_budget(min(settings.symbolic_budget, 10.0) * patience):
            # Each case as it is, else with each bounded parameter through a positive t (0 <= t < m:
            # m - t is then m/(1 + t), and |s + m - t| resolves).
            if all(_how_signed(case, claim, strict, patience)
                   or _how_signed(claim.domain.interval_proof_map(case), claim, strict, patience)
                   for case in cases):
                return f"by the two cases of its indicator ({cases.split_at})"
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError, RecursionError):
        return None
    return None


def _indicator_cases(slack, claim) -> "_Cases | None":
    pieces = slack.atoms(sp.Piecewise)
    if len(pieces) != 1:
        return None
    piece = next(iter(pieces))
    if len(piece.args) != 2 or piece.args[1][1] is not sp.true:
        return None
    (taken, condition), (otherwise, _) = piece.args
    if not isinstance(condition, sp.core.relational.Relational) or condition.rel_op not in _REVERSED:
        return None
    # D > 0 (or >= 0) where the indicator is 1.
    difference = condition.lhs - condition.rhs if condition.rel_op in (">", ">=") else condition.rhs - condition.lhs
    closed = condition.rel_op in (">=", "<=")
    for parameter in claim.parameters.values():
        p = parameter.symbol
        if parameter.integer or parameter.lower is not None or parameter.upper is not None \
                or p not in difference.free_symbols:
            continue
        slope = sp.diff(difference, p)
        sign = None if slope.has(p) else proved_sign(slope, budget=SIGN_SECONDS)
        root = sp.solve(difference, p) if sign is not None else []
        if len(root) != 1:
            continue
        # D rises in p (sign 1): the indicator is 1 beyond the root; D falls: short of it.
        inside = sp.Symbol(f"_{parameter.name}_in", **({"nonnegative": True} if closed else {"positive": True}))
        outside = sp.Symbol(f"_{parameter.name}_out", **({"positive": True} if closed else {"nonnegative": True}))
        return _Cases([slack.xreplace({piece: taken}).xreplace({p: root[0] + sign * inside}),
                       slack.xreplace({piece: otherwise}).xreplace({p: root[0] - sign * outside})],
                      f"{parameter.name} on either side of {sp.sstr(root[0])}")
    return None


def _pointwise_step(step, settings):
    """The symbolic proof of a pointwise comparison, tried only where Arb shows it false at none of
    its probe points (E|U_n - n| <= r0 (n + c)/(1 + c) is no pointwise bound: 1.6 s spent refusing)."""
    if _negative_somewhere(slack_expression(step), probe_points(step)):
        return False
    return _symbolic(step, settings)


def _how_signed(slack, claim, strict, patience=1.0):
    """The routes of ``_symbolic``, cheapest first; the deeper ones only where a simpler one shaped
    the slack for them."""
    shifted = _lower_shifts(claim)
    if _signed(slack, claim, shifted, strict):
        return True
    squared = _squared(slack)
    if squared is not None:
        hows = [_how_signed(part, claim, strict, patience) for part in squared]
        if all(hows):
            deeper = [h for h in hows if isinstance(h, str)]
            return "; ".join(["A - sqrt(B) as A and A^2 - B", *dict.fromkeys(deeper)])
    if slack.has(sp.ceiling) and _through_ceiling(slack, claim, shifted, strict):
        return "the ceiling replaced by its argument, below it, where the slack is least"
    cases = _integer_cases(slack, claim)
    if len(cases) == 1:
        along = None if strict else _by_minimum_along(slack, claim, patience)
        if along:
            return f"least where {along[0]} = {along[1]}, growing away from it"
        climbs = _from_the_end(slack, claim, patience)
        if climbs:
            return f"rising from its value at {climbs} (its derivatives' numerators, each from the end)"
        return _at_ends(slack, claim, shifted, strict, patience)
    # The deeper sign proofs are paid only where a slack was split at its first integer:
    # tried on every slack they cost 5 s over the packs, for no proof.
    if all(_signed(case, claim, shifted, strict, deep=True) for case in cases):
        return f"by cases of {cases.split_at}"
    inducted = _by_induction(slack, claim, shifted, strict)
    return f"by induction on {inducted}" if inducted else None


# CPU seconds for taking a slack to the ends of its bounded parameters (eq-28-pointwise's two
# |A| cases, each along z and delta, take 0.9 s in a warm process and up to 2 s in a cold one on
# a slower machine, within the four times this that a claim on record as symbolic is given; a
# chord's 0.3 s).
ENDS_SECONDS = 0.6


def _at_ends(slack, claim, shifted, strict, patience=1.0) -> str | None:
    """Words of a proof through ``least_at_ends``: a slack concave along a bounded parameter,
    signed at both ends of its range; else None."""
    def prove(expression, strict_):
        # Each bounded parameter written through t >= 0 (an open end) or in two covers (closed ends).
        forms = _closed_covers(claim.domain.interval_proof_map(expression), claim)
        return all(_signed(form, claim, shifted, strict_, deep=True) for form in forms)

    points = probe_points(claim)

    def screen(expression):
        return not _negative_somewhere(expression, points)

    try:
        with time_budget(ENDS_SECONDS * patience):
            return least_at_ends(slack, claim.domain, prove, strict, screen=screen)
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError):
        return None


# CPU seconds for cutting a parameter at an integral's breakpoints (lemma-6.3-triangle's six pieces
# and five points take 2.2 s on a quiet machine, 4 s in a cold test process, within the four times
# this that a claim on record as symbolic is given).
PIECES_SECONDS = 1.5


def _by_pieces(slack, claim, strict):
    """Words of a proof with a real parameter cut where an integral's breakpoint meets one of its
    limits (``parameter_pieces``): each piece's closed form, and each cut point's, signed; else
    None.  The places that SymPy's single closed form could not prove are then proved piece by piece."""
    found = _cut_parameter(slack, claim)
    if found is None:
        return None
    parameter, cuts = found
    patience = _patience(claim)
    try:
        with time_budget(PIECES_SECONDS * patience):
            if all(_how_signed(_piece_closed_form(slack, claim, parameter.symbol, written, s), claim, strict)
                   for _, written, s in pieces(parameter, cuts)):
                return f"the integral in SymPy's closed form held to the numbers on each piece of " \
                       f"{parameter.name} cut at {', '.join(map(str, cuts))}"
    except (SymbolicTimeout, NoClosedForm, ProofcheckError, NotImplementedError, TypeError, ValueError,
            ArithmeticError):
        return None
    return None


def _cut_parameter(slack, claim):
    """(the first real parameter that no range names, its cut points) where it has some (``cut_points``)."""
    named = set().union(*(p.depends_on for p in claim.parameters.values()))
    for parameter in claim.parameters.values():
        if parameter.integer or parameter.depends_on or parameter.name in named:
            continue
        cuts = cut_points(slack, parameter)
        if cuts:
            return parameter, cuts
    return None


def _piece_closed_form(slack, claim, t, written, s, real_atoms=True):
    """The closed form of the slack with ``t`` written as ``written`` (through s > 0, or a number),
    held to the numbers at the claim's probe points, s = 1/3 and 3 in turn, and for the sign routes
    with erfinv read as real where it is (``real_atoms``).  NoClosedForm where SymPy reaches none."""
    def moved(point, value):
        out = {k: v for k, v in point.items() if k != t}
        if s is not None:
            out[s] = value
        return out
    rep = moved(representative_point(claim), sp.Integer(1))
    points = [moved(p, (sp.Rational(1, 3), sp.Integer(3))[i % 2]) for i, p in enumerate(probe_points(claim))]
    closed = closed_form(slack.xreplace({t: written}), rep, points)
    return _real_atoms(closed, claim) if real_atoms else closed


def _squared(slack):
    """[A, A^2 - k^2 B] for a slack A - k sqrt(B) (k > 0 a number, A free of that root), or None:
    A >= k sqrt(B) holds exactly where A >= 0 and A^2 >= k^2 B (strictly, where both are strict)."""
    roots = [term for term in sp.Add.make_args(slack)
             if term.as_coeff_Mul()[0].is_negative and term.as_coeff_Mul()[1].is_Pow
             and term.as_coeff_Mul()[1].exp == sp.Rational(1, 2)]
    if len(roots) != 1:
        return None
    coefficient, root = roots[0].as_coeff_Mul()
    rest = slack - roots[0]
    if rest.has(root):
        return None
    return [rest, sp.expand(rest ** 2) - coefficient ** 2 * root.base]


def _closed_covers(expression, claim) -> list:
    """``expression`` with each real parameter closed at both ends, a <= x <= b, written once as
    (a + b t)/(1 + t) and once as (b + a t)/(1 + t), t >= 0: the two cover [a, b) and (a, b], so a
    sign proved of every form holds on [a, b] (``interval_proof_map`` leaves such a parameter as
    it is).  LS(1 + 2 delta) + delta^2 + 1/4 on -1/2 <= delta <= 1/2 is signed so."""
    forms = [expression]
    # Last first, as ``interval_proof_map``: z of -L <= z <= L is written before L.
    for parameter in reversed(list(claim.parameters.values())):
        lower, upper = parameter.lower, parameter.upper
        if parameter.integer or lower is None or upper is None or lower.strict or upper.strict \
                or not any(parameter.symbol in f.free_symbols for f in forms):
            continue
        t = sp.Dummy(f"{parameter.name}_t", nonnegative=True)
        a, b = lower.expr, upper.expr
        forms = [f.xreplace({parameter.symbol: w}) for f in forms
                 for w in ((a + b * t) / (1 + t), (b + a * t) / (1 + t))]
    return forms


def _lower_shifts(claim) -> dict:
    """Each parameter with a constant lower bound, or a monomial of other parameters (t > n), and no
    upper one written as that bound plus a fresh t: x > a is a + t with t > 0; x >= a is a + t with
    t >= 0, the boundary included."""
    shifted, dependent = {}, {}
    for parameter in claim.parameters.values():
        lower = parameter.lower
        if lower is None or parameter.upper is not None:
            continue
        above = {"integer": True} if parameter.integer else {}
        t = sp.Symbol(f"_{parameter.name}_above", real=True,
                      **({"positive": True} if lower.strict and not parameter.integer
                         else {"nonnegative": True}), **above)
        if not parameter.integer and _monomial_bound(lower.expr) and parameter.symbol not in lower.expr.free_symbols:
            # t > n, another parameter: n + t with t > 0 (Markov's t - n > 0).  A bound such as
            # q >= (1 + 3r)/(1 - r) is not shifted: eq-16's expansion through it cost 2 s, for no proof.
            dependent[parameter.symbol] = (lower.expr, t)
        elif lower.expr.is_number:
            shift = lower.expr + t
            if parameter.integer and lower.strict:
                shift = sp.floor(lower.expr) + 1 + t  # n > a, integer: n >= floor(a) + 1
            elif parameter.integer:
                shift = sp.ceiling(lower.expr) + t
            shifted[parameter.symbol] = shift
    for symbol, (bound, t) in dependent.items():
        # The bound written through its own parameters' shifts, so that t - n cancels to t.
        shifted[symbol] = bound.xreplace(shifted) + t
    return shifted


def _monomial_bound(bound) -> bool:
    """Whether a lower bound is a product of powers of other parameters (n, sigma^2)."""
    def plain(factor):
        return factor.is_number or factor.is_Symbol or (factor.is_Pow and factor.base.is_Symbol
                                                         and factor.exp.is_number)
    return not bound.is_number and all(plain(f) for f in sp.Mul.make_args(bound))


class _Cases(list):
    """The cases of a slack that must all be proved, and in words where it was split."""

    def __init__(self, cases, split_at):
        super().__init__(cases)
        self.split_at = split_at


def _integer_cases(slack, claim) -> "_Cases":
    """The slack, or where it holds Max or Min of an integer parameter n >= a (no upper bound), or
    is 0 at n = a, its two cases n = a and n = a + 1 + m with m >= 0 an integer: SymPy then
    resolves Max(1, n) in each, or signs the slack where it is strictly positive.  Both must be
    proved."""
    for parameter in claim.parameters.values():
        first = _first_integer(parameter)
        if first is None:
            continue
        at_first = slack.xreplace({parameter.symbol: first})
        switched = any(parameter.symbol in m.free_symbols for m in slack.atoms(sp.Max, sp.Min))
        # A slack that is exactly 0 at the first integer (log^2 against log^2 at n = 1) is signed
        # beyond it, where it is strictly positive, and needs no proof at it.
        if switched or sp.expand(at_first) == 0:
            m = sp.Symbol(f"_{parameter.name}_beyond", integer=True, nonnegative=True)
            return _Cases([at_first, slack.xreplace({parameter.symbol: first + 1 + m})],
                          f"{parameter.name} = {first} and {parameter.name} > {first}")
    return _sign_cases(slack, claim)


def _first_integer(parameter):
    """The first value of an integer parameter bounded below by an integer and not above (n >= 1
    is 1, n > 0 is 1); None for any other parameter."""
    lower = parameter.lower
    if not (parameter.integer and parameter.upper is None and lower is not None and lower.expr.is_Integer):
        return None
    return lower.expr + (1 if lower.strict else 0)


def _sign_cases(slack, claim) -> "_Cases":
    """Where a real parameter x with no bounds is inside Max or Min, the slack's two cases
    x = t >= 0 and x = -t < 0: SymPy then resolves Max(0, x) and |n - x| in each (a clipped
    value's error, |n - u| >= |n - max(0, u)|, is 0 for u >= 0 and -u for u < 0)."""
    for parameter in claim.parameters.values():
        x = parameter.symbol
        if parameter.integer or parameter.lower is not None or parameter.upper is not None \
                or not any(x in m.free_symbols for m in slack.atoms(sp.Max, sp.Min)):
            continue
        above = sp.Symbol(f"_{parameter.name}_at_or_above_0", nonnegative=True)
        below = sp.Symbol(f"_{parameter.name}_below_0", positive=True)
        return _Cases([slack.xreplace({x: above}), slack.xreplace({x: -below})],
                      f"{parameter.name} >= 0 and {parameter.name} < 0")
    return _Cases([slack], "")


def _through_ceiling(slack, claim, shifted, strict) -> bool:
    """A slack holding one ceiling(y), y > 0 proved, signed through y <= ceiling(y): where the slack
    increases in the ceiling's value A (its derivative in A proved positive for every A > 0, and
    every value between y and ceiling(y) is positive), slack >= slack with y in place of the
    ceiling, and that is signed (prop-6.2-q-threshold: sqrt(ceil(n C^2))/sqrt(n) >= C)."""
    atoms = slack.atoms(sp.ceiling)
    if len(atoms) != 1 or slack.has(sp.floor):
        return False
    atom = next(iter(atoms))
    y = atom.args[0]
    if proved_sign(claim.domain.interval_proof_map(y).xreplace(shifted), budget=SIGN_SECONDS) != 1:
        return False
    value = sp.Dummy("A", positive=True)
    if proved_sign(sp.diff(slack.xreplace({atom: value}), value), budget=SIGN_SECONDS) != 1:
        return False
    least = slack.xreplace({atom: y})
    if _signed(least, claim, shifted, strict):
        return True
    least = sp.simplify(claim.domain.interval_proof_map(least).xreplace(shifted))
    return bool(least.is_positive if strict else least.is_nonnegative)


# CPU seconds for a slack's climb from the end of its one parameter (eps tanh(eps/2) against
# 1 - e^-eps takes 0.2 s; br-below-cesar-rogers's three levels 1.2 s, within the four times this
# that a claim on record as symbolic is given).
CLIMB_SECONDS = 0.8
CLIMB_DEPTH = 3


def _from_the_end(slack, claim, patience=1.0) -> str | None:
    """For a claim in one real parameter x > a (or x >= a; an upper bound is ignored): the slack's value at the
    end a (its limit there, SymPy's, held to the numbers) is >= 0, and its derivative's numerator
    (over a denominator proved positive) is proved positive, or is 0 at a and rises in turn, to
    ``CLIMB_DEPTH`` derivatives.  Then the slack rises from a value >= 0: it is > 0 for x > a.
    (eps tanh(eps/2) - eps + 1 - e^-eps: 0 at 0, its derivative's numerator 1 - e^{2x}(1 - 2x)
    is 0 at 0, and that one's, 4x e^{2x}, is positive.)"""
    if len(claim.parameters) != 1:
        return None
    parameter = next(iter(claim.parameters.values()))
    lower = parameter.lower
    # An upper bound is ignored: the climb is proved for every x > a, the more so up to it.
    if parameter.integer or lower is None or not lower.expr.is_number:
        return None
    if lower.strict is False and claim.parsed["rel"] in ("<", ">"):
        return None  # the end itself is in the domain, where the value may be 0
    x, a = parameter.symbol, lower.expr

    def whole():
        return _climbs(slack.rewrite(sp.exp), x, a, claim, CLIMB_DEPTH) and f"{parameter.name} = {a}"

    def numerator():
        # The numerator over a denominator proved positive: 1 - 1/(1 - e^-x) + 1/x falls to 0
        # as x -> oo, but its numerator e^x - 1 - x rises from 0 at x = 0.
        top, bottom = sp.fraction(sp.factor(sp.together(slack.rewrite(sp.exp))))
        t = sp.Dummy("t", positive=True)
        return bottom.has(x) and proved_sign(bottom.xreplace({x: a + t}), budget=SIGN_SECONDS) == 1 \
            and _climbs(sp.expand(top), x, a, claim, CLIMB_DEPTH) \
            and f"{parameter.name} = {a}, its numerator over a positive denominator"

    for attempt in (whole, numerator):  # each in its own budget
        try:
            with time_budget(CLIMB_SECONDS * patience):
                found = attempt()
        except (SymbolicTimeout, NoClosedForm, ProofcheckError, ArithmeticError, ValueError, TypeError,
                NotImplementedError):
            found = None
        if found:
            return found
    return None


def proved_positive(expression, claim, strict=True):
    """How the sign routes of an inequality (``_how_signed``) show ``expression`` > 0 (>= 0 where not
    ``strict``) for every value of ``claim``'s parameters, in words; else None.  An optimum's
    optimiser is shown inside its range so (0 < 1/(1 - e^-eta) - 1/eta < 1 for eta > 0)."""
    probe = claim.with_fields()
    probe.parsed["rel"] = ">" if strict else ">="
    patience = _patience(claim)
    try:
        with time_budget(SIGN_SECONDS * 8 * patience):
            found = _how_signed(sp.sympify(expression), probe, strict, patience)
    except (SymbolicTimeout, NotImplementedError, TypeError, ValueError, AttributeError, RecursionError):
        return None
    return ("from the assumptions" if found is True else found) or None


def _climbs(f, x, a, claim, depth) -> bool:
    """Whether f(a+) >= 0 and f' > 0 on x > a, the numerator of f' proved positive or climbing."""
    at_end = sp.simplify(f.xreplace({x: a}))
    if at_end.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        at_end = closed_form(sp.Limit(f, x, a, "+"), representative_point(claim), probe_points(claim))
    # 0 exactly, or a constant Arb's balls show positive: SymPy's own comparison of a constant
    # evaluates it (evalf), which is no proof.
    if not (at_end == 0 or (at_end.is_number and decide(">", at_end, 0, {}, max_prec=LOOK_PREC) is True)):
        return False
    t = sp.Dummy("t", positive=True)
    numerator, denominator = sp.fraction(sp.factor(sp.together(sp.diff(f, x))))
    sign = proved_sign(denominator.xreplace({x: a + t}), budget=SIGN_SECONDS)
    if sign is None:
        return False
    numerator = sp.factor(sign * numerator)
    if proved_sign(numerator.xreplace({x: a + t}), budget=SIGN_SECONDS) == 1:
        return True
    if depth <= 1:
        return False
    # Factor by factor: one not signed as it is rises from the end in turn (a power of it with a
    # positive integer exponent is then positive too: (eta e^eta + eta - 2 e^eta + 2)^2).
    for factor in sp.Mul.make_args(numerator):
        if proved_sign(factor.xreplace({x: a + t}), budget=SIGN_SECONDS) == 1:
            continue
        base, exponent = factor.as_base_exp()
        if not (exponent.is_Integer and exponent > 0 and base.has(x)
                and _climbs(sp.expand(base), x, a, claim, depth - 1)):
            return False
    return True


def _by_minimum_along(slack, claim, patience=1.0) -> tuple | None:
    """``(q, p)`` where the slack is 0 at q = p and grows as q leaves p: (q - p) d slack/dq >= 0
    proved.  Then slack(q) = the integral of d slack/ds from p to q is >= 0 (Pinsker's
    KL(p || q) - 2 (p - q)^2 has d/dq = (q - p)(1 - 2q)^2/(q (1 - q))).  The segment between
    p and q must lie in q's range: q has p's bounds, or p is one of q's bounds."""
    for q_parameter in claim.parameters.values():
        q = q_parameter.symbol
        if q_parameter.integer or q not in slack.free_symbols:
            continue
        for p_parameter in claim.parameters.values():
            p = p_parameter.symbol
            if p == q or p_parameter.integer or not _segment_inside(q_parameter, p_parameter):
                continue
            at_p = slack.xreplace({q: p})
            # (1 - p)^alpha (1 - p)^(1 - alpha) is 1 - p once 1 - p is seen positive.
            if sp.expand(sp.powsimp(at_p)) != 0 and \
                    sp.expand(sp.powsimp(claim.domain.interval_proof_map(at_p))) != 0:
                continue
            if _grows_away(slack, q, p, claim, patience):
                return q_parameter.name, p_parameter.name
    return None


# CPU seconds for the growth of a slack away from q = p (Pinsker's and a two-point D_alpha's take
# 0.2 s; a chord's slack, 0 at its end, spent 8 s in simplify, and does not grow one way).
GROWTH_SECONDS = 0.4


def _grows_away(slack, q, p, claim, patience=1.0) -> bool:
    """Whether (q - p) d slack/dq >= 0 is proved, within ``GROWTH_SECONDS``."""
    growth = (q - p) * sp.diff(slack, q)
    if _negative_somewhere(growth, probe_points(claim)):
        return False  # the numbers show it shrinking somewhere: no proof is tried
    try:
        with time_budget(GROWTH_SECONDS * patience):
            growth = sp.factor(sp.simplify(growth))
            return bool(growth.is_nonnegative
                        or sp.factor(claim.domain.interval_proof_map(growth)).is_nonnegative)
    except SymbolicTimeout:
        return False


def _segment_inside(q_parameter, p_parameter) -> bool:
    """Whether every value between p and q lies in q's range: the same constant bounds, or p
    one of q's bounds."""
    bounds = [(b.expr, b.strict) if b is not None else None for b in (q_parameter.lower, q_parameter.upper)]
    if bounds == [(b.expr, b.strict) if b is not None else None for b in (p_parameter.lower, p_parameter.upper)]:
        return all(b is None or b[0].is_number for b in bounds)
    return any(b is not None and b[0] == p_parameter.symbol for b in bounds)


def _by_induction(slack, claim, shifted, strict) -> str | None:
    """The slack signed by induction on an integer parameter k >= a with no upper bound: it holds
    at k = a, and slack(k + 1) - slack(k) >= 0 for every k >= a (proved at k = a and at
    k = a + 1 + m), so slack(k) >= slack(a) for every k.  (Bernoulli's (1 + x)^k >= 1 + kx is
    k log(1 + x) >= log(1 + kx): its step is log((1 + x)(1 + kx)/(1 + (k + 1) x)) >= 0.)  A
    parameter another one's range depends on (0 <= t < m) is not inducted on: the step would
    compare the slack at two k over different ranges of t."""
    bounded_by = set().union(*(p.depends_on for p in claim.parameters.values()))
    for parameter in claim.parameters.values():
        first, k = _first_integer(parameter), parameter.symbol
        if first is None or k not in slack.free_symbols or parameter.name in bounded_by:
            continue
        m = sp.Symbol(f"_{parameter.name}_beyond", integer=True, nonnegative=True)
        step = slack.xreplace({k: k + 1}) - slack
        if _signed(slack.xreplace({k: first}), claim, shifted, strict, deep=True) \
                and _signed(step.xreplace({k: first}), claim, shifted, False, deep=True) \
                and _signed(sp.logcombine(step.xreplace({k: first + 1 + m})), claim, shifted, False, deep=True):
            return parameter.name
    return None


def _signed(slack, claim, shifted, strict, deep=False) -> bool:
    """Whether SymPy signs ``slack`` from the assumptions: as it is, simplified, factored, with each
    parameter from its lower bound, or (a rational slack) with each bounded one written through a
    positive t (``Domain.interval_proof_map``)."""
    def signed(candidate):
        return candidate is not None and bool(candidate.is_positive if strict else candidate.is_nonnegative)

    if signed(slack):
        return True
    bounded = claim.domain.interval_proof_map(slack)
    rational = bounded != slack and bounded.is_rational_function()
    # A rational slack on a bounded range factored as it is first: expanded, (1 - r)^6/(r^2 (1 + r)^2)
    # through r = t/(1 + t) took 1.6 s to factor, against 3 ms, and its budget ran out on a loaded machine.
    if rational and signed(_factored(bounded.xreplace(shifted))):
        return True
    if slack.is_rational_function() and _expanded_over_positive(slack, strict):
        return True
    simplified = sp.simplify(slack)
    candidates = [simplified, _factored(simplified)]
    if shifted:
        candidates.append(_factored(slack.xreplace(shifted), expanded=True))
    if rational:
        candidates.append(_factored(bounded.xreplace(shifted), expanded=True))
    if any(signed(c) for c in candidates):
        return True
    if not deep:
        return False
    # The sign proofs of core/symbolic/signs.py: a product factor by factor, log a - log b by a - b.
    factored = candidates[1] if candidates[1] is not None else simplified
    return proved_sign(factored, budget=SIGN_SECONDS) == 1 or \
        (bool(shifted) and proved_sign(sp.logcombine(slack.xreplace(shifted)), budget=SIGN_SECONDS) == 1)


def _expanded_over_positive(slack, strict) -> bool:
    """Whether a rational slack is signed as an expanded numerator over a denominator that the
    assumptions sign positive: the ends of eq-28's pointwise bound, each parameter written through
    a positive t, are sums of positive terms, which simplify takes a second to say."""
    numerator, denominator = sp.fraction(sp.together(slack))
    if not denominator.is_positive:
        return False
    numerator = sp.expand(numerator)
    return bool(numerator.is_positive if strict else numerator.is_nonnegative)


def _erfinv_symbols(slack, claim) -> dict:
    """{erfinv(g): a real symbol} for each erfinv(g) of ``slack`` whose argument is proved inside
    (-1, 1) over the domain, the symbol positive where g > 0 is proved."""
    replacements = {}
    for atom in slack.atoms(sp.erfinv):
        g = claim.domain.interval_proof_map(atom.args[0])
        if proved_sign(1 - g) == 1 and proved_sign(1 + g) == 1:
            positive = {"positive": True} if proved_sign(g) == 1 else {}
            replacements[atom] = sp.Dummy("erfinv", real=True, **positive)
    return replacements


def _real_atoms(slack, claim):
    """``slack`` with each erfinv(g) whose argument is proved inside (-1, 1) over the domain
    written as a real symbol (positive where g > 0 is proved): SymPy does not know that
    erfinv is real there, and so cannot sign e^{erfinv(g)^2}.  The symbol forgets how the value
    depends on the parameters, so a sign proved with it holds the more."""
    replacements = _erfinv_symbols(slack, claim)
    return slack.xreplace(replacements) if replacements else slack


def _erfinv_as_symbols(slack, claim):
    """(``slack`` with each erfinv(g) inside an integral written as a real symbol, positive where g
    > 0 is proved, as ``_real_atoms``; the map back), or (slack, {}).  SymPy then signs the
    branches of the integrand (1 - e^(sqrt(2) w z - 2 w^2) on z < sqrt(2) w) and orders its
    breakpoints, which it cannot with erfinv(g), whose reality it does not know.  A closed form
    and its branches proved for every such w hold at w = erfinv(g)."""
    if not any(i.has(sp.erfinv) for i in slack.atoms(sp.Integral)):
        return slack, {}
    replacements = _erfinv_symbols(slack, claim)
    return slack.xreplace(replacements), {w: atom for atom, w in replacements.items()}


def _with_atoms(point, back):
    """``point`` with the value of each abstracted erfinv(g) there (60 digits)."""
    values = {w: sp.Float(evaluate(atom.xreplace(point), {}, 60), 60) for w, atom in back.items()}
    return {**point, **values}


# CPU seconds for the sign proof of a factored slack (the packs' take 0.1 s at most).
SIGN_SECONDS = 0.5


# CPU seconds for one factorisation of a slack.  The packs' take 12 ms at most; a bump
# e^(-10^6 (x - 3)^2) made SymPy factor a polynomial of degree 6 10^6 in e^x, and the claim
# spent the whole symbolic budget (10 s) there before the numbers refuted it.
FACTOR_SECONDS = 1.0


def _factored(expr, expanded=False):
    """``expr`` (expanded first, if asked) factored, or None where that runs past ``FACTOR_SECONDS``."""
    try:
        with time_budget(FACTOR_SECONDS):
            return sp.factor(sp.expand(expr) if expanded else expr)
    except SymbolicTimeout:
        return None


def _refuted_or_through_steps(claim, points, settings):
    """A failure at a sampled point that Arb balls decide, else the verdict through the claim's
    steps (``via``) where each is proved, else None."""
    refuted = _certified_counterexample(claim, points, settings)
    if refuted is not None or "via" not in claim.raw or settings.mutant_mode:
        # A negative control changes a side, not the steps: it is left to the other routes.
        return refuted
    return through_steps(claim, settings, Inequality(), proved_over_domain)


def _prepare_steps(claim):
    """``via``: a non-empty list of expressions, each parsed as a side is."""
    steps = claim.raw["via"]
    if not isinstance(steps, list) or not steps or not all(isinstance(step, str) for step in steps):
        raise ProofcheckError("'via' must be a list of expressions, the steps from lhs to rhs")
    for step in steps:
        if not isinstance(claim.parse(step), sp.Expr):
            raise ProofcheckError(f"each step of 'via' must be an expression, got {step!r}")


class Inequality(Kind):
    name = "inequality"
    required = ("lhs", "rel", "rhs")
    optional = ("slack", "via")
    expression_fields = ("lhs", "rhs")
    asserted_fields = ("rhs", "lhs")
    description = "lhs rel rhs holds across the domain"

    def prepare(self, claim):
        super().prepare(claim)
        rel = claim.raw["rel"]
        if rel not in _REVERSED:
            raise ProofcheckError(f"'rel' must be one of <, <=, >, >=, got {rel!r}")
        claim.parsed["rel"] = rel
        if "slack" in claim.raw and not isinstance(claim.raw["slack"], str):
            raise ProofcheckError("'slack' must say in words why the bound is not tight")
        if "via" in claim.raw:
            _prepare_steps(claim)

    def check(self, claim, settings):
        points = sample_points(claim, settings)
        early = _refuted_or_through_steps(claim, points, settings)
        if early is not None:
            return early
        how = _symbolic(claim, settings) if "symbolic" in settings.routes and not settings.mutant_mode else None
        if how:
            return passed("symbolic", "SymPy shows the difference is "
                          + ("positive" if claim.parsed["rel"] in "<>" else "nonnegative")
                          + " from the parameters' assumptions" + (f", {how}" if how is not True else ""),
                          route="sign from assumptions" + (f", {how}" if how is not True else ""))
        routes, said = set(), None
        if slack_expression(claim).has(sp.Integral) and not settings.mutant_mode:
            # Quadrature at every sampled point costs more than SymPy's closed form and its
            # proof over the domain: that is tried first, and the points only where it fails.
            over_domain, said = _over_domain(claim, settings)
            if over_domain is not None:
                return over_domain
        # The sampled points are decided first: where one fails (a negative control, mostly)
        # the search for a counter-example between them has nothing left to find.
        stopped = _decide_all(claim, points, settings, routes)
        if stopped is not None:
            return stopped
        suspects = _suspects(claim, points)
        stopped = _decide_all(claim, suspects, settings, routes)
        if stopped is not None:
            return stopped
        # The proof over the domain comes after the search for a counter-example: a claim false
        # at one spot (a bump at n = 123457) is refuted there, and never costs the route's budget.
        if said is None:
            over_domain, said = _over_domain(claim, settings)
            if over_domain is not None:
                return over_domain
        if not claim.domain.parameters and routes == {"certified"}:
            return passed("certified", "decided by Arb balls", route="Arb enclosure")
        # A numeric point is decided by the sides' balls: Arb about mpmath's values of what Arb
        # cannot enclose, at dps and 2*dps, and at more digits where those leave it undecided.
        leaves = f"Arb about mpmath's values at {settings.dps} and {2 * settings.dps} digits or more"
        how = "Arb balls" if routes == {"certified"} else f"Arb balls, or {leaves}" if "certified" in routes \
            else leaves
        searched = f" and {len(suspects)} found by a search for a counter-example" if suspects else ""
        box = f" drawn from {claim.sampling_domain.describe()}" if claim.get("sampling") else ""
        region = (claim.sampling_domain if claim.get("sampling") else claim.domain).describe()
        return passed("numeric", f"holds at {len(points)} sampled points{box}{searched}, "
                      f"each decided by {how}" + (f". Not certified over the domain: {said}" if said else ""),
                      route=f"sampled {len(points) + len(suspects)} points in {region}")

    def mutants(self, claim, settings):
        """The reversed relation, then each perturbation of the asserted side that is a wrong
        claim; one that only weakens the claim is dismissed after a dense check.  Made
        lazily: the dense check of a perturbation is paid only when it is asked for."""
        yield (f"relation {claim.parsed['rel']} -> {_REVERSED[claim.parsed['rel']]}",
               _with_relation(claim, _REVERSED[claim.parsed["rel"]]))
        if "slack" in claim.raw:
            return
        dense = dense_points(claim, settings)
        # A side built from operators (an expectation, an integral) is the definition, not
        # what the paper asserts: only the other side is perturbed.
        fields = [f for f in self.asserted_fields
                  if not claim.expr(f).has(*OPERATORS)]
        for description, mutant in each_expression_mutant(claim, fields, settings):
            reason = _still_true(claim, mutant, dense)
            yield (description, mutant) if reason is None else (f"{description} ({reason})", None)


def proved_over_domain(claim, settings, certified_first=False):
    """The symbolic or certified verdict of ``claim`` over its whole domain, else None: SymPy's sign
    proofs and Arb's branch and bound (in that order, or the reverse), with no sampled point.  For a
    claim derived inside another kind's argument, whose failure is no counter-example to that kind's
    claim."""
    routes = (_certified_over, _symbolic_over) if certified_first else (_symbolic_over, _certified_over)
    for route in routes:
        verdict = route(claim, settings)
        if verdict is not None:
            return verdict
    return None


def _symbolic_over(claim, settings):
    how = _symbolic(claim, settings) if "symbolic" in settings.routes else None
    if not how:
        return None
    return passed("symbolic", "SymPy signs the difference from the parameters' assumptions"
                  + (f", {how}" if how is not True else ""),
                  route="sign from assumptions" + (f", {how}" if how is not True else ""))


def _certified_over(claim, settings):
    verdict, _ = _over_domain(claim, settings)
    return verdict if verdict is not None and verdict.passed else None


def _certified_counterexample(claim, points, settings):
    """The failed verdict at the first sampled point where Arb balls prove the claim false; else None.

    Looked for before the symbolic attempt, which cannot prove a false claim and may
    spend its whole budget trying.  Only a proof of failure counts here, at a low
    precision: whatever this does not settle is decided point by point later, as before.
    """
    rel, lhs, rhs = claim.parsed["rel"], claim.expr("lhs"), claim.expr("rhs")
    point = first_point_where(lambda p: decide(rel, lhs, rhs, p, max_prec=LOOK_PREC) is False, points)
    return None if point is None else failed(f"{rel} fails", _witness(claim, point, settings))


def _over_domain(claim, settings):
    """The certified verdict over the whole stated domain (``core/proofs``), or a failure at a
    point of a box where the slack's enclosure has strictly the wrong sign; else (None, why)."""
    if "certified" not in settings.routes or not claim.domain.parameters:
        return None, ""
    strict = claim.parsed["rel"] in ("<", ">")

    def holds_at(point):
        return decide_at(claim, point, settings)[0]
    slack, closed = slack_expression(claim), ""
    if slack.has(sp.Sum, sp.Limit, sp.Derivative, sp.Product):
        # A sum's closed form is for the sums kinds, which certify its tail.
        return None, "a side holds a sum or a limit, which Arb does not enclose over a box"
    if slack.has(*OPERATORS):
        integral_slack = slack
        slack, closed = _closed_slack(claim, slack)
        if slack is None:
            return _pieces_over_domain(claim, integral_slack, strict, holds_at, settings) or (None, closed)
    # A claim on record as certified is given four times the budget: its proof takes a tenth of
    # one budget on a quiet machine, and a loaded one must not lose it.
    # (A negative control is a wrong claim: no budget proves it, and it keeps the small one.)
    recorded = claim.get("evidence") == "certified" and not settings.mutant_mode
    patience = RECORDED_PATIENCE if recorded else 1.0
    points = [claim.domain.validate_point(p) for p in claim.get("points", [])]
    status, found = certify_sign(slack, claim.domain, strict, holds_at, mutant=settings.mutant_mode,
                                 patience=patience, points=points)
    if status == "proved":
        return passed("certified", f"{closed}the slack's Arb enclosure is {'positive' if strict else 'nonnegative'} "
                      "on every box of the domain, or settled at an end by its Taylor coefficients or by its "
                      "limit and slope there",
                      route=found), None
    if status == "refuted":
        return failed(f"{claim.parsed['rel']} fails", _witness(claim, found, settings)), None
    return None, found


def _pieces_over_domain(claim, slack, strict, holds_at, settings):
    """The certified verdict, or a failure, with a real parameter cut where an integral's
    breakpoint meets one of its limits (``parameter_pieces``): on each piece the closed form in the
    other parameters and s > 0, at each cut point in the other parameters, by the branch and bound.
    None where no piece is refuted and not all are proved."""
    found = _cut_parameter(slack, claim)
    if found is None:
        return None
    parameter, cuts = found
    count, undecided = 0, False
    for _, written, s in pieces(parameter, cuts):
        outcome = _piece_over_domain(claim, slack, parameter, written, s, strict, holds_at, settings)
        if outcome is None:
            # The pieces after it are still searched: one of them may refute the claim (the last
            # piece of pieces-false-only-far-beyond-the-last-cut, where a loaded machine's budget
            # left an earlier piece's closed form unfinished and the claim passed on samples).
            undecided = True
            continue
        if outcome[0] == "refuted":
            return failed(f"{claim.parsed['rel']} fails", _witness(claim, outcome[1], settings)), None
        count += 1
    if undecided:
        return None
    shown = ", ".join(map(str, cuts))
    return passed("certified", f"the slack's closed form on each piece of {parameter.name} cut at {shown} "
                  "(where an integral's breakpoint meets a limit) is proved by Arb's branch and bound",
                  route=f"Arb branch and bound on {count} pieces and points of {parameter.name} cut at {shown}"), \
        None


def _piece_over_domain(claim, slack, parameter, written, s, strict, holds_at, settings):
    """("proved", None) or ("refuted", a point of the claim) for one piece; else None."""
    t = parameter.symbol
    try:
        with time_budget(PIECES_SECONDS):
            closed = _piece_closed_form(slack, claim, t, written, s, real_atoms=False)
    except (SymbolicTimeout, NoClosedForm, ProofcheckError, NotImplementedError, TypeError, ValueError,
            ArithmeticError):
        return None
    others = {n: p for n, p in claim.parameters.items() if n != parameter.name}
    if s is not None:
        others["_s"] = Parameter("_s", "s > 0", lower=Bound(sp.Integer(0), True), symbol=s)

    def back(point):
        value = written.xreplace({s: point[s]}) if s is not None else written
        return {**{k: v for k, v in point.items() if k != s}, t: value}

    status, found = certify_sign(closed, Domain(parameters=others), strict, lambda point: holds_at(back(point)),
                                 mutant=settings.mutant_mode)
    if status == "refuted":
        return "refuted", back(found)
    return ("proved", None) if status == "proved" else None


# The closed slacks of the claims checked in this process, by (claim id, slack): the symbolic
# route and the certified one take the same closed form, and SymPy is asked once.
_CLOSED: dict = {}


def _closed_slack(claim, slack):
    """(the slack with each integral, sum or limit in SymPy's closed form, words saying so), or
    (None, why not).  Each closed form is held against its operator computed numerically at
    the probe points (``closed_form``); a proof of the closed slack then rests on SymPy's
    derivation and on Arb, both over the whole domain."""
    key = (claim.id, slack)
    if key not in _CLOSED:
        if len(_CLOSED) > 64:
            _CLOSED.clear()
        _CLOSED[key] = _closing(claim, slack)
    return _CLOSED[key]


def _closing(claim, slack):
    points, rep = probe_points(claim), representative_point(claim)
    abstracted, back = _erfinv_as_symbols(slack, claim)
    try:
        with time_budget(CLOSING_SECONDS):
            if back:
                # Closed with each erfinv(g) a positive symbol w (its value at each point beside
                # the parameters'), then w -> erfinv(g): erf(w) is then g again.
                closed = closed_form(abstracted, _with_atoms(rep, back), [_with_atoms(p, back) for p in points])
                closed = closed.xreplace(back)
            else:
                closed = closed_form(slack, rep, points)
    except (NoClosedForm, SymbolicTimeout) as refusal:
        return None, f"no closed form of its operators: {refusal}"
    except (ProofcheckError, ValueError, TypeError, NotImplementedError, ArithmeticError) as refusal:
        return None, f"no closed form of its operators: {type(refusal).__name__}"
    return closed, f"SymPy takes each operator in closed form (held to the numbers at {len(points)} " \
                   f"points: {closed}); "


def _decide_all(claim, points, settings, routes):
    """The verdict that stops the check at the first of ``points`` shown to fail; else an error at
    the first point left undecided (at the second such point, or after the last point), else None.
    A point decided false is a counter-example whatever another point leaves open: the claim
    fails there, and is not merely unchecked."""
    undecided = None
    for point in points:
        outcome, route = decide_at(claim, point, settings)
        if outcome is None:
            if undecided is not None:
                # Each open point has climbed to 8 dps: a claim no point decides is not paid for at all.
                return undecided
            undecided = Verdict("error", None, f"undecided at {show_point(point)} ({route}) up to "
                                f"{ESCALATION * settings.dps * 2} digits", {"point": show_point(point)})
            continue
        if not outcome:
            return failed(f"{claim.parsed['rel']} fails", _witness(claim, point, settings))
        routes.add(route)
    return undecided


def _witness(claim, point, settings):
    shown = {"point": show_point(point)}
    try:
        for field in ("lhs", "rhs"):
            # A negative control's witness is not read: its sides as mpmath gives them.
            shown[field] = shown_value(claim.expr(field), point, settings.dps, balls=not settings.mutant_mode)
    except EvaluationError:
        pass
    return shown


def _suspects(claim, points):
    """Points between the sampled ones where the claim is most likely to fail (``counterexamples``)."""
    return counterexample_search(claim.domain, slack_expression(claim),
                                 (claim.expr("lhs"), claim.expr("rhs")), points)


def _with_relation(claim, rel):
    copy = claim.with_fields(rel=rel)
    copy.parsed["rel"] = rel
    return copy


DENSE_POINTS = 200
# Seconds of CPU for proving that a perturbation weakens the claim.  Over every control of
# the packs' inequalities the 113 proofs found take at most 0.22 s (a loaded 2-core
# machine), while the 84 that fail spend up to the whole budget each; where a proof
# gives up, the dense points still decide.
PROOF_BUDGET = 0.3


_DENSE: dict = {}


def dense_points(claim, settings):
    """``DENSE_POINTS`` points drawn independently of the checker's own sample (once per claim)."""
    key = (claim.source, claim.id, settings.seed)
    if key not in _DENSE:
        _DENSE[key] = claim.sampling_domain.sample_points(DENSE_POINTS, seed=settings.seed + 1)
    return _DENSE[key]


def _still_true(claim, mutant, dense):
    """Why a perturbed inequality is no wrong claim, or None if it is false somewhere.

    An inequality survives a change of a constant in the direction that weakens
    it, or one that keeps it true for another reason ("X > 0").  Such a mutant
    may be dismissed only after a dense check independent of the points the
    checker samples (else the controls could never expose a gap in that
    sample): the perturbation is proved, or seen at every one of the dense
    points, to weaken the (verified) claim; or the mutant holds at every dense
    point and at the points a counter-example search proposes.
    """
    strict = mutant.parsed["rel"] in ("<", ">")
    change = sp.sympify(slack_expression(mutant) - slack_expression(claim))
    if not change.has(*OPERATORS):
        # A change that balls show negative at a dense point cannot be proved nonnegative:
        # the proof is then not attempted.  The proofs found take hundredths of a second;
        # a short budget bounds the ones that fail (the dense points still decide those).
        if not _negative_somewhere(change, dense) and proved_nonnegative(change, budget=PROOF_BUDGET):
            return "dismissed: proved to weaken the claim"
        if all(_at_least(change, point, 0, strict=False) for point in dense):
            return f"dismissed: weakens the claim at all {len(dense)} dense points"
    # The search between the dense points is paid only by a mutant that holds at all of them.
    if not all(_holds_at(mutant, point, strict) for point in dense):
        return None
    if not all(_holds_at(mutant, point, strict) for point in _suspects(mutant, dense)):
        return None
    return f"dismissed: still holds at all {len(dense)} dense points"


def _negative_somewhere(expression, points) -> bool:
    """True if Arb balls prove ``expression`` < 0 at one of ``points``; False says nothing."""
    return first_point_where(lambda p: decide("<", expression, 0, p, max_prec=LOOK_PREC), points) is not None


def _at_least(expression, point, bound, strict):
    try:
        value = evaluate(expression, point, 20)
    except EvaluationError:
        return False  # not evaluable here: keep the mutant as a control rather than dismiss it
    return _clears(value, bound, strict)


def _clears(value, bound, strict):
    return value > bound or (not strict and value >= bound)


def _holds_at(claim, point, strict):
    """Whether ``lhs rel rhs`` holds at ``point`` at 20 digits.

    A side built from operators (an integral) is evaluated on its own, and so computed once
    per point for every perturbation of the other side, not once per perturbation.  Closed
    forms are evaluated as one difference, which SymPy has simplified: x^2 + 1 - 1 is x^2,
    where the sides apart, at x = 10^-12, would round to a tie.
    """
    slack = slack_expression(claim)
    if not slack.has(*OPERATORS):
        return _at_least(slack, point, 0, strict)
    try:
        left, right = evaluate(claim.expr("lhs"), point, 20), evaluate(claim.expr("rhs"), point, 20)
    except EvaluationError:
        return False  # not evaluable here: keep the mutant as a control rather than dismiss it
    return _clears(slack_of(claim.parsed["rel"], left, right), 0, strict)
