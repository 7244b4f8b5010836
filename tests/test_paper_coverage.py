"""The claims registry is a complete map of the larger-groups paper."""
import re

from proofcheck.papers import list_claims

# Read, not built: the map of the paper needs the records' fields, not their expressions.
CLAIMS = list_claims(["larger-groups"])
WHERE = [c.where for c in CLAIMS]

NAMED_RESULTS = ["Theorem 1.1", "Definition 2.1", "Proposition 2.2", "Proposition 2.3",
                 "Theorem 3.1", "Corollary 3.2", "Lemma 4.1", "Lemma 6.1", "Proposition 6.2",
                 "Lemma 6.3", "Theorem 6.4", "Corollary 6.5", "Lemma 6.6", "Corollary 6.7",
                 "Lemma 7.1"]


def _abbreviations(name):
    kind, number = name.split()
    short = {"Theorem": "Thm", "Proposition": "Prop", "Corollary": "Cor", "Definition": "Def",
             "Lemma": "Lemma"}[kind]
    return [name, f"{short} {number}", f"{short}. {number}"]


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


def test_every_printed_decimal_is_audited():
    printed = {c.raw["printed"] for c in CLAIMS if c.kind == "decimal"}
    for decimal in ["0.0746806", "9.56", "0.1062921", "2.995", "0.00781", "0.07468", "0.10629",
                    "0.31831"]:
        assert decimal in printed, decimal


def test_every_logical_step_gives_its_reason():
    for c in CLAIMS:
        if c.kind == "logical":
            assert len(c.raw["reason"].strip()) > 10, c.id
