"""An inequality proved as a paper proves it: through intermediate steps, or integrand by integrand.

``via``: a claim ``lhs rel rhs`` may list expressions e_1, ..., e_k, the steps of its proof;
each of lhs rel e_1, e_1 rel e_2, ..., e_k rel rhs is an inequality over the claim's whole
domain, and with every one proved (symbolic or certified) so is the claim, by transitivity
(each step keeps the claim's relation, so a strict claim has strict steps).  A step that is
not proved leaves the claim to its own routes.

Integrals compared pointwise: a slack that is a difference of integrals over the same range,
int (B - A), is >= 0 where B - A >= 0 at every point of the range, for every parameter value
(the integrals being those the claim states).  A factor of the integrand proved positive (a
Gaussian density) is set aside; where what is left depends on the variable of integration
only through the argument a of a max or min, a takes every real value instead: proved for
every real a, it holds at a(z) (Theorem 3.1(i): |max(a, 0) - n| <= |a - n| for n >= 0, the
clipping that does not increase the error, whatever a is); so too the release inside an
indicator (Markov: 1{a > t} <= |a - n|/(t - n)).  A bound R on |A| is its two cases R - A and
R + A; a term free of integrals is weighed by the mass of the positive weight (1 for a law); each
floor(u) is u - t and each ceiling(u) u + t, t in [0, 1) (Lemma 6.6: |Q_S - S z| <= 1/2).
"""
from __future__ import annotations

import sympy as sp

from ..model.claims import build_claim
from ..model.errors import ProofcheckError, SymbolicTimeout
from ..model.timeout import time_budget
from ..model.verdict import passed, weakest
from ..symbolic.operators import NoClosedForm, closed_form
from ..symbolic.signs import proved_sign
from .equality import probe_points, representative_point

# The fields a step shares with its claim: the domain and the definitions.
SHARED_FIELDS = ("params", "define", "variables", "functions", "sampling")


def through_steps(claim, settings, kind, prove):
    """The claim's verdict through its ``via`` steps, each proved over the whole domain by
    ``prove`` (the inequality route's proof, no sampled point), or None."""
    chain = [claim.raw["lhs"], *claim.raw["via"], claim.raw["rhs"]]
    proofs = []
    for k, (left, right) in enumerate(zip(chain, chain[1:]), 1):
        step = _step_claim(claim, kind, f"step{k}", left, claim.parsed["rel"], right)
        proof = None if step is None else prove(step, settings)
        if proof is None:
            return None
        proofs.append(proof)
    evidence = weakest(*(p.evidence for p in proofs))
    said = "; ".join(f"step {k}: {p.route}" for k, p in enumerate(proofs, 1))
    return passed(evidence, f"through {len(proofs)} steps, each proved over the whole domain ({said})",
                  route=f"through {len(proofs)} steps ({', '.join(p.evidence for p in proofs)})")


def _step_claim(claim, kind, name, left, rel, right, params=None):
    record = {key: claim.raw[key] for key in SHARED_FIELDS if key in claim.raw}
    if params is not None:
        record["params"] = params
    record.update(id=f"{claim.id}.{name}", where=claim.where, statement=f"{name} of {claim.id}",
                  kind="inequality", lhs=left, rel=rel, rhs=right)
    if claim.get("evidence") in ("symbolic", "certified"):
        record["evidence"] = claim.get("evidence")  # the patience of a claim on record as proved
    try:
        return build_claim(record, claim.source, {"inequality": kind})
    except ProofcheckError:
        return None


def pointwise(slack, claim, strict, kind, prove_symbolic):
    """Words saying how the integrals of ``slack`` were compared pointwise, or None.

    ``R - |A|`` (a bound on the absolute value of integrals) is its two cases R - A and R + A,
    both compared pointwise."""
    cases = _two_sided(slack)
    compared = []
    for case in cases:
        found = _pointwise_case(case, claim, strict, kind, prove_symbolic)
        if found is None:
            return None
        compared.append(found)
    hows = [how for _, how in compared if how]
    said = "the integrands compared pointwise, " + compared[0][0] + (f" ({'; '.join(hows)})" if hows else "")
    return said if len(cases) == 1 else "for both signs inside the absolute value, " + said


def _two_sided(slack) -> list:
    """[R - A, R + A] where ``slack`` is R - |A| with integrals in A and none in R; else [slack]."""
    for term in sp.Add.make_args(slack):
        coefficient, rest = term.as_coeff_Mul()
        if coefficient < 0 and isinstance(rest, sp.Abs) and rest.has(sp.Integral):
            bound = slack - term
            if not bound.has(sp.Integral):
                inside = -coefficient * rest.args[0]
                return [bound - inside, bound + inside]
    return [slack]


def _pointwise_case(slack, claim, strict, kind, prove_symbolic):
    """(how the integrands were taken, how the pointwise step was signed) where ``slack``'s
    integrals are compared pointwise and that is proved; else None."""
    found = _one_integral(slack)
    if found is None:
        return None
    integrand, (variable, lower, upper), constant = found
    if not _ascending(lower, upper, claim):
        return None  # over a reversed range a positive integrand has a negative integral
    rest = _without_positive_factors(integrand)
    if rest is None:
        return None
    density = sp.factor_terms(integrand / rest)
    if constant != 0:
        # A term free of the integrals, C, is the integral of (C/M) density with M the density's
        # mass in closed form (1 for a law): E|Q_S - S Z| <= 1/2 is int (1/2 - |...|) density >= 0.
        mass = _mass(density, variable, lower, upper, claim)
        if mass is None:
            return None
        rest = rest + constant / mass
    params = dict(claim.raw.get("params", {}))
    rest, relaxed = _steps_relaxed(rest, claim, params)
    name = _fresh(claim, "pointwise_value")
    abstracted = _through_kink_argument(rest, variable, sp.Symbol(name, real=True))
    if abstracted is None:
        abstracted = _through_carrier(rest, variable, sp.Symbol(name, real=True))
    if abstracted is not None:
        rest, params[name] = abstracted, "real"
    elif rest.has(variable):
        params[name] = _range_of(name, lower, upper)
        rest = rest.xreplace({variable: sp.Symbol(name, real=True)})
    step = _step_claim(claim, kind, "pointwise", _written(rest), ">" if strict else ">=", "0", params)
    proof = None if step is None else prove_symbolic(step)
    if not proof:
        return None
    taken = "the release (an argument of a max, min or indicator) as any real" if abstracted is not None \
        else f"at every {variable}"
    steps = ", each floor or ceiling as its argument less or plus a fraction in [0, 1)" if relaxed else ""
    weighed = ", the terms free of integrals over the density's mass, its closed form held to the numbers" \
        if constant != 0 else ""
    return taken + steps + weighed, ("" if proof is True else str(proof))


def _one_integral(slack):
    """(the integrand, (variable, lower, upper), the terms free of integrals) where ``slack`` is a sum
    of +/- integrals over one range and of terms free of integrals, else None."""
    parts, constant = [], sp.Integer(0)
    for term in sp.Add.make_args(slack):
        if not term.has(sp.Integral):
            constant += term
            continue
        factor, integral = _scaled_integral(term)
        if integral is None or len(integral.limits) != 1 or len(integral.limits[0]) != 3:
            return None
        parts.append((factor, _indicator_apart(integral.function), tuple(integral.limits[0])))
    if len(parts) < (1 if constant != 0 else 2) or len({limits for _, _, limits in parts}) != 1:
        return None
    variable = parts[0][2][0]
    if any(variable in c.free_symbols for c, _, _ in parts) or variable in constant.free_symbols:
        return None
    integrand = sp.factor_terms(sp.Add(*(c * f for c, f, _ in parts)))
    return integrand, parts[0][2], constant


def _written(expr) -> str:
    """``expr`` as a claim's side: each Piecewise((1, C), (0, True)) as Indicator(C), which the
    parser reads back."""
    indicator = sp.Function("Indicator")
    return sp.sstr(expr.replace(_is_indicator, lambda e: indicator(_switched_off(e)[1])))


def _is_indicator(expr) -> bool:
    """Whether ``expr`` is Piecewise((1, C), (0, True))."""
    found = _switched_off(expr)
    return found is not None and found[0] == 1


def _indicator_apart(integrand):
    """``integrand`` with a Piecewise((g, C), (0, True)) written g 1{C}: the parser folds
    1{C} phi(z) into one Piecewise, where its weight phi is not seen as a factor."""
    found = _switched_off(integrand)
    if found is None:
        return integrand
    value, condition = found
    return value * sp.Piecewise((1, condition), (0, True))


def _switched_off(expr):
    """(g, C) where ``expr`` is Piecewise((g, C), (0, True)), g on C and 0 elsewhere; else None."""
    if isinstance(expr, sp.Piecewise) and len(expr.args) == 2 and expr.args[1] == (0, True):
        return tuple(expr.args[0])
    return None


def _scaled_integral(term):
    """(c, the integral) where ``term`` is c times one integral, c free of integrals; else (None, None)."""
    integrals = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.Integral)]
    if len(integrals) != 1:
        return None, None
    factor = term / integrals[0]
    return (factor, integrals[0]) if not factor.has(sp.Integral) else (None, None)


def _ascending(lower, upper, claim) -> bool:
    """Whether lower < upper over the whole domain: an infinite end, or the difference proved positive."""
    if lower == -sp.oo or upper == sp.oo:
        return lower != sp.oo and upper != -sp.oo
    try:
        return proved_sign(claim.domain.interval_proof_map(upper - lower), budget=0.3) == 1
    except (SymbolicTimeout, TypeError, ValueError):
        return False


# CPU seconds for the closed form of a density's mass (a truncated Gaussian's takes 0.05 s).
MASS_SECONDS = 0.6


def _mass(density, variable, lower, upper, claim):
    """The integral of ``density`` over the range in SymPy's closed form, proved positive; else None."""
    try:
        with time_budget(MASS_SECONDS):
            mass = sp.simplify(closed_form(sp.Integral(density, (variable, lower, upper)),
                                           representative_point(claim), probe_points(claim)))
            positive = mass.is_positive or proved_sign(mass, budget=0.3) == 1
    except (NoClosedForm, SymbolicTimeout, ProofcheckError, TypeError, ValueError, NotImplementedError,
            ArithmeticError):
        return None
    return mass if positive else None


def _steps_relaxed(expr, claim, params) -> tuple:
    """``expr`` with each floor(u) written u - t and each ceiling(u) u + t, t a fresh parameter in
    [0, 1): every value the steps take is reached by some t, so a sign proved for every t holds
    (|floor(S z + 1/2) - S z| <= 1/2 is |1/2 - t| <= 1/2).  (expr, whether any was relaxed)."""
    relaxed = {}
    for k, step in enumerate(sorted(expr.atoms(sp.floor, sp.ceiling), key=sp.default_sort_key)):
        name = _fresh(claim, f"step_fraction{k}")
        params[name] = f"0 <= {name} < 1"
        t = sp.Symbol(name, real=True)
        relaxed[step] = step.args[0] - t if isinstance(step, sp.floor) else step.args[0] + t
    return (expr.xreplace(relaxed), bool(relaxed))


def _without_positive_factors(integrand):
    """The integrand less its factors proved positive (a density), or None if none is left."""
    factors = sp.Mul.make_args(integrand)
    kept = []
    for factor in factors:
        try:
            positive = factor.is_number and factor.is_positive or proved_sign(factor, budget=0.3) == 1
        except (SymbolicTimeout, TypeError, ValueError):
            positive = False
        if not positive:
            kept.append(factor)
    return sp.Mul(*kept) if kept else None


def _through_carrier(expr, variable, value):
    """Where ``expr`` holds an indicator of the variable (Markov's 1{u(z) > t}), ``expr`` with the
    largest part u(z) through which alone it depends on the variable written ``value``; else None.
    Proved for every real ``value``, it holds at u(z), whatever z is."""
    if not any(variable in p.free_symbols for p in expr.atoms(sp.Piecewise)):
        return None
    parts = {node for node in sp.preorder_traversal(expr)
             if isinstance(node, sp.Expr) and node != expr and node.has(variable) and not node.is_Atom}
    for part in sorted(parts, key=lambda node: (sp.count_ops(node), sp.default_sort_key(node)), reverse=True):
        written = expr.subs(part, value)
        if not written.has(variable):
            return written
    return None


def _through_kink_argument(expr, variable, value):
    """``expr`` with the argument of a max or min that holds ``variable`` written ``value``, where
    that leaves no ``variable``; else None."""
    for kink in expr.atoms(sp.Max, sp.Min):
        for argument in kink.args:
            if argument.has(variable):
                written = expr.subs(argument, value)
                if not written.has(variable):
                    return written
    return None


def _range_of(name, lower, upper) -> str:
    if lower == -sp.oo and upper == sp.oo:
        return "real"
    if upper == sp.oo:
        return f"{name} >= {sp.sstr(lower)}"
    if lower == -sp.oo:
        return f"{name} <= {sp.sstr(upper)}"
    return f"{sp.sstr(lower)} <= {name} <= {sp.sstr(upper)}"


def _fresh(claim, base: str) -> str:
    taken = set(claim.symbols) | set(claim.raw.get("params", {}))
    return next(f"{base}{k or ''}" for k in range(100) if f"{base}{k or ''}" not in taken)
