"""What one player may see of a game: :meth:`Game.view(seat) <wizard_edu.engine.game.Game.view>`, a
player's only input (computer players and widgets read nothing else)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .cards import Card, Cards
from .records import RoundRecord, TrickRecord
from .rules.rulesets import Ruleset


@dataclass(frozen=True)
class SeatView:
    """What one player may see: never another player's cards (except by a variant's rule)."""

    seat: int
    names: tuple[str, ...]
    ruleset: Ruleset
    round_number: int
    rounds_total: int
    hand_size: int
    dealer: int
    phase: str
    to_move: int | None
    hand: Cards
    trump_card: Card | None
    trump: str | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickRecord, ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...]
    hand_counts: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = ()
    visible_hands: dict[int, Cards] = field(default_factory=dict)
    #: Clairvoyance, round 1: this player cannot see their own hand (``hand`` is empty,
    #: ``hand_counts`` still gives its size, ``legal`` offers ``Action("play", None)``).
    hand_hidden: bool = False
    #: Anniversary: ``(seat, card)`` if the Werewolf's holder took the turned-up card this round.
    werewolf_swap: tuple[int, Card] | None = None
    #: Anniversary pass phase: the card this player has chosen to pass, while others still choose.
    pending_pass: Card | None = None
    #: Anniversary: this round's passes as seen by this player: ``(card given, card received)``.
    passes: tuple[tuple[Card, Card], ...] = ()
    #: Monochrome: cards left in each player's private pile.
    pile_counts: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def trick_cards(self) -> Cards:
        return Cards(c for _, c in self.trick)

    @property
    def legal_cards(self) -> Cards:
        """Cards this player may play (not the unseen card of Clairvoyance: see ``hand_hidden``)."""
        return Cards(a.value for a in self.legal if a.kind == "play" and a.value is not None)

    @property
    def legal_bids(self) -> list[int]:
        return [a.value for a in self.legal if a.kind == "bid"]


__all__ = ["SeatView"]
