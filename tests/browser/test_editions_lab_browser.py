"""In a real browser: the JupyterLab that `wizard-edu lab` opens shows the student edition.

`wizard-edu lab` (as `make lab` runs it) is started with an isolated HOME, so it makes the learner's
folder ~/wizard-edu-notebooks there; the notebook 06 opened in Chromium shows the question, but the
answer cell under it (``worked("06.deck-size")``) is not there at all and the answer is nowhere on the
page, while the teacher edition (the `lab` fixture serves a copy of notebooks/) shows it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from browser_helpers import PANEL, open_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kidmode"))   # test_servers.py

from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for  # noqa: E402

NOTEBOOK = "06-from-junior-to-classic.ipynb"
ANSWER_SOURCE = 'worked("06.deck-size")'
QUESTION_SOURCE = 'ask("06.deck-size")'


def shown_answer() -> str:
    from wizard_edu.widgets.ask import worked

    return repr(worked("06.deck-size"))   # "✔ The answer: 60. ..." as the teacher edition stores it


class LearnerLab:
    """The server `wizard-edu lab` started (only what ``open_notebook`` needs)."""

    def __init__(self, link: str):
        self.base, self.token = re.fullmatch(r"(.*?)/lab[^?]*\?token=(.*)", link).groups()

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"


@pytest.fixture
def learner_lab(chromium_path, tmp_path):
    process, log = start_cli(tmp_path, "lab", "--no-browser", "--port", "0", *ROOT_FLAG)
    try:
        link = wait_for(log, r"(http://127\.0\.0\.1:\d+/lab[^?\s]*\?token=[0-9a-f]+)", process).group(1)
        assert "STUDENT edition" in log.read_text()
        assert (tmp_path / "home" / "wizard-edu-notebooks" / NOTEBOOK).is_file()
        yield LearnerLab(link)
    finally:
        stop_cli(process)


def cell_with(page, source: str):
    """The notebook's code cells whose code is ``source``."""
    return page.locator(f"{PANEL} .jp-CodeCell").filter(has_text=re.compile(re.escape(source)))


def test_the_lab_wizard_edu_lab_opens_shows_no_answer(learner_lab, page):
    open_notebook(page, learner_lab, NOTEBOOK)
    cell_with(page, QUESTION_SOURCE).first.wait_for(timeout=30_000)
    assert cell_with(page, ANSWER_SOURCE).count() == 0
    text = page.locator(PANEL).inner_text()
    assert "The answer" not in text and shown_answer().split(". ", 1)[1] not in text


def test_the_teacher_edition_shows_the_answer(lab, page):
    """The same check can fail: the teacher edition has the answer under its question."""
    open_notebook(page, lab, NOTEBOOK)
    cell = cell_with(page, ANSWER_SOURCE)
    cell.first.wait_for(timeout=30_000)
    assert cell.count() == 1
    assert shown_answer() in cell.first.locator(".jp-OutputArea-output").first.inner_text()
