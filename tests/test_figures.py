"""The report's figures: their numbers agree with independent routes, and each
drawn figure is a valid, non-empty PNG and SVG of the expected size.

The drawing tests need matplotlib (the optional extra ``plots``) and are
skipped without it; the numbers behind the figures are tested either way.
"""
import math
import struct
import xml.etree.ElementTree as ET

import mpmath
import pytest

from proofcheck.cli import main
from proofcheck.report import figure_data as data
from proofcheck.report import figures


def _dp_module(name):
    try:
        return __import__(f"proofcheck.dp.{name}", fromlist=["_"])
    except ImportError:
        return None


# -- the numbers -------------------------------------------------------------------------------

def _released_error_by_tilting(n, r0, c, dps=30):
    """E|x^ - n| from the tilting identity e^{sz-s^2} phi(z) = e^{-s^2/2} phi(z-s) of
    Lemma 4.1: the unclipped error (n+c)(2 Phi(s) - 1), (9), less what clipping
    removes below z0, where (n+c)e^{sZ-s^2} = c: E[(c - (n+c)e^{sZ-s^2}) 1{Z<=z0}]
    = c Phi(z0) - (n+c) e^{-s^2/2} Phi(z0 - s)."""
    with mpmath.workdps(dps):
        n, r0, c = mpmath.mpf(n), mpmath.mpf(r0), mpmath.mpf(c)
        s = mpmath.sqrt(2) * mpmath.erfinv(r0 / (1 + c))
        z0 = (mpmath.log(c / (n + c)) + s**2) / s
        return ((n + c) * (2 * mpmath.ncdf(s) - 1) - c * mpmath.ncdf(z0)
                + (n + c) * mpmath.exp(-s**2 / 2) * mpmath.ncdf(z0 - s))


CASES = [(0, 0.5, 10.0), (0, 0.05, 0.1), (1, 0.5, 0.1), (1, 0.45, 1.0), (3, 0.45, 0.1), (100, 0.3, 1.0)]


@pytest.mark.parametrize("n, r0, c", CASES)
def test_released_error_by_quadrature_matches_the_tilting_identity(n, r0, c):
    # Two routes to the plotted utility (doubles suffice for a figure: 1e-12 relative).
    assert data.released_error(n, r0, c) == pytest.approx(float(_released_error_by_tilting(n, r0, c)),
                                                          rel=1e-12)


@pytest.mark.parametrize("n, r0, c", CASES)
def test_clipping_never_increases_the_error_beyond_eq_9(n, r0, c):
    assert data.released_error(n, r0, c) <= data.unclipped_error_bound(n, r0, c) * (1 + 1e-12)


def test_a_wrong_drift_is_visible_in_the_utility_quadrature():
    # Negative control for the two-route comparison: the tilting formula with the
    # mean-unbiased drift sigma^2/2 in place of sigma^2 gives another number.
    n, r0, c = 3, 0.45, 0.1
    s = data.sigma_of(r0, c)
    z = mpmath.mpf
    wrong = float((n + c) * (2 * mpmath.ncdf(z(s) / 2) - 1))   # E|e^{sZ - s^2/2} - 1| is not 2Phi(s)-1
    assert abs(data.released_error(n, r0, c) - wrong) > 1e-3


def test_released_error_agrees_with_the_mechanism_module():
    module = _dp_module("mechanisms.shifted_log_gaussian")
    assert module is not None and hasattr(module, "ShiftedLogGaussian")
    from fractions import Fraction
    for n, r0, c in [(0, "1/4", "10"), (1, "1/4", "1/10"), (100, "3/20", "1")]:
        mechanism = module.ShiftedLogGaussian(2 * Fraction(r0), r0=Fraction(r0), c=Fraction(c))
        exact = float(mechanism.expected_absolute_error(n))
        assert data.released_error(n, float(Fraction(r0)), float(Fraction(c))) == pytest.approx(exact, rel=1e-12)


def test_the_requirement_holds_on_every_plotted_point():
    series = data.utility_series(points=8)
    for n, curves in series["panels"].items():
        for lines in curves.values():
            assert all(e < r for e, r in zip(lines["exact"], series["r"])), n


@pytest.mark.parametrize("alpha", [1.01, 2.0, 7.5, 60.0])
def test_laplace_renyi_closed_form_matches_the_definition(alpha):
    shift = 1.0
    with mpmath.workdps(30):
        a = mpmath.mpf(alpha)
        integral = mpmath.quad(lambda x: mpmath.exp(-a * abs(x) - (1 - a) * abs(x - shift)) / 2,
                               [-mpmath.inf, 0, shift, mpmath.inf])
        by_definition = mpmath.log(integral) / (a - 1)
    assert data.laplace_renyi(alpha, shift) == pytest.approx(float(by_definition), rel=1e-12)


def test_airy_law_has_unit_mass_and_the_stated_moments():
    law = data.AiryLaw()
    with mpmath.workdps(20):
        mass = mpmath.quad(lambda y: mpmath.exp(law.log_density(float(y))), [-mpmath.inf, 0, mpmath.inf])
        spread = mpmath.quad(lambda y: abs(y) * mpmath.exp(law.log_density(float(y))),
                             [-mpmath.inf, 0, mpmath.inf])
    assert float(mass) == pytest.approx(1, rel=1e-12)
    assert float(spread) == pytest.approx(2 * abs(law.a1_prime) / 3, rel=1e-12)


def test_airy_log_density_far_in_the_tail_matches_mpmath():
    law = data.AiryLaw()
    for y in (19.5, 20.0, 35.0, 300.0):
        exact = float(mpmath.log(mpmath.airyai(y)))
        assert law.log_ai(y) == pytest.approx(exact, rel=1e-13)


def test_airy_renyi_by_quadrature_agrees_with_the_noise_laws_module():
    module = _dp_module("noise.laws")
    assert module is not None and hasattr(module, "noise_law")
    airy = module.noise_law("airy")
    ours = data.AiryLaw()
    shift, alpha = 0.8, 3.0
    with mpmath.workdps(20):
        integral = mpmath.quad(
            lambda y: mpmath.exp(alpha * airy.log_density(y) + (1 - alpha) * airy.log_density(y - shift)),
            [-mpmath.inf, -6, -2, 0, shift, mpmath.inf])
        theirs = mpmath.log(integral) / (alpha - 1)
    assert ours.renyi(alpha, shift) == pytest.approx(float(theirs), rel=1e-10)


@pytest.mark.slow
def test_gaussian_ratio_is_flat_and_laplace_and_airy_peak_at_the_kl_limit():
    series = data.divergence_series(per_decade=2, alpha_max=100.0)
    gaussian = series["ratio"]["Gaussian"]
    assert max(gaussian) == min(gaussian) == series["kl"]["Gaussian"] == 0.5
    for name in ("Laplace", "Airy (beyond the paper)"):
        ratio, kl = series["ratio"][name], series["kl"][name]
        assert all(later < earlier for earlier, later in zip(ratio, ratio[1:])), name
        assert ratio[0] < kl and ratio[0] == pytest.approx(kl, rel=1e-3), name


def test_coefficient_ladder_is_ordered_as_in_table_2():
    rungs = {r.label: r.value for r in data.coefficient_ladder()}
    assert rungs["$1/128$"] < rungs["$3/(2e^3)$"] < rungs[r"$\pi/(4e^2)$"] < rungs[r"$1/\pi$"] < rungs[r"$4/\pi$"]
    # the Airy coefficient, beyond the paper, sits just below the mechanism's 1/pi
    assert rungs[r"$\pi/(4e^2)$"] < rungs["$8|a_1'|^3/27$"] < rungs[r"$1/\pi$"]
    a1_prime = mpmath.airyaizero(1, derivative=1)
    assert rungs["$8|a_1'|^3/27$"] == pytest.approx(float(8 * abs(a1_prime) ** 3 / 27), rel=1e-12)


@pytest.mark.slow
def test_budget_figure_is_unavailable_with_a_reason_or_else_consistent():
    try:
        series = data.budget_series(per_decade=1)
    except data.FigureUnavailable as reason:
        assert "proofcheck.dp" in str(reason)
        return
    # Both halves of the paper: the mechanism's budget lies above every lower bound.
    for values in series["mechanism"].values():
        for bound in series["bounds"].values():
            assert all(v >= b for v, b in zip(values, bound))


def test_captions_wrap_without_splitting_math():
    caption = figures.FIGURES["ladder"].caption
    for line in figures.wrap_caption(caption, width=40):
        assert line.count("$") % 2 == 0, line


def test_integer_log_grid_spans_one_to_a_million():
    grid = data.integer_log_grid(10**6, 6)
    assert grid[0] == 1 and grid[-1] == 10**6 and grid == sorted(set(grid))


# -- the images --------------------------------------------------------------------------------

# The tests that look at the drawn figures share one worker, which draws them once.
ON_THE_DRAWN_FIGURES = pytest.mark.xdist_group("drawn-figures")


@pytest.fixture(scope="module")
def drawn(tmp_path_factory, figure_series):
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("figures")
    return {name: figures.render(name, out, series=figure_series(name)) for name in figures.FIGURES}


def _png_size(path):
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
    return struct.unpack(">II", header[16:24])


@ON_THE_DRAWN_FIGURES
@pytest.mark.parametrize("name", list(figures.FIGURES))
def test_each_figure_is_a_valid_image_of_the_expected_size(drawn, name):
    output = drawn[name]
    if output.status == "unavailable":
        assert output.reason and not output.files
        pytest.skip(f"figure {name} not available yet: {output.reason}")
    assert output.written, output.reason
    png, svg = output.files["png"], output.files["svg"]
    assert _png_size(png) == figures.png_size()
    assert png.stat().st_size > 20_000          # not an empty canvas
    root = ET.parse(svg).getroot()
    width, height = figures.svg_size_pt()
    assert root.get("width") == f"{width:g}pt" and root.get("height") == f"{height:g}pt"
    text = svg.read_text(encoding="utf-8")
    assert text.count("<path") > 20


@ON_THE_DRAWN_FIGURES
def test_figures_are_reproducible_byte_for_byte(drawn, tmp_path):
    output = figures.render("ladder", tmp_path)
    assert output.files["svg"].read_bytes() == drawn["ladder"].files["svg"].read_bytes()


def test_plot_command_writes_a_figure(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["plot", "utility", "--out", str(tmp_path), "--format", "png"]) == 0
    assert (tmp_path / "utility.png").exists() and not (tmp_path / "utility.svg").exists()
    assert "wrote" in capsys.readouterr().out


def test_plot_list_names_every_figure(capsys):
    assert main(["plot", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in figures.FIGURES)


def test_png_size_matches_the_declared_inches():
    assert figures.png_size() == (round(figures.FIGURE_INCHES[0] * figures.PNG_DPI),
                                  round(figures.FIGURE_INCHES[1] * figures.PNG_DPI))
    assert math.isclose(figures.svg_size_pt()[0], 72 * figures.FIGURE_INCHES[0])


def test_a_figure_is_drawn_as_pdf_for_a_latex_document(tmp_path):
    pytest.importorskip("matplotlib")
    from conftest import run_cli
    result = run_cli("plot", "budget", "--out", str(tmp_path), "--format", "pdf")
    assert result.returncode == 0, result.stdout + result.stderr
    pdf = tmp_path / "budget.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
