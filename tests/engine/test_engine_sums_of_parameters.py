"""A slack in the sum of two parameters is proved in that sum (core/proofs/sums_of_parameters.py)."""
import sympy as sp

from proofcheck.core.model.domains import parse_domain
from proofcheck.core.proofs.route import certify_sign
from proofcheck.core.proofs.sums_of_parameters import one_sum


def test_a_function_of_c_plus_n_is_read_in_their_sum_with_the_bounds_they_give():
    domain = parse_domain({"n": "integer n >= 1", "c": "c > 0", "s": "0 < s < 1"})
    n, c, s = (domain.symbols[k] for k in "ncs")
    slack, reduced, words = one_sum(sp.log(1 + 1 / (c + n - 1)) * s, domain)
    y = reduced.parameters["_sum_n_c"]
    assert words == "n + c" and slack.free_symbols == {y.symbol, s}
    assert y.lower.expr == 1 and y.lower.strict and y.upper is None


def test_no_sum_is_read_where_a_bound_names_the_other_parameter():
    domain = parse_domain({"r": "0 < r < 1", "r0": "0 < r0 < r"})
    r, r0 = domain.symbols["r"], domain.symbols["r0"]
    assert one_sum(1 / (r + r0), domain) is None


def test_a_slack_that_needs_both_parameters_is_not_reduced():
    domain = parse_domain({"n": "integer n >= 1", "c": "c > 0"})
    n, c = domain.symbols["n"], domain.symbols["c"]
    assert one_sum(sp.log((c + 1) / c) - sp.log((c + n) / (c + n - 1)), domain) is None


def test_a_decreasing_function_of_c_plus_n_is_proved_over_both_far_ends():
    domain = parse_domain({"n": "integer n >= 1", "c": "c > 0"})
    n, c = domain.symbols["n"], domain.symbols["c"]
    slack = sp.log(1 + 1 / (c + n - 1)) - sp.log(1 + 1 / (c + n))
    status, words = certify_sign(slack, domain, True, lambda p: None)
    assert status == "proved" and "function of n + c alone" in words
    # A wrong version: the slack is log(1 + 1/(y^2 - 1)), about 1/y^2 far out, below 2/y^2.
    status, _ = certify_sign(slack - 2 / (c + n) ** 2, domain, True, lambda p: None)
    assert status != "proved"
