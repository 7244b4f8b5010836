"""The certified route of an inequality over its whole stated domain.

Its verdict is ``certified`` when the branch and bound settles every box; a failed one,
with the point as witness, when a box has strictly the wrong sign and a point of it
fails under the checker's own exact decision; else None and the reason, and the
claim goes on to be sampled.
"""
from __future__ import annotations

import time

import sympy as sp

from ..model.domains import Bound, Domain, Parameter
from ..model.errors import DomainError
from ..model.narrowing import WHOLE_DOMAIN
from ..numbers.arb_expressions import NotEnclosable
from .branch_and_bound import MAX_BOXES, ODD_INCREASING, SECONDS, prove_sign
from .compactify import Unsupported
from .sums_of_parameters import one_sum
from .touching import touching_points

# Operators that balls do not enclose here: a side holding one has no certified route yet.
OPERATORS = (sp.Integral, sp.Sum, sp.Limit, sp.Derivative, sp.Product)
# A negative control is refuted by its sampled points as a rule: the search gets less.
MUTANT_SHARE = 4


def _never(point) -> bool:
    """A denominator's factor is only proved nonzero here, never refuted."""
    return False


def _undefined_somewhere(slack, domain, inside, share, deadline=None) -> str | None:
    """Why the slack may be undefined somewhere in the domain, or None.

    The route cancels rational parts and expands at edges, and either removes a singularity:
    (x^2 - 1)/(x - 1) is proved positive on x > 0 as x + 1, though it is not defined at 1.
    So each factor of the slack's denominator is first proved nonzero over the domain (of
    one strict sign, either), and a slack whose denominator does not factor is not proved."""
    denominator = sp.fraction(sp.together(slack))[1]
    if not denominator.free_symbols:
        return None
    try:
        factors = [f for f, _ in sp.factor_list(denominator)[1] if f.free_symbols]
    except (sp.PolynomialError, ValueError, TypeError, NotImplementedError):
        factors = [denominator]
    # A product is nonzero where each of its factors is, and a power where its base is:
    # sqrt(n) (1 - r) is proved as n and 1 - r, each on its own (n -> oo and r -> 1 meet).
    bases = dict.fromkeys(_zero_with(a.base if a.is_Pow else a) for f in factors for a in sp.Mul.make_args(f))
    point = _a_point_of(domain)
    for factor in (b for b in bases if b.free_symbols):
        if isinstance(factor, (sp.exp, sp.gamma)):
            # e^x is never 0, nor is Gamma (it has no zeros, only poles, where no ball is finite)
            continue
        if _signed_by_assumptions(factor, domain):
            continue
        if not any(prove_sign(bound, domain, True, _never, inside, MAX_BOXES // share,
                              _left(deadline, SECONDS / share)).status == "proved"
                   for sign in _likely_signs(factor, point) for bound in _lower_bounds(sign * factor)):
            return f"the slack's denominator factor {factor} is not proved nonzero over {domain.describe()}"
    return None


def _zero_with(factor):
    """The expression that is 0 exactly where ``factor`` is: erfinv(g), erf(g), sinh(g), tanh(g) and
    atan(g) are odd and increasing, 0 only at g = 0 (sigma = sqrt(2) erfinv(r0/(1 + c)) of
    mechanism (4) is nonzero as r0/(1 + c) is)."""
    while isinstance(factor, ODD_INCREASING):
        factor = factor.args[0]
    return factor


def _signed_by_assumptions(factor, domain) -> bool:
    """Whether SymPy's assumptions give ``factor`` one strict sign over the domain: as written
    (e^eps e^(2 eps h) + 1), or with each parameter written as its constant lower bound plus a
    nonnegative part (k + e^eps - 1 on integer k >= 2 is 1 + t + e^eps; k e^x + e^(2x) - 2 e^x + 1
    is t e^x + e^(2x) + 1).  A branch and bound of
    such a factor can fail where h -> oo overflows its balls, though no box is in doubt."""
    try:
        if factor.is_positive or factor.is_negative:
            return True
        shifted = {}
        for parameter in domain.parameters.values():
            lower = parameter.lower
            if lower is None or not lower.expr.is_number:
                continue
            t = sp.Dummy(f"{parameter.name}_above", nonnegative=True, integer=parameter.integer or None)
            shifted[parameter.symbol] = (sp.ceiling(lower.expr) if parameter.integer else lower.expr) + t
        # Expanded, so that (2 + t) e^x - 2 e^x is seen as t e^x.
        moved = sp.expand(factor.xreplace(shifted)) if shifted else None
        return bool(moved is not None and (moved.is_positive or moved.is_negative))
    except (TypeError, ValueError, AttributeError, RecursionError):
        return False


def _lower_bounds(expr):
    """Where ``expr`` holds ceiling or floor, a lower bound of it without them first (the
    steps' jumps cost the search its budget), then ``expr`` itself.

    ceiling(A) - n is 0 at r = 0 for ceiling(((1 + 3 r)/(1 - r))^2 n) with n an integer, so no
    ball about r = 0 decides it; but ceiling(A) >= A, so it is above A - n, whose sign the
    branch and bound reaches (its Taylor term at the open edge r = 0).  Each step enters
    linearly with a number for coefficient a: for a > 0, ceiling(A) >= A and floor(A) > A - 1;
    for a < 0, ceiling(A) < A + 1 and floor(A) <= A; either way the bound is at most ``expr``,
    so a bound proved positive proves ``expr`` positive."""
    bound = expr
    for step in [n for n in sp.preorder_traversal(expr) if isinstance(n, (sp.floor, sp.ceiling))]:
        if step not in bound.atoms(sp.floor, sp.ceiling):
            continue
        mark = sp.Dummy("step")
        linear = bound.xreplace({step: mark})
        coefficient = sp.diff(linear, mark)
        if coefficient.free_symbols or not (coefficient.is_real and coefficient.is_nonzero):
            bound = expr
            break
        argument = step.args[0]
        lowest = (argument if isinstance(step, sp.ceiling) else argument - 1) if coefficient > 0 else \
            (argument + 1 if isinstance(step, sp.ceiling) else argument)
        bound = linear.xreplace({mark: lowest})
    if bound != expr:
        yield bound
    yield expr


def _likely_signs(factor, point):
    """(1, -1), or (-1, 1) where the factor is negative at ``point`` of the domain (n - ceiling(C n)
    with C > 1), or reads as a negative one (t - m on t < m): the sign that fails first would
    spend the budget that the other needs.  Only the order is read off the point."""
    try:
        value = sp.sympify(factor).xreplace(point or {}).evalf(15)
        if value.is_real and value.is_number and value != 0:
            return (-1, 1) if value < 0 else (1, -1)
    except (TypeError, ValueError, ArithmeticError, AttributeError):
        pass
    return (-1, 1) if factor.could_extract_minus_sign() else (1, -1)


def _a_point_of(domain):
    """One sample point of ``domain``, or None where none is drawn."""
    try:
        return domain.sample_points(1)[0]
    except (TypeError, ValueError, ArithmeticError, AttributeError, IndexError):
        return None


def _inside_of(domain):
    """Whether a point (keys the domain's symbols) lies in ``domain``: a box of the wrong sign
    at a point outside it (sigma = 0 on sigma > 0) ends no search."""
    def inside(point):
        try:
            domain.validate_point({str(k): v for k, v in point.items()})
        except (DomainError, TypeError, ValueError):
            return False
        return True
    return inside


def _shown(points) -> str:
    return " and ".join(", ".join(f"{k} = {v}" for k, v in p.items()) for p in points)


def _left(deadline, otherwise):
    """CPU seconds left before ``deadline`` (none is ``otherwise``), never below a tenth of a
    second, so that a claim whose denominators took long still gets a search."""
    if deadline is None:
        return otherwise
    return max(deadline - time.process_time(), SECONDS / 5)


def relaxed(slack, domain):
    """(the slack with floor(x) written x - t and ceiling(x) written x + t, the domain with each
    new 0 <= t < 1), or None where the slack has neither.

    A claim proved for every t in [0, 1) holds at the one t that floor or ceiling takes, so a
    proof of the relaxed slack proves the claim; its failure proves nothing.  ceiling(L S) + 1
    + S z + delta on |z| <= L becomes L S + t + 1 + S z + delta, in which L S cancels."""
    steps = [n for n in sp.preorder_traversal(slack) if isinstance(n, (sp.floor, sp.ceiling))]
    if not steps:
        return None
    parameters, swap = dict(domain.parameters), {}
    for i, node in enumerate(dict.fromkeys(steps)):
        name = f"_step{i}"
        t = sp.Symbol(name, real=True)
        parameters[name] = Parameter(name, f"0 <= t < 1 (the step of {node})", lower=Bound(sp.Integer(0), False),
                                     upper=Bound(sp.Integer(1), True), symbol=t)
        swap[node] = node.args[0] + (t if isinstance(node, sp.ceiling) else -t)
    out = slack
    while out.has(sp.floor, sp.ceiling):
        before, out = out, out.xreplace(swap)
        if out == before:
            return None  # a step nested in a step's own argument, left as written
    return out, Domain(parameters=parameters)


def _relaxed_proof(slack, domain, strict, inside, share):
    """The words of a proof of the relaxed slack (``relaxed``), or None."""
    found = relaxed(slack, domain)
    if found is None:
        return None
    slack_t, domain_t = found
    outcome = prove_sign(slack_t, domain_t, strict, _never, _inside_of(domain_t), MAX_BOXES // (2 * share),
                         SECONDS / (2 * share))
    if outcome.status != "proved":
        return None
    return f"Arb branch and bound: {outcome.boxes} {WHOLE_DOMAIN} {domain.describe()}, each floor or " \
           f"ceiling of x written x -/+ t for every 0 <= t < 1"


def _summed_proof(slack, domain, strict, share):
    """The words of a proof in the sum of two parameters (``sums_of_parameters``), or None."""
    found = one_sum(slack, domain)
    if found is None:
        return None
    slack_y, domain_y, sum_words = found
    # The claim's whole budget: a slack in fewer variables is the likelier proof.
    outcome = prove_sign(slack_y, domain_y, strict, _never, _inside_of(domain_y), MAX_BOXES // share,
                         SECONDS / share)
    if outcome.status != "proved":
        return None
    return f"Arb branch and bound: {outcome.boxes} {WHOLE_DOMAIN} {domain.describe()}, the slack being " \
           f"a function of {sum_words} alone, proved for every {domain_y.describe()}"


def certify_sign(slack, domain, strict, holds_at, mutant=False, patience=1.0, points=()):
    """("proved", words) / ("refuted", point) / ("undecided", reason) for ``slack`` over ``domain``.

    ``holds_at(point)`` is the caller's exact decision at a point of the domain: False
    refutes the claim there; True or None (undecided) does not.  ``patience`` multiplies the
    budget (a claim on record as proved gets more, so that a loaded machine does not lose
    its proof; no budget proves a false claim).  ``points`` are the claim's explicit points: those
    where the slack touches 0 with a zero gradient are settled by the second-order term."""
    slack = sp.sympify(slack)
    if slack.has(*OPERATORS):
        return "undecided", "a side holds an operator that Arb does not enclose over a box"
    if any(p.free_symbols - set(domain.symbols.values()) for p in [slack]):
        return "undecided", "the slack has a symbol outside the domain"

    def validated(point):
        try:
            return domain.validate_point({str(k): v for k, v in point.items()})
        except (DomainError, TypeError, ValueError):
            return None

    def refutes(point):
        valid = validated(point)
        return valid is not None and holds_at(valid) is False

    def inside(point):
        return validated(point) is not None

    share = (MUTANT_SHARE if mutant else 1) / patience
    # One CPU budget for the claim: its denominators' proofs take up to half of it.
    start = time.process_time()
    try:
        undefined = _undefined_somewhere(slack, domain, inside, share, start + SECONDS / share / 2)
        if undefined is not None:
            return "undecided", undefined
        words = _relaxed_proof(slack, domain, strict, inside, share) or _summed_proof(slack, domain, strict, share)
        if words is not None:
            return "proved", words
        touches = touching_points(slack, points) if points and not strict else []
        outcome = prove_sign(slack, domain, strict, refutes, inside, MAX_BOXES // share,
                             _left(start + SECONDS / share, SECONDS / share), touches)
    except (Unsupported, NotEnclosable) as refusal:
        return "undecided", f"not mapped onto boxes: {refusal}"
    if outcome.status == "proved":
        beside = "" if not outcome.touched else (
            f", {outcome.touched} of them beside {_shown(touches)}, where the slack and its gradient are 0, "
            f"by the sign of its Hessian (Taylor's second-order term)")
        return "proved", f"Arb branch and bound: {outcome.boxes} {WHOLE_DOMAIN} {domain.describe()}{beside}"
    if outcome.status == "refuted":
        return "refuted", outcome.point
    return "undecided", f"Arb branch and bound left {domain.describe()} undecided after " \
                        f"{outcome.boxes} boxes: {outcome.reason}"
