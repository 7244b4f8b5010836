"""Literate derivations: the paper's key derivations as numbered SymPy steps.

A derivation script (in this project, ``derivations/NAME.py``, found through
``proofcheck/scripts.py``) is read top to bottom beside the paper.
Each step carries the paper's label (an equation number, a lemma), a
sentence of prose, and a value that SymPy computes from the values of
earlier steps.  Where the paper states that value, the step asserts that the
computed value equals the statement as the script writes it; a step never
types in its own result.

How a step is established, strongest first:

* ``symbolic``   SymPy reduces ``computed - stated`` to 0, or decides a sign
                 from the assumptions of the symbols (positive, integer, ...);
* ``certified``  SymPy did not finish.  The step says so and falls back to
                 Arb balls (``proofcheck.core.numbers.intervals``): both sides are
                 enclosed at exact sample points of the parameter domain and
                 must agree to ``establish.DIGITS`` significant digits (or the
                 sign is decided).  An integral SymPy leaves open is integrated by
                 Arb's rigorous quadrature (finite ranges only).  This is
                 evidence at those points, not a proof for every parameter
                 value, and the transcript says which;
* ``logical``    a step that cites a published theorem (Markov, Pinsker,
                 Lemma 6.1) without computation, listed so the chain is whole
                 (the evidence a claim's verdict calls by the same name);
* ``definition`` a quantity the paper defines or a choice it makes.

A certified non-zero difference at any sample point fails a step at once,
with that point as the counterexample; an interval comparison that stays
undecided fails too (it is never a pass).  A failing step raises
``DerivationFailed``; the steps before it stay in the transcript.

Named inputs can be replaced so that a reader or a test can watch a broken
derivation fail: ``Derivation(overrides={"drift": "sigma**2/2"})`` or
``proofcheck derive NAME --set drift='sigma**2/2'``.  A key names either a
choice (``d.given(..., key=...)``) or the paper's statement of a step
(``d.step(..., paper=..., key=...)``); override text is parsed by the
whitelisted parser of ``expressions.py``, never evaluated.

Each script defines ``TITLE``, ``SOURCE``, ``ESTABLISHES`` (result key ->
paper location), ``derive(d)``, ``results()`` (``literate.results(derive)``,
computed once per process) and ends with
``raise SystemExit(command_line.standalone(derive, TITLE, SOURCE))`` so that it runs
standalone with ``--markdown``.

The modules: ``derivation`` (the transcript: steps, symbols, overrides,
results), ``establish`` (how a step is established), ``points`` (the exact
points of the certified fallback), ``rendering`` (plain text and Markdown) and
``command_line`` (a script run on its own).
"""
from .derivation import Derivation, DerivationFailed, Display, Step, name, results, run

__all__ = ["Derivation", "DerivationFailed", "Display", "Step", "name", "results", "run"]
