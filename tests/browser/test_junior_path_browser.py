"""The Junior path (01-05) as a child sees it in JupyterLab: code folded away, questions to answer.

Checks that the notebooks' hidden-code metadata (`jupyter.source_hidden`) really hides the code in
JupyterLab, that the cells still run, and that a checked question answers wrong, then right.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from browser_helpers import PANEL, open_notebook, widget

from wizard_edu import junior_deck

pytestmark = pytest.mark.browser

WAIT = 30_000  # ms, for every single wait below
REPO = Path(__file__).resolve().parents[2]

SHOWN_CODE = f"""() => Array.from(document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputArea-editor'))
    .filter(e => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)).length"""


@pytest.mark.parametrize("name", ["01-meet-the-cards.ipynb", "03-who-wins-the-trick.ipynb",
                                  "05-play-wizard-junior.ipynb"])
def test_code_is_folded_away(page, lab, name):
    """Opened as stored: every code cell is a one-line placeholder (its first line, a comment for
    children), and no code editor is shown."""
    code_cells = sum(c.cell_type == "code" for c in nbformat.read(REPO / "notebooks" / name, as_version=4).cells)
    open_notebook(page, lab, name)
    placeholders = page.locator(f"{PANEL} .jp-CodeCell .jp-InputPlaceholder")
    # JupyterLab draws the cells bit by bit: wait (bounded) until every code cell is there, folded.
    page.wait_for_function(
        f"""() => document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputPlaceholder').length >= {code_cells}""",
        timeout=WAIT)
    assert placeholders.count() == page.locator(f"{PANEL} .jp-CodeCell").count() == code_cells
    assert page.evaluate(SHOWN_CODE) == 0
    texts = [t.strip() for t in placeholders.locator(".jp-PlaceholderText").all_text_contents()]
    assert texts and all(t.startswith("#") or t.startswith("%") for t in texts), texts
    assert "answer=" not in " ".join(texts)


def test_chips_picture_shows(page, run_notebook):
    run_notebook("04-predicting-tricks.ipynb")
    explorer = widget(page, "wizard-chips-explorer")
    explorer.wait_for(state="visible", timeout=WAIT)
    explorer.get_by_role("button", name="0", exact=True).first.click()   # predicted 0
    explorer.get_by_role("button", name="0", exact=True).nth(1).click()  # won 0
    explorer.get_by_text("1 point").wait_for(timeout=WAIT)
    assert explorer.locator(".wizard-chip-points").count() == 1


def test_first_question_wrong_then_right(page, run_notebook):
    run_notebook("01-meet-the-cards.ipynb")
    question = widget(page, "wizard-question")
    question.wait_for(state="visible", timeout=WAIT)
    entry = question.locator(".wizard-question-entry input, input.wizard-question-entry").first
    entry.fill(str(len(junior_deck()) - 6))
    entry.press("Enter")
    question.locator(".wizard-question-hint").first.wait_for(state="visible", timeout=WAIT)
    entry.fill(str(len(junior_deck())))
    question.locator(".wizard-question-check").first.click()
    question.get_by_text("right", exact=False).first.wait_for(timeout=WAIT)
