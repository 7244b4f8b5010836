"""The figures read cleanly: no label cut at an edge, no tick labels colliding between panels, and the
budget figure says that two curves coincide and why one starts late."""
import pytest

pytest.importorskip("matplotlib")

from proofcheck.report import figures  # noqa: E402

# The figures' data is shared with test_figures.py's drawings (``figure_series``): one worker.
pytestmark = pytest.mark.xdist_group("drawn-figures")


@pytest.fixture
def drawn(figure_series):
    def draw(name):
        spec = figures.FIGURES[name]
        figure = figures._new_figure(spec.caption)
        spec.draw(figure, figure_series(name))
        figure.canvas.draw()
        return figure
    return draw


def test_every_ladder_label_lies_inside_the_axes_or_is_flipped_to_fit(drawn):
    figure = drawn("ladder")
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]
    for text in axes.texts:
        extent = text.get_window_extent(renderer)
        assert extent.x0 >= 0 and extent.x1 <= figure.bbox.x1 - 8, text.get_text()
    four_over_pi = next(t for t in axes.texts if "4/\\pi" in t.get_text())
    assert four_over_pi.get_window_extent(renderer).x1 <= axes.get_window_extent(renderer).x1


def test_utility_panels_share_one_y_axis_labelled_once(drawn):
    figure = drawn("utility")
    first, *others = figure.axes
    assert all(axes.get_shared_y_axes().joined(first, axes) for axes in others)
    assert all(not label.get_visible() or not label.get_text()
               for axes in others for label in axes.get_yticklabels())
    # No x tick label at a panel's right edge, where the next panel begins.
    for axes in figure.axes[:-1]:
        assert axes.get_xticklabels()[-1].get_text() == ""


def test_budget_figure_says_why_the_gaussian_prior_starts_late_and_that_the_priors_coincide(drawn):
    figure = drawn("budget")
    axes = figure.axes[0]
    labels = [text.get_text() for text in axes.get_legend().get_texts()]
    assert any("Gaussian prior (19); 0 (vacuous) below $n = 2$" in label for label in labels)
    notes = [text.get_text() for text in axes.texts]
    assert any("nearly coincide" in note for note in notes)


def test_the_coincidence_note_is_given_only_when_the_curves_are_close():
    ns = [10, 100]
    close = {"uniform prior (23), best odd K": [1.0, 1.0], "Gaussian prior (19)": [1.1, 0.9]}
    apart = {"uniform prior (23), best odd K": [1.0, 1.0], "Gaussian prior (19)": [3.0, 3.0]}
    assert "within 10%" in figures._coincidence_note(ns, close)
    assert figures._coincidence_note(ns, apart) == ""


def test_the_ladder_writes_its_limit_as_mathematics(drawn):
    texts = [t.get_text() for t in drawn("ladder").axes[0].texts]
    assert not any("->" in t for t in texts)
    assert any("$c \\to 0$" in t for t in texts)


def test_the_utility_legend_shows_the_dashed_bound_in_a_neutral_colour(drawn):
    legend = drawn("utility").axes[0].get_legend()
    entries = dict(zip([t.get_text() for t in legend.get_texts()], legend.get_lines()))
    bound = next(line for text, line in entries.items() if text.startswith("bound (9)"))
    assert bound.get_linestyle() == "--" and bound.get_color() == "0.3"


def test_a_score_curve_that_stops_early_says_where_it_goes(drawn):
    axes = drawn("score-cgf").axes[0]
    notes = [t for t in axes.texts if "grows like" in t.get_text()]
    assert len(notes) == 1 and notes[0].get_color() == "tab:red"
