"""``proofcheck report --html``: one self-contained page per paper, an index, the write-ups.

The pages are built from the records the other reports use: the map's rows
(``paper_map.py``), the claims' own records, the verdicts (from the verdict cache when
``verify`` reached them under the same settings), the chain along ``rests_on``
(``core/model/support.py``) and, when ``verify --mutants`` kept them, the negative controls.
Figures are drawn with matplotlib when it is installed and inlined as SVG; without it the
page says how to get them.  The pages written are recorded so that a failure can print
its link (``permalinks.py``).
"""
from __future__ import annotations

import hashlib
import html
import shutil
from pathlib import Path

from ..core.model.support import weakest_along
from ..core.model.verdict import Settings
from . import figures as figure_module
from . import mathml
from .html_claim import ClaimView
from .html_page import counts, document, page
from .paper_map import Summary
from .svg import inline_svg
from .writeups import writeups_for


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def file_name(paper: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in paper).strip(".-")
    return cleaned or "claims"


def figures_section(paper: str, rendered: dict, note: str) -> str:
    names = figure_module.for_paper(paper)
    if not names:
        return ""
    parts = ['<section id="pc-figures"><h2>Figures</h2>']
    if note:
        parts.append(f"<p>{_e(note)}</p>")
    for i, name in enumerate(names):
        figure = rendered.get(name)
        if figure is None:
            continue
        if figure.written and "svg" in figure.files:
            svg = inline_svg(figure.files["svg"], f"pc-fig{i}-", figure.title)
            parts.append(f'<figure class="figure">{svg}<figcaption>{mathml.statement(figure.caption)}'
                         '</figcaption></figure>')
        elif figure.status == "unavailable":
            parts.append(f"<p>{_e(figure.title)} is not available: {_e(figure.reason)}.</p>")
    return "".join(parts) + "</section>"


def draw_figures(papers, out_dir: Path, cache=None) -> tuple[dict, str]:
    """The papers' figures (drawn when matplotlib is installed), and the note a page shows without them."""
    names = [n for n in figure_module.FIGURES if any(n in figure_module.for_paper(p.name) for p in papers)]
    if names and not figure_module.matplotlib_available():
        return {}, (f"Figures are not included: install matplotlib ({figure_module.INSTALL_HINT}) "
                    "and run proofcheck report --html again.")
    return {n: _figure(n, out_dir, cache) for n in names}, ""


def _figure(name: str, out_dir: Path, cache):
    """Figure ``name`` as SVG: drawn, or as drawn before under the same source and versions.

    A figure's numbers come from the package's code alone, so the verdict cache's key of
    the source (every .py, and the versions of SymPy, mpmath and python-flint), with
    matplotlib's version, says when a kept drawing is still the one the code would draw.
    Drawing the five figures anew takes most of a warm report's time.
    """
    if cache is None:
        return figure_module.render(name, out_dir / "figures", formats=("svg",))
    import matplotlib

    from ..core.run.verdict_cache import source_fingerprint
    fingerprint = f"{source_fingerprint(cache.also_hashed)} {matplotlib.__version__} {name}"
    key = hashlib.sha256(fingerprint.encode()).hexdigest()
    kept = Path(cache.folder) / "figures" / f"{name}-{key[:32]}.svg"
    spec = figure_module.FIGURES[name]
    if kept.is_file():
        return figure_module.FigureOutput(name, spec.title, spec.caption, "written", {"svg": kept})
    figure = figure_module.render(name, out_dir / "figures", formats=("svg",))
    if figure.written:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(figure.files["svg"], kept)
        except OSError:
            pass  # a cache that cannot be written only costs time
    return figure


def controls_of(claims, settings: Settings, cache) -> dict:
    """The negative controls ``verify --mutants`` kept in the cache, by claim id."""
    if cache is None:
        return {}
    from ..core.run.verdict_cache import claim_key
    found = {}
    for claim in claims:
        kept = cache.get(claim_key(claim, settings, True, cache.also_hashed))
        if kept is not None and kept[1] is not None:
            found[claim.id] = kept[1]
    return found


def views_for(paper_map, claims, results, controls: dict, derivation_base: str) -> list[ClaimView]:
    """One view per row of the map, with its claim, result, chain and controls."""
    by_id = {(c.paper, c.id): (c, results[i] if results is not None else None) for i, c in enumerate(claims)}
    chains = {}
    if results is not None:
        chains = weakest_along(claims, {r.claim.id: (r.verdict.status, r.verdict.evidence) for r in results})
    views = []
    for row in paper_map.rows:
        claim, result = by_id[(row.paper, row.id)]
        href = f"{derivation_base.rstrip('/')}/{row.derivation}.py" if row.derivation else None
        views.append(ClaimView(row, claim, result, chains.get(row.id), controls.get(row.id), href))
    return views


def writeup_pages(paper: str, out_dir: Path) -> list[tuple[str, str]]:
    """Write the paper's write-ups as pages; (title, file name) of each."""
    from .html_writeups import render
    written = []
    for path in writeups_for(paper):
        title, text = render(path)
        name = f"{file_name(paper)}-{file_name(path.stem)}.html"
        (out_dir / name).write_text(text, encoding="utf-8")
        written.append((title, name))
    return written


def index_page(entries: list[tuple[str, str, dict, list]]) -> str:
    """The index: every paper with its counts, then the write-ups (the findings) as pages of their own."""
    items, writeups = [], []
    for title, name, tally, papers_writeups in entries:
        text = (f"{tally['symbolic'] + tally['certified']} proved, {tally['numeric']} sampled, "
                f"{tally['logical']} by argument, {tally['failed']} failed, {tally['error']} errors")
        items.append(f'<li><a href="{_e(name)}">{_e(title)}</a>: {_e(text)}</li>')
        writeups += [f'<li><a href="{_e(n)}">{_e(t)}</a> (with <a href="{_e(name)}">{_e(title)}</a>)</li>'
                     for t, n in papers_writeups]
    body = ("<header><h1>proofcheck reports</h1></header><main><h2>Papers</h2>"
            f"<ul>{''.join(items)}</ul>")
    if writeups:
        body += f"<h2>Findings and write-ups</h2><ul>{''.join(writeups)}</ul>"
    return document("proofcheck reports", body + "</main>")


def write_site(*, papers, claims, full, results, out_dir: Path, settings: Settings, cache,
               derivation_base: str, command: str) -> list[tuple[Path, Summary]]:
    """Write every page; (path, summary) per paper, as the other formats report."""
    rendered, note = draw_figures(papers, out_dir, cache)
    controls = controls_of(claims, settings, cache) if results is not None else {}
    written, entries, links = [], [], {}
    for paper in papers:
        paper_map = full.for_paper(paper.name)
        mine = [c for c in claims if c.paper == paper.name]
        mine_results = [r for r in results if r.claim.paper == paper.name] if results is not None else None
        views = views_for(paper_map, mine, mine_results, controls, derivation_base)
        writeups = writeup_pages(paper.name, out_dir)
        title = f"{paper.title or paper.name}: the claim map"
        facts = [_e(f) for f in (paper.source, f"paper pack {paper.name}",
                                 f"generated by {command}") if f]
        links_html = "".join(f'<p>Write-up: <a href="{_e(n)}">{_e(t)}</a></p>' for t, n in writeups)
        text = page(title, facts, views, {"dps": settings.dps, "seed": settings.seed,
                                          "samples": settings.samples},
                    figures_section(paper.name, rendered, note), links_html)
        path = out_dir / f"{file_name(paper.name)}.html"
        path.write_text(text, encoding="utf-8")
        written.append((path, paper_map.summary()))
        entries.append((title, path.name, counts(views), writeups))
        links[paper.name] = (path, [v.row.id for v in views])
    (out_dir / "index.html").write_text(index_page(entries), encoding="utf-8")
    from .permalinks import record
    record(links)
    return written
