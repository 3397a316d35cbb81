"""What a screen says at each step of the round: the phase's own words, in the learner's words.

Every phase, the core ones and a variant's own, says in the kit's words what the player to move is
asked to do (:class:`~wizard_edu.engine.phases.PhaseText`).  :func:`phase_words` asks the phase of a
:class:`~wizard_edu.engine.views.SeatView` for them and puts them in the learner's words through a
:class:`~wizard_edu.teach.vocabulary.Vocabulary` (Junior "predicts", the face theme's colour names),
so a table draws a new variant's step without naming it:

>>> from wizard_edu import Game
>>> game = Game(players=3, rules="junior", seed=7)
>>> words = phase_words(game.view(0))
>>> words.prompt
'Your turn: how many tricks will you win this round? Choose a number from 0 to 1.'
>>> words.title, [(b.label, b.tooltip) for b in words.buttons]
('Predict:', [('0', 'Predict 0 tricks'), ('1', 'Predict 1 trick')])
>>> phase_words(game.view(1)).prompt
'Waiting for Player 1.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..display.themes import SYMBOL
from ..engine.actions import Action, ActionKind
from ..engine.cards import COLOURS, NAMED_COLOUR_KINDS, Card
from ..engine.phases import CORE_TEXT, PhaseName, PhaseText
from ..engine.views import SeatView
from .vocabulary import Vocabulary, vocabulary


@dataclass(frozen=True)
class ButtonWords:
    """One button of a step: the action it sends, its label and tooltip, and the colour it wears
    (a colour letter for a trump choice, else ``None``)."""

    action: Action
    label: str
    tooltip: str
    colour: str | None = None


@dataclass(frozen=True)
class PhaseWords:
    """What a screen says to one player at the step the round is at.

    ``prompt``: the line over the table ("Your turn: ...", "Waiting for Owl."; ``""`` once the game
    is over).  ``title``: the heading before the step's buttons ("Predict:", "Werewolf: name the
    trump"; ``""`` for none).  ``buttons``: one for each action this player may take by a button
    (none while it is not their turn).  ``hand_action``: the action kind a click on a card of the
    hand sends (``"play"``, the Anniversary's ``"pass"``), or ``None`` when the hand is not clicked.
    """

    phase: str
    prompt: str
    title: str
    buttons: tuple[ButtonWords, ...]
    hand_action: str | None


def phase_text(view: SeatView) -> tuple[PhaseText, str | None]:
    """The kit's words of the phase ``view`` is at (a core phase's, or the variant's own), and the
    kind of action that phase takes (``None`` once the game is over)."""
    if view.phase in CORE_TEXT:
        phase = PhaseName(view.phase)
        return CORE_TEXT[phase], None if phase == PhaseName.OVER else ActionKind(phase.value)
    step = view.ruleset.hooks.phases[view.phase]
    return step.text, step.action


def phase_words(view: SeatView, vocab: Vocabulary | None = None, *, naming: Card | None = None) -> PhaseWords:
    """The words for ``view``'s player at the step the round is at, in ``vocab``'s words (by default
    the words of the view's ruleset).

    ``naming``: a Juggler or Cloud this player has chosen to play and must name a colour for; the
    buttons are then its colours ("Colour:").
    """
    vocab = vocab if vocab is not None else vocabulary(view.ruleset)
    text, kind = phase_text(view)
    phase = str(view.phase)
    hand_action = kind if text.by_hand else None
    if view.phase == PhaseName.OVER:
        return PhaseWords(phase, "", "", (), None)
    if not view.my_turn:
        who = view.names[view.to_move] if view.to_move is not None else ""
        return PhaseWords(phase, f"Waiting for {who}.", "", (), hand_action)
    prompt = vocab.text(text.prompt(view))
    if view.phase == PhaseName.PLAY:
        return PhaseWords(phase, prompt, *_play_buttons(view, vocab, naming), hand_action)
    if text.by_hand:
        return PhaseWords(phase, prompt, vocab.text(text.title(view)), (), hand_action)
    buttons = tuple(_button(action, text, vocab) for action in view.legal)
    return PhaseWords(phase, prompt, vocab.text(text.title(view)), buttons, hand_action)


def _button(action: Action, text: PhaseText, vocab: Vocabulary) -> ButtonWords:
    value = action.value
    if action.kind != ActionKind.BID and (value is None or (isinstance(value, str) and value in COLOURS)):
        # A trump choice wears its colour and symbol: "▲ red" ("▲ Dwarves" on the AMIGO faces).
        label = vocab.text(text.label(value)) if value is None else f"{SYMBOL[value]} {vocab.colour(value)}"
        return ButtonWords(action, label, vocab.text(text.tooltip(value)), value)
    return ButtonWords(action, vocab.text(text.label(value)), vocab.text(text.tooltip(value)))


def _play_buttons(view: SeatView, vocab: Vocabulary, naming: Card | None) -> tuple[str, tuple[ButtonWords, ...]]:
    """The play step's few buttons: Clairvoyance's unseen card, or the colours of a Juggler or Cloud."""
    buttons = []
    for action in view.legal:
        card = action.value
        if card is None:
            buttons.append(ButtonWords(action, "Play the card you cannot see",
                                       "Clairvoyance: you cannot see your own card"))
        elif (naming is not None and card.kind in NAMED_COLOUR_KINDS and card.unnamed == naming
              and card.colour is not None):
            name = vocab.colour(card.colour)
            buttons.append(ButtonWords(action, f"{SYMBOL[card.colour]} {name}",
                                       f"Play the {vocab.card_name(naming)} as {name}", card.colour))
    title = "Colour:" if naming is not None and buttons else ""
    return title, tuple(buttons)


__all__ = ["PhaseWords", "ButtonWords", "phase_words", "phase_text"]
