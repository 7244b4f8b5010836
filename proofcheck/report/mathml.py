"""A claim's TeX as MathML, converted when the page is written, so the page needs no network.

Browsers render MathML natively (Chromium since version 109, Firefox and Safari long
before), so the HTML report carries no typesetting library.  The conversion is
``latex2mathml`` (pure Python).  A ``statement_tex`` is a formula, or prose with
``$...$`` math in it; only the math is converted, and the prose is escaped.  A formula the
converter refuses is shown as TeX source in ``<code>``, without its ``$`` delimiters, so a
page never carries a raw ``$``.
"""
from __future__ import annotations

import html
import re

_DOLLAR = re.compile(r"(?<!\\)\$")   # a $ that opens or closes math (not an escaped \$)


def formula(tex: str, display: bool = False) -> str:
    """One formula (no ``$``) as a ``<math>`` element, or as ``<code>`` when it cannot be converted."""
    from latex2mathml.converter import convert
    tex = " ".join(tex.split())
    try:
        math = convert(tex, display="block" if display else "inline")
    except Exception:  # noqa: BLE001 - the converter raises many kinds; the source is shown instead
        return f'<code class="tex">{html.escape(tex)}</code>'
    # The converter spells every character it knows; a TeX command it does not know comes through as
    # its name, "\foo", which a reader would take for the page's own mistake.
    if re.search(r"\\[A-Za-z]", re.sub(r"&#x[0-9A-Fa-f]+;", "", math)):
        return f'<code class="tex">{html.escape(tex)}</code>'
    return math


def statement(tex: str) -> str:
    """A ``statement_tex`` as HTML: a formula, or prose with its ``$...$`` parts as formulas."""
    parts = _DOLLAR.split(" ".join(tex.split()))
    if len(parts) == 1:
        return formula(tex)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(formula(part))
        else:
            out.append(html.escape(part.replace("\\$", "$")).replace("$", "&#36;"))
    return "".join(out)
