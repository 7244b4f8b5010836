"""The report reads as a reviewer needs it: a step with no computation is "by argument", not "passed";
times are this paper's own and rounded, so a regenerated report does not change with the load; derivation
links never point into site-packages."""
import re
import textwrap
from pathlib import Path

import pytest
from conftest import run_cli

from proofcheck.core.model.results import Result
from proofcheck.core.model.verdict import Verdict
from proofcheck.papers import load_claims
from proofcheck.report import markdown
from proofcheck.report.paper_map import build_map

CLAIMS = textwrap.dedent('''
    [[claim]]
    id = "square"
    where = "Lemma 4.1"
    statement = "(x + 1)^2 = x^2 + 2x + 1"
    kind = "identity"
    params = { x = "x > 0" }
    lhs = "(x + 1)**2"
    asserts = "x**2 + 2*x + 1"

    [[claim]]
    id = "scope"
    where = "§1.2"
    statement = "A statement of scope"
    kind = "logical"
    reason = "Nothing to compute."
    ''')


def rendered(tmp_path, seconds):
    path = tmp_path / "toy.toml"
    path.write_text(CLAIMS, encoding="utf-8")
    claims = load_claims(path=path)
    results = [Result(claims[0], Verdict("passed", "symbolic", seconds=seconds)),
               Result(claims[1], Verdict("passed", "logical", seconds=0.0))]
    paper_map = build_map(claims, results, seconds=100.0, settings={"dps": 50, "jobs": 2})
    return markdown.render(paper_map, out_dir=tmp_path, derivation_base="derivations")


def row_of(text, claim_id):
    return next(line for line in text.splitlines() if f"`{claim_id}`" in line)


def test_a_logical_step_reads_by_argument_not_passed(tmp_path):
    text = rendered(tmp_path, 1.0)
    assert "by argument" in row_of(text, "scope") and "passed" not in row_of(text, "scope")
    assert row_of(text, "square").rstrip(" |").endswith("passed")


def test_regenerating_with_different_claim_times_leaves_the_report_unchanged(tmp_path):
    assert rendered(tmp_path, 21.3) == rendered(tmp_path, 18.9)
    assert "Its checks took about 20 s of worker time (2 workers, 50 working digits)." in rendered(tmp_path, 21.3)


def test_a_papers_time_is_its_own_not_the_whole_runs(tmp_path):
    text = rendered(tmp_path, 3.0)
    assert "under 10 s" in text and "100" not in text.split("## Figures")[0].split("## The map")[0]


def test_derivation_links_open_wherever_the_report_is_written(tmp_path):
    # An installed copy is linked by its absolute address: no relative link climbs into
    # site-packages, and none is dead because the report was written elsewhere.
    installed = Path("/usr/lib/python3/site-packages/proofcheck/derivations")
    assert markdown.derivation_base(installed, tmp_path) == installed.as_uri()
    checkout = tmp_path / "repo" / "derivations"
    checkout.mkdir(parents=True)
    assert markdown.derivation_base(checkout, tmp_path / "repo" / "docs" / "report") == "../../derivations"


def test_a_bare_formula_is_replaced_by_the_worded_claim():
    from proofcheck.report.paper_map import load_registry
    claims, papers = load_registry(["larger-groups"])
    paper_map = build_map(claims, papers=papers)
    text = markdown.render(paper_map, out_dir=Path("."), derivation_base="derivations")
    for claim_id in ("second-regime-coefficient", "sec8-two-count-template"):
        row = row_of(text, claim_id)
        assert "$" not in row.split(" | ")[2]
    assert "Fix r; with r0 -> r and c -> 0" in row_of(text, "second-regime-coefficient")
    assert markdown.states_a_claim(r"v(n+1)\le v(n)") and not markdown.states_a_claim(r"\left(\frac{1}{2}\right)")


def _link_targets(text: str, folder: Path) -> list[Path]:
    """The files the Markdown links of ``text`` point to, read from ``folder``."""
    from urllib.parse import unquote, urlparse
    targets = []
    for link in re.findall(r"\]\(([^)#\s]+\.py)\)", text):
        address = urlparse(link)
        targets.append(Path(unquote(address.path)) if address.scheme == "file" else folder / link)
    return targets


@pytest.mark.slow
def test_every_derivation_link_opens_from_a_report_written_anywhere(tmp_path):
    out = tmp_path / "somewhere" / "else"
    result = run_cli("report", "--paper", "larger-groups", "--out", str(out), "--no-verify")
    assert result.returncode == 0, result.stderr
    targets = _link_targets((out / "larger-groups.md").read_text(encoding="utf-8"), out)
    assert targets and all(target.is_file() for target in targets), [t for t in targets if not t.is_file()]


def test_a_failed_check_in_the_report_shows_the_point_and_both_sides(tmp_path):
    result = run_cli("report", "--claims", "docs/examples/failing/mills-half.toml", "--out", str(tmp_path))
    assert result.returncode == 1
    text = next(tmp_path.glob("*.md")).read_text(encoding="utf-8")
    failed = text.split("### Failed checks")[1].split("## ")[0]
    assert "mills-ratio-halved" in failed and "at t = 1.0: lhs 0.1586552539, rhs 0.1209853623" in failed
