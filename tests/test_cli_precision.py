"""--dps is honoured everywhere: one range for every command, JSON with the digits that are correct,
text a readable rounding, and a bound equal to rho reads "equal (tight)"."""
import json

import pytest
from conftest import run_cli


@pytest.mark.parametrize("command", [["verify"], ["report"], ["zcdp", "laplace"]])
def test_every_computing_command_states_the_same_dps_range_in_its_help(command):
    text = " ".join(run_cli(*command, "--help").stdout.split())
    assert "working digits, 15 to 100000" in text


@pytest.mark.parametrize("argv", [["mechanism", "--r", "0.1"], ["gap", "--r", "0.1"]])
def test_the_mechanisms_tables_state_their_cap_and_refuse_past_it(argv):
    # Nearly the square of the digits: 15 s at 10000, a quarter of an hour at 100000.
    assert "working digits, 15 to 10000 " in " ".join(run_cli(argv[0], "--help").stdout.split())
    result = run_cli(*argv, "--dps", "10001")
    assert result.returncode == 2 and "--dps must be between 15 and 10000, got 10001" in result.stderr


def test_a_quadrature_over_noise_laws_states_its_cap_and_refuses_past_it():
    assert "working digits, 15 to 2000" in " ".join(run_cli("explore", "noise-laws", "--help").stdout.split())
    result = run_cli("explore", "noise-laws", "--dps", "2001")
    assert result.returncode == 2 and "--dps must be between 15 and 2000, got 2001" in result.stderr


@pytest.mark.parametrize("argv", [["zcdp", "laplace", "--eps", "1"], ["verify", "--list"]])
def test_every_computing_command_refuses_the_same_out_of_range_dps(argv):
    result = run_cli(*argv, "--dps", "100001")
    assert result.returncode == 2 and "between 15 and 100000" in result.stderr and "Traceback" not in result.stderr


def test_zcdp_json_carries_the_digits_computed_at_dps():
    result = run_cli("zcdp", "laplace", "--eps", "1", "--dps", "60", "--json")
    record = json.loads(result.stdout)
    # rho = eps + exp(-eps) - 1 for Laplace at eps = 1: 1/e, to 36 digits (3/5 of 60)
    assert record["rho"] == "0.367879441171442321595523770161460867"


def test_mechanism_json_carries_more_digits_at_higher_dps():
    low = json.loads(run_cli("mechanism", "--r", "0.1", "--n", "10", "--json").stdout)
    high = json.loads(run_cli("mechanism", "--r", "0.1", "--n", "10", "--json", "--dps", "80").stdout)
    assert len(high["sigma"]) > len(low["sigma"]) >= 18
    assert high["sigma"].startswith(low["sigma"][:-2])


def test_a_bound_equal_to_rho_reads_equal_tight_not_a_rounding_difference():
    result = run_cli("zcdp", "discrete-laplace", "--eps", "1")
    line = next(line for line in result.stdout.splitlines() if "eps*tanh(eps/2)" in line)
    assert "equal (tight)" in line and "e-32" not in line
    record = json.loads(run_cli("zcdp", "discrete-laplace", "--eps", "1", "--json").stdout)
    assert record["bounds"][0]["equal"] is True and record["bounds"][0]["excess_over_rho"] == "0"
