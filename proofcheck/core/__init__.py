"""The paper-agnostic engine: claims, expressions, precision, enclosures, checkers.

Nothing here knows about differential privacy or any particular paper.  Its folders,
lowest first: ``model`` (what a claim is), ``numbers`` (values at a stated precision),
``points`` (where a claim is checked), ``symbolic`` (what SymPy derives), ``proofs``
(signs proved over a whole domain by Arb branch and bound), ``decimals``
(digits of constants), ``literate`` (derivation scripts), ``kinds`` (the checkers) and
``run`` (checking claims in isolated workers, and the cache).  The engine's map, with the
path of ``proofcheck verify --only lemma-4.1`` from the command line to the verdict, is
``docs/architecture.md``.
"""
