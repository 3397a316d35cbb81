"""The table widget says what each phase says (wizard_edu.teach.phase_words): its prompts and the
labels of its step buttons are the phase words, for the core phases and the Anniversary's."""

from __future__ import annotations

import html

import pytest

from wizard_edu import Game
from wizard_edu.teach.phase_words import phase_words
from wizard_edu.widgets.table import TableWidget

NEW_GAME = "bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0"
POSITIONS = {
    "trump": "rules=classic round=1 phase=trump turned=W trump=- hands=R3/G5/B7/Y2 " + NEW_GAME,
    "werewolf": ("rules=anniversary round=1 phase=werewolf turned=Werewolf trump=- hands=G3/B5/R7/Y1 "
                 + NEW_GAME + " extra=2:R7;-;-.-.-.-;-;-"),
    "pass": ("rules=anniversary round=3 phase=pass turned=B9 trump=B hands=R9.R10/G8.G9/B1.B2/Y3.Y4 "
             "bids=1,1,0,1 tricks=Juggler:G.G4.G5.R2 trick=- "
             "rounds=R6;R;0.1.0.0;0.1.0.0;-;-/G6;G;1.0.1.0;1.0.1.0;-;- scores=50,50,50,40"),
    "cloud": ("rules=anniversary round=1 phase=cloud turned=B9 trump=B hands=-/-/-/- bids=0,0,2,0 "
              "tricks=G4.Cloud:G.G5.R2 trick=- rounds=- scores=0,0,0,0 extra=-;-;-.-.-.-;2;-"),
    "play": "rules=classic round=1 phase=play turned=B9 trump=B hands=G5/R3/R7/Y1 bids=0,0,0,0 "
            "tricks=- trick=- rounds=- scores=0,0,0,0",
}


def _table(phase: str) -> TableWidget:
    game = Game.from_position(f"wizard-edu/1 players=4 seed=1 dealer=0 {POSITIONS[phase]}")
    return TableWidget(game=game, seat=game.to_move, opponents=["random"] * 3)


@pytest.mark.parametrize("phase", list(POSITIONS))
def test_the_table_prompts_with_the_phase_words(phase):
    table = _table(phase)
    view = table.view
    assert view.phase == phase and view.my_turn
    assert table.prompt.value == f"<b>{html.escape(phase_words(view, table.vocab).prompt)}</b>"


@pytest.mark.parametrize("phase", ["werewolf", "cloud"])
def test_the_step_buttons_wear_the_phase_words(phase):
    table = _table(phase)
    words = phase_words(table.view, table.vocab)
    title, *buttons = table.action_box.children
    assert html.escape(words.title) in title.value
    assert [(b.description, b.tooltip) for b in buttons] == [(w.label, w.tooltip) for w in words.buttons]


@pytest.mark.parametrize("rules", ["junior", "classic"])
def test_the_bid_buttons_wear_the_phase_words(rules):
    table = TableWidget(rules=rules, players=3, seed=7, first_dealer=2)
    words = phase_words(table.view, table.vocab)
    assert table.prompt.value == f"<b>{html.escape(words.prompt)}</b>"
    assert words.title in table.bid_label.value
    shown = [b for b in table.action_box.children if "wizard-bid-button" in getattr(b, "_dom_classes", ())]
    assert [(b.description, b.tooltip) for b in shown] == [(w.label, w.tooltip) for w in words.buttons]
