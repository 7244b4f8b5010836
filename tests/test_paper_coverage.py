"""The claims registry is a complete map of the larger-groups paper.

``paper_coverage.toml`` lists the paper's checkable items (issue 46: every display,
the numbered results with Definition 2.1, every printed decimal, the rows of Table 2,
and the statements in prose the issue names), each with the claims that check it.
"""
import re
import sys
from pathlib import Path

import pytest

from proofcheck.papers import list_claims

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

# Read, not built: the map of the paper needs the records' fields, not their expressions.
CLAIMS = list_claims(["larger-groups"])
BY_ID = {c.id: c for c in CLAIMS}
WHERE = [c.where for c in CLAIMS]
MAP = tomllib.loads((Path(__file__).parent / "paper_coverage.toml").read_text(encoding="utf-8"))
GAPS = MAP.pop("gaps")
ITEMS = [(group, item, ids) for group, items in MAP.items() for item, ids in items.items()]

NAMED_RESULTS = ["Theorem 1.1", "Definition 2.1", "Proposition 2.2", "Proposition 2.3",
                 "Theorem 3.1", "Corollary 3.2", "Lemma 4.1", "Lemma 6.1", "Proposition 6.2",
                 "Lemma 6.3", "Theorem 6.4", "Corollary 6.5", "Lemma 6.6", "Corollary 6.7",
                 "Lemma 7.1"]
# The paper's 108 displays: 35 numbered, 73 others.
DISPLAYS = 108
# Each place the paper prints a decimal (0.31831, 0.10629 and 2.995 are printed twice).
PRINTED = ["0.0746806", "9.56", "0.1062921", "2.995", "0.00781", "0.07468", "0.10629", "0.31831",
           "0.31831", "0.10629", "2.995"]


def _abbreviations(name):
    kind, number = name.split()
    short = {"Theorem": "Thm", "Proposition": "Prop", "Corollary": "Cor", "Definition": "Def",
             "Lemma": "Lemma"}[kind]
    return [name, f"{short} {number}", f"{short}. {number}"]


def test_the_map_lists_at_least_135_items_of_the_paper():
    """Issue 46 counted 137 checkable items; the map lists each with its claims."""
    assert len(ITEMS) >= 135, len(ITEMS)


def test_the_map_lists_every_display_result_decimal_and_row_of_table_2():
    assert list(MAP["numbered_displays"]) == [f"({n})" for n in range(1, 36)]
    assert len(MAP["numbered_displays"]) + len(MAP["other_displays"]) == DISPLAYS
    assert list(MAP["results"]) == NAMED_RESULTS
    assert [item.split()[0] for item in MAP["decimals"]] == PRINTED
    assert len(MAP["table_2"]) == 4


def test_every_claim_the_map_names_exists_in_the_pack():
    unknown = [(item, i) for _, item, ids in ITEMS for i in ids if i not in BY_ID]
    assert not unknown, f"the map names claims the pack does not have: {unknown}"


@pytest.mark.parametrize("group, item, ids", [
    pytest.param(*entry, marks=pytest.mark.xfail(strict=True, reason=f"no claim: {GAPS[entry[1]]}"))
    if entry[1] in GAPS else entry for entry in ITEMS], ids=[f"{g}:{i}" for g, i, _ in ITEMS])
def test_every_item_of_the_paper_has_a_claim(group, item, ids):
    """An item with no claim is a gap listed with its reason; it fails here until claimed."""
    assert ids, f"{group} {item}: no claim"


def test_every_gap_is_an_item_of_the_map_with_no_claim():
    items = {item: ids for _, item, ids in ITEMS}
    assert all(gap in items and not items[gap] for gap in GAPS)
    assert all(ids or item in GAPS for item, ids in items.items())


def test_every_printed_decimal_is_audited_by_a_decimal_claim_printing_it():
    for item, ids in MAP["decimals"].items():
        printed = item.split()[0]
        assert any(BY_ID[i].kind == "decimal" and BY_ID[i].raw["printed"] == printed for i in ids), item


def test_each_numbered_display_is_checked_by_a_claim_that_cites_it():
    for label, ids in MAP["numbered_displays"].items():
        assert any(re.search(rf"\({label[1:-1]}\)", BY_ID[i].where) for i in ids), label


def test_every_numbered_display_1_to_35_is_a_claim():
    cited = {int(n) for w in WHERE for n in re.findall(r"\((\d{1,2})\)", w)}
    missing = sorted(set(range(1, 36)) - cited)
    assert not missing, f"no claim for displays {missing}"


def test_every_named_result_is_a_claim():
    missing = [n for n in NAMED_RESULTS if not any(a in w for w in WHERE for a in _abbreviations(n))]
    assert not missing, f"no claim for {missing}"


def test_claims_are_in_the_papers_order_and_ids_are_unique():
    ids = [c.id for c in CLAIMS]
    assert len(ids) == len(set(ids))
    sections = [int(c.section) for c in CLAIMS if c.section.isdigit()]
    assert sections == sorted(sections)


def test_every_logical_step_gives_its_reason():
    for c in CLAIMS:
        if c.kind == "logical":
            assert len(c.raw["reason"].strip()) > 10, c.id
