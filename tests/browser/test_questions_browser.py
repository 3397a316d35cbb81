"""A checked question in a real JupyterLab: a wrong answer shows the hint, then the right one is praised.

The right answer comes from the engine (the notebook's own question asks for ``len(classic_deck())``);
the lab fixture gives the server an isolated HOME, so the progress file is written there.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from browser_helpers import widget

from wizard_edu import classic_deck
from wizard_edu.progress import FILENAME, FOLDER

pytestmark = pytest.mark.browser

WAIT = 30_000  # ms, for every single wait below
NOTEBOOK = "06-from-junior-to-classic.ipynb"


def wait_for_file(path: Path, condition, timeout: float = WAIT / 1000):
    """Wait (bounded) until the JSON file at ``path`` exists and ``condition(data)`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        if path.exists():
            data = json.loads(path.read_text())
            if condition(data):
                return data
        if time.monotonic() > deadline:
            raise AssertionError(f"{path} never showed the expected progress")
        time.sleep(0.2)


def test_answer_a_question_wrong_then_right(page, run_notebook, lab):
    run_notebook(NOTEBOOK)
    question = widget(page, "wizard-question")
    question.wait_for(state="visible", timeout=WAIT)
    question.get_by_text("How many cards does the Classic deck have?").wait_for(timeout=WAIT)
    right = len(classic_deck())
    assert str(right) not in question.inner_text()  # nothing gives the answer away before a try

    entry = question.locator(".wizard-question-entry input")
    entry.fill(str(right - 10))
    entry.press("Enter")                       # Enter checks (continuous_update=False)
    question.locator(".wizard-status").get_by_text("Not quite").wait_for(timeout=WAIT)
    hint = question.locator(".wizard-question-hint")
    hint.wait_for(state="visible", timeout=WAIT)
    assert "Hint:" in hint.inner_text() and "13" in hint.inner_text()

    entry.fill(str(right))
    question.locator(".wizard-question-check").click()   # and so does the Check button
    question.locator(".wizard-status").get_by_text("Yes!").wait_for(timeout=WAIT)
    assert f"{right} is right" in question.locator(".wizard-status").inner_text()

    # The check was recorded in the (isolated) home, and the name is asked once.
    progress = lab.root.parent.parent / "home" / FOLDER / FILENAME
    wait_for_file(progress, lambda d: any("06-from-junior-to-classic" in nbs for nbs in d["learners"].values()))
    name_row = question.locator(".wizard-question-name")
    name_row.wait_for(state="visible", timeout=WAIT)
    name_row.locator("input").fill("Ada")
    name_row.locator(".wizard-question-name-save").click()
    data = wait_for_file(progress, lambda d: d.get("current") == "Ada")
    entry_data = data["learners"]["Ada"]["06-from-junior-to-classic"]["questions"]
    assert [(q["tries"], q["correct"], q["first_try"]) for q in entry_data.values()] == [(2, True, False)]
