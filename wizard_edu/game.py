"""The round and game state machine.

A :class:`Game` is driven the same way by a widget, a computer player and a
test: ask whose turn it is (:attr:`Game.to_move`) and what they may do
(:meth:`Game.legal_actions`), then :meth:`Game.apply` an :class:`Action`.
Every action is checked first; a refused action raises a
:class:`~wizard_edu.errors.WizardError` and changes nothing.

Randomness comes only from the seed: round ``r`` is shuffled by a generator
seeded with ``(seed, r)``, so the seed plus the list of actions replays a game
exactly, which is also how save files work (:meth:`Game.to_json`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import COLOUR_NAMES, COLOURS, Card, Cards, sorted_hand
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
    allowed_bids,
    check_bid,
    check_play,
    check_trump,
    explain_trick,
    legal_plays,
    trump_from_card,
)
from .rules.rulesets import Ruleset, get_ruleset

SAVE_FORMAT = "wizard-edu-game"
SAVE_VERSION = 1

# Phases of a game.
TRUMP = "trump"      # the dealer chooses a trump colour (a Wizard was turned up)
BID = "bid"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True)
class Action:
    """One thing a player does: ``Action("bid", 2)``, ``Action("play", Card)``, ``Action("trump", "R")``."""

    kind: str
    value: Any = None

    def __str__(self) -> str:
        value = "no trump" if self.kind == "trump" and self.value is None else self.value
        return f"{self.kind} {value}"

    def to_json(self) -> list:
        value = str(self.value) if isinstance(self.value, Card) else self.value
        return [self.kind, value]

    @classmethod
    def from_json(cls, data: list) -> Action:
        kind, value = data
        if kind == "play":
            value = Card.parse(value)
        return cls(kind, value)


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
        return Cards(a.value for a in self.legal if a.kind == "play")

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
                 *, first_dealer: int = 0, names: Iterable[str] | None = None, **options: Any) -> None:
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
        self.round_sizes: list[int] = self.ruleset.round_sizes(players)
        self.history: list[tuple[int, Action]] = []
        self.rounds: list[RoundRecord] = []
        self.round_index = -1
        self._start_round(0)

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
        if self.phase == TRUMP:
            return self.dealer
        if self.phase == BID:
            return (self.dealer + 1 + len(self._bid_order_done)) % self.players
        if self.phase == PLAY:
            return (self.leader + len(self.trick)) % self.players
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
        if self.phase == TRUMP:
            return [Action("trump", c) for c in COLOURS]
        if self.phase == BID:
            return [Action("bid", b) for b in self._allowed_bids()]
        if self.phase == PLAY:
            hand = self.hands[self.to_move]  # type: ignore[index]
            seen: list[Card] = []
            for card in legal_plays(hand, self.trick_cards, self.ruleset):
                if card not in seen:
                    seen.append(card)
            return [Action("play", c) for c in seen]
        return []

    def _allowed_bids(self) -> list[int]:
        return allowed_bids(self.hand_size, self._bid_order_done, players=self.players,
                            rules=self.ruleset, dealer_leads_alone=self.dealer_leads_alone())

    @property
    def trick_cards(self) -> Cards:
        return Cards(c for _, c in self.trick)

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
        handler = {TRUMP: self._apply_trump, BID: self._apply_bid, PLAY: self._apply_play}[self.phase]
        expected = {TRUMP: "trump", BID: "bid", PLAY: "play"}[self.phase]
        if action.kind != expected:
            raise WrongPhaseError(self._phase_hint(action.kind))
        handler(mover, action)  # type: ignore[arg-type]
        self.history.append((mover, action))  # type: ignore[arg-type]

    def bid(self, n: int, seat: int | None = None) -> None:
        """The player to move bids ``n`` tricks."""
        self.apply(Action("bid", n), seat)

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """The player to move plays ``card`` (a :class:`Card` or text like ``"R7"``)."""
        self.apply(Action("play", Card.parse(card)), seat)

    def choose_trump(self, colour: str | None, seat: int | None = None) -> None:
        """The dealer names the trump colour after a Wizard was turned up."""
        self.apply(Action("trump", colour), seat)

    def _name(self, seat: int) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < self.players else f"seat {seat!r}"

    def _phase_hint(self, kind: str) -> str:
        now = {TRUMP: f"{self.names[self.dealer]} is choosing the trump colour",
               BID: "players are bidding", PLAY: "players are playing cards"}[self.phase]
        return f"You cannot {kind} now: {now}."

    def _apply_trump(self, seat: int, action: Action) -> None:
        colour = check_trump(action.value)
        if colour is None:
            raise TrumpError("A Wizard was turned up: the dealer must choose a colour (R, G, B or Y).")
        self.trump = colour
        self.phase = BID

    def _apply_bid(self, seat: int, action: Action) -> None:
        check_bid(action.value, self.hand_size, self._bid_order_done, players=self.players,
                  rules=self.ruleset, dealer_leads_alone=self.dealer_leads_alone())
        self.bids[seat] = action.value
        if all(b is not None for b in self.bids):
            self.phase = PLAY

    def _apply_play(self, seat: int, action: Action) -> None:
        card = Card.parse(action.value)
        check_play(self.hands[seat], self.trick_cards, card, self.ruleset)
        self.hands[seat].remove(card.unnamed)
        self.trick.append((seat, card))
        if len(self.trick) == self.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        result = explain_trick(self.trick_cards, self.trump, self.ruleset)
        record = TrickRecord(self.leader, tuple(self.trick), result)
        self.tricks.append(record)
        if record.winner_seat is not None:
            self.won[record.winner_seat] += 1
        self.leader = self.trick[result.leader_next][0]
        self.trick = []
        if not any(self.hands):
            self._finish_round()

    def _finish_round(self) -> None:
        points = tuple(self.ruleset.score(b, w) for b, w in zip(self.bids, self.won))  # type: ignore[arg-type]
        totals = tuple(t + p for t, p in zip(self.scores, points))
        self.rounds.append(RoundRecord(self.round_number, self.dealer, self.hand_size, self.trump_card,
                                       self.trump, tuple(self.bids), tuple(self.won), points, totals))  # type: ignore[arg-type]
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
        n = self.round_sizes[index]
        deck = self.ruleset.deck()
        self.round_rng(index).shuffle(deck)
        # Deal from the dealer's left; the hand of seat s is the s-th slice.
        self.hands: list[Cards] = [Cards() for _ in range(self.players)]
        for i in range(self.players):
            seat = (self.dealer + 1 + i) % self.players
            self.hands[seat] = sorted_hand(deck[i * n:(i + 1) * n])
        self.stock: Cards = Cards(deck[self.players * n:])
        self.trump_card: Card | None = self.stock[0] if self.stock else None
        found = trump_from_card(self.trump_card, self.ruleset)
        self.trump: str | None = None if found == DEALER_CHOOSES else found
        self.bids: list[int | None] = [None] * self.players
        self.won: list[int] = [0] * self.players
        self.leader: int = (self.dealer + 1) % self.players
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[TrickRecord] = []
        self.phase = TRUMP if found == DEALER_CHOOSES else BID

    # -- views -------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What the player in ``seat`` may see now."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise WizardError(f"There is no seat {seat!r}: seats go from 0 to {self.players - 1}.")
        return SeatView(
            seat=seat, names=self.names, ruleset=self.ruleset, round_number=self.round_number,
            rounds_total=len(self.round_sizes), hand_size=self.hand_size, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move, hand=Cards(self.hands[seat]),
            trump_card=self.trump_card, trump=self.trump, bids=self.visible_bids(seat),
            tricks_won=tuple(self.won), leader=self.leader if self.phase == PLAY else None,
            trick=tuple(self.trick), tricks=tuple(self.tricks), scores=tuple(self.scores),
            legal=tuple(self.legal_actions()) if self.to_move == seat else (),
            hand_counts=tuple(len(h) for h in self.hands), rounds=tuple(self.rounds),
            visible_hands=self.visible_hands(seat),
        )

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
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": self.ruleset.to_dict(),
            "players": self.players, "names": list(self.names), "seed": self.seed,
            "first_dealer": self.first_dealer,
            "actions": [[seat, *action.to_json()] for seat, action in self.history],
        }, indent=1)

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
                       first_dealer=data["first_dealer"], names=data["names"])
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
            return f"Round {self.round_number}: a Wizard was turned up, {who} (dealer) chooses trump."
        verb = "bid" if self.phase == BID else "play"
        return f"Round {self.round_number} ({self.hand_size} cards, {trump}): {who} to {verb}."

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.title}, {self.players} players, seed {self.seed}: {self.status()}>"


__all__ = ["Game", "Action", "SeatView", "TrickRecord", "RoundRecord", "bid", "play",
           "TRUMP", "BID", "PLAY", "OVER", "BidError", "IllegalPlayError"]
