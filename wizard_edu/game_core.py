"""The part of :class:`~wizard_edu.game.Game` that every action goes through, compiled when it can be.

:class:`GameCore` holds a game's state and its common path: ``is_over``, ``legal_actions()`` and
``apply()`` of an action that ``legal_actions()`` handed out, the end of a trick.  Everything else
(checks with their reasons, variants' phases, rounds, views, saves) is :class:`~wizard_edu.game.Game`,
a subclass written in plain Python, which fills in the methods this class leaves to it
(``_apply_checked`` and the others marked *Game's*).

``make setup`` compiles this module with mypyc (``tools/build_speedups.py``); without that, or with
``WIZARD_EDU_PURE=1``, the same source runs as Python and plays exactly the same games.  So this
module holds no rule: the legal plays and trick winners come from the rule tables of
:mod:`wizard_edu.rules.trick_table` (filled by asking :mod:`wizard_edu.rules.core`) through
:mod:`wizard_edu.rules.kernel`, and every other case goes to the rules themselves.

Arguments a user can pass (``action``, ``seat``) are typed ``object`` here on purpose: a compiled
function would refuse a wrong type with a bare ``TypeError``, and the engine's own checks
(``Game._apply_checked``) refuse it with a :class:`~wizard_edu.errors.WizardError` that says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from ._mypyc import mypyc_attr
from .events import GameOver, RoundFinished, RoundStarted, TrickFinished, bid_made
from .rules.core import DEALER_CHOOSES, TrickResult, decide_trick
from .rules.dealing import deal
from .rules.kernel import hand_codes, lead_state, table_plays, trick_winner_index

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card, Cards
    from .events import Event
    from .game import Action, Game
    from .rules.rulesets import Ruleset

# Phases of a game every ruleset has (variants add their own: see game.PHASE_ACTIONS).
TRUMP: Final = "trump"      # the dealer chooses a trump colour (a Wizard was turned up)
BID: Final = "bid"
PLAY: Final = "play"
OVER: Final = "over"

_TRUMP_CODE: Final = {None: 0, "R": 1, "G": 2, "B": 3, "Y": 4}  # the trump codes of rules/trick_table.py
#: The bid actions allowed in each situation (see GameCore._allowed_bid_actions).
_BID_MEMO: dict[tuple, tuple[Any, tuple[Any, ...]]] = {}


class RoundState:
    """Everything that changes during one round (``game.state``); a new one is dealt each round.

    ``extra`` is the variant's own per-round state (Anniversary: the Werewolf swap, the passes and
    the Cloud; see :meth:`~wizard_edu.rules.variant.VariantRules.new_state`), ``None`` for most rules.
    """

    phase: str
    hands: list[Cards]
    #: Cards not dealt; ``stock[0]`` is the turned-up card.
    stock: Cards
    #: Monochrome: what is left of each player's private pile (empty for other rules).
    piles: list[Cards]
    trump_card: Card | None
    trump: str | None
    #: Bids by seat; ``None`` marks a bid still to come.
    bids: list[int | None]
    won: list[int]
    leader: int
    trick: list[tuple[int, Card]]
    tricks: list[TrickRecord]
    extra: Any

    def __init__(self, phase: str, hands: list[Cards], stock: Cards, piles: list[Cards], trump_card: Card | None,
                 trump: str | None, bids: list[int | None], won: list[int], leader: int,
                 trick: list[tuple[int, Card]] | None = None, tricks: list[TrickRecord] | None = None,
                 extra: Any = None) -> None:
        self.phase = phase
        self.hands = hands
        self.stock = stock
        self.piles = piles
        self.trump_card = trump_card
        self.trump = trump
        self.bids = bids
        self.won = won
        self.leader = leader
        self.trick = [] if trick is None else trick
        self.tricks = [] if tricks is None else tricks
        self.extra = extra

    def _fields(self) -> tuple:
        return (self.phase, self.hands, self.stock, self.piles, self.trump_card, self.trump, self.bids, self.won,
                self.leader, self.trick, self.tricks, self.extra)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundState):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        names = ("phase", "hands", "stock", "piles", "trump_card", "trump", "bids", "won", "leader", "trick",
                 "tricks", "extra")
        return f"RoundState({', '.join(f'{n}={v!r}' for n, v in zip(names, self._fields()))})"


class TrickRecord:
    """A finished trick: who led, the cards by seat in play order, and the result.

    A value, compared and hashed by ``leader``, ``plays`` and ``result``.  The engine knows the
    winner as the trick ends (from the rule tables) and asks
    :func:`~wizard_edu.rules.core.decide_trick` for the full :class:`TrickResult`, with its words,
    only when someone reads ``result``: most tricks of a simulation are never explained.
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    _result: TrickResult | None
    _winner: int | None
    _trump: str | None
    _ruleset: Any

    def __init__(self, leader: int, plays: tuple[tuple[int, Card], ...], result: TrickResult | None) -> None:
        # (``result`` is None only for the engine's own records, which set _winner, _trump, _ruleset)
        self.leader = leader
        self.plays = plays
        self._result = result
        self._winner = None if result is None else result.winner
        self._trump = None
        self._ruleset = None

    @property
    def result(self) -> TrickResult:
        result = self._result
        if result is None:
            result = self._result = decide_trick([c for _, c in self.plays], self._trump, self._ruleset)
        return result

    @property
    def winner_seat(self) -> int | None:
        return None if self._winner is None else self.plays[self._winner][0]

    @property
    def cards(self) -> Cards:
        from .cards import Cards

        return Cards(c for _, c in self.plays)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrickRecord):
            return NotImplemented
        return (self.leader, self.plays, self.result) == (other.leader, other.plays, other.result)

    def __hash__(self) -> int:
        return hash((self.leader, self.plays, self.result))

    def __repr__(self) -> str:
        return f"TrickRecord(leader={self.leader!r}, plays={self.plays!r}, result={self.result!r})"

    def __reduce__(self) -> tuple:
        return (TrickRecord, (self.leader, self.plays, self.result))


class FastRules:
    """The rule tables of a ruleset they cover (Junior and Classic decks: no special cards, no
    trick hooks), filled from the rules by :mod:`wizard_edu.rules.trick_table`, by card code
    (built by ``game._fast_tricks``).

    Cards are found by ``id`` (dealt cards are the deck's own objects): legal plays of other card
    objects (a position set up by hand) come from the rules themselves; tricks look them up by value.
    """

    by_card: dict[Any, int]
    by_id: dict[int, int]
    #: ``beats[trump code][best so far][card]``
    beats: list[list[list[bool]]]
    lead: list[int]
    lead_open: int
    holds: list[list[bool]]
    follows: list[list[bool]]
    #: The shared play action of each card code.
    actions: list[Any]
    #: What each card code turned up makes trump (a colour, ``None``, or ``DEALER_CHOOSES``).
    turned: list[str | None]
    #: The deck in sorted-hand order and the place of each card of the deck in it (for ``dealing.deal``),
    #: and how a hand is made (``Cards``).
    by_place: tuple[Any, ...]
    places: list[int]
    make: Any
    #: The variant's hooks deal as every ruleset does (no deal, new_state or after_deal of its own).
    plain_deal: bool
    #: The variant acts after each trick (``hooks.has_after_trick``).
    after_trick: bool

    def __init__(self, by_card: dict[Any, int], by_id: dict[int, int], beats: list[list[list[bool]]],
                 lead: list[int], lead_open: int, holds: list[list[bool]], follows: list[list[bool]],
                 actions: list[Any], turned: list[str | None], by_place: tuple[Any, ...], places: list[int],
                 make: Any, plain_deal: bool, after_trick: bool) -> None:
        self.by_card = by_card
        self.by_id = by_id
        self.beats = beats
        self.lead = lead
        self.lead_open = lead_open
        self.holds = holds
        self.follows = follows
        self.actions = actions
        self.turned = turned
        self.by_place = by_place
        self.places = places
        self.make = make
        self.plain_deal = plain_deal
        self.after_trick = after_trick


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """A game's state and its common path; :class:`~wizard_edu.game.Game` is the whole game."""

    ruleset: Ruleset
    players: int
    seed: int
    first_dealer: int
    names: tuple[str, ...]
    custom_hand_sizes: bool
    round_sizes: list[int]
    history: list[tuple[int, Action]]
    rounds: list[Any]
    round_index: int
    #: What legal_actions() handed out for the state as it is (``None``: not asked since it changed).
    _legal_list: list[Action] | None
    #: Play phase: the index in the hand of the card of each action of ``_legal_list``.
    _plays: list[int] | None
    #: Per seat, the hand as it was when its card codes (``_codes``) were found (``None``: not yet).
    _coded: list[Any]
    _codes: list[list[int]]
    #: The :class:`FastRules` of the ruleset, ``None`` if the tables do not cover it, ``False`` until looked up.
    _fast_tricks: Any
    #: Whether the ruleset's bid rule asks who leads the scores (the Canadian rule; looked up once).
    _canadian: bool
    #: The position this game was set up from (:meth:`~wizard_edu.game.Game.from_position`); ``None``
    #: for a game dealt from its first round.  ``history`` then holds the actions since that position.
    start_position: str | None
    state: RoundState

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    # -- legal actions -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now."""
        legal = self._legal_list
        if legal is None:
            legal = self._compute_legal()
        return list(legal)

    def _forget_legal(self) -> None:
        """Empty the legal-action cache (the state changed)."""
        self._legal_list = None
        self._plays = None

    def _compute_legal(self) -> list[Action]:
        """Fill the cache: the legal actions and, in the play phase, :attr:`_plays`."""
        # The state changes only through apply() and a new round, which empty the cache.
        phase = self.state.phase
        if phase == PLAY:
            return self._legal_plays()
        if phase == BID:
            legal = self._legal_list = list(self._allowed_bid_actions())
        else:
            legal = self._legal_list = self._compute_legal_actions()
        self._plays = None
        return legal

    def _allowed_bid_actions(self) -> tuple[Action, ...]:
        """The shared actions of the bids the rules allow now, remembered for each situation (the
        same few come back game after game); the rules are asked the first time (``_bid_actions``)."""
        ruleset = self.ruleset
        made = tuple([b for b in self.state.bids if b is not None])
        key = (id(ruleset), self.players, self.round_sizes[self.round_index], made,
               self._canadian and self._dealer_leads_alone_matters())
        entry = _BID_MEMO.get(key)
        if entry is not None and entry[0] is ruleset:
            return entry[1]
        actions = self._bid_actions()
        if len(_BID_MEMO) >= 50_000:  # (a bound: long games of many players meet many situations)
            _BID_MEMO.clear()
        _BID_MEMO[key] = (ruleset, actions)  # (the entry keeps the ruleset, so its id stays its own)
        return actions

    def _legal_plays(self) -> list[Action]:
        """Play phase: the play actions of the player to move (equal cards once, in hand order).

        Also fills ``self._plays``: the index in the hand of each action's card.  Play actions are
        shared objects (see ``game._shared_action``), so :meth:`apply` finds the action it is given
        by identity, without comparing cards.
        """
        state = self.state
        trick = state.trick
        seat = (state.leader + len(trick)) % self.players
        hand = state.hands[seat]
        fast = self._fast_tricks
        if fast is False:
            fast = self._fast_tricks = self._look_up_fast_rules()
        if fast is not None:  # Junior and Classic decks: from the rule tables (rules/kernel.py)
            rules: FastRules = fast
            codes = self._hand_codes(rules, seat, hand)
            colour = -1 if codes is None else lead_state(rules.by_id, rules.lead, rules.lead_open, trick)
            if codes is not None and colour >= 0:  # (else a card that is not the deck's own object)
                legal_plays, self._plays = table_plays(colour, rules.holds, rules.follows, rules.actions, codes)
                self._legal_list = legal_plays
                return legal_plays
        legal, plays = self._legal_plays_by_rules(hand, trick)
        self._plays = plays
        self._legal_list = legal
        return legal

    def _hand_codes(self, rules: FastRules, seat: int, hand: list[Card]) -> list[int] | None:
        """The card codes of ``hand`` (seat ``seat``'s), kept from the last time while the hand is
        equal to what it was (a card played through :meth:`apply` is taken out of both)."""
        coded = self._coded
        if len(coded) != self.players:
            coded = self._coded = [None] * self.players
            self._codes = [[] for _ in range(self.players)]
        seen = coded[seat]
        if seen is not None and seen == hand:  # (equal cards have equal codes: a value check is enough)
            return self._codes[seat]
        codes = hand_codes(rules.by_id, hand)
        if codes is not None:
            coded[seat] = list(hand)
            self._codes[seat] = codes
        return codes

    # -- acting ------------------------------------------------------------------
    def apply(self, action: Action, seat: object = None) -> tuple[Event, ...]:
        """Carry out ``action`` for the player to move (``seat`` checks it is their turn).

        Returns what happened, in order (see :mod:`wizard_edu.events`): e.g. ``(CardPlayed,)``, or
        ``(CardPlayed, TrickFinished, RoundFinished, RoundStarted)`` for the round's last card.
        A refused action raises a :class:`~wizard_edu.errors.WizardError` and changes nothing.
        """
        state = self.state
        phase = state.phase
        if phase == PLAY and seat is None:
            # The common path: a legal action handed out by legal_actions() is found by its id in
            # the cache of legal plays.  Anything else takes the checked path (Game._apply_checked).
            legal = self._legal_list
            plays = self._plays
            if plays is None or legal is None:
                legal = self._compute_legal()
                plays = self._plays
            if plays is not None:
                k = 0
                n = len(legal)
                while k < n and legal[k] is not action:
                    k += 1
                if k < n:
                    index = plays[k]
                    trick = state.trick
                    mover = (state.leader + len(trick)) % self.players
                    hand = state.hands[mover]
                    card = action.value
                    if index < len(hand) and hand[index] is card:  # (a Juggler: the checked path)
                        del hand[index]
                        seen = self._coded[mover] if len(self._coded) == self.players else None
                        if seen is not None and len(seen) > index:  # (the hand's codes, kept in step)
                            del seen[index]
                            del self._codes[mover][index]
                        trick.append((mover, card))
                        # (the shared play action carries its events: see game._shared_action)
                        events: tuple[Event, ...] = action._played[mover]  # type: ignore[attr-defined]
                        if len(trick) == self.players:
                            events += self._finish_trick()
                        self.history.append((mover, action))
                        self._legal_list = None
                        self._plays = None
                        return events
                    self._forget_legal()  # the hand was changed from outside: look again
        elif phase == BID and seat is None and self._legal_list is not None:
            # A bid handed out by legal_actions(): allowed_bids lists exactly what check_bid accepts.
            for offered in self._legal_list:
                if offered is action:
                    bids = state.bids
                    mover = (self.first_dealer + self.round_index + 1 + len(bids) - bids.count(None)) % self.players
                    value: int = action.value
                    bids[mover] = value
                    if None not in bids:
                        state.phase = PLAY
                    self.history.append((mover, action))
                    self._legal_list = None
                    self._plays = None
                    return bid_made(mover, value)
        return self._apply_checked(action, seat)

    def _finish_trick(self) -> tuple[Event, ...]:
        state = self.state
        trick = state.trick
        ruleset = self.ruleset
        fast = self._fast_tricks
        if fast is False:
            fast = self._fast_tricks = self._look_up_fast_rules()
        if fast is not None:
            # Junior and Classic decks: the winner from the engine-derived rule tables
            # (rules/trick_table.py, held to rules/core.py by tests/test_fast_paths.py); the winner
            # also leads next, and decide_trick words the result when someone reads it.
            rules: FastRules = fast
            best_index = trick_winner_index(rules.by_id, rules.by_card, rules.beats[_TRUMP_CODE[state.trump]], trick)
            record = TrickRecord(state.leader, tuple(trick), None)
            record._winner = best_index
            record._trump = state.trump
            record._ruleset = ruleset
            leader_next = best_index
        else:
            result = decide_trick([c for _, c in trick], state.trump, ruleset)
            record = TrickRecord(state.leader, tuple(trick), result)
            leader_next = result.leader_next
        state.tricks.append(record)
        winner = record.winner_seat
        if winner is not None:
            state.won[winner] += 1
        state.leader = trick[leader_next][0]
        state.trick = []
        event = TrickFinished(len(state.tricks), record)
        game = cast("Game", self)  # (the hooks are given the whole game)
        if any(state.hands):
            after = fast.after_trick if fast is not None else ruleset.hooks.has_after_trick
            return (event, *ruleset.hooks.after_trick(game, record)) if after else (event,)
        events: tuple[Event, ...] = (event, *ruleset.hooks.before_scoring(game))
        if state.phase != PLAY:
            return events  # a variant's step comes before scoring (Anniversary: the Cloud)
        return events + self._finish_round()

    def _finish_round(self) -> tuple[Event, ...]:
        """Score the round (a :class:`~wizard_edu.game.RoundRecord`), then deal the next or end the game."""
        state = self.state
        score = self.ruleset.score
        bids = tuple([b for b in state.bids if b is not None])
        won = tuple(state.won)
        points = tuple([score(b, w) for b, w in zip(bids, won)])
        before = self.rounds[-1].totals if self.rounds else [0] * self.players
        totals = tuple([t + p for t, p in zip(before, points)])
        number = self.round_index + 1
        self._record_round(bids, won, points, totals)
        finished = RoundFinished(number, bids, won, points, totals)
        if number < len(self.round_sizes):
            return (finished, *self._start_round(number))
        state.phase = OVER
        best = max(totals)
        return (finished, GameOver(totals, tuple([i for i, t in enumerate(totals) if t == best])))

    # -- dealing -----------------------------------------------------------------
    def _start_round(self, index: int, report: bool = True) -> tuple[Event, ...]:
        """Deal round ``index`` (0-based); the events are ``(RoundStarted, ...)`` unless ``report`` is
        false (the first deal, which nobody asked for).  A variant that deals its own way deals
        through its hooks (``Game._start_round_by_hooks``)."""
        fast = self._fast_tricks
        if fast is False:
            fast = self._fast_tricks = self._look_up_fast_rules()
        if fast is None or not fast.plain_deal:
            return self._start_round_by_hooks(index, report)
        rules: FastRules = fast
        self.round_index = index
        self._legal_list = None
        self._plays = None
        players = self.players
        dealer = (self.first_dealer + index) % players
        size = self.round_sizes[index]
        hands, stock = deal(rules.by_place, rules.places, players, dealer, size, self.round_rng(index), rules.make)
        # Dealt cards come from the ruleset's own deck: the turned-up card's trump is in the tables.
        trump_card = stock[0] if stock else None
        found = None if trump_card is None else rules.turned[rules.by_id[id(trump_card)]]
        chooses = found == DEALER_CHOOSES
        state = self.state = RoundState(TRUMP if chooses else BID, hands, stock, [], trump_card,
                                        None if chooses else found, [None] * players, [0] * players,
                                        (dealer + 1) % players)
        if not report:
            return ()
        return (RoundStarted(index + 1, dealer, size, trump_card, state.trump),)

    # -- Game's: the rest of the engine fills these in ------------------------------------------
    def _apply_checked(self, action: object, seat: object) -> tuple[Event, ...]:
        """Game's: :meth:`apply` with every check spelled out (any phase, any action)."""
        raise NotImplementedError

    def _compute_legal_actions(self) -> list[Action]:
        """Game's: the legal actions outside the play phase."""
        raise NotImplementedError

    def _legal_plays_by_rules(self, hand: list[Card], trick: list[tuple[int, Card]]
                              ) -> tuple[list[Action], list[int]]:
        """Game's: the legal plays the tables do not cover, and the index in the hand of each one's card."""
        raise NotImplementedError

    def _record_round(self, bids: tuple[int, ...], won: tuple[int, ...], points: tuple[int, ...],
                      totals: tuple[int, ...]) -> None:
        """Game's: add this round's :class:`~wizard_edu.game.RoundRecord` to ``rounds``."""
        raise NotImplementedError

    def _start_round_by_hooks(self, index: int, report: bool) -> tuple[Event, ...]:
        """Game's: deal round ``index`` as the variant's hooks say."""
        raise NotImplementedError

    def round_rng(self, index: int) -> Any:
        """Game's: the generator that shuffles round ``index``."""
        raise NotImplementedError

    def _bid_actions(self) -> tuple[Action, ...]:
        """Game's: the shared actions of the bids the rules allow now."""
        raise NotImplementedError

    def _dealer_leads_alone_matters(self) -> bool:
        """Game's: whether the dealer alone leads the scores, where the bid rule asks."""
        raise NotImplementedError

    def _look_up_fast_rules(self) -> FastRules | None:
        """Game's: the :class:`FastRules` of this game's ruleset, ``None`` if the tables do not cover it."""
        raise NotImplementedError
