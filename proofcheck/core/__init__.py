"""The paper-agnostic engine: claims, expressions, precision, enclosures, checkers.

Nothing here knows about differential privacy or any particular paper.

The engine's map: ``proofcheck verify --only lemma-4.1`` from the command line to
the verdict.

1. ``cli.main`` reads the subcommand and imports only ``commands/verify.py``.
2. ``commands/verify.run`` lists the packs' records without parsing them
   (``papers.list_claims`` -> ``core/claims.list_path``), keeps the ids of
   ``--only``, and hands them to ``core/verdict_cache.run_with_cache``.
3. A verdict kept in ``.proofcheck_cache/`` under the same content hash is
   reused; otherwise the claim is built by the worker that checks it (step 4),
   once per process: ``papers.built_claim`` (one record of one file) ->
   ``core/claims.build_claim``, which parses each expression with the whitelist
   parser (``core/model/expressions.py``), the parameters' domain (``core/model/domains.py``),
   and takes the claim's checker from the kind registry (``core/model/registry.py``,
   listed in ``proofcheck/kinds.py``): for ``lemma-4.1``, kind ``identity``.
4. ``core/runner.run`` checks the claim in a forked worker with a time and memory
   limit (a worker takes a whole paper's claims, ``core/run/schedule.py``);
   ``runner.check_claim`` calls the checker.
5. ``core/kinds/equality.Identity.check`` -> ``equality_check``: the SymPy route
   (``core/symbolic.closed_form``) integrates E|exp(sigma Z - sigma^2) - 1| piece
   by piece between the kinks of ``Abs``, each piece by completing the square
   (``core/symbolic/gaussian_integrals.py``, which also takes polynomial moments by parts),
   holds the integral's closed form against its quadrature at two probe points
   (``core/symbolic/corroboration.py``: SymPy's operators can be wrong), and reduces derived
   minus asserted to 0: symbolic evidence.  Had it stopped,
   ``numeric_compare`` would compare both sides with mpmath (``core/numbers/numeric.py``)
   at points drawn from the domain, at ``--dps`` and twice it, tanh-sinh
   quadrature (``core/numbers/tanh_sinh.py``, cut at the integrand's kinks by
   ``core/numbers/quadrature_pieces.py``, settled by ``core/numbers/settled_quadrature.py``: cut
   again at a peak between its nodes, and measured at the integral's own scale)
   calling the integrand compiled onto Arb balls as one generated function
   (``core/numbers/arb_expressions.py``) at its nodes held as balls, each level summed
   on balls (``core/numbers/ball_integrands.py``; the radii left out of the sum are entered
   in ``core/numbers/dropped_radii.py``, an error where they reach seven eighths of the
   bits); and Arb
   (``core/numbers/intervals.py``, through the same compiled expressions) would decide
   constants.  Two agreeing mpmath values would then be vouched for by the sides'
   balls (``core/numbers/side_balls.py``): Arb encloses each side around mpmath's values of
   the parts it cannot enclose, each within its change between dps and 2*dps, so that
   what a side cancels widens its ball instead of vanishing.  (An inequality's points
   are decided in ``core/kinds/inequality_points.py``: Arb balls, then the sides' balls; an
   identity's points besides the samples, in ``core/kinds/identity_points.py``.)
6. The ``Verdict`` (``core/model/verdict.py``: status, evidence, route, details), in a
   ``Result`` with its controls' ``MutantReport`` (``core/model/results.py``),
   travels back to ``commands/verify``, which prints it with ``report/console.py``
   (or ``report/failures.py`` for a failure) and keeps it in the cache.
"""
