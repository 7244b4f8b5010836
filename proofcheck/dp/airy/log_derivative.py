"""The logarithmic derivative of Ai on [a1', oo), and the envelope of Ai^2 it gives.

Let a = a1' (about -1.0188) be the first zero of Ai' and h(y) = -Ai'(y)/Ai(y)
on [a, oo), where Ai > 0 (a lies to the right of a1, the first zero of Ai).
The Airy law f(x) = Ai(|x| + a)^2 / Z has the score psi(x) = -2 sign(x) h(|x| + a).

**Lemma.**  On [a, oo):

  (i)   h(a) = 0, h is increasing, so h >= 0;
  (ii)  w = h^2 - y decreases from w(a) = -a = |a1'| towards 0, so
            y < h(y)^2 <= y - a1'      (y >= a),
        i.e. |psi(x)| <= 2 sqrt|x| for every x, and -Ai'/Ai > sqrt(y) for y > 0;
  (iii) Ai(y)^2 <= Ai(a)^2 exp(-(4/3) max(y, 0)^{3/2});
  (iv)  phi = log f is C^2 on the line with phi'' = -2 w(|x| + a) in [2 a1', 0): the Airy
        law is strictly log-concave with curvature at most 2|a1'| (used by ``airy_renyi_bound``).

*Proof.*  Ai'' = y Ai (DLMF 9.2.1) gives the Riccati equation h' = h^2 - y, and
h(a) = 0 because Ai'(a) = 0.  Then w = h' and w' = 2 h w - 1, w'' = 2 w^2 + 2 h w'.
At a: w = -a > 0 and w' = -1 < 0.  Suppose w' vanished somewhere; at its first
zero y1, w(y1) != 0 (else w' = -1 there), so w''(y1) = 2 w(y1)^2 > 0 and w' > 0
just after y1; at any later zero y2 of w' we would need w''(y2) <= 0, yet
w''(y2) = 2 w(y2)^2 > 0.  So w would increase on (y1, oo).  But w -> 0, since
h(y) = sqrt(y) + 1/(4y) + O(y^{-5/2}) by the asymptotic expansions of Ai and Ai'
(DLMF 9.7.5, 9.7.6), so h^2 - y = 1/(2 sqrt y) + O(1/y^2); an increasing w with
limit 0 is negative on (y1, oo), making h decreasing there, against h ~ sqrt(y).
Hence w' < 0 on [a, oo): w decreases strictly to its limit 0, so 0 < w <= -a,
which is (ii), and h' = w > 0, which is (i).  For (iii), log Ai(y) - log Ai(a)
= -integral_a^y h <= -integral_0^y sqrt(s) ds = -(2/3) y^{3/2} for y >= 0 by
(i) and (ii), and Ai is decreasing on [a, oo) by (i).  For (iv), phi' = psi =
2 sign(x) g(|x| + a) and, for x != 0, phi'' = 2 g'(|x| + a) = 2 (y - g^2) = -2 w(y); the one-sided
derivatives of psi at 0 are both lim 2 g(a + h)/h = 2 g'(a) = 2a (g(a) = 0), so phi'' is
continuous there too, and (ii) bounds it.  QED.

The lower half of (ii) is the classical sqrt(y) < -Ai'(y)/Ai(y) (y > 0); in
Bessel form Ai = sqrt(y/3) K_{1/3}(zeta)/pi, Ai' = -y K_{2/3}(zeta)/(pi sqrt 3),
zeta = (2/3) y^{3/2} (DLMF 9.6.1, 9.6.2), it reads K_{2/3} > K_{1/3}.  Explicit
error terms for the asymptotics of Ai are in Krasikov, arXiv:1107.2007, §4.
The upper half, with the constant -a1' that makes it exact at y = a1', is the
one the tail bounds below need; the argument above is self-contained.

**Tail of the score's integrals** (used by ``airy_score_cgf``).  For k >= 0,
t >= 0 and Y >= max(3t, -a, 1) with k log(8Y) <= Y^{3/2}/3 and k <= Y^{3/2}/2,

    integral_Y^oo Ai(y)^2 (2h)^{2k} cosh(2th) dy
        <= Ai(a)^2 e^{2t sqrt(-a)} (3/sqrt(Y)) e^{-Y^{3/2}/3}.

*Proof.*  cosh(2th) <= e^{2th}, h <= sqrt(y - a) <= sqrt(y) + sqrt(-a) and
(2h)^{2k} <= (4(y - a))^k <= (8y)^k by (ii); with (iii) the integrand is at most
Ai(a)^2 e^{2t sqrt(-a)} (8y)^k e^{2t sqrt(y) - (4/3) y^{3/2}}.  For y >= 3t,
2t sqrt(y) - (4/3) y^{3/2} = sqrt(y) (2t - 4y/3) <= -(2/3) y^{3/2}; and
(8y)^k <= e^{y^{3/2}/3} holds at Y and keeps holding beyond it, since the
derivative of the logarithm, k/y, is below that of y^{3/2}/3, sqrt(y)/2, when
k <= Y^{3/2}/2.  Finally integral_Y^oo e^{-y^{3/2}/3} dy <= integral_Y^oo
e^{-sqrt(Y) y/3} dy = (3/sqrt Y) e^{-Y^{3/2}/3}.  QED.

All constants are Arb balls; a condition that Arb cannot decide raises
``EnvelopeError`` (never a silent pass).
"""
from __future__ import annotations

from functools import lru_cache

from flint import arb

from ...core.model.errors import ProofcheckError
from ...core.numbers.precision import arb_bits


class EnvelopeError(ProofcheckError):
    """A side condition of a tail bound was not certified by Arb."""


@lru_cache(maxsize=16)
def airy_law_anchor(prec: int) -> tuple:
    """(a1', Ai(a1')^2) as Arb balls at ``prec`` bits.

    >>> a, peak = airy_law_anchor(64)
    >>> bool(a < -1.0187 and a > -1.0189) and bool(peak > 0.28 and peak < 0.29)
    True
    """
    with arb_bits(prec):
        a = arb.airy_ai_zero(1, derivative=1)
        return a, a.airy_ai() ** 2


def score_integral_tail(t, k: int, cutoff, prec: int) -> arb:
    """An upper bound for integral_Y^oo Ai^2 (2h)^{2k} cosh(2th) dy, Y = ``cutoff`` (module docstring).

    ``t`` and ``cutoff`` are exact numbers (int, Fraction-like string, or arb with zero radius).

    >>> bool(score_integral_tail(1, 3, 40, 64) < arb(10) ** -30)
    True
    """
    with arb_bits(prec):
        a, peak = airy_law_anchor(prec)
        t, y = arb(t), arb(cutoff)
        y32 = y * y.sqrt()
        conditions = {
            "Y >= 3t": y >= 3 * t,
            "Y >= -a1'": y >= -a,
            "Y >= 1": y >= 1,
            "k log(8Y) <= Y^(3/2)/3": k * (8 * y).log() <= y32 / 3,
            "k <= Y^(3/2)/2": k <= y32 / 2,
            "t >= 0": t >= 0,
        }
        failed = [name for name, holds in conditions.items() if not holds]
        if failed:
            raise EnvelopeError(f"tail bound at Y = {cutoff}, t = {t}, k = {k}: not certified: {', '.join(failed)}")
        return peak * (2 * t * (-a).sqrt()).exp() * 3 / y.sqrt() * (-y32 / 3).exp()


def log_derivative_bounds_hold_at(y, prec: int = 128) -> bool:
    """True when Arb certifies y < h(y)^2 <= y - a1' at the exact point ``y`` >= a1' (a spot check of (ii)).

    >>> all(log_derivative_bounds_hold_at(y) for y in ("0.5", 2, 10))
    True
    """
    with arb_bits(prec):
        a, _ = airy_law_anchor(prec)
        y = arb(y)
        h = -y.airy_ai(derivative=1) / y.airy_ai()
        return bool(y < h * h) and bool(h * h <= y - a) and bool(h >= 0)
