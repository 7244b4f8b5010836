"""Certified sub-Gaussian scores: K(t) <= c t^2 for every real t, for the Airy law
and the comparison laws, decided by Arb balls.
"""
