"""Kind ``chain-instance``: the chain of Theorem 6.4, (17)–(22), computed at instances.

The proof of Theorem 6.4 is a chain of inequalities between information
quantities (Lemma 6.3, then (20)–(22), then (19)).  None of them can be derived
symbolically for an arbitrary mechanism, but all of them can be computed for the
paper's own mechanism (3)–(4) at a concrete prior and parameters
(``proofcheck.dp.lower_bounds.chain``).  A claim of this kind names a prior and a
list of parameter sets; every step must hold at every set, decided at
``INSTANCE_DPS`` digits and again at twice that.

The verdict is ``numeric`` and says what it is: instances of a proved chain, not a
proof.  Its negative controls run the same chain with a wrong constant in one step
(E|U| = 1/2 or 1/8 for the dither, log(e d) for the Laplace entropy, a privacy
side a hundred times smaller); each must fail at some instance.

Claim fields::

    prior = { law = "uniform", K = 5 }            # or law = "truncated-gaussian" or "step", S, L
    instances = [{ r = "1/50", r0 = "3/200", c = "1", n = 2 }, ...]   # rounded = true: (4) rounded
    # or { noise = "airy", r, c, s, n }: the drift-free Airy release [(m + c)e^{sX} - c]_+, rounded
    constants = { dither_mean = "1/4" }           # optional: only negative controls change it
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from ...core.kinds import Kind
from ...core.model.errors import ProofcheckError
from ...core.model.verdict import Verdict, failed, passed
from ...core.numbers.precision import required_digits
from ...dp.lower_bounds.chain import check_instance
from ...dp.lower_bounds.instance import (
    AiryMechanism,
    Constants,
    Instance,
    Mechanism,
    step_prior,
    truncated_gaussian_prior,
    uniform_prior,
)

# The chain is a sum of quadratures over K released laws at every instance; 15 digits
# (and 30 for the re-check) decide its steps, whose margins are far wider than that.
INSTANCE_DPS = 15

WRONG_CONSTANTS = (
    ("E|U| = 1/2 instead of 1/4", {"dither_mean": "1/2"}),
    ("E|U| = 1/8 instead of 1/4", {"dither_mean": "1/8"}),
    ("Laplace entropy log(e d) instead of log(2e d)", {"laplace_factor": "e"}),
    ("privacy side (j - j*)^2 v(n)/100", {"privacy_factor": "1/100"}),
    ("dither U uniform on [-1/4, 1/4] in h(X|Y)", {"dither_width": "1/2"}),
)


def _fraction(value, name):
    try:
        return Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise ProofcheckError(f"'{name}' must be an exact number such as \"1/50\" (got {value!r})") from None


def _prior(spec):
    if not isinstance(spec, dict) or spec.get("law") not in ("uniform", "truncated-gaussian", "step"):
        raise ProofcheckError("'prior' must be { law = \"uniform\", K = ... } or "
                              "{ law = \"truncated-gaussian\" or \"step\", S = ..., L = ... }")
    if spec["law"] == "uniform":
        K = spec.get("K")
        if isinstance(K, bool) or not isinstance(K, int) or not 2 <= K <= 41:
            raise ProofcheckError("a uniform prior needs an integer K from 2 to 41")
        return uniform_prior(K)
    S, L = _fraction(spec.get("S"), "S"), _fraction(spec.get("L"), "L")
    if not (0 < S <= 20 and 0 < L <= 10):
        raise ProofcheckError(f"a {spec['law']} prior needs 0 < S <= 20 and 0 < L <= 10")
    return truncated_gaussian_prior(S, L) if spec["law"] == "truncated-gaussian" else step_prior(S, L)


def _instances(claim):
    prior = _prior(claim.raw["prior"])
    constants = Constants(**{k: (_fraction(v, k) if k != "laplace_factor" else v)
                             for k, v in claim.raw.get("constants", {}).items()})
    out = []
    for spec in claim.raw["instances"]:
        if spec.get("noise") == "airy":
            out.append(_airy_instance(prior, spec, constants))
            continue
        r, r0, c = (_fraction(spec.get(k), k) for k in ("r", "r0", "c"))
        n = spec.get("n")
        if not (0 < r0 < r < 1 and c > 0) or isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ProofcheckError("each instance needs 0 < r0 < r < 1, c > 0 and an integer n >= 1")
        rounded = spec.get("rounded", False)
        if not isinstance(rounded, bool):
            raise ProofcheckError("'rounded' must be true or false (the release (4) rounded to an integer)")
        out.append(Instance(prior, Mechanism(r, r0, c, rounded), n, constants))
    return out


def _airy_instance(prior, spec, constants):
    """{ noise = "airy", r, c, s, n }: the drift-free Airy release at scale s, rounded."""
    r, c, scale = (_fraction(spec.get(k), k) for k in ("r", "c", "s"))
    n = spec.get("n")
    if not (0 < r < 1 and c > 0 and 0 < scale <= 1) or isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ProofcheckError("an Airy instance needs 0 < r < 1, c > 0, 0 < s <= 1 and an integer n >= 1")
    return Instance(prior, AiryMechanism(r, c, scale), n, constants)


def _show(step):
    return f"{step.name}: {mpmath.nstr(step.left, 8)} {step.rel} {mpmath.nstr(step.right, 8)}"


class ChainInstance(Kind):
    name = "chain-instance"
    required = ("prior", "instances")
    optional = ("constants",)
    description = "every step of Theorem 6.4's chain (17)-(22) computed at concrete instances"

    def prepare(self, claim):
        if not isinstance(claim.raw["instances"], list) or not claim.raw["instances"]:
            raise ProofcheckError("'instances' must be a non-empty list of parameter sets")
        constants = claim.raw.get("constants", {})
        if not isinstance(constants, dict) or set(constants) - {"dither_mean", "laplace_factor",
                                                                 "privacy_factor", "dither_width"}:
            raise ProofcheckError("'constants' may set dither_mean, laplace_factor, privacy_factor, "
                                  "dither_width")
        _instances(claim)

    def check(self, claim, settings):
        lines = []
        for instance in _instances(claim):
            steps = check_instance(instance, INSTANCE_DPS)
            for step in steps:
                if step.holds is False:
                    return failed(f"at {instance.describe()}: {step.where} fails: {_show(step)}",
                                  {"instance": instance.describe(), "step": step.name,
                                   "left": mpmath.nstr(step.left, 12), "right": mpmath.nstr(step.right, 12)})
                if step.holds is None:
                    return Verdict("error", None, f"at {instance.describe()}: {step.where} is undecided at "
                                   f"{INSTANCE_DPS} and {2 * INSTANCE_DPS} digits: {_show(step)}")
            lines.append(f"[{instance.describe()}] " + "; ".join(_show(s) for s in steps))
        count = len(lines)
        return passed("numeric",
                      f"instances of the proved chain (17)-(22), not a proof: every step holds at {count} "
                      f"parameter sets, equalities to {required_digits(INSTANCE_DPS)} digits, decided at "
                      f"{INSTANCE_DPS} and again at {2 * INSTANCE_DPS} digits. " + " ".join(lines),
                      route=f"quadrature and summation at {count} instances")

    def mutants(self, claim, settings):
        return [(description, claim.with_fields(constants=dict(change)))
                for description, change in WRONG_CONSTANTS]
