"""Accessibility: names on every control, cards told apart without colour, keyboard use, contrast.

The contrast tests are plain unit tests (WCAG 2 formula on the kit's card colours). The others
open the kid-facing pages in Voila in headless Chromium (the ``chromium_path`` and ``page``
fixtures of conftest.py: skipped without a browser unless WIZARD_EDU_REQUIRE_BROWSER=1,
screenshot in test-artifacts/ on failure).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from wizard_edu.display.html import SPECIAL_STYLE
from wizard_edu.display.themes import FILL, INK, SYMBOL, THEMES
from wizard_edu.kidmode.kidmode import start_voila, stop

REPO = Path(__file__).resolve().parents[2]
WAIT_MS = 60_000
#: WCAG 2: 3:1 for large or bold-large text (the letters on the cards), 4.5:1 for body text.
LARGE_TEXT_CONTRAST = 3.0


# -- contrast (no browser needed) -----------------------------------------------------
def relative_luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = []
    for i in (0, 2, 4):
        c = int(value[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_on_known_pairs():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#fff", "#ffffff") == pytest.approx(1.0)


@pytest.mark.parametrize("colour", list(FILL))
def test_card_colours_have_enough_contrast(colour):
    ratio = contrast_ratio(FILL[colour], INK[colour])
    assert ratio >= LARGE_TEXT_CONTRAST, f"{colour}: {FILL[colour]} on {INK[colour]} is only {ratio:.2f}:1"


@pytest.mark.parametrize("kind", sorted(SPECIAL_STYLE))
def test_special_cards_have_enough_contrast(kind):
    fill, ink, _symbol = SPECIAL_STYLE[kind]
    assert contrast_ratio(fill, ink) >= LARGE_TEXT_CONTRAST


def test_card_buttons_have_enough_contrast():
    # Buttons take their look from the vocabulary, which uses the cards' own styles.
    from wizard_edu import Card
    from wizard_edu.teach.vocabulary import Vocabulary

    vocab = Vocabulary("anniversary")
    for text in ("W", "J", "Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud", "R7", "Y3"):
        fill, ink, _symbol = vocab.card_style(Card.parse(text))
        assert contrast_ratio(fill, ink) >= LARGE_TEXT_CONTRAST, text


def test_every_colour_has_its_own_symbol():
    assert len(set(SYMBOL.values())) == len(SYMBOL) == 4
    for theme in THEMES.values():
        assert len(set(theme.colour_names.values())) == 4


def run_in_lab(page, lab, name: str) -> None:
    """Open ``name`` in JupyterLab and run every cell (the shared, load-tolerant helper)."""
    from browser_helpers import open_and_run_all

    open_and_run_all(page, lab, name, timeout=WAIT_MS / 1000 * 2)


# -- in the browser -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def voila(chromium_path, tmp_path_factory):
    base = tmp_path_factory.mktemp("a11y")
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"):
        (base / var.lower()).mkdir()
        env[var] = str(base / var.lower())
    env.pop("JUPYTER_PATH", None)
    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    process, port, _seconds = start_voila(notebooks, env=env, timeout=90)
    try:
        yield f"http://127.0.0.1:{port}/voila/render"
    finally:
        stop(process, timeout=20)


def open_app(page, voila, name: str, ready: str):
    page.goto(f"{voila}/{name}", timeout=WAIT_MS)
    page.locator(ready).first.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(300)   # let the last widgets of the page render
    return page


UNNAMED_CONTROLS = """() => {
  const visible = e => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
  const named = e => (e.innerText || '').trim() || (e.getAttribute('aria-label') || '').trim()
      || (e.getAttribute('title') || '').trim()
      || (e.id && document.querySelector(`label[for="${e.id}"]`))
      || (e.getAttribute('aria-labelledby') && document.getElementById(e.getAttribute('aria-labelledby')));
  return Array.from(document.querySelectorAll('button, a[href], [role=button]'))
      .filter(visible).filter(e => !named(e)).map(e => e.outerHTML.slice(0, 200));
}"""

PAGES = [
    ("kids.ipynb", ".wizard-kids-landing a.kid-app"),
    ("00-install-check.ipynb", ".widget-button"),
    ("03-who-wins-the-trick.ipynb", ".wizard-trainer-card"),
    ("05-play-wizard-junior.ipynb", ".wizard-table .wizard-card-button"),
]


@pytest.mark.parametrize(("name", "ready"), PAGES)
def test_every_button_and_link_has_a_name(page, voila, name, ready):
    open_app(page, voila, name, ready)
    assert page.locator("button:visible").count() + page.locator("a[href]:visible").count() > 0
    assert page.evaluate(UNNAMED_CONTROLS) == []


CARD_FACES = """() => Array.from(document.querySelectorAll('.wizard-card')).map(e => ({
    text: (e.textContent || '').trim(), label: e.getAttribute('aria-label') || e.getAttribute('title') || '',
    back: e.classList.contains('back')}))"""

CARD_BUTTONS = """() => Array.from(document.querySelectorAll('.wizard-card-button')).map(e => ({
    text: (e.innerText || '').trim(), title: e.getAttribute('title') || ''}))"""


@pytest.mark.parametrize("name", ["03-who-wins-the-trick.ipynb", "05-play-wizard-junior.ipynb"])
def test_cards_carry_a_letter_and_a_symbol_not_only_a_colour(page, voila, name):
    open_app(page, voila, name, ".wizard-card-button")
    symbol_of = {THEMES["junior"].colour_names[c]: s for c, s in SYMBOL.items()}
    faces = [f for f in page.evaluate(CARD_FACES) if not f["back"]]
    buttons = page.evaluate(CARD_BUTTONS)
    assert faces or buttons
    for face in faces:
        assert face["text"] and face["label"], face
        colour = face["label"].split()[0]
        if colour in symbol_of:   # a number card: its colour's symbol is drawn on it
            assert symbol_of[colour] in face["text"], face
    letter_of = {THEMES["junior"].colour_names[c]: c for c in SYMBOL}
    for button in buttons:
        assert button["text"], button             # "R7", "W", "F": letters, not just a coloured box
        colour = button["title"].split()[0]
        if colour in symbol_of:   # a number card: its colour letter (R7) or symbol is on the button
            assert letter_of[colour] in button["text"] or symbol_of[colour] in button["text"], button


def tab_to(page, selector: str, presses: int = 250) -> None:
    """Press Tab until the focused element matches ``selector`` (bounded)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector} in {presses} presses")


def test_keyboard_only_click_test(page, voila):
    open_app(page, voila, "00-install-check.ipynb", ".widget-button")
    tab_to(page, "button.widget-button")
    page.keyboard.press("Space")
    page.get_by_text("It works! You clicked 1 time.").wait_for(timeout=WAIT_MS)
    page.keyboard.press("Enter")
    page.get_by_text("It works! You clicked 2 times.").wait_for(timeout=WAIT_MS)


def test_keyboard_only_trick_trainer(page, voila):
    open_app(page, voila, "03-who-wins-the-trick.ipynb", ".wizard-trainer-card")
    feedback = page.locator(".wizard-trick-trainer .wizard-trainer-feedback").first
    before = feedback.inner_text()
    tab_to(page, ".wizard-trick-trainer .wizard-trainer-card")
    page.keyboard.press("Enter")
    deadline = time.monotonic() + 30
    while not any(w in feedback.inner_text() for w in ("Right!", "Not this time")):
        assert time.monotonic() < deadline, f"no feedback after Enter (was {before!r})"
        page.wait_for_timeout(100)


def test_keyboard_only_trick_at_the_table(page, voila):
    open_app(page, voila, "05-play-wizard-junior.ipynb", ".wizard-table .wizard-card-button")
    table = page.locator(".wizard-table").first
    if table.locator(".wizard-trump-button").count():
        tab_to(page, ".wizard-table .wizard-trump-button")
        page.keyboard.press("Enter")
    table.locator(".wizard-bid-button").first.wait_for(timeout=WAIT_MS)
    tab_to(page, ".wizard-table .wizard-bid-button:not(.wizard-not-allowed)")
    page.keyboard.press("Enter")
    table.locator(".wizard-card-button.wizard-legal").first.wait_for(timeout=WAIT_MS)
    tab_to(page, ".wizard-table .wizard-card-button.wizard-legal")
    page.keyboard.press("Space")
    last = table.locator(".wizard-last-trick")
    last.wait_for(timeout=WAIT_MS)
    said = last.inner_text()   # (round 1's only trick: "... won the last trick of round 1.")
    assert "the trick" in said or "went to" in said or "the last trick of round 1" in said


def test_install_check_in_jupyterlab(page, lab):
    """Notebook 00 where the lessons happen: all green, and the button answers a click and a key."""
    run_in_lab(page, lab, "00-install-check.ipynb")
    checklist = page.locator(".jp-OutputArea-output .wizard-doctor").first
    checklist.wait_for(timeout=WAIT_MS)
    assert "Everything a lesson needs works" in checklist.inner_text()
    assert "needs fixing" not in checklist.inner_text()
    button = page.locator(".jp-OutputArea-output .widget-button", has_text="Click me").first
    button.click()
    page.locator(".jp-OutputArea-output").get_by_text("It works! You clicked 1 time.").wait_for(timeout=WAIT_MS)
    button.focus()
    page.keyboard.press("Enter")
    page.locator(".jp-OutputArea-output").get_by_text("It works! You clicked 2 times.").wait_for(timeout=WAIT_MS)
