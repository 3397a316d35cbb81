"""What happened: the events :meth:`Game.apply <wizard_edu.engine.game.Game.apply>` returns.

Every action returns a tuple of events, in the order they happened: a card played, then perhaps
the trick it finished, then perhaps the round that trick finished, the next round's deal, and the
end of the game.  Events are small frozen values that carry seats, numbers, colour letters and
:class:`~wizard_edu.engine.cards.Card` values, never sentences in one language: a widget or a
vocabulary layer turns them into words.  (``TrickFinished.reason`` is the one exception: it is
the rule's own reason from :func:`~wizard_edu.engine.rules.core.explain_trick`, next to its ``rule`` code.)

Events report everything that happened, including hidden bids and the cards passed face down:
show a player only what their :meth:`~wizard_edu.engine.game.Game.view` shows, by handing them
:func:`~wizard_edu.engine.views.events_for_seat` of the events (what they may not see is ``None``).

>>> from wizard_edu import Game
>>> g = Game(players=3, rules="junior", seed=7)
>>> g.bid(0)
(BidMade(seat=0, bid=0),)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .records import TrickRecord


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt: its number (1-based), dealer, hand size and turned-up card and trump
    (``trump`` is ``None`` until the dealer or the Werewolf's holder names it, or for no trump)."""

    number: int
    dealer: int
    hand_size: int
    trump_card: Card | None
    trump: str | None


@dataclass(frozen=True, slots=True)
class TrumpChosen(Event):
    """``seat`` named the trump colour (``None``: no trump) after ``card`` was turned up."""

    seat: int
    trump: str | None
    card: Card | None


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``bid`` tricks (``None``: a hidden or secret bid, as another player is told it)."""

    seat: int
    bid: int | None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` (a Juggler or Cloud with the colour its player named)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickFinished(Event):
    """Trick ``number`` (1-based, in this round) was finished; ``record`` is the trick as the
    round keeps it (:class:`~wizard_edu.engine.records.TrickRecord`).

    ``plays`` are ``(seat, card)`` in play order; ``winner`` is the winning seat (``None`` when the
    Bomb means nobody wins); ``rule`` and ``reason`` come from
    :func:`~wizard_edu.engine.rules.core.explain_trick`; ``next_leader`` leads the next trick.
    """

    number: int
    record: TrickRecord

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        return self.record.plays

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.record.plays)

    @property
    def winner(self) -> int | None:
        return self.record.winner_seat

    @property
    def rule(self) -> str:
        return self.record.result.rule

    @property
    def reason(self) -> str:
        return self.record.result.reason

    @property
    def next_leader(self) -> int:
        return self.record.plays[self.record.result.leader_next][0]


@dataclass(frozen=True, slots=True)
class RoundFinished(Event):
    """A round was scored: bids (as scored), tricks won, points and running totals, by seat."""

    number: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The last round was scored: final totals and the winning seats (all of them on a tie)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


# -- Anniversary ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WerewolfSwapped(Event):
    """Anniversary: ``seat`` held the Werewolf and took the turned-up ``card`` in its place."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PassChosen(Event):
    """Anniversary: ``seat`` chose ``card`` to pass to the left (face down: ``None`` as others are told it)."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """Anniversary: everyone passed their chosen card to the left; ``given[seat]`` is what ``seat`` gave
    (``None`` as a player is told it, for a card that player neither gave nor received)."""

    given: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class BidChanged(Event):
    """Anniversary: ``seat`` won the Cloud and changed their bid by ``change`` (+1 or -1) to ``bid``."""

    seat: int
    change: int
    bid: int


__all__ = ["Event", "RoundStarted", "TrumpChosen", "BidMade", "CardPlayed", "TrickFinished",
           "RoundFinished", "GameOver", "WerewolfSwapped", "PassChosen", "CardsPassed", "BidChanged"]
