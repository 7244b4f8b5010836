"""``proofcheck new FILE``: a commented claims file, one claim of each common kind, that passes
``proofcheck verify --claims FILE`` and ``pytest FILE`` as written (tests/test_new_command.py)."""
from __future__ import annotations

from pathlib import Path

# The kinds a first claims file most often needs, in the order the scaffold shows them; each
# claim is the reference's passing example (reference_data.py), checked by the test suite.
COMMON_KINDS = ("identity", "inequality", "decimal", "limit", "series", "optimum",
                "renyi", "kl", "alpha-one-limit", "zcdp-supremum")

HEADER = """\
# Claims of {name}: one [[claim]] table per statement of the paper.
# Check them with `proofcheck verify --claims {file}`, or `pytest {file}`
# (each claim is one test item).  `proofcheck kinds` prints the reference of every
# kind and field (docs/claims-reference.md); `proofcheck kinds KIND` one kind.
# Expressions are strings: `**` for powers, `*` for products; names of parameters are
# declared under `params` with their domain, bound variables under `variables`.
# Each claim below passes as written: edit it into your paper's own, or delete it.
paper = "{name}"
section = "1"
title = "{name}"
"""


def add_parser(sub, summary):
    p = sub.add_parser("new", help=summary,
                       description="Write a commented claims file with one claim of each common kind, "
                       "ready to edit and to check with `proofcheck verify --claims FILE` or `pytest FILE`. "
                       "Name it NAME.claims.toml: pytest collects only such files.")
    p.add_argument("file", metavar="FILE", help="the claims file to write (e.g. mypaper.claims.toml)")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    p.set_defaults(run=run)


def scaffold(name: str, file: str) -> str:
    """The text of a new claims file named ``name``."""
    from ..kinds import engine_kinds
    from ..reference_data import KINDS
    kinds = engine_kinds()
    parts = [HEADER.format(name=name, file=file)]
    for kind in COMMON_KINDS:
        fields = ", ".join(kinds[kind].required)
        parts.append(f"# kind {kind}: {kinds[kind].description}.\n"
                     f"# Its fields: {fields} (`proofcheck kinds {kind}`).\n" + KINDS[kind]["passing"])
    return "\n".join(parts)


def run(args) -> int:
    from ..core.model.errors import ProofcheckError
    path = Path(args.file)
    if path.exists() and not args.force:
        raise ProofcheckError(f"{path} exists; --force overwrites it")
    name = path.name.removesuffix(".toml").removesuffix(".claims") or "my-paper"
    try:
        path.write_text(scaffold(name, str(path)), encoding="utf-8")
    except OSError as error:
        raise ProofcheckError(f"cannot write {path}: {error.strerror}") from None
    print(f"wrote {path}: {len(COMMON_KINDS)} claims, one of each common kind; "
          f"check them with `proofcheck verify --claims {path}`")
    if not path.name.endswith(".claims.toml"):
        print("note: pytest collects only files named *.claims.toml")
    return 0
