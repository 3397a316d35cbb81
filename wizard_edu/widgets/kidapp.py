"""The frame of a kid-mode app: big cards and buttons, one widget, and a way back to the start page.

Each app notebook in ``notebooks/apps/`` has one code cell that ends with ``kid_app(widget)``.
Voila hides the code; the child sees the app's title and words (its markdown), the widget with
large, easy-to-hit cards, and a "Back to all games" link on top and at the bottom.
"""

from __future__ import annotations

import ipywidgets as widgets

from .placeholder import STOPPED_CSS, KidText

#: The landing page, relative to an app in notebooks/apps/ (works in Voila and in JupyterLab).
START_PAGE = "../kids.ipynb"

#: Bigger cards and buttons for small hands and young eyes (only inside a kid app).
KID_STYLE = """<style>
.wizard-kid-app { font-size: 1.15em; max-width: 60em; }
.wizard-kid-app .wizard-card-button { margin: 3px !important; }
.wizard-kid-app .wizard-bid-button, .wizard-kid-app .wizard-trump-button,
.wizard-kid-app .wizard-action-button { font-size: 1.2em !important; min-width: 2.8em !important;
  height: 2.4em !important; }
.wizard-kid-app .widget-button { font-size: 1.05em; }
.wizard-kid-app .wizard-status .wizard-message { font-size: 1.1em; }
.wizard-kid-back { font-size: 1.15em; font-weight: bold; }
.wizard-kid-back a { display: inline-block; padding: 0.3em 0.8em; border: 2px solid #333;
  border-radius: 10px; background: #fffbe6; color: #111; text-decoration: none; }
</style>""" + STOPPED_CSS


def back_link() -> widgets.HTML:
    """A link back to the start page (a widget: its link opens in the same tab, so Back works too)."""
    link = widgets.HTML(f'<a class="wizard-kid-back-link" href="{START_PAGE}">\u2b05 Back to all games</a>')
    link.add_class("wizard-kid-back")
    return link


class KidApp(KidText, widgets.VBox):
    """One widget framed as a kid-mode app; ``app.widget`` is the widget inside."""

    @property
    def kid_name(self) -> str:  # type: ignore[override]
        """The framed widget's name ("Your game table")."""
        return str(getattr(self.widget, "kid_name", "The game"))

    def __init__(self, widget: widgets.Widget) -> None:
        super().__init__([widgets.HTML(KID_STYLE), back_link(), widget, back_link()])
        self.add_class("wizard-kid-app")
        self.widget = widget

    def __repr__(self) -> str:
        return f"KidApp({self.widget!r})"


def kid_app(widget: widgets.Widget) -> KidApp:
    """Frame ``widget`` as a kid-mode app: big cards, and a link back to the start page above and below.

    A table hides its grown-up controls (Seed, Save, Load): see :meth:`TableWidget.simple`.
    """
    for kid_words in ("simple", "for_kids"):  # the grown-up controls and words go
        method = getattr(widget, kid_words, None)
        if callable(method):
            method()
    return KidApp(widget)


__all__ = ["KidApp", "kid_app", "back_link", "START_PAGE", "KID_STYLE"]
