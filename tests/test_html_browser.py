"""The HTML report in a real browser: headless Chromium, driven through selenium.

A reviewer opens a claim, filters to the failed claims, follows a ``rests_on`` link and
reads the mathematics; this test does the same on the report of a claims file with one
false claim, and keeps screenshots at 1280 and 400 pixels wide in ``tests/artefacts/``
(git-ignored) for a person to look at.  It needs Debian's ``chromium`` and
``chromium-driver``; without them it fails with the command that installs them, so a
missing browser is never mistaken for a pass.  ``-m "not browser"`` deselects it knowingly.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from html_fixtures import FALSE_CLAIM, demo_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("html-browser")]

ARTEFACTS = Path(__file__).resolve().parent / "artefacts"
INSTALL = "apt-get install chromium chromium-driver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")


def _paths() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists()
                                              else None)
    if not browser or not driver:
        raise RuntimeError(f"the browser tests need Chromium and its driver: {INSTALL} "
                           "(or deselect them with -m 'not browser')")
    return browser, driver


@pytest.fixture(scope="module")
def browser():
    browser, driver = _paths()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="proofcheck-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    chromium = webdriver.Chrome(service=Service(driver), options=options)
    chromium.set_window_size(1280, 1000)
    yield chromium
    chromium.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    out = demo_site(tmp_path_factory.mktemp("browser"))
    return (out / "html-demo.html").resolve().as_uri()


def _shown(browser) -> list[str]:
    return [a.get_attribute("id") for a in browser.find_elements("css selector", "article.claim") if a.is_displayed()]


def test_a_claim_opens_in_place_to_show_how_it_was_checked(browser, page):
    browser.get(page)
    claim = browser.find_element("id", "square-nonnegative")
    body = claim.find_element("css selector", ".body")
    assert not body.is_displayed()
    claim.find_element("tag name", "summary").click()
    assert body.is_displayed() and "Verdict" in body.text and "symbolic" in body.text


def test_the_filters_show_only_the_failed_claims_and_its_counter_example(browser, page):
    browser.get(page)
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element("name", "status")).select_by_value("failed")
    assert _shown(browser) == [FALSE_CLAIM]
    assert "1 of 3 claims shown" in browser.find_element("id", "pc-shown").text
    browser.find_element("css selector", f"#{FALSE_CLAIM} summary").click()
    text = browser.find_element("id", FALSE_CLAIM).text
    assert "FAILED" in text and "Counter-example" in text and "t = 1.0" in text
    browser.find_element("id", "pc-reset").click()
    assert len(_shown(browser)) == 3


def test_the_search_box_finds_a_claim_by_its_id(browser, page):
    browser.get(page)
    browser.find_element("name", "q").send_keys("plus-one")
    assert _shown(browser) == ["square-plus-one-positive"]


def test_a_rests_on_link_opens_the_claim_it_names(browser, page):
    browser.get(page)
    browser.find_element("css selector", "#square-plus-one-positive summary").click()
    browser.find_element("css selector", '#square-plus-one-positive a[href="#square-nonnegative"]').click()
    assert browser.current_url.endswith("#square-nonnegative")
    target = browser.find_element("id", "square-nonnegative")
    assert target.find_element("tag name", "details").get_attribute("open") is not None
    assert target.find_element("css selector", ".body").is_displayed()


def test_the_mathematics_is_rendered_as_mathml_with_no_raw_dollar(browser, page):
    browser.get(page)
    maths = browser.find_elements("css selector", "math")
    assert len(maths) >= 3
    # Chromium lays MathML out itself: a rendered formula has a size.
    assert all(m.size["width"] > 0 for m in maths if m.is_displayed())
    assert "$" not in browser.find_element("tag name", "body").text


def test_the_page_reads_at_1280_and_at_400_pixels_wide(browser, page):
    ARTEFACTS.mkdir(exist_ok=True)
    for width in (1280, 400):
        browser.set_window_size(width, 1000)
        for view, anchor in (("top", ""), ("failed", f"#{FALSE_CLAIM}")):
            browser.get(page + anchor)
            # No sideways scrolling: the page fits the window.
            assert browser.execute_script("return document.documentElement.scrollWidth") <= width
            assert browser.save_screenshot(str(ARTEFACTS / f"html-report-{width}-{view}.png"))
    browser.set_window_size(1280, 1000)
