"""A quadrature that has settled: no maximum between its nodes, its error measured at its own scale.

mpmath's tanh-sinh (``tanh_sinh.quad_to``) decides convergence from the difference
of successive levels, in absolute terms and capped at 1.  Two kinds of integral
pass that test with wrong digits, and both occur in the paper's parameter ranges:

- a narrow peak far from the origin, between the sparse nodes tanh-sinh places
  out there: every level sees the same tail of it and the levels agree
  (``isolated_peak``; the integral is cut at the peak's vertex, ``peak_vertex``,
  and done again);
- an integral far from 1 in size: of e^-700 it stops at its second level with two
  digits right, of 10^120859 its estimate is capped at 1 (``_scale_bits``; it is
  done again times an exact power of 2 that brings it to about 1, where the test
  is relative).  Only an integrand about 1 in size that changes sign may keep
  digits that are absolute (``_cancels_at_unit_size``).

The Renyi integral of Theorem 3.1(ii) at c = 10^-4, sigma = 1/10 has both: at
alpha = 100 it came out e^-256 times its value, at alpha = 8.6 43% above it.
"""
from __future__ import annotations

import mpmath
from flint import arb

from ..model.errors import CancelledDigits, EvaluationError
from . import dropped_radii, tanh_sinh
from .arb_expressions import mpf_of

# A maximum is resolved when at least PEAK_NODES distinct nodes come within a factor
# 2^PEAK_BITS of the largest value.  Where tanh-sinh has converged to d digits its nodes
# are spaced at under half the width of a Gaussian peak (the trapezoidal error
# exp(-2 pi^2 w^2/s^2) is 10^-d), so that a dozen nodes or more sit within a factor
# 2^10 of the top.  A peak that fell between the nodes is met by one or two.
PEAK_BITS = 10
PEAK_NODES = 3
_NOTHING = -(1 << 62)


class NodeRecorder:
    """``f`` that also keeps each node it is called at and the value it gave there.

    Where ``f`` can be called at a ball (``at_ball``), so can the recorder, and it
    keeps that node and value as balls: their midpoints are what ``f`` gives at the
    mpf node, and they are turned into mpf only where a node is asked for.
    """

    def __init__(self, f):
        self.f = f
        self._nodes: list = []
        self.values: list = []
        self._magnitudes = None
        if getattr(f, "at_ball", None) is not None:
            self.at_ball = self._at_ball

    def __call__(self, x):
        value = self.f(x)
        self._nodes.append(x)
        self.values.append(value)
        return value

    def _at_ball(self, x):
        value = getattr(self.f, "at_ball_kept", self.f.at_ball)(x)  # cancelled nodes again at more bits
        if value is not None:
            self._nodes.append(x)
            self.values.append(value)
        return value

    def node(self, index):
        """The node of the ``index``-th value, as an mpf."""
        node = self._nodes[index]
        return node if isinstance(node, (mpmath.mpf, mpmath.mpc)) else mpf_of(node)

    def each_node(self):
        """The nodes in the order they were met, as mpf, each made only when it is reached."""
        return (self.node(i) for i in range(len(self._nodes)))

    @property
    def magnitudes(self) -> list:
        if self._magnitudes is None:
            self._magnitudes = [_magnitude(v) for v in self.values]
        return self._magnitudes

    def log_size(self, index):
        """log |value| of the ``index``-th value, as an mpf."""
        value = self.values[index]
        return mpmath.log(abs(mpf_of(value.mid()) if isinstance(value, arb) else value))

    def one_signed(self) -> bool:
        """Whether every value was real and every nonzero one of the same sign (a density)."""
        # A ball is real (its midpoint is an mpf); ``hasattr(ball, "_mpf_")`` would make that mpf.
        if not all(isinstance(v, arb) or hasattr(v, "_mpf_") for v in self.values):
            return False
        return len({_negative(v) for v, m in zip(self.values, self.magnitudes) if m != _NOTHING}) <= 1

    def top(self):
        """``(magnitude, node)`` of the largest value; the magnitude is _NOTHING if every value was 0."""
        magnitudes = self.magnitudes
        top = max(magnitudes, default=_NOTHING)
        return top, (None if top == _NOTHING else self.node(magnitudes.index(top)))


def _magnitude(value) -> int:
    """About log2 |value| (exponent plus bit count of the mantissa); _NOTHING for 0, inf, nan."""
    if isinstance(value, arb):
        # The midpoint's, as the mpf of that midpoint would give it, without making the mpf.
        mantissa, exponent = value.mid().man_exp()
        return int(exponent) + mantissa.bit_length() if mantissa else _NOTHING
    parts = getattr(value, "_mpf_", None)
    if parts is None:
        if isinstance(value, mpmath.mpc):
            return max(_magnitude(value.real), _magnitude(value.imag))
        return _magnitude(mpmath.mpf(value))
    _, mantissa, exponent, bits = parts
    return exponent + bits if mantissa else _NOTHING


def _negative(value) -> bool:
    return value.mid() < 0 if isinstance(value, arb) else bool(value._mpf_[0])


def isolated_peak(recorder: NodeRecorder, pieces):
    """The node of the largest value if it is a maximum the quadrature did not resolve, else None.

    A narrow Gaussian far from the origin (the Renyi integrand of two log-space laws
    at a large order, Theorem 3.1(ii) with c small) lies between the sparse nodes that
    tanh-sinh places out there: every level sees the same tail of it, the levels
    agree, and the error estimate passes a value too small by a factor of e^256.
    The largest value, met by fewer than ``PEAK_NODES`` nodes within a factor
    2^``PEAK_BITS``, shows it: cut at that node, where tanh-sinh's nodes cluster,
    and the next quadrature resolves the peak.  A largest value at the node
    nearest an end of its piece (``pieces``, the cuts) is no such peak: there the
    integrand grows towards the end (1/sqrt(x) at 0), where the nodes already cluster.
    """
    top, peak = recorder.top()
    if peak is None:
        return None
    near = set()
    floor = top - PEAK_BITS
    for index, magnitude in enumerate(recorder.magnitudes):
        if magnitude >= floor:
            near.add(recorder.node(index))
            if len(near) >= PEAK_NODES:
                return None
    return peak if _inside(peak, recorder, pieces) else None


def peak_vertex(recorder: NodeRecorder, peak, pieces):
    """Where the maximum about the node ``peak`` lies: the vertex of the parabola through
    log|f| at ``peak`` and at its nearest nodes on either side, if it falls inside the
    peak's piece (``pieces``, the cuts) and is no cut already; else ``peak`` itself.

    Exact for a Gaussian peak, and between those two nodes for any other (the middle value
    is the largest).  Cut at its node, Section 4.1's mean-one drift at sigma = 10^6 (the
    density of N(10^6, 1)) moved 10^5 a round towards its peak and never reached it; cut
    at the vertex, the next quadrature resolves it.  Any cut leaves the integral as it is:
    only where the next quadrature looks changes.
    """
    below = above = None
    for index, x in enumerate(recorder.each_node()):
        if x < peak and (below is None or x > below[0]):
            below = (x, index)
        elif x > peak and (above is None or x < above[0]):
            above = (x, index)
    top = recorder.magnitudes.index(recorder.top()[0])
    if below is None or above is None or recorder.magnitudes[below[1]] == _NOTHING \
            or recorder.magnitudes[above[1]] == _NOTHING:
        return peak
    size = recorder.log_size(top)
    u, v = below[0] - peak, above[0] - peak
    a, b = recorder.log_size(below[1]) - size, recorder.log_size(above[1]) - size
    # The sign of the parabola's leading coefficient: negative, it has a maximum (between the
    # two nodes where the middle value is the largest, a, b <= 0).
    turn = a * v - b * u
    if not turn < 0:
        return peak
    vertex = peak + (a * v * v - b * u * u) / (2 * turn)
    lower, upper = _piece_around(peak, pieces)
    return vertex if lower is not None and upper is not None and lower < vertex < upper else peak


def _piece_around(peak, pieces) -> tuple:
    """The cuts on either side of ``peak`` (None where there is none)."""
    return (max((p for p in pieces if p < peak), default=None),
            min((p for p in pieces if p > peak), default=None))


def _inside(peak, recorder: NodeRecorder, pieces) -> bool:
    """Whether nodes of ``recorder`` lie between ``peak`` and both ends of its piece."""
    lower, upper = _piece_around(peak, pieces)
    if lower is None or upper is None:
        return False
    # The first level spreads its nodes over the whole piece: the search ends early, and the
    # thousands of later nodes are never turned into mpf.
    below = above = False
    for x in recorder.each_node():
        below = below or lower < x < peak
        above = above or peak < x < upper
        if below and above:
            return True
    return False


def _cancels_at_unit_size(recorder: NodeRecorder) -> bool:
    """Whether the integrand changes sign and its largest value is about 1 (within 2^PEAK_BITS):
    the one kind of integral whose digits may lie below what mpmath's absolute test sees."""
    top, _ = recorder.top()
    return not recorder.one_signed() and top != _NOTHING and abs(top) <= PEAK_BITS


def _scale_bits(recorder: NodeRecorder, value) -> int:
    """The power of 2 that an integral's error must be measured against, or 0 if that is about 1.

    mpmath stops refining a piece once two levels agree to an absolute 2^-prec, and
    caps its error estimate at 1.  An integral of e^-700 then stops at its second
    level with two digits right (a false inequality about its logarithm passed), and
    one of 10^120859 (Theorem 3.1(ii)'s Renyi integral at c = 10^-4, sigma = 1/10,
    alpha = 8.6) was passed 43% off.  Integrated again times 2^-k, which is exact,
    both tests are relative.  For an integrand of one sign the scale is the integral
    itself; for one that changes sign (whose integral may cancel to 0) it is the
    largest value at a node.
    """
    magnitude = _magnitude(value) if recorder.one_signed() else recorder.top()[0]
    if magnitude == _NOTHING or abs(magnitude) <= PEAK_BITS:
        return 0
    return magnitude


# Quadratures of one integral, each cut at the maximum the one before did not resolve or
# scaled to the size the one before found.
ROUNDS = 10
# Levels of tanh-sinh for the relative digits of a small integral.  At level m the step is
# h = 2^-m, and the error falls as exp(-c/h), c up to pi^2 for an integrand analytic about
# its piece: by level 7, 10^-110 (the precision of a check at 50 digits, doubled) is within
# reach for c >= 2.  An integrand that cancels reaches it at no level.
SMALL_DEGREE = 7


def _small_degree(tolerance) -> int:
    """The levels a small integral is given for its relative digits: SMALL_DEGREE, or more where
    the tolerance asks for more digits than level 7 reaches at c = 2 (a derivative taken
    numerically asks for some 120: exp(-2 2^m) must reach the tolerance)."""
    if not 0 < tolerance < mpmath.mpf(10) ** -2:
        return SMALL_DEGREE
    # exp(-2 * 2^m) <= tolerance  when  2^m >= ln(1/tolerance) / 2.
    return max(SMALL_DEGREE, int(mpmath.ceil(mpmath.log(-mpmath.log(tolerance) / 2, 2))))


def settled_quadrature(f, nodes, tolerance):
    """``(value, error)`` of the integral of ``f`` over the pieces between ``nodes``.

    The error is below ``tolerance`` relative to the value, or where an integrand of
    values about 1 changes sign and cancels to a small value (Theorem 3.1(i)'s at
    sigma = 10^-38, whose digits the precision cannot carry) below ``tolerance`` in
    absolute terms, as mpmath measures it; the caller decides what a larger error
    means.  Raises EvaluationError if the cuts or the scale keep changing.
    """
    nodes = list(nodes)
    scale = 0  # the integrand is integrated times 2^-scale
    absolute = None  # the unscaled result of a small integral, if no scaled one converges
    absolute_dropped = None  # and the radii its balls dropped
    for _ in range(ROUNDS):
        recorded, value, error, dropped = _attempt(f, nodes, scale, absolute is not None, tolerance)
        peak = isolated_peak(recorded, nodes)
        if peak is not None:
            nodes = _cut(nodes, peak_vertex(recorded, peak, nodes))
            continue
        rescale = _scale_bits(recorded, value)
        if not rescale:
            break
        # mpmath's absolute test measures an integrand that cancels (one that changes sign, its
        # values about 1) against the size of its values.  For any other it says nothing: e^-(5
        # 10^6) passes it.  Taken there, Lemma 4.1's lower half on [0, sigma] at sigma = 1000
        # sqrt(10) came out 10% low, and times z - sigma + 1/2 (which changes sign) 73% high
        # at sigma = 1000: such an integral is given the levels its own scale needs.
        if not scale and rescale < 0 and _cancels_at_unit_size(recorded):
            absolute, absolute_dropped = (value, error), dropped
        scale += rescale
        nodes = _cut_at_top(recorded, nodes)
    else:
        raise EvaluationError(f"the quadrature did not settle: a peak between its nodes or a "
                              f"size that kept changing, after {ROUNDS} attempts")
    return _settled(value, error, dropped, scale, (absolute, absolute_dropped), tolerance)


def _attempt(f, nodes, scale, small, tolerance):
    """One quadrature of ``f`` times 2^-scale: the nodes it recorded, value, error, and the
    ledger of the radii its balls dropped."""
    recorded = NodeRecorder(f if not scale else _TimesPowerOfTwo(f, -scale))
    with dropped_radii.ledger() as dropped:
        if not small:
            value, error = tanh_sinh.quad_to(recorded, nodes, tolerance)
        else:
            # A small integral has its absolute result: its relative one is had within a
            # few levels (SMALL_DEGREE), or the integrand cancels and no level gives it.
            value, error = tanh_sinh.quad(recorded, nodes, error=True,
                                          maxdegree=_small_degree(tolerance))
    return recorded, value, error, dropped


def _cut_at_top(recorded: NodeRecorder, nodes):
    """The mass of an integral far from 1 in size is often a peak (a Renyi moment at a
    large order): cut at its largest node too, where the scaled quadrature converges
    in few levels."""
    _, top = recorded.top()
    if top is not None and _inside(top, recorded, nodes):
        return _cut(nodes, top)
    return nodes


def _settled(value, error, dropped, scale, small, tolerance):
    """The settled attempt's ``(value, error)`` at its own scale, or the absolute result of a
    small integral (``small``: the result and its ledger) where that has no relative digits."""
    absolute, absolute_dropped = small
    factor = _power_of_two(scale)
    value, error = value * factor, error * factor
    if absolute is not None and error > tolerance * max(factor, abs(value)):
        # No relative digits at this precision (an integrand that cancels): the absolute
        # result stands unless the scaled attempt contradicts it beyond both errors.  Held
        # to the scaled attempt's error alone, a true claim would be refused: Section 8's
        # lognormal expectation at sigma = 10^-30, whose checks floor their scale.
        if abs(absolute[0] - value) > absolute[1] + error:
            raise EvaluationError(f"the quadrature did not settle: a small integral came out "
                                  f"{mpmath.nstr(absolute[0], 5)} at mpmath's absolute test and "
                                  f"{mpmath.nstr(value, 5)} at its own scale")
        absolute_dropped.check("the integrand")
        return absolute
    dropped.check("the integrand")
    if error > tolerance * max(1, abs(value)) and dropped.lost(tolerance):
        # Not converged, and the balls show why: the integrand carries fewer digits than asked.
        raise CancelledDigits("the integrand's balls carry fewer digits than the quadrature asks for: "
                              "it cancels them")
    return value, error


def settled_sum(f, bounds):
    """``mpmath.nsum(f, bounds)`` at the sum's own scale.

    nsum's extrapolations stop on an absolute test as quadrature does: a sum of terms
    e^-700/j^2 came out 8% low, and a false inequality about its logarithm passed.
    Summed again times an exact power of 2 that brings it to about 1, it is right.
    """
    scale = _first_term_scale(f, bounds)  # the terms are summed times 2^-scale
    for _ in range(ROUNDS):
        with dropped_radii.ledger() as dropped:
            value = mpmath.nsum(f if not scale else _TimesPowerOfTwo(f, -scale), bounds)
        bits = _magnitude(value)
        if bits == _NOTHING or abs(bits) <= PEAK_BITS:
            dropped.check("a sum's terms")
            return value * _power_of_two(scale) if scale else value
        scale += bits
    raise EvaluationError(f"the sum did not settle: its size kept changing, after {ROUNDS} attempts")


def _first_term_scale(f, bounds) -> int:
    """A first guess at a sum's scale: its first term's, when that is far from 1 (else 0).

    A series of tiny terms is then summed once at about its own scale, not first at 1 and
    again; ``settled_sum`` accepts a value only at its own scale, whatever the guess.
    """
    start = bounds[0]
    if not mpmath.isfinite(start):
        return 0
    bits = _magnitude(f(start))
    return 0 if bits == _NOTHING or abs(bits) <= PEAK_BITS else bits


def _cut(nodes, at):
    return sorted(set(nodes) | {at})


def _power_of_two(bits):
    return mpmath.ldexp(mpmath.mpf(1), bits)


class _TimesPowerOfTwo:
    """``f`` times 2^bits (exact), at an mpf node and, if ``f`` can be, at a ball."""

    def __init__(self, f, bits):
        self.f, self.factor = f, _power_of_two(bits)
        if getattr(f, "at_ball", None) is not None:
            self.factor_ball = arb(self.factor)
            self.at_ball = self._at_ball

    def __call__(self, x):
        return self.f(x) * self.factor

    def _at_ball(self, x):
        value = getattr(self.f, "at_ball_kept", self.f.at_ball)(x)  # cancelled nodes again at more bits
        return None if value is None else value * self.factor_ball
