"""Rényi and KL divergences from their definitions, the unequal-variance Gaussian of §7,
the tight zCDP parameter rho = sup D_alpha/alpha, and the claim kinds built on them.
"""
