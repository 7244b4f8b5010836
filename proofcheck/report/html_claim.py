"""One claim of the HTML report: a line that reads at a glance and opens in place.

The closed line holds the claim's location, id, badge, statement (as MathML when the
claim has a ``statement_tex``) and route.  Opened (``<details>``), it shows what the
checker was given and what it reached: the definition and the assertion as the claims
file writes them, the formula derived and the points checked as the verdict reports
them, the chain along ``rests_on`` (each step a link to its anchor), the negative
controls, the derivation script and, for a failure, the counter-example with both sides.
Nothing is recomputed: the page shows the verdicts that ``verify`` reached.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from ..core.model.results import Result
from ..core.model.support import ChainEvidence
from . import mathml
from .expression_mathml import expression
from .html_assets import badge, badge_category
from .markdown import states_a_claim
from .paper_map import MapRow

# The fields of a claims record that say what the claim defines and what it asserts.
DEFINING = ("params", "variables", "define", "sampling", "lhs", "definition", "expr", "objective")
ASSERTING = ("rel", "rhs", "asserts", "value", "printed", "digits")
POINTS = ("points", "samples")
# The fields that hold one expression, shown as SymPy reads it too.
EXPRESSIONS = ("lhs", "rhs", "asserts", "definition", "expr", "objective")


@dataclass
class ClaimView:
    """What the page knows of one claim."""

    row: MapRow
    entry: Any                  # the claims record (claims.Entry or Claim), read with .get
    result: Result | None = None  # None when not checked
    chain: ChainEvidence | None = None
    controls: dict | None = None  # the negative controls' report kept by ``verify --mutants``
    derivation_href: str | None = None


def anchor(claim_id: str) -> str:
    """A claim's anchor on its page: its id, which is unique within a paper, without spaces."""
    return "-".join(str(claim_id).split())


def article(view: ClaimView, known: set[str]) -> str:
    """The ``<article>`` of one claim, with the data attributes the filters read."""
    row = view.row
    category = badge_category(row.status, row.evidence)
    search = " ".join((row.id, row.statement, row.where, row.kind)).lower()
    summary = (f'<code class="id">{_e(row.id)}</code> '
               f'{badge(row.status, row.evidence)}'
               + (f' <span class="route">{_e(_route(view))}</span>' if _route(view) else "")
               + f'<span class="stmt">{_statement(row)}</span>'
               + (f' <span class="checked">{_e(row.checked)}</span>' if row.checked else ""))
    return (f'<article class="claim" id="{_e(anchor(row.id))}" data-evidence="{_e(row.evidence or "")}" '
            f'data-status="{_e(row.status)}" data-category="{_e(category)}" '
            f'data-section="{_e(row.section)}" data-search="{_e(search)}">'
            f'<details><summary>{summary}</summary><div class="body"><dl>{_body(view, known)}</dl>'
            f'</div></details></article>')


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _route(view: ClaimView) -> str:
    return view.result.verdict.route if view.result is not None else ""


def _statement(row) -> str:
    if row.statement_tex and states_a_claim(row.statement_tex):
        return mathml.statement(row.statement_tex)
    return _e(row.statement)


def _body(view: ClaimView, known: set[str]) -> str:
    row, entry = view.row, view.entry
    parts = [_item("Statement", _e(row.statement) + (f" ({_e(row.kind)}, finding)" if row.finding
                                                      else f" (kind {_e(row.kind)})"))]
    if row.statement_tex:
        parts.append(_item("As the paper writes it", mathml.statement(row.statement_tex)))
    parts.append(_item("What the check covers", _e(row.checked)))
    parts.append(_item("Definition", _fields(entry, DEFINING)))
    parts.append(_item("Assertion", _fields(entry, ASSERTING)))
    parts.append(_item("Points checked", _fields(entry, POINTS)))
    parts.append(_checked(view))
    parts.append(_item("Rests on", _rests_on(entry, view.chain, known)))
    parts.append(_item("Negative controls", _controls(view)))
    if view.derivation_href:
        parts.append(_item("Derivation", f'<a href="{_e(view.derivation_href)}">'
                                         f'derivations/{_e(row.derivation)}.py</a>'))
    from .failures import display_path
    parts.append(_item("Claims file", f"<code>{_e(display_path(entry.source))}</code>"))
    return "".join(p for p in parts if p)


def _item(term: str, body: str) -> str:
    return f"<dt>{_e(term)}</dt><dd>{body}</dd>" if body else ""


def _fields(entry, names) -> str:
    rows = []
    for name in names:
        value = entry.get(name)
        if value is None or value in ("", {}, []):
            continue
        math = expression(value) if name in EXPRESSIONS else None
        read = f'<br><span class="read">as SymPy reads it: {math}</span>' if math else ""
        rows.append(f"<tr><th scope=\"row\">{_e(name)}</th><td><code>{_e(_text(value))}</code>{read}</td></tr>")
    return f"<table>{''.join(rows)}</table>" if rows else ""


def _text(value) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " | ".join(_text(v) for v in value)
    return " ".join(str(value).split())


def _checked(view: ClaimView) -> str:
    """What the checker reported: its route and details, and a failure's counter-example."""
    if view.result is None:
        return _item("Verdict", "not checked (<code>proofcheck report --no-verify</code>)")
    verdict = view.result.verdict
    lines = [f"{_e(verdict.status)}" + (f", {_e(verdict.evidence)} evidence" if verdict.evidence else "")
             + (f" in {verdict.seconds:.2f} s" if verdict.seconds else "")
             + (" (from the verdict cache)" if view.result.cached else "")]
    if verdict.route:
        lines.append(f"route: {_e(verdict.route)}")
    out = _item("Verdict", "<br>".join(lines))
    if verdict.details:
        out += _item("What the checker derived and compared", f"<pre>{_e(verdict.details)}</pre>")
    if verdict.counterexample:
        out += _item("Counter-example", _counterexample(view.result))
    return out


def _counterexample(result) -> str:
    from .failures import explain
    rows = "".join(f"<tr><th scope=\"row\">{_e(k)}</th><td><code>{_e(_text(v))}</code></td></tr>"
                   for k, v in result.verdict.counterexample.items())
    lines = "\n".join(line.strip() for line in explain(result, indent=""))
    return f"<pre>{_e(lines)}</pre><table>{rows}</table>"


def _rests_on(entry, chain, known: set[str]) -> str:
    names = entry.get("rests_on")
    if isinstance(names, str):  # a findings pack may give prose
        return _e(names)
    if not names:
        return ""
    links = ", ".join(f'<a href="#{_e(anchor(n))}">{_e(n)}</a>' if n in known else f"{_e(n)} (not on this page)"
                      for n in names)
    if chain is None:
        return links
    weakest = _e(chain.evidence)
    if chain.via:
        weakest += f' via <a href="#{_e(anchor(chain.via))}">{_e(chain.via)}</a>'
    note = f"<br>weakest evidence along the chain: {weakest}"
    if chain.unchecked:
        note += f" ({len(chain.unchecked)} step(s) not checked in this run)"
    return links + note


def _controls(view: ClaimView) -> str:
    if view.result is None or view.row.evidence == "logical":
        return ""
    report = view.controls
    if report is None:
        return (f"not run for this report: <code>proofcheck verify --mutants --only {_e(view.row.id)}</code> "
                "checks them, and the next report shows their verdicts")
    text = f"{report['rejected']} of {report['made']} wrong versions rejected"
    dismissed = report.get("dismissed")
    if dismissed:
        text += f", {len(dismissed) if isinstance(dismissed, list) else dismissed} perturbations dismissed " \
                "as no wrong claim after a dense check"
    for accepted in report.get("accepted") or []:
        text += f"<br>ACCEPTED (a fault of the checker): {_e(accepted)}"
    return text
