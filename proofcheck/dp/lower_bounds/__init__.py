"""The lower bounds of §6: mechanism-independent bounds on v(n) (``bounds``) and the
information chain of Theorem 6.4 at concrete instances (``chain``, ``instance``,
``quantities``, ``released_laws``, ``noise_integrals``, ``line_quadrature``).
"""
