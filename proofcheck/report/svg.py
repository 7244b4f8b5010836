"""A figure's SVG file as an element of a self-contained page."""
from __future__ import annotations

import html
import re
from pathlib import Path


def inline_svg(path: Path, prefix: str, label: str) -> str:
    """An SVG file as an element of the page: its ids prefixed (two figures share matplotlib's
    names), its size left to the style sheet, and labelled for a screen reader."""
    text = Path(path).read_text(encoding="utf-8")
    text = text[text.index("<svg"):]
    # matplotlib's metadata and its comments (the TeX of each label, "$...$") are no part of the drawing.
    text = re.sub(r"<metadata>.*?</metadata>|<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', text)
    text = re.sub(r'url\(#([^)]+)\)', lambda m: f"url(#{prefix}{m.group(1)})", text)
    text = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{prefix}{m.group(1)}"', text)
    head = f'<svg role="img" aria-label="{html.escape(_plain_tex(label), quote=True)}"'
    return re.sub(r'<svg\b', head, text, count=1)


def _plain_tex(text: str) -> str:
    """A label for a screen reader: matplotlib's ``$...$`` math as its letters."""
    return re.sub(r"\\([A-Za-z]+)", r"\1", text).replace("$", "").replace("{", "").replace("}", "")
