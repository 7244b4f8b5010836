"""A result is no stronger than the steps it rests on: the weakest evidence along rests_on."""
from dataclasses import dataclass, field

from proofcheck.core.model.support import chain_of, dangling, describe, weakest_along
from proofcheck.papers import list_claims


@dataclass
class Step:
    id: str
    raw: dict = field(default_factory=dict)

    def get(self, name, default=None):
        return self.raw.get(name, default)


def _claims(**edges):
    return [Step(name, {"rests_on": list(on)}) for name, on in edges.items()]


def test_a_symbolic_result_resting_on_a_numeric_step_is_numeric_along_its_chain():
    claims = _claims(limit=["D"], D=[])
    chains = weakest_along(claims, {"limit": ("passed", "symbolic"), "D": ("passed", "numeric")})
    assert (chains["limit"].evidence, chains["limit"].via) == ("numeric", "D")
    assert describe(chains["limit"]) == "chain: numeric via D"
    assert (chains["D"].evidence, chains["D"].via) == ("numeric", None)


def test_logical_steps_are_passed_through_not_counted():
    claims = _claims(theorem=["structure"], structure=["instance"], instance=[])
    outcomes = {"theorem": ("passed", "logical"), "structure": ("passed", "logical"),
                "instance": ("passed", "certified")}
    assert weakest_along(claims, outcomes)["theorem"].evidence == "certified"


def test_a_failed_step_makes_the_chain_failed():
    claims = _claims(top=["bad"], bad=[])
    chains = weakest_along(claims, {"top": ("passed", "symbolic"), "bad": ("failed", None)})
    assert (chains["top"].evidence, chains["top"].via) == ("failed", "bad")


def test_a_step_not_checked_in_this_run_is_listed_not_guessed():
    claims = _claims(top=["elsewhere"], elsewhere=[])
    chain = weakest_along(claims, {"top": ("passed", "symbolic")})["top"]
    assert (chain.evidence, chain.unchecked) == ("symbolic", ["elsewhere"])


def test_a_cycle_in_rests_on_ends():
    graph = {"a": ["b"], "b": ["a", "c"], "c": []}
    assert chain_of("a", graph) == ["b", "c"]


def test_every_rests_on_of_every_pack_names_an_existing_claim():
    assert dangling(list_claims()) == []


def test_a_dangling_rests_on_is_found():
    assert dangling(_claims(a=["nowhere"])) == [("a", "nowhere")]
