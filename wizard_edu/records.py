"""The record of a scored round (``game.rounds``): a value of its own module, so that both the
engine's compiled core (:mod:`wizard_edu.game_core`) and :mod:`wizard_edu.game` can make it."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class RoundRecord:
    """A scored round, one line of the score pad."""

    number: int
    dealer: int
    hand_size: int
    trump_card: Card | None
    trump: str | None
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    #: Anniversary: ``(seat, card)`` when a Werewolf holder took the turned-up card (``trump_card`` is
    #: then the Werewolf that lay on the stack).
    werewolf: tuple[int, Card] | None = None
    #: Anniversary: ``(seat, +1 or -1)`` when the Cloud's holder changed their bid; ``bids`` are the
    #: bids as scored (after the change), so ``points`` always follow from ``bids`` and ``won``.
    cloud: tuple[int, int] | None = None


__all__ = ["RoundRecord"]
