"""The part of :class:`~wizard_edu.game.Game` that every action goes through, compiled when it can be.

:class:`GameCore` holds a game's state and its common path: ``is_over``, ``legal_actions()`` and
``apply()`` of an action that ``legal_actions()`` handed out, the end of a trick and of a round, and
the deal.  Everything else (checks with their reasons, variants' phases and hooks, views, positions,
saves) is :class:`~wizard_edu.game.Game`, a subclass written in plain Python, which fills in the
methods this class leaves to it (``_apply_checked`` and the others marked *Game's*).

``make setup`` compiles this module with mypyc (``tools/build_speedups.py``); without that, or with
``WIZARD_EDU_PURE=1``, the same source runs as Python and plays exactly the same games.  So this
module holds no rule: the legal plays, trick winners, turned-up trumps and scores come from tables
filled by asking the rules (:class:`FastRules`, built by ``game._fast_rules`` from
:mod:`wizard_edu.rules.trick_table` and the ruleset), read through :mod:`wizard_edu.rules.kernel`,
and every other case goes to the rules and the variant's hooks themselves.

Arguments a user can pass (``action``, ``seat``) are typed ``object`` here on purpose: a compiled
function would refuse a wrong type with a bare ``TypeError``, and the engine's own checks
(``Game._apply_checked``) refuse it with a :class:`~wizard_edu.errors.WizardError` that says why.
"""

from __future__ import annotations

import _random
import random
from hashlib import sha512
from typing import TYPE_CHECKING, Any, Final, cast

from ._mypyc import mypyc_attr
from .cards import Cards
from .events import GameOver, RoundFinished, RoundStarted, TrickFinished, bid_made
from .records import RoundRecord
from .rules.core import DEALER_CHOOSES, TrickResult, decide_trick
from .rules.dealing import NATIVE_SHUFFLE, cards_of, deal_order, deal_places
from .rules.kernel import (
    codes_match,
    hand_codes,
    lead_of_codes,
    table_plays,
    trick_codes,
    trick_winner_index,
    winner_of_codes,
)

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card
    from .events import Event
    from .game import Action, Game
    from .rules.rulesets import Ruleset

# Phases of a game every ruleset has (variants add their own: see game.PHASE_ACTIONS).
TRUMP: Final = "trump"      # the dealer chooses a trump colour (a Wizard was turned up)
BID: Final = "bid"
PLAY: Final = "play"
OVER: Final = "over"

_TRUMP_CODE: Final = {None: 0, "R": 1, "G": 2, "B": 3, "Y": 4}  # the trump codes of rules/trick_table.py
#: The most players at a table (the shared events and entries are made for every seat).
_MOST_PLAYERS: Final = 6
#: ``(BidMade(seat, bid),)`` for every seat and the usual bids, shared (events are values).
_BID_EVENTS: Final = [[bid_made(seat, bid) for bid in range(21)] for seat in range(_MOST_PLAYERS)]
#: The :class:`FastRules` of each ruleset met (or ``None``), by ``id``; the entry keeps the ruleset,
#: so that its id stays its own (filled by ``game._fast_tricks``).
FAST_RULES: dict[int, tuple[Any, FastRules | None]] = {}
#: The bid actions allowed in each situation, by the ``id`` of the ruleset (see allowed_bid_actions).
_BID_MEMOS: dict[int, tuple[Any, dict[object, tuple[Any, ...]]]] = {}


_new_object: Final = object.__new__
_set_field: Final = object.__setattr__


def _slot(cls: type, name: str) -> Any:
    """What sets the field ``name`` of instances of ``cls`` (a dataclass with slots) directly, as
    ``object.__setattr__`` would (the ``__set__`` of the slot's descriptor), even on a frozen one."""
    return cls.__dict__[name].__set__


_TRICK_NUMBER: Final = _slot(TrickFinished, "number")
_TRICK_RECORD: Final = _slot(TrickFinished, "record")
_ROUND_NUMBER: Final = _slot(RoundFinished, "number")
_ROUND_BIDS: Final = _slot(RoundFinished, "bids")
_ROUND_WON: Final = _slot(RoundFinished, "won")
_ROUND_POINTS: Final = _slot(RoundFinished, "points")
_ROUND_TOTALS: Final = _slot(RoundFinished, "totals")
_OVER_TOTALS: Final = _slot(GameOver, "totals")
_OVER_WINNERS: Final = _slot(GameOver, "winners")


# The events the engine makes by the thousand, made without running their ``__init__`` in the
# interpreter.  ``tests/test_game_core.py`` holds each to its constructor, field by field.
def trick_finished(number: int, record: TrickRecord) -> TrickFinished:
    """``TrickFinished(number, record)``."""
    made: Any = _new_object(TrickFinished)
    _TRICK_NUMBER(made, number)
    _TRICK_RECORD(made, record)
    return cast(TrickFinished, made)


def round_finished(number: int, bids: tuple[int, ...], won: tuple[int, ...], points: tuple[int, ...],
                   totals: tuple[int, ...]) -> RoundFinished:
    """``RoundFinished(number, bids, won, points, totals)``."""
    made: Any = _new_object(RoundFinished)
    _ROUND_NUMBER(made, number)
    _ROUND_BIDS(made, bids)
    _ROUND_WON(made, won)
    _ROUND_POINTS(made, points)
    _ROUND_TOTALS(made, totals)
    return cast(RoundFinished, made)


def game_over(totals: tuple[int, ...], winners: tuple[int, ...]) -> GameOver:
    """``GameOver(totals, winners)``."""
    made: Any = _new_object(GameOver)
    _OVER_TOTALS(made, totals)
    _OVER_WINNERS(made, winners)
    return cast(GameOver, made)


def _seeded_directly(text: str) -> random.Random:
    """``random.Random(text)``, seeded once in C: ``Random.seed`` turns text into the number made of
    its UTF-8 bytes followed by their SHA-512 digest and hands that to the C generator."""
    data = text.encode()
    rng: random.Random = _new_random(random.Random)
    _c_seed(rng, int.from_bytes(data + sha512(data).digest(), "big"))
    # what Random.seed also resets (a CPython attribute of Random that typeshed does not declare)
    _set_field(rng, "gauss_next", None)
    return rng


def _seeds_match() -> bool:
    try:
        return all(_seeded_directly(t).getstate() == random.Random(t).getstate()
                   for t in ("wizard-edu:0:0", "wizard-edu:123456789:14", "wizard-edu:-7:3", "\u00e9"))
    except Exception:  # noqa: BLE001 - any difference in this Python: use random.Random itself
        return False


_new_random: Any = random.Random.__new__
_c_seed: Any = _random.Random.seed
#: Round generators are made directly when that gives exactly ``random.Random(text)`` (checked at import).
_SEEDED_DIRECTLY = _seeds_match()


def seeded(text: str) -> random.Random:
    """``random.Random(text)``, made faster where that is the same generator (see ``_seeds_match``)."""
    return _seeded_directly(text) if _SEEDED_DIRECTLY else random.Random(text)


class RoundState:
    """Everything that changes during one round (``game.state``); a new one is dealt each round.

    ``extra`` is the variant's own per-round state (Anniversary: the Werewolf swap, the passes and
    the Cloud; see :meth:`~wizard_edu.rules.variant.VariantRules.new_state`), ``None`` for most rules.
    """

    phase: str
    hands: list[Cards]
    #: The cards not dealt (see :attr:`stock`), or ``None`` while they are only known as places in
    #: the deal (``_undealt``: the sorted deck, the shuffled order, where the stock starts in it).
    _stock: Cards | None
    _undealt: tuple[Any, list[int], int] | None
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

    def __init__(self, phase: str, hands: list[Cards], stock: Cards | None, piles: list[Cards], trump_card: Card | None,
                 trump: str | None, bids: list[int | None], won: list[int], leader: int,
                 trick: list[tuple[int, Card]] | None = None, tricks: list[TrickRecord] | None = None,
                 extra: Any = None) -> None:
        self.phase = phase
        self.hands = hands
        self._stock = stock
        self._undealt = None
        self.piles = piles
        self.trump_card = trump_card
        self.trump = trump
        self.bids = bids
        self.won = won
        self.leader = leader
        self.trick = [] if trick is None else trick
        self.tricks = [] if tricks is None else tricks
        self.extra = extra

    @property
    def stock(self) -> Cards:
        """Cards not dealt; ``stock[0]`` is the turned-up card."""
        stock = self._stock
        if stock is None:  # (made when first read: most rounds of a simulation never read it)
            undealt = self._undealt
            if undealt is None:
                stock = Cards()
            else:
                by_place, order, start = undealt
                stock = cards_of([by_place[k] for k in order[start:]])
            self._stock = stock
            self._undealt = None
        return stock

    @stock.setter
    def stock(self, stock: Cards) -> None:
        self._stock = stock
        self._undealt = None

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
    #: The deck in sorted-hand order and the place of each card of the deck in it (for ``dealing.deal_places``).
    by_place: tuple[Any, ...]
    places: list[int]
    #: The variant's hooks deal as every ruleset does (no deal, new_state or after_deal of its own).
    plain_deal: bool
    #: The variant acts after each trick (``hooks.has_after_trick``).
    after_trick: bool
    #: The variant adds nothing when a round ends (no ``before_scoring`` or ``record_extras`` of its own).
    plain_end: bool
    #: ``scores[bid][won]``: the ruleset's points (``Ruleset.score``) for every bid and result a hand allows.
    scores: list[list[int]]
    #: The deck's own card object of each code (``None`` for a code no card has).
    cards: list[Any]
    #: ``played[code][seat]``: the events of that card played by that seat (``(CardPlayed,)``, shared).
    played: list[tuple[Any, ...]]
    #: The card code of each place of ``by_place`` (a dealt hand's codes come with its places).
    place_codes: list[int]
    #: ``entries[code][seat]``: ``(seat, card)`` as the trick holds it; ``moves[code][seat]``: ``(seat,
    #: action)`` as the history holds it (tuples are values: one of each serves every game).
    #: (Typed as objects: compiled code then hands the shared tuple on as it is, never a rebuilt one.)
    entries: list[list[object]]
    moves: list[list[object]]

    def __init__(self, by_card: dict[Any, int], by_id: dict[int, int], beats: list[list[list[bool]]],
                 lead: list[int], lead_open: int, holds: list[list[bool]], follows: list[list[bool]],
                 actions: list[Any], turned: list[str | None], by_place: tuple[Any, ...], places: list[int],
                 plain_deal: bool, after_trick: bool, plain_end: bool, scores: list[list[int]],
                 cards: list[Any], played: list[tuple[Any, ...]], place_codes: list[int]) -> None:
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
        self.plain_deal = plain_deal
        self.after_trick = after_trick
        self.plain_end = plain_end
        self.scores = scores
        self.cards = cards
        self.played = played
        self.place_codes = place_codes
        self.entries = [[(seat, card) for seat in range(_MOST_PLAYERS)] for card in cards]
        self.moves = [[(seat, action) for seat in range(_MOST_PLAYERS)] for action in actions]


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
    rounds: list[RoundRecord]
    round_index: int
    #: What legal_actions() handed out for the state as it is (``None``: not asked since it changed).
    _legal_list: list[Action] | None
    #: Play phase: the index in the hand of the card of each action of ``_legal_list``.
    _plays: list[int] | None
    #: Per seat, the card codes of the hand as last seen (``None``: not known); checked against the hand
    #: by identity before each use (:func:`~wizard_edu.rules.kernel.codes_match`), kept in step by apply().
    _codes: list[list[int] | None]
    #: The codes of the hand ``_plays`` indexes, when the legal plays came from the tables (else ``None``).
    _legal_codes: list[int] | None
    #: The card codes of the trick so far, while ``_trick_of`` is ``state.trick`` and they are as many:
    #: apply() keeps them in step; anything else that plays a card (the checked path) makes the lengths
    #: differ, and a new trick list is a new trick (then the codes are found again, by ``id``).
    _trick_codes: list[int]
    _trick_of: list[Any] | None
    #: The :class:`FastRules` of the ruleset, ``None`` if the tables do not cover it, ``False`` until looked up.
    _fast_tricks: Any
    #: Whether the ruleset's bid rule asks who leads the scores (the Canadian rule; looked up once).
    _canadian: bool
    #: The ruleset's memo of allowed bids (see allowed_bid_actions; ``None`` until looked up).
    _bid_memo: dict[object, tuple[Any, ...]] | None
    #: The position this game was set up from (:meth:`~wizard_edu.game.Game.from_position`); ``None``
    #: for a game dealt from its first round.  ``history`` then holds the actions since that position.
    start_position: str | None
    state: RoundState

    def _set_up(self, ruleset: Ruleset, players: int, seed: int, first_dealer: int, names: tuple[str, ...],
                round_sizes: list[int], custom_hand_sizes: bool) -> None:
        """Give a new game every attribute and deal its first round (``Game.__init__`` has checked
        the arguments)."""
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.first_dealer = first_dealer
        self.names = names
        self.round_sizes = round_sizes
        self.custom_hand_sizes = custom_hand_sizes
        self.history = []
        self.rounds = []
        self.round_index = -1
        self._legal_list = None
        self._plays = None
        self._codes = [None] * players
        self._legal_codes = None
        self._trick_codes = []
        self._trick_of = None
        self._canadian = ruleset.bid_rule == "canadian"
        self._bid_memo = None
        self._fast_tricks = False
        self.start_position = None
        start_round(self, 0, False)

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    # -- legal actions -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now."""
        legal = self._legal_list
        if legal is None:
            legal = compute_legal(self)
        return legal.copy()  # (the cache stays the engine's own)

    def _forget_legal(self) -> None:
        """Empty the legal-action cache (the state changed)."""
        self._legal_list = None
        self._plays = None

    def _compute_legal(self) -> list[Action]:
        """Fill the cache: the legal actions and, in the play phase, :attr:`_plays`."""
        return compute_legal(self)

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
                legal = compute_legal(self)
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
                    hand: list[Card] = state.hands[mover]  # (a list: compiled code indexes it directly)
                    codes = self._legal_codes
                    if codes is not None:  # plays from the tables: the card and its events by code
                        rules: FastRules = self._fast_tricks
                        if index < len(hand) and index < len(codes):
                            code = codes[index]
                            card = rules.cards[code]
                            if hand[index] is card:  # (else the hand was changed from outside)
                                hand.pop(index)
                                codes.pop(index)  # (the hand's codes, kept in step)
                                plays_so_far: list[Any] = trick  # (the shared entry as it is: see FastRules.entries)
                                plays_so_far.append(rules.entries[code][mover])  # ((mover, card), shared: a value)
                                trick_codes = self._trick_codes
                                if len(trick_codes) == len(trick) - 1:
                                    trick_codes.append(code)
                                return played(self, rules.moves[code][mover], rules.played[code][mover])
                    else:
                        card = action.value
                        if index < len(hand) and hand[index] is card:  # (a Juggler: the checked path)
                            hand.pop(index)
                            trick.append((mover, card))
                            # (the shared play action carries its events: see game._shared_action)
                            return played(self, (mover, action), action._played[mover])
                    self._legal_list = None  # the hand was changed from outside: look again
                    self._plays = None
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
                    return _BID_EVENTS[mover][value] if value < len(_BID_EVENTS[0]) else bid_made(mover, value)
        return self._apply_checked(action, seat)

    def _finish_trick(self) -> tuple[Event, ...]:
        return finish_trick(self)

    def _finish_round(self) -> tuple[Event, ...]:
        """Score the round (a :class:`~wizard_edu.game.RoundRecord`), then deal the next or end the game."""
        return finish_round(self)

    # -- dealing -----------------------------------------------------------------
    def round_rng(self, index: object) -> random.Random:
        """The generator that shuffles round ``index`` (0-based); depends only on the seed.

        It is ``random.Random(f"wizard-edu:{seed}:{index}")``, built without the Python-level steps
        of ``Random.seed`` where that gives the same generator (checked at import).
        """
        return seeded(f"wizard-edu:{self.seed}:{index}")

    # -- Game's: the rest of the engine fills these in ------------------------------------------
    def _apply_checked(self, action: object, seat: object) -> tuple[Event, ...]:
        """Game's: :meth:`apply` with every check spelled out (any phase, any action)."""
        raise NotImplementedError

    def _compute_legal_actions(self) -> list[Action]:
        """Game's: the legal actions outside the play and bid phases."""
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

    def _bid_actions(self) -> tuple[Action, ...]:
        """Game's: the shared actions of the bids the rules allow now."""
        raise NotImplementedError

    def _dealer_leads_alone_matters(self) -> bool:
        """Game's: whether the dealer alone leads the scores, where the bid rule asks."""
        raise NotImplementedError

    def _look_up_fast_rules(self) -> FastRules | None:
        """Game's: the :class:`FastRules` of this game's ruleset, ``None`` if the tables do not cover it."""
        raise NotImplementedError


# -- the common path, as functions: a method call from compiled code on a Game (a subclass written in
# Python) would go through the interpreter; these are called directly.


def fast_rules(game: GameCore) -> FastRules | None:
    """The game's :class:`FastRules` (``None``: the tables do not cover its ruleset), looked up once."""
    ruleset = game.ruleset
    entry = FAST_RULES.get(id(ruleset))
    fast = entry[1] if entry is not None and entry[0] is ruleset else game._look_up_fast_rules()
    game._fast_tricks = fast
    return fast


def compute_legal(game: GameCore) -> list[Action]:
    """Fill the cache: the legal actions and, in the play phase, :attr:`_plays`."""
    # The state changes only through apply() and a new round, which empty the cache.
    phase = game.state.phase
    if phase == PLAY:
        return legal_plays(game)
    if phase == BID:
        legal = game._legal_list = list(allowed_bid_actions(game))
    else:
        legal = game._legal_list = game._compute_legal_actions()
    game._plays = None
    return legal


def allowed_bid_actions(game: GameCore) -> tuple[Action, ...]:
    """The shared actions of the bids the rules allow now, remembered for each situation (the
    same few come back game after game); the rules are asked the first time (``_bid_actions``)."""
    players = game.players
    size = game.round_sizes[game.round_index]
    # The situation as one whole number (no tuple to make and hash): players, hand size, the Canadian
    # rule's question, then each bid made so far (in seat order) plus one, 6 bits each; a tuple where
    # those do not fit.
    situation: object
    packed = players | size << 3
    if game._canadian and game._dealer_leads_alone_matters():
        packed |= 1 << 9
    fits = players < 8 and size < 64
    shift = 10
    for bid in game.state.bids:
        if bid is not None:
            fits = fits and 0 <= bid < 63
            packed |= (bid + 1) << shift
            shift += 6
    if fits:
        situation = packed
    else:
        situation = (players, size, packed >> 9 & 1, tuple([b for b in game.state.bids if b is not None]))
    memo = game._bid_memo
    if memo is None:
        ruleset = game.ruleset
        entry = _BID_MEMOS.get(id(ruleset))
        if entry is None or entry[0] is not ruleset:
            if len(_BID_MEMOS) >= 1000:  # (a bound: rulesets made by the thousand)
                _BID_MEMOS.clear()
            entry = _BID_MEMOS[id(ruleset)] = (ruleset, {})  # (the entry keeps the ruleset: its id stays its own)
        memo = game._bid_memo = entry[1]
    found = memo.get(situation)
    if found is not None:
        return found
    actions = game._bid_actions()
    if len(memo) >= 50_000:  # (a bound: long games of many players meet many situations)
        memo.clear()
    memo[situation] = actions
    return actions


def legal_plays(game: GameCore) -> list[Action]:
    """Play phase: the play actions of the player to move (equal cards once, in hand order).

    Also fills ``game._plays``: the index in the hand of each action's card.  Play actions are
    shared objects (see ``game._shared_action``), so :meth:`apply` finds the action it is given
    by identity, without comparing cards.
    """
    state = game.state
    trick = state.trick
    seat = (state.leader + len(trick)) % game.players
    hand: list[Card] = state.hands[seat]
    fast = game._fast_tricks
    if fast is False:
        fast = fast_rules(game)
    if fast is not None:  # Junior and Classic decks: from the rule tables (rules/kernel.py)
        rules: FastRules = fast
        codes = game._codes[seat]
        if codes is None or not codes_match(rules.cards, codes, hand):
            codes = game._codes[seat] = hand_codes(rules.by_id, hand)
        played_codes = game._trick_codes
        if game._trick_of is not trick or len(played_codes) != len(trick):
            found = trick_codes(rules.by_id, trick)
            played_codes = game._trick_codes = [] if found is None else found
            game._trick_of = trick
            if found is None:
                codes = None  # (a card that is not the deck's own object: the rules decide)
        if codes is not None:
            colour = lead_of_codes(rules.lead, rules.lead_open, played_codes)
            legal, plays = table_plays(colour, rules.holds, rules.follows, rules.actions, codes)
            game._plays = plays
            game._legal_codes = codes
            game._legal_list = legal
            return legal
    legal, plays = game._legal_plays_by_rules(hand, trick)
    game._plays = plays
    game._legal_codes = None
    game._legal_list = legal
    return legal


def played(game: GameCore, move: object, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The rest of apply() once a card is in the trick: the trick's end, the history's entry ``move``
    (``(seat, action)``)."""
    if len(game.state.trick) == game.players:
        events += finish_trick(game)
    history: list[Any] = game.history  # (the entry as it is, never a rebuilt tuple)
    history.append(move)
    game._legal_list = None
    game._plays = None
    return events


def finish_trick(game: GameCore) -> tuple[Event, ...]:
    state = game.state
    trick = state.trick
    ruleset = game.ruleset
    fast = game._fast_tricks
    if fast is False:
        fast = fast_rules(game)
    if fast is not None:
        # Junior and Classic decks: the winner from the engine-derived rule tables
        # (rules/trick_table.py, held to rules/core.py by tests/test_fast_paths.py); the winner
        # also leads next, and decide_trick words the result when someone reads it.
        rules: FastRules = fast
        beats = rules.beats[_TRUMP_CODE[state.trump]]
        played_codes = game._trick_codes
        if game._trick_of is trick and len(played_codes) == len(trick):
            best_index = winner_of_codes(beats, played_codes)
        else:  # (the trick was not played through apply(): by the cards themselves)
            best_index = trick_winner_index(rules.by_id, rules.by_card, beats, trick)
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
    state.trick = game._trick_of = []
    game._trick_codes = []
    event: Event = trick_finished(len(state.tricks), record)
    whole = cast("Game", game)  # (the hooks are given the whole game)
    if fast is not None:
        tables: FastRules = fast
        for hand in state.hands:
            if hand:  # the round goes on
                return (event, *ruleset.hooks.after_trick(whole, record)) if tables.after_trick else (event,)
        if tables.plain_end:
            return (event, *finish_round(game))
    elif any(state.hands):
        return (event, *ruleset.hooks.after_trick(whole, record)) if ruleset.hooks.has_after_trick else (event,)
    events: tuple[Event, ...] = (event, *ruleset.hooks.before_scoring(whole))
    if state.phase != PLAY:
        return events  # a variant's step comes before scoring (Anniversary: the Cloud)
    return events + finish_round(game)


def finish_round(game: GameCore) -> tuple[Event, ...]:
    """Score the round (a :class:`~wizard_edu.game.RoundRecord`), then deal the next or end the game."""
    state = game.state
    fast = game._fast_tricks
    tables: FastRules | None = None if fast is None or fast is False else fast
    bids = tuple([b for b in state.bids if b is not None])
    won = tuple(state.won)
    if tables is not None and len(tables.scores) > largest(bids + won):
        table: list[list[int]] = tables.scores
        points = tuple([table[b][w] for b, w in zip(bids, won)])
    else:
        score = game.ruleset.score
        points = tuple([score(b, w) for b, w in zip(bids, won)])
    before = game.rounds[-1].totals if game.rounds else [0] * game.players
    totals = tuple([t + p for t, p in zip(before, points)])
    number = game.round_index + 1
    if tables is not None and tables.plain_end:
        record = _new_object(RoundRecord)  # (RoundRecord(...) without its __init__, as for the events)
        _set_field(record, "__dict__", {
            "number": number, "dealer": (game.first_dealer + game.round_index) % game.players,
            "hand_size": game.round_sizes[game.round_index], "trump_card": state.trump_card,
            "trump": state.trump, "bids": bids, "won": won, "points": points, "totals": totals,
            "werewolf": None, "cloud": None})
        game.rounds.append(record)
    else:
        game._record_round(bids, won, points, totals)
    finished: Event = round_finished(number, bids, won, points, totals)
    if number < len(game.round_sizes):
        return (finished, *start_round(game, number))
    state.phase = OVER
    best = largest(totals)
    winners = tuple([i for i, t in enumerate(totals) if t == best])
    return (finished, game_over(totals, winners))


def largest(values: tuple[int, ...]) -> int:
    """``max(values)`` of a tuple that is not empty, without calling the builtin from compiled code."""
    most = values[0]
    for value in values:
        if value > most:
            most = value
    return most


def start_round(game: GameCore, index: int, report: bool = True) -> tuple[Event, ...]:
    """Deal round ``index`` (0-based); the events are ``(RoundStarted, ...)`` unless ``report`` is
    false (the first deal, which nobody asked for).  A variant that deals its own way deals
    through its hooks (``Game._start_round_by_hooks``)."""
    fast = game._fast_tricks
    if fast is False:
        fast = fast_rules(game)
    if fast is None or not fast.plain_deal:
        return game._start_round_by_hooks(index, report)
    rules: FastRules = fast
    game.round_index = index
    game._legal_list = None
    game._plays = None
    players = game.players
    dealer = (game.first_dealer + index) % players
    size = game.round_sizes[index]
    text = f"wizard-edu:{game.seed}:{index}"  # (what round_rng seeds)
    if NATIVE_SHUFFLE is not None:  # compiled: straight from the text, the same order
        order = NATIVE_SHUFFLE(text, rules.places)
        dealt = deal_order(order, players, dealer, size)
    else:
        dealt, order = deal_places(rules.places, players, dealer, size, seeded(text))
    by_place = rules.by_place
    hands = [cards_of([by_place[k] for k in seat_places]) for seat_places in dealt]
    place_codes = rules.place_codes
    game._codes = [[place_codes[k] for k in seat_places] for seat_places in dealt]
    game._trick_codes = []
    game._trick_of = None  # (set once the state is made, below)
    # Dealt cards come from the ruleset's own deck: the turned-up card's trump is in the tables.
    start = players * size
    trump_card = by_place[order[start]] if start < len(order) else None
    found = None if trump_card is None else rules.turned[rules.by_id[id(trump_card)]]
    chooses = found == DEALER_CHOOSES
    state = game.state = RoundState(TRUMP if chooses else BID, hands, None, [], trump_card,
                                    None if chooses else found, [None] * players, [0] * players,
                                    (dealer + 1) % players)
    state._undealt = (by_place, order, start)  # (the stock is made if someone reads it)
    game._trick_of = state.trick
    if not report:
        return ()
    return (RoundStarted(index + 1, dealer, size, trump_card, state.trump),)

