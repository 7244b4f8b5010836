"""``proofcheck packs``: the paper packs that ship with proofcheck, with their claims' count."""
from __future__ import annotations

import json
import sys


def add_parser(sub, summary):
    p = sub.add_parser("packs", help=summary,
                       description="List the paper packs: the name `verify PAPER` takes, the number of "
                       "claims, the title and the source.")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..papers import list_claims, packs
    rows: list[dict] = [{"name": pack.name, "claims": len(list_claims([pack.name])), "title": pack.title,
             "source": pack.source} for pack in packs().values()]
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{row['name']:{width}}  {row['claims']:4} claims  {row['title']}")
    return 0
