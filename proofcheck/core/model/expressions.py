"""Expressions from data are data: a whitelisted parser from text to SymPy.

Text from a claims file or the command line is parsed with Python's ``ast``
module and translated node by node into SymPy objects.  Only the syntax below
is accepted, and only declared symbols and the names of ``FUNCTIONS`` and
``CONSTANTS``; nothing is ever passed to ``eval``, ``exec`` or ``sympify``.
So ``__import__('os').system('...')`` is refused (double underscores are refused before parsing),
and so is an attribute access, a subscript, a lambda or a comprehension.

Accepted syntax: numbers (decimals become exact rationals: ``0.1`` is 1/10),
names, ``+ - * / **``, unary minus, calls of whitelisted functions,
comparisons (inside ``Indicator`` and domains), and tuples of these.

Operators that stay unevaluated until a checker derives them:

* ``E(f, Z)``            expectation over a standard normal ``Z``,
                         written as the integral of ``f`` against the density;
* ``integrate(f, x, a, b)``, ``diff(f, x[, k])``, ``summation(f, j, a, b)``,
  ``limit(f, x, point[, "+"|"-"])``;
* ``Indicator(condition)``  1 on the condition, 0 elsewhere;
* ``pos(x)``             the positive part ``[x]_+ = max(x, 0)``.

Special functions of the standard normal law are spelled out from ``erf`` so
that SymPy can integrate and differentiate them: ``phi``, ``Phi``, ``Phi_inv``.
"""
from __future__ import annotations

import ast
from typing import Mapping

import sympy as sp

from . import sympy_repairs
from .errors import ExpressionError, shorten
from .suggest import did_you_mean

# Every claim is read here: SymPy's assumptions are repaired before the first one is.
sympy_repairs.repair()

MAX_TEXT = 4000
MAX_INTEGER = 10**30
MAX_EXPONENT = 10**4
MAX_POWER_DIGITS = 2000


def _phi(x):
    return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)


def _Phi(x):
    return (1 + sp.erf(x / sp.sqrt(2))) / 2


def _Phi_inv(p):
    return sp.sqrt(2) * sp.erfinv(2 * p - 1)


def _normal_pdf(x, mean, sd):
    return sp.exp(-(x - mean)**2 / (2 * sd**2)) / (sd * sp.sqrt(2 * sp.pi))


def _positive_part(x):
    return sp.Max(x, 0)


def _indicator(condition):
    if not isinstance(condition, (sp.core.relational.Relational, sp.logic.boolalg.Boolean)):
        raise ExpressionError("Indicator(...) needs a comparison, such as Indicator(z <= s)")
    if not condition.free_symbols:
        # A comparison of numbers, read unevaluated, is decided here: Piecewise would compare
        # it through SymPy's canonical form and fail with "Invalid comparison of non-real zoo".
        try:
            condition = condition.doit()
        except TypeError:
            raise ExpressionError(f"Indicator({condition}) compares a number that is not real") from None
        if condition not in (sp.true, sp.false):
            raise ExpressionError(f"Indicator({condition}): the comparison is not decided")
    return sp.Piecewise((sp.Integer(1), condition), (sp.Integer(0), True))


def _log(x, base=None):
    return sp.log(x) if base is None else sp.log(x, base)


def _log1p(x):
    return sp.log(1 + x)


FUNCTIONS = {
    "exp": sp.exp, "log": _log, "ln": _log, "log1p": _log1p, "sqrt": sp.sqrt,
    "Abs": sp.Abs, "abs": sp.Abs, "sign": sp.sign,
    "sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "atan": sp.atan,
    "sinh": sp.sinh, "cosh": sp.cosh, "tanh": sp.tanh,
    "erf": sp.erf, "erfc": sp.erfc, "erfinv": sp.erfinv,
    "phi": _phi, "Phi": _Phi, "Phi_inv": _Phi_inv, "normal_pdf": _normal_pdf,
    "gamma": lambda x: sp.gamma(x, evaluate=False), "airyai": sp.airyai, "airyaiprime": sp.airyaiprime,
    "Max": sp.Max, "Min": sp.Min, "max": sp.Max, "min": sp.Min,
    "floor": sp.floor, "ceiling": sp.ceiling, "ceil": sp.ceiling,
    "pos": _positive_part, "Indicator": _indicator,
}

CONSTANTS = {
    "pi": sp.pi, "π": sp.pi, "E": sp.E, "e": sp.E, "oo": sp.oo, "inf": sp.oo, "I": None,
}
del CONSTANTS["I"]  # complex numbers are not part of the language

# Operators whose first arguments include a bound variable (a declared symbol).
_OPERATOR_NAMES = {"E", "integrate", "diff", "summation", "limit"}


def _decimal_to_rational(text: str) -> sp.Rational:
    return sp.Rational(text)


class _Translator:
    def __init__(self, symbols: Mapping[str, sp.Symbol], text: str, functions=None):
        self.symbols = symbols
        self.text = text
        self.functions = functions or {}

    def fail(self, message: str):
        raise ExpressionError(f"{message} in expression {shorten(self.text)!r}")

    def visit(self, node):
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            self.fail(f"syntax '{type(node).__name__}' is not allowed")
        return method(node)

    def visit_Expression(self, node):
        return self.visit(node.body)

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(f"literal {value!r} is not a number")
        if isinstance(value, int):
            if abs(value) > MAX_INTEGER:
                self.fail("integer literal too large")
            return sp.Integer(value)
        # Take the decimal exactly as written, never through binary floating point.
        segment = ast.get_source_segment(self.text, node)
        if segment is None:
            segment = repr(value)
        mantissa, _, exponent = segment.lower().replace("_", "").partition("e")
        if exponent and not -400 <= int(exponent) <= 30:
            self.fail(f"number {segment!r} out of range")
        try:
            number = _decimal_to_rational(segment.replace("_", ""))
        except (TypeError, ValueError):
            self.fail(f"malformed number {segment!r}")
        if abs(number) > MAX_INTEGER:
            self.fail(f"number {segment!r} out of range")
        return number

    def visit_Name(self, node):
        name = node.id
        if name in self.symbols:
            return self.symbols[name]
        if name in CONSTANTS:
            return CONSTANTS[name]
        if name in FUNCTIONS or name in _OPERATOR_NAMES or name in self.functions:
            self.fail(f"function '{name}' used without arguments")
        known = list(self.symbols) + list(CONSTANTS)
        self.fail(f"unknown name '{name}'{did_you_mean(name, known)}")

    def number(self, node):
        """The value of ``node``, which arithmetic needs to be a number or an expression."""
        value = self.visit(node)
        if not isinstance(value, sp.Expr):
            self.fail(f"{not_a_number(value)} ({shorten(ast.get_source_segment(self.text, node) or '')!r}) "
                      "is not a number")
        return value

    def visit_UnaryOp(self, node):
        operand = self.number(node.operand)
        if isinstance(node.op, ast.USub):
            return -operand
        if isinstance(node.op, ast.UAdd):
            return operand
        self.fail(f"operator '{type(node.op).__name__}' is not allowed")

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.BitXor):
            self.fail("'^' is not a power: use ** for powers (t**2)")
        left, right = self.number(node.left), self.number(node.right)
        op = node.op
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mult):
            return left * right
        if isinstance(op, ast.Div):
            if right == 0:
                self.fail("division by zero")
            return left / right
        if isinstance(op, ast.Pow):
            # Guard against 9**9**9 and the like, which would hang evaluation.
            if right.is_Number and abs(right) > MAX_EXPONENT:
                self.fail("exponent too large")
            # A power of numbers is an exact number: its digits, not its exponent, are bounded
            # (((10**30)**64)**64)**64 had 10**7 digits; 10**-300 has 300).
            if left.is_Number and right.is_Number and left != 0 and \
                    abs(sp.log(abs(left), 10).evalf(15) * right) > MAX_POWER_DIGITS:
                self.fail("power of numbers too large")
            return left**right
        self.fail(f"operator '{type(op).__name__}' is not allowed")

    _RELATIONS = {ast.Lt: sp.StrictLessThan, ast.LtE: sp.LessThan,
                  ast.Gt: sp.StrictGreaterThan, ast.GtE: sp.GreaterThan}

    def visit_Compare(self, node):
        operands = [self.visit(node.left)] + [self.visit(c) for c in node.comparators]
        parts = []
        for op, a, b in zip(node.ops, operands, operands[1:]):
            relation = self._RELATIONS.get(type(op))
            if relation is None:
                self.fail(f"comparison '{type(op).__name__}' is not allowed")
            parts.append(relation(a, b, evaluate=False))
        return parts[0] if len(parts) == 1 else sp.And(*parts)

    def visit_Tuple(self, node):
        return tuple(self.visit(e) for e in node.elts)

    def _bound_variable(self, node, operator):
        if not isinstance(node, ast.Name) or node.id not in self.symbols:
            # Name the variable as the user wrote it, not as Python's parser sees it.
            written = node.id if isinstance(node, ast.Name) else ast.unparse(node)[:40]
            advice = " (declare it under variables)" if isinstance(node, ast.Name) else ""
            self.fail(f"{operator}(...) needs a declared variable, not {written!r}{advice}")
        return self.symbols[node.id]

    def visit_Call(self, node):
        if not isinstance(node.func, ast.Name):
            self.fail("only calls of whitelisted functions are allowed")
        name = node.func.id
        if node.keywords:
            self.fail(f"keyword arguments are not allowed in {name}(...)")
        if name in _OPERATOR_NAMES:
            return self._operator(name, node.args)
        if name in self.functions:
            lam = self.functions[name]
            args = [self.visit(a) for a in node.args]
            if len(args) != len(lam.variables):
                self.fail(f"{name} takes {len(lam.variables)} argument(s)")
            return lam(*args)
        function = FUNCTIONS.get(name)
        if function is None:
            known = list(FUNCTIONS) + list(self.functions) + list(_OPERATOR_NAMES)
            self.fail(f"unknown function '{name}'{did_you_mean(name, known)}")
        args = [self.visit(a) for a in node.args]
        try:
            return function(*args)
        except ExpressionError:
            raise
        except (TypeError, ValueError, AttributeError) as error:
            self.fail(f"bad arguments to {name}: {error}")

    def _operator(self, name, args):
        build = getattr(self, _OPERATOR_BUILDERS.get(name, ""), None)
        if build is None:
            self.fail(f"unknown operator '{name}'")  # pragma: no cover
        return build(name, args)

    def _expectation(self, name, args):
        if len(args) != 2:
            self.fail("E(f, Z) takes an expression and a variable")
        variable = self._bound_variable(args[1], name)
        body = self.number(args[0])
        return sp.Integral(body * _phi(variable), (variable, -sp.oo, sp.oo))

    def _integral(self, name, args):
        if len(args) != 4:
            self.fail("integrate(f, x, a, b) takes four arguments")
        variable = self._bound_variable(args[1], name)
        return sp.Integral(self.number(args[0]), (variable, self.number(args[2]), self.number(args[3])))

    def _summation(self, name, args):
        if len(args) != 4:
            self.fail("summation(f, j, a, b) takes four arguments")
        variable = self._bound_variable(args[1], name)
        return sp.Sum(self.number(args[0]), (variable, self.number(args[2]), self.number(args[3])))

    def _derivative(self, name, args):
        if len(args) not in (2, 3):
            self.fail("diff(f, x[, k]) takes two or three arguments")
        variable = self._bound_variable(args[1], name)
        order = 1
        if len(args) == 3:
            order = self.number(args[2])
            if not (order.is_Integer and 1 <= order <= 10):
                self.fail("diff order must be an integer from 1 to 10")
        return sp.Derivative(self.number(args[0]), (variable, int(order)))

    def _limit(self, name, args):
        if len(args) not in (3, 4):
            self.fail("limit(f, x, point[, '+'|'-']) takes three or four arguments")
        variable = self._bound_variable(args[1], name)
        direction = "+-"
        if len(args) == 4:
            d = args[3]
            if not (isinstance(d, ast.Constant) and d.value in ("+", "-")):
                self.fail("limit direction must be '+' or '-'")
            direction = d.value
        point = self.number(args[2])
        if point in (sp.oo, -sp.oo):
            direction = "-" if point == sp.oo else "+"
        return sp.Limit(self.number(args[0]), variable, point, direction)


# Each operator's name in a claim, and the method of the reader that builds it.
_OPERATOR_BUILDERS = {"E": "_expectation", "integrate": "_integral", "summation": "_summation",
                      "diff": "_derivative", "limit": "_limit"}

def not_a_number(value) -> str:
    """What a parsed value that is no number is, in words: a tuple, or a condition."""
    return "a tuple" if isinstance(value, tuple) else "a condition"


def parse_expression(text, symbols: Mapping[str, sp.Symbol], functions=None):
    """Translate ``text`` into a SymPy expression using only whitelisted syntax.

    ``symbols`` maps the names a claim declares (parameters and bound
    variables) to SymPy symbols.  Raises ``ExpressionError`` on anything else.
    """
    if isinstance(text, bool):
        raise ExpressionError(f"expected an expression, got {text!r}")
    if isinstance(text, (int,)):
        return sp.Integer(text)
    if isinstance(text, float):
        raise ExpressionError(f"write the number {text!r} as a string so it is read exactly")
    if not isinstance(text, str):
        raise ExpressionError(f"expected an expression string, got {type(text).__name__}")
    if not text.strip():
        raise ExpressionError("empty expression")
    if len(text) > MAX_TEXT:
        raise ExpressionError(f"expression longer than {MAX_TEXT} characters")
    if "__" in text:
        raise ExpressionError(f"double underscores are not allowed in expression {shorten(text)!r}")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise ExpressionError(f"syntax error in expression {shorten(text)!r}: {error.msg}") from None
    except (ValueError, RecursionError, MemoryError):
        raise ExpressionError(f"cannot parse expression {shorten(text)!r}") from None
    try:
        return real_only(_Translator(symbols, text.strip(), functions).visit(tree), text)
    except RecursionError:
        raise ExpressionError(f"expression {shorten(text)!r} is nested too deeply") from None


def real_only(expression, text: str):
    """``expression``, refused if it holds the imaginary unit: claims are about real numbers.

    The name ``I`` is not in the language, but ``sqrt(-1)`` and ``(-1)**(1/4)`` twice are read as
    it.  Arb's balls are real and cannot look at it, and SymPy's simplification pulled -1 out of
    (e^x - 1)^(1/4) on the way to a wrong 0: "(e^x - 1)^(1/4) (e^(2x) - 1)^(1/4) = sqrt(-1)
    (1 - e^x)^(1/4) (1 - e^(2x))^(1/4)", which is minus it, passed as symbolic.
    """
    parts = expression if isinstance(expression, tuple) else (expression,)
    if any(isinstance(p, sp.Basic) and p.has(sp.I) for p in parts):
        raise ExpressionError(f"expression {shorten(text)!r} holds the imaginary unit (sqrt(-1)): "
                              "claims are about real numbers")
    return expression


def make_symbol(name: str, assumptions: Mapping[str, bool] | None = None) -> sp.Symbol:
    if not name.isidentifier() or name.startswith("_") or name in FUNCTIONS or name in CONSTANTS \
            or name in _OPERATOR_NAMES:
        raise ExpressionError(f"'{name}' cannot be used as a symbol name")
    return sp.Symbol(name, **(assumptions or {}))


# SymPy's operators: what a side may hold that is a definition rather than a closed form.
OPERATORS = (sp.Integral, sp.Sum, sp.Limit, sp.Derivative)


def has_operator(expression) -> bool:
    """Whether ``expression`` holds an operator (an integral, a sum, a limit, a derivative)."""
    return sp.sympify(expression).has(*OPERATORS)
