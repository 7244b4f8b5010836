"""The report's figures, drawn with matplotlib (the optional extra ``plots``).

Each figure is written as PNG and SVG, with labelled axes, a legend and a
caption line, at a fixed size (``FIGURE_INCHES`` at ``PNG_DPI``) so that a
report's layout does not move between runs.  matplotlib is imported only when
a figure is drawn, and only its Agg canvas is used (no pyplot, no global
backend), so the package works without it: ``render`` then reports how to
install it instead of failing.

The numbers come from ``figure_data``; a figure whose data needs a module not
installed yet is reported as unavailable, with the reason.
"""
from __future__ import annotations

import importlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..core.model.errors import ProofcheckError
from . import figure_data as data

FIGURE_INCHES = (8.0, 5.0)
PNG_DPI = 120
FORMATS = ("png", "svg")
# What `plot --format` may ask for besides: PDF, for a LaTeX document.
SUPPORTED_FORMATS = FORMATS + ("pdf",)
INSTALL_HINT = "pip install 'dp-proofcheck[plots]'  (or: pip install matplotlib)"


def png_size() -> tuple[int, int]:
    """The pixel size of every PNG figure."""
    return (int(round(FIGURE_INCHES[0] * PNG_DPI)), int(round(FIGURE_INCHES[1] * PNG_DPI)))


def svg_size_pt() -> tuple[float, float]:
    """The size of every SVG figure, in points (72 per inch)."""
    return (FIGURE_INCHES[0] * 72, FIGURE_INCHES[1] * 72)


def matplotlib_available() -> bool:
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        return False
    return True


def missing_matplotlib_message() -> str:
    return f"figures need matplotlib, which is not installed: {INSTALL_HINT}"


@dataclass(frozen=True)
class FigureSpec:
    name: str
    title: str
    caption: str
    papers: tuple[str, ...]
    compute: Callable[[], object]
    draw: Callable[[object, object], None]


@dataclass
class FigureOutput:
    """What rendering a figure produced: files, or the reason there are none."""

    name: str
    title: str
    caption: str
    status: str                     # "written", "unavailable" or "no-matplotlib"
    files: dict[str, Path] = field(default_factory=dict)
    reason: str = ""
    seconds: float = 0.0

    @property
    def written(self) -> bool:
        return self.status == "written"

    def as_dict(self, relative_to: Path | None = None) -> dict:
        def show(path: Path) -> str:
            if relative_to is not None:
                try:
                    return path.resolve().relative_to(Path(relative_to).resolve()).as_posix()
                except ValueError:
                    pass
            return str(path)
        return {"name": self.name, "title": self.title, "caption": self.caption,
                "status": self.status, "files": {k: show(v) for k, v in self.files.items()},
                "reason": self.reason, "seconds": round(self.seconds, 2)}


# -- drawing ---------------------------------------------------------------------------------

_CAPTION_FONT = 8.5
_CAPTION_WIDTH = 128    # characters per caption line at 8.5 pt across the figure's width


def wrap_caption(caption: str, width: int = _CAPTION_WIDTH) -> list[str]:
    """Break a caption into lines without splitting a ``$...$`` math segment,
    which matplotlib could not typeset across two lines."""
    words, current, in_math = [], "", False
    for character in caption:
        if character == "$":
            in_math = not in_math
        if character == " " and not in_math:
            words.append(current)
            current = ""
        else:
            current += character
    words.append(current)
    lines, line = [], ""
    for word in words:
        if line and len(_visible(line + " " + word)) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _visible(text: str) -> str:
    # TeX commands take less room than their spelling; count them as one character.
    return re.sub(r"\\[A-Za-z]+", "x", text.replace("$", ""))


def _new_figure(caption: str):
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # lazy: matplotlib is optional
    from matplotlib.figure import Figure  # lazy: matplotlib is optional

    figure = Figure(figsize=FIGURE_INCHES, dpi=PNG_DPI)
    FigureCanvasAgg(figure)
    lines = wrap_caption(caption)
    # The caption sits under the axes' tick labels and axis label: about 0.045 of
    # the height per caption line, and 0.12 for the axis's own labels.
    figure.subplots_adjust(left=0.1, right=0.97, top=0.92, bottom=0.14 + 0.045 * len(lines))
    figure.text(0.01, 0.012, "\n".join(lines), fontsize=_CAPTION_FONT, ha="left", va="bottom",
                color="0.2", linespacing=1.4)
    return figure


def _positive(xs, ys):
    """The points a log axis can show (a bound whose positive part is zero is vacuous there)."""
    kept = [(x, y) for x, y in zip(xs, ys) if y > 0]
    return [x for x, _ in kept], [y for _, y in kept]


_C_COLOURS = ("tab:blue", "tab:orange", "tab:green", "tab:purple")


def draw_budget(figure, series) -> None:
    axes = figure.add_subplot(1, 1, 1)
    ns = series["n"]
    for colour, (c, values) in zip(_C_COLOURS, series["mechanism"].items()):
        axes.loglog(ns, values, color=colour, lw=2, label=f"mechanism $v(n)$, $c={c}$")
    styles = {"two-count bound (14)": ("0.45", ":"), "uniform prior (23), best odd K": ("tab:red", "-."),
              "Gaussian prior (19)": ("black", "--")}
    for name, values in series["bounds"].items():
        colour, style = styles.get(name, ("0.3", "--"))
        xs, ys = _positive(ns, values)
        if xs:
            label = f"lower bound: {name}"
            if xs[0] != ns[0]:
                # A log axis cannot show 0: say why the curve starts late rather than leave a gap.
                label += f"; 0 (vacuous) below $n = {xs[0]:g}$"
            axes.loglog(xs, ys, color=colour, ls=style, lw=1.6, label=label)
    note = _coincidence_note(ns, series["bounds"])
    if note:
        axes.text(0.98, 0.97, note, transform=axes.transAxes, ha="right", va="top", fontsize=8,
                  color="0.25", bbox={"facecolor": "white", "edgecolor": "0.8", "alpha": 0.9})
    axes.set_xlabel("count $n$ (edge $n-1 \\leftrightarrow n$)")
    axes.set_ylabel("zCDP budget $v(n)$")
    axes.set_title(f"Budget of the shifted-log Gaussian mechanism, $r = {series['r']}$, $r_0 = r/2$")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="lower left")


def _coincidence_note(ns, bounds) -> str:
    """A sentence saying that the two prior bounds lie on top of each other, when they do.

    Over fifteen decades two curves within a few tens of percent are indistinguishable;
    the reader should be told that both are drawn, and how far apart they are.
    """
    uniform = bounds.get("uniform prior (23), best odd K")
    gaussian = bounds.get("Gaussian prior (19)")
    if not uniform or not gaussian:
        return ""
    ratios = [g / u for n, u, g in zip(ns, uniform, gaussian) if n >= 10 and u > 0 and g > 0]
    if not ratios:
        return ""
    spread = max(abs(ratio - 1) for ratio in ratios)
    if spread > 0.5:
        return ""
    return (f"the prior bounds (23) and (19) nearly coincide:\n"
            f"within {100 * spread:.0f}% of each other for $n \\geq 10$")


def _keep_inside(axes, annotations) -> None:
    """Put a label that runs past the axes' right edge on the left of its point, where it fits.

    The figure edge is not enough: a label ending a few pixels inside it in one
    renderer is cut in another, as the "4/pi ... §5.1" label was.
    """
    renderer = axes.figure.canvas.get_renderer()
    box = axes.get_window_extent(renderer)
    for annotation in annotations:
        extent = annotation.get_window_extent(renderer)
        width = extent.x1 - extent.x0
        if extent.x1 > box.x1 and extent.x0 - 20 - width >= box.x0:
            annotation.set_horizontalalignment("right")
            annotation.set_position((-10, 0))


def draw_ladder(figure, rungs) -> None:
    axes = figure.add_subplot(1, 1, 1)
    colours = {"lower": "tab:blue", "upper": "tab:orange", "beyond": "tab:green"}
    labels = {"lower": "lower bound on $C_\\star$ (paper)", "upper": "upper bound, mechanism (paper)",
              "beyond": "Airy noise law (beyond the paper)"}
    lower = max(r.value for r in rungs if r.role == "lower")
    upper = min(r.value for r in rungs if r.role == "upper")
    axes.axvspan(lower, upper, color="0.9", label="$C_\\star$ lies here, (32)")
    shown, annotations = set(), []
    for y, rung in enumerate(rungs):
        label = labels[rung.role] if rung.role not in shown else None
        shown.add(rung.role)
        axes.plot([rung.value], [y], "o", ms=9, color=colours[rung.role], label=label)
        annotations.append(axes.annotate(f"{rung.label} $\\approx$ {rung.value:.5f}   ({rung.where})",
                                         (rung.value, y), xytext=(10, 0), textcoords="offset points",
                                         va="center", fontsize=9))
    axes.set_xscale("log")
    axes.set_xlim(0.004, 40)
    axes.set_ylim(-0.7, len(rungs) - 0.3)
    axes.set_yticks(range(len(rungs)))
    axes.set_yticklabels([r.label for r in rungs])
    axes.invert_yaxis()
    axes.set_xlabel("small-error coefficient $\\lim_{r\\downarrow 0}\\,\\lim_{n\\to\\infty} r^2 n^2 v(n)$")
    axes.set_title("The coefficient ladder of Table 2")
    axes.grid(True, axis="x", which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="upper right")
    _keep_inside(axes, annotations)


def draw_utility(figure, series) -> None:
    rs = series["r"]
    panels = series["panels"]
    first = None
    for index, (n, curves) in enumerate(panels.items(), start=1):
        # One shared y axis, labelled once: tick labels between panels collided.
        axes = figure.add_subplot(1, len(panels), index, sharey=first)
        first = first or axes
        axes.plot(rs, rs, color="black", lw=1, ls=":", label="requirement $r$, (2)")
        for colour, (c, lines) in zip(_C_COLOURS, curves.items()):
            axes.plot(rs, lines["exact"], color=colour, lw=2, label=f"released, $c={c:g}$")
            axes.plot(rs, lines["bound"], color=colour, lw=1, ls="--")
        axes.set_title(f"$n = {n}$", fontsize=10)
        axes.set_xlabel("tolerance $r$ ($r_0 = r/2$)")
        axes.set_xlim(0, 1)
        axes.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0", "", "0.5", "", "1"])
        axes.set_ylim(0, 1.02)
        axes.grid(True, alpha=0.3)
        if index == 1:
            axes.set_ylabel("$\\mathbb{E}|\\hat{x} - n| \\,/\\, \\max(n, 1)$")
            # One neutral entry for the dashed bounds: each is drawn in its own c's colour.
            axes.plot([], [], color="0.3", lw=1, ls="--", label="bound (9), in each $c$'s colour")
            axes.legend(fontsize=7, loc="upper left")
        else:
            axes.tick_params(labelleft=False)
        # The last x tick label of one panel ends where the next panel begins.
        axes.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0", "", "0.5", "", "1" if index == len(panels) else ""])
    figure.subplots_adjust(wspace=0.12)


def draw_divergence(figure, series) -> None:
    axes = figure.add_subplot(1, 1, 1)
    colours = {"Gaussian": "tab:blue", "Laplace": "tab:orange", "Airy (beyond the paper)": "tab:green"}
    alphas = series["alpha"]
    for name, values in series["ratio"].items():
        colour = colours.get(name, "0.3")
        axes.semilogx(alphas, values, color=colour, lw=2, label=f"{name}: $D_\\alpha/\\alpha$")
        axes.axhline(series["kl"][name], color=colour, lw=1, ls=":")
        axes.plot([alphas[0]], [series["kl"][name]], marker="<", color=colour, ms=8)
    axes.plot([], [], color="0.3", lw=1, ls=":", marker="<",
              label="$\\alpha \\to 1$ limit (KL): the supremum")
    axes.set_xlabel("Rényi order $\\alpha$")
    axes.set_ylabel("$D_\\alpha(P \\,\\|\\, P_{\\Delta}) \\,/\\, \\alpha$")
    axes.set_title(f"Where the supremum of $D_\\alpha/\\alpha$ over $\\alpha > 1$ sits "
                   f"(shift $\\Delta = {series['shift']:g}$, unit Fisher information)", fontsize=11)
    axes.set_ylim(0, None)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="lower left")


_SCORE_LABELS = {"airy": "Airy (certified $\\leq I/2$)", "gaussian": "Gaussian ($= I/2$)",
                 "laplace": "Laplace", "logistic": "logistic", "quartic": "$e^{-x^4}$ (counterexample)"}
_SCORE_COLOURS = {"airy": "tab:green", "gaussian": "tab:blue", "laplace": "tab:orange",
                  "logistic": "tab:purple", "quartic": "tab:red"}


def draw_score_cgf(figure, series) -> None:
    axes = figure.add_subplot(1, 1, 1)
    for name, curve in series.items():
        colour = _SCORE_COLOURS[name]
        axes.loglog(curve["t"], curve["ratio"], color=colour, lw=2, label=_SCORE_LABELS[name])
        axes.axhline(curve["half_fisher"], color=colour, lw=1, ls=":")
        if curve["t"][-1] < series["gaussian"]["t"][-1]:
            # A curve that stops early has left the plot: say where it goes.
            axes.annotate("grows like $t^2$ from here", (curve["t"][-1], curve["ratio"][-1]),
                          xytext=(6, 0), textcoords="offset points", va="center", fontsize=8, color=colour)
    axes.plot([], [], color="0.3", lw=1, ls=":", label="each law's $I/2$ (the $t \\to 0$ limit)")
    axes.set_xlabel("$t = (\\alpha - 1)\\,\\delta$")
    axes.set_ylabel("$K(t)/t^2$,  $K(t) = \\log \\mathbb{E}\\, e^{t\\psi(X)}$")
    axes.set_title("The score's cumulant generating function against its small-$t$ limit $I/2$", fontsize=11)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="upper right")


FIGURES: dict[str, FigureSpec] = {spec.name: spec for spec in (
    FigureSpec(
        "budget", "Budget against the lower bounds",
        r"Figure 1. The budget $v(n)$ of the shifted-log Gaussian mechanism, (5)-(6), for $r = 0.1$, "
        r"$r_0 = r/2$ and $c$ = 0.1, 1, 10, against the lower bounds (14), (23) and (19) (Gaussian "
        r"prior) that hold for every mechanism meeting the utility requirement: both sides fall as "
        r"$1/n^2$ (Theorem 1.1).",
        ("larger-groups",), data.budget_series, draw_budget),
    FigureSpec(
        "ladder", "The coefficient ladder",
        r"Figure 2. The small-$r$ leading coefficients of Table 2: the lower bounds $1/128$, "
        r"$3/(2e^3)$ and $\pi/(4e^2)$ on $C_\star$; the mechanism's $1/\pi$ (as $c \to 0$) and "
        r"$4/\pi$ (at $c = 1$); and the Airy-law coefficient $8|a_1'|^3/27$, a result beyond the "
        r"paper. $C_\star$ lies in the shaded band, (32).",
        ("larger-groups",), data.coefficient_ladder, draw_ladder),
    FigureSpec(
        "utility", "Exact utility of the released value",
        r"Figure 3. The expected error of the released value (4), clipping included (quadrature of "
        r"the definition), relative to $\max(n, 1)$, against $r$ with $r_0 = r/2$, for $c$ = 0.1, 1, "
        r"10; dashed: the unclipped error (9), which is $r_0$ at $n = 1$ for every $c$; dotted: the "
        r"requirement $r$ of (2).",
        ("larger-groups",), data.utility_series, draw_utility),
    FigureSpec(
        "divergence", "D_α/α at a fixed shift",
        r"Figure 4. $D_\alpha/\alpha$ between a noise law and its shift by $\Delta = 1$, each law "
        r"scaled to Fisher information 1: flat for the Gaussian, (11); falling from its "
        r"$\alpha \to 1$ limit (the KL divergence) for the Laplace and the Airy law (beyond the "
        r"paper), where the zCDP supremum therefore sits.",
        ("larger-groups",), data.divergence_series, draw_divergence),
    FigureSpec(
        "score-cgf", "K(t)/t² of the score",
        r"Figure F1 (findings, beyond the paper). $K(t)/t^2$ for the score $\psi = (\log f)'$ of each "
        r"law, from Arb-certified integrals of the density, against its limit $I/2$ as $t \to 0$ "
        r"(dotted). Below its level for all $t > 0$: the Airy, Laplace and logistic scores (strictly "
        r"sub-Gaussian, so $\sup_\alpha D_\alpha/\alpha$ is the KL limit for small shifts); on it: "
        r"the Gaussian; above it: the score $-4x^3$ of $f \propto e^{-x^4}$.",
        ("findings",), data.score_cgf_series, draw_score_cgf),
)}


def for_paper(paper: str) -> list[str]:
    """The names of the figures a paper's report shows."""
    return [name for name, spec in FIGURES.items() if paper in spec.papers]


def _output(spec: FigureSpec, status: str, reason: str = "", files=None, seconds=0.0) -> FigureOutput:
    return FigureOutput(spec.name, spec.title, spec.caption, status, dict(files or {}), reason, seconds)


def render(name: str, out_dir, formats=FORMATS, series=None) -> FigureOutput:
    """Compute and draw figure ``name`` into ``out_dir/NAME.{png,svg}``.

    Returns the files written, or why there are none: matplotlib missing
    (``no-matplotlib``) or the figure's data not computable yet (``unavailable``).
    ``series``, if given, is the figure's data as its ``compute`` returned it.
    """
    spec = FIGURES.get(name)
    if spec is None:
        raise ProofcheckError(f"unknown figure {name!r} (known: {', '.join(FIGURES)})")
    start = time.perf_counter()
    if not matplotlib_available():
        return _output(spec, "no-matplotlib", missing_matplotlib_message())
    try:
        series = spec.compute() if series is None else series
    except data.FigureUnavailable as error:
        return _output(spec, "unavailable", str(error), seconds=time.perf_counter() - start)
    figure = _new_figure(spec.caption)
    spec.draw(figure, series)
    out_dir = Path(out_dir)
    files = {}
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for fmt in formats:
            path = out_dir / f"{name}.{fmt}"
            _save(figure, path, fmt)
            files[fmt] = path
    except OSError as error:
        raise ProofcheckError(f"--out {out_dir}: cannot write the figure ({error.strerror})") from None
    return _output(spec, "written", files=files, seconds=time.perf_counter() - start)


def _save(figure, path: Path, fmt: str) -> None:
    import matplotlib  # lazy: matplotlib is optional
    # Reproducible files: no date stamp, and SVG element ids from a fixed salt,
    # so regenerating an unchanged figure leaves the file unchanged.
    metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(fmt, {"Software": None})
    with matplotlib.rc_context({"svg.hashsalt": "proofcheck"}):
        figure.savefig(path, format=fmt, dpi=PNG_DPI, metadata=metadata)
