"""The round and game state machine.

A :class:`Game` is driven the same way by a widget, a computer player and a
test: ask whose turn it is (:attr:`Game.to_move`) and what they may do
(:meth:`Game.legal_actions`), then :meth:`Game.apply` an :class:`Action`.
Every action is checked first; a refused action raises a
:class:`~wizard_edu.errors.WizardError` and changes nothing.

Randomness comes only from the seed: round ``r`` is shuffled by a generator
seeded with ``(seed, r)``, so the seed plus the list of actions replays a game
exactly, which is also how save files work (:meth:`Game.to_json`).

Phases and the actions they take (``game.phase``, ``game.to_move``):

``"werewolf"`` (Anniversary)
    The Werewolf's holder has already swapped it for the turned-up card (the
    swap is compulsory; :attr:`Game.werewolf_swap` says who took which card)
    and now names the trump: ``Action("werewolf", "R")`` or
    ``Action("werewolf", None)`` for no trump.  Comes before ``"trump"`` and
    replaces it.
``"trump"``
    The dealer names a colour after a Wizard (Anniversary: Dragon, Werewolf,
    Juggler or Cloud) was turned up: ``Action("trump", "R")``.
``"bid"``
    In turn from the dealer's left: ``Action("bid", 2)``.  Hidden and secret
    bids are entered in the same order; :meth:`Game.view` hides them.
``"play"``
    ``Action("play", Card)``.  A Juggler or Cloud is played with the colour its
    player names: ``Action("play", Card.parse("Juggler:R"))`` (``legal_actions``
    lists the four colours).  Clairvoyance, round 1: a player cannot see their
    own card, so their view offers ``Action("play", None)``, "play the card I
    cannot see" (the history records the real card).
``"pass"`` (Anniversary)
    After a trick with the Juggler, unless it was the round's last, every
    player in turn from the dealer's left chooses one card to pass face down
    to the left: ``Action("pass", Card)``.  The cards move together once all
    have chosen; until then a view shows only the player's own choice.
``"cloud"`` (Anniversary)
    At the end of the round, whoever won the trick with the Cloud changes their
    bid before scoring: ``Action("cloud", 1)`` or ``Action("cloud", -1)``
    (never below 0).
``"over"``
    The game is over.

Monochrome deals from each player's private pile (:meth:`Ruleset.piles`,
kept in :attr:`Game.piles`); there is no trump card.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import CLOUD as CLOUD_CARD
from .cards import COLOUR_NAMES, COLOURS, JUGGLER, NAMED_COLOUR_KINDS, Card, Cards, sorted_hand
from .cards import WEREWOLF as WEREWOLF_CARD
from .errors import (
    BidError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
    TrumpError,
    WizardError,
    WrongPhaseError,
)
from .rules.core import (
    DEALER_CHOOSES,
    TrickResult,
    _follow_suit,
    _lead_of,
    _trump_of,
    allowed_bids,
    check_bid,
    check_play,
    check_trump,
    cloud_changes,
    decide_trick,
)
from .rules.rulesets import Ruleset, get_ruleset

SAVE_FORMAT = "wizard-edu-game"
SAVE_VERSION = 1

# Phases of a game.
TRUMP = "trump"      # the dealer chooses a trump colour (a Wizard was turned up)
BID = "bid"
PLAY = "play"
OVER = "over"
WEREWOLF = "werewolf"  # Anniversary: the Werewolf's holder names the trump (after the swap)
PASS = "pass"          # Anniversary: after a Juggler trick everyone passes a card to the left
CLOUD = "cloud"        # Anniversary: the Cloud's holder changes their bid by +1 or -1

#: The action kind each phase expects.
PHASE_ACTIONS = {WEREWOLF: "werewolf", TRUMP: "trump", BID: "bid", PLAY: "play", PASS: "pass",
                 CLOUD: "cloud"}
#: The Game method that carries out each phase's action.
_HANDLERS = {TRUMP: "_apply_trump", BID: "_apply_bid", PLAY: "_apply_play", WEREWOLF: "_apply_werewolf",
             PASS: "_apply_pass", CLOUD: "_apply_cloud"}


@dataclass(frozen=True)
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
            value = "no trump"
        elif self.kind == "play" and self.value is None:
            value = "the unseen card"
        elif self.kind == "cloud" and isinstance(self.value, int):
            value = f"{self.value:+d}"
        else:
            value = self.value
        return f"{self.kind} {value}"

    def to_json(self) -> list:
        value = str(self.value) if isinstance(self.value, Card) else self.value
        return [self.kind, value]

    @classmethod
    def from_json(cls, data: list) -> Action:
        kind, value = data
        if kind in ("play", "pass") and value is not None:
            value = Card.parse(value)
        return cls(kind, value)


@cache
def _shared_action(kind: str, value: Any) -> Action:
    """One ``Action(kind, value)`` for everyone: actions are immutable values, so ``legal_actions``
    can hand out the same object every time instead of building new ones on every call.

    Only for values that equal nothing of another type: cards and whole numbers (never ``True``).
    """
    return Action(kind, value)


def bid(n: int) -> Action:
    """Shorthand for ``Action("bid", n)``."""
    return Action("bid", n)


def play(card: Card | str) -> Action:
    """Shorthand for ``Action("play", Card.parse(card))``."""
    return Action("play", Card.parse(card))


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the cards by seat in play order, and the result."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    result: TrickResult

    @property
    def winner_seat(self) -> int | None:
        return None if self.result.winner is None else self.plays[self.result.winner][0]

    @property
    def cards(self) -> Cards:
        return Cards(c for _, c in self.plays)


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


class Game:
    """A whole game of Wizard, round by round.

    >>> g = Game(players=3, rules="junior", seed=7)
    >>> g.phase, g.round_number, g.to_move
    ('bid', 1, 1)
    >>> g.bid(0); g.bid(1); g.bid(0)
    >>> g.phase
    'play'
    """

    def __init__(self, players: int = 4, rules: str | Ruleset = "classic", seed: int | None = None,
                 *, first_dealer: int = 0, names: Iterable[str] | None = None,
                 hand_sizes: Iterable[int] | None = None, **options: Any) -> None:
        """Start a game and deal its first round.

        ``hand_sizes`` replaces the ruleset's schedule with rounds of your own (for
        example ``[5]``: one practice round of five cards); the rules stay the same.
        """
        self.ruleset: Ruleset = get_ruleset(rules, **options)
        self.ruleset.check_players(players)
        self.players = players
        if seed is None:
            seed = random.randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise WizardError(f"The seed must be a whole number, not {seed!r}.")
        self.seed = seed
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise WizardError(f"The first dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}.")
        self.first_dealer = first_dealer
        self.names: tuple[str, ...] = tuple(names) if names is not None else tuple(
            f"Player {i + 1}" for i in range(players))
        if len(self.names) != players:
            raise WizardError(f"Give {players} names, one for each player, not {len(self.names)}.")
        self.custom_hand_sizes = hand_sizes is not None
        # (check_players above already refused what round_sizes would refuse.)
        self.round_sizes: list[int] = (self._check_hand_sizes(hand_sizes) if hand_sizes is not None
                                       else self.ruleset.round_sizes(players))
        self.history: list[tuple[int, Action]] = []
        self.rounds: list[RoundRecord] = []
        self.round_index = -1
        self._legal_cache: tuple[int, list[Action], dict[Card, Action]] | None = None
        self._start_round(0)

    def _check_hand_sizes(self, hand_sizes: Iterable[int]) -> list[int]:
        sizes = list(hand_sizes)
        most = 15 if self.ruleset.monochrome else self.ruleset.deck_size // self.players
        if not sizes or any(not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= most for n in sizes):
            raise WizardError(f"Hand sizes must be whole numbers from 1 to {most} for {self.players} "
                              f"players, not {sizes!r}.")
        if self.ruleset.clairvoyance and sizes[0] != 1:
            raise WizardError("Clairvoyance needs a first round of one card each.")
        return sizes

    # -- public state ----------------------------------------------------------
    @property
    def round_number(self) -> int:
        """1-based number of the round being played (the last one once the game is over)."""
        return self.round_index + 1

    @property
    def hand_size(self) -> int:
        return self.round_sizes[self.round_index]

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.round_index) % self.players

    @property
    def scores(self) -> list[int]:
        """Running totals after the rounds scored so far."""
        return list(self.rounds[-1].totals) if self.rounds else [0] * self.players

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the game is over."""
        phase = self.phase
        if phase == PLAY:  # the most frequent question first
            return (self.leader + len(self.trick)) % self.players
        if phase == BID:
            return (self.dealer + 1 + len(self._bid_order_done)) % self.players
        if phase == TRUMP:
            return self.dealer
        if phase == WEREWOLF:
            return self.werewolf_swap[0]  # type: ignore[index]
        if phase == PASS:
            return next(s for s in self._pass_order() if self._pending_passes[s] is None)
        if phase == CLOUD:
            return self._cloud_seat
        return None

    @property
    def _bid_order_done(self) -> list[int]:
        return [b for b in self.bids if b is not None]

    def winners(self) -> list[int]:
        """Seats with the highest total (all of them on a tie).  Only once the game is over."""
        if not self.is_over:
            raise WrongPhaseError("The game is not over yet: there are rounds still to play.")
        best = max(self.scores)
        return [i for i, s in enumerate(self.scores) if s == best]

    def dealer_leads_alone(self) -> bool:
        """True when the dealer alone has the highest total (for the Canadian rule)."""
        scores = self.scores
        best = max(scores)
        return scores[self.dealer] == best and scores.count(best) == 1 and bool(self.rounds)

    # -- legal actions -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now."""
        # State changes only through apply(), which grows the history: cache per history length.
        return list(self._legal()[0])

    def _legal(self) -> tuple[list[Action], dict[Card, Action]]:
        """The legal actions, and in the play phase the legal cards, each with its action."""
        key = len(self.history)
        cached = self._legal_cache
        if cached is None or cached[0] != key:
            if self.phase == PLAY:
                plays = self._legal_plays()
                cached = (key, list(plays.values()), plays)
            else:
                cached = (key, self._compute_legal_actions(), {})
            self._legal_cache = cached
        return cached[1], cached[2]

    def _legal_plays(self) -> dict[Card, Action]:
        """Play phase: each card the player to move may play (equal cards once, in hand order)."""
        hand = self.hands[self.to_move]  # type: ignore[index]
        lead = _lead_of([c for _, c in self.trick], self.ruleset)
        plays: dict[Card, Action] = {}
        for card in _follow_suit(hand, lead):
            if card.kind in NAMED_COLOUR_KINDS:
                # A Juggler or Cloud is played in the colour its player names: one action per colour.
                for c in COLOURS:
                    named = card.with_colour(c)
                    plays.setdefault(named, _shared_action("play", named))
            else:
                plays.setdefault(card, _shared_action("play", card))  # two equal Wizards: one action
        return plays

    def _compute_legal_actions(self) -> list[Action]:
        if self.phase == TRUMP:
            return [Action("trump", c) for c in COLOURS]
        if self.phase == BID:
            return [_shared_action("bid", b) for b in self._allowed_bids()]
        if self.phase == PLAY:
            return list(self._legal_plays().values())
        if self.phase == WEREWOLF:
            return [Action("werewolf", c) for c in COLOURS] + [Action("werewolf", None)]
        if self.phase == PASS:
            hand = self.hands[self.to_move]  # type: ignore[index]
            return [Action("pass", c) for c in dict.fromkeys(hand)]
        if self.phase == CLOUD:
            return [Action("cloud", c) for c in cloud_changes(self.bids[self._cloud_seat])]  # type: ignore[arg-type]
        return []

    def _allowed_bids(self) -> list[int]:
        return allowed_bids(self.hand_size, self._bid_order_done, players=self.players,
                            rules=self.ruleset, dealer_leads_alone=self._dealer_leads_alone_matters())

    def _dealer_leads_alone_matters(self) -> bool:
        """:meth:`dealer_leads_alone` where a bid rule asks for it (only the Canadian rule does)."""
        return self.ruleset.bid_rule == "canadian" and self.dealer_leads_alone()

    @property
    def trick_cards(self) -> Cards:
        return Cards([c for _, c in self.trick])

    # -- acting ------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Carry out ``action`` for the player to move (``seat`` checks it is their turn)."""
        if not isinstance(action, Action):
            raise WizardError(f"{action!r} is not an action; use bid(2), play('R7') or Action('trump', 'R').")
        mover = self.to_move
        if self.phase == OVER:
            raise WrongPhaseError("The game is over: start a new game to play again.")
        if seat is not None and seat != mover:
            raise OutOfTurnError(f"It is {self.names[mover]}'s turn, not {self._name(seat)}'s.")  # type: ignore[index]
        if action.kind != PHASE_ACTIONS[self.phase]:
            raise WrongPhaseError(self._phase_hint(action.kind))
        handler = getattr(self, _HANDLERS[self.phase])
        recorded = handler(mover, action)
        self.history.append((mover, recorded or action))  # type: ignore[arg-type]

    def bid(self, n: int, seat: int | None = None) -> None:
        """The player to move bids ``n`` tricks."""
        self.apply(Action("bid", n), seat)

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """The player to move plays ``card`` (a :class:`Card` or text like ``"R7"``)."""
        self.apply(Action("play", Card.parse(card)), seat)

    def choose_trump(self, colour: str | None, seat: int | None = None) -> None:
        """The dealer names the trump colour after a Wizard was turned up."""
        self.apply(Action("trump", colour), seat)

    def name_trump(self, colour: str | None, seat: int | None = None) -> None:
        """Anniversary: the Werewolf's holder names the trump colour (``None``: no trump)."""
        self.apply(Action("werewolf", colour), seat)

    def pass_card(self, card: Card | str, seat: int | None = None) -> None:
        """Anniversary: the player to move chooses the card they pass to the left after a Juggler trick."""
        self.apply(Action("pass", Card.parse(card)), seat)

    def change_bid(self, change: int, seat: int | None = None) -> None:
        """Anniversary: the Cloud's holder changes their bid by ``+1`` or ``-1`` before scoring."""
        self.apply(Action("cloud", change), seat)

    def _name(self, seat: int) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < self.players else f"seat {seat!r}"

    def _phase_hint(self, kind: str) -> str:
        who = self.names[self.to_move] if self.to_move is not None else ""  # type: ignore[index]
        now = {TRUMP: f"{self.names[self.dealer]} is choosing the trump colour",
               BID: "players are bidding", PLAY: "players are playing cards",
               WEREWOLF: f"{who} holds the Werewolf and is naming the trump",
               PASS: "players are choosing a card to pass to the left",
               CLOUD: f"{who} won the Cloud and is changing their bid"}[self.phase]
        return f"You cannot {kind} now: {now}."

    def _apply_trump(self, seat: int, action: Action) -> None:
        colour = check_trump(action.value)
        if colour is None:
            name = self.trump_card.name if self.trump_card is not None else "Wizard"
            raise TrumpError(f"A {name} was turned up: the dealer must choose a colour (R, G, B or Y).")
        self.trump = colour
        self.phase = BID

    def _apply_werewolf(self, seat: int, action: Action) -> None:
        self.trump = check_trump(action.value)
        self.phase = BID

    def _apply_pass(self, seat: int, action: Action) -> Action:
        card = Card.parse(action.value) if action.value is not None else None
        if card is None or card not in self.hands[seat]:
            raise IllegalPlayError(f"Pass one card from your hand: you do not hold {card}. "
                                   f"Your hand: {self.hands[seat]}.")
        self._pending_passes[seat] = card
        if all(c is not None for c in self._pending_passes):
            # Everybody has chosen: the cards move to the left together.
            given = tuple(self._pending_passes)
            for s, c in enumerate(given):
                self.hands[s].remove(c)  # type: ignore[arg-type]
            for s, c in enumerate(given):
                left = (s + 1) % self.players
                self.hands[left] = sorted_hand([*self.hands[left], c])
            self.passes.append(given)  # type: ignore[arg-type]
            self._pending_passes = [None] * self.players
            self.phase = PLAY
        return Action("pass", card)

    def _apply_cloud(self, seat: int, action: Action) -> None:
        change = action.value
        allowed = cloud_changes(self.bids[seat])  # type: ignore[arg-type]
        if change not in allowed or isinstance(change, bool) or not isinstance(change, int):
            if change == -1:
                raise BidError("A bid cannot go below 0: with a bid of 0 the Cloud can only add 1.")
            raise BidError(f"The Cloud changes a bid by +1 or -1, not {change!r}.")
        self.bids[seat] += change  # type: ignore[operator]
        self.cloud = (seat, change)
        self._finish_round()

    def _pass_order(self) -> list[int]:
        """Who chooses a card to pass first: from the dealer's left, like bidding."""
        return [(self.dealer + 1 + i) % self.players for i in range(self.players)]

    def _apply_bid(self, seat: int, action: Action) -> None:
        check_bid(action.value, self.hand_size, self._bid_order_done, players=self.players,
                  rules=self.ruleset, dealer_leads_alone=self._dealer_leads_alone_matters())
        self.bids[seat] = action.value
        if None not in self.bids:  # bids are whole numbers once made: None only marks a bid to come
            self.phase = PLAY

    def _apply_play(self, seat: int, action: Action) -> Action:
        if action.value is None:
            card = self._unseen_card(seat)
        else:
            card = Card.parse(action.value)
        legal = self._legal()[1].get(card)
        if legal is None:
            check_play(self.hands[seat], self.trick_cards, card, self.ruleset)  # raises with the reason
            raise IllegalPlayError(f"{card} cannot be played now.")  # pragma: no cover - defensive
        self.hands[seat].remove(card.unnamed)
        self.trick.append((seat, card))
        if len(self.trick) == self.players:
            self._finish_trick()
        # The history keeps the very card played; the shared legal action holds it unless the
        # player built an equal card of their own.
        return legal if legal.value is card else Action("play", card)

    def _unseen_card(self, seat: int) -> Card:
        """Clairvoyance: ``Action("play", None)`` plays the one card a player cannot see."""
        hand = self.hands[seat]
        if not self.hand_hidden(seat) or len(hand) != 1:
            raise IllegalPlayError("Say which card to play, like play('R7').")
        if hand[0].kind in NAMED_COLOUR_KINDS:
            name = hand[0].kind.capitalize()
            raise IllegalPlayError(f"Your card is the {name}: say its colour, like play('{name}:R').")
        return hand[0]

    def _finish_trick(self) -> None:
        result = decide_trick(self.trick_cards, self.trump, self.ruleset)
        record = TrickRecord(self.leader, tuple(self.trick), result)
        self.tricks.append(record)
        winner = record.winner_seat
        if winner is not None:
            self.won[winner] += 1
        self.leader = self.trick[result.leader_next][0]
        self.trick = []
        if any(self.hands):
            # (Only a deck with the Juggler needs its tricks searched for it; the same for the Cloud.)
            if JUGGLER in self.ruleset.specials and any(c.kind == JUGGLER for c in record.cards):
                self.phase = PASS  # a Juggler trick that was not the round's last
            return
        holder = self.cloud_holder() if CLOUD_CARD in self.ruleset.specials else None
        if holder is not None:
            self._cloud_seat = holder
            self.phase = CLOUD
            return
        self._finish_round()

    def cloud_holder(self) -> int | None:
        """Anniversary: the seat that won the trick holding the Cloud this round (``None`` if nobody)."""
        for record in self.tricks:
            if any(c.kind == CLOUD_CARD for c in record.cards):
                return record.winner_seat
        return None

    def _finish_round(self) -> None:
        points = tuple(self.ruleset.score(b, w) for b, w in zip(self.bids, self.won))  # type: ignore[arg-type]
        totals = tuple(t + p for t, p in zip(self.scores, points))
        self.rounds.append(RoundRecord(self.round_number, self.dealer, self.hand_size, self.trump_card,
                                       self.trump, tuple(self.bids), tuple(self.won), points, totals,  # type: ignore[arg-type]
                                       werewolf=self.werewolf_swap, cloud=self.cloud))
        if self.round_index + 1 < len(self.round_sizes):
            self._start_round(self.round_index + 1)
        else:
            self.phase = OVER

    # -- dealing -----------------------------------------------------------------
    def round_rng(self, index: int) -> random.Random:
        """The generator that shuffles round ``index`` (0-based); depends only on the seed."""
        return random.Random(f"wizard-edu:{self.seed}:{index}")

    def _start_round(self, index: int) -> None:
        self.round_index = index
        self._legal_cache = None
        n = self.round_sizes[index]
        self.hands: list[Cards] = [Cards() for _ in range(self.players)]
        #: Monochrome: what is left of each player's private pile this round.
        self.piles: list[Cards] = []
        if self.ruleset.monochrome:
            rng = self.round_rng(index)
            for seat, pile in enumerate(self.ruleset.piles(self.players)):
                rng.shuffle(pile)
                self.hands[seat] = sorted_hand(pile[:n])
                self.piles.append(Cards(pile[n:]))
            self.stock: Cards = Cards()
        else:
            deck = self.ruleset.deck()
            self.round_rng(index).shuffle(deck)
            # Deal from the dealer's left; the hand of seat s is the s-th slice.
            for i in range(self.players):
                seat = (self.dealer + 1 + i) % self.players
                self.hands[seat] = sorted_hand(deck[i * n:(i + 1) * n])
            self.stock = Cards(deck[self.players * n:])
        self.trump_card: Card | None = self.stock[0] if self.stock else None
        # Dealt cards come from the ruleset's own deck: nothing to parse or check.
        found = None if self.trump_card is None else _trump_of(self.trump_card, self.ruleset)
        self.trump: str | None = None if found == DEALER_CHOOSES else found
        self.bids: list[int | None] = [None] * self.players
        self.won: list[int] = [0] * self.players
        self.leader: int = (self.dealer + 1) % self.players
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[TrickRecord] = []
        #: Anniversary: ``(seat, card)`` when the Werewolf's holder took the turned-up card.
        self.werewolf_swap: tuple[int, Card] | None = None
        #: Anniversary: the passes made this round; ``passes[k][s]`` is the card seat ``s`` gave to its left.
        self.passes: list[tuple[Card, ...]] = []
        self._pending_passes: list[Card | None] = [None] * self.players
        #: Anniversary: ``(seat, change)`` once the Cloud's holder has changed their bid.
        self.cloud: tuple[int, int] | None = None
        self._cloud_seat: int | None = None
        self.phase = TRUMP if found == DEALER_CHOOSES else BID
        if WEREWOLF_CARD not in self.ruleset.specials:
            return  # no Werewolf in this deck: no swap to look for
        werewolf = Card(WEREWOLF_CARD)
        holder = next((s for s, h in enumerate(self.hands) if werewolf in h), None)
        if holder is not None and self.trump_card is not None:
            # The swap is compulsory: the holder takes the turned-up card, the Werewolf lies on the stack.
            self.hands[holder].remove(werewolf)
            self.hands[holder] = sorted_hand([*self.hands[holder], self.trump_card])
            self.werewolf_swap = (holder, self.trump_card)
            self.stock[0] = werewolf
            self.trump_card = werewolf
            self.trump = None
            self.phase = WEREWOLF

    # -- views -------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What the player in ``seat`` may see now."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise WizardError(f"There is no seat {seat!r}: seats go from 0 to {self.players - 1}.")
        hidden = self.hand_hidden(seat)
        return SeatView(
            seat=seat, names=self.names, ruleset=self.ruleset, round_number=self.round_number,
            rounds_total=len(self.round_sizes), hand_size=self.hand_size, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move, hand=Cards() if hidden else Cards(self.hands[seat]),
            trump_card=self.trump_card, trump=self.trump, bids=self.visible_bids(seat),
            tricks_won=tuple(self.won), leader=self.leader if self.phase in (PLAY, PASS) else None,
            trick=tuple(self.trick), tricks=tuple(self.tricks), scores=tuple(self.scores),
            legal=self._view_legal(seat, hidden),
            hand_counts=tuple(len(h) for h in self.hands), rounds=tuple(self.rounds),
            visible_hands=self.visible_hands(seat), hand_hidden=hidden, werewolf_swap=self.werewolf_swap,
            pending_pass=self._pending_passes[seat],
            passes=tuple((given[seat], given[(seat - 1) % self.players]) for given in self.passes),
            pile_counts=tuple(len(p) for p in self.piles),
        )

    def _view_legal(self, seat: int, hidden: bool) -> tuple[Action, ...]:
        if self.to_move != seat:
            return ()
        actions = self.legal_actions()
        if hidden and self.phase == PLAY and all(a.value.kind not in NAMED_COLOUR_KINDS for a in actions):
            # The player cannot see their card: they may only play it, unseen.  (A Juggler or
            # Cloud is seen as it is played, since its player must name its colour.)
            return (Action("play", None),)
        return tuple(actions)

    def hand_hidden(self, seat: int) -> bool:
        """True when ``seat`` may not see their own hand (Clairvoyance, round 1)."""
        return self.ruleset.clairvoyance and self.round_index == 0 and self.phase != OVER

    def visible_bids(self, seat: int) -> tuple[int | None, ...]:
        """Bids as ``seat`` sees them: hidden bids show once all are in; secret ones at scoring."""
        style = self.ruleset.bidding
        if style == "open" or (style == "hidden" and self.phase != BID):
            return tuple(self.bids)
        return tuple(b if i == seat else None for i, b in enumerate(self.bids))

    def visible_hands(self, seat: int) -> dict[int, Cards]:
        """Other players' hands that ``seat`` may see (only under a variant such as Clairvoyance)."""
        if self.ruleset.clairvoyance and self.round_index == 0:
            return {s: Cards(h) for s, h in enumerate(self.hands) if s != seat}
        return {}

    # -- saving and replaying -------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON text: rules, seed and every action (a game in progress too)."""
        data = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": self.ruleset.to_dict(),
            "players": self.players, "names": list(self.names), "seed": self.seed,
            "first_dealer": self.first_dealer,
            "actions": [[seat, *action.to_json()] for seat, action in self.history],
        }
        if self.custom_hand_sizes:
            data["hand_sizes"] = self.round_sizes
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game saved by :meth:`to_json` by replaying it; a bad file raises :class:`SaveFileError`."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"This is not a saved game: it is not JSON text ({exc}).") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("This file is not a wizard-edu saved game.")
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(f"This saved game has version {data.get('version')!r}; "
                                f"this kit reads version {SAVE_VERSION}.")
        try:
            game = cls(players=data["players"], rules=Ruleset.from_dict(data["rules"]), seed=data["seed"],
                       first_dealer=data["first_dealer"], names=data["names"],
                       hand_sizes=data.get("hand_sizes"))
            for seat, kind, value in data["actions"]:
                game.apply(Action.from_json([kind, value]), seat)
        except WizardError as exc:
            raise SaveFileError(f"This saved game does not replay: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"This saved game is broken or incomplete ({exc!r}).") from None
        return game

    @classmethod
    def replay(cls, players: int, rules: str | Ruleset, seed: int, actions: Iterable[Action | tuple[int, Action]],
               **kwargs: Any) -> Game:
        """A new game with the same seed, with ``actions`` applied in order."""
        game = cls(players=players, rules=rules, seed=seed, **kwargs)
        for item in actions:
            seat, action = item if isinstance(item, tuple) else (None, item)
            game.apply(action, seat)
        return game

    def copy(self) -> Game:
        """An independent copy (by replay), e.g. to try a move without changing this game."""
        return Game.from_json(self.to_json())

    # -- presentation ------------------------------------------------------------------
    def score_pad(self):
        """The score pad as a pandas DataFrame (see :func:`wizard_edu.scorepad.score_pad`)."""
        from .scorepad import score_pad

        return score_pad(self)

    def status(self) -> str:
        """One line saying where the game is, for people."""
        if self.phase == OVER:
            names = " and ".join(self.names[i] for i in self.winners())
            return f"Game over after {len(self.rounds)} rounds. Winner: {names}."
        who = self.names[self.to_move]  # type: ignore[index]
        trump = f"trump {COLOUR_NAMES[self.trump]}" if self.trump else "no trump"
        if self.phase == TRUMP:
            name = self.trump_card.name if self.trump_card is not None else "Wizard"
            return f"Round {self.round_number}: a {name} was turned up, {who} (dealer) chooses trump."
        if self.phase == WEREWOLF:
            took = self.werewolf_swap[1].name  # type: ignore[index]
            return (f"Round {self.round_number}: {who} holds the Werewolf, takes the turned-up {took} "
                    "and names the trump.")
        if self.phase == PASS:
            return (f"Round {self.round_number}: after the Juggler's trick everyone passes one card "
                    f"to the left; {who} chooses.")
        if self.phase == CLOUD:
            return f"Round {self.round_number}: {who} won the Cloud and changes their bid by +1 or -1."
        verb = "bid" if self.phase == BID else "play"
        cards = f"{self.hand_size} card{'s' if self.hand_size != 1 else ''}"
        return f"Round {self.round_number} ({cards}, {trump}): {who} to {verb}."

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.title}, {self.players} players, seed {self.seed}: {self.status()}>"


__all__ = ["Game", "Action", "SeatView", "TrickRecord", "RoundRecord", "bid", "play",
           "TRUMP", "BID", "PLAY", "OVER", "WEREWOLF", "PASS", "CLOUD", "PHASE_ACTIONS",
           "BidError", "IllegalPlayError"]
