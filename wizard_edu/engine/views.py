"""What one player may see of a game: :meth:`Game.view(seat) <wizard_edu.engine.game.Game.view>`, a
player's only input (computer players and widgets read nothing else), and :func:`events_for_seat`,
the events of a move as that player may learn them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import Action
from .cards import Card, Cards
from .events import BidMade, CardsPassed, Event, PassChosen
from .records import RoundRecord, TrickRecord
from .rules.rulesets import Ruleset
from .rules.variant import empty_extra


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
    #: Monochrome: cards left in each player's private pile.
    pile_counts: tuple[int, ...] = ()
    #: What the variant shows this player of its own state, by name (its ``view_extras`` hook), also
    #: read as attributes: the Anniversary's ``view.werewolf_swap`` (``(seat, card)`` if the
    #: Werewolf's holder took the turned-up card this round), ``view.pending_pass`` (the card this
    #: player has chosen to pass, while others still choose) and ``view.passes`` (this round's
    #: passes as this player saw them: ``(card given, card received)``).
    extra: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        # Only called for a name that is not a field: the variant's own (view.werewolf_swap).
        extra = self.__dict__.get("extra")
        if extra is not None and name in extra:
            return extra[name]
        if not name.startswith("_"):
            try:
                return empty_extra("view", name)  # another variant's field: nothing to say
            except KeyError:
                pass
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")

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


def events_for_seat(events: Iterable[Event], seat: int, ruleset: Ruleset) -> tuple[Event, ...]:
    """``events`` as the player in ``seat`` may learn them: nothing their view does not show.

    :meth:`Game.apply <wizard_edu.engine.game.Game.apply>` reports everything, face-down cards too;
    whatever leaves the engine for one player (the class table service's replies) goes through
    here first. What the player may not see becomes ``None``, as in :class:`SeatView`'s bids:

    * :class:`~wizard_edu.engine.events.PassChosen` of another player: the card is ``None``;
    * :class:`~wizard_edu.engine.events.CardsPassed`: only the card ``seat`` gave and the card it
      received (from the player on its right) are kept;
    * :class:`~wizard_edu.engine.events.BidMade` of another player under hidden or secret bidding:
      the bid is ``None`` (the view shows it when the rules do).

    Every other event is public (cards played, tricks, the turned-up card and the Werewolf's swap,
    the Cloud's change, which the round's score shows at once) and is passed on as it is.

    >>> from wizard_edu.engine.events import CardsPassed
    >>> from wizard_edu.engine.rules.rulesets import ANNIVERSARY
    >>> given = tuple(Card.parse(c) for c in ("B12", "R3", "W"))  # seat 0 gave B12 to seat 1, ...
    >>> events_for_seat([CardsPassed(given)], 0, ANNIVERSARY)     # seat 0 received W from seat 2
    (CardsPassed(given=(Card.parse('B12'), None, Card.parse('W'))),)
    """
    secret_bids = ruleset.bidding != "open"
    shown: list[Event] = []
    for event in events:
        if isinstance(event, PassChosen) and event.seat != seat:
            event = replace(event, card=None)
        elif isinstance(event, CardsPassed):
            received_from = (seat - 1) % len(event.given)
            event = replace(event, given=tuple(card if s in (seat, received_from) else None
                                               for s, card in enumerate(event.given)))
        elif isinstance(event, BidMade) and secret_bids and event.seat != seat:
            event = replace(event, bid=None)
        shown.append(event)
    return tuple(shown)


__all__ = ["SeatView", "events_for_seat"]
