"""The paper map and its reports: the map agrees with the registry, keeps the
paper's order, renders as Markdown GitHub can typeset, and builds from the
command line with or without matplotlib."""
import json
import os
import re
import sys
import textwrap
import time

import pytest
from conftest import run_cli

from proofcheck.cli import main
from proofcheck.core.model.results import Result
from proofcheck.core.model.verdict import Verdict
from proofcheck.papers import load_claims
from proofcheck.report import json_report, markdown
from proofcheck.report.paper_map import (
    NOT_CHECKED,
    agreement,
    build_map,
    derivation_name,
    derivation_scripts,
    derivations_folder,
    load_registry,
    referenced_scripts,
)

CLAIMS = textwrap.dedent('''
    section = "4"
    title = "Exact pre-clipping utility calibration"

    [[claim]]
    id = "square"
    where = "Lemma 4.1, eq. (8)"
    statement = "(x + 1)^2 = x^2 + 2x + 1"
    statement_tex = "\\\\mathbb{E}|x+1|^{2} = x^{2}+2x+1"
    kind = "identity"
    params = { x = "x > 0" }
    lhs = "(x + 1)**2"
    asserts = "x**2 + 2*x + 1"

    [[claim]]
    id = "pi-decimal"
    where = "(32)"
    statement = "1/pi ~ 0.31831 | printed"
    kind = "decimal"
    value = "1/pi"
    printed = "0.31831"

    [[claim]]
    id = "scope"
    where = "§1.2"
    statement = "A statement of scope"
    kind = "logical"
    reason = "Nothing to compute."
    ''')

WRONG = textwrap.dedent('''
    [[claim]]
    id = "wrong-square"
    where = "(9)"
    statement = "(x + 1)^2 = x^2 + 3x + 1"
    kind = "identity"
    params = { x = "x > 0" }
    lhs = "(x + 1)**2"
    asserts = "x**2 + 3*x + 1"
    ''')


@pytest.fixture
def claims_file(tmp_path):
    path = tmp_path / "toy.toml"
    path.write_text(CLAIMS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def registry():
    """The packaged claims, loaded once: (claims, papers)."""
    return load_registry()


def _fake_results(claims, verdicts):
    return [Result(c, Verdict(status, evidence, details, seconds=0.5))
            for c, (status, evidence, details) in zip(claims, verdicts)]


def _cells(line):
    """The cells of a Markdown table line, split as GitHub splits them (at unescaped bars)."""
    return re.split(r"(?<!\\)\|", line.strip())[1:-1]


# -- the map and the registry ----------------------------------------------------------------

def test_map_lists_every_registry_claim_exactly_once(registry):
    claims, papers = registry
    paper_map = build_map(claims, papers=papers)
    check = agreement(paper_map, claims, derivation_scripts())
    assert check.claims_agree, check
    assert len(paper_map.rows) == len(claims)
    assert len({(r.paper, r.id) for r in paper_map.rows}) == len(claims)


def test_every_derivation_script_is_referenced_by_a_claim(registry):
    claims, papers = registry
    check = agreement(build_map(claims, papers=papers), claims, derivation_scripts())
    assert not check.unknown_scripts, f"claims name scripts that do not exist: {check.unknown_scripts}"
    assert not check.unreferenced_scripts, (
        "derivation scripts not referenced by any claim: "
        + ", ".join(f"derivations/{s}.py" for s in check.unreferenced_scripts))


def test_scripts_read_from_the_files_are_those_the_claims_name(registry):
    claims, _ = registry
    assert referenced_scripts() == {derivation_name(c.get("derivation")) for c in claims} - {None}


def test_agreement_detects_a_missing_claim_a_duplicate_and_an_unknown_script(claims_file):
    claims = load_claims(path=claims_file)
    paper_map = build_map(claims)
    assert agreement(paper_map, claims, []).claims_agree
    # A map that drops a claim and lists another twice disagrees with the registry.
    paper_map.rows = [paper_map.rows[0], paper_map.rows[0]]
    check = agreement(paper_map, claims, [])
    assert check.duplicated == ["toy:square"]  # a claims file names its paper after the file
    assert sorted(check.missing) == ["toy:pi-decimal", "toy:scope"]
    # A claim naming a script that does not exist, and a script no claim names.
    named = build_map([claims[0].with_fields(derivation="no_such_script")])
    check = agreement(named, [claims[0]], ["gaussian_lemma"])
    assert check.unknown_scripts == ["square -> no_such_script"]
    assert check.unreferenced_scripts == ["gaussian_lemma"]
    assert not check.agrees


def test_derivation_field_names_the_script_in_every_spelling():
    assert derivation_name("gaussian_lemma") == "gaussian_lemma"
    assert derivation_name("gaussian_lemma.py") == "gaussian_lemma"
    assert derivation_name("derivations/gaussian_lemma.py") == "gaussian_lemma"
    assert derivation_name("") is None


def test_the_derivation_scripts_are_found_where_the_package_finds_them():
    import proofcheck.derivations as package
    scripts = derivation_scripts()
    assert scripts and "__init__" not in scripts
    assert all((derivations_folder() / f"{name}.py").exists() for name in scripts)
    assert str(derivations_folder()) in [str(p) for p in package.__path__]


def test_derivation_scripts_exclude_the_package_init(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "gaussian_lemma.py").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert derivation_scripts(tmp_path) == ["gaussian_lemma"]


def test_map_keeps_the_papers_order_and_section_titles(claims_file):
    claims = load_claims(path=claims_file)
    rows = build_map(claims).rows
    assert [r.id for r in rows] == ["square", "pi-decimal", "scope"]
    assert {r.section_title for r in rows} == {"Exact pre-clipping utility calibration"}
    assert all(r.status == NOT_CHECKED for r in rows)


def test_summary_counts_claims_per_evidence_level(claims_file):
    claims = load_claims(path=claims_file)
    results = _fake_results(claims, [("passed", "symbolic", ""), ("passed", "certified", ""),
                                     ("failed", None, "x = 1: 4 != 5")])
    summary = build_map(claims, results, seconds=1.25).summary()
    assert summary.evidence == {"symbolic": 1, "certified": 1, "numeric": 0, "logical": 0}
    assert summary.status == {"passed": 2, "failed": 1}
    assert summary.seconds == 1.25 and summary.cpu_seconds == 1.5
    assert not summary.all_passed


def test_results_must_match_the_claims_one_to_one(claims_file):
    claims = load_claims(path=claims_file)
    with pytest.raises(ValueError, match="results"):
        build_map(claims, _fake_results(claims[:1], [("passed", "symbolic", "")]))


# -- Markdown ----------------------------------------------------------------------------------

def _render(claims, results=None, tmp_path=None, **kwargs):
    paper_map = build_map(claims, results)
    check = agreement(paper_map, claims, [], whole_registry=False)
    return markdown.render(paper_map, out_dir=tmp_path, derivation_base="../../derivations",
                           check=check, **kwargs)


def test_markdown_contains_every_claim_id_once_in_the_map(claims_file, tmp_path):
    claims = load_claims(path=claims_file)
    text = _render(claims, tmp_path=tmp_path)
    for claim in claims:
        assert text.count(f"`{claim.id}`") == 1


def test_markdown_typesets_the_papers_statement_as_math(claims_file, tmp_path):
    claims = load_claims(path=claims_file)
    text = _render(claims, tmp_path=tmp_path)
    # statement_tex becomes $...$ math, its bars written \vert so the table survives
    assert r"$\mathbb{E}\vert x+1\vert ^{2} = x^{2}+2x+1$" in text
    # a claim without statement_tex shows its plain statement as code, bar escaped
    assert r"`1/pi ~ 0.31831 \| printed`" in text


def test_math_cannot_open_an_html_tag_or_split_a_table_cell():
    assert markdown.math_inline("a<b") == r"$a\lt b$"
    assert markdown.math_inline(r"\|x\| > |y|", in_table=True) == r"$\Vert x\Vert  \gt  \vert y\vert$"
    # a statement already mixing prose and $...$ math: only the math is respelled
    assert markdown.math_inline("for $|x| < 1$, all y | z", in_table=True) == \
        r"for $\vert x\vert  \lt  1$, all y \| z"
    assert markdown.math_inline(r"costs \$5 when $x>0$") == r"costs \$5 when $x\gt 0$"


def test_math_survives_githubs_backslash_escapes():
    # GitHub turns \{ into { before typesetting; the braces must be spelled \lbrace/\rbrace.
    assert markdown.math_inline(r"r\max\{n,1\}") == r"$r\max\lbrace n,1\rbrace$"
    assert markdown.math_inline(r"\log\!\left(1+x\right)\,dx") == \
        r"$\log\negthinspace \left(1+x\right)\thinspace dx$"
    assert markdown.math_inline(r"a\_b") == r"$a\\_b$"


def test_every_table_row_has_as_many_cells_as_its_header(claims_file, tmp_path, registry):
    claims = load_claims(path=claims_file)
    packaged, _ = registry
    for text in (_render(claims, tmp_path=tmp_path), _render(packaged, tmp_path=tmp_path)):
        width = None
        for line in text.splitlines():
            if not line.startswith("|"):
                width = None
                continue
            cells = _cells(line)
            width = width or len(cells)
            assert len(cells) == width, line


def test_markdown_links_derivations_and_marks_a_missing_one(claims_file, tmp_path):
    claims = [c.with_fields(derivation="gaussian_lemma") if c.id == "square" else c
              for c in load_claims(path=claims_file)]
    text = markdown.render(build_map(claims), out_dir=tmp_path, derivation_base="../../derivations",
                           scripts={"v_expansion"})
    assert "[gaussian_lemma](../../derivations/gaussian_lemma.py) (missing)" in text


def test_markdown_lists_failures_with_their_details(claims_file, tmp_path):
    claims = load_claims(path=claims_file)
    results = _fake_results(claims, [("failed", None, "at x = 1: 4 != 5"), ("passed", "certified", ""),
                                     ("passed", "logical", "")])
    text = _render(claims, results, tmp_path=tmp_path)
    assert "**FAILED**" in text and "at x = 1: 4 != 5" in text
    assert "| failed or error | 1 |" in text


def test_readme_snippet_has_the_summary_table_and_the_report_link(claims_file):
    claims = load_claims(path=claims_file)
    snippet = markdown.readme_snippet(build_map(claims), "docs/report/larger-groups.md")
    assert "| Evidence | Claims | Meaning |" in snippet
    assert "(docs/report/larger-groups.md)" in snippet


def test_json_report_carries_rows_summary_and_registry(claims_file):
    claims = load_claims(path=claims_file)
    paper_map = build_map(claims)
    record = json.loads(json_report.render(paper_map, check=agreement(paper_map, claims, [])))
    assert [c["id"] for c in record["claims"]] == ["square", "pi-decimal", "scope"]
    assert record["summary"]["claims"] == 3
    assert record["registry"]["agrees"] is True


# -- the command line --------------------------------------------------------------------------

def _cli(*args, env=None):
    # An environment of its own (matplotlib hidden) needs a process of its own.
    return run_cli(*args, env=env, timeout=300) if env is not None else run_cli(*args)


def test_report_builds_from_the_command_line(claims_file, tmp_path):
    out = tmp_path / "report"
    run = _cli("report", "--claims", str(claims_file), "--out", str(out), "-j", "1")
    assert run.returncode == 0, run.stderr
    text = (out / "toy.md").read_text(encoding="utf-8")
    for claim_id in ("square", "pi-decimal", "scope"):
        assert f"`{claim_id}`" in text
    assert "| proved: symbolic | 1 |" in text and "| proved: certified | 1 |" in text
    assert "| by argument: logical | 1 |" in text
    assert "Traceback" not in run.stderr


def test_report_writes_json_on_request(claims_file, tmp_path):
    run = _cli("report", "--claims", str(claims_file), "--out", str(tmp_path), "--format", "json",
               "--no-verify", "--json")
    assert run.returncode == 0, run.stderr
    record = json.loads((tmp_path / "toy.json").read_text(encoding="utf-8"))
    assert len(record["claims"]) == 3
    assert json.loads(run.stdout)["reports"][0]["summary"]["claims"] == 3


def test_report_of_the_packaged_papers_builds_from_a_fresh_install(tmp_path, registry):
    run = _cli("report", "--no-verify", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    claims, papers = registry
    for paper in papers:
        text = (tmp_path / f"{paper.name}.md").read_text(encoding="utf-8")
        for claim in (c for c in claims if c.paper == paper.name):
            assert f"`{claim.id}`" in text
    # drawn without --figures, the report says how to get the paper's figures
    assert "`proofcheck report --figures`" in (tmp_path / "larger-groups.md").read_text(encoding="utf-8")


def test_report_exits_1_when_a_claim_fails(tmp_path):
    path = tmp_path / "wrong.toml"
    path.write_text(WRONG, encoding="utf-8")
    run = _cli("report", "--claims", str(path), "--out", str(tmp_path), "-j", "1")
    assert run.returncode == 1
    assert "**FAILED**" in (tmp_path / "wrong.md").read_text(encoding="utf-8")


def _without_matplotlib(tmp_path):
    # A stand-in module that refuses to import makes matplotlib absent for the child process.
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "matplotlib.py").write_text(
        "raise ModuleNotFoundError('matplotlib is blocked', name='matplotlib')\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocker), os.environ.get("PYTHONPATH", "")])}


def test_report_figures_without_matplotlib_is_refused_before_any_check(tmp_path):
    env = _without_matplotlib(tmp_path)
    out = tmp_path / "report"
    start = time.monotonic()
    run = _cli("report", "--paper", "larger-groups", "--out", str(out), "--figures", env=env)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert "--figures" in run.stderr and "pip install" in run.stderr
    assert time.monotonic() - start < 30  # refused at once, not after checking every claim
    assert not out.exists() or not any(out.iterdir())


@pytest.fixture
def matplotlib_hidden(monkeypatch):
    """matplotlib absent from this process, as where it is not installed: importing it raises."""
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def test_report_without_matplotlib_still_writes_markdown_and_says_how(tmp_path, matplotlib_hidden):
    out = tmp_path / "report"
    run = _cli("report", "--paper", "larger-groups", "--out", str(out), "--no-verify")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    text = (out / "larger-groups.md").read_text(encoding="utf-8")
    assert "pip install" in text and "## The map" in text
    plot = _cli("plot", "ladder", "--out", str(out))
    assert plot.returncode == 2 and "pip install" in plot.stderr and "Traceback" not in plot.stderr


@pytest.mark.parametrize("args, message", [
    (["report", "--paper", "no-such-paper", "--no-verify"], "unknown paper 'no-such-paper'"),
    (["report", "--dps", "3", "--no-verify"], "--dps"),
    (["report", "--claims", "/no/such/file.toml"], "no such file"),
    (["plot", "no-such-figure"], "unknown figure 'no-such-figure'"),
    (["plot", "ladder", "--format", "gif"], "--format"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, capsys, tmp_path):
    assert main([*args, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_report_refuses_an_output_folder_that_is_a_file(claims_file, tmp_path, capsys):
    target = tmp_path / "a-file"
    target.write_text("")
    assert main(["report", "--claims", str(claims_file), "--out", str(target), "--no-verify"]) == 2
    assert "--out" in capsys.readouterr().err


def test_the_map_of_the_packs_reads_their_claims_without_building_one(registry):
    from proofcheck.core.model.claims import Entry
    claims, _ = registry
    assert claims and all(isinstance(claim, Entry) for claim in claims)


def test_a_claims_file_of_ones_own_is_built_even_when_nothing_is_checked(tmp_path, capsys):
    path = tmp_path / "broken.toml"
    path.write_text(CLAIMS.replace('asserts = "x**2 + 2*x + 1"', 'asserts = "x**2 +* 1"'), encoding="utf-8")
    assert main(["report", "--claims", str(path), "--out", str(tmp_path / "out"), "--no-verify"]) == 2
    err = capsys.readouterr().err.strip()
    assert "syntax error" in err and len(err.splitlines()) == 1


def test_a_papers_name_that_is_a_path_copies_no_folder(tmp_path):
    # The name comes from a claims file: "../../x" or "/x" must not reach a folder outside docs.
    from proofcheck.report.writeups import copy_writeups, folder_for
    docs = tmp_path / "docs"
    (docs / "paper").mkdir(parents=True)
    (docs / "paper" / "a.md").write_text("# A\n")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "notes.md").write_text("# private\n")
    out = tmp_path / "out" / "deep"
    for name in ("../secret", str(secret), "paper/../../secret", ".."):
        assert folder_for(name, docs) is None
        assert copy_writeups(name, out, docs) == []
    assert copy_writeups("paper", out, docs) == [("A", "paper/a.md")]
    assert not (tmp_path / "out" / "secret").exists()
