"""Noise laws of log-location mechanisms: densities, scores, E|X| and Fisher
information (``laws``), derived symbolically (``symbolic_moments``), and the score's
cumulant generating function by quadrature (``score_cgf_quadrature``).
"""
