"""The map of a paper as Markdown that renders on GitHub.

Statements appear as the paper writes them: a claim's ``statement_tex`` is
typeset as ``$...$`` math, and a claim without one shows its plain statement
as code.  Derivations link to ``derivations/NAME.py``; figures are embedded
with their captions.  GitHub splits table cells at every ``|`` before it
typesets math, so inside tables a bar is written ``\\vert`` (and ``\\|`` as
``\\Vert``); in plain text cells it is escaped.  In math, ``<`` and ``>`` are
written ``\\lt`` and ``\\gt``, so that no HTML tag can open inside a formula.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..core.model.verdict import EVIDENCE_ORDER, STANDING
from ..version import __version__
from .paper_map import NOT_CHECKED, Agreement, PaperMap, Summary

EVIDENCE_MEANING = {
    "symbolic": "derived by SymPy from definitions, the difference reduced to exactly 0",
    "certified": "decided by an interval (Arb) enclosure",
    "numeric": "agreement to 3/5 of the working digits at 12 or more points in general position, "
               "edges included, confirmed at twice the precision",
    "logical": "a step with no computation, listed so the map is complete",
}

STATUS_TEXT = {"passed": "passed", "failed": "**FAILED**", "error": "**ERROR**", NOT_CHECKED: "not checked"}


# GitHub applies Markdown's backslash escapes inside $...$ before it typesets
# the math, so "\{" would reach the typesetter as a bare "{".  Commands named
# by punctuation are therefore spelled with letters (MathJax and KaTeX know
# both), and the rest keep their backslash by doubling it.
_PUNCTUATION_COMMANDS = {"{": "\\lbrace ", "}": "\\rbrace ", "|": "\\Vert ", "!": "\\negthinspace ",
                         ",": "\\thinspace ", ":": "\\medspace ", ";": "\\thickspace ",
                         ">": "\\gt ", "<": "\\lt "}
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_DOLLAR = re.compile(r"(?<!\\)\$")   # a $ that opens or closes math (not an escaped \$)


def github_math(tex: str, in_table: bool = False) -> str:
    """The body of a ``$...$`` formula, spelled so that GitHub typesets it as written."""
    def spell(match):
        character = match.group(1)
        return _PUNCTUATION_COMMANDS.get(character, "\\\\" + character)
    tex = _ESCAPED.sub(spell, " ".join(tex.split()))
    # '<' and '>' could open an HTML tag before the math is typeset.
    tex = tex.replace("<", "\\lt ").replace(">", "\\gt ")
    if in_table:
        tex = tex.replace("|", "\\vert ")
    # no space before a closing $, which would stop it closing the formula
    return tex.strip()


def math_inline(tex: str, in_table: bool = False) -> str:
    """``$tex$`` as GitHub typesets it; in a statement that already mixes prose
    and ``$...$`` math, only the math is respelled."""
    tex = " ".join(tex.split())
    parts = _DOLLAR.split(tex)
    if len(parts) == 1:
        return f"${github_math(tex, in_table)}$"
    for i, part in enumerate(parts):
        if i % 2:
            parts[i] = github_math(part, in_table)
        elif in_table:
            parts[i] = part.replace("|", "\\|")
    return "$".join(parts)


def code_inline(text: str, in_table: bool = False) -> str:
    text = " ".join(text.split())
    if in_table:
        text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def plain(text: str, in_table: bool = False) -> str:
    """Prose from the data, with the characters Markdown would act on escaped."""
    text = " ".join(str(text).split())
    for character in ("\\", "*", "_", "`", "<", ">", "[", "]"):
        text = text.replace(character, "\\" + character)
    if in_table:
        text = text.replace("|", "\\|")
    return text


# A relation makes a formula a claim; without one it is a bare expression ("1/(2 Phi^-1(...)^2)").
_RELATION = re.compile(r"[=<>]|\\(le|leq|ge|geq|lt|gt|sim|simeq|neq|ne|approx|in|to|iff|implies|"
                       r"Rightarrow|Leftrightarrow|propto|equiv|asymp)(?![A-Za-z])")


def states_a_claim(tex: str) -> bool:
    return bool(_RELATION.search(tex))


def statement(row, in_table: bool = False) -> str:
    """The statement as a claim: its formula when the formula states one, else the words."""
    if row.statement_tex and states_a_claim(row.statement_tex):
        return math_inline(row.statement_tex, in_table)
    return code_inline(row.statement, in_table)


def statement_and_coverage(row) -> str:
    """The statement's cell: the statement, then what its check covers ("checked: for all ...")."""
    return statement(row, True) + (f" ({plain(row.checked, True)})" if row.checked else "")


def derivation_link(name: str | None, base: str, known: set[str] | None = None) -> str:
    if not name:
        return ""
    link = f"[{name}]({base.rstrip('/')}/{name}.py)"
    if known is not None and name not in known:
        link += " (missing)"
    return link


def derivation_base(folder: Path | None, out_dir: Path) -> str:
    """Where derivation links point, so that they open wherever the report is written: the
    scripts relative to the report in a source checkout; an installed copy (in site-packages,
    a path no relative link should climb to) by its absolute ``file:`` address.  With no
    scripts at all, the repository's own path ``derivations/``; ``--link-base`` overrides."""
    if folder is None:
        return "derivations"
    if {"site-packages", "dist-packages"} & set(Path(folder).resolve().parts):
        return Path(folder).resolve().as_uri()
    return relative_link(folder, out_dir)


def relative_link(target: Path, start: Path) -> str:
    """A link from the folder ``start`` to ``target`` (forward slashes, for Markdown)."""
    return Path(os.path.relpath(Path(target).resolve(), Path(start).resolve())).as_posix()


def summary_table(summary: Summary) -> list[str]:
    lines = ["| Evidence | Claims | Meaning |", "|---|--:|---|"]
    for level in EVIDENCE_ORDER:
        lines.append(f"| {STANDING[level]}: {level} | {summary.evidence.get(level, 0)} | {EVIDENCE_MEANING[level]} |")
    failed = summary.status.get("failed", 0) + summary.status.get("error", 0)
    if summary.checked:
        lines.append(f"| failed or error | {failed} | a counter-example or a check that could not run |")
    not_checked = summary.status.get(NOT_CHECKED, 0)
    if not_checked:
        lines.append(f"| not checked | {not_checked} | listed only (`--no-verify`) |")
    lines.append(f"| **all claims** | **{summary.claims}** | |")
    return lines


def timing_line(summary: Summary, settings: dict) -> str:
    """How long this paper's checks took, rounded so that a regenerated report does not change
    with the machine's load; the exact per-claim times are in the JSON report."""
    if summary.seconds is None and summary.cpu_seconds is None:
        return "The claims were listed, not checked."
    parts = [f"Its checks took {about_seconds(summary.cpu_seconds or 0.0)} of worker time"]
    details = []
    if settings.get("jobs"):
        details.append(f"{settings['jobs']} worker{'s' if settings['jobs'] != 1 else ''}")
    if settings.get("dps"):
        details.append(f"{settings['dps']} working digits")
    if details:
        parts.append(f" ({', '.join(details)})")
    return "".join(parts) + "."


def about_seconds(seconds: float) -> str:
    """A duration rounded to what a reader needs: "under 10 s", "about 60 s"."""
    if seconds < 10:
        return "under 10 s"
    return f"about {int(round(seconds, -1))} s"


def status_text(row) -> str:
    """A step with no computation is "by argument", never "passed": nothing was computed."""
    if row.status == "passed" and row.evidence == "logical":
        return "by argument"
    return STATUS_TEXT.get(row.status, row.status)


def map_table(rows, derivation_base: str, scripts: set[str] | None = None) -> list[str]:
    # No per-claim time column: it would change the committed report at every regeneration.
    lines = ["| Where | Claim | Statement | Kind | Evidence | Derivation | Status |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        kind = row.kind + (" (finding)" if row.finding else "")
        lines.append(" | ".join([
            f"| {plain(row.where, True)}", f"`{row.id}`", statement_and_coverage(row), kind,
            (row.evidence or "-") + (f" ({plain(row.evidence_note, True)})" if row.evidence_note else ""),
            derivation_link(row.derivation, derivation_base, scripts),
            status_text(row)]) + " |")
    return lines


def _sections(rows):
    groups: list[tuple[tuple[str, str], list]] = []
    for row in rows:
        key = (row.section, row.section_title)
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(row)
    return groups


def figures_block(figures, start: Path) -> list[str]:
    lines = []
    missing_matplotlib = [f for f in figures if f.status == "no-matplotlib"]
    if missing_matplotlib:
        lines += [f"> Figures are not included: {missing_matplotlib[0].reason}. "
                  "Then run `proofcheck report --figures`.", ""]
    for figure in figures:
        if figure.written:
            png = relative_link(figure.files["png"], start)
            lines.append(f"![{figure.title}]({png})")
            lines.append("")
            caption = f"*{figure.caption}*"
            if "svg" in figure.files:
                caption += f" ([SVG]({relative_link(figure.files['svg'], start)}))"
            lines += [caption, ""]
        elif figure.status == "unavailable":
            lines += [f"> {figure.caption.split('.')[0]} ({figure.title}) is not available yet: "
                      f"{plain(figure.reason)}.", ""]
    return lines


def agreement_block(check: Agreement) -> list[str]:
    lines = []
    if check.claims_agree:
        lines.append("Every claim of the registry appears exactly once in this map, and every "
                     "derivation a claim names exists.")
    for label, items in (("Claims missing from the map", check.missing),
                         ("Claims listed more than once", check.duplicated),
                         ("Rows that are no claim of the registry", check.extra),
                         ("Claims naming a derivation script that does not exist", check.unknown_scripts),
                         ("Derivation scripts that no claim references yet",
                          check.unreferenced_scripts or [])):
        if items:
            lines.append(f"{label}: " + ", ".join(f"`{i}`" for i in items) + ".")
    if check.unreferenced_scripts == []:
        lines.append("Every derivation script is referenced by at least one claim.")
    return [f"- {line}" for line in lines]


def render(paper_map: PaperMap, *, out_dir: Path, derivation_base: str, figures=(),
           check: Agreement | None = None, scripts: set[str] | None = None,
           command: str = "proofcheck report", figure_note: str = "", writeups=()) -> str:
    """The Markdown report of one paper's map."""
    info = paper_map.papers[0] if paper_map.papers else None
    title = (info.title or info.name) if info else ""
    summary = paper_map.summary()
    head = [f"# {plain(title)}: the claim map" if title else "# The claim map", ""]
    facts = [f for f in ((info.source if info else ""),
                         f"paper pack `{info.name}`" if info and info.name else "",
                         f"{summary.claims} claims",
                         f"generated by `{command}` (proofcheck {__version__})") if f]
    head += [" · ".join(facts), ""]
    head += ["Each row is one statement of the paper, in the paper's order: where it stands, the "
             "claim's id, the statement as the paper writes it, its kind (the checker that decides it), "
             "the evidence reached, the derivation script that derives it, and the verdict. Evidence, "
             "strongest first: symbolic, certified, numeric, logical.", ""]
    has_figures = bool(figures) or bool(figure_note)
    contents = ["[Summary](#summary)"] + (["[Figures](#figures)"] if has_figures else []) + \
        (["[Write-ups](#write-ups)"] if writeups else []) + ["[The map](#the-map)"]
    if check is not None:
        contents.append("[Map and registry](#map-and-registry)")
    head += [" · ".join(contents), ""]
    lines = head + ["## Summary", ""] + summary_table(summary) + ["", timing_line(summary, paper_map.settings), ""]
    failures = [r for r in paper_map.rows if r.status in ("failed", "error")]
    if failures:
        lines += ["### Failed checks", ""]
        for r in failures:
            lines.append(f"- `{r.id}` ({plain(r.where)}): {plain(r.details.splitlines()[0] if r.details else '')}")
            if r.explanation:
                # As verify prints it: what was claimed, the derived formula, the point and both sides.
                lines += ["", "  ```text"] + [f"  {line.strip()}" for line in r.explanation] + ["  ```"]
        lines.append("")
    if has_figures:
        lines += ["## Figures", ""] + ([f"> {figure_note}", ""] if figure_note else [])
        lines += figures_block(figures, out_dir)
    if writeups:
        # Prose that states a result step by step, each step tied to a claim id below.
        lines += ["## Write-ups", ""] + [f"- [{plain(title)}]({link})" for title, link in writeups] + [""]
    lines += ["## The map", ""]
    if not paper_map.rows:
        lines += ["No claims have been entered for this paper yet.", ""]
    for (section, section_title), rows in _sections(paper_map.rows):
        heading = f"§{section}" if section else "Claims"
        if section_title:
            heading += f" {section_title}"
        lines += [f"### {plain(heading)}", ""] + map_table(rows, derivation_base, scripts) + [""]
    if check is not None:
        lines += ["## Map and registry", ""] + agreement_block(check) + [""]
    return "\n".join(lines).rstrip() + "\n"


def readme_snippet(paper_map: PaperMap, report_link: str, figures=(), start: Path | None = None) -> str:
    """The summary table and the headline figures, for a README to embed."""
    summary = paper_map.summary()
    lines = summary_table(summary) + ["", timing_line(summary, paper_map.settings) +
                                      f" The full map: [{report_link}]({report_link}).", ""]
    for figure in figures:
        if figure.written:
            png = relative_link(figure.files["png"], start) if start else figure.files["png"].as_posix()
            lines += [f"![{figure.title}]({png})", ""]
    return "\n".join(lines)
