"""What a widget's place says before the notebook runs, and after its kernel has stopped: kid words.

* Before a run (a notebook opened on a new computer, not yet trusted) JupyterLab shows a widget's
  plain-text form. Every widget a notebook shows gives one sentence there, such as "▶ Your game table
  appears here. To open it, run the notebook: Run ▸ Run All Cells.", not ``TableWidget(...)`` or
  ``VBox(children=(...``. :func:`kid_bundle` puts it into the widget's display data; ``repr()`` stays
  the grown-ups' summary (tests and the console).
* After a kernel restart the widgets still on the page are cut off from Python (ipywidgets marks them
  ``jupyter-widgets-disconnected`` and draws a broken-link icon on every button): :data:`STOPPED_CSS`
  hides the dead widget and says what to do instead.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

#: The way to run a notebook, as JupyterLab's menu names it (the question boxes say it the same way).
RUN_ALL = "Run \u25b8 Run All Cells"


def run_to_open(what: str) -> str:
    """The sentence in a widget's place before the notebook runs: ``what`` names it for a child."""
    return f"\u25b6 {what} appears here. To open it, run the notebook: {RUN_ALL}."


def kid_bundle(widget: widgets.Widget, what: str, **kwargs: Any) -> Any:
    """``widget``'s display data with :func:`run_to_open`'s sentence as its plain text."""
    data = widgets.DOMWidget._repr_mimebundle_(widget, **kwargs)
    if isinstance(data, dict) and "text/plain" in data:
        data["text/plain"] = run_to_open(what)
    return data


class KidText:
    """A mix-in for a widget class (put it first): its plain text is :func:`run_to_open`'s sentence
    about :attr:`kid_name`."""

    #: What the widget is, in a child's words ("Your game table").
    kid_name = "The game"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return kid_bundle(self, self.kid_name, **kwargs)


class KidBox(KidText, widgets.VBox):
    """A plain VBox with kid words as its plain text: ``KidBox(children, kid_name="The chooser")``."""

    def __init__(self, children: Any = (), kid_name: str = "The game", **kwargs: Any) -> None:
        super().__init__(children, **kwargs)
        self.add_class("wizard-widget")  # the kit's styles, and its sentence once the kernel has stopped
        self.kid_name = kid_name


#: The kit's outermost boxes (a widget inside one of them is hidden with it).
_ROOTS = (".wizard-widget", ".wizard-kid-app", ".wizard-class-table")


def _each(suffix: str, within: str = "") -> str:
    return ",".join(f"{within}{root}.jupyter-widgets-disconnected{suffix}" for root in _ROOTS)


#: A widget of the kit whose kernel has stopped: hidden, and a sentence in its place (in JupyterLab:
#: run the notebook again; in a kid-mode page: open the page again).
STOPPED_CSS = ("<style>"
               f"{_each('>*')}{{display:none!important}}"
               f"{_each('::before')}{{content:'\\25B6  This has stopped. Open the page again to play.';"
               "display:block;font:bold 16px/1.4 sans-serif;color:#1f3b63;background:#eef3fb;"
               "border-radius:6px;padding:8px 12px;margin:4px 0}"
               f"{_each('::before', '.jp-Notebook ')}{{content:'\\25B6  This has stopped. To start it again, "
               "run the notebook: Run \\25B8  Run All Cells.'}"
               "</style>")

__all__ = ["RUN_ALL", "run_to_open", "kid_bundle", "KidText", "KidBox", "STOPPED_CSS"]
