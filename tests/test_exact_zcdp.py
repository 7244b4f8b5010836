"""The exact-zcdp pack (arXiv 2510.25746): its claims pass from definitions, its checkers
reject wrong versions, and ``proofcheck zcdp`` reports the tight parameters.

The whole pack with every negative control runs under ``-m slow``; the default run checks
one or two claims of each kind and mechanism.
"""
import json
from fractions import Fraction

import pytest
from conftest import PackagedClaims, claims_from_text

from proofcheck.cli import main
from proofcheck.core.model.errors import ProofcheckError
from proofcheck.core.model.verdict import Settings
from proofcheck.core.run.check import check_claim, run_mutants
from proofcheck.core.run.runner import run
from proofcheck.dp.divergences.tight_zcdp import AlphaGrid
from proofcheck.papers import load_claims, packs

SETTINGS = Settings()


@pytest.fixture(scope="module")
def claims():
    return PackagedClaims("exact-zcdp")



def test_pack_is_installed_second_and_selected_by_name(claims):
    pack = packs()["exact-zcdp"]
    assert pack.order == 2 and pack.source == "arXiv 2510.25746"
    assert len(claims) >= 45
    assert all(c.paper == "exact-zcdp" for c in claims.values())


def test_claims_follow_the_order_of_the_source(claims):
    sections = [c.section for c in sorted(claims.values(), key=lambda c: c.order)]
    assert sections == sorted(sections)
    assert sorted(set(sections)) == ["1", "2", "3", "4", "5", "6"]


# Each claim's evidence is in its record, and its pytest item holds it to that record.


def test_laplace_supremum_is_numeric_and_names_its_grid_and_precision(claims):
    verdict = check_claim(claims["laplace-tight-zcdp"], SETTINGS)
    assert verdict.status == "passed" and verdict.evidence == "numeric"
    assert "177 orders" in verdict.details and "alpha = 100000" in verdict.details
    assert "Arb balls (128 to 2048 bits)" in verdict.details
    assert "lim alpha->1+ D_alpha/alpha = rho (symbolic)" in verdict.details


def test_seven_categories_exceed_the_kl_at_an_exhibited_order_proved_over_every_order(claims):
    verdict = check_claim(claims["krr7-excess-eps-0.01"], SETTINGS)
    assert verdict.status == "passed" and verdict.evidence == "certified"
    assert "Renyi divergence of two laws on finitely many points" in verdict.details
    assert "alpha = 184.98" in verdict.details and "1.7615" in verdict.details


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", ["krr-tight-zcdp", "krr7-excess-eps-0.01", "krr-renyi", "br-kl-limit",
                                      "krr7-exceeds-kl"])
def test_every_negative_control_is_rejected(claims, claim_id):
    report = run_mutants(claims[claim_id], SETTINGS)
    assert report.made >= 3
    assert report.accepted == []


SEVEN = """
[[claim]]
id = "seven"
where = "test"
statement = "for k = 7 the KL would be the tight zCDP parameter"
kind = "zcdp-supremum"
define = { eps = "1/100", k = "7" }
variables = { alpha = "positive" }
order = "alpha"
divergence = "log((exp(alpha*eps) + exp((1 - alpha)*eps) + k - 2)/(exp(eps) + k - 1))/(alpha - 1)"
asserts = "eps*(exp(eps) - 1)/(exp(eps) + k - 1)"
"""


def test_supremum_check_rejects_the_kl_for_seven_categories(tmp_path):
    claim, = claims_from_text(tmp_path, SEVEN)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed"
    assert "exceeds" in verdict.details
    assert float(verdict.counterexample["excess"]) > 0


def test_supremum_check_rejects_a_rho_above_the_alpha_one_limit(tmp_path):
    text = SEVEN.replace('k = "7"', 'k = "3"').replace('asserts = "eps*', 'asserts = "(1 + 1/10**6)*eps*')
    claim, = claims_from_text(tmp_path, text)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed" and "alpha -> 1 limit" in verdict.details


LAPLACE = """
[[claim]]
id = "laplace"
where = "test"
statement = "Mironov's closed form"
kind = "renyi"
params = { eps = "1/10 <= eps <= 10", alpha = "1 < alpha <= 100" }
variables = { x = "real" }
order = "alpha"
moment = "integrate(exp(alpha*(log(eps/2) - eps*Abs(x)) + (1 - alpha)*(log(eps/2) - eps*Abs(x - 1))), x, -oo, oo)"
asserts = "log(alpha/(2*alpha - 1)*exp((alpha - 1)*eps) + (alpha - 1)/(2*alpha - 1)*exp(-alpha*eps))/(alpha - 1)"
"""


@pytest.mark.slow
def test_renyi_check_derives_mironov_and_rejects_a_changed_constant(tmp_path):
    claim, = claims_from_text(tmp_path, LAPLACE)
    assert check_claim(claim, SETTINGS).evidence == "symbolic"
    wrong, = claims_from_text(tmp_path, LAPLACE.replace("(2*alpha - 1)*exp(-alpha", "(2*alpha + 1)*exp(-alpha"))
    assert check_claim(wrong, Settings(mutant_mode=True)).status == "failed"


EXCESS = """
[[claim]]
id = "excess"
where = "test"
statement = "excess"
kind = "zcdp-excess"
define = { eps = "1/100", k = "K" }
variables = { alpha = "positive" }
order = "alpha"
divergence = "log((exp(alpha*eps) + exp((1 - alpha)*eps) + k - 2)/(exp(eps) + k - 1))/(alpha - 1)"
excess_percent = "PERCENT"
"""


@pytest.mark.parametrize("k, percent, status", [("7", "1.8", "passed"), ("7", "1.7", "failed"),
                                                ("7", "1.76", "passed"), ("7", "1.75", "failed"),
                                                ("6", "0.0", "failed")])
def test_excess_check_audits_the_printed_percent(tmp_path, k, percent, status):
    claim, = claims_from_text(tmp_path, EXCESS.replace("K", k).replace("PERCENT", percent))
    assert check_claim(claim, SETTINGS).status == status


@pytest.mark.parametrize("change, message", [
    (('order = "alpha"', 'order = "eps"'), "order"),
    (('asserts = "eps*', 'grid = { per_decade = 0 }\nasserts = "eps*'), "per_decade"),
    (('asserts = "eps*', 'grid = { nearest = "2" }\nasserts = "eps*'), "nearest"),
])
def test_malformed_supremum_claims_are_refused_when_loaded(tmp_path, change, message):
    text = SEVEN.replace('define = { eps = "1/100", k = "7" }', 'params = { eps = "eps > 0" }\ndefine = { k = "7" }')
    with pytest.raises(ProofcheckError, match=message):
        claims_from_text(tmp_path, text.replace(*change))


def test_zcdp_command_prints_rho_and_the_bounds_it_improves_on(capsys):
    assert main(["zcdp", "laplace", "--eps", "1"]) == 0
    out = capsys.readouterr().out
    assert "tight zCDP  rho = 0.367879441171442" in out
    assert "eps*tanh(eps/2) = 0.46211715726001" in out and "eps^2/2" in out
    assert "100000" in out


def test_zcdp_command_reports_the_interior_peak_for_seven_categories(capsys):
    assert main(["zcdp", "rr", "--eps", "0.01", "--k", "7"]) == 0
    assert "numeric peak of D_alpha/alpha at alpha = 184.98" in capsys.readouterr().out


def test_zcdp_command_json_is_machine_readable(capsys):
    assert main(["zcdp", "discrete-laplace", "--eps", "2", "--delta-sens", "5", "--json", "--alpha", "3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["parameters"] == {"eps": "2", "delta-sens": 5}
    assert record["rho"].startswith("1.157969742400")
    assert record["tight_by_theorem"] is True and record["orders"][0]["alpha"] == "3"


@pytest.mark.parametrize("argv, parameter", [
    (["laplace", "--eps", "0"], "eps"),
    (["laplace", "--eps", "-2"], "eps"),
    (["laplace", "--eps", "nan"], "eps"),
    (["laplace", "--eps", "inf"], "eps"),
    (["rr", "--eps", "1", "--k", "1"], "k"),
    (["discrete-laplace", "--eps", "1", "--delta-sens", "0"], "delta-sens"),
    (["laplace", "--eps", "1", "--alpha", "1"], "alpha"),
    (["bounded-range", "--eps", "-1"], "eta"),
])
def test_zcdp_command_refuses_bad_input_naming_the_parameter(capsys, argv, parameter):
    assert main(["zcdp"] + argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"parameter {parameter}" in err and "Traceback" not in err


@pytest.mark.slow
def test_whole_pack_passes_and_rejects_every_negative_control():
    results = run(load_claims(["exact-zcdp"]), Settings(), jobs=1, mutants=True)
    assert [r.claim.id for r in results if not r.verdict.passed] == []
    assert [(r.claim.id, r.mutants.accepted) for r in results if r.mutants.accepted] == []


# A divergence above rho only in a window of orders 10^-3 wide at alpha = 30.5, between the grid
# orders 28.38 and 32.62, and nowhere else: not as alpha -> 1 (the window's term is exactly 0
# there), not at large orders (where the checks at multiples of alpha_max look).
WINDOW = """
[[claim]]
id = "window"
where = "test"
statement = "the Laplace pair with a narrow window of orders added: its KL would be rho (false)"
kind = "zcdp-supremum"
define = { eps = "1/100" }
variables = { alpha = "positive" }
order = "alpha"
divergence = "log(alpha/(2*alpha - 1)*exp((alpha - 1)*eps) + (alpha - 1)/(2*alpha - 1)*exp(-alpha*eps))/(alpha - 1) + alpha*Max(0, 1 - 10**6*(alpha - 61/2)**2)/1000"
asserts = "eps + exp(-eps) - 1"
"""


def test_supremum_check_finds_a_window_of_orders_between_the_grid_orders(tmp_path):
    claim, = claims_from_text(tmp_path, WINDOW)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status == "failed", verdict.details
    assert "between the grid's orders" in verdict.details
    assert abs(Fraction(verdict.counterexample["point"]["alpha"]) - Fraction(61, 2)) < Fraction(1, 1000)


def test_the_supremum_grid_reaches_alpha_max_without_a_gap():
    # Each order's alpha - 1 within a factor 10^(1/per_decade) (rounded to six digits) of the
    # last, from the nearest offset to alpha_max: a grid cut short leaves a gap.
    grid = AlphaGrid()
    orders = grid.orders()
    assert orders[0] - 1 <= grid.nearest * Fraction(10) ** Fraction(1, 16) * Fraction(1000001, 1000000)
    assert orders[-1] == grid.alpha_max
    step = 10 ** (1 / grid.per_decade) * (1 + 1e-5)
    assert all(float(b - 1) <= step * float(a - 1) for a, b in zip(orders, orders[1:]))
