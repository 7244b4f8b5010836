"""The command line: parse, call, print.  Each subcommand lives in ``commands/``.

Exit status: 0 success, 1 a claim failed (or an audit found a wrong decimal),
2 bad input (a one-line message, never a traceback).
"""
from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

from .core.model.errors import ProofcheckError, shorten
from .version import __version__

# Subcommands, in the order `proofcheck --help` lists them, with their one-line help.
# Each lives in commands/NAME.py, imported only when it runs: `proofcheck --help` and a
# mistyped option answer at once, without loading SymPy.
COMMANDS = {
    "verify": "check the claims of a paper (all papers by default)",
    "derive": "run a literate derivation of the paper step by step",
    "constants": "certified digits of the paper's constants, and the audit of every decimal it prints",
    "audit": "is a printed decimal a correct rounding or truncation of an expression?",
    "mechanism": "the shifted-log Gaussian mechanism: sigma, v(n), epsilon, exact expected error",
    "gap": "the mechanism's v(n) against the best lower bound of section 6",
    "zcdp": "tight zCDP parameter of a mechanism (arXiv 2510.25746)",
    "explore": "explore beyond the paper (proofcheck's own findings)",
    "report": "write the map of each paper (Markdown or JSON), with figures",
    "plot": "draw a figure of the report (PNG and SVG; needs matplotlib)",
    "packs": "list the paper packs and their claims",
    "kinds": "the reference of claims files: every kind, its fields, examples",
    "new": "write a commented claims file to start from",
    "completion": "print a completion script for bash, zsh or tcsh",
}

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # A bad value of one option (argparse says "argument --samples: ...") is answered in one
        # line, as a bad --dps is; the usage is shown for what is missing or unknown.
        if message.startswith("argument -") and ": expected one argument" not in message:
            print(f"proofcheck: error: {message.removeprefix('argument ')}", file=sys.stderr)
            sys.exit(EXIT_USAGE)
        self.print_usage(sys.stderr)
        print(f"proofcheck: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``command``'s options are built (all of them when ``command`` is "all")."""
    parser = _Parser(prog="proofcheck", description="Re-verify the mathematics of differential-privacy "
                     "papers from definitions, claim by claim.")
    parser.add_argument("--version", action="version", version=f"proofcheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, summary in COMMANDS.items():
        if command in (name, "all"):
            importlib.import_module(f"proofcheck.commands.{name}").add_parser(sub, summary)
        else:
            sub.add_parser(name, help=summary)
    return parser


def _command_of(argv) -> str | None:
    """The subcommand named in ``argv``: its first word that is not an option."""
    return next((word for word in argv if not word.startswith("-")), None)


def collect_garbage_seldom():
    """Python's cycle collector, run about seventy times less often than by default.

    SymPy and mpmath allocate millions of short-lived objects, and at the default
    threshold (a young collection every 700 allocations) the collector took about a
    tenth of a check's time.  An old collection still follows every ten million
    allocations: rarer ones let the cycles of a check at 1000 digits hold a fifth
    more memory.
    """
    gc.set_threshold(50_000, 20, 10)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    collect_garbage_seldom()
    parser = build_parser(_command_of(argv))
    args = parser.parse_args(argv)
    # `completion` describes every command: it is handed the whole parser (commands/ sit below cli).
    args.whole_parser = lambda: build_parser("all")
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.run(args)
    except ProofcheckError as error:
        # One line, and short: a message may echo a 4,000-character expression.
        print(f"proofcheck: error: {shorten(error, 400)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("proofcheck: interrupted", file=sys.stderr)
        return 130
    except SystemError as error:
        # Ctrl-C inside a callback of python-flint's integrals comes out as a SystemError.
        if not isinstance(error.__cause__ or error.__context__, KeyboardInterrupt):
            raise
        print("proofcheck: interrupted", file=sys.stderr)
        return 130
    except (ArithmeticError, ValueError, TypeError, RecursionError, MemoryError) as error:
        # An argument beyond what a computation supports (r = 10^-300): one line, not a traceback.
        # PROOFCHECK_TRACEBACK=1 shows where, for a report of a fault.
        if os.environ.get("PROOFCHECK_TRACEBACK"):
            raise
        print(f"proofcheck: error: cannot compute with these arguments ({type(error).__name__}: "
              f"{shorten(error, 300)}); PROOFCHECK_TRACEBACK=1 shows where", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
