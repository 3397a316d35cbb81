"""A notebook just opened in real JupyterLab is not marked modified (issue 21, item 8).

JupyterLab writes the kernel's spec and ``language_info`` into a notebook once its kernel is up; a
notebook stored with anything else (it was stored as "Python 3", ipykernel calls itself
"Python 3 (ipykernel)") showed the modified dot at once, and autosave rewrote it.
"""

from __future__ import annotations

import time

import pytest
from browser_helpers import open_notebook

from wizard_edu.teach.editions import sync_learner_folder

#: Any tab in the main area that JupyterLab marks modified (the dot instead of the close cross).
DIRTY_TAB = "#jp-main-dock-panel .lm-TabBar-tab.jp-mod-dirty"
WATCH_S = 3.0   # how long a freshly opened notebook is watched once its kernel is idle


@pytest.fixture(scope="module")
def student_folder(lab):
    """The student edition as `wizard-edu lab` makes it on this computer, inside the served folder."""
    folder = lab.root / "student-edition"
    sync_learner_folder(lab.root, folder)
    return folder.name


@pytest.mark.parametrize("which", ["teacher", "student"])
def test_a_notebook_just_opened_is_not_modified(page, lab, student_folder, which):
    # 00 is stored with the new metadata (the lead re-stores the others); the student edition
    # gets this computer's kernel metadata whatever the stored notebook says.
    name = "00-install-check.ipynb" if which == "teacher" else f"{student_folder}/03-who-wins-the-trick.ipynb"
    open_notebook(page, lab, name)
    # The kernel is connected and has answered: JupyterLab has written its spec and language_info.
    page.locator(".jp-StatusBar-TextItem", has_text="| Idle").first.wait_for()
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=name.rsplit("/", 1)[-1]).first.wait_for()
    deadline = time.monotonic() + WATCH_S
    while time.monotonic() < deadline:
        assert page.locator(DIRTY_TAB).count() == 0, f"{name} shows as modified right after opening"
        time.sleep(0.25)
