"""The table as a child sees it, in kid mode (Voila) in headless Chromium (issue 22).

* a Junior round and a Classic round with each face theme (Classic, AMIGO, US Games), at 1024 x 768
  and 1366 x 768: screenshots in ``test-artifacts/table/``; a new round is predicted over a cleared
  table, the round before's last trick aside on its winner's pile with the reason; the card drawn in
  the hand is the card drawn there (same colour, same label over symbol) and in the trick (same
  size); no horizontal scroll, every card and number button at least 44 x 44 CSS px;
* a whole Junior round played by keyboard only (Tab, number keys, Enter);
* axe-core (axe-playwright-python) on every kid app and on notebook 05's table: nothing serious
  or critical.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from test_kidmode_browser import kid_server  # noqa: F401 - a fixture

from wizard_edu.kidmode.kidmode import available_apps

pytestmark = pytest.mark.browser

WAIT = 60_000
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "table"
SIZES = ((1024, 768), (1366, 768))
TABLES = {
    "junior-junior": "TableWidget(rules='junior', players=4, seed=1)",
    "classic-classic": "TableWidget(rules='classic', players=4, seed=8, theme='classic')",
    "classic-amigo": "TableWidget(rules='classic', players=4, seed=8, theme='amigo')",
    "classic-us": "TableWidget(rules='classic', players=4, seed=8, theme='us')",
}

NO_SIDEWAYS_SCROLL = """() => {
  const el = document.scrollingElement || document.documentElement;
  return el.scrollWidth <= el.clientWidth + 1;
}"""

#: Parts of the table that stick out of it (and so are cut off or scroll): none may.
CUT_OFF = """root => {
  const edge = root.getBoundingClientRect().right + 1;
  return Array.from(root.querySelectorAll('.wizard-felt, .wizard-seat, .wizard-round-tiles, .wizard-pad-paper'))
    .filter(e => e.getBoundingClientRect().right > edge || e.scrollWidth > e.clientWidth + 1)
    .map(e => e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' > ' + Math.round(edge));
}"""

#: What a drawn card shows: its background colour, its text (label and symbol) and its size.
FACE = """el => {
  const s = getComputedStyle(el), r = el.getBoundingClientRect();
  return {bg: s.backgroundColor, text: el.innerText.replace(/\\s+/g, ' ').trim(),
          w: Math.round(r.width), h: Math.round(r.height)};
}"""


def write_app(notebooks: Path, name: str, table: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {name}"), nbformat.v4.new_code_cell(
        "from wizard_edu.widgets.table import TableWidget\nfrom wizard_edu.widgets.kidapp import kid_app\n"
        f"kid_app({table})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, notebooks / "apps" / f"test-{name}.ipynb")
    return f"apps/test-{name}.ipynb"


def open_page(page, port: int, path: str):
    page.goto(f"http://127.0.0.1:{port}/voila/render/{path}", timeout=WAIT)
    table = page.locator(".wizard-table").first
    table.locator(".wizard-felt").wait_for(timeout=WAIT)
    return table


def serious(page, context: str | None = None) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context)
    return [f"{v['id']} ({v['impact']}): {v['help']} - {len(v['nodes'])} nodes"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def small_targets(table) -> list[str]:
    sizes = table.locator(".wizard-hand-buttons .wizard-card-button, .wizard-bid-button").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); "
        "return [e.innerText.replace(/\\s+/g, ' '), Math.round(r.width), Math.round(r.height)]; })")
    return [f"{t}: {w}x{h}" for t, w, h in sizes if w < 44 or h < 44]


@pytest.mark.parametrize("name", list(TABLES))
def test_a_round_looks_like_a_card_table(page, kid_server, name):  # noqa: F811
    path = write_app(kid_server["notebooks"], name, TABLES[name])
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.emulate_media(reduced_motion="reduce")  # the trick stays put for the measures and pictures
    table = open_page(page, kid_server["port"], path)
    # Predict (bid) 1 with the button, then play the first card that may be played.
    table.locator(".wizard-bid-button.wizard-bid-1").click()
    card = table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal").first
    card.wait_for(timeout=WAIT)
    assert not small_targets(table), small_targets(table)
    code = next(c for c in card.get_attribute("class").split() if c.startswith("wizard-card-")
                and c != "wizard-card-button")[len("wizard-card-"):]
    in_hand = card.evaluate(FACE)
    card.click()
    # Round 1 has one trick, and with it the round is over: round 2 is predicted over a cleared table
    # (issue 28), and round 1's last trick lies aside, face up on its winner's pile, which pulses; a
    # line says who won it and why.
    last = table.locator(".wizard-felt .wizard-last-round-trick")
    last.wait_for(timeout=WAIT)
    note = last.inner_text()
    assert "the last trick of round 1." in note and "wins" in note.split("round 1.", 1)[-1], note
    tiles = table.locator(".wizard-round-over .wizard-round-tile")  # each player's points at a glance
    tiles.nth(3).wait_for(timeout=WAIT)
    assert tiles.count() == 4
    table.locator(".wizard-bid-button").first.wait_for(timeout=WAIT)  # the table's final state
    page.wait_for_timeout(500)
    assert table.locator(".wizard-felt .wizard-centre .wizard-played").count() == 0, "round 1's trick is in the middle"
    aside = table.locator(f'.wizard-felt .wizard-seat-last .wizard-card[data-card="{code}"]')
    on_pile = aside.evaluate(FACE)
    assert {k: on_pile[k] for k in ("bg", "text")} == {k: in_hand[k] for k in ("bg", "text")}, \
        f"the hand's card {in_hand} is drawn differently on the pile: {on_pile}"
    assert table.locator(".wizard-felt .wizard-seat-last .wizard-card[data-mark=wizard-winning-card]").count() == 1
    moving = table.locator(".wizard-felt .wizard-pile-new").evaluate("el => getComputedStyle(el).animationName")
    assert moving == "none", f"prefers-reduced-motion, yet the pile pulses ({moving})"
    # Round 2: predict, play; the cards of its trick lie in the middle at the hand's size on a tall
    # screen (under 960 px high the compact felt draws them smaller, the hand never: see
    # test_hand_in_view_browser.py).
    page.set_viewport_size({"width": 1366, "height": 1000})
    table.locator(".wizard-bid-button:not(.wizard-not-allowed)").first.click()
    table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal").first.click()
    # The computers play on after the learner's card and the felt is drawn again each time, so the
    # size is read in one step in the page, from a card that is on screen at that moment.
    in_trick = page.wait_for_function("""() => {
      const c = [...document.querySelectorAll('.wizard-felt .wizard-centre .wizard-played .wizard-card')]
        .map(el => el.getBoundingClientRect()).find(r => r.width > 0);
      return c && {w: Math.round(c.width), h: Math.round(c.height)};
    }""", timeout=WAIT).json_value()
    assert (in_trick["w"], in_trick["h"]) == (in_hand["w"], in_hand["h"]), (in_hand, in_trick)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        table.locator(".wizard-header").evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), f"a sideways scroll at {width}x{height}"
        cut = table.evaluate(CUT_OFF)
        assert not cut, f"cut off at {width}x{height}: {cut}"
        assert not small_targets(table), small_targets(table)
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}-full.png"), full_page=True)


def test_a_whole_junior_round_by_keyboard(page, kid_server):  # noqa: F811
    """Round 1 and round 2 (two tricks) with Tab, number keys and Enter only: no mouse."""
    page.set_viewport_size({"width": 1024, "height": 768})
    table = open_page(page, kid_server["port"], "apps/junior-table.ipynb")
    # The number keys work wherever the focus is in the table once the numbers are shown.
    is_number_box = ("() => document.activeElement && document.activeElement.closest('.wizard-table') !== null"
                     " && document.querySelector('.wizard-table .wizard-actions .wizard-bid-button') !== null")
    is_legal_card = ("() => document.activeElement && document.activeElement.matches("
                     "'.wizard-hand-buttons .wizard-card-button.wizard-legal')")
    keys = 0
    for _ in range(400):
        if table.locator(".wizard-round-over", has_text="Round 2 result").count():
            break
        if page.evaluate(is_number_box):
            page.keyboard.press("0")
        elif page.evaluate(is_legal_card):
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("Tab")
        keys += 1
        page.wait_for_timeout(150)
    else:
        pytest.fail(f"round 2 was not over after {keys} key presses: {table.inner_text()}")
    assert "Round 2 is over: you predicted 0" in table.locator(".wizard-log").inner_text()
    assert table.locator(".wizard-status .wizard-message-error").count() == 0


def test_axe_finds_nothing_serious_in_the_kid_apps(page, kid_server):  # noqa: F811
    found = {}
    for app, href in available_apps(kid_server["notebooks"]):
        page.goto(f"http://127.0.0.1:{kid_server['port']}/voila/render/{href}", timeout=WAIT)
        page.locator(".wizard-kid-app .wizard-widget").first.wait_for(timeout=WAIT)
        page.wait_for_timeout(500)
        problems = serious(page)
        if problems:
            found[app.name] = problems
    assert not found, json.dumps(found, indent=1)


def test_axe_finds_nothing_serious_at_notebook_05s_table(page, run_notebook):
    run_notebook("05-play-wizard-junior.ipynb")
    table = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output .wizard-table").first
    table.wait_for(timeout=WAIT)
    problems = serious(page, context=".wizard-table")
    assert not problems, problems


def test_a_page_stuck_on_loading_tells_the_child_the_way_back(page):
    """What an app page does when its kernel never comes (the script kid mode adds to each page)."""
    from wizard_edu.kidmode.kidserver import stuck_page_script

    page.set_content("<html><body><div>Loading widget...</div>"
                     f"{stuck_page_script('/voila/render/kids.ipynb', seconds=1)}</body></html>")
    stuck = page.locator(".wizard-kid-stuck")
    stuck.wait_for(timeout=10_000)
    assert "could not start" in stuck.inner_text()
    assert stuck.locator("a", has_text="Back to all games").get_attribute("href") == "/voila/render/kids.ipynb"
    # A page whose game is there says nothing.
    page.set_content(f"<html><body><div class='wizard-widget'>a game</div>{stuck_page_script('/', seconds=1)}"
                     "</body></html>")
    page.wait_for_timeout(2500)
    assert page.locator(".wizard-kid-stuck").count() == 0
