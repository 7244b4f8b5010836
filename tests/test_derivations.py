"""The literate derivations (derivations/*.py) and their framework (core/literate/).

Every script runs and establishes exactly the results it declares; a
deliberately broken step (the mean-correction drift, 127 for 128, a wrong
Taylor coefficient, ...) makes its derivation fail at that step; a step
SymPy cannot finish says so and is decided by Arb, never silently passed.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import sympy as sp

from proofcheck import cli
from proofcheck.commands.derive import load, names
from proofcheck.core import literate
from proofcheck.core.literate.command_line import standalone
from proofcheck.core.literate.rendering import render_markdown
from proofcheck.core.model.errors import ExpressionError, ProofcheckError

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = {"gaussian_lemma", "drift_optimality", "v_expansion", "c_r_algebra", "small_error_limits",
        "uniform_prior", "gaussian_prior", "two_count_template", "unequal_variance", "pure_dp_convexity"}


# The tests of one script share a worker under xdist (``--dist loadgroup``): its results are
# computed once per process, so three tests of a script cost one run of it, and a test that
# runs it again (a broken step, the command line) finds SymPy's cache warm there.  A script built
# on another's results (gaussian_prior on small_error_limits, on v_expansion) shares its worker.
BUILT_ON = {"small_error_limits": "v_expansion", "gaussian_prior": "v_expansion"}


def on_the_worker_of(name):
    return pytest.mark.xdist_group(f"derivation-{BUILT_ON.get(name, name)}")


# The scripts that take longest to run (0.5 to 4 s each, with their shared worker's start)
# run in the deep tier (`pytest -m slow`, which CI runs too), with every test that runs them;
# c_r_algebra and two_count_template run in the default run.
DEEP_SCRIPTS = {"gaussian_lemma", "drift_optimality", "uniform_prior", "gaussian_prior", "unequal_variance",
                "v_expansion", "small_error_limits"}


def marks_of(name):
    return [on_the_worker_of(name)] + ([pytest.mark.slow] if name in DEEP_SCRIPTS else [])


BY_SCRIPT = [pytest.param(name, marks=marks_of(name)) for name in sorted(SCRIPTS)]


def run(name, **overrides):
    module = load(name)
    return literate.run(module.derive, module.TITLE, module.SOURCE, overrides=overrides)


# -- every derivation holds and establishes what it declares -----------------------

def test_the_ten_derivations_are_installed_as_a_package():
    assert set(names()) == SCRIPTS


@pytest.mark.parametrize("name", BY_SCRIPT)
def test_each_derivation_establishes_exactly_the_results_it_declares(name):
    module = load(name)
    found = module.results()
    assert set(found) == set(module.ESTABLISHES)
    for key, value in found.items():
        assert isinstance(value, sp.Basic), key
        assert not value.has(sp.Integral, sp.Limit, sp.Sum, sp.Derivative), key
        assert module.ESTABLISHES[key].strip(), key


@on_the_worker_of("two_count_template")
def test_results_are_computed_once_and_handed_out_as_copies():
    module = load("two_count_template")
    first = module.results()
    first["max_value"] = sp.Integer(0)
    assert module.results()["max_value"] == sp.Rational(1, 128)


@on_the_worker_of("two_count_template")
def test_two_count_template_is_maximised_at_one_over_128():
    found = load("two_count_template").results()
    assert (found["theta_opt"], found["a_opt"], found["max_value"]) == (sp.Rational(1, 2), 8, sp.Rational(1, 128))


@pytest.mark.slow
@on_the_worker_of("uniform_prior")
def test_uniform_prior_maximiser_and_value():
    found = load("uniform_prior").results()
    assert sp.simplify(found["maximiser"] - 2 * sp.exp(sp.Rational(3, 2))) == 0
    assert sp.simplify(found["eq25"] - 3 / (2 * sp.exp(3))) == 0


# -- a broken step makes the derivation fail, at that step ---------------------------

BROKEN = [
    # (derivation, overrides, key of the step that must fail)
    ("gaussian_lemma", {"drift": "sigma**2/2"}, "tilting"),               # mean correction, not sigma^2
    ("gaussian_lemma", {"eq8": "2*Phi(sigma)"}, "eq8"),
    ("drift_optimality", {"minimiser": "sigma**2/2"}, "minimiser"),
    ("drift_optimality", {"derivative": "exp(sigma**2/2 - a)*(2*Phi(a/sigma) - 1)"}, "derivative"),
    ("v_expansion", {"second": "(1 + 2*c)/(2*sigma**2)"}, "second"),      # wrong Taylor coefficient
    ("v_expansion", {"third": "(36*c**2 - 36*c + 12)/(24*sigma**2)"}, "third"),
    ("c_r_algebra", {"eq15": "(1-r)**6/(127*r**2*(1+r)**2)"}, "eq15"),     # 128 -> 127
    ("c_r_algebra", {"small_r": "1/127"}, "small_r"),
    ("c_r_algebra", {"c_r_minus_one": "8*r*(1+r)/(1-r)**3"}, "c_r_minus_one"),
    ("c_r_algebra", {"small_r_decimal": "0.00782"}, "small_r_decimal"),
    ("small_error_limits", {"kappa": "pi/6*sqrt(pi/2)"}, "kappa"),
    ("uniform_prior", {"eq25": "3/(2*e**2)"}, "eq25"),
    ("gaussian_prior", {"eq30": "(log(x) + h - log(2*e) - log(1 + 2*L*x*r))/(x**2*tau**2)"}, "eq30"),
    ("two_count_template", {"max_value": "1/127"}, "max_value"),
    ("unequal_variance", {"eq35": "(n+1)**2/(2*n)"}, "eq35"),
    ("pure_dp_convexity", {"kl": "eps*tanh(eps)"}, "kl"),                  # tanh(eps/2) -> tanh(eps)
    ("pure_dp_convexity", {"second": "2*eps*tanh(eps/2) - eps**2/cosh(eps*h)**2"}, "second"),  # drift h + 1/2
    ("pure_dp_convexity", {"at_zero": "eps*(sinh(eps) - eps)/cosh(eps)**2"}, "at_zero"),
]


# On the worker of its script: the results a script builds on are computed there already.
@pytest.mark.parametrize("name, overrides, key", [
    pytest.param(*broken, id=f"{broken[0]}-{broken[2]}", marks=marks_of(broken[0])) for broken in BROKEN])
def test_a_broken_step_makes_the_derivation_fail_there(name, overrides, key):
    with pytest.raises(literate.DerivationFailed) as failure:
        run(name, **overrides)
    assert failure.value.step.key == key
    assert failure.value.step.status == "failed"


@on_the_worker_of("two_count_template")
def test_an_unknown_override_key_is_refused():
    with pytest.raises(ProofcheckError, match="no step has the key 'bogus'"):
        run("two_count_template", bogus="1")


def test_override_text_is_parsed_never_evaluated():
    with pytest.raises(ExpressionError):
        run("gaussian_lemma", drift="__import__('os').system('echo unsafe')")


# -- the framework: fallbacks say so, and never pass silently -----------------------

def _toy(paper, routes=("symbolic", "certified")):
    def derive(d):
        x = d.parameters(x="x > 0")
        d.step("toy", "atan(x) + atan(1/x) for x > 0.", sp.atan(x) + sp.atan(1 / x), paper=paper(x), key="toy")
    return literate.run(derive, routes=routes)


def test_certified_fallback_passes_a_true_identity_and_says_it_is_pointwise():
    d = _toy(lambda x: sp.pi / 2, routes=("certified",))
    step = d.steps[-1]
    assert step.evidence == "certified"
    assert "not for every value" in step.detail and "agree to 50 significant digits at 3 points" in step.detail


def test_certified_fallback_rejects_a_false_identity_with_a_counterexample():
    with pytest.raises(literate.DerivationFailed, match="Arb certifies computed != stated"):
        _toy(lambda x: sp.pi / 3, routes=("certified",))


def _open_integral(paper_upper):
    def derive(d):
        z, u = d.variable("z"), d.variable("u")
        # e^{e^z} has no elementary antiderivative; u = e^z turns it into e^u/u on [1, e].
        d.step("toy", "An integral SymPy leaves open.", sp.Integral(sp.exp(sp.exp(z)), (z, 0, 1)),
               paper=sp.Integral(sp.exp(u) / u, (u, 1, paper_upper)))
    return literate.run(derive)


def test_an_integral_sympy_does_not_close_falls_back_to_arb_quadrature_and_says_so():
    step = _open_integral(sp.E).steps[-1]
    assert step.evidence == "certified"
    assert step.detail.startswith("SymPy did not close the integral")


def test_arb_quadrature_rejects_a_wrong_value_of_an_open_integral():
    with pytest.raises(literate.DerivationFailed, match="SymPy did not close.*Arb certifies computed != stated"):
        _open_integral(sp.Integer(3))


def test_an_open_integral_over_an_infinite_range_fails_loudly():
    def derive(d):
        z = d.variable("z")
        d.step("toy", "No certified route.", sp.Integral(sp.exp(-sp.exp(z)), (z, 0, sp.oo)), paper=sp.Integer(1))
    with pytest.raises(literate.DerivationFailed, match="finite range"):
        literate.run(derive)


def test_a_sign_sympy_cannot_decide_falls_back_to_arb_at_points():
    def derive(d):
        x = d.parameters(x="x > 0")
        d.holds("toy", "e^x > 1 + x.", sp.exp(x) - 1 - x, ">")
    step = literate.run(derive, routes=("certified",)).steps[-1]
    assert step.evidence == "certified" and "Arb decides it at 3 points" in step.detail


def test_a_false_inequality_fails():
    def derive(d):
        x = d.parameters(x="0 < x < 1")
        d.holds("toy", "x > 1 is false here.", x - 1, ">")
    with pytest.raises(literate.DerivationFailed, match="Arb finds the relation false at"):
        literate.run(derive)


def test_a_relation_sympy_wrongly_affirms_fails_at_a_point_where_balls_prove_it_false(monkeypatch):
    # SymPy 1.14's ask says 2x > 0 from "x real and y > 0" (a fault of its assumptions);
    # here ask affirms every sign, and x > 1/2 on (0, 1) must still fail at x = 2/5.
    from proofcheck.core.literate import establish
    monkeypatch.setattr(establish.sp, "ask", lambda *args, **kwargs: True)

    def derive(d):
        x = d.parameters(x="0 < x < 1")
        d.holds("toy", "x > 1/2 is false at x = 2/5.", x - sp.Rational(1, 2), ">")
    with pytest.raises(literate.DerivationFailed, match=r"Arb finds the relation false at \{x=2/5\}"):
        literate.run(derive)


def test_domain_bounds_let_sympy_simplify_abs_and_decide_signs():
    def derive(d):
        r = d.parameters(r="0 < r < 1")
        d.step("toy", "sqrt((1-r)^2) is 1 - r for r < 1.", sp.sqrt((1 - r)**2), paper=1 - r)
        d.holds("toy", "(1-r)^6 > 0 for r < 1.", (r - 1)**6, ">")
    assert [s.evidence for s in literate.run(derive).steps] == ["symbolic", "symbolic"]


def _log_split_step(**domain):
    def derive(d):
        symbols = d.parameters(**domain)
        x, y = symbols
        d.step("toy", "log(x y) = log x + log y.", sp.log(x * y), paper=sp.log(x) + sp.log(y),
               hint=d.split_logarithms)
    return derive


def test_a_logarithm_is_split_only_where_its_factors_are_positive_on_the_domain():
    # For x, y < 0, log(xy) is real and log x + log y is not: a forced expansion reduced
    # the difference to 0.  The split leaves log(xy) whole, and the step is not established.
    with pytest.raises(literate.DerivationFailed, match="did not reduce the difference to 0"):
        literate.run(_log_split_step(x="x < 0", y="y < 0"), routes=("symbolic",))
    step = literate.run(_log_split_step(x="x > 0", y="y > 0"), routes=("symbolic",)).steps[-1]
    assert step.evidence == "symbolic"


def test_a_parameter_is_seen_from_its_lower_bound_when_a_logarithm_is_split():
    # n >= 1 and c > 0 make n - 1 + c positive: written n = 1 + t (t >= 0) the proof sees it.
    def derive(d):
        c, n = d.parameters(c="c > 0", n="n >= 1")
        d.step("toy", "The log-ratio of (6) as a difference.", sp.log((n + c) / (n - 1 + c)),
               paper=sp.log(n + c) - sp.log(n - 1 + c), hint=d.split_logarithms)
        x = d.variable("x")
        assert d.split_logarithms(sp.log(x**2)) == sp.log(x**2)  # x of either sign: left whole
    assert literate.run(derive, routes=("symbolic",)).steps[-1].evidence == "symbolic"


@on_the_worker_of("two_count_template")
def test_markdown_shows_each_step_as_latex_math():
    steps = []
    module = load("two_count_template")
    literate.run(module.derive, on_step=steps.append)
    page = "".join(render_markdown(s) for s in steps)
    assert page.count("$$") >= 2 * 10
    assert sp.latex(sp.Rational(1, 128)) in page


# -- running the scripts: standalone and through the command line -----------------------

@pytest.mark.slow
def test_script_runs_standalone_with_numbered_steps():
    done = subprocess.run([sys.executable, str(ROOT / "derivations" / "c_r_algebra.py")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "[1] Prop. 6.2 proof" in done.stdout
    assert "(1 - r)**6/(128*r**2*(r + 1)**2)" in done.stdout
    assert "FAILED" not in done.stdout


# The script's own command line (what ``python derivations/NAME.py`` runs, as above), in process.
def _script(name, *argv):
    module = load(name)
    return standalone(module.derive, module.TITLE, module.SOURCE, list(argv))


@on_the_worker_of("c_r_algebra")
def test_script_markdown_output_is_latex_for_github(capsys):
    assert _script("c_r_algebra", "--markdown") == 0
    out = capsys.readouterr().out
    assert out.startswith("# Proposition 6.2")
    assert "$$" in out and r"\frac{1}{128}" in out


@on_the_worker_of("two_count_template")
def test_script_with_a_broken_statement_exits_1(capsys):
    assert _script("two_count_template", "--set", "max_value=1/127") == 1
    assert "FAILED" in capsys.readouterr().out


def test_cli_lists_the_derivations(capsys):
    assert cli.main(["derive", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in SCRIPTS)


@on_the_worker_of("two_count_template")
def test_cli_runs_a_derivation_and_a_broken_one_exits_1(capsys):
    assert cli.main(["derive", "two_count_template"]) == 0
    assert "1/128" in capsys.readouterr().out
    assert cli.main(["derive", "two_count_template", "--set", "max_value=1/127"]) == 1


def test_cli_bad_input_is_one_line_and_exit_2(capsys):
    assert cli.main(["derive", "no_such_derivation"]) == 2
    assert cli.main(["derive", "two_count_template", "--set", "max_value"]) == 2
    assert cli.main(["derive"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "no derivation named" in err


@on_the_worker_of("two_count_template")
def test_cli_json_reports_steps_and_results(capsys):
    import json
    assert cli.main(["derive", "two_count_template", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["passed"] and record["results"]["max_value"]["equals"] == "1/128"
    assert all(step["status"] == "ok" for step in record["steps"])


# -- the link to the claims engine: kind ``derived`` -------------------------------------

DERIVED_CLAIMS = '''
section = "test"

[[claim]]
id = "eq15"
where = "(15)"
statement = "the two-count limit"
kind = "derived"
derivation = "c_r_algebra"
result = "eq15"
params = { r = "0 < r < 1" }
asserts = "(1-r)**6/(128*r**2*(1+r)**2)"

[[claim]]
id = "eq14"
where = "(14)"
statement = "the two-count bound"
kind = "derived"
derivation = "c_r_algebra"
result = "eq14"
params = { r = "0 < r < 1", n = "integer n >= 1" }
asserts = "(1-r)**2/(2*(ceiling(((1+3*r)/(1-r))**2*n)-n)**2)"

[[claim]]
id = "template"
where = "§8"
statement = "the maximum of the two-count template"
kind = "derived"
derivation = "two_count_template"
result = "max_value"
asserts = "1/128"
'''


@on_the_worker_of("two_count_template")
def test_derived_claims_count_a_derivation_as_symbolic_evidence(tmp_path):
    from proofcheck.core.model.claims import load_path
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.runner import run as run_claims
    from proofcheck.papers import registry_for
    KINDS = registry_for()
    path = tmp_path / "derived.toml"
    path.write_text(DERIVED_CLAIMS)
    results = run_claims(load_path(path, KINDS), Settings(), jobs=1, mutants=True)
    assert [r.verdict.evidence for r in results] == ["symbolic"] * 3
    assert all(r.mutants.made and not r.mutants.accepted for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("name", BY_SCRIPT)
def test_every_result_equals_its_statement_through_the_claims_engine(name, tmp_path, request):
    """Each result, asserted as the script states it, passes as a ``derived`` claim (``-m slow``)."""
    if "slow" not in (request.config.getoption("markexpr") or "").replace("not slow", ""):
        pytest.skip("deep run: select with -m slow")
    from proofcheck.core.model.claims import load_path
    from proofcheck.core.model.verdict import Settings
    from proofcheck.core.run.runner import run as run_claims
    from proofcheck.papers import registry_for
    KINDS = registry_for()
    d = run(name)
    lines = ['section = "test"']
    for key, statement in d.statements.items():
        declared = d.declarations(statement)
        params = ", ".join(f'{k} = "{v}"' for k, v in declared["params"].items())
        variables = ", ".join(f'{k} = "{v}"' for k, v in declared["variables"].items())
        lines += ["", "[[claim]]", f'id = "{key}"', f'where = "{name}"', f'statement = "{key}"',
                  'kind = "derived"', f'derivation = "{name}"', f'result = "{key}"',
                  f"params = {{ {params} }}", f"variables = {{ {variables} }}",
                  f'asserts = "{sp.sstr(statement)}"']
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n")
    results = run_claims(load_path(path, KINDS), Settings(), jobs=1)
    failed = [(r.claim.id, r.verdict.status, r.verdict.details) for r in results if not r.verdict.passed]
    assert not failed


# -- each packaged claim that names a derivation agrees with the script -------------

def _linked_claims():
    from proofcheck.papers import built_claim, list_claims
    return [built_claim(e) for e in list_claims() if e.kind != "derived" and e.get("derivation") and e.get("result")]


@pytest.mark.parametrize("name", BY_SCRIPT)
def test_every_claim_that_names_a_derivation_agrees_with_its_result(name):
    """What ``verify --corroborate`` adds to a claim, for every claim linked to ``name``.

    One test per script, so each script runs once for all the claims it serves.
    """
    from proofcheck.core.kinds.derived import corroborate
    from proofcheck.core.model.verdict import Settings, Verdict
    linked = [c for c in _linked_claims() if c.get("derivation") == name]
    for claim in linked:
        own = Verdict("passed", "numeric", "own check")
        verdict = corroborate(claim, own, Settings())
        assert verdict.passed, (claim.id, verdict.details)
        assert f"also derived by derivations/{name}.py" in verdict.details, claim.id


def test_every_derivation_link_of_the_packs_is_exercised():
    linked = {c.get("derivation") for c in _linked_claims()}
    assert linked <= SCRIPTS and linked, linked


# A linked claim that asserts a formula; its script's results are reused on that script's worker.
ASSERTING = next(c for c in _linked_claims() if c.get("result") and "asserts" in c.parsed)


@pytest.mark.slow
@on_the_worker_of(ASSERTING.get("derivation"))
def test_a_link_whose_script_disagrees_fails_the_claim():
    from proofcheck.core.kinds.derived import corroborate
    from proofcheck.core.model.verdict import Settings, Verdict
    claim = ASSERTING
    wrong = claim.with_parsed("asserts", 2 * claim.expr("asserts") + 1)
    verdict = corroborate(wrong, Verdict("passed", "numeric", "own check"), Settings())
    assert verdict.status == "failed" and "disagrees" in verdict.details


@pytest.mark.slow
@on_the_worker_of("gaussian_lemma")  # the forked worker inherits the script's results
def test_verify_runs_the_scripts_only_when_asked(capsys):
    claim = next(c for c in _linked_claims() if c.get("derivation") == "gaussian_lemma")
    assert cli.main(["verify", "--only", claim.id, "--json", "-j", "1"]) == 0
    assert "also derived" not in capsys.readouterr().out
    assert cli.main(["verify", "--only", claim.id, "--json", "-j", "1", "--corroborate"]) == 0
    assert "also derived by derivations/gaussian_lemma.py" in capsys.readouterr().out


def test_a_derivation_named_without_a_result_is_read_not_compared():
    # pure-dp-tight-zcdp names the script that writes its convexity argument out, and has no
    # result to compare: --corroborate leaves its verdict as it was (it once raised KeyError).
    from proofcheck.core.kinds.derived import corroborate
    from proofcheck.core.model.verdict import Settings, Verdict
    from proofcheck.papers import load_claims
    claim = load_claims(["exact-zcdp"], only=["pure-dp-tight-zcdp"])[0]
    assert claim.get("derivation") == "pure_dp_convexity" and "result" not in claim.raw
    own = Verdict("passed", "certified", "own check")
    assert corroborate(claim, own, Settings()) is own
