"""expressions: the whitelist parser accepts the claim language and nothing else."""
import pytest
import sympy as sp

from proofcheck.core.model.errors import ExpressionError
from proofcheck.core.model.expressions import make_symbol, parse_expression

X = sp.Symbol("x", real=True)
S = sp.Symbol("s", positive=True)
SYMBOLS = {"x": X, "s": S}


def parse(text):
    return parse_expression(text, SYMBOLS)


@pytest.mark.parametrize("text", [
    # code execution and introspection
    "__import__('os').system('echo hacked')",
    "__builtins__",
    "().__class__.__bases__[0].__subclasses__()",
    "x.__class__",
    "eval('1')", "exec('import os')", "open('/etc/passwd')", "getattr(x, 'func')", "compile('1', '', 'eval')",
    "sympify('x')", "globals()", "locals()", "vars()", "breakpoint()", "input()", "print(x)",
    # syntax outside the language
    "x.real", "exp(x).func", "x[0]", "lambda: 1", "lambda x: x", "[x for x in (1, 2)]",
    "{x}", "{1: 2}", "[1, 2]",
    "(y := 1)", "x if s else 1", "x and s", "x or s", "not x", "x == 1", "x != 1", "x is s", "x in (1,)",
    "x @ s", "x // 2", "x % 2", "x ^ 2", "x << 1", "x & s", "~x", "...",
    "import os", "x; s", "x = 1", "exp(*[x])", "exp(**{})", "exp(x=1)", "f'{x}'",
    # literals that are not numbers
    "'abc'", "b'abc'", "True", "None", "1j", "I",
    # unknown names and misuse of operators
    "y", "foo(x)", "exp", "E(x, 1)", "integrate(x, x, 0)", "diff(x, x, 11)", "diff(x, x, 1/2)",
    "limit(x, x, 0, '*')", "summation(x, 2, 1, 3)", "Indicator(1)",
    # resource exhaustion
    "9**9**9", "2**10000", "((10**30)**64)**64", "((((10**30)**64)**64)**64)**64", "10**10**10", "x**100000",
    "1e500", "1e-500", str(10**31), "x" + "+x" * 2500, "(" * 500 + "x" + ")" * 500,
    # a tuple or a condition where a number is needed
    "(1, 2) + 1", "2**(1, 2)", "(1 < 2) + 1", "diff(x, x, (1, 2))", "integrate((1, 2), x, 0, 1)",
    # degenerate input
    "", "   ", "1/0", "x +",
])
def test_refused(text):
    with pytest.raises(ExpressionError):
        parse(text)


@pytest.mark.parametrize("value", [True, False, None, 1.5, [1], {"x": 1}, b"x"])
def test_refused_non_text(value):
    with pytest.raises(ExpressionError):
        parse_expression(value, SYMBOLS)


def test_refusal_does_not_run_code(tmp_path):
    marker = tmp_path / "marker"
    for text in [f"__import__('os').system('touch {marker}')", f"open('{marker}', 'w')",
                 f"exec(\"open('{marker}', 'w')\")"]:
        with pytest.raises(ExpressionError):
            parse(text)
    assert not marker.exists()


@pytest.mark.parametrize("text, expected", [
    ("0.1", sp.Rational(1, 10)),
    ("1e-3", sp.Rational(1, 1000)),
    ("2.5e2", sp.Integer(250)),
    ("0.30000000000000004", sp.Rational(30000000000000004, 10**17)),
    ("7", sp.Integer(7)),
    ("-3/4", sp.Rational(-3, 4)),
    ("2**-3", sp.Rational(1, 8)),
    ("pi + E + e", sp.pi + 2 * sp.E),
])
def test_numbers_are_exact(text, expected):
    assert parse(text) == expected


def test_whitelisted_functions_and_operators():
    assert parse("exp(s*x) + log(s) + sqrt(s)") == sp.exp(S * X) + sp.log(S) + sp.sqrt(S)
    assert parse("Phi(x)") == (1 + sp.erf(X / sp.sqrt(2))) / 2
    assert parse("pos(x)") == sp.Max(X, 0)
    assert parse("abs(x)") == sp.Abs(X)
    assert parse("log1p(s)") == sp.log(1 + S)
    assert parse("Indicator(x <= s)") == sp.Piecewise((1, X <= S), (0, True))
    assert parse("0 < x <= 1") == sp.And(sp.StrictLessThan(0, X), sp.LessThan(X, 1))
    expectation = parse("E(x**2, x)")
    assert isinstance(expectation, sp.Integral) and expectation.doit() == 1
    assert isinstance(parse("integrate(x, x, 0, s)"), sp.Integral)
    assert isinstance(parse("diff(exp(s*x), x, 2)"), sp.Derivative)
    assert isinstance(parse("summation(1/x**2, x, 1, oo)"), sp.Sum)
    assert isinstance(parse("limit(sin(x)/x, x, 0)"), sp.Limit)


def test_user_functions():
    d = sp.Dummy("t", real=True)
    functions = {"sq": sp.Lambda((d,), d ** 2)}
    assert parse_expression("sq(s + 1)", SYMBOLS, functions) == (S + 1) ** 2
    with pytest.raises(ExpressionError):
        parse_expression("sq(s, 1)", SYMBOLS, functions)


@pytest.mark.parametrize("name", ["exp", "E", "pi", "oo", "integrate", "_x", "__class__", "1x", "a-b", ""])
def test_reserved_symbol_names(name):
    with pytest.raises(ExpressionError):
        make_symbol(name)


# -- definitions are substituted as xreplace would, except an absolute value of an operator --

Y = sp.Symbol("y", real=True)
A, B = sp.Symbol("a", real=True), sp.Symbol("b", real=True)


@pytest.mark.parametrize("expression, definitions", [
    (sp.Abs(A) + B, {A: X ** 2 - 1, B: sp.exp(X)}),
    (sp.Abs(A), {A: -S}),                                    # |-s| = s: still simplified
    (sp.Max(A, 0) * sp.log(B), {A: X - 1, B: 1 + S}),
    (sp.Integral(A * Y, (Y, 0, 1)) + B, {A: S, B: A + 1}),   # a definition using another
])
def test_definitions_are_substituted_exactly_as_by_xreplace(expression, definitions):
    from proofcheck.core.model.claims import substitute_definitions
    expected = expression
    for _ in range(len(definitions) + 1):
        expected = expected.xreplace(definitions)
    assert substitute_definitions(expression, definitions) == expected


def test_an_absolute_value_of_an_unevaluated_operator_is_kept_as_written():
    from proofcheck.core.model.claims import substitute_definitions
    integral = sp.Integral(sp.exp(-S * Y) - sp.Rational(1, 2), (Y, 0, 1))
    result = substitute_definitions(sp.Abs(A) - B, {A: 1 - integral, B: S})
    # SymPy's own Abs would have rewritten |1 - I| as |I - 1|: the same value, not the same text
    assert result == sp.Abs(1 - integral, evaluate=False) - S
    # at s = 1 the integral is 1/2 - e^-1, and |1 - (1/2 - e^-1)| - 1 = e^-1 - 1/2
    assert abs(float(result.subs(S, 1).doit()) - (float(sp.exp(-1)) - 0.5)) < 1e-12
