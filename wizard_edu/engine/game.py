"""The round and game state machine.

A :class:`Game` is driven the same way by a widget, a computer player and a
test: ask whose turn it is (:attr:`Game.to_move`) and what they may do
(:meth:`Game.legal_actions`), then :meth:`Game.apply` an :class:`Action`.
Every action is checked first; a refused action raises a
:class:`~wizard_edu.errors.WizardError` that says why, and changes nothing.

Randomness comes only from the seed: round ``r`` is shuffled by
``random.Random(f"wizard-edu:{seed}:{r}")`` (:meth:`Game.round_rng`), so the
seed plus the list of actions replays a game exactly, which is also how save
files work (:meth:`Game.to_json`, :mod:`wizard_edu.engine.saves`).

Phases and the actions they take (``game.phase``, ``game.to_move``): ``"trump"``, the dealer
names a colour after a Wizard was turned up (``Action("trump", "R")``); ``"bid"``, in turn from
the dealer's left (``Action("bid", 2)``; hidden and secret bids are entered the same way and
:meth:`Game.view` hides them); ``"play"`` (``Action("play", Card)``; a Juggler or Cloud with the
colour its player names, ``Card.parse("Juggler:R")``; under Clairvoyance a player who cannot see
their card plays ``Action("play", None)``); ``"over"``.  A variant adds its own phases: the
Anniversary's ``"werewolf"``, ``"pass"`` and ``"cloud"`` (:mod:`wizard_edu.engine.rules.anniversary`).

Everything that changes during a round is one :class:`RoundState` (``game.state``);
what a variant changes (the deal, the trick rules, extra phases such as the
Anniversary's) comes from the ruleset's hooks (:mod:`wizard_edu.engine.rules.variant`,
``docs/variants.md``).  :meth:`Game.apply` returns the events of
:mod:`wizard_edu.engine.events`, and :meth:`Game.position` / :meth:`Game.from_position`
write and read a game as one line of text (``docs/positions.md``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from functools import cache
from itertools import islice
from typing import Any

from ..errors import (
    BidError,
    HandSizeError,
    IllegalPlayError,
    OutOfTurnError,
    PlayerNameError,
    SaveFileError,
    SeatError,
    SeedError,
    TrumpError,
    WizardError,
    WrongPhaseError,
    short,
    whole,
)
from .actions import Action, ActionKind, bid, play
from .cards import COLOUR_NAMES, COLOURS, NAMED_COLOUR_KINDS, Card, Cards
from .events import (
    BidMade,
    CardPlayed,
    Event,
    GameOver,
    RoundFinished,
    RoundStarted,
    TrickFinished,
    TrumpChosen,
)
from .phases import PhaseName
from .position import position_errors, position_of, read_position
from .records import RoundRecord, RoundState, TrickRecord
from .rules.core import (
    DEALER_CHOOSES,
    _trump_of,
    biddable,
    check_bid,
    check_trump,
    decide_trick,
    explain_play,
    playable,
)
from .rules.rulesets import Ruleset, get_ruleset
from .rules.variant import SCORE, Phase
from .saves import MAX_SAVE_SIZE, SAVE_FORMAT, SAVE_VERSION, read_save
from .scorepad import score_pad
from .views import SeatView

# The phases every game has (a variant adds its own: see rules/variant.py's Phase).
TRUMP, BID, PLAY, OVER = PhaseName.TRUMP, PhaseName.BID, PhaseName.PLAY, PhaseName.OVER
#: The phases every game has that a player acts in, each taking the action of its name; any other
#: phase belongs to the variant.
_CORE_PHASES: dict[str, ActionKind] = {TRUMP: ActionKind.TRUMP, BID: ActionKind.BID, PLAY: ActionKind.PLAY}

#: Seeds are whole numbers below 2**63 in size (a seed is written into each round's generator seed).
_SEED_LIMIT = 2**63
#: The most rounds a game with hand sizes of one's own may have, and the longest player name.
_MAX_ROUNDS = 100
_MAX_NAME = 40


class Game:
    """A whole game of Wizard, round by round.

    >>> g = Game(players=3, rules="junior", seed=7)
    >>> g.phase, g.round_number, g.dealer, g.to_move    # the last seat deals; Player 1 (seat 0) bids first
    ('bid', 1, 2, 0)
    >>> g.bid(0); g.bid(1); g.bid(0)
    (BidMade(seat=0, bid=0),)
    (BidMade(seat=1, bid=1),)
    (BidMade(seat=2, bid=0),)
    >>> g.phase
    'play'
    """

    ruleset: Ruleset
    players: int
    seed: int
    first_dealer: int
    names: tuple[str, ...]
    #: True when ``names`` are not the default ``Player 1``, ``Player 2``, ...
    custom_names: bool
    round_sizes: list[int]
    #: True when ``round_sizes`` are the game's own (``hand_sizes=``), not the ruleset's schedule.
    custom_hand_sizes: bool
    #: ``(seat, action)`` of every action so far (since :attr:`start_position`, if any).
    history: list[tuple[int, Action]]
    #: The rounds scored so far.
    rounds: list[RoundRecord]
    #: 0-based index of the round being played.
    round_index: int
    #: The position this game was set up from (:meth:`from_position`); ``None`` for a game dealt from
    #: its first round.
    start_position: str | None
    state: RoundState
    #: What :meth:`legal_actions` handed out for the state as it is (``None``: not asked since it changed).
    _legal: list[Action] | None

    def __init__(self, players: int = 4, rules: str | Ruleset = "classic", seed: int | None = None,
                 *, first_dealer: int | None = None, names: Iterable[str] | None = None,
                 hand_sizes: Iterable[int] | None = None, **options: Any) -> None:
        """Start a game and deal its first round.

        ``first_dealer`` is the seat that deals round 1; by default the last seat, so that Player 1
        (seat 0) sits on the dealer's left, bids first and leads round 1 (the kit's one convention:
        see docs/rulings.md).  The deal then passes to the left: Player 1 deals round 2.

        ``hand_sizes`` replaces the ruleset's schedule with rounds of your own (for
        example ``[5]``: one practice round of five cards); the rules stay the same.
        """
        self._set_up(players, get_ruleset(rules, **options), seed, first_dealer, names, hand_sizes)
        self._start_round(0)

    def _set_up(self, players: Any, ruleset: Ruleset, seed: Any, first_dealer: Any, names: Any,
                hand_sizes: Any, round_index: int = 0, start_position: str | None = None) -> None:
        """Check every argument and give the game every attribute but its round's state: the one
        constructor of a game, whether it is then dealt (``__init__``) or set up from a position."""
        self.ruleset = ruleset
        self.players = players = ruleset.check_players(players)
        number = random.randrange(2**31) if seed is None else whole(seed)
        if number is None or not -_SEED_LIMIT <= number < _SEED_LIMIT:
            raise SeedError(f"The seed must be a whole number (below 2**63 in size), like 7, not {short(seed)}.")
        self.seed = number
        seat = players - 1 if first_dealer is None else whole(first_dealer)
        if seat is None or not 0 <= seat < players:
            raise SeatError(f"The first dealer must be a seat from 0 to {players - 1}, not {short(first_dealer)}.")
        self.first_dealer = seat
        self.names = _default_names(players) if names is None else _check_names(names, players)
        self.custom_names = self.names != _default_names(players)
        self.custom_hand_sizes = hand_sizes is not None
        self.round_sizes = (ruleset.round_sizes(players) if hand_sizes is None
                            else _check_hand_sizes(hand_sizes, ruleset, players))
        self.history = []
        self.rounds = []
        self.round_index = round_index
        self.start_position = start_position
        self._legal = None

    # -- the round's state, read -------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The step of the round: ``"trump"``, ``"bid"``, ``"play"``, ``"over"`` or a variant's own."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    @property
    def hands(self) -> list[Cards]:
        return self.state.hands

    @property
    def stock(self) -> Cards:
        """Cards not dealt; ``stock[0]`` is the turned-up card."""
        return self.state.stock

    @property
    def piles(self) -> list[Cards]:
        """Monochrome: what is left of each player's private pile this round."""
        return self.state.piles

    @property
    def trump_card(self) -> Card | None:
        return self.state.trump_card

    @property
    def trump(self) -> str | None:
        return self.state.trump

    @property
    def bids(self) -> list[int | None]:
        return self.state.bids

    @property
    def won(self) -> list[int]:
        return self.state.won

    @property
    def leader(self) -> int:
        return self.state.leader

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return self.state.trick

    @property
    def trick_cards(self) -> Cards:
        return Cards([c for _, c in self.state.trick])

    @property
    def tricks(self) -> list[TrickRecord]:
        return self.state.tricks

    # -- rounds, turns and scores ------------------------------------------------------------------
    @property
    def round_number(self) -> int:
        """1-based number of the round being played (the last one once the game is over)."""
        return self.round_index + 1

    @property
    def hand_size(self) -> int:
        return self.round_sizes[self.round_index]

    @property
    def dealer(self) -> int:
        """The dealer of this round."""
        return self._dealer_of(self.round_index)

    def _dealer_of(self, index: int) -> int:
        """The dealer of round ``index`` (0-based): the deal passes to the left each round."""
        return (self.first_dealer + index) % self.players

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the game is over."""
        state = self.state
        phase = state.phase
        if phase == PLAY:  # the player after the last card of the trick, or the trick's leader
            return (state.leader + len(state.trick)) % self.players
        if phase == BID:  # in turn from the dealer's left
            made = self.players - state.bids.count(None)
            return (self.dealer + 1 + made) % self.players
        if phase == TRUMP:
            return self.dealer
        if phase == OVER:
            return None
        return self._variant_phase(phase).to_move(self)

    @property
    def scores(self) -> list[int]:
        """Running totals after the rounds scored so far."""
        return list(self.rounds[-1].totals) if self.rounds else [0] * self.players

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

    @property
    def action_kind(self) -> str | None:
        """The kind of action the phase takes (``"bid"``, a variant's own); ``None`` once the game is over."""
        phase = self.state.phase
        if phase == OVER:
            return None
        return _CORE_PHASES[phase] if phase in _CORE_PHASES else self._variant_phase(phase).action

    def _variant_phase(self, phase: str) -> Phase:
        return self.ruleset.hooks.phases[phase]

    # -- what may be done --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (a card once, even if two are held, in hand order)."""
        legal = self._legal
        if legal is None:  # (worked out once for each state: apply() then knows them at once)
            phase = self.state.phase
            if phase == PLAY:
                legal = self._legal_plays()
            elif phase == BID:
                legal = [_offer(ActionKind.BID, b) for b in self._allowed_bids()]
            elif phase == TRUMP:
                legal = [_offer(ActionKind.TRUMP, c) for c in COLOURS]
            elif phase == OVER:
                legal = []
            else:
                step = self._variant_phase(phase)
                legal = [_offer(step.action, v) for v in step.legal(self)]
            self._legal = legal
        return list(legal)

    def _legal_plays(self) -> list[Action]:
        state = self.state
        hand = state.hands[(state.leader + len(state.trick)) % self.players]  # (to_move, in the play phase)
        cards = playable(hand, [c for _, c in state.trick], self.ruleset)
        # dict.fromkeys: each card once, in hand order (two Wizards are one action).
        return [action for card in dict.fromkeys(cards) for action in _plays_of(card)]

    def _allowed_bids(self) -> list[int]:
        return biddable(self.hand_size, self._bids_made(), self.players, self.ruleset,
                        self._dealer_leads_alone_matters())

    def _bids_made(self) -> list[int]:
        return [b for b in self.state.bids if b is not None]

    def _dealer_leads_alone_matters(self) -> bool:
        """:meth:`dealer_leads_alone` where a bid rule asks for it (only the Canadian rule does)."""
        return self.ruleset.bid_rule == "canadian" and self.dealer_leads_alone()

    # -- acting ------------------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> tuple[Event, ...]:
        """Carry out ``action`` for the player to move (``seat``, if given, must be theirs).

        Returns what happened, in order (see :mod:`wizard_edu.engine.events`): e.g. ``(CardPlayed,)``, or
        ``(CardPlayed, TrickFinished, RoundFinished, RoundStarted)`` for the round's last card.
        A refused action raises a :class:`~wizard_edu.errors.WizardError` and changes nothing.
        """
        if not isinstance(action, Action):
            raise WizardError(f"{short(action)} is not an action; use bid(2), play('R7') or Action('trump', 'R').")
        mover = self.to_move
        if mover is None:
            raise WrongPhaseError("The game is over: start a new game to play again.")
        if seat is not None and (seat := self._check_seat(seat)) != mover:
            raise OutOfTurnError(f"It is {self.names[mover]}'s turn, not {self.names[seat]}'s.")
        phase = self.state.phase
        step = None if phase in _CORE_PHASES else self._variant_phase(phase)
        if action.kind != (_CORE_PHASES[phase] if step is None else step.action):
            raise WrongPhaseError(self._phase_hint(action.kind))
        if phase == PLAY:
            recorded, events = self._play(mover, action)
        elif phase == BID:
            recorded, events = self._bid(mover, action)
        elif phase == TRUMP:
            recorded, events = self._choose_trump(mover, action)
        else:
            assert step is not None
            value, events = step.apply(self, mover, action.value)
            recorded = action if value is action.value else Action(action.kind, value)
            if self.state.phase == SCORE:
                events += self._finish_round()
        self._legal = None  # the state has changed
        self.history.append((mover, recorded))
        return events

    def _offered(self, action: Action) -> bool:
        """True when :meth:`legal_actions` handed out this very action for this state (it needs no second check)."""
        for offered in self._legal or ():
            if offered is action:
                return True
        return False

    def _check_seat(self, seat: object) -> int:
        """``seat`` as an ``int`` if it is a seat at this table (``True`` is not a seat); else :class:`SeatError`."""
        number = whole(seat)
        if number is None or not 0 <= number < self.players:
            raise SeatError(f"There is no seat {short(seat)}: seats are whole numbers from 0 to {self.players - 1}.")
        return number

    def _phase_hint(self, kind: str) -> str:
        phase = self.state.phase
        core: dict[str, str] = {TRUMP: f"{self.names[self.dealer]} is choosing the trump colour",
                BID: "players are bidding", PLAY: "players are playing cards"}
        now = core[phase] if phase in core else self._variant_phase(phase).doing(self)
        return f"You cannot {kind} now: {now}."

    def _choose_trump(self, seat: int, action: Action) -> tuple[Action, tuple[Event, ...]]:
        state = self.state
        colour = check_trump(action.value)
        if colour is None:
            name = state.trump_card.name if state.trump_card is not None else "Wizard"
            raise TrumpError(f"A {name} was turned up: the dealer must choose a colour (R, G, B or Y).")
        state.trump = colour
        state.phase = BID
        return action, (TrumpChosen(seat, colour, state.trump_card),)

    def _bid(self, seat: int, action: Action) -> tuple[Action, tuple[Event, ...]]:
        number = whole(action.value)  # (numpy's whole numbers too; check_bid refuses the rest, saying why)
        if not self._offered(action):
            check_bid(action.value if number is None else number, self.hand_size, self._bids_made(),
                      players=self.players, rules=self.ruleset,
                      dealer_leads_alone=self._dealer_leads_alone_matters())
        assert number is not None
        state = self.state
        state.bids[seat] = number
        events: tuple[Event, ...] = (BidMade(seat, number),)
        if None not in state.bids:
            state.phase = PLAY
            events += self.ruleset.hooks.after_bids(self)  # (a variant's step may come first)
        return (action if action.value.__class__ is int else Action(ActionKind.BID, number)), events

    def _play(self, seat: int, action: Action) -> tuple[Action, tuple[Event, ...]]:
        state = self.state
        card = action.value
        if card.__class__ is not Card:  # card text, or None for the card a player cannot see (Clairvoyance)
            card = self._unseen_card(seat) if card is None else Card.parse(card)
        hand = state.hands[seat]
        if not self._offered(action):
            card = Card(card.kind, card.colour, card.rank)  # (the one real card; a forged one is refused, saying why)
            trick = [c for _, c in state.trick]
            if (card.unnamed not in playable(hand, trick, self.ruleset)
                    or (card.kind in NAMED_COLOUR_KINDS and card.colour not in COLOURS)):
                # The rules say why (not held, must follow, name the Juggler's colour, ...).
                raise IllegalPlayError(explain_play(hand, trick, card, state.trump, self.ruleset).reason)
        hand.remove(card.unnamed)
        state.trick.append((seat, card))
        events: tuple[Event, ...] = (CardPlayed(seat, card),)
        if len(state.trick) == self.players:
            events += self._finish_trick()
        # The history keeps the very card played (the unseen card of Clairvoyance is named).
        return (action if action.value is card else Action(ActionKind.PLAY, card)), events

    def _unseen_card(self, seat: int) -> Card:
        """Clairvoyance: ``Action("play", None)`` plays the one card a player cannot see."""
        hand = self.state.hands[seat]
        if not self.hand_hidden(seat) or len(hand) != 1:
            raise IllegalPlayError("Say which card to play, like play('R7').")
        if hand[0].kind in NAMED_COLOUR_KINDS:
            name = hand[0].kind.capitalize()
            raise IllegalPlayError(f"Your card is the {name}: say its colour, like play('{name}:R').")
        return hand[0]

    def _finish_trick(self) -> tuple[Event, ...]:
        """Who won the trick and why (the rules decide), who leads next; then the next trick or the score."""
        state = self.state
        result = decide_trick([c for _, c in state.trick], state.trump, self.ruleset)
        record = TrickRecord(state.leader, tuple(state.trick), result)
        state.tricks.append(record)
        if result.winner is not None:  # (the Bomb: nobody wins the trick)
            state.won[state.trick[result.winner][0]] += 1
        state.leader = state.trick[result.leader_next][0]
        state.trick = []
        events: tuple[Event, ...] = (TrickFinished(len(state.tricks), record),)
        hooks = self.ruleset.hooks
        if any(state.hands):  # the round goes on
            return events + hooks.after_trick(self, record)
        events += hooks.before_scoring(self)
        if state.phase != PLAY:
            return events  # a variant's step comes before scoring (Anniversary: the Cloud)
        return events + self._finish_round()

    def _finish_round(self) -> tuple[Event, ...]:
        """Score the round (a :class:`RoundRecord`), then deal the next or end the game."""
        state = self.state
        bids = tuple(b for b in state.bids if b is not None)
        won = tuple(state.won)
        points = tuple(self.ruleset.score(b, w) for b, w in zip(bids, won))
        totals = tuple(t + p for t, p in zip(self.scores, points))
        self.rounds.append(RoundRecord(self.round_number, self.dealer, self.hand_size, state.trump_card,
                                       state.trump, bids, won, points, totals,
                                       extra=self.ruleset.hooks.record_extras(self)))
        finished = RoundFinished(self.round_number, bids, won, points, totals)
        if self.round_number < len(self.round_sizes):
            return (finished, *self._start_round(self.round_index + 1))
        state.phase = OVER
        return (finished, GameOver(totals, tuple(self.winners())))

    # -- dealing -----------------------------------------------------------------------------------
    def round_rng(self, index: int) -> random.Random:
        """The generator that shuffles round ``index`` (0-based); it depends only on the seed."""
        return random.Random(f"wizard-edu:{self.seed}:{index}")

    def _start_round(self, index: int) -> tuple[Event, ...]:
        """Deal round ``index`` (0-based) as the variant's hooks say and turn up the trump card (a Wizard:
        the dealer chooses).  Returns the events of the deal."""
        self.round_index = index
        self._legal = None
        players, dealer, hooks = self.players, self.dealer, self.ruleset.hooks
        deal = hooks.deal(self.ruleset, players, dealer, self.hand_size, self.round_rng(index))
        trump_card = deal.stock[0] if deal.stock else None
        trump = None if trump_card is None else _trump_of(trump_card, self.ruleset)
        chooses = trump == DEALER_CHOOSES
        self.state = RoundState(
            phase=TRUMP if chooses else BID, hands=deal.hands, stock=deal.stock, piles=deal.piles,
            trump_card=trump_card, trump=None if chooses else trump, bids=[None] * players,
            won=[0] * players, leader=(dealer + 1) % players, extra=hooks.new_state(players))
        happened = hooks.after_deal(self)  # (Anniversary: the Werewolf swap)
        return (RoundStarted(self.round_number, dealer, self.hand_size, trump_card, self.state.trump), *happened)

    # -- views -------------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What the player in ``seat`` may see now."""
        seat = self._check_seat(seat)
        state = self.state
        hidden = self.hand_hidden(seat)
        return SeatView(
            seat=seat, names=self.names, ruleset=self.ruleset, round_number=self.round_number,
            rounds_total=len(self.round_sizes), hand_size=self.hand_size, dealer=self.dealer,
            phase=state.phase, to_move=self.to_move, hand=Cards() if hidden else Cards(state.hands[seat]),
            trump_card=state.trump_card, trump=state.trump, bids=self.visible_bids(seat),
            tricks_won=tuple(state.won), leader=state.leader if self._tricks_going_on() else None,
            trick=tuple(state.trick), tricks=tuple(state.tricks), scores=tuple(self.scores),
            legal=self._view_legal(seat, hidden),
            hand_counts=tuple(len(h) for h in state.hands), rounds=tuple(self.rounds),
            visible_hands=self.visible_hands(seat), hand_hidden=hidden,
            pile_counts=tuple(len(p) for p in state.piles), extra=self.ruleset.hooks.view_extras(self, seat),
        )

    def _tricks_going_on(self) -> bool:
        """True while the round's tricks are played: in the play phase, and in a variant's step
        between the bids and the last trick (the Anniversary's pass), when a seat leads next."""
        state = self.state
        if state.phase == PLAY:
            return True
        return state.phase not in _CORE_PHASES and state.phase != OVER and None not in state.bids and any(state.hands)

    def _view_legal(self, seat: int, hidden: bool) -> tuple[Action, ...]:
        if self.to_move != seat:
            return ()
        actions = self.legal_actions()
        if hidden and self.phase == PLAY and all(a.value.kind not in NAMED_COLOUR_KINDS for a in actions):
            # The player cannot see their card: they may only play it, unseen.  (A Juggler or
            # Cloud is seen as it is played, since its player must name its colour.)
            return (Action(ActionKind.PLAY, None),)
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

    # -- shorthands ----------------------------------------------------------------------------------
    def bid(self, n: int, seat: int | None = None) -> tuple[Event, ...]:
        """The player to move bids ``n`` tricks."""
        return self.apply(Action(ActionKind.BID, n), seat)

    def play(self, card: Card | str, seat: int | None = None) -> tuple[Event, ...]:
        """The player to move plays ``card`` (a :class:`Card` or text like ``"R7"``)."""
        return self.apply(Action(ActionKind.PLAY, Card.parse(card)), seat)

    def choose_trump(self, colour: str | None, seat: int | None = None) -> tuple[Event, ...]:
        """The dealer names the trump colour after a Wizard was turned up."""
        return self.apply(Action(ActionKind.TRUMP, colour), seat)

    # -- positions, saves and copies -------------------------------------------------------------------
    def position(self) -> str:
        """The game as it stands, as one line of text (see :mod:`wizard_edu.engine.position`)."""
        return position_of(self)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game set up from :meth:`position` text; bad text raises :class:`~wizard_edu.errors.PositionError`.

        The text is read into plain data (:func:`~wizard_edu.engine.position.read_position`); the game
        is then set up from it as ``Game()`` sets one up, with the position's round instead of a deal."""
        position = read_position(text)
        with position_errors():
            game = cls.__new__(cls)
            game._set_up(position.players, position.ruleset, position.seed, position.first_dealer,
                         position.names, position.hand_sizes, round_index=position.round_number - 1,
                         start_position=text)
            extra = game.ruleset.hooks.parse_state(position.extra, game)
            game.state = position.round_state(game.round_sizes, extra)
            game.rounds = position.past_rounds(game.round_sizes)
            _ = game.to_move  # a variant's phase knows whose turn it is (raises if its state does not say)
            if game.phase == PLAY:
                game.legal_actions()  # the player to move has something to play
        return game

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
        if self.start_position is not None:
            data["position"] = self.start_position  # the actions replay from this position
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game saved by :meth:`to_json` by replaying it; a bad file raises :class:`SaveFileError`.

        All or nothing: the text is checked for size, nesting and every part's type before anything
        is replayed (:func:`~wizard_edu.engine.saves.read_save`), and every action through :meth:`apply`'s checks.
        """
        data = read_save(text)
        try:
            if "position" in data:
                game = cls.from_position(data["position"])
            else:
                game = cls(players=data["players"], rules=Ruleset.from_dict(data["rules"]), seed=data["seed"],
                           first_dealer=data["first_dealer"], names=data["names"],
                           hand_sizes=data.get("hand_sizes"))
            for seat, kind, value in data["actions"]:
                game.apply(Action.from_json([kind, value]), seat)
        except WizardError as exc:
            raise SaveFileError(f"This saved game does not replay: {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # (A safety net under the checks of read_save: a damaged file is refused, never half-loaded.)
            raise SaveFileError(f"This saved game is broken or incomplete ({short(exc)}).") from None
        return game

    @classmethod
    def replay(cls, players: int, rules: str | Ruleset, seed: int, actions: Iterable[Action | tuple[int, Action]],
               **kwargs: Any) -> Game:
        """A new game with the same seed, with ``actions`` applied in order."""
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise WizardError(f"Give the actions to replay as a list, like [bid(1), play('R7')], not {short(actions)}.")
        game = cls(players=players, rules=rules, seed=seed, **kwargs)
        for item in actions:
            if isinstance(item, tuple):
                if len(item) != 2:
                    raise WizardError(f"{short(item)} is not an action, nor a (seat, action) pair.")
                seat, action = item
            else:
                seat, action = None, item
            game.apply(action, seat)
        return game

    # A copy is the same game replayed from its save (seed and actions), so it never shares a hand or
    # a list with the original: ``copy()``, ``copy.copy``, ``copy.deepcopy`` and pickle all make one.
    def copy(self) -> Game:
        """An independent copy (by replay), e.g. to try a move without changing this game."""
        return Game.from_json(self.to_json())

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game.from_json, (self.to_json(),))

    # -- presentation ------------------------------------------------------------------------------
    def score_pad(self):
        """The score pad as a pandas DataFrame (see :func:`wizard_edu.engine.scorepad.score_pad`)."""
        return score_pad(self)

    def status(self) -> str:
        """One line saying where the game is, for people."""
        if self.phase == OVER:
            names = " and ".join(self.names[i] for i in self.winners())
            return f"Game over after {len(self.rounds)} rounds. Winner: {names}."
        if self.phase not in _CORE_PHASES:
            return self._variant_phase(self.phase).status(self)
        who = self.names[self.to_move or 0]
        trump = f"trump {COLOUR_NAMES[self.trump]}" if self.trump else "no trump"
        if self.phase == TRUMP:
            name = self.trump_card.name if self.trump_card is not None else "Wizard"
            return f"Round {self.round_number}: a {name} was turned up, {who} (dealer) chooses trump."
        verb = "bid" if self.phase == BID else "play"
        cards = f"{self.hand_size} card{'s' if self.hand_size != 1 else ''}"
        return f"Round {self.round_number} ({cards}, {trump}): {who} to {verb}."

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.title}, {self.players} players, seed {self.seed}: {self.status()}>"


@cache
def _offer(kind: str, value: Any) -> Action:
    """The one shared ``Action(kind, value)`` :meth:`Game.legal_actions` hands out (the rules offer few)."""
    return Action(kind, value)


@cache
def _plays_of(card: Card) -> tuple[Action, ...]:
    """The play actions offered for a card: a Juggler or Cloud once for each colour its player may name."""
    if card.kind in NAMED_COLOUR_KINDS:
        return tuple(_offer(ActionKind.PLAY, card.with_colour(c)) for c in COLOURS)
    return (_offer(ActionKind.PLAY, card),)


# -- checking Game()'s arguments -----------------------------------------------------------------------
@cache
def _default_names(players: int) -> tuple[str, ...]:
    """``("Player 1", "Player 2", ...)``."""
    return tuple(f"Player {i + 1}" for i in range(players))


def _check_names(names: Any, players: int) -> tuple[str, ...]:
    """The players' names as a tuple, or :class:`PlayerNameError` (text is not a list of names:
    ``names="Ada"`` would name three players A, d and a; and no two players share a name)."""
    explain = f"Give {players} names, one for each player, as a list of text like ['Ada', 'Ben', 'Cy']"
    if isinstance(names, (str, bytes, dict)) or not isinstance(names, Iterable):
        raise PlayerNameError(f"{explain}, not {short(names)}.")
    found = tuple(islice(names, players + 1))  # (never read an endless iterator to its end)
    if len(found) != players:
        raise PlayerNameError(f"{explain}; {'more than ' + str(players) if len(found) > players else len(found)} "
                              f"{'was' if len(found) == 1 else 'were'} given.")
    seen: set[str] = set()
    for name in found:
        if name.__class__ is not str or not name.strip() or len(name) > _MAX_NAME:
            raise PlayerNameError(f"Each name must be text of 1 to {_MAX_NAME} characters, not {short(name)}.")
        if name.strip().casefold() in seen:
            raise PlayerNameError(f"Two players are called {name.strip()!r}: give each player a name of their own.")
        seen.add(name.strip().casefold())
    return found


def _check_hand_sizes(hand_sizes: Any, ruleset: Ruleset, players: int) -> list[int]:
    """``Game(hand_sizes=...)`` as a list of ``int``, checked against the most cards a hand can hold."""
    most = ruleset.hooks.max_hand_size(ruleset, players)
    given, sizes = hand_sizes, []
    if not isinstance(hand_sizes, (str, bytes, dict)) and isinstance(hand_sizes, Iterable):
        given = list(islice(hand_sizes, _MAX_ROUNDS + 1))  # (never read an endless iterator to its end)
        for n in given:
            size = whole(n)
            if size is None or not 1 <= size <= most:
                break
            sizes.append(size)
    if not sizes or len(sizes) != len(given) or len(sizes) > _MAX_ROUNDS:
        raise HandSizeError(f"Hand sizes are a list of whole numbers from 1 to {most} for {players} players "
                            f"(one per round, at most {_MAX_ROUNDS} rounds), like [5] or [1, 2, 3], "
                            f"not {short(given)}.")
    if ruleset.clairvoyance and sizes[0] != 1:
        raise WizardError("Clairvoyance needs a first round of one card each.")
    return sizes


__all__ = ["Game", "Action", "SeatView", "TrickRecord", "RoundRecord", "RoundState", "bid", "play",
           "TRUMP", "BID", "PLAY", "OVER", "PhaseName", "ActionKind",
           "BidError", "IllegalPlayError", "SAVE_FORMAT", "MAX_SAVE_SIZE"]
