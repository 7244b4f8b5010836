"""The HTML page of one paper: summary bar, chart, figures, filters and the paper's map.

One self-contained file: the style sheet and script are inline, the mathematics is
MathML written at build time (``mathml.py``), the figures are inline SVG.  The claims
come in the paper's order, section by section, and within a section grouped by the
display, result, decimal or table row they check (the claim's ``where``).  Every
element id other than a claim's own anchor starts with ``pc-``, so no claim id can
collide with the page's own.
"""
from __future__ import annotations

import html
import re
from itertools import groupby

from ..version import __version__
from .html_assets import BADGES, CHART_FILLS, SCRIPT, STYLE, badge_category
from .html_claim import ClaimView, article

# The summary bar's words: proved = symbolic or certified, sampled = numeric, by argument = logical.
BAR = (("proved", ("symbolic", "certified")), ("sampled", ("numeric",)), ("by argument", ("logical",)),
       ("failed", ("failed",)), ("errors", ("error",)), ("not checked", ("not checked",)))
CHART_ORDER = ("symbolic", "certified", "numeric", "logical", "failed", "error", "not checked")


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def document(title: str, body: str, script: bool = False) -> str:
    """A complete HTML document around ``body``."""
    tail = f"<script>{SCRIPT}</script>" if script else ""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>{body}{tail}</body></html>\n")


def versions() -> dict[str, str]:
    """The versions a verdict depends on (the verdict cache keys on the same)."""
    import flint
    import mpmath
    import sympy
    return {"proofcheck": __version__, "SymPy": sympy.__version__, "mpmath": mpmath.__version__,
            "python-flint": flint.__version__}


def counts(views: list[ClaimView]) -> dict[str, int]:
    categories = [badge_category(v.row.status, v.row.evidence) for v in views]
    return {c: categories.count(c) for c in CHART_ORDER}


def summary_bar(views: list[ClaimView], settings: dict) -> str:
    """Proved, sampled, by argument, failed, errors; the settings and versions."""
    tally = counts(views)
    items = []
    for words, categories in BAR:
        number = sum(tally[c] for c in categories)
        if words == "not checked" and not number:
            continue
        css = f'b-{categories[0].replace(" ", "-")}' if number else "b-zero"
        items.append(f'<li class="{css}"><strong>{number}</strong> {words}</li>')
    facts = [f"{len(views)} claims"]
    for name in ("dps", "seed", "samples"):
        if settings.get(name) is not None:
            facts.append(f"{name} {settings[name]}")
    facts += [f"{name} {version}" for name, version in versions().items()]
    return (f'<ul class="bar" aria-label="claims by outcome">{"".join(items)}</ul>'
            f'<p class="facts">{" · ".join(_e(f) for f in facts)}</p>')


def chart(views: list[ClaimView]) -> str:
    """A small SVG chart: one bar per section, split by evidence (and failures)."""
    sections = [(key, list(group)) for key, group in groupby(views, key=lambda v: v.row.section)]
    if not sections:
        return ""
    widest = max(len(group) for _, group in sections)
    scale, label_width, height = 420 / max(widest, 1), 40, 20
    rows, described = [], []
    for i, (section, group) in enumerate(sections):
        tally = counts(group)
        y, x = i * height + 4, float(label_width)
        name = f"§{section}" if section else "claims"
        rows.append(f'<text x="{label_width - 6}" y="{y + 12}" text-anchor="end" font-size="12">{_e(name)}</text>')
        for category in CHART_ORDER:
            if tally[category]:
                width = tally[category] * scale
                rows.append(f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="14" '
                            f'fill="{CHART_FILLS[category]}"><title>{_e(name)}: {tally[category]} '
                            f'{_e(BADGES[category][1])}</title></rect>')
                x += width
        rows.append(f'<text x="{x + 4:.1f}" y="{y + 12}" font-size="12">{len(group)}</text>')
        described.append(f"{name}: " + ", ".join(f"{n} {BADGES[c][1]}" for c, n in tally.items() if n))
    total_height, total = len(sections) * height + 8, counts(views)
    legend = "".join(f'<li><span class="swatch" style="background:{CHART_FILLS[c]}"></span>{_e(BADGES[c][1])}</li>'
                     for c in CHART_ORDER if total[c])
    return (f'<figure class="chart"><svg role="img" aria-labelledby="pc-chart-title pc-chart-desc" '
            f'viewBox="0 0 {label_width + 460} {total_height}" width="{label_width + 460}" height="{total_height}">'
            f'<title id="pc-chart-title">Claims by section and evidence</title>'
            f'<desc id="pc-chart-desc">{_e("; ".join(described))}</desc>{"".join(rows)}</svg>'
            f'<figcaption>Claims by section and evidence.<ul class="legend">{legend}</ul></figcaption></figure>')


def filters(views: list[ClaimView]) -> str:
    """The filter form; hidden until the script shows it, so a page without scripts lists every claim."""
    sections = list(dict.fromkeys(v.row.section for v in views))
    evidence = "".join(f'<option value="{e}">{e}</option>' for e in ("symbolic", "certified", "numeric", "logical"))
    status = "".join(f'<option value="{s}">{s}</option>' for s in ("passed", "failed", "error", "not checked"))
    section = "".join(f'<option value="{_e(s)}">§{_e(s)}</option>' for s in sections)
    return ('<form id="pc-filters" hidden role="search" aria-label="filter the claims">'
            f'<label>Evidence<select name="evidence"><option value="">all</option>{evidence}</select></label>'
            f'<label>Status<select name="status"><option value="">all</option>{status}</select></label>'
            f'<label>Section<select name="section"><option value="">all</option>{section}</select></label>'
            '<label>Search ids and statements<input name="q" type="search"></label>'
            '<button type="button" id="pc-reset">Show all</button>'
            '<output id="pc-shown" aria-live="polite"></output></form>')


def the_map(views: list[ClaimView]) -> str:
    """Section by section (h3), location by location (h4), each claim an article."""
    known = {v.row.id for v in views}
    out = []
    for (section, title), group in groupby(views, key=lambda v: (v.row.section, v.row.section_title)):
        heading = (f"§{section}" if section else "Claims") + (f" {title}" if title else "")
        slug = re.sub(r"[^A-Za-z0-9.-]+", "-", section or "claims")
        out.append(f'<section class="sec" id="pc-sec-{_e(slug)}"><h3>{_e(heading)}</h3>')
        for where, located in groupby(group, key=lambda v: v.row.where):
            out.append(f'<div class="loc"><h4>{_e(where)}</h4>')
            out += [article(v, known) for v in located]
            out.append("</div>")
        out.append("</section>")
    if not views:
        out.append("<p>No claims have been entered for this paper yet.</p>")
    return "".join(out)


def page(title: str, facts: list[str], views: list[ClaimView], settings: dict, figures_html: str,
         links_html: str) -> str:
    """The whole page of one paper."""
    body = (f'<header><nav><a href="index.html">All papers</a></nav><h1>{_e(title)}</h1>'
            f'<p class="facts">{" · ".join(facts)}</p></header><main>'
            f'<section id="pc-summary"><h2>Summary</h2>{summary_bar(views, settings)}{chart(views)}'
            f'{links_html}</section>{figures_html}'
            f'<section id="pc-map"><h2>The map</h2>'
            '<p>Each claim is one statement of the paper, in the paper\'s order. Open a claim for what was '
            'checked and how; evidence, strongest first: symbolic, certified (proved), numeric (sampled), '
            'logical (by argument).</p>'
            f'{filters(views)}{the_map(views)}</section></main>'
            f'<footer><p class="facts">Written by proofcheck {_e(__version__)}.</p></footer>')
    return document(title, body, script=True)
