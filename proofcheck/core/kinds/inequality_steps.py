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
clipping that does not increase the error, whatever a is).
"""
from __future__ import annotations

import sympy as sp

from ..model.claims import build_claim
from ..model.errors import ProofcheckError, SymbolicTimeout
from ..model.verdict import passed, weakest
from ..symbolic.signs import proved_sign

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
    """Words saying how the integrals of ``slack`` were compared pointwise, or None."""
    found = _one_integral(slack)
    if found is None:
        return None
    integrand, (variable, lower, upper) = found
    rest = _without_positive_factors(integrand)
    if rest is None:
        return None
    params = dict(claim.raw.get("params", {}))
    name = _fresh(claim, "pointwise_value")
    abstracted = _through_kink_argument(rest, variable, sp.Symbol(name, real=True))
    if abstracted is not None:
        rest, params[name] = abstracted, "real"
    else:
        params[name] = _range_of(name, lower, upper)
        rest = rest.xreplace({variable: sp.Symbol(name, real=True)})
    step = _step_claim(claim, kind, "pointwise", sp.sstr(rest), ">" if strict else ">=", "0", params)
    proof = None if step is None else prove_symbolic(step)
    if not proof:
        return None
    how = "" if proof is True else f" ({proof})"
    taken = "its argument as any real" if abstracted is not None else f"at every {variable}"
    return f"the integrands compared pointwise, the max or min {taken}{how}"


def _one_integral(slack):
    """(the integrand, (variable, lower, upper)) where ``slack`` is a sum of +/- integrals over one
    range, else None."""
    parts = []
    for term in sp.Add.make_args(slack):
        coefficient, rest = term.as_coeff_Mul()
        if not isinstance(rest, sp.Integral) or len(rest.limits) != 1 or len(rest.limits[0]) != 3:
            return None
        parts.append((coefficient, rest.function, tuple(rest.limits[0])))
    if len(parts) < 2 or len({limits for _, _, limits in parts}) != 1:
        return None
    integrand = sp.factor_terms(sp.Add(*(c * f for c, f, _ in parts)))
    return integrand, parts[0][2]


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
