"""A bound on sup over alpha of D_alpha/alpha for the Airy law at every shift, uniform in alpha.

Let f be the Airy law (``noise_laws.AiryLaw``), phi = log f, psi = phi' its score,
I = 4|a1'|/3 its Fisher information, and for a shift delta > 0 let
ell(x) = phi(x) - phi(x - delta) be the privacy loss, so that

    D_alpha(delta) = D_alpha(X || X + delta) = log E_f[exp((alpha - 1) ell(X))] / (alpha - 1),
    KL(delta) = E_f[ell(X)]   (the alpha -> 1 limit).

**Theorem.**  For every delta > 0, alpha > 1 and p > 1 (q = p/(p - 1)),

    D_alpha(delta) <= KL(delta) + (alpha - 1) B_p(delta),   B_p = p I delta^2/2 + q a1'^2 delta^4/8,

so D_alpha/alpha, a weighted mean of KL and B_p (weights 1 and alpha - 1 over alpha),
is at most max(KL, B_p).  With the best p, B = delta^2 (sqrt(I/2) + |a1'| delta/(2 sqrt 2))^2:

    sup over alpha > 1 of D_alpha(delta)/alpha <= max(KL(delta), B(delta)) = (I/2) delta^2 (1 + O(delta)),

because KL(delta)/delta^2 -> I/2 (below).  Since sup_alpha D_alpha/alpha >= KL(delta) (the alpha -> 1
limit), sup_alpha D_alpha(delta)/(alpha delta^2) -> I/2 as delta -> 0: the supremum over the orders
and the small-shift limit commute, for the Airy law.

*Proof.*  By (iv) of ``airy_log_derivative``, phi is C^2 with -2|a1'| <= phi'' < 0, so Taylor's
theorem with the Lagrange remainder gives ell(x) = delta psi(x) + r(x) with 0 < r(x) <= |a1'| delta^2.
E_f psi = 0, so E_f r = KL(delta).  Hoelder's inequality with exponents p, q and lam = alpha - 1:

    log E e^{lam ell} <= (1/p) log E e^{p lam delta psi} + (1/q) log E e^{q lam r}.

The first term is K(p lam delta)/p <= p lam^2 I delta^2/2, by K(t) <= I t^2/2 for *every* real t
(finding ``airy-score-sub-gaussian``, certified by Arb; t = p lam delta ranges over all of (0, oo) as
alpha does, which is why the certificate must cover every t).  The second is at most
lam E r + q lam^2 a1'^2 delta^4/8, by Hoeffding's lemma for r in [0, |a1'| delta^2]
(Hoeffding, J. Amer. Statist. Assoc. 58 (1963), in the proof of Theorem 2; Boucheron, Lugosi
and Massart, Concentration Inequalities (2013), Lemma 2.2).  Dividing by lam
gives the theorem.  Minimising p I/2 + q (a1' delta)^2/8 over p > 1 gives (sqrt(I/2) + |a1'| delta/sqrt 8)^2.
Finally KL(delta)/delta^2 = E[r(X)]/delta^2 = E[-phi''(xi_X)/2] with xi_X between X - delta and X;
-phi''/2 = w is bounded by |a1'| and continuous, so by dominated convergence it tends to
E w(|X| + a1') = E[-phi''(X)]/2 = E psi^2/2 = I/2 (integration by parts).  QED.

For the log-location mechanism the edge n - 1 <-> n shifts X by delta_n ~ 1/(n s), so
v(n) = sup_alpha D_alpha(delta_n)/alpha = (I/2) delta_n^2 (1 + o(1)) and n^2 v(n) -> I/(2 s^2).
"""
from __future__ import annotations

import mpmath

from ..numerics.airy_functions import first_zero_of_airy_derivative


def best_holder_constant(delta, dps: int = 30):
    """B(delta) = delta^2 (sqrt(I/2) + |a1'| delta / (2 sqrt 2))^2, I = 4|a1'|/3 (the theorem's bound).

    >>> mpmath.nstr(best_holder_constant(mpmath.mpf("0.01")) / mpmath.mpf("0.01")**2, 8)
    '0.68514531'
    """
    with mpmath.workdps(dps):
        a = abs(first_zero_of_airy_derivative(dps + 10))
        half_fisher = 2 * a / 3
        return delta**2 * (mpmath.sqrt(half_fisher) + a * delta / (2 * mpmath.sqrt(2)))**2


def holder_bound(delta, alpha, kl, p, dps: int = 30):
    """The theorem's bound on D_alpha(delta) for one p > 1: KL + (alpha - 1)(p I delta^2/2 + q a1'^2 delta^4/8)."""
    with mpmath.workdps(dps):
        a = abs(first_zero_of_airy_derivative(dps + 10))
        fisher = 4 * a / 3
        q = p / (p - 1)
        return kl + (alpha - 1) * (p * fisher * delta**2 / 2 + q * a**2 * delta**4 / 8)
