"""What a claim is and what checking it gives back, below every route.

``errors`` (every exception the engine raises, the evaluation errors included),
``timeout`` (the time budget of a symbolic step), ``expressions`` (the whitelist parser
and the operators a side may hold), ``sympy_repairs`` (SymPy's assumptions, repaired where
they answer wrongly, installed as an expression is read), ``domains`` and ``sampling`` (a
claim's parameters, their ranges, and the points a domain draws: general position, edges,
log-uniform wide ranges), ``claims`` (a claims file read into records and claims),
``verdict`` and ``results`` (a verdict with its evidence and route; a claim's result with
its negative controls), ``registry`` (which checker decides each kind), ``narrowing`` and
``support`` (what a verdict says of a narrowed box and of the chain it rests on).
"""
