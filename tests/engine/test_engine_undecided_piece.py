"""A piece of a cut parameter left undecided (its closed form out of budget, as on a loaded
machine) does not end the search for a counter-example: the pieces after it are still searched,
and the claim is never proved over the domain."""
from pathlib import Path

from proofcheck.core.kinds import inequality
from proofcheck.core.model.claims import load_file
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim
from proofcheck.papers import registry_for

FALSE = Path(__file__).parents[1] / "soundness" / "false" / "parameter_pieces.claims.toml"


def _claim(claim_id):
    return {claim.id: claim for claim in load_file(FALSE, registry_for())}[claim_id]


def _first_piece_undecided(monkeypatch):
    real, calls = inequality._piece_over_domain, []

    def first_undecided(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)
    monkeypatch.setattr(inequality, "_piece_over_domain", first_undecided)
    return calls


def test_a_claim_false_on_a_later_piece_fails_though_the_first_piece_is_undecided(monkeypatch):
    calls = _first_piece_undecided(monkeypatch)
    verdict = check_claim(_claim("pieces-false-only-far-beyond-the-last-cut"), Settings())
    assert len(calls) >= 2 and verdict.status == "failed", verdict.details


def test_a_claim_with_an_undecided_piece_is_never_certified(monkeypatch):
    from proofcheck.core.model.claims import build_claim
    record = {"id": "t", "where": "w", "statement": "s", "kind": "inequality", "params": {"t": "real"},
              "variables": {"x": "real"}, "lhs": "integrate(Abs(x - t), x, -1/2, 3/2)", "rel": ">=",
              "rhs": "2*t - 1"}
    claim = build_claim(record, "tests/engine", registry_for())
    no_symbolic = Settings(routes=("certified", "numeric"))  # the pieces' own proof, not SymPy's
    assert check_claim(claim, no_symbolic).evidence == "certified"  # every piece proved
    calls = _first_piece_undecided(monkeypatch)
    verdict = check_claim(claim, no_symbolic)
    assert calls and verdict.passed and verdict.evidence != "certified", verdict.details
