"""The HTML report's badges, style sheet and script, written into every page (no file beside it).

A badge is worded and marked with a sign as well as coloured, so it reads without colour;
each pair of colours keeps a contrast ratio of at least 4.5:1 (WCAG 2.1, 1.4.3), which
``tests/test_html_report.py`` computes.  The script only filters and opens claims: with
scripts off the filter form stays hidden and every claim is listed, each opening in place.
"""
from __future__ import annotations

# category -> (sign, words, text colour, background colour)
BADGES = {
    "symbolic": ("✓", "proved · symbolic", "#14532d", "#dcfce7"),
    "certified": ("✓", "proved · certified", "#14532d", "#d1fae5"),
    "numeric": ("≈", "sampled · numeric", "#1e3a8a", "#dbeafe"),
    "logical": ("∴", "by argument", "#3f3f46", "#f4f4f5"),
    "failed": ("✗", "FAILED", "#ffffff", "#b91c1c"),
    "error": ("!", "ERROR", "#ffffff", "#9a3412"),
    "not checked": ("–", "not checked", "#3f3f46", "#ffffff"),
}

# The fills of the chart's bars (each bar is also labelled in a legend and in its title).
CHART_FILLS = {"symbolic": "#15803d", "certified": "#4ade80", "numeric": "#2563eb",
               "logical": "#a1a1aa", "failed": "#b91c1c", "error": "#9a3412",
               "not checked": "#e4e4e7"}


def badge_category(status: str, evidence: str | None) -> str:
    """The badge of a claim: its evidence when it passed, else its status."""
    return evidence if status == "passed" and evidence in BADGES else status if status in BADGES else "error"


def badge(status: str, evidence: str | None) -> str:
    category = badge_category(status, evidence)
    sign, words, _, _ = BADGES[category]
    css = "b-" + category.replace(" ", "-")
    return f'<span class="badge {css}"><span aria-hidden="true">{sign}</span> {words}</span>'


def _badge_css() -> str:
    rules = []
    for category, (_, _, colour, background) in BADGES.items():
        rules.append(f".b-{category.replace(' ', '-')}{{color:{colour};background:{background}}}")
    return "\n".join(rules)


STYLE = """
:root{--ink:#1f2937;--muted:#4b5563;--rule:#d1d5db;--accent:#1d4ed8}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0;
 background:#fff}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.3rem;margin:1.5rem 0 .5rem;border-bottom:1px solid var(--rule)}
h3{font-size:1.1rem;margin:1.25rem 0 .25rem}
h4{font-size:1rem;margin:.75rem 0 .25rem;color:var(--muted)}
a{color:var(--accent)}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f9fafb;padding:.5rem;border:1px solid var(--rule)}
.facts{color:var(--muted)}
.bar{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.5rem 0}
.bar li{border:1px solid var(--rule);border-radius:.4rem;padding:.25rem .6rem}
.bar strong{font-size:1.2em}
.badge{display:inline-block;border:1px solid currentColor;border-radius:.3rem;padding:0 .35rem;
 font-size:.85em;white-space:nowrap}
.chart{margin:0}
.chart svg{max-width:100%;height:auto}
.b-zero{color:#3f3f46;background:#fff}
.legend{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0;font-size:.9em}
.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #52525b;margin-right:.25em;
 vertical-align:-.1em}
.figure svg{max-width:100%;height:auto}
.claim{border-top:1px solid var(--rule)}
.claim{scroll-margin-top:6rem}
main table{display:block;overflow-x:auto;overflow-y:hidden;max-width:100%}
.read math{padding:.15em 0}
.body code,.route{overflow-wrap:anywhere}
.body dd{overflow-x:auto;overflow-y:hidden;padding:.1em 0}
main p,main li{overflow-wrap:anywhere}
main img,main svg{max-width:100%;height:auto}
.claim:target{outline:3px solid var(--accent);outline-offset:2px}
.claim summary{cursor:pointer;padding:.4rem 0;display:list-item}
.claim .id{font-weight:600}
.claim .route{color:var(--muted);font-size:.9em}
.stmt{display:block;margin:.2rem 0 0 1.2rem;overflow-x:auto;overflow-y:hidden;padding:.2em 0}
.claim .checked{display:block;margin:0 0 0 1.2rem;color:var(--muted);font-size:.85em}
.body{margin:0 0 .75rem 1.2rem}
.body dt{font-weight:600;margin-top:.4rem}
.body dd{margin-left:1rem}
table{border-collapse:collapse}
td,th{border:1px solid var(--rule);padding:.2rem .4rem;text-align:left;vertical-align:top}
#pc-filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;padding:.5rem;
 background:#f9fafb;border:1px solid var(--rule);position:sticky;top:0;z-index:1}
#pc-filters label{display:flex;flex-direction:column;font-size:.9em}
#pc-filters[hidden]{display:none}
math{font-size:1.15em}
.stmt math,.body dd math{math-style:normal}
.read{color:var(--muted);font-size:.9em}
@media (max-width:600px){body{font-size:15px}.stmt,.body{margin-left:.25rem}
 #pc-filters{position:static}}
""" + _badge_css()

# Plain JavaScript; it carries no dollar sign, so a page's only "$" could be a raw one.
SCRIPT = """
(function () {
  var form = document.getElementById('pc-filters');
  if (!form) { return; }
  form.hidden = false;
  var claims = [].slice.call(document.querySelectorAll('article.claim'));
  var count = document.getElementById('pc-shown');
  function matches(a, f) {
    return (!f.evidence || a.dataset.evidence === f.evidence) &&
      (!f.status || a.dataset.status === f.status) &&
      (!f.section || a.dataset.section === f.section) &&
      (!f.q || a.dataset.search.indexOf(f.q) >= 0);
  }
  function apply() {
    var e = form.elements;
    var f = {evidence: e.evidence.value, status: e.status.value, section: e.section.value,
             q: e.q.value.trim().toLowerCase()};
    var shown = 0;
    claims.forEach(function (a) { a.hidden = !matches(a, f); if (!a.hidden) { shown += 1; } });
    [].forEach.call(document.querySelectorAll('.loc, section.sec'), function (g) {
      g.hidden = !g.querySelector('article.claim:not([hidden])');
    });
    count.textContent = shown + ' of ' + claims.length + ' claims shown';
  }
  function reset() { form.reset(); apply(); }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  document.getElementById('pc-reset').addEventListener('click', reset);
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || !target.classList.contains('claim')) { return; }
    if (target.hidden) { reset(); }
    var details = target.querySelector('details');
    if (details) { details.open = true; }
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', openTarget);
  apply();
  openTarget();
})();
"""
