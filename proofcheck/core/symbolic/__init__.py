"""The symbolic routes: what SymPy derives, and how the engine holds it to the numbers.

``operators`` (integrals, sums, limits and derivatives taken by SymPy, piece by piece),
``gaussian_integrals`` (Gaussian integrals by completing the square, moments by parts),
``corroboration`` (a closed form held against its operator computed numerically),
``signs`` (signs proved from assumptions) and ``unique_stationary_point``.
"""
