"""A derivation's own command line: ``python derivations/NAME.py [--markdown] [--set KEY=EXPR]``.

``proofcheck derive NAME`` prints the same transcript through ``present``; a script
ends with ``raise SystemExit(standalone(derive, TITLE, SOURCE))`` to run on its own.
Exit status: 0 every step held, 1 a step failed, 2 bad input (a bad ``--set``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from ..model.errors import ProofcheckError
from . import rendering
from .derivation import DerivationFailed, run


def parse_overrides(items) -> dict[str, str]:
    """``KEY=EXPR`` strings from the command line, as a mapping."""
    overrides = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ProofcheckError(f"--set expects KEY=EXPRESSION, got {item!r}")
        overrides[key.strip()] = value.strip()
    return overrides



def present(derive, title: str, source: str, markdown: bool = False, overrides=None,
            stream=None) -> int:
    """Run and print a derivation step by step; 0 if every step held, 1 if one failed."""
    stream = stream or sys.stdout
    header = rendering.render_markdown_header if markdown else rendering.render_text_header
    stream.write(header(title, source) + "\n")
    render = rendering.render_markdown if markdown else rendering.render_text

    def show(step):
        stream.write(render(step) + "\n")
        stream.flush()

    start = time.perf_counter()
    try:
        d = run(derive, title, source, overrides=overrides, on_step=show)
    except DerivationFailed as failure:
        stream.write(f"derivation failed at step {failure.step.number} ({failure.step.label})\n")
        return 1
    stream.write(rendering.render_summary(d, time.perf_counter() - start, markdown))
    return 0



def standalone(derive, title: str, source: str, argv=None) -> int:
    """Command line of a standalone script: ``python derivations/NAME.py [--markdown]``."""
    parser = argparse.ArgumentParser(description=title)
    parser.add_argument("--markdown", action="store_true", help="print Markdown with LaTeX math")
    parser.add_argument("--set", action="append", metavar="KEY=EXPR", default=[],
                        help="replace a keyed input or statement (to watch a broken step fail)")
    args = parser.parse_args(argv)
    try:
        return present(derive, title, source, markdown=args.markdown,
                       overrides=parse_overrides(args.set))
    except ProofcheckError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader closed the pipe (``| head``): not an error of the derivation.
        sys.stdout = open(os.devnull, "w")
        return 0
