"""Best-first branch and bound of a slack's sign over the pieces of a domain.

Each box of a piece is settled when the Arb enclosure of the slack (``enclosure``) has
strictly the right sign on it, or when it touches an end that the Taylor argument settles
(``ends``), or when it holds no integer of an integer parameter.  A box whose enclosure has
strictly the wrong sign offers its points to ``refutes`` (the caller's exact check of a
point of the domain): one refuted point ends the search.  Any other box is halved across its
widest side; the box with the lowest enclosure goes first, so a failure is met early.
"""
from __future__ import annotations

import heapq
import itertools
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import sympy as sp

from ..numbers.arb_expressions import NotEnclosable, compile_arb
from ..numbers.precision import arb_bits
from .boxes import UNIT, ball, bits_for, exact_ball, halves, middle, widest
from .compactify import pieces
from .enclosure import Enclosure, smooth
from .ends import End, cancelled
from .extended import lower_bound_positive
from .switches import Switches
from .touching import Touching, in_units

# The budget of one claim.  The packs' proofs take at most 63 boxes and 0.3 s of CPU; a claim
# left undecided pays the whole budget on top of its sampling, so it is kept small.
MAX_BOXES = 600
SECONDS = 0.5
# CPU seconds for SymPy's factorisation of a slack (the packs' take a few hundredths).
FACTOR_SECONDS = 0.3
# A side narrower than this is not halved again: 2^-200 reaches x = 10^60 on a far piece, and
# 10^-60 from an open edge.
FINEST = Fraction(1, 2 ** 200)


@dataclass
class Outcome:
    status: str  # "proved", "refuted", "undecided"
    boxes: int = 0
    point: dict = field(default_factory=dict)
    reason: str = ""
    touched: int = 0  # boxes settled beside a touching point by the second-order term


def prove_sign(slack, domain, strict: bool, refutes, inside, max_boxes=MAX_BOXES, seconds=SECONDS,
               touches=()) -> Outcome:
    """Whether ``slack > 0`` (``>= 0`` if not ``strict``) on all of ``domain``; ``refutes(point)``
    checks a point exactly, ``inside(point)`` says whether it lies in the domain; ``touches`` are
    points where the slack and its gradient are exactly 0 (``touching``), for a claim that is not
    strict."""
    start, total, touched = time.process_time(), 0, 0
    memo: set = set()  # factors proved on one piece, over a part of the domain another shares
    for piece in pieces(domain):
        expr = sp.sympify(slack).xreplace(piece.values)
        if not piece.units:
            outcome = _fixed(expr, strict)
            total += 1
            if outcome is None:
                point = dict(piece.values)
                if refutes(point):
                    return Outcome("refuted", total, point)
                return Outcome("undecided", total, reason=f"undecided at {_show(point)}")
            continue
        by_factors = _factors_proved(expr, piece, strict, (max_boxes - total) // 3,
                                     seconds * 2 / 3 - (time.process_time() - start), inside, memo)
        total += by_factors[1]
        if by_factors[0]:
            continue
        try:
            search = _Search(expr, piece, strict, refutes,
                             touches=[] if strict else [in_units(t, piece) for t in touches])
        except NotEnclosable as refusal:
            return Outcome("undecided", total, reason=f"no Arb enclosure: {refusal}")
        outcome = search.run(max_boxes - total, seconds - (time.process_time() - start))
        total += search.count
        touched += search.touched
        if outcome.status != "proved":
            outcome.boxes = total
            return outcome
    return Outcome("proved", total, touched=touched)


def _factors_proved(expr, piece, strict, max_boxes, seconds, inside, memo=None):
    """(True, boxes) where each factor of the slack is proved positive (nonnegative, for a
    weak claim) on its own, and the constant factor is positive.

    A product whose factors vanish on different edges, s1 (1 + s - s2) at the corner
    s1 = 0, s2 = 1, s = 0 of 0 < r0 < r, c > 0, is settled factor by factor, each at its own
    edge; the product's enclosure there straddles 0.  Only a proof comes from here: a
    counter-example is looked for on the whole slack."""
    open_units = frozenset(u for u, (edge, _) in zip(piece.units, piece.edges) if not edge)
    factors = _factors(expr, 0, open_units)
    if factors is None or seconds <= 0:
        return False, 0
    constant, parts = factors
    if not parts:
        return (constant.is_positive or (not strict and constant.is_zero)) is True, 0
    if len(parts) < 2 and not any(k != 1 for _, k in parts):
        return False, 0  # one factor: the search over the whole slack is the same proof
    others = [f for f, _ in parts if f not in piece.units]
    if len(others) == 1 and sp.count_ops(others[0]) >= sp.count_ops(expr):
        # One factor besides powers of the units, no smaller than the slack: the far piece's
        # x^2/2 - x + 1 - e^-x at x = 1/s is (2 s^2 e^(1/s) - ... + e^(1/s))/(2 s^2 e^(1/s)),
        # multiplied out and no easier.  (An erf unwrapped to its argument is smaller.)
        return False, 0
    if not (constant.is_number and constant.is_positive):
        return False, 0
    used, deadline = 0, time.process_time() + seconds
    for factor, power in parts:
        if power % 2 == 0 and power > 0 and not strict:
            continue  # an even power of a numerator's factor is >= 0
        # A factor of a denominator, or an even power in a strict claim, must not vanish:
        # it is proved of one strict sign (an even power's either sign will do).
        signs = (factor, -factor) if power % 2 == 0 else (factor,)
        must_be_strict = strict or power < 0 or power % 2 == 0
        proved = False
        for candidate in signs:
            key = _factor_key(candidate, must_be_strict, piece)
            if memo is not None and key in memo:
                proved = True  # the same factor over the same part of the domain, on another piece
                break
            found, count = _one_factor(sp.expand(candidate) if candidate is not factor else factor, piece,
                                        must_be_strict, max_boxes - used, deadline, inside)
            used += count
            if found:
                if memo is not None:
                    memo.add(key)
                proved = True
                break
        if not proved:
            return False, used
    return True, used


def _factor_key(factor, strict, piece):
    """What a factor's proof covers: the factor, and the maps and edges of the units in it."""
    units = factor.free_symbols
    maps = tuple(sorted((str(p), str(v)) for p, v in piece.values.items()
                        if isinstance(v, sp.Basic) and v.free_symbols & units))
    edges = tuple(sorted((str(u), e) for u, e in zip(piece.units, piece.edges) if u in units))
    return factor, strict, maps, edges


def _one_factor(factor, piece, strict, max_boxes, deadline, inside):
    try:
        # A box of strictly the wrong sign at a point of the domain ends this route at once.
        search = _Search(factor, piece, strict, inside, exact=False)
    except NotEnclosable:
        return False, 0
    outcome = search.run(max_boxes, deadline - time.process_time())
    return outcome.status == "proved", search.count


# Odd increasing functions that vanish at 0 only: F(x) has the sign of x.
ODD_INCREASING = (sp.erf, sp.atan, sp.sinh, sp.tanh, sp.erfinv)


def _factors(expr, depth=0, open_units=frozenset()):
    """(the constant factor, [(factor, power)]) of ``expr`` over one denominator, or None.

    A power of -1 marks a factor that must be strictly positive.  A factor F(x) with F odd,
    increasing and 0 only at 0 is replaced by the factors of x (its sign is x's), a log(x) by
    those of x - 1, and e^p for a polynomial p is dropped (it is positive wherever defined, and
    a polynomial is defined everywhere); erfinv(x) adds 1 - x > 0, where it is defined."""
    from ..model.errors import SymbolicTimeout
    from ..model.timeout import time_budget
    try:
        with time_budget(FACTOR_SECONDS):
            together = sp.together(expr)
            numerator, denominator = sp.fraction(sp.factor(together))
            # Factoring cancels a factor common to both sides: (x^2 - 1)/(x - 1) is x + 1, which
            # is defined at x = 1 where the slack is not.  A cancelled factor must then be proved
            # nonzero on its own (an even negative power: either strict sign will do).
            lost, _ = sp.fraction(sp.cancel(sp.factor(sp.fraction(together)[1]) / denominator))
            constant, parts = sp.Integer(1), []
            if lost.free_symbols:
                parts += [(f, -2) for f, _ in sp.factor_list(lost)[1] if f.free_symbols]
            for side, sign in ((numerator, 1), (denominator, -1)):
                # A constant factor (sqrt(pi)) is set aside: factor_list refuses sqrt(pi) s.
                fixed = sp.Mul(*[a for a in sp.Mul.make_args(side) if not a.free_symbols])
                rest = sp.Mul(*[a for a in sp.Mul.make_args(side) if a.free_symbols])
                c, listed = sp.factor_list(rest) if rest.free_symbols else (sp.Integer(1), [])
                c = c * fixed
                constant = constant * c if sign == 1 else constant / c
                for f, k in listed:
                    if f.free_symbols:
                        parts.append((f, k * sign))
                    else:
                        constant = constant * f ** (k * sign)
    except (SymbolicTimeout, sp.PolynomialError, ValueError, TypeError, NotImplementedError, AttributeError):
        return None
    parts = _unwrapped(parts, depth, open_units)
    if parts is None:
        return None
    constant, parts = parts[0] * constant, parts[1]
    odd = sorted((i for i, (_, k) in enumerate(parts) if k % 2),
                 key=lambda i: not parts[i][0].could_extract_minus_sign())
    if constant.is_negative and odd:
        # -1 (s c r0 - c - 1) is (c + 1 - c r0) with a positive constant.
        f, k = parts[odd[0]]
        parts[odd[0]] = (sp.expand(-f), k)
        constant = -constant
    return constant, parts


def _unwrapped(parts, depth, open_units):
    """(a sign, parts) with each sign-preserving wrapper taken off its argument (see ``_factors``)."""
    sign, out = sp.Integer(1), []
    for f, k in parts:
        inner = None
        if isinstance(f, sp.exp) and _defined_everywhere(f.args[0], open_units):
            continue
        if depth < 2 and isinstance(f, ODD_INCREASING):
            inner = f.args[0]
            if isinstance(f, sp.erfinv):
                out.append((1 - inner, -1))
        elif depth < 2 and isinstance(f, sp.log):
            inner = f.args[0] - 1
        if inner is None:
            out.append((f, k))
            continue
        found = _factors(inner, depth + 1, open_units)
        if found is None or not found[0].is_number or found[0].is_zero:
            return None
        sign = sign * sp.sign(found[0]) ** k
        # The argument's factors carry its sign; a strict wrapper needs them strict too.
        out += [(g, j * k if k > 0 else -abs(j)) for g, j in found[1]]
    return sign, out


def _defined_everywhere(p, open_units) -> bool:
    """A polynomial, or one over a product of powers of units whose end at 0 is outside the
    domain (open, or the infinite end): defined at every point of the piece's domain."""
    if p.is_polynomial():
        return True
    numerator, denominator = sp.fraction(sp.together(p))
    return numerator.is_polynomial() and all(
        b in open_units and e.is_positive for b, e in (f.as_base_exp() for f in sp.Mul.make_args(denominator))
        if not b.is_number)


def regular_everywhere(expr, piece):
    """The slack with each rational sub-expression cancelled: c/(1 + c) at c = 1/s is
    1/(1 + s), finite at the far end s = 0, where the form as written is not."""
    if not any(e[0] is None for e in piece.edges):
        return expr
    return cancelled(expr)


def factored(expr):
    """``expr`` with its numerator and denominator factored, or None where SymPy takes too long."""
    from ..model.errors import SymbolicTimeout
    from ..model.timeout import time_budget
    try:
        with time_budget(FACTOR_SECONDS):
            numerator, denominator = sp.fraction(sp.together(expr))
            return sp.factor(numerator) / sp.factor(denominator)
    except (SymbolicTimeout, sp.PolynomialError, ValueError, TypeError, NotImplementedError, AttributeError):
        return None


def expanded(expr):
    """``expr`` multiplied out, a quotient term by term: (s t (2 a + 1) + 4 z)/(2 s t) is
    a + 1/2 + 2 z/(s t), each term of a known sign at the corner s = t = 0, where numerator and
    denominator both reach 0.  None for an expression with functions, or past the budget."""
    from ..model.errors import SymbolicTimeout
    from ..model.timeout import time_budget
    if expr.has(sp.Function, sp.exp, sp.log):
        return None
    try:
        with time_budget(FACTOR_SECONDS):
            return sp.expand(expr)
    except (SymbolicTimeout, ValueError, TypeError):
        return None


def grouped(expr):
    """``expr`` with its rational terms over one factored denominator, the others as they are:
    at x = 1 + 1/s, x^2/2 - x + 1 - e^-x is (1 + s^2)/(2 s^2) - e^(-1 - 1/s), whose enclosure
    near s = 0 is positive, where the terms' enclosures are oo - oo."""
    if not expr.is_Add:
        return None
    rational = [t for t in expr.args if not t.has(sp.Function, sp.exp, sp.log)]
    if len(rational) < 2:
        return None
    rest = [t for t in expr.args if t not in rational]
    together = factored(sp.Add(*rational))
    return None if together is None else sp.Add(together, *rest, evaluate=False)


def _fixed(expr, strict):
    """True where Arb decides a constant slack (every parameter fixed); None otherwise."""
    from ..numbers.intervals import decide
    outcome = decide(">" if strict else ">=", expr, 0, {}, max_prec=1024)
    return True if outcome else None


class _Search:
    def __init__(self, expr, piece, strict, refutes, exact=True, touches=()):
        # The units without assumptions: SymPy's derivatives and cancellations of a slack in
        # real symbols spend most of their time deducing facts about them, which no step here
        # uses (a form is accepted only where Arb encloses it).
        self.units = tuple(sp.Symbol(u.name) for u in piece.units)
        expr = sp.sympify(expr).xreplace(dict(zip(piece.units, self.units)))
        self.exact, self.written = exact, expr
        self.expr, self.piece, self.strict, self.refutes = regular_everywhere(expr, piece), piece, strict, refutes
        self.enclosure = Enclosure(self.expr, self.units)
        # A unit the slack does not depend on is never split (sigma in h(y) / sigma^2's
        # numerator); the integer units stay, since their boxes are told apart by integers.
        self.active = [i for i, u in enumerate(self.units)
                       if u in self.expr.free_symbols or piece.units[i] in piece.integers] or None
        self.ends: dict = {}
        self.count, self.touched = 0, 0
        self.switches, self.smooth_parts = None, {}
        self.factored: dict = {}
        self.touching = Touching(self.expr, self.units, touches) if any(touches) and smooth(self.expr) else None
        if not smooth(self.expr):
            far = [u for u, (edge, _) in zip(self.units, piece.edges) if edge is None]
            try:
                self.switches = Switches(self.expr, self.units, far)
            except (NotEnclosable, ValueError, TypeError):
                self.switches = None

    def _part(self, box):
        """(the enclosure, the key of its ends) of the slack on ``box``: Abs, Max and Min
        resolved where their switches are decided there (``switches``)."""
        if self.switches is None:
            return self.enclosure, None
        pattern = self.switches.pattern(box)
        if pattern is None:
            return self.enclosure, None
        if pattern not in self.smooth_parts:
            expr = regular_everywhere(self.switches.resolved(pattern), self.piece)
            try:
                self.smooth_parts[pattern] = (Enclosure(expr, self.units), expr)
            except NotEnclosable:
                self.smooth_parts[pattern] = (self.enclosure, None)
        return self.smooth_parts[pattern][0], pattern

    def run(self, max_boxes, seconds) -> Outcome:
        deadline = time.process_time() + seconds
        root = tuple(UNIT for _ in self.piece.units)
        heap, left = [(0.0, 0, root)], []
        while heap:
            if self.count >= max_boxes or time.process_time() > deadline:
                return Outcome("undecided", self.count, reason=self._left(heap))
            _, _, box = heapq.heappop(heap)
            self.count += 1
            verdict, low = self._settle(box)
            if verdict is True:
                continue
            if verdict is False:
                return Outcome("refuted", self.count, self._point)
            i = widest(box, self.active)
            if box[i][1] - box[i][0] < FINEST:
                left.append(box)
                continue
            for child in halves(box, i):
                heapq.heappush(heap, (low, self.count + len(heap), child))
        if left:
            return Outcome("undecided", self.count, reason=f"{len(left)} boxes too small to split, "
                                                           f"the first near {self._region(left[0])}")
        return Outcome("proved", self.count)

    def _settle(self, box):
        """(True, _) settled; (False, _) refuted at ``self._point``; (None, priority) split it."""
        if self._no_integer(box):
            return True, 0.0
        enclosure, pattern = self._part(box)
        low, face = enclosure.enclose(box)
        if low is not None and low.is_finite():
            if low > 0 or (not self.strict and low >= 0):
                return True, 0.0
            wrong = low < 0 or (self.strict and low <= 0)
            # A point of the face is wrong; the box's middle is only offered to an exact check.
            if wrong and (self._refuted(face) or (self.exact and face != box and self._refuted(box))):
                return False, 0.0
        if self._unbounded_settles(box, pattern) or self._end_settles(box, pattern):
            return True, 0.0
        if self.touching is not None and self.touching.settles(box):
            self.touched += 1
            return True, 0.0
        return None, self._at_middle(box)

    def _unbounded_settles(self, box, pattern) -> bool:
        """Whether the enclosure with infinite ends (``extended``) settles ``box``: a pole at
        its edge that sends the slack to +oo, or a far end, where Arb's balls are the whole line."""
        expr = self.expr if pattern is None else (self.smooth_parts[pattern][1] or self.expr)
        env = dict(zip(self.units, box))
        with arb_bits(bits_for(box)):
            return any(lower_bound_positive(form, env, self.strict) for form in self._forms(expr))

    def _forms(self, expr):
        """``expr`` as written and factored: q (r - 1) keeps its sign at the corner q = 0, r = 1,
        where q r - q is enclosed across 0 (the dependency problem)."""
        if expr not in self.factored:
            # The slack as written comes too: 1/s - 1 + (3 r + 1)/(1 - r) is +oo at the corner
            # s = 0, r = 1, where its cancelled form is 0/0.
            written = [self.written] if expr is self.expr and self.written != expr else []
            others = [f for f in (factored(expr), grouped(expr), expanded(expr)) if f is not None and f != expr]
            self.factored[expr] = [expr] + others + written
        return self.factored[expr]

    def _at_middle(self, box):
        """The slack's value at the box's middle (lowest first): the search dives towards the
        least value, so a failure in a thin sheet is reached by halving, not by a sweep."""
        with arb_bits(bits_for(box)):
            try:
                value = self.enclosure.value([exact_ball(c) for c in middle(box)])
            except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                return -math.inf
        return float(value.mid()) if value.is_finite() else -math.inf

    def _end_settles(self, box, pattern=None):
        for i, (lo, hi) in enumerate(box):
            for at_one, touches in ((False, lo == 0), (True, hi == 1)):
                if not touches or hi - lo > Fraction(1, 2):
                    continue
                key = (i, at_one, pattern)
                edge = self.piece.edges[i][1 if at_one else 0]
                if key not in self.ends:
                    expr = self.expr if pattern is None else self.smooth_parts[pattern][1]
                    if expr is None:
                        continue
                    self.ends[key] = End(expr, self.units, i, at_one, bool(edge))
                if self.ends[key].settles(box, at_one, self.strict, bool(edge)):
                    return True
        return False

    def _refuted(self, box) -> bool:
        """Whether a point of ``box`` (its middle, integers rounded either way) fails exactly."""
        for point in self._points(box):
            if self.refutes(point):
                self._point = point
                return True
        return False

    def _points(self, box):
        centre = dict(zip(self.piece.units, (sp.Rational(c.numerator, c.denominator) for c in middle(box))))
        base = {p: v.xreplace(centre) if isinstance(v, sp.Basic) else v for p, v in self.piece.values.items()}
        integer = set(self.piece.integers.values())
        choices = []
        for p, v in base.items():
            if p in integer and not v.is_integer:
                choices.append([(p, sp.floor(v)), (p, sp.ceiling(v))])
            else:
                choices.append([(p, v)])
        return [dict(c) for c in itertools.product(*choices)]

    def _no_integer(self, box) -> bool:
        """True where an integer parameter's range on the box (its map is exact) holds no integer."""
        for s, p in self.piece.integers.items():
            i = self.piece.units.index(s)
            value = self.piece.values[p]
            if value.free_symbols != {s}:
                continue
            ends = sorted(value.xreplace({s: sp.Rational(e.numerator, e.denominator)}) for e in box[i]
                          if not (e == 0 and value.has(1 / s)))
            if len(ends) == 2 and sp.ceiling(ends[0]) > ends[1]:
                return True
        return False

    def _left(self, heap) -> str:
        boxes = [b for _, _, b in heap]
        worst = min(heap)[2]
        return f"budget out with {len(boxes)} boxes left, the first near {self._region(worst)}"

    def _region(self, box) -> str:
        with arb_bits(bits_for(box)):
            env = {u: ball(side) for u, side in zip(self.piece.units, box)}
            shown = []
            for p, v in self.piece.values.items():
                try:
                    b = compile_arb(v, tuple(env))(list(env.values())) if isinstance(v, sp.Basic) else v
                    shown.append(f"{p} in {b.str(5)}" if hasattr(b, "str") else f"{p} = {b}")
                except (NotEnclosable, ArithmeticError, ValueError, TypeError):
                    shown.append(f"{p} unbounded")
        return ", ".join(shown)


def _show(point):
    return ", ".join(f"{k} = {v}" for k, v in point.items())
