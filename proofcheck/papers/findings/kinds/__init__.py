"""Kinds for proofcheck's own findings beyond the paper (the ``findings`` pack).

These claims are not the paper's: they explore the question §8 leaves open,
the leading constant C* of (32), by changing the noise law of the
log-location mechanism (``proofcheck.dp.noise.laws``, ``proofcheck.dp.mechanisms.log_location``).
Expressions may use the symbol ``a1p`` for a1', the first zero of Ai'
(a negative number, about -1.0188): numeric routes take it from mpmath,
certified routes from Arb's ``airy_ai_zero``.

* ``noise-law-quantity``  E|X|, I, I (E|X|)^2 or the normaliser of a law:
  derived by SymPy from the density where it can (``symbolic``), and always
  computed by quadrature at dps and 2 dps (``numeric``);
* ``ground-state``        the lowest eigenvalue of -u'' + |x| u, by Taylor-series
  shooting without Airy functions (``numeric``);
* ``airy-constant``       an inequality or a printed decimal about a closed form
  in a1', decided by Arb balls (``certified``);
* ``renyi-profile``       on a grid of shifts and orders, D_alpha / alpha is
  largest at the asserted order (1 stands for the KL limit) (``numeric``);
* ``small-shift-limit``   KL(delta) / delta^2 tends to the asserted value and the
  score's cumulant generating function stays below the Gaussian one, so that
  sup_alpha D_alpha / alpha ~ I delta^2 / 2 (``numeric``);
* ``sub-gaussian-score``  K(t) <= c t^2 for every real t, K the score's cumulant
  generating function: Arb-certified integrals on a covering of [0, T], the
  Taylor form near 0 and an analytic tail (``certified``; ``dp.sub_gaussian_score``);
  with ``exceeds_at``, the opposite: K(t*) > I t*^2/2 at that point (``certified``);
* ``log-location-family`` the calibrated mechanism of a law meets the utility
  requirement and has the asserted iterated limit of r^2 n^2 v(n) (``numeric``).

Every kind derives what it checks and is shown, by its negative controls, to
reject a perturbed assertion.  Each kind has its module here, named after it;
``common`` holds what they share.
"""
