"""`verify` prints in the papers' order whatever -j is: a header per paper, a summary per paper, the total
last; long locations end in an ellipsis, never mid-word."""

import pytest
from conftest import run_cli

from proofcheck.report.console import InOrder, fit

IDS = ["lemma-4.1", "eq-25-optimum", "laplace-renyi", "laplace-kl"]



def claim_lines(stdout):
    return [line.split()[1] for line in stdout.splitlines() if line.startswith(("PASS", "FAIL", "ERROR"))]


@pytest.mark.slow
def test_results_print_in_paper_order_under_one_header_per_paper_whatever_the_jobs():
    outputs = [run_cli("verify", "larger-groups", "exact-zcdp", "-j", jobs, "--only", *IDS)
               for jobs in ("1", "2")]
    for result in outputs:
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert claim_lines(result.stdout) == IDS
        headers = [line for line in lines if line.startswith("== ")]
        assert [h.split(":")[0] for h in headers] == ["== larger-groups", "== exact-zcdp"]
        summaries = [line for line in lines if line.startswith("-- ")]
        assert summaries[0].startswith("-- larger-groups: 2 claims: ") and summaries[0].endswith("; 0 failed")
        assert summaries[1].startswith("-- exact-zcdp: 2 claims: ") and summaries[1].endswith("; 0 failed")
        assert lines[-1].startswith("4 claims: ") and lines[-1].endswith("; 0 failed")
        assert lines.index(headers[1]) > lines.index(summaries[0])


def test_results_are_released_in_order_as_soon_as_all_before_them_are_done():
    """A result is matched to its place by paper and id: a verdict from the cache comes with the
    claim as read, one checked now with the claim as built."""
    class Result:
        def __init__(self, claim):
            self.claim = claim
    class Claim:
        def __init__(self, identifier):
            self.paper, self.id = "p", identifier
    claims = [Claim("a"), Claim("b"), Claim("c")]
    order = InOrder(claims)
    assert order.add(Result(claims[2])) == []
    first = order.add(Result(claims[0]))
    assert [r.claim for r in first] == [claims[0]]
    assert [r.claim for r in order.add(Result(claims[1]))] == [claims[1], claims[2]]


def test_a_long_location_ends_in_an_ellipsis_at_a_word_boundary():
    shown = fit("§8, why the two-count proof stops at 1/1 and no further", 40)
    assert len(shown) == 40
    assert shown.rstrip().endswith("…")
    assert shown.rstrip()[:-1] in "§8, why the two-count proof stops at 1/1 and no further"
    assert "§8, why the two-count proof stops at…" == shown.rstrip()
    assert fit("Lemma 4.1", 12) == "Lemma 4.1   "
