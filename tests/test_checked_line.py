"""Statement = check: each claim's statement says the domain and case its check covers.

Issue 46, section 5: a claim checked on a box narrower than the paper's domain, or
at instances only, must say so in its statement, so that a reader of the statement
alone does not take a sampled case for the paper's general one.
"""
import re

import pytest

from proofcheck.core.model.narrowing import checked_line, is_narrowed, narrowed
from proofcheck.papers import list_claims, load_claims
from proofcheck.report.paper_map import row_from_claim

CLAIMS = list_claims()
# Words by which a statement says that its check covers less than the paper's case.
SAYS_NARROWED = ("sampled", "instance", "checked at", "checked on")
_NUMBER = re.compile(r"\d+(?:/\d+)?(?:\.\d+)?")

SMALL = '''
[[claim]]
id = "proved"
where = "here"
statement = "r n / n = r for 0 < r < 1 and n >= 1"
kind = "identity"
evidence = "symbolic"
params = { r = "0 < r < 1", n = "integer n >= 1" }
lhs = "r*n/n"
asserts = "r"

[[claim]]
id = "boxed"
where = "here"
statement = "the integral of exp(-x^2) over [0, c] is below 1, sampled on 0 < c <= 100"
kind = "inequality"
evidence = "numeric"
params = { c = "c > 0" }
variables = { x = "real" }
sampling = { c = "0 < c <= 100" }
lhs = "integrate(exp(-x**2), x, 0, c)"
rel = "<"
rhs = "1"

[[claim]]
id = "constant"
where = "here"
statement = "1 < 2"
kind = "inequality"
evidence = "certified"
lhs = "1"
rel = "<"
rhs = "2"
'''


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("checked") / "small.toml"
    path.write_text(SMALL)
    return {c.id: c for c in load_claims(path=path)}


def test_a_proof_covers_every_point_of_the_stated_domain(small):
    assert checked_line(small["proved"]) == "checked: for all 0 < r < 1, integer n >= 1"


def test_a_narrowed_sample_names_its_box_and_the_stated_domain(small):
    assert checked_line(small["boxed"]) == "checked: sampled 0 < c <= 100 of c > 0"
    assert is_narrowed(small["boxed"]) and not is_narrowed(small["proved"])


def test_a_claim_without_parameters_is_checked_at_its_values(small):
    assert checked_line(small["constant"]) == "checked: at the stated values (no free parameter)"


def test_a_proof_over_the_domain_is_not_reported_as_narrowed_by_its_sampling(small):
    """Symbolic evidence holds on the whole domain, whatever box a numeric route would sample."""
    boxed = small["boxed"]
    assert checked_line(boxed, "symbolic") == "checked: for all c > 0"


def test_instances_are_counted():
    chain = next(c for c in CLAIMS if c.id == "thm-6.4-chain-uniform")
    assert checked_line(chain) == f"checked: at {len(chain.get('instances'))} instances"


def test_a_step_by_argument_says_that_nothing_was_computed():
    logical = next(c for c in CLAIMS if c.get("evidence") == "logical")
    assert checked_line(logical).startswith("checked: not computed (by argument")


def test_the_reports_row_carries_the_checked_line(small):
    row = row_from_claim(small["boxed"])
    assert row.checked == "checked: sampled 0 < c <= 100 of c > 0"
    assert row.as_dict()["checked"] == row.checked


def _says_narrowed(claim) -> bool:
    """The statement says "sampled", "instances" or "checked at", or names every bound of the
    sampled box that the stated domain does not have (the 48 of "1 <= S <= 48")."""
    if any(word in claim.statement.lower() for word in SAYS_NARROWED):
        return True
    stated = set(_NUMBER.findall(claim.statement))
    new = {n for _, box, domain in narrowed(claim) for n in _NUMBER.findall(box)
           if n not in _NUMBER.findall(domain)}
    return bool(new) and new <= stated


def test_every_narrowed_check_is_said_in_its_statement():
    """Issue 46, section 5: "every statement says what its check covers"."""
    silent = [f"{c.paper}:{c.id} ({checked_line(c)})" for c in CLAIMS if is_narrowed(c) and not _says_narrowed(c)]
    assert not silent, "statements that do not say their check is narrowed:\n" + "\n".join(silent)


def test_every_claim_has_a_checked_line():
    assert all(checked_line(c).startswith("checked: ") for c in CLAIMS)


def test_the_markdown_map_shows_the_checked_line_beside_the_statement(small):
    from proofcheck.report.markdown import map_table, plain
    lines = map_table([row_from_claim(small["boxed"])], "derivations")
    assert f"({plain('checked: sampled 0 < c <= 100 of c > 0', True)})" in lines[-1]
