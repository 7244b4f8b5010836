"""The README's counts of evidence are the packs' own.

Each claim records the evidence its verdict must reach, and the test run fails a claim that
reaches another, so the records are what a run prints; the README's summary line and the
larger-groups paragraph are read against them, so that a proof added to a pack cannot leave
the front page behind (it once said 179 proved and 20 sampled when the pack had 181 and 18).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
PACKS = ("larger-groups", "exact-zcdp", "findings")


def _recorded(papers) -> Counter:
    from proofcheck.papers import load_claims
    return Counter(claim.get("evidence") for paper in papers for claim in load_claims([paper]))


def test_the_summary_line_counts_every_pack_as_recorded():
    counts = _recorded(PACKS)
    proved = counts["symbolic"] + counts["certified"]
    line = (f"{sum(counts.values())} claims: {proved} proved ({counts['symbolic']} symbolic, "
            f"{counts['certified']} certified), {counts['numeric']} sampled, {counts['logical']} by argument")
    assert line in README


def test_the_larger_groups_paragraph_counts_its_pack_as_recorded():
    counts = _recorded(["larger-groups"])
    found = re.search(r"Of the (\d+) claims of the larger-groups paper, (\d+) are proved \((\d+) symbolic, "
                      r"(\d+) certified\s+over their whole stated domain\), (\d+) sampled \(numeric\) and "
                      r"(\d+) by argument", README)
    assert found is not None
    assert [int(g) for g in found.groups()] == [
        sum(counts.values()), counts["symbolic"] + counts["certified"], counts["symbolic"], counts["certified"],
        counts["numeric"], counts["logical"]]
