"""``proofcheck report --html``: valid, self-contained, accessible pages, and failures that link to them.

The pages are parsed as a browser would (html5lib, strict: any parse error fails), and
read for what a reviewer and a screen reader need: unique ids, headings in order, a label
on every figure, badge colours with a contrast of at least 4.5:1, mathematics as MathML
and never a raw ``$``, nothing fetched from the network.
"""
from __future__ import annotations

import re
import subprocess
import sys

import html5lib
import pytest
from html_fixtures import CLAIMS, FALSE_CLAIM, demo_site, environment, packs_site, proofcheck

from proofcheck.report.html_assets import BADGES
from proofcheck.report.writeups import writeups_for

pytestmark = pytest.mark.xdist_group("html-report")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every page of the demo report and of the packs' report: name -> text."""
    demo = demo_site(tmp_path_factory.mktemp("demo"))
    packs = packs_site(tmp_path_factory.mktemp("packs") / "out")
    found = {f"demo/{p.name}": p.read_text(encoding="utf-8") for p in demo.glob("*.html")}
    found.update({f"packs/{p.name}": p.read_text(encoding="utf-8") for p in packs.glob("*.html")})
    return found


def _tree(text):
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(text)


def _visible_text(tree) -> str:
    hidden = {"script", "style"}
    return " ".join(e.text or "" for e in tree.iter() if e.tag not in hidden) + \
        " ".join(e.tail or "" for e in tree.iter())


def test_every_page_parses_without_a_single_html_error(pages):
    assert {"demo/html-demo.html", "demo/index.html", "packs/larger-groups.html", "packs/index.html"} <= set(pages)
    # The write-ups are docs/findings/ of a source checkout; an installed package has none.
    assert ("packs/findings-c-star-upper-bound.html" in pages) == bool(writeups_for("findings"))
    for name, text in pages.items():
        try:
            _tree(text)
        except html5lib.html5parser.ParseError as error:
            pytest.fail(f"{name}: {error}")


def test_no_id_appears_twice_on_a_page(pages):
    for name, text in pages.items():
        ids = [e.get("id") for e in _tree(text).iter() if e.get("id")]
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        assert not doubled, (name, doubled[:5])


def test_headings_start_at_one_and_never_skip_a_level(pages):
    for name, text in pages.items():
        levels = [int(e.tag[1]) for e in _tree(text).iter() if re.fullmatch(r"h[1-6]", str(e.tag))]
        assert levels and levels[0] == 1, name
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), (name, levels)


def test_every_figure_and_image_has_a_text_alternative(pages):
    for name, text in pages.items():
        for element in _tree(text).iter():
            tag = str(element.tag).rsplit("}", 1)[-1]
            if tag == "img":
                assert element.get("alt"), name
            if tag == "svg" and element.get("role") == "img":
                assert element.get("aria-label") or element.get("aria-labelledby"), name
        assert text.count('<svg role="img"') == text.count("<svg"), name


def test_the_mathematics_is_mathml_and_no_raw_dollar_is_left(pages):
    for name, text in pages.items():
        assert "$" not in _visible_text(_tree(text)), name
        assert "$" not in text, name  # not even in the script or an attribute
    assert pages["packs/larger-groups.html"].count("<math") >= 100
    assert "&amp;#" not in "".join(pages.values())  # no character reference escaped twice
    assert pages["demo/html-demo.html"].count("<math") >= 3


def test_the_pages_fetch_nothing_from_the_network(pages):
    for name, text in pages.items():
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), name
        assert "<link" not in text, name


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_badge_has_a_contrast_of_at_least_four_and_a_half_to_one():
    for category, (sign, words, ink, paper) in BADGES.items():
        light, dark = sorted((_luminance(ink), _luminance(paper)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, category
        assert sign and words, category  # it also reads without colour


def test_each_claim_has_its_anchor_and_a_failure_shows_its_counter_example(pages):
    page = pages["demo/html-demo.html"]
    for claim_id in ("square-nonnegative", "square-plus-one-positive", FALSE_CLAIM):
        assert f'<article class="claim" id="{claim_id}"' in page
    failed = page[page.index(f'id="{FALSE_CLAIM}"'):]
    assert 'data-status="failed"' in failed[:300] and "FAILED" in failed and "Counter-example" in failed
    assert 'href="#square-nonnegative"' in page
    # The definition as SymPy reads it, beside its source: x**2 typeset as a power.
    assert "as SymPy reads it: <math" in page and "<msup><mi>x</mi><mn>2</mn></msup>" in page


def test_a_failure_in_verify_and_in_pytest_prints_the_link_to_its_claim_on_the_page(tmp_path):
    out = demo_site(tmp_path, cache=True)
    link = f"{(out / 'html-demo.html').resolve().as_uri()}#{FALSE_CLAIM}"
    verify = proofcheck("verify", "--claims", "demo.toml", cwd=tmp_path, cache=True)
    assert verify.returncode == 1 and f"see {link}" in verify.stdout, verify.stdout
    (tmp_path / "demo.claims.toml").write_text((tmp_path / "demo.toml").read_text(), encoding="utf-8")
    tests = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=",
                            "demo.claims.toml"], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                           env=environment(cache=True))
    assert tests.returncode == 1 and f"see {link}" in tests.stdout, tests.stdout[-3000:]


def test_without_a_report_a_failure_prints_no_link(tmp_path):
    (tmp_path / "demo.toml").write_text(CLAIMS, encoding="utf-8")
    verify = proofcheck("verify", "--claims", "demo.toml", cwd=tmp_path, cache=True)
    assert verify.returncode == 1 and "file://" not in verify.stdout


def test_each_claims_row_shows_what_its_check_covers(pages):
    """Issue 46, section 5: the row of a claim says the domain and case its check covers."""
    page = pages["demo/html-demo.html"]
    articles = page.split('<article class="claim"')[1:]
    assert articles and all('<span class="checked">checked: ' in a[:a.index("</summary>")] for a in articles)
    assert "What the check covers" in page
