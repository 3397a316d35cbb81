"""The Wizard Junior prediction chips as a picture (notebook 04).  Drawing only: points come from the rules.

At the table: you take one chip (apprentice side up) for each trick you predict; every trick you win
gets one of your chips on it.  Every trick has a chip and every chip lies on a trick: the prediction
was right, turn the chips to the points side and keep them.  Predicted zero and won zero: take one
chip, points side up.  Anything else: all your chips go back to the middle.

>>> pic = ChipsPicture(predicted=2, won=2)
>>> pic.points, pic.right
(2, True)
>>> ChipsPicture(predicted=0, won=0).points
1
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..engine.rules.core import score_round
from ..errors import WizardError
from .placeholder import KidText

__all__ = ["ChipsPicture", "ChipsExplorer", "chips_picture_html"]

_CHIP = ('<span class="wizard-chip wizard-chip-{side}" title="{title}" aria-label="{title}" '
         'style="display:inline-block;width:1.7em;height:1.7em;line-height:1.7em;border-radius:50%;'
         'text-align:center;font-weight:bold;margin:1px;{style}">{face}</span>')
_SIDES = {
    # the apprentice side: a plain chip with a question mark (not yet known if it will count)
    "apprentice": ("background:#cfe3f7;color:#1f3b63;border:2px solid #1f3b63", "?", "a chip, prediction side up"),
    # the points side: gold with a star
    "points": ("background:#f2b134;color:#4a3000;border:2px solid #7a5200", "\u2605", "a chip, points side up"),
}
_PILE = ('<span class="wizard-trick-pile" title="a trick you won" style="display:inline-block;'
         'vertical-align:middle;position:relative;width:3.2em;height:4.2em;margin:0 6px 0 0;'
         'background:#4B0082;border-radius:6px;border:2px solid #222;box-shadow:3px 3px 0 #999">'
         '<span style="position:absolute;left:0.6em;top:1.1em">{chip}</span></span>')
_EMPTY = '<span style="display:inline-block;width:1.7em;height:1.7em;margin:1px"></span>'


def _check_count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise WizardError(f"{name} must be a whole number from 0 to 8 (Wizard Junior has at most 8 tricks), "
                          f"not {value!r}.")
    return value


def chip_html(side: str) -> str:
    """One chip: ``side`` is ``"apprentice"`` or ``"points"``."""
    style, face, title = _SIDES[side]
    return _CHIP.format(side=side, style=style, face=face, title=title)


def chips_picture_html(predicted: int, won: int) -> str:
    """The three steps of a round's chips for one player, as HTML (same input, same text)."""
    predicted, won = _check_count("predicted", predicted), _check_count("won", won)
    points = score_round(predicted, won, rules="junior")
    chips = " ".join(chip_html("apprentice") for _ in range(predicted))
    piles = []
    for i in range(won):
        piles.append(_PILE.format(chip=chip_html("apprentice") if i < predicted else _EMPTY))
    spare = max(predicted - won, 0)
    spare_html = " ".join(chip_html("apprentice") for _ in range(spare))
    step2 = "".join(piles)
    if spare:
        step2 += f' &nbsp; chips left over, on no trick: {spare_html}'
    if won > predicted:
        step2 += f" &nbsp; ({won - predicted} trick{'s' if won - predicted != 1 else ''} without a chip)"
    if points and predicted:
        result = ("Every trick has a chip, and every chip is on a trick: right! Turn the chips over: "
                  + " ".join(chip_html("points") for _ in range(points))
                  + f" = <b>{points} point{'s' if points != 1 else ''}</b>")
    elif points:
        result = ("Predicted 0 and won 0: right! Take one chip from the middle, points side up: "
                  + chip_html("points") + " = <b>1 point</b>")
    else:
        why = "a trick has no chip" if won > predicted else "a chip is not on a trick"
        back = "all your chips go back to the middle. " if predicted else ""
        result = f"Not right ({why}): {back}<b>0 points</b> this round."
    if predicted:
        step1 = f"You predict {predicted}: take {predicted} chip{'s' if predicted != 1 else ''}. {chips}"
    else:
        step1 = "You predict 0: you take no chips."
    if won:
        step2 = f"You win {won} trick{'s' if won != 1 else ''}. Put one of your chips on each trick. {step2}"
    else:
        step2 = "You win no tricks." + (f" Chips left over, on no trick: {spare_html}" if spare else "")
    rows = [("1. Predict", step1), ("2. Play", step2), ("3. Score", result)]
    body = "".join(f'<tr><th style="text-align:left;padding:4px 8px;vertical-align:middle">{a}</th>'
                   f'<td style="text-align:left;padding:4px 8px">{b}</td></tr>' for a, b in rows)
    return (f'<div class="wizard-chips-picture" data-predicted="{predicted}" data-won="{won}">'
            f'<table style="border-collapse:collapse">{body}</table></div>')


class ChipsPicture:
    """A picture of one player's chips in a round: predict, play, score (shows itself in Jupyter)."""

    def __init__(self, predicted: int, won: int) -> None:
        self.predicted = _check_count("predicted", predicted)
        self.won = _check_count("won", won)
        self.points = score_round(self.predicted, self.won, rules="junior")
        self.right = self.predicted == self.won

    def _repr_html_(self) -> str:
        return chips_picture_html(self.predicted, self.won)

    def __repr__(self) -> str:
        return (f"ChipsPicture(predicted={self.predicted}, won={self.won}: "
                f"{self.points} point{'' if self.points == 1 else 's'})")


class ChipsExplorer(KidText, widgets.VBox):
    """Click a prediction and a number of tricks won; the chips picture shows what happens."""

    kid_name = "The chips"

    def __init__(self, predicted: int = 2, won: int = 2, most: int = 4) -> None:
        super().__init__()
        self.add_class("wizard-widget")
        self.add_class("wizard-chips-explorer")
        self.most = _check_count("most", most)
        options = list(range(self.most + 1))
        self.predicted_buttons = widgets.ToggleButtons(options=options, value=_check_count("predicted", predicted),
                                                       description="Predicted:", style={"button_width": "2.6em"})
        self.won_buttons = widgets.ToggleButtons(options=options, value=_check_count("won", won),
                                                 description="Won:", style={"button_width": "2.6em"})
        self.picture = widgets.HTML()
        self.predicted_buttons.observe(self._redraw, names="value")
        self.won_buttons.observe(self._redraw, names="value")
        self.children = (self.predicted_buttons, self.won_buttons, self.picture)
        self._redraw()

    def show(self, predicted: int, won: int) -> None:
        """Choose both numbers from Python (what the buttons do)."""
        self.predicted_buttons.value = _check_count("predicted", predicted)
        self.won_buttons.value = _check_count("won", won)

    @property
    def points(self) -> int:
        return score_round(self.predicted_buttons.value, self.won_buttons.value, rules="junior")

    def _redraw(self, _change: Any = None) -> None:
        self.picture.value = chips_picture_html(self.predicted_buttons.value, self.won_buttons.value)

    def __repr__(self) -> str:
        return f"ChipsExplorer(predicted={self.predicted_buttons.value}, won={self.won_buttons.value})"
