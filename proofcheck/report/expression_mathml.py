"""A claim's expression (``lhs``, ``rhs``, ``asserts``) as SymPy reads it, in MathML.

The claims file writes ``1/2 + r0/(2*(1 + c))``; the page shows it beside that source as
SymPy's whitelist parser (``core/model/expressions.py``) reads it, typeset by SymPy's
presentation MathML printer, so a reader sees the formula the checker was given.  Every
name that is no constant of the language is read as a real symbol; an expression the
parser refuses (a function the claims file defines, say) is shown as source only.
"""
from __future__ import annotations

import html
import re

_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_BARE_SIGN = re.compile(r"<(mo|mi|mn|mtext)>([<>]=?)</\1>")


def expression(text) -> str | None:
    """``<math>`` of ``text`` as SymPy reads it, or None when it cannot be read alone."""
    if not isinstance(text, str):
        return None
    import sympy as sp
    from sympy.printing.mathml import mathml

    from ..core.model.errors import ProofcheckError
    from ..core.model.expressions import CONSTANTS, FUNCTIONS, parse_expression
    # A name that is called ("Phi(t)") is looked up as a function, whatever the symbols say.
    names = set(_NAME.findall(text)) - set(CONSTANTS) - set(FUNCTIONS)
    try:
        parsed = parse_expression(text, {n: sp.Symbol(n, real=True) for n in names})
        inner = mathml(parsed, printer="presentation")
    except (ProofcheckError, TypeError, ValueError, AttributeError, RecursionError):
        return None
    # The printer writes a relation's sign as it is ("<mo><</mo>"), which HTML reads as a tag.
    inner = _BARE_SIGN.sub(lambda m: f"<{m[1]}>{html.escape(m[2], quote=False)}</{m[1]}>", inner)
    return f'<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">{inner}</math>'
