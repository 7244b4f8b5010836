"""Expressions from data are data: the whitelist parser refuses anything else."""
import os

import pytest
import sympy as sp

from proofcheck.core.model.errors import ExpressionError
from proofcheck.core.model.expressions import parse_expression

x = sp.Symbol("x", real=True)
SYMBOLS = {"x": x}

ATTACKS = [
    "__import__('os').system('touch /tmp/proofcheck-pwned')",
    "exp.__globals__",
    "(lambda: 1)()",
    "[i for i in range(3)]",
    "open('/etc/passwd')",
    "eval('1')",
    "x.__class__",
    "exp(x)[0]",
    "x if x else 1",
    "{'a': 1}",
    "f'{x}'",
    "exp(x, base=2)",
    "9**9**9",
    "x; 1",
    "import os",
]


@pytest.mark.parametrize("text", ATTACKS)
def test_code_in_an_expression_is_refused_not_run(text):
    marker = "/tmp/proofcheck-pwned"
    if os.path.exists(marker):
        os.remove(marker)
    with pytest.raises(ExpressionError):
        parse_expression(text, SYMBOLS)
    assert not os.path.exists(marker)


def test_unknown_names_are_refused_by_name():
    with pytest.raises(ExpressionError, match="unknown name 'y'"):
        parse_expression("x + y", SYMBOLS)
    with pytest.raises(ExpressionError, match="unknown function 'system'"):
        parse_expression("system(x)", SYMBOLS)


def test_decimals_are_read_exactly_not_through_binary_floats():
    assert parse_expression("0.1", {}) == sp.Rational(1, 10)
    assert parse_expression("0.1 + 0.2", {}) == sp.Rational(3, 10)


def test_normal_law_functions_are_spelled_out_for_sympy():
    phi = parse_expression("Phi(x)", SYMBOLS)
    assert sp.simplify(sp.diff(phi, x) - sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)) == 0
    assert sp.simplify(parse_expression("Phi(Phi_inv(1/3))", {}) - sp.Rational(1, 3)) == 0


def test_expectation_is_the_integral_against_the_normal_density():
    expectation = parse_expression("E(x**2, x)", SYMBOLS)
    assert isinstance(expectation, sp.Integral)
    assert sp.simplify(expectation.doit()) == 1


def test_indicator_and_positive_part():
    assert parse_expression("Indicator(x <= 1)", SYMBOLS).subs(x, 0) == 1
    assert parse_expression("Indicator(x <= 1)", SYMBOLS).subs(x, 2) == 0
    assert parse_expression("pos(x)", SYMBOLS).subs(x, -3) == 0


def test_an_indicator_of_a_comparison_of_numbers_is_decided_as_it_is_read():
    # SymPy's Piecewise compared "1 < 2" through its canonical form: "Invalid comparison of non-real zoo".
    assert parse_expression("Indicator(1 < 2)", SYMBOLS) == 1
    assert parse_expression("Indicator(pi < 3)", SYMBOLS) == 0


def test_large_arguments_do_not_hang_evaluation():
    expression = parse_expression("gamma(10**20)", {})
    assert expression.has(sp.gamma)


@pytest.mark.parametrize("text", ["", "   ", "1 +", "x ** ", "1e400000"])
def test_malformed_text_is_a_clear_error(text):
    with pytest.raises(ExpressionError):
        parse_expression(text, SYMBOLS)


@pytest.mark.parametrize("text", ["sqrt(-1)", "2*(-1)**(1/4)*(-1)**(1/4)", "(-4)**(1/2) + x", "log(-1)"])
def test_the_imaginary_unit_is_refused_however_it_is_spelled(text):
    # Claims are about real numbers: Arb's balls cannot look at i, and SymPy's simplification
    # reduced (e^x - 1)^(1/4) (e^(2x) - 1)^(1/4) - sqrt(-1) (1 - e^x)^(1/4) (1 - e^(2x))^(1/4),
    # which is twice the first term, to 0.
    with pytest.raises(ExpressionError, match="imaginary unit"):
        parse_expression(text, {"x": sp.Symbol("x", real=True)})


def test_a_definition_that_makes_the_imaginary_unit_is_refused_where_it_is_used():
    from conftest import unit_claim

    from proofcheck.core.model.errors import ClaimFileError
    with pytest.raises(ClaimFileError, match="imaginary unit"):
        unit_claim(kind="identity", define={"w": "(-1)**(1/4)"}, lhs="w*w", asserts="0")


def test_a_negative_base_under_a_fractional_power_is_still_read():
    # (1 - e^x)^(1/4) is real for x < 0; where it is not, a check says so at a point.
    assert parse_expression("(1 - exp(x))**(1/4)", {"x": sp.Symbol("x", real=True)}).has(sp.exp)
