"""Which points a claim is checked at, beyond the domain's own draw.

``policy`` (a claim's sample, its explicit points and its ties), ``ties`` (parameters on
the diagonal), ``small_integers`` (every small integer of an all-integer claim),
``box_search`` (Arb on halved boxes, best first), ``slack_roots`` (where a slack or a
piece switches, solved by SymPy) and ``counterexamples`` (the search between the sampled
points for a point where an inequality fails).
"""
