"""What a game remembers: the state of the round being played, each finished trick and each scored round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Cards
from .rules.core import TrickResult
from .rules.variant import empty_extra


@dataclass(slots=True)
class RoundState:
    """Everything that changes during one round (``game.state``); a new one is dealt each round.

    ``extra`` is the variant's own per-round state (Anniversary: the Werewolf swap, the passes and
    the Cloud; see :meth:`~wizard_edu.engine.rules.variant.VariantRules.new_state`), ``None`` for most rules.
    """

    phase: str
    hands: list[Cards]
    #: The cards not dealt; ``stock[0]`` is the turned-up card.
    stock: Cards
    #: Monochrome: what is left of each player's private pile (empty for other rules).
    piles: list[Cards]
    trump_card: Card | None
    trump: str | None
    #: Bids by seat; ``None`` marks a bid still to come.
    bids: list[int | None]
    won: list[int]
    leader: int
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    extra: Any = None


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards by seat in play order, and the result (who won and why)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    result: TrickResult

    @property
    def winner_seat(self) -> int | None:
        """The seat that won the trick (``None``: the Bomb blew it up)."""
        winner = self.result.winner
        return None if winner is None else self.plays[winner][0]

    @property
    def cards(self) -> Cards:
        return Cards(c for _, c in self.plays)


@dataclass(frozen=True, slots=True)
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
    #: What the variant records of the round, by name (its ``record_extras`` hook), also read as
    #: attributes: the Anniversary's ``record.werewolf`` (``(seat, card)`` when a Werewolf holder
    #: took the turned-up card; ``trump_card`` is then the Werewolf that lay on the stack) and
    #: ``record.cloud`` (``(seat, +1 or -1)`` when the Cloud's holder changed their bid; ``bids`` are
    #: the bids as scored, after the change, so ``points`` always follow from ``bids`` and ``won``).
    extra: dict[str, Any] = field(default_factory=dict, hash=False)

    def __getattr__(self, name: str) -> Any:
        # Only called for a name that is not a field: the variant's own (record.cloud).
        try:
            extra = object.__getattribute__(self, "extra")
        except AttributeError:
            extra = {}
        if name in extra:
            return extra[name]
        if not name.startswith("_"):
            try:
                return empty_extra("record", name)  # another variant's field: nothing to say
            except KeyError:
                pass
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")


__all__ = ["RoundState", "TrickRecord", "RoundRecord"]
