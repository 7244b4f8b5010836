"""Numbers at a stated precision: mpmath values, Arb balls and quadrature.

``precision`` (working digits, the margin a comparison needs, ``short`` for a number in a
verdict's text), ``numeric`` (an expression's value at a point), ``numeric_limits`` (a
limit watched along points that approach it), the quadrature (``tanh_sinh``,
``quadrature_pieces``, ``settled_quadrature``, ``ball_integrands``, ``dropped_radii``),
``arb_expressions`` (an expression compiled onto Arb balls), ``intervals`` (certified
enclosures and decisions), ``side_balls`` (a side of a comparison as a ball around
mpmath's values) and ``golden`` (a one-variable extremum).
"""
