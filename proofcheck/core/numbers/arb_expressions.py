"""A SymPy expression compiled once into a function on Arb balls.

The one translation from the expression language to ball arithmetic
(python-flint's Arb).  Every rule is a ball operation, so the result contains
the exact value at the exact input balls.  The tree becomes the source of one
Python function, a line per distinct node (``_build``), so that a call costs
one Python frame instead of one per node:

* certified enclosures (``intervals.enclose``) compare the balls themselves;
* quadrature (``numeric``) calls an integrand thousands of times per integral
  at 50 to 100 digits, where each mpmath call costs tens of microseconds of
  Python arithmetic and a compiled Arb call a few; it takes the ball's
  midpoint, and evaluates with mpmath wherever a ball is not finite.

Only the whitelisted tree is accepted: sums, products, powers, ``Abs``,
``Max``/``Min``, ``floor``/``ceiling``, a ``Piecewise`` of such branches and
comparisons, and the functions below.  Anything else (``sign``, a float, an
operator) is refused with ``NotEnclosable``.  A step (an integer part, a
condition) is taken only where the ball decides it: across its jump it is
``NotEnclosable`` at that precision, never the side that a midpoint, or mpmath's
rounding of a difference that cancelled, happens to fall on.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from flint import acb, arb, fmpq
from mpmath.libmp import from_man_exp


class NotEnclosable(ArithmeticError):
    """The expression uses something Arb cannot enclose here (e.g. an integral)."""


class Undecided(NotEnclosable):
    """A step, a condition or a branch that the balls do not decide at this precision.

    A branch and bound raises it at every box across a jump, and most are caught unread:
    its message, which prints an expression (slow in SymPy), is written only when read."""

    def __init__(self, what, template="{} is not decided at this precision"):
        super().__init__()
        self.what, self.template = what, template

    def __str__(self):
        return self.template.format(self.what)

    def __reduce__(self):
        return Undecided, (self.what, self.template)


_UNARY = {
    sp.exp: "exp", sp.log: "log", sp.erf: "erf", sp.erfc: "erfc", sp.erfinv: "erfinv",
    sp.sin: "sin", sp.cos: "cos", sp.tan: "tan", sp.atan: "atan", sp.sinh: "sinh",
    sp.cosh: "cosh", sp.tanh: "tanh", sp.gamma: "gamma", sp.loggamma: "lgamma",
    sp.airyai: "airy_ai", sp.LambertW: "lambertw",
}
_CONSTANTS = {sp.pi: "pi", sp.E: "const_e", sp.EulerGamma: "const_euler"}


def compile_arb(expr, names: tuple):
    """A function of a list of Arb balls, in the order of ``names`` (symbols), or NotEnclosable."""
    function, refusal = _compiled(sp.sympify(expr), tuple(names))
    if function is None:
        raise NotEnclosable(refusal)
    return function


@lru_cache(maxsize=2048)
def _compiled(expr, names):
    # A refusal is remembered too: a side holding an integral is offered at every point.
    try:
        return _build(expr, names), None
    except NotEnclosable as refusal:
        return None, str(refusal)


def _build(expr, names):
    """``expr`` as one Python function of the list of balls: a line per distinct node.

    The source is generated from the whitelisted tree, never from text a claim
    supplied: every name in it is made here (``v3``, ``k0``), and every number,
    constant and helper reaches it through the function's namespace.  A node met
    twice (SymPy shares subtrees) is computed once; each line is the ball
    operation the rules below name, so the result is the ball a node-by-node
    evaluation gives, at a fraction of the calls.
    """
    source = _Source(names)
    result = source.build(expr)
    text = "def compiled(env):\n" + "\n".join(source.lines) + f"\n    return {result}\n"
    exec(compile(text, "<arb expression>", "exec"), source.namespace)  # noqa: S102 - generated above
    return source.namespace["compiled"]


class _Source:
    """The lines of the function being generated, and the namespace its names refer to."""

    def __init__(self, names):

        self.names = names
        self.index = {name: i for i, name in enumerate(names)}
        self.namespace = {"arb": arb, "acb": acb, "integer_power": integer_power,
                          "integer_exponent_power": integer_exponent_power, "NotEnclosable": NotEnclosable}
        self.lines: list[str] = []
        self.seen: dict = {}

    def constant(self, value) -> str:
        name = f"k{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def emit(self, code: str) -> str:
        name = f"v{len(self.lines)}"
        self.lines.append(f"    {name} = {code}")
        return name

    def build(self, node) -> str:
        """The name of ``node``'s ball, its line emitted once, by the rule of its type."""
        if node not in self.seen:
            self.seen[node] = self.emit(_rule_for(type(node))(self, node))
        return self.seen[node]

    def fold(self, node, template: str) -> str:
        """The arguments' balls combined left to right, a line per step."""
        parts = [self.build(a) for a in node.args]
        code = parts[0]
        for part in parts[1:]:
            code = self.emit(template.format(code, part))
        return code

    def separately(self, node):
        """``node`` compiled as a function of its own (a branch, an exponent, a factor)."""
        return _build(node, self.names)


def _rule_for(kind):
    """The rule of the nearest class in ``kind``'s method resolution order that ``_RULES``
    names (the way SymPy's printers dispatch); a function of one argument otherwise."""
    rule = _RULE_OF_TYPE.get(kind)
    if rule is None:
        rule = _RULE_OF_TYPE[kind] = next((_RULES[base] for base in kind.__mro__ if base in _RULES), _function)
    return rule


_RULE_OF_TYPE: dict = {}  # each type's rule, found once: the table never changes


def _symbol(source, node):
    if node not in source.index:
        raise NotEnclosable(f"no value for {node}")
    return f"env[{source.index[node]}]"


def _rational(source, node):

    # An exact rational is rounded once, at the precision in force when called.
    return f"arb({source.constant(fmpq(int(node.p), int(node.q)))})"


def _inexact_number(source, node):
    # A float, an infinity or nan: the exact numbers have rules of their own.
    raise NotEnclosable(f"no exact ball for {node}")


def _log(source, node):
    if len(node.args) != 1:
        raise NotEnclosable("log with a base")
    return _function(source, node)


def _exp(source, node):
    if node.args[0].is_Integer:
        # e^n from Arb's cached constant e: a power, not a fresh exponential series.
        return f"arb.const_e() ** {int(node.args[0])}"
    return _function(source, node)


def _power(source, node):
    if node.exp.is_integer and not node.exp.is_Integer:
        # (-1)**k for a sum's index: the power at the exact integer k, whatever the base's sign.
        return f"integer_exponent_power({source.build(node.base)}, {source.build(node.exp)})"
    if not (node.exp.is_Integer or node.exp in (sp.S.Half, -sp.S.Half)):
        power = _real_power(node.base, source.separately(node.exp), source.separately)
        return f"{source.constant(power)}(env)"
    base = source.build(node.base)
    if node.exp == sp.S.Half:
        return f"{base}.sqrt()"
    if node.exp == -sp.S.Half:
        return f"{base}.rsqrt()"
    # Arb's integer power is binary powering (a negative one inverts), as mpmath.power is.
    return f"integer_power({base}, {int(node.exp)})"


def _lambert_w(source, node):
    if len(node.args) == 2 and node.args[1] == -1:
        # The other real branch, W_-1 on [-1/e, 0) (SymPy's solve gives it for x e^x = c < 0).
        return f"{source.build(node.args[0])}.lambertw(-1)"
    return _function(source, node)


def _argument(source, node) -> str:
    """The ball of a node's single argument; NotEnclosable for any other number of them."""
    if len(node.args) != 1:
        raise NotEnclosable(f"no ball rule for {node.func.__name__}")
    return source.build(node.args[0])


def _function(source, node):
    """A function with a ball method of its own (``_UNARY``); anything else is refused."""
    if node.func not in _UNARY:
        raise NotEnclosable(f"no ball rule for {node.func.__name__}")
    return f"{_argument(source, node)}.{_UNARY[node.func]}()"


def _polygamma(source, node):
    """psi^(n)(x) for a fixed order n >= 0: Arb's digamma, or its complex polygamma (whose
    imaginary part is 0 on the real line)."""
    order, argument = node.args
    if not (order.is_Integer and order >= 0):
        raise NotEnclosable(f"polygamma of order {order}")
    if order == 0:
        return f"{source.build(argument)}.digamma()"
    return f"acb({source.build(argument)}).polygamma({int(order)}).real"


def _step(source, node):
    argument = _argument(source, node)
    return f"{source.constant(_integer_part(node))}({argument})"


# The rules by SymPy type; ``sign``, a float and an operator have none and are refused.
_RULES = {
    sp.Symbol: _symbol,
    sp.Rational: _rational,
    **{type(value): (lambda source, node: f"arb.{_CONSTANTS[node]}()") for value in _CONSTANTS},
    sp.Number: _inexact_number,
    sp.Piecewise: lambda source, node: f"{source.constant(_piecewise(node, source.separately))}(env)",
    sp.log: _log,
    sp.exp: _exp,
    sp.Pow: _power,
    sp.Add: lambda source, node: source.fold(node, "{} + {}"),
    sp.Mul: lambda source, node: source.fold(node, "{} * {}"),
    sp.Max: lambda source, node: source.fold(node, "{}.max({})"),
    sp.Min: lambda source, node: source.fold(node, "{}.min({})"),
    sp.Abs: lambda source, node: f"abs({_argument(source, node)})",
    sp.floor: _step,
    sp.ceiling: _step,
    sp.airyaiprime: lambda source, node: f"{_argument(source, node)}.airy_ai(derivative=1)",
    sp.LambertW: _lambert_w,
    sp.polygamma: _polygamma,
}


def _integer_part(node):
    method = "floor" if isinstance(node, sp.floor) else "ceil"

    def value(ball):
        y = getattr(ball, method)()
        if y.rad() != 0:
            # A ball across an integer has no one integer part at this precision.
            raise Undecided(node)
        return y
    return value


def _piecewise(node, build):
    """A ``Piecewise`` as a function of the balls: the first branch whose condition the balls
    decide true, each condition before it decided false; NotEnclosable where one is undecided.

    e^K (1 + e^-K x) - e^K > 0, a difference that cancels, is undecided on a ball about 0;
    mpmath rounded it to 0 and took the other branch at every precision."""
    branches = [(build(expr), _condition(condition, build)) for expr, condition in node.args]

    def value(env):
        for branch, holds in branches:
            if holds(env):
                return branch(env)
        raise Undecided(node, "no branch of {} holds")
    return value


_DECIDED = {"<": (lambda d: d < 0, lambda d: d >= 0), "<=": (lambda d: d <= 0, lambda d: d > 0),
            ">": (lambda d: d > 0, lambda d: d <= 0), ">=": (lambda d: d >= 0, lambda d: d < 0)}


def _condition(condition, build):
    """A condition as a function of the balls: True or False where the balls decide it."""
    if condition in (sp.true, sp.false):
        return lambda env: condition is sp.true
    if isinstance(condition, (sp.And, sp.Or)):
        parts, every = [_condition(c, build) for c in condition.args], isinstance(condition, sp.And)
        return (lambda env: all(p(env) for p in parts)) if every else (lambda env: any(p(env) for p in parts))
    if isinstance(condition, sp.Not):
        inner = _condition(condition.args[0], build)
        return lambda env: not inner(env)
    if not isinstance(condition, sp.core.relational.Relational) or condition.rel_op not in _DECIDED:
        raise NotEnclosable(f"no ball rule for the condition {condition}")
    difference = build(condition.lhs - condition.rhs)
    holds, fails = _DECIDED[condition.rel_op]

    def decided(env):
        d = difference(env)
        if holds(d):
            return True
        if fails(d):
            return False
        raise Undecided(condition)
    return decided


def _real_power(base, power, build):
    """``base ** power`` for a real power, factor by factor: ``(C e^u)^p = C^p e^{pu}``.

    The rule holds for C >= 0 and real u, the only values it is used on: a
    factor not proved nonnegative makes the ball not finite (mpmath then
    evaluates the node).  A density raised to a power (a Renyi integrand) far
    out in its tails is then one tiny exponential, where the power of a ball
    that already contains zero would not be finite.
    """
    factors = [(True, build(f.args[0])) if isinstance(f, sp.exp) else (False, build(f))
               for f in sp.Mul.make_args(base)]

    def value(env):
        p, result = power(env), arb(1)
        for is_exp, factor in factors:
            v = factor(env)
            if is_exp:
                result *= (p * v).exp()
            elif v >= 0:
                result *= v ** p
            else:
                return arb.nan()
        return result
    return value


def integer_power(ball, n):
    """``ball ** n`` for an integer ``n``, enclosed even where the ball holds 0.

    python-flint's ``arb ** n`` takes the general power there and gives nan, so
    (p - q)**2 at p = q could never be decided.  On each side of 0, x**n is
    monotone: an odd power lies between the powers of the ball's ends, an even
    one between 0 and the power of its largest absolute value.
    """
    value = ball ** n
    if value.is_finite() or n <= 0 or not ball.is_finite():
        return value
    if n % 2:
        return (ball.lower() ** n).union(ball.upper() ** n)
    return arb(0).union(ball.abs_upper() ** n)


def integer_exponent_power(ball, exponent):
    """``ball ** k`` for an exponent known to be an integer: the integer power where its ball is
    an exact integer (a sum's index, ``(-1)**k``), not finite elsewhere.  The general real power
    of a negative base is not finite, and a sum of (-1)^k binomial(n, k) could not be enclosed."""
    if exponent.is_exact() and exponent.is_integer():
        return integer_power(ball, int(exponent.unique_fmpz()))
    return arb.nan()


def mpf_of(ball):
    """The midpoint of a finite ball as an mpf, or None."""
    if not ball.is_finite():
        return None
    man, exp = ball.mid().man_exp()
    return mpmath.mpf(from_man_exp(int(man), int(exp)))
