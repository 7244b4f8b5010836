"""Certified proofs over a claim's whole domain (issue 45, item 1).

An inequality's slack is enclosed by Arb over boxes that cover the stated domain:

* ``boxes``            a box of unit intervals, its halves, and its exact Arb balls;
* ``compactify``       the domain as pieces of the unit cube: a bounded range is mapped
                       linearly, a half-line as a near piece x = a + s and a far piece
                       x = a + 1/s, so that s -> 0 is x -> oo; a bound that moves with an
                       earlier parameter (0 < r0 < r) moves with that parameter's map;
* ``enclosure``        the slack over a box: natural form, mean-value form with Arb
                       derivatives from ``sympy.diff``, and monotonicity in a variable
                       proved from the sign of its derivative;
* ``ends``             an open edge or an infinite end, settled by the signs of the
                       Taylor coefficients there and a proved sign of a derivative, or,
                       where the slack is not defined there, by its limit and its slope;
* ``extended``         enclosures whose ends may be infinite (a pole at a box's edge);
* ``scaled_tails``     e^A erfc(B) written e^(A - B^2) erfcx(B), where the two cancel;
* ``branch_and_bound`` best-first splitting within a budget of boxes and CPU seconds.

The outcome is "proved" (every box settled), "refuted" (a box whose enclosure has
strictly the wrong sign, and a point of it checked exactly by the caller) or "undecided"
(the budget ran out; the region left is named).
"""
