"""A write-up (``docs/<paper>/*.md``, e.g. ``docs/findings/``) as a page of its own.

The Markdown is rendered with markdown-it (which ``rich`` already brings), with tables;
``$...$`` math is converted to MathML first and held aside, so that Markdown's emphasis
rules cannot reach inside a formula.  An image whose SVG lies beside its PNG is inlined
as SVG, any other as a data URL, so that the page is self-contained.  Headings get the
ids GitHub would give them, so that the write-up's own links (``#reproduce``) still work.
"""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from . import mathml
from .svg import inline_svg

_MATH = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$|(?<!\\)\$(.+?)(?<!\\)\$", re.S)
_IMAGE = re.compile(r'<img src="([^"]+)" alt="([^"]*)"\s*/?>')
_HEADING = re.compile(r"<h([1-6])>(.*?)</h\1>", re.S)


def render(path: Path, index_link: str = "index.html") -> tuple[str, str]:
    """(title, page) of the write-up at ``path``."""
    from markdown_it import MarkdownIt
    text = Path(path).read_text(encoding="utf-8")
    held: list[str] = []

    def hold(match):
        tex = match.group(1) or match.group(2)
        held.append(mathml.formula(tex, display=match.group(1) is not None))
        return f"PCMATH{len(held) - 1}X"

    body = MarkdownIt("commonmark").enable("table").render(_MATH.sub(hold, text))
    body = re.sub(r"PCMATH(\d+)X", lambda m: held[int(m.group(1))], body)
    body = _IMAGE.sub(lambda m: _image(Path(path).parent, m.group(1), html.unescape(m.group(2))), body)
    body = _HEADING.sub(_with_id, body)
    title = _title(text, path)
    from .html_page import document
    page = document(title, f'<header><nav><a href="{html.escape(index_link)}">All papers</a></nav></header>'
                           f"<main>{body}</main>")
    return title, page


def _title(text: str, path: Path) -> str:
    from .writeups import title_of
    del text
    return title_of(Path(path))


def _image(folder: Path, source: str, alt: str) -> str:
    target = (folder / source).resolve()
    if not str(target).startswith(str(folder.resolve())) or not target.is_file():
        return f"<p>[image not found: {html.escape(source)}]</p>"
    svg = target.with_suffix(".svg")
    if svg.is_file():
        return inline_svg(svg, f"pc-{re.sub(r'[^A-Za-z0-9]', '-', target.stem)}-", alt)
    kind = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}.get(target.suffix.lower())
    if kind is None:
        return f"<p>[image not inlined: {html.escape(source)}]</p>"
    data = base64.b64encode(target.read_bytes()).decode("ascii")
    return f'<img src="data:{kind};base64,{data}" alt="{html.escape(alt, quote=True)}">'


def slug(text: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    plain = re.sub(r"<[^>]+>", "", html.unescape(text)).strip().lower()
    return re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", plain))


def _with_id(match) -> str:
    level, inner = match.group(1), match.group(2)
    return f'<h{level} id="{html.escape(slug(inner), quote=True)}">{inner}</h{level}>'
