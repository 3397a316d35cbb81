"""The kid-mode apps in a real browser (Voila through `wizard-edu play`, headless Chromium).

* every app on the landing page opens, shows a widget and no code, and links back to the start page;
* a Classic round with the US Games faces, played by clicking: no kit card text (R7, B13) anywhere;
* double-clicks on a prediction number and on a card: no red error over a move that worked;
* notebook 08's chart is a picture in JupyterLab, not ``<Figure size ...>``;
* an app page loads only the widget extensions (every other JupyterLab extension is left out: faster).
"""

from __future__ import annotations

import re
import time

import pytest
from browser_helpers import widget
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_kidmode_browser import kid_server, no_code_shown  # noqa: F401 - kid_server is a fixture

from wizard_edu.kidmode.kidmode import KID_APPS, available_apps, landing_url
from wizard_edu.kidmode.kidserver import KID_EXTENSIONS

pytestmark = pytest.mark.browser

WAIT = 60_000
KIT_CARD_TEXT = re.compile(r"(?<![\w-])[RGBY](?:1[0-3]|[1-9])(?![\w])")


def wait_for_app(page, server: dict) -> None:
    """Wait until the app's widget shows; if it never does, fail with what the page and the server said."""
    try:
        page.locator(".wizard-kid-app .wizard-widget").first.wait_for(timeout=WAIT)
    except PlaywrightTimeout:
        log = (server["notebooks"].parent / "play.log").read_text(errors="replace")
        pytest.fail(f"no widget on {page.url} after {WAIT / 1000:.0f} s.\nThe page: {page.inner_text('body')[:600]}"
                    f"\nThe server's log (end): {log[-4000:]}")


def open_app(page, server: dict, name: str):
    page.goto(f"http://127.0.0.1:{server['port']}/voila/render/apps/{name}.ipynb", timeout=WAIT)
    wait_for_app(page, server)
    return page.locator(".wizard-kid-app").first


def settle(page, ms: int = 600) -> None:
    page.wait_for_timeout(ms)


def test_every_app_opens_from_the_landing_page_and_links_back(page, kid_server):  # noqa: F811
    port = kid_server["port"]
    apps = available_apps(kid_server["notebooks"])
    assert len(apps) == len(KID_APPS)  # every app of the catalogue, "Play with your class" too
    for app, href in apps:
        page.goto(landing_url(port), timeout=WAIT)
        link = page.locator(".wizard-kids-landing a.kid-app", has_text=app.title)
        link.wait_for(timeout=WAIT)
        assert link.locator(".kid-app-picture .wizard-card").count() >= 2, "a picture of cards per app"
        start = time.monotonic()
        link.click()
        page.wait_for_url(f"**/voila/render/{href}", timeout=WAIT)
        wait_for_app(page, kid_server)
        print(f"{app.name}: usable {time.monotonic() - start:.1f} s after the click")
        no_code_shown(page)
        text = page.inner_text("body")
        for grown_up in ("run the box", "Shift+Enter", "['", "Traceback", "Save", "Seed"):
            assert grown_up not in text, f"{app.name} shows {grown_up!r}"
        back = page.locator(".wizard-kid-back a").first
        assert "Back to all games" in back.inner_text()
        back.click()
        page.wait_for_url("**/voila/render/kids.ipynb", timeout=WAIT)
        page.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT)


def test_an_app_loads_only_the_widget_extensions_and_nothing_from_other_servers(page, kid_server):  # noqa: F811
    """A pupil's page loads the widgets and no other extension, and everything from the kid server:
    no CDN learns who opens an app."""
    requested, stopped, errors = [], [], []
    page.on("request", lambda request: requested.append(request.url))
    page.on("requestfailed", lambda request: stopped.append(request.url) if request.failure == "csp" else None)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    app = open_app(page, kid_server, "junior-table")
    app.locator(".wizard-table .wizard-bid-button").first.wait_for(timeout=WAIT)
    settle(page)
    extensions = {re.search(r"/voila/labextensions/((?:@[^/]+/)?[^/]+)/", url).group(1)
                  for url in requested if "/voila/labextensions/" in url}
    assert extensions == set(KID_EXTENSIONS), extensions
    assert not [e for e in errors if "Failed to create module" in e], errors
    here = f"http://127.0.0.1:{kid_server['port']}/"
    outside = [u for u in requested if not u.startswith((here, "ws://127.0.0.1", "data:", "blob:"))]
    # Voila's template links an icon font from a CDN: the page's security policy stops it in the browser.
    assert any("cdn.jsdelivr.net" in u for u in outside), requested
    assert [u for u in outside if u not in stopped] == [], (outside, stopped)


def test_classic_app_with_us_games_faces_shows_no_kit_card_text(page, kid_server):  # noqa: F811
    app = open_app(page, kid_server, "classic-table")
    table = app.locator(".wizard-table")
    assert "Bid:" in table.locator(".wizard-actions").inner_text()
    seen = []
    deadline = time.monotonic() + 120
    while "Round 3 of 15" not in table.locator(".wizard-header").inner_text():
        assert time.monotonic() < deadline, "three rounds did not come round by clicking"
        legal = table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal")
        bids = table.locator(".wizard-bid-button")
        trump = table.locator(".wizard-trump-button")
        if legal.count():
            legal.first.click()
        elif bids.count():
            bids.first.click()
        elif trump.count():
            trump.first.click()
        settle(page, 300)
        seen.append(table.inner_text())
        titles = table.locator("[title]").evaluate_all("els => els.map(e => e.getAttribute('title'))")
        seen.append(" ".join(t for t in titles if t))
    table.locator(".wizard-hint-button").click()
    table.locator(".wizard-status .wizard-message-hint").wait_for(timeout=WAIT)
    seen.append(table.inner_text())
    table.locator(".wizard-scorepad-button").click()
    table.locator(".wizard-scorepad table").wait_for(timeout=WAIT)
    seen.append(table.inner_text())
    for text in seen:
        assert not KIT_CARD_TEXT.search(text), f"kit card text under the US Games faces: {text}"
    labels = table.locator(".wizard-hand-buttons .wizard-card-button").evaluate_all(
        "els => els.map(e => e.textContent.trim())")
    # Each button is drawn as its card: the printed rank over the suit's symbol (or W / J).
    assert labels and all(re.fullmatch(r"(10|[2-9JQKA])\s*[\u2660\u2665\u2666\u2663]|[WJ]\s*\S", t)
                          for t in labels), labels


def test_double_clicks_show_no_error_over_a_move_that_worked(page, kid_server):  # noqa: F811
    app = open_app(page, kid_server, "junior-table")
    table = app.locator(".wizard-table")
    number = table.locator(".wizard-bid-button.wizard-bid-1")
    number.dblclick()
    table.locator(".wizard-status .wizard-message-ok").wait_for(timeout=WAIT)
    settle(page, 1500)
    assert table.locator(".wizard-status .wizard-message-error").count() == 0, table.inner_text()
    assert "You predict 1." in table.locator(".wizard-status").inner_text()
    card = table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal").first
    card.wait_for(timeout=WAIT)
    card.dblclick()
    table.locator(".wizard-round-over").wait_for(timeout=WAIT)
    settle(page, 1500)
    assert table.locator(".wizard-status .wizard-message-error").count() == 0, table.inner_text()


def test_notebook_08_chart_is_a_picture(page, run_notebook):
    run_notebook("08-play-classic-wizard.ipynb")
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedImage img").first.wait_for(timeout=WAIT)
    text = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").inner_text()
    assert "<Figure size" not in text and "Figure size" not in text
    # The learner's own table still waits for the first bid: nothing played for them.
    table = widget(page, "wizard-table")
    assert table.locator(".wizard-bid-button").count() > 0
    assert "You bid" not in table.locator(".wizard-log").inner_text()
