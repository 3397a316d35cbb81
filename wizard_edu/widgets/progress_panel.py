"""The learner's "Where am I?" panel and the question-done test used by the teacher's edition.

Split from :mod:`wizard_edu.widgets.question` (which still exports these names).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..errors import WizardError
from ..teach import progress
from .common import WidgetBase, text_button


class ProgressPanel(WidgetBase):
    """"Where am I?": the learner's name (asked once) and the questions done in each notebook.

    Shows nothing personal until the learner presses the button, so a stored notebook holds no
    one's progress.  ``panel.refresh() -> str`` is the Python API.
    """

    kid_name = "Your progress"

    def __init__(self, home: Any = None, **kwargs: Any) -> None:
        super().__init__("wizard-progress", **kwargs)
        self.home = home
        self.text = widgets.HTML("")
        self.text.add_class("wizard-progress-text")
        self.button = text_button("Where am I?", "Show what you have done so far", "wizard-progress-button",
                                  self.refresh)
        self.name_entry = widgets.Text(placeholder="your name", layout=widgets.Layout(width="14em"))
        self.name_button = text_button("Save my name", "Your teacher sees your progress under this name",
                                       "wizard-question-name-save", self._save_name)
        self.name_row = widgets.HBox([self.name_entry, self.name_button])
        self.name_row.add_class("wizard-progress-name")
        self.children = (widgets.HBox([self.button, self.name_row]), self.status, self.text)
        self._hide_name_if_known()

    @property
    def asks_name(self) -> bool:
        """True while the panel shows the name box (only when no name is known yet)."""
        return self.name_row.layout.display != "none"

    def _hide_name_if_known(self) -> None:
        # "Where am I?" never asks for a name it has (a hub login, or a name typed once).
        known = progress.current_learner(self.home) is not None
        self.name_row.layout.display = "none" if known else None

    def refresh(self) -> str:
        """Show (and return) the learner's progress in a few lines."""
        text = progress.where_am_i(home=self.home)
        self.text.value = "<pre>" + html.escape(text) + "</pre>"
        self._hide_name_if_known()
        return text

    def _save_name(self) -> None:
        try:
            name = progress.set_learner(self.name_entry.value, home=self.home)
        except (WizardError, OSError) as exc:
            self.say(str(exc), "error")
            return
        self.say(f"Thank you, {name}!", "ok")
        self.refresh()

    def _summary(self) -> str:
        return ""


def learner_has_tried(id: str, home: Any = None) -> bool:
    """True once the learner has answered ``id`` right or tried it twice (when "Show answer" appears)."""
    try:
        data = progress.load(home)
    except (WizardError, OSError):
        return False
    who = progress.current_learner(home) or progress.UNNAMED
    for part in data.get("learners", {}).get(who, {}).values():
        entry = part.get("questions", {}).get(id) if isinstance(part, dict) else None
        if isinstance(entry, dict) and (entry.get("correct") or int(entry.get("tries", 0)) >= 2):
            return True
    return False


__all__ = ["ProgressPanel", "learner_has_tried"]
