"""How a claim, a verdict and a run look in a notebook: Markdown with ``$...$`` math, and LaTeX.

Jupyter typesets the math of a Markdown output before (or apart from) parsing
the Markdown, so a claim's ``statement_tex`` is shown as written, except that
``<`` and ``>`` are spelled ``\\lt`` and ``\\gt`` (no HTML tag can open inside a
formula) and, inside a table, a bar is ``\\vert`` (a renderer that splits table
cells first would cut the formula there).  A claim without ``statement_tex``
is typeset from its expressions by SymPy's LaTeX printer (``claim_latex``), its words beside.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..report.markdown import code_inline, plain, states_a_claim

if TYPE_CHECKING:
    from ..core.model.claims import Claim

_RELATIONS = {"<": "<", "<=": "\\le", ">": ">", ">=": "\\ge"}
STATUS_WORDS = {"passed": "passed", "failed": "**FAILED**", "error": "**ERROR**"}


def math(tex: str, in_table: bool = False) -> str:
    """``$tex$`` for a notebook's Markdown."""
    tex = " ".join(tex.split()).replace("<", "\\lt ").replace(">", "\\gt ")
    if in_table:
        tex = tex.replace("\\|", "\\Vert ").replace("|", "\\vert ")
    return f"${tex.strip()}$"


def statement(text: str, tex: str | None, in_table: bool = False) -> str:
    """The statement as a claim: its formula when the formula states one, else the words as code."""
    if tex and "$" not in tex and states_a_claim(tex):
        return math(tex, in_table)
    return code_inline(text, in_table)


def claim_latex(claim: Claim) -> str | None:
    """The claim typeset from its parsed expressions (SymPy's LaTeX), or None when it has none.

    An identity and an inequality show both sides; any other kind its asserted
    expression alone (a limit's ``expr`` is not equal to its ``asserts``).
    """
    import sympy as sp  # lazy: displaying a claim loads SymPy only when it renders mathematics
    parsed = claim.parsed
    if claim.kind == "inequality" and {"lhs", "rhs", "rel"} <= set(parsed):
        relation = _RELATIONS.get(str(parsed["rel"]), str(parsed["rel"]))
        return f"${sp.latex(parsed['lhs'])} {relation} {sp.latex(parsed['rhs'])}$"
    if claim.kind == "identity" and {"lhs", "asserts"} <= set(parsed):
        return f"${sp.latex(parsed['lhs'])} = {sp.latex(parsed['asserts'])}$"
    kind = claim.checker
    for name in getattr(kind, "asserted_fields", ()):
        if isinstance(parsed.get(name), sp.Basic):
            return f"${sp.latex(parsed[name])}$"
    return None


def shown(claim: Claim, in_table: bool = False) -> str:
    """The claim as a formula: its ``statement_tex``, else its expressions in SymPy's LaTeX,
    else its words as code (a claim of a kind with no expression, a logical step)."""
    tex = claim.get("statement_tex")
    if tex:
        return statement(claim.statement, tex, in_table)
    typeset = claim_latex(claim)
    return math(typeset.strip("$"), in_table) if typeset else code_inline(claim.statement, in_table)


def heading(claim_id: str, where: str, kind: str) -> str:
    return f"**{plain(claim_id)}** ({plain(where)}; {plain(kind)})"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table; cells are already spelled for a table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def cell(text: str | None) -> str:
    return plain(text, in_table=True) if text else "-"
