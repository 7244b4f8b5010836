"""A literate derivation on the page: each step as plain text or as Markdown with LaTeX.

Plain text numbers the steps (``[3] (5)``), sets the prose at 88 columns and
marks each step ✓ or ✗ with its evidence; Markdown sets each value as
display math (``$$ ... $$``, as GitHub renders it) and the paper's statement
beside it.  A ``Display`` names a quantity in both forms.
"""
from __future__ import annotations

import textwrap

import sympy as sp

from .derivation import Derivation, Display, Step


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(" ".join(text.split()), width=88, initial_indent=indent,
                         subsequent_indent=indent)


def render_text_header(title: str, source: str) -> str:
    lines = [title, "=" * min(len(title), 88)]
    if source:
        lines.append(_wrap(source, ""))
    return "\n".join(lines) + "\n"


def as_text(expr) -> str:
    if isinstance(expr, Display):
        return expr.plain
    if isinstance(expr, (list, tuple)):
        return ", ".join(as_text(e) for e in expr)
    return sp.sstr(expr)


def render_text(step: Step) -> str:
    lines = [f"[{step.number}] {step.label}"]
    if step.text:
        lines.append(_wrap(step.text, "    "))
    if step.relation == "holds":
        lines.append(f"      {as_text(step.value)}")
    elif step.relation == "≈":
        lines.append(f"      {as_text(step.lhs)} ≈ {step.value}")
    elif step.relation and step.value is not None:
        if step.lhs is not None:
            lines.append(f"      {as_text(step.lhs)}")
            lines.append(f"        {step.relation} {as_text(step.value)}")
        else:
            lines.append(f"      {as_text(step.value)}")
        if step.paper is not None:
            lines.append(f"    paper: {as_text(step.paper)}")
    elif step.value is not None:
        lines.append(f"      {as_text(step.value)}")
    mark = "✓" if step.status == "ok" else "✗ FAILED"
    tags = [t for t in (f"key {step.key}" if step.key else "",
                        f"result {step.result}" if step.result else "") if t]
    lines.append(f"    {mark} {step.evidence or ''}{': ' if step.evidence and step.detail else ''}"
                 f"{step.detail}" + (f"  [{', '.join(tags)}]" if tags else ""))
    return "\n".join(lines) + "\n"


def render_markdown_header(title: str, source: str) -> str:
    lines = [f"# {title}", ""]
    if source:
        lines += [f"*{source}*", ""]
    return "\n".join(lines) + "\n"


def as_latex(expr) -> str:
    if isinstance(expr, Display):
        return expr.latex
    if isinstance(expr, (list, tuple)):
        return r",\ ".join(as_latex(e) for e in expr)
    return sp.latex(expr)


def render_markdown(step: Step) -> str:
    out = [f"**{step.number}. {_escape(step.label)}.** {_escape(' '.join(step.text.split()))}", ""]
    if step.relation == "holds":
        out += ["$$", as_latex(step.value), "$$", ""]
    elif step.relation == "≈":
        out += ["$$", f"{as_latex(step.lhs)} \\approx {step.value}", "$$", ""]
    elif step.relation and step.value is not None:
        relation = r"\mathrel{:=}" if step.relation == ":=" else "="
        body = f"{as_latex(step.lhs)} {relation} {as_latex(step.value)}" if step.lhs is not None \
            else as_latex(step.value)
        out += ["$$", body, "$$", ""]
        if step.paper is not None:
            out += [f"The paper states ${as_latex(step.paper)}$.", ""]
    elif step.value is not None:
        out += ["$$", as_latex(step.value), "$$", ""]
    mark = "✅" if step.status == "ok" else "❌ **failed**"
    tags = [t for t in (f"key `{step.key}`" if step.key else "",
                        f"result `{step.result}`" if step.result else "") if t]
    detail = _escape(step.detail or _DEFAULT_DETAIL.get(step.evidence, ""))
    out += [f"> {mark} *{step.evidence or 'not established'}* — {detail}"
            + (f" ({', '.join(tags)})" if tags else ""), ""]
    return "\n".join(out)


_DEFAULT_DETAIL = {"definition": "as the paper defines it"}


def _escape(text: str) -> str:
    """Prose as Markdown: characters that would start emphasis are shown literally."""
    for special in ("\\", "*", "_", "`", "$"):
        text = text.replace(special, "\\" + special)
    return text


def render_summary(d: Derivation, seconds: float, markdown: bool) -> str:
    counts: dict[str, int] = {}
    for step in d.steps:
        counts[step.evidence] = counts.get(step.evidence, 0) + 1
    evidence = ", ".join(f"{n} {e}" for e, n in counts.items())
    text = f"{len(d.steps)} steps ({evidence}); {len(d.results)} named results; {seconds:.1f} s"
    return (f"---\n\n*{text}*\n" if markdown else f"{'-' * 40}\n{text}\n")
