"""``proofcheck kinds [KIND]``: the reference of claims files (docs/claims-reference.md)."""
from __future__ import annotations


def add_parser(sub, summary):
    p = sub.add_parser("kinds", help=summary,
                       description="Print the reference of claims files: the fields of every claim, "
                       "and of each kind a claims file may use, with one example that passes and one "
                       "that fails. The same text is docs/claims-reference.md.")
    p.add_argument("kind", nargs="?", metavar="KIND", help="print this kind only")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..core.model.errors import ProofcheckError
    from ..core.model.suggest import did_you_mean
    from ..reference import render, user_kinds
    if args.kind is not None and args.kind not in user_kinds():
        raise ProofcheckError(f"unknown kind '{args.kind}'{did_you_mean(args.kind, user_kinds())}; "
                              f"known: {', '.join(user_kinds())}")
    print(render(args.kind), end="")
    return 0
