"""An integrand compiled onto Arb balls, called at an mpf node or at a ball (``numeric``).

Quadrature (``tanh_sinh``) calls it at balls and sums the balls; a sum, a limit's
approach and a derivative call it at mpf points and take each ball's midpoint.
What a midpoint leaves out, its radius, is entered in the open ledger
(``dropped_radii``), and a limit or a derivative asks each value to keep the
working bits (``keep_bits``): a point whose ball lost them is ``CancelledDigits``.
"""
from __future__ import annotations

import mpmath
from flint import arb, ctx

from ..model.errors import CancelledDigits
from . import dropped_radii
from .arb_expressions import NotEnclosable, compile_arb, mpf_of


def on_balls_or_mpmath(on_balls, on_mpmath, values, keep_bits=0):
    """The integrand on Arb at the working precision, and ``on_mpmath`` wherever the
    ball is not finite, so that a value out of the domain fails as it always has."""
    return BallIntegrand(on_balls, on_mpmath, [arb(v) for v in values], keep_bits)


def constant_ball(expr, env, value):
    """``value``, mpmath's value of an integrand's constant part, taken as exact; Arb's ball
    of it instead where that ball has lost half the working bits (it cancels)."""
    names = tuple(sorted(expr.free_symbols, key=lambda s: s.name))
    try:
        if all(isinstance(env.get(s), mpmath.mpf) for s in names):
            ball = compile_arb(expr, names)([arb(env[s]) for s in names])
            if ball.is_finite() and ball.rel_accuracy_bits() < ctx.prec // 2:
                return ball
    except NotEnclosable:
        pass
    return arb(value)


class BallIntegrand:
    """An integrand compiled onto Arb, called at an mpf node or at a ball.

    Called at an mpf ``x`` it gives an mpf, as any integrand of mpmath's does.
    ``at_ball`` gives the ball of the integrand at a ball node, or None where
    mpmath must evaluate the node instead: tanh-sinh (``tanh_sinh.py``) then maps
    its nodes and sums its terms on balls, without an mpf per node.
    """

    def __init__(self, on_balls, on_mpmath, balls, keep_bits=0):
        self.on_balls, self.on_mpmath, self.balls, self.keep_bits = on_balls, on_mpmath, balls, keep_bits

    def at_ball(self, x):
        """The ball at ``x`` (at Arb's working precision); None where it is not finite or
        not enclosable (a step across its jump); CancelledDigits below ``keep_bits``."""
        try:
            ball = self.on_balls([x, *self.balls])
        except NotEnclosable:
            return None
        if not ball.is_finite():
            return None
        self._kept(ball)
        return ball

    def at_ball_kept(self, x):
        """As ``at_ball``, and where the ball at ``x`` (an exact point) lost more than half
        the working bits to cancellation, the ball at twice, four, eight and sixteen times the
        bits, until it keeps three quarters of them.  (cosh(x) - sinh(x)) / (1 + x^2) on [0, 400]
        cancels 174 digits at x = 400, and (1 - cos x)/x^2 near its removable singularity at
        0 cancels twice the digits of x: both were errors at every precision.)"""
        ball = self.at_ball(x)
        bits = ctx.prec
        if ball is None or ball.rad() == 0 or ball.rel_accuracy_bits() >= bits // 2:
            return ball
        for factor in (2, 4, 8, 16):
            better = self._at_bits(x, factor * bits)
            if better is not None and better.rel_accuracy_bits() >= (3 * bits) // 4:
                return better
        return ball

    def _at_bits(self, x, bits):
        prec = ctx.prec
        try:
            ctx.prec = bits
            ball = self.on_balls([arb(x), *[arb(b.mid()) if b.rad() == 0 else b for b in self.balls]])
        except NotEnclosable:
            return None
        finally:
            ctx.prec = prec
        return ball if ball.is_finite() else None

    def _kept(self, ball):
        """CancelledDigits where ``ball`` keeps fewer than ``keep_bits`` bits of its size."""
        if self.keep_bits and ball.rel_accuracy_bits() < self.keep_bits:
            raise CancelledDigits(f"the expression keeps fewer than {self.keep_bits} of {ctx.prec} bits here")

    def __call__(self, x):
        if isinstance(x, mpmath.mpf):
            # mpmath's quadrature and summation add guard bits of their own: follow them.
            # The caller restores Arb's precision (``arb_bits``) when it is done.
            ctx.prec = mpmath.mp.prec
            try:
                ball = self.on_balls([arb(x), *self.balls])
            except NotEnclosable:
                return self._unvouched(x)  # a step across its jump: mpmath's side of it
            if not ball.is_finite():
                ball = self._at_more_bits(x)
            if ball is None:
                return self._unvouched(x)
            self._kept(ball)
            dropped_radii.enter(ball.rad(), abs(ball.mid()))
            return mpf_of(ball)
        return self.on_mpmath(x)

    def _at_more_bits(self, x):
        """The ball at ``x`` at four times the bits, where at the working bits it was not
        finite (a difference that cancelled, under a log or a root); None if still not."""
        prec = ctx.prec
        try:
            ctx.prec = 4 * prec
            ball = self.on_balls([arb(x), *[arb(b.mid()) if b.rad() == 0 else b for b in self.balls]])
        finally:
            ctx.prec = prec
        return ball if ball.is_finite() else None

    def _unvouched(self, x):
        """mpmath's value where no ball is finite or a step straddles its jump: an error (out
        of the domain) stays one; a finite value has no ball behind it, and the ledger cannot
        be met.  log(2^K (1 + 2^-K (2 + tanh z)) - 2^K + 1) was log 1 = 0 at every node, and
        floor(2^K (1 + 2^-K (2 + tanh z)) - 2^K) was 0: false bounds on their integrals passed."""
        value = self.on_mpmath(x)
        if isinstance(value, mpmath.mpf) and mpmath.isfinite(value):
            if self.keep_bits:
                raise CancelledDigits("the expression's ball is not finite here, and mpmath's value is")
            dropped_radii.enter_unknown()
        return value


class OperatorIntegrand(BallIntegrand):
    """An integrand holding operators (an integral inside an integral): at each mpf point
    mpmath computes the operators, and Arb the rest around them, so that what the rest
    cancels is seen.  Walked by mpmath alone, 2^K (1 + 2^-K (2 + int_0^1 Ai(z t) dt)) - 2^K
    was 0 at every node, and its integral "<= 1/2" passed.

    Each operator's value enters as a ball of the relative width its own quadrature or
    sum was asked for (``tolerance``).  It has no ball nodes (``at_ball`` is None).
    """

    at_ball = None  # type: ignore[assignment]  # no ball nodes: tanh-sinh asks mpmath

    def __init__(self, on_balls, on_mpmath, balls, operators, tolerance, keep_bits=0):
        super().__init__(on_balls, on_mpmath, balls, keep_bits)
        self.operators, self.tolerance = operators, tolerance

    def _kept(self, ball):
        """As a ball integrand's, and CancelledDigits at the first point whose ball lost seven
        eighths of the bits of its size or of a floor far below 1: each value costs an operator,
        and the ledger (``dropped_radii``), which decides, is read only at the end."""
        super()._kept(ball)
        bits = ctx.prec
        floor = arb(2) ** -(bits // 4)
        if ball.rad() > max(abs(ball.mid()), floor) * arb(2) ** -(bits // 8):
            raise CancelledDigits(f"the expression around its operators lost its bits here ({bits} bits)")

    def __call__(self, x):
        if isinstance(x, mpmath.mpf):
            values = [operator(x) for operator in self.operators]
            if all(isinstance(v, mpmath.mpf) and mpmath.isfinite(v) for v in values):
                ctx.prec = mpmath.mp.prec
                inner = [arb(v, abs(v) * self.tolerance) for v in values]
                try:
                    ball = self.on_balls([arb(x), *self.balls, *inner])
                except NotEnclosable:
                    ball = None
                if ball is not None and ball.is_finite():
                    self._kept(ball)
                    dropped_radii.enter(ball.rad(), abs(ball.mid()))
                    return mpf_of(ball)
        return self.on_mpmath(x)
