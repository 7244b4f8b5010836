"""The Python API: a pack loaded by name or path, a claim indexed and checked, a whole pack verified;
verdicts are Python objects (mpmath numbers at the requested precision, SymPy formulas) that
display as Markdown and LaTeX, and the public modules are typed."""
import importlib.util
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import mpmath
import pytest
import sympy as sp
from conftest import WRONG_DRIFT, write_claims

import proofcheck
from proofcheck.api.verdicts import number
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.papers import list_claims

ROOT = Path(__file__).resolve().parent.parent

RATIO = '''
[[claim]]
id = "ratio"
where = "eq. (32)"
statement = "(1/pi) / (pi/(4 e^2)) = 4 e^2/pi^2"
kind = "identity"
lhs = "(1/pi)/(pi/(4*exp(2)))"
asserts = "4*exp(2)/pi**2"
'''

WRONG_RATIO = '''
[[claim]]
id = "wrong-ratio"
where = "eq. (32), misprinted"
statement = "(1/pi) / (pi/(4 e^2)) = 3 e^2/pi^2"
kind = "identity"
lhs = "(1/pi)/(pi/(4*exp(2)))"
asserts = "3*exp(2)/pi**2"
'''


REVISED = 'title = "A revised section"\n' + RATIO + WRONG_RATIO + WRONG_DRIFT


@pytest.fixture(scope="module")
def pack():
    return proofcheck.load("larger-groups")


@pytest.fixture
def revised(tmp_path):
    return proofcheck.load(write_claims(tmp_path, REVISED, "revised.toml"))


def test_load_and_verify_are_the_package_s_public_names():
    assert {"load", "verify"} <= set(proofcheck.__all__)
    assert proofcheck.load is importlib.import_module("proofcheck.api").load


def test_a_pack_is_a_mapping_of_its_claims_in_the_paper_s_order(pack):
    assert isinstance(pack, Mapping)
    assert (pack.name, pack.title) == ("larger-groups", "Better Privacy Guarantees for Larger Groups")
    assert list(pack) == [entry.id for entry in list_claims(["larger-groups"])]
    assert repr(pack) == f"<Pack 'larger-groups': {len(pack)} claims>"
    lemma = pack["lemma-4.1"]
    assert (lemma.id, lemma.where, lemma.kind) == ("lemma-4.1", "Lemma 4.1, eq. (8)", "identity")
    with pytest.raises(KeyError, match="no claim 'no-such-claim' in larger-groups"):
        pack["no-such-claim"]


def test_a_claim_s_expressions_are_sympy(pack):
    lemma = pack["lemma-4.1"]
    sigma = lemma.claim.symbols["sigma"]
    assert lemma.fields == ("lhs", "asserts")
    asserted = lemma.expression("asserts")
    assert isinstance(asserted, sp.Expr)
    assert sp.simplify(asserted - sp.erf(sigma / sp.sqrt(2))) == 0
    with pytest.raises(KeyError, match="has no expression 'rhs'"):
        lemma.expression("rhs")


@pytest.mark.parametrize("claim_id, route", [("eq-32-ratio", "simplified to zero"),
                                             ("lemma-4.1", "integrated, simplified to zero")])
def test_a_symbolic_claim_checks_to_a_passed_verdict(pack, claim_id, route):
    verdict = pack[claim_id].check(dps=100)
    assert verdict.passed and verdict.status == "passed"
    assert (verdict.evidence, verdict.route, verdict.dps) == ("symbolic", route, 100)
    assert verdict.counterexample == {} and verdict.derived is None and verdict.explanation() == []


def test_a_numeric_claim_checks_at_the_requested_precision(pack):
    verdict = pack["sec5.1-tradeoff-v1"].check(dps=30)  # a derivative through erfinv: sampled
    assert verdict.passed and verdict.evidence == "numeric" and verdict.dps == 30
    assert verdict.route.startswith("sampled ")


def test_negative_controls_run_when_asked(pack):
    verdict = pack["eq-32-ratio"].check(mutants=True)
    assert verdict.mutants is not None and verdict.mutants.made >= 1 and verdict.mutants.ok


def test_a_wrong_constant_fails_with_its_values_as_mpmath_numbers_and_its_formula_as_sympy(revised):
    verdict = revised["wrong-ratio"].check(dps=30)
    assert verdict.passed is False and verdict.status == "failed" and verdict.evidence is None
    derived = verdict.counterexample["derived"]
    assert isinstance(derived, mpmath.mpf)
    # Every digit the check trusted is kept: 30 digits, more than a float holds.
    text = verdict.verdict.counterexample["derived"]
    assert mpmath.nstr(derived, 30) == text and len(text.replace(".", "")) == 30
    assert derived != mpmath.mpf(float(text))
    assert verdict.counterexample["derived formula"] == "4*exp(2)/pi**2"
    assert verdict.derived == 4 * sp.exp(2) / sp.pi**2


@pytest.mark.slow
def test_a_numeric_failure_gives_its_point_as_mpmath_numbers(revised):
    verdict = revised["wrong-drift"].check(dps=30)
    assert verdict.status == "failed"
    point = verdict.counterexample["point"]
    assert isinstance(point["sigma"], mpmath.mpf) and 0 < point["sigma"] < 5
    assert all(isinstance(verdict.counterexample[key], mpmath.mpf) for key in ("definition", "asserted"))
    sigma = revised["wrong-drift"].claim.symbols["sigma"]
    assert sp.simplify(verdict.derived - 2 * sp.erf(sp.sqrt(2) * sigma / 4)) == 0


def test_numbers_are_read_at_the_requested_precision_and_other_text_is_kept():
    with mpmath.workdps(40):
        assert abs(number("sqrt(2)", 40) - mpmath.sqrt(2)) < mpmath.mpf(10)**-39
        assert number("1/3", 40) == mpmath.mpf(1) / 3
    assert number("not a number", 30) == "not a number"
    assert number("__import__('os')", 30) == "__import__('os')"
    assert number(True, 30) is True


def test_a_claim_displays_its_statement_as_math(pack, revised):
    lemma = pack["lemma-4.1"]
    tex = lemma.statement_tex
    assert lemma._repr_latex_() == f"${tex}$"
    markdown = lemma._repr_markdown_()
    assert "**lemma-4.1** (Lemma 4.1, eq. (8); identity)" in markdown
    assert f"${tex}$" in markdown and f"`{lemma.statement}`" in markdown
    # Without statement_tex, SymPy typesets the parsed claim.
    assert revised["wrong-ratio"]._repr_latex_() == "$\\frac{4 e^{2}}{\\pi^{2}} = \\frac{3 e^{2}}{\\pi^{2}}$"


def test_a_verdict_displays_its_statement_evidence_route_and_failure(pack, revised):
    passed = pack["lemma-4.1"].check()._repr_markdown_()
    assert ": passed" in passed and "- evidence: symbolic" in passed
    assert "- route: integrated, simplified to zero" in passed and "$\\mathbb{E}" in passed
    failed = revised["wrong-ratio"].check(dps=30)
    markdown = failed._repr_markdown_()
    assert "**FAILED**" in markdown and "- evidence: -" in markdown
    assert "derived:  4*exp(2)/pi**2" in markdown and "asserted: 3*exp(2)/pi**2" in markdown
    assert "they part at the 1st significant digit" in markdown
    assert failed.explanation()[0].endswith("claim wrong-ratio")


def test_verify_checks_a_whole_pack(tmp_path):
    path = write_claims(tmp_path, RATIO + WRONG_RATIO, "two.toml")
    result = proofcheck.verify(str(path), dps=30, jobs=1)
    assert list(result) == ["ratio", "wrong-ratio"] and result.pack == "two"
    assert result.counts == {"passed": 1, "failed": 1, "error": 0}
    assert result.evidence == {"symbolic": 1, "certified": 0, "numeric": 0, "logical": 0}
    assert not result.all_passed
    assert [v.id for v in result.failures] == ["wrong-ratio"]
    assert result["ratio"].passed and isinstance(result["wrong-ratio"].counterexample["asserted"], mpmath.mpf)
    markdown = result._repr_markdown_()
    assert "| id | where | status | evidence | route |" in markdown
    assert "| `ratio` | eq. (32) | passed | symbolic | simplified to zero |" in markdown
    assert "| `wrong-ratio` | eq. (32), misprinted | **FAILED** | - | - |" in markdown
    assert "asserted: 3*exp(2)/pi**2" in markdown


def test_verify_of_a_loaded_pack_that_holds_passes_all(tmp_path):
    pack = proofcheck.load(write_claims(tmp_path, RATIO, "good.toml"))
    result = proofcheck.verify(pack, mutants=True)
    assert result.all_passed and result.failures == [] and result["ratio"].mutants.ok


@pytest.mark.parametrize("name, message", [
    ("no-such-paper", "unknown paper 'no-such-paper' (known: larger-groups"),
    ("missing/claims.toml", "missing/claims.toml: no such file or folder"),
])
def test_a_bad_pack_is_one_line_error(name, message):
    with pytest.raises(ProofcheckError) as error:
        proofcheck.load(name)
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("options, message", [({"dps": 5}, "^parameter dps: must be between"),
                                              ({"samples": 0}, "samples must be an integer"),
                                              ({"seed": "x"}, "seed must be an integer")])
def test_bad_settings_are_one_line_errors(pack, options, message):
    with pytest.raises(ProofcheckError, match=message):
        pack["eq-32-ratio"].check(**options)


def test_import_proofcheck_does_not_import_sympy():
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    code = ("import sys, proofcheck; "
            "print(proofcheck.__file__); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sympy', 'mpmath', 'flint')))")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env=environment, cwd=ROOT).stdout.splitlines()
    assert Path(output[0]).resolve() == ROOT / "proofcheck" / "__init__.py"
    assert output[1] == "[]"


USER_SCRIPT = '''
import proofcheck

pack = proofcheck.load("larger-groups")
verdict = pack["lemma-4.1"].check(dps=30)
evidence: str | None = verdict.evidence
passed: bool = proofcheck.verify(pack).all_passed
wrong: int = verdict.route
'''


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_the_public_modules_are_typed(tmp_path, request):
    # mypy's own incremental cache, kept beside pytest's (it re-checks whatever changed): a
    # second run takes a fraction of a second instead of three.  The user's script keeps one
    # path there too, since mypy's cache remembers a module by name and reports its old path.
    pytest_cache = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    folder = pytest_cache.mkdir("mypy") if pytest_cache is not None else tmp_path
    script = folder / "user.py"
    script.write_text(USER_SCRIPT)
    cache = folder / "cache"
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache),
                             "proofcheck/__init__.py", "proofcheck/api", str(script)],
                            capture_output=True, text=True, cwd=ROOT)
    # The package itself passes; a user's script is checked against its types.
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    # mypy names a file under the working directory by its relative path.
    assert len(errors) == 1, result.stdout
    path, line = errors[0].split(":")[:2]
    assert (ROOT / path).resolve() == script.resolve() and line == "8", result.stdout
    assert 'expression has type "str", variable has type "int"' in errors[0]
    assert (ROOT / "proofcheck" / "py.typed").exists()
