"""The steps of a round (phases) and what a player is told at each one.

Every game has the :class:`PhaseName` steps: ``"trump"`` (a Wizard was turned up: the dealer names
a colour), ``"bid"``, ``"play"`` and, at the end, ``"over"``.  A variant adds steps of its own
(each a :class:`~wizard_edu.engine.rules.variant.Phase`; the Anniversary's ``"werewolf"``,
``"pass"`` and ``"cloud"``), so ``game.phase`` is a :class:`PhaseName` or a variant's phase name;
both are text, and compare equal to it (``game.phase == "bid"``).

Each step, core or variant, also says in words what the player to move is asked to do: a
:class:`PhaseText` in the kit's words ("bid", "red").  The teaching layer turns them into the
learner's words and buttons (:func:`wizard_edu.teach.phase_words.phase_words`), so a screen asks
the phase for its words instead of naming phases itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .cards import COLOUR_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .views import SeatView

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:  # pragma: no cover  (Python 3.10: the same, by hand)
    class StrEnum(str, Enum):
        """An enum whose members are text (Python 3.11's ``enum.StrEnum``)."""

        def __str__(self) -> str:
            return str(self.value)

        def __format__(self, spec: str) -> str:
            return str(self.value).__format__(spec)


class PhaseName(StrEnum):
    """The steps every game has.  A member is its text: ``PhaseName.BID == "bid"``."""

    TRUMP = "trump"  #: the dealer names the trump colour (a Wizard, or a card like it, was turned up)
    BID = "bid"      #: in turn from the dealer's left
    PLAY = "play"    #: tricks, one card each
    OVER = "over"    #: the game is over
    #: Not a step anyone plays: a variant's step sets it when the round is to be scored now.
    SCORE = "score"

    def __repr__(self) -> str:
        # Shown as its text (``'bid'``), as the phase was before it was an enum: doctests and the
        # notebooks' stored outputs print ``game.phase``.
        return repr(self.value)


def _nothing(view: SeatView) -> str:
    return ""


def _colour_words(value: Any) -> str:
    """A trump choice in the kit's words: "red", or "no trump" for ``None``."""
    return "no trump" if value is None else COLOUR_NAMES[value]


@dataclass(frozen=True)
class PhaseText:
    """What a player is told at one step of the round, in the kit's words.

    ``prompt(view)`` asks the player to move ("Your turn: ..."); ``title(view)`` heads the step's
    buttons ("Werewolf: name the trump"; ``""`` for none); ``label(value)`` and ``tooltip(value)``
    are a button's words for one value of the step's action; ``by_hand`` is True when the player
    acts by choosing a card of their hand (the value is the card), not by a button.

    A variant's step also says how its action reads in the learner's words (the teaching layer's
    :class:`~wizard_edu.teach.vocabulary.Vocabulary` passes itself as ``words``, so a card or
    colour is named in the learner's words): ``action_words(words, value)`` for the action alone
    ("pass red 7 to the left") and ``move_words(words, name, you, value, shown)`` for its line in
    the log ("Owl passes a card to the left."; ``shown`` is False for a card others cannot see).
    ``None`` (the core steps) leaves the words to the vocabulary.
    """

    prompt: Callable[[SeatView], str]
    title: Callable[[SeatView], str] = _nothing
    label: Callable[[Any], str] = str
    tooltip: Callable[[Any], str] = str
    by_hand: bool = False
    action_words: Callable[[Any, Any], str] | None = None
    move_words: Callable[[Any, str, bool, Any, bool], str] | None = None


def _bid_prompt(view: SeatView) -> str:
    return f"Your turn: how many tricks will you win this round? Choose a number from 0 to {view.hand_size}."


def _play_prompt(view: SeatView) -> str:
    if view.hand_hidden:
        return "Clairvoyance: you cannot see your own card. Play it with the button below."
    return "Your turn: click a card to play. Cards with a thick frame may be played."


#: The words of the steps every game has.
CORE_TEXT: dict[str, PhaseText] = {
    PhaseName.TRUMP: PhaseText(
        lambda view: "A Wizard was turned up and you are the dealer: choose the trump colour.",
        label=_colour_words, tooltip=lambda colour: f"Make {_colour_words(colour)} the trump colour"),
    PhaseName.BID: PhaseText(
        _bid_prompt, title=lambda view: "Bid:",
        tooltip=lambda n: f"Bid {n} trick{'s' if n != 1 else ''}"),
    PhaseName.PLAY: PhaseText(_play_prompt, by_hand=True),
    PhaseName.OVER: PhaseText(_nothing),
}


__all__ = ["PhaseName", "PhaseText", "CORE_TEXT", "StrEnum"]
