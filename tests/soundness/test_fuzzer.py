"""A hypothesis fuzzer for the checking engine: true rewrites pass, perturbations do not.

Random expressions in one parameter ``x`` are drawn over the whitelist -- sums of terms
``c * A**p`` whose atoms ``A`` (``x``, ``x + b``, ``exp(a x)``, ``exp(-a x)``,
``log(1 + a x)``, ``sqrt(a x + b)``, ``erf(a x)``, ``1/(x + b)``, and one level of nesting
such as ``sqrt(1 + exp(-a x))``) are positive on the declared domain (``0 < x < 10`` or
``x > 0``) -- and written as text.  Claims are built from that text with
``proofcheck.core.model.claims.build_claim``, exactly as a claims file is read, and checked with
``proofcheck.core.run.check.check_claim``.

Properties:

(a) a TRUE claim made by an equivalent rewrite -- ``lhs = e`` asserting ``expand(e)``, ``e``
    with its terms and factors reordered, ``e`` with a common factor taken out, or ``e``
    with every atom in another form (``erf(z) = 2 Phi(sqrt(2) z) - 1``, ``exp(-z) = 1/exp(z)``,
    the log of a product split, ...) -- must pass; so must a true inequality
    ``(x - r) g(x) > 0`` with ``g > 0`` on ``x > r`` or ``r < x < r + 10``;
(b) a FALSE claim made by a small perturbation must not pass: the assertion scaled by
    ``1 + 10**-k`` (k drawn in 1..40), the sign of one term flipped, the exponent of one
    term changed, and that inequality on a domain widened past where it holds (down to
    ``r - 10**-k``, k drawn in 1..12, or closed at ``r``, where ``0 > 0`` fails);
(c) a FALSE claim hidden in a cancellation, ``e^K (1 + e^-K e) - e^K = 0`` (or ``<= 0``)
    with K = 100 2^k up to 3200, must not pass, by all routes nor by the numeric route alone.

Every atom depends on ``x`` and is positive on the domain, so every term is nonzero and
not constant: a flipped sign or a changed exponent always changes the function, and the
scaled assertion differs wherever ``e`` does not vanish (nowhere: ``e > 0``).

The default run draws ``max(30, profile max_examples)`` cases per property (the default
profile of tests/conftest.py has 8).  The deep run, marked slow,
``HYPOTHESIS_PROFILE=deep pytest -m slow -p no:xdist tests/soundness/test_fuzzer.py``,
draws 2000 cases shared equally by the seven properties, records every wrong verdict
instead of stopping at the first, and prints how many cases of each property it drew and
how many verdicts were wrong.  Knobs: ``SOUNDNESS_FUZZ_EXAMPLES`` (deep-run size),
``SOUNDNESS_FUZZ_SYMBOLIC_BUDGET`` (seconds per symbolic step, default 2) and
``SOUNDNESS_FUZZ_SHRINK=1`` (shrink a failing case to a minimal one; slow).
"""
from __future__ import annotations

import contextlib
import functools
import gc
import os
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
FUZZ_EXAMPLES = max(30, settings.default.max_examples)
DEEP_EXAMPLES = int(os.environ.get("SOUNDNESS_FUZZ_EXAMPLES", 2000 if PROFILE == "deep" else 200))
# Seconds for each symbolic step (the engine's default is 8).  A shorter budget only moves
# work from the symbolic route to the numeric one: a false claim must fail either way, and
# a true rewrite must still pass, so the properties are the same and the run is faster.
SYMBOLIC_BUDGET = float(os.environ.get("SOUNDNESS_FUZZ_SYMBOLIC_BUDGET", "2"))

# Shrinking a failing case re-checks hundreds of claims (hypothesis gives up after five
# minutes): off by default, on with SOUNDNESS_FUZZ_SHRINK=1 for a minimal counter-example.
PHASES = tuple(Phase) if os.environ.get("SOUNDNESS_FUZZ_SHRINK") else \
    (Phase.explicit, Phase.reuse, Phase.generate, Phase.target)
HEALTH = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]

# The default run draws the same cases on every machine (derandomize): a check of the
# checker that passed here must not turn red in CI on a new draw.  The deep run is random.
fuzz_settings = settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None, phases=PHASES,
                         suppress_health_check=HEALTH, derandomize=True)


@pytest.fixture(autouse=True)
def _draws_independent_of_the_modules_loaded(monkeypatch):
    """The same draws whatever ran before in this process.

    Hypothesis (from 6.131) mixes into its draws constants read from the source of every
    local module loaded so far (and stops reading after 100 ms).  Under xdist a worker
    has loaded whichever engine modules its earlier tests needed, so a derandomized run
    drew different cases on different schedules: the same test took 4 s alone and 22 s
    after the packs had run.  With that pool empty, the seed alone decides the cases.
    """
    try:
        from hypothesis.internal.conjecture import providers
        empty = type(providers._local_constants)()
        cached = providers.CONSTANTS_CACHE.cache  # constants allowed per kind of draw
    except (ImportError, AttributeError, TypeError):
        yield  # a hypothesis without that pool draws from the seed alone
        return
    monkeypatch.setattr(providers, "_get_local_constants", lambda: empty)
    cached.clear()
    yield
    cached.clear()


# -- expressions as text -----------------------------------------------------------------

def _q(value: Fraction) -> str:
    """An exact positive rational as text the whitelist parser reads exactly."""
    return str(value.numerator) if value.denominator == 1 else f"({value.numerator}/{value.denominator})"


@dataclass(frozen=True)
class Atom:
    """A positive, non-constant function of x on x > 0, in two equivalent spellings."""

    text: str
    other: str  # the same function written differently


@dataclass(frozen=True)
class Term:
    coef: Fraction
    atom: Atom
    power: int

    def text(self, sign: int = 1, power: int | None = None, alternative: bool = False) -> str:
        atom = self.atom.other if alternative else self.atom.text
        prefix = "-" if sign < 0 else ""
        return f"{prefix}{_q(self.coef)}*({atom})**{self.power if power is None else power}"


@dataclass(frozen=True)
class Expression:
    terms: tuple[Term, ...]

    def text(self, flip: int | None = None, bump: int | None = None, alternative: bool = False) -> str:
        parts = []
        for i, term in enumerate(self.terms):
            parts.append(term.text(sign=-1 if i == flip else 1,
                                   power=term.power + 1 if i == bump else None, alternative=alternative))
        return " + ".join(parts)

    def reordered(self) -> str:
        """Terms in reverse order, each written atom first and coefficient last."""
        return " + ".join(f"({t.atom.text})**{t.power}*{_q(t.coef)}" for t in reversed(self.terms))

    def factored(self) -> str:
        """The first term's atom taken out as a common factor."""
        common = self.terms[0].atom.text
        inner = " + ".join(f"{t.text()}/({common})" for t in self.terms)
        return f"({common})*({inner})"


small = st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=4).filter(lambda f: f > 0)
coefficients = st.fractions(min_value=Fraction(1, 9), max_value=9, max_denominator=9).filter(lambda f: f > 0)
multipliers = st.integers(min_value=2, max_value=7)


@st.composite
def plain_atoms(draw) -> Atom:
    a, b, k = draw(small), draw(small), draw(multipliers)
    choices = [
        Atom("x", "x"),
        Atom(f"x + {_q(b)}", f"{_q(b)} + x"),
        Atom(f"exp({_q(a)}*x)", f"exp(x)**{_q(a)}"),
        Atom(f"exp(-{_q(a)}*x)", f"1/exp({_q(a)}*x)"),
        Atom(f"log(1 + {_q(a)}*x)", f"log({k}*({_q(a)}*x + 1)) - log({k})"),
        Atom(f"sqrt({_q(a)}*x + {_q(b)})", f"sqrt({k}*({_q(a)}*x + {_q(b)}))/sqrt({k})"),
        Atom(f"erf({_q(a)}*x)", f"(2*Phi(sqrt(2)*{_q(a)}*x) - 1)"),
        Atom(f"1/(x + {_q(b)})", f"{k}/({k}*x + {k}*{_q(b)})"),
    ]
    return draw(st.sampled_from(choices))


@st.composite
def atoms(draw) -> Atom:
    inner = draw(plain_atoms())
    nest = draw(st.sampled_from(["none", "none", "sqrt", "log", "exp"]))
    if nest == "sqrt":
        return Atom(f"sqrt(1 + {inner.text})", f"(1 + {inner.other})**(1/2)")
    if nest == "log":
        return Atom(f"log(2 + {inner.text})", f"log(2*(1 + ({inner.other})/2))")
    if nest == "exp" and not inner.text.startswith(("exp(", "x", "sqrt", "1/")):
        # exp of a bounded atom only (log and erf here), so values stay moderate at x = 10**6.
        return Atom(f"exp(-{inner.text})", f"1/exp({inner.other})")
    return inner


@st.composite
def expressions(draw) -> Expression:
    count = draw(st.integers(min_value=1, max_value=4))
    terms = tuple(Term(draw(coefficients), draw(atoms()), draw(st.integers(min_value=1, max_value=3)))
                  for _ in range(count))
    return Expression(terms)


domains = st.sampled_from(["0 < x < 10", "x > 0"])


# -- claims ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _kinds():
    from proofcheck.papers import registry_for
    KINDS = registry_for()
    return KINDS


_COUNTER = Counter()


def _claim(record: dict):
    from proofcheck.core.model.claims import build_claim
    _COUNTER["claims"] += 1
    record = {"id": f"fuzz-{_COUNTER['claims']}", "where": "soundness fuzzer",
              "statement": "generated", **record}
    return build_claim(record, "<fuzzer>", _kinds())


def identity(domain: str, lhs: str, asserts: str):
    return _claim({"kind": "identity", "params": {"x": domain}, "lhs": lhs, "asserts": asserts})


def inequality(domain: str, lhs: str, rel: str, rhs: str):
    return _claim({"kind": "inequality", "params": {"x": domain}, "lhs": lhs, "rel": rel, "rhs": rhs})


@contextlib.contextmanager
def _without_gc_callbacks():
    """Run without the garbage-collector callbacks that hypothesis installs.

    The engine bounds symbolic steps with SIGPROF (proofcheck.core.model.timeout).  Python runs
    a signal handler between bytecodes of whatever code is current, and an exception it
    raises inside a gc callback is printed as "Exception ignored" and dropped, so the
    step then runs without a bound (seen: a simplify that ran for 20 minutes and grew to
    3 GB).  Hypothesis times every collection with such a callback; it is taken out while
    a claim is checked and put back after.
    """
    saved = list(gc.callbacks)
    gc.callbacks.clear()
    try:
        yield
    finally:
        gc.callbacks.extend(c for c in saved if c not in gc.callbacks)


def verdict_of(claim, routes=("symbolic", "certified", "numeric")):
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.check import check_claim
    with _without_gc_callbacks():
        return check_claim(claim, Settings(symbolic_budget=SYMBOLIC_BUDGET, routes=routes))


def _show(claim, verdict) -> str:
    fields = {k: claim.raw[k] for k in ("params", "lhs", "asserts", "rel", "rhs") if k in claim.raw}
    return f"{fields}\n  -> {verdict.status} ({verdict.evidence}): {verdict.details} {verdict.counterexample}"


def expanded_text(text: str) -> str:
    import sympy as sp

    from proofcheck.core.model.expressions import make_symbol, parse_expression
    x = make_symbol("x", {"positive": True})
    return sp.sstr(sp.expand(parse_expression(text, {"x": x})))


def assert_passes(claim):
    verdict = verdict_of(claim)
    assert verdict.status == "passed", "a TRUE claim did not pass:\n" + _show(claim, verdict)


def assert_not_passed(claim, routes=("symbolic", "certified", "numeric")):
    verdict = verdict_of(claim, routes)
    assert verdict.status != "passed", "a FALSE claim passed:\n" + _show(claim, verdict)


# -- the cases: one function per property, shared by the default and the deep runs --------

REWRITES = ("expand", "reorder", "factor", "alternative")


def case_true_rewrite(e: Expression, domain: str, how: str):
    rewritten = {"expand": lambda: expanded_text(e.text()), "reorder": e.reordered,
                 "factor": e.factored, "alternative": lambda: e.text(alternative=True)}[how]()
    assert_passes(identity(domain, e.text(), rewritten))


def case_relative_change(e: Expression, domain: str, k: int):
    assert_not_passed(identity(domain, e.text(), f"({e.text()})*(1 + 1/10**{k})"))


def case_flipped_sign(e: Expression, domain: str, index: int):
    assert_not_passed(identity(domain, e.text(), e.text(flip=index % len(e.terms))))


def case_changed_exponent(e: Expression, domain: str, index: int):
    assert_not_passed(identity(domain, e.text(), e.text(bump=index % len(e.terms))))


def _threshold(r: Fraction) -> str:
    return f"{r.numerator}/{r.denominator}"


def case_true_inequality(g: Expression, r: Fraction, upper: bool):
    # (x - r) g(x) > 0 with g > 0: true exactly for x > r.
    domain = f"{_threshold(r)} < x < {_threshold(r + 10)}" if upper else f"x > {_threshold(r)}"
    assert_passes(inequality(domain, f"(x - {_threshold(r)})*({g.text()})", ">", "0"))


def case_widened_inequality(g: Expression, r: Fraction, upper: bool, k: int):
    # The same inequality on a domain widened below r: false on (r - 10**-k, r].  With k = 0
    # the domain is closed at r instead, where the strict inequality fails (0 > 0).
    lower = r - Fraction(1, 10**k) if k > 0 else r
    relation = "<" if k > 0 else "<="
    bound = f"{_threshold(lower)} {relation} x"
    domain = f"{bound} < {_threshold(r + 10)}" if upper else bound
    assert_not_passed(inequality(domain, f"(x - {_threshold(r)})*({g.text()})", ">", "0"))


thresholds = st.fractions(min_value=1, max_value=9, max_denominator=7)


def case_hidden_in_a_cancellation(e: Expression, domain: str, k: int, inequality_form: bool):
    # e^K (1 + e^-K e) - e^K is e > 0; at K = 100 2^k (up to 3200) it cancels up to 1390
    # digits, more than mpmath's dps and 2*dps carry, and came out 0.  "= 0" and "<= 0" are
    # false everywhere.
    size = 100 * 2 ** k
    hidden = f"exp({size})*(1 + exp(-{size})*({e.text()})) - exp({size})"
    claim = inequality(domain, hidden, "<=", "0") if inequality_form else identity(domain, hidden, "0")
    assert_not_passed(claim)
    assert_not_passed(claim, routes=("numeric",))  # SymPy sees e; the digits must see it too


# -- the default run ---------------------------------------------------------------------

@pytest.mark.slow
@fuzz_settings
@given(e=expressions(), domain=domains, how=st.sampled_from(REWRITES))
def test_equivalent_rewrite_of_an_identity_passes(e, domain, how):
    case_true_rewrite(e, domain, how)


@pytest.mark.slow
@fuzz_settings
@given(e=expressions(), domain=domains, k=st.integers(min_value=1, max_value=40))
def test_assertion_scaled_by_one_plus_tiny_is_not_passed(e, domain, k):
    case_relative_change(e, domain, k)


@fuzz_settings
@given(e=expressions(), domain=domains, index=st.integers(min_value=0, max_value=3))
def test_assertion_with_one_term_sign_flipped_is_not_passed(e, domain, index):
    case_flipped_sign(e, domain, index)


@pytest.mark.slow
@fuzz_settings
@given(e=expressions(), domain=domains, index=st.integers(min_value=0, max_value=3))
def test_assertion_with_one_exponent_changed_is_not_passed(e, domain, index):
    case_changed_exponent(e, domain, index)


@pytest.mark.slow
@fuzz_settings
@given(g=expressions(), r=thresholds, upper=st.booleans())
def test_true_inequality_passes_on_its_domain(g, r, upper):
    case_true_inequality(g, r, upper)


@fuzz_settings
@given(g=expressions(), r=thresholds, upper=st.booleans(), k=st.integers(min_value=0, max_value=12))
def test_inequality_on_a_widened_domain_is_not_passed(g, r, upper, k):
    case_widened_inequality(g, r, upper, k)


# Fewer by default: a cancellation sends the numeric routes up to 8 dps.
@pytest.mark.slow
@settings(fuzz_settings,
          max_examples=max(10, settings.default.max_examples) if PROFILE != "deep" else FUZZ_EXAMPLES)
@given(e=expressions(), domain=domains, k=st.integers(min_value=1, max_value=5),
       inequality_form=st.booleans())
def test_a_false_claim_hidden_in_a_cancellation_is_not_passed(e, domain, k, inequality_form):
    case_hidden_in_a_cancellation(e, domain, k, inequality_form)


# -- the deep run ------------------------------------------------------------------------

ARGUMENTS = {
    "true-rewrite": st.tuples(expressions(), domains, st.sampled_from(REWRITES)),
    "relative-change": st.tuples(expressions(), domains, st.integers(min_value=1, max_value=40)),
    "flipped-sign": st.tuples(expressions(), domains, st.integers(min_value=0, max_value=3)),
    "changed-exponent": st.tuples(expressions(), domains, st.integers(min_value=0, max_value=3)),
    "true-inequality": st.tuples(expressions(), thresholds, st.booleans()),
    "widened-inequality": st.tuples(expressions(), thresholds, st.booleans(),
                                    st.integers(min_value=0, max_value=12)),
    "hidden-in-a-cancellation": st.tuples(expressions(), domains, st.integers(min_value=1, max_value=5),
                                          st.booleans()),
}
ORDER = tuple(ARGUMENTS)


CASES = {"true-rewrite": case_true_rewrite, "relative-change": case_relative_change,
         "flipped-sign": case_flipped_sign, "changed-exponent": case_changed_exponent,
         "true-inequality": case_true_inequality, "widened-inequality": case_widened_inequality,
         "hidden-in-a-cancellation": case_hidden_in_a_cancellation}


@pytest.mark.slow
def test_deep_fuzz_passes_true_rewrites_and_never_passes_a_perturbation(capsys):
    """Thousands of cases, shared equally by the seven properties; a wrong verdict is recorded
    and the run goes on, so that the count of wrong verdicts of each property is printed."""
    drawn, wrong = Counter(), {}
    share = max(1, -(-DEEP_EXAMPLES // len(ORDER)))  # at least DEEP_EXAMPLES in all

    def property_run(kind):
        @settings(max_examples=share, deadline=None, database=None, phases=PHASES,
                  suppress_health_check=HEALTH)
        @given(arguments=ARGUMENTS[kind])
        def run(arguments):
            drawn[kind] += 1
            try:
                CASES[kind](*arguments)
            except AssertionError as error:
                wrong.setdefault(kind, []).append(" ".join(str(error).splitlines()[1:3])[:400])
        return run

    try:
        for kind in ORDER:
            property_run(kind)()
    finally:
        with capsys.disabled():
            print(f"\nsoundness fuzzer (profile {PROFILE}, {DEEP_EXAMPLES} examples): drew "
                  f"{sum(drawn.values())} cases: " + ", ".join(f"{k} {drawn[k]}" for k in ORDER)
                  + "\n  wrong verdicts: " + (", ".join(f"{k} {len(v)}" for k, v in sorted(wrong.items()))
                                             or "none"))
    assert not wrong, "wrong verdicts:\n" + "\n".join(f"{k} ({len(v)}): {v[0]}" for k, v in sorted(wrong.items()))
