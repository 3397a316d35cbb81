"""Actions: what a player does (bid, play a card, name the trump, and the variants' own steps).

An :class:`Action` is a small frozen value, the same for a widget, a computer player and a save
file: ``Action("bid", 2)``, ``Action("play", Card.parse("R7"))``, ``Action("trump", "R")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..errors import PositionError, SaveFileError, short
from .cards import Card
from .phases import StrEnum


class ActionKind(StrEnum):
    """The actions every game has, one for each step of :class:`~wizard_edu.engine.phases.PhaseName`
    that a player takes.  A member is its text: ``ActionKind.BID == "bid"``; a variant's own steps
    take actions of their own kinds (the Anniversary's ``"werewolf"``, ``"pass"`` and ``"cloud"``)."""

    TRUMP = "trump"  #: the dealer names the trump colour: ``Action("trump", "R")``
    BID = "bid"      #: ``Action("bid", 2)``
    PLAY = "play"    #: ``Action("play", Card)``

    def __repr__(self) -> str:
        return repr(self.value)  # shown as its text, as in Action(kind='bid', value=2)


#: Every kind of action (the Anniversary adds werewolf, pass and cloud).
ACTION_KINDS = frozenset({*ActionKind, "werewolf", "pass", "cloud"})


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player does: ``Action("bid", 2)``, ``Action("play", Card)``, ``Action("trump", "R")``.

    Anniversary and variant actions: ``Action("werewolf", "R" or None)``,
    ``Action("pass", Card)``, ``Action("cloud", 1 or -1)`` and, for an unseen
    card under Clairvoyance, ``Action("play", None)``.
    """

    kind: str
    value: Any = None

    def __str__(self) -> str:
        if self.kind in ("trump", "werewolf") and self.value is None:
            return f"{self.kind} no trump"
        if self.kind == "play" and self.value is None:
            return "play the unseen card"
        if self.kind == "cloud" and isinstance(self.value, int):
            return f"cloud {self.value:+d}"
        return f"{self.kind} {self.value}"

    def to_json(self) -> list:
        return [self.kind, str(self.value) if isinstance(self.value, Card) else self.value]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text (``str(action)``): ``"bid 2"``, ``"play R7"``,
        ``"play Juggler:R"``, ``"trump no trump"``, ``"cloud +1"``, ``"play the unseen card"``.

        >>> Action.parse("bid 2"), Action.parse(str(Action("werewolf", None)))
        (Action(kind='bid', value=2), Action(kind='werewolf', value=None))
        """
        if not isinstance(text, str):
            raise PositionError(f"An action is text like 'bid 2' or 'play R7', not {text!r}.")
        kind, _, value = text.strip().partition(" ")
        try:
            if kind in ("trump", "werewolf"):
                return cls(kind, None if value == "no trump" else value)
            if kind == "play" and value == "the unseen card":
                return cls(kind, None)
            if kind in ("play", "pass"):
                return cls(kind, Card.parse(value))
            if kind in ("bid", "cloud"):
                return cls(kind, int(value))
        except ValueError:
            pass
        raise PositionError(f"{text!r} is not an action: write it like 'bid 2', 'play R7', 'trump R', "
                            "'werewolf no trump', 'pass G3' or 'cloud +1'.")

    @classmethod
    def from_json(cls, data: list) -> Action:
        """The action of :meth:`to_json`'s ``[kind, value]``."""
        if not isinstance(data, (list, tuple)) or len(data) != 2 or data[0] not in ACTION_KINDS:
            raise SaveFileError(f"{short(data)} is not an action: an action is saved as [kind, value], "
                                f"with kind one of {', '.join(sorted(ACTION_KINDS))}.")
        kind, value = data
        if value is not None and not isinstance(value, (str, int)):
            raise SaveFileError(f"{short(value)} is not the value of a {kind} action.")
        if kind in ("play", "pass") and value is not None:
            # A number here is refused by Card.parse itself, with its readable CardTextError.
            value = Card.parse(cast(str, value))
        return cls(kind, value)


def bid(n: int) -> Action:
    """Shorthand for ``Action("bid", n)``."""
    return Action(ActionKind.BID, n)


def play(card: Card | str) -> Action:
    """Shorthand for ``Action("play", Card.parse(card))``."""
    return Action(ActionKind.PLAY, Card.parse(card))


__all__ = ["Action", "ActionKind", "ACTION_KINDS", "bid", "play"]
