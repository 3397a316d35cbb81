"""The child's own hand in view (issue 29 item 7), in headless Chromium at 1024 x 768 and 1366 x 768.

On a school laptop's screen the learner's cards and the prediction (bid) buttons are on the screen
without scrolling, wherever the table is: the kid apps (Voila, `wizard-edu play`: Junior and
Classic, at the start and in a late round with a trick on the table), the notebook table in
JupyterLab (notebook 05, once its cell is scrolled to the top), and the class table ("Play with your
class", `wizard-edu play --classroom`). Number keys predict whenever the table has the focus, through
the same path as a click; in JupyterLab a number key does not change the notebook's cell.

Every measure is printed (``pytest -s``): the lowest card's and button's bottom edge, in CSS pixels.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from browser_helpers import PANEL, click_if_there, open_and_run_all, open_notebook, widget
from test_class_tables_browser import join_through_kid_mode
from test_kidmode_browser import kid_server  # noqa: F401 - a fixture
from test_kidmode_class_browser import start_play

from wizard_edu.kidmode.kidmode import stop

pytestmark = pytest.mark.browser

WAIT = 60_000
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "hand-in-view"
SIZES = ((1024, 768), (1366, 768))

#: Where the learner's cards and the shown number buttons lie, and what part of the page can be seen
#: without scrolling: the window, cut to every scrolling box around the table (JupyterLab's notebook).
MEASURE = """root => {
  let top = 0, bottom = window.innerHeight, left = 0, right = window.innerWidth;
  for (let el = root.parentElement; el; el = el.parentElement) {
    const s = getComputedStyle(el);
    if (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight) {
      const r = el.getBoundingClientRect();
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.top + el.clientHeight);
      left = Math.max(left, r.left); right = Math.min(right, r.left + el.clientWidth);
    }
  }
  const boxes = sel => Array.from(root.querySelectorAll(sel)).filter(e => e.offsetParent !== null).map(e => {
    const r = e.getBoundingClientRect();
    return {text: e.innerText.replace(/\\s+/g, ' ').trim(), top: Math.round(r.top), bottom: Math.round(r.bottom),
            left: Math.round(r.left), right: Math.round(r.right)};
  });
  return {view: {top: Math.round(top), bottom: Math.round(bottom), left: Math.round(left), right: Math.round(right)},
          cards: boxes('.wizard-hand-buttons .wizard-card-button'),
          numbers: boxes('.wizard-actions .wizard-bid-button'), scrolled: window.scrollY};
}"""


def out_of_view(table, what: str, need_numbers: bool = True) -> list[str]:
    """The learner's cards and number buttons that are not wholly on the screen (and the figures);
    a picture of the screen goes to test-artifacts/hand-in-view/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    table.page.screenshot(path=str(SHOTS / (re.sub(r"[^A-Za-z0-9-]+", "-", what) + ".png")))
    m = table.evaluate(MEASURE)
    view = m["view"]
    assert m["cards"], f"{what}: no cards in the hand"
    if need_numbers:
        assert m["numbers"], f"{what}: no prediction (bid) buttons"
    lowest = max(b["bottom"] for b in m["cards"])
    numbers = max((b["bottom"] for b in m["numbers"]), default=None)
    print(f"{what}: visible y {view['top']}-{view['bottom']}, cards' bottom {lowest}, "
          f"numbers' bottom {numbers}, {len(m['cards'])} cards, {len(m['numbers'])} numbers")
    return [f"{kind} {b['text']!r} at y {b['top']}-{b['bottom']}, x {b['left']}-{b['right']} "
            f"(the screen shows y {view['top']}-{view['bottom']}, x {view['left']}-{view['right']})"
            for kind in ("cards", "numbers") for b in m[kind]
            if b["top"] < view["top"] or b["bottom"] > view["bottom"] or b["left"] < view["left"]
            or b["right"] > view["right"]]


def write_app(notebooks: Path, name: str, code: str) -> str:
    """A kid-mode app page (the stored apps' frame: a title, the app, how to play under it)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# \u2726 {name}\n\nYou play against three animals."),
                nbformat.v4.new_code_cell(
                    "from wizard_edu.widgets.common import game_at_round\n"
                    "from wizard_edu.widgets.kidapp import kid_app\n"
                    "from wizard_edu.widgets.table import TableWidget\n" + code),
                nbformat.v4.new_markdown_cell("## How to play\n\n1. Click a number.\n2. Click a card.")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, notebooks / "apps" / f"test-hand-{name}.ipynb")
    return f"apps/test-hand-{name}.ipynb"


#: Late rounds: the most cards in the hand (and number buttons), and in the middle of a round (a
#: trick on the table, the last one on its winner's pile).
LATE = {
    "junior-round-8-numbers": "kid_app(TableWidget(game=game_at_round(8, rules='junior', seed=1)))",
    "classic-round-15-numbers": "kid_app(TableWidget(game=game_at_round(15, rules='classic', seed=8), theme='us'))",
    "classic-round-15-playing": (
        "t = TableWidget(game=game_at_round(15, rules='classic', seed=8), theme='us')\n"
        "t.bid(t.view.legal_bids[0])\n"
        "for _ in range(3):\n"
        "    t.play(t.view.legal_cards[0])\n"
        "kid_app(t)"),
}


def open_app(page, port: int, path: str, size: tuple[int, int]):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"http://127.0.0.1:{port}/voila/render/{path}", timeout=WAIT)
    table = page.locator(".wizard-kid-app .wizard-table").first
    table.locator(".wizard-hand-buttons .wizard-card-button").first.wait_for(timeout=WAIT)
    page.wait_for_timeout(400)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("app", ["junior-table", "classic-table"])
def test_a_kid_app_shows_the_hand_and_the_numbers_without_scrolling(page, kid_server, app, size):  # noqa: F811
    table = open_app(page, kid_server["port"], f"apps/{app}.ipynb", size)
    table.locator(".wizard-actions .wizard-bid-button").first.wait_for(timeout=WAIT)
    assert page.evaluate("window.scrollY") == 0
    bad = out_of_view(table, f"{app} at {size[0]}x{size[1]}")
    assert not bad, bad


@pytest.mark.parametrize("name", list(LATE))
def test_a_late_round_keeps_the_hand_on_the_screen(page, kid_server, name):  # noqa: F811
    path = write_app(kid_server["notebooks"], name, LATE[name])
    for size in SIZES:
        table = open_app(page, kid_server["port"], path, size)
        numbers = name.endswith("numbers")
        if numbers:
            table.locator(".wizard-actions .wizard-bid-button").first.wait_for(timeout=WAIT)
        else:
            table.locator(".wizard-felt .wizard-seat-last .wizard-card").first.wait_for(timeout=WAIT)
        bad = out_of_view(table, f"{name} at {size[0]}x{size[1]}", need_numbers=numbers)
        assert not bad, bad


def test_a_number_key_predicts_when_the_table_has_the_focus(page, kid_server):  # noqa: F811
    table = open_app(page, kid_server["port"], "apps/junior-table.ipynb", SIZES[0])
    assert "number key" in table.locator(".wizard-actions").inner_text()  # the words say so
    # A key for a number the hand cannot win says which numbers there are (it is the table's key).
    page.keyboard.press("7")
    table.locator(".wizard-status", has_text="Press a number key from 0 to 1").wait_for(timeout=WAIT)
    # A click on the table (not on a button) gives it the focus; the key makes the prediction.
    table.locator(".wizard-felt").click(position={"x": 5, "y": 5})
    assert page.evaluate("document.activeElement.closest('.wizard-table') !== null")
    page.keyboard.press("1")
    table.locator(".wizard-status", has_text="You predict 1.").wait_for(timeout=WAIT)
    assert "You predict 1." in table.locator(".wizard-log").inner_text()
    # While cards are to be played, a number key says what to do instead.
    table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal").first.wait_for(timeout=WAIT)
    table.locator(".wizard-hand-buttons .wizard-card-button").first.focus()
    page.keyboard.press("2")
    table.locator(".wizard-status", has_text="The number keys are for your prediction").wait_for(timeout=WAIT)


def test_notebook_05s_table_shows_the_hand_and_a_number_key_predicts(page, lab):
    open_and_run_all(page, lab, "05-play-wizard-junior.ipynb")
    table = widget(page, "wizard-table")
    table.scroll_into_view_if_needed()
    table.locator(".wizard-actions .wizard-bid-button").first.wait_for(timeout=WAIT)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        # The one scroll a learner makes: the table's top to the top of the notebook.
        table.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        bad = out_of_view(table, f"notebook 05 at {width}x{height}")
        assert not bad, bad
    cells = page.locator(f"{PANEL} .jp-Cell").count()
    headings = page.locator(f"{PANEL} .jp-MarkdownCell").count()
    table.locator(".wizard-hand-buttons .wizard-card-button").first.focus()
    page.keyboard.press("0")
    table.locator(".wizard-status", has_text="You predict 0.").wait_for(timeout=WAIT)
    page.wait_for_timeout(300)
    # JupyterLab's own shortcut (0-6 make the cell a heading or code) did not take the key.
    assert (page.locator(f"{PANEL} .jp-Cell").count(), page.locator(f"{PANEL} .jp-MarkdownCell").count()) \
        == (cells, headings)


def _teacher(base: str, key: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="POST" if data is not None else "GET",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def test_the_class_table_shows_the_hand_and_the_numbers_without_scrolling(browser, tmp_path):
    process, port, log = start_play(tmp_path, "--classroom", "--no-preheat", "--max-apps=4",
                                    f"--tables-db={tmp_path / 'tables.sqlite'}")
    context = None
    try:
        text = log.read_text()
        code = re.search(r"\(class code: ([A-Z0-9]+)\)", text).group(1)
        base, key = re.search(r"Teacher's board \(keep this link to yourself\): (\S+)", text).group(1) \
            .split("board?key=")
        context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
        page = join_through_kid_mode(context, port, code, "Ann")
        deadline = time.monotonic() + 30
        while not _teacher(base, key, "api/teacher/start", {}).get("started"):  # computers fill the seats
            assert time.monotonic() < deadline, "the teacher could not start the table"
            time.sleep(0.5)
        table = page.locator(".wizard-class-table .wizard-table").first
        # Ann's turn to predict (a computer may go first; a dealer Ann names the trump first).
        deadline = time.monotonic() + 60
        while not table.locator(".wizard-actions .wizard-bid-button").count():
            assert time.monotonic() < deadline, page.locator(".wizard-class-table").inner_text()
            trump = table.locator(".wizard-actions .wizard-trump-button")
            if trump.count():
                click_if_there(trump.first)
            page.wait_for_timeout(200)
        table.locator(".wizard-hand-buttons .wizard-card-button").first.wait_for(timeout=WAIT)
        for width, height in (*SIZES, (1280, 900)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(400)
            bad = out_of_view(table, f"class table at {width}x{height}")
            assert not bad, bad
        # Round 3, Ann to play onto cards on the table (more cards in the hand, a trick on the felt).
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        deadline = time.monotonic() + 120
        while not ("Round 3 of" in table.locator(".wizard-header").inner_text()
                   and table.locator(".wizard-felt .wizard-played").count()
                   and table.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal").count()):
            assert time.monotonic() < deadline, page.locator(".wizard-class-table").inner_text()
            for move in (".wizard-actions .wizard-trump-button",
                         ".wizard-actions .wizard-bid-button:not(.wizard-not-allowed)",
                         ".wizard-hand-buttons .wizard-card-button.wizard-legal"):
                if table.locator(move).count() and click_if_there(table.locator(move).first):
                    break
            page.wait_for_timeout(300)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(400)
            bad = out_of_view(table, f"class table in round 3 at {width}x{height}", need_numbers=False)
            assert not bad, bad
    finally:
        if context is not None:
            context.close()
        stop(process, timeout=20)
        process.log_file.close()


def test_before_a_run_and_after_a_restart_the_table_says_what_to_do(page, lab):
    """Notebook 05 opened on a new computer (not yet trusted, nothing run): each widget's place says in
    kid words how to open it, never ``TableWidget(...)`` or ``VBox(children=...``. After Run All and a
    kernel restart the stopped widgets say how to start again (no broken-link icons on every button)."""
    shutil.copy(lab.root / "05-play-wizard-junior.ipynb", lab.root / "05-before-a-run.ipynb")
    open_notebook(page, lab, "05-before-a-run.ipynb")
    outputs = page.locator(f"{PANEL} .jp-OutputArea-output")
    # JupyterLab draws the cells a few at a time: wait for both placeholders before reading them all.
    for place in ("Your game table appears here", "The table chooser appears here"):
        outputs.filter(has_text=place).first.wait_for(state="attached", timeout=WAIT)
    texts = outputs.evaluate_all("els => els.map(e => e.innerText)")
    assert "\u25b6 Your game table appears here. To open it, run the notebook: Run \u25b8 Run All Cells." in texts
    assert "\u25b6 The table chooser appears here. To open it, run the notebook: Run \u25b8 Run All Cells." in texts
    raw = [t for t in texts if re.match(r"\w+\((children=)?", t)]
    assert not raw, raw

    open_and_run_all(page, lab, "05-before-a-run.ipynb")
    table = widget(page, "wizard-table")
    table.locator(".wizard-actions .wizard-bid-button").first.wait_for(timeout=WAIT)
    page.locator("#jp-MainMenu").get_by_text("Kernel", exact=True).click()
    page.locator(".lm-Menu-item", has_text="Restart Kernel\u2026").first.click()
    page.locator(".jp-Dialog button.jp-mod-accept").click()
    chooser = page.locator(f"{PANEL} .jp-OutputArea-output .wizard-widget", has=page.locator(".widget-toggle-buttons"))
    for stopped in (table, chooser.first):
        stopped.scroll_into_view_if_needed()
        page.wait_for_function("el => el.classList.contains('jupyter-widgets-disconnected')",
                               arg=stopped.element_handle(), timeout=WAIT)
        said = stopped.evaluate("el => getComputedStyle(el, '::before').content")
        assert "This has stopped. To start it again, run the notebook: Run \u25b8 Run All Cells." in said, said
        # Nothing of the dead widget is shown (its buttons, each with a broken-link icon).
        assert stopped.locator(".widget-button:visible, .widget-toggle-button:visible").count() == 0
