"""The command line: parse, call, print.  Each subcommand lives in ``commands/``.

Exit status: 0 success, 1 a claim failed (or an audit found a wrong decimal),
2 bad input (a one-line message, never a traceback).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__
from .core.errors import ProofcheckError, shorten

# Subcommands, in the order `proofcheck --help` lists them.  A module that is
# not installed is simply not offered.
COMMANDS = ("verify", "derive", "constants", "audit", "mechanism", "gap", "zcdp", "explore",
            "report", "plot")

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"proofcheck: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="proofcheck", description="Re-verify the mathematics of differential-privacy "
                     "papers from definitions, claim by claim.")
    parser.add_argument("--version", action="version", version=f"proofcheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"proofcheck.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"proofcheck.commands.{name}":
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
    except BrokenPipeError:
        return EXIT_OK
