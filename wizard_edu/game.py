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

Everything that changes during a round is one :class:`RoundState` (``game.state``);
what a variant changes (the deal, the trick rules, extra phases such as the
Anniversary's) comes from the ruleset's hooks (:mod:`wizard_edu.rules.variant`,
``docs/variants.md``).  :meth:`Game.apply` returns the events of
:mod:`wizard_edu.events`, and :meth:`Game.position` / :meth:`Game.from_position`
write and read a game as one line of text (``docs/positions.md``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from typing import Any, cast

from .cards import COLOUR_NAMES, COLOURS, NAMED_COLOUR_KINDS, Card, Cards
from .errors import (
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
)
from .events import CardPlayed as _CardPlayed
from .events import (
    Event,
    RoundStarted,
    TrumpChosen,
    bid_made,
)
from .game_core import (
    BID,
    FAST_RULES,
    OVER,
    PLAY,
    TRUMP,
    FastRules,
    GameCore,
    RoundState,
    TrickRecord,
)
from .records import RoundRecord
from .rules.core import (
    DEALER_CHOOSES,
    _follow_suit,
    _lead_of,
    _trump_of,
    allowed_bids,
    check_bid,
    check_play,
    check_trump,
)
from .rules.rulesets import RULESETS, Ruleset, get_ruleset
from .rules.variant import SCORE, Phase, VariantRules, _deck_places

SAVE_FORMAT = "wizard-edu-game"
SAVE_VERSION = 1

# Phases of a game (TRUMP, BID, PLAY and OVER: see game_core.py).
WEREWOLF = "werewolf"  # Anniversary: the Werewolf's holder names the trump (after the swap)
PASS = "pass"          # Anniversary: after a Juggler trick everyone passes a card to the left
CLOUD = "cloud"        # Anniversary: the Cloud's holder changes their bid by +1 or -1

#: The action kind each phase expects (a variant's own phases: see :class:`~wizard_edu.rules.variant.Phase`).
PHASE_ACTIONS = {WEREWOLF: "werewolf", TRUMP: "trump", BID: "bid", PLAY: "play", PASS: "pass",
                 CLOUD: "cloud"}
#: The phases every game has; any other phase belongs to the ruleset's variant hooks.
_CORE_ACTIONS = {TRUMP: "trump", BID: "bid", PLAY: "play"}


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player does: ``Action("bid", 2)``, ``Action("play", Card)``, ``Action("trump", "R")``.

    Anniversary and variant actions: ``Action("werewolf", "R" or None)``,
    ``Action("pass", Card)``, ``Action("cloud", 1 or -1)`` and, for an unseen
    card under Clairvoyance, ``Action("play", None)``.
    """

    kind: str
    value: Any = None
    #: A shared play action's events, ``(CardPlayed,)`` for each seat (see ``_shared_action``); not
    #: part of the value (never compared, hashed or shown).
    _played: Any = field(default=None, init=False, compare=False, hash=False, repr=False)

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
    def parse(cls, text: str) -> Action:
        """Read an action from its text (``str(action)``): ``"bid 2"``, ``"play R7"``,
        ``"play Juggler:R"``, ``"trump no trump"``, ``"cloud +1"``, ``"play the unseen card"``.

        >>> Action.parse("bid 2"), Action.parse(str(Action("werewolf", None)))
        (Action(kind='bid', value=2), Action(kind='werewolf', value=None))
        """
        from .errors import PositionError

        if not isinstance(text, str):
            raise PositionError(f"An action is text like 'bid 2' or 'play R7', not {text!r}.")
        kind, _, value = text.strip().partition(" ")
        try:
            if kind in ("trump", "werewolf"):
                return cls(kind, None if value == "no trump" else value)
            if kind == "play" and value == "the unseen card":
                return cls(kind, None)
            if kind in ("play", "pass"):
                return cls(kind, Card.parse(value))
            if kind in ("bid", "cloud"):
                return cls(kind, int(value))
        except ValueError:
            pass
        raise PositionError(f"{text!r} is not an action: write it like 'bid 2', 'play R7', 'trump R', "
                            "'werewolf no trump', 'pass G3' or 'cloud +1'.")

    @classmethod
    def from_json(cls, data: list) -> Action:
        """The action of :meth:`to_json`'s ``[kind, value]``."""
        from .errors import SaveFileError

        if not isinstance(data, (list, tuple)) or len(data) != 2 or data[0] not in _ACTION_KINDS:
            raise SaveFileError(f"{_short(data)} is not an action: an action is saved as [kind, value], "
                                f"with kind one of {', '.join(sorted(_ACTION_KINDS))}.")
        kind, value = data
        if value is not None and not isinstance(value, (str, int)):
            raise SaveFileError(f"{_short(value)} is not the value of a {kind} action.")
        if kind in ("play", "pass") and value is not None:
            # A number here is refused by Card.parse itself, with its readable CardTextError.
            value = Card.parse(cast(str, value))
        return cls(kind, value)


@cache
def _shared_action(kind: str, value: Any) -> Action:
    """One ``Action(kind, value)`` for everyone: actions are immutable values, so ``legal_actions``
    can hand out the same object every time instead of building new ones on every call.

    Only for values that equal nothing of another type: cards and whole numbers (never ``True``).
    A shared play also carries its ``(CardPlayed,)`` event for each seat, so that reporting a play
    costs the engine's hot path nothing (events are values too; equality ignores this attribute).
    """
    action = Action(kind, value)
    if kind == "play":
        object.__setattr__(action, "_played", tuple((_CardPlayed(seat, value),) for seat in range(6)))
    return action


#: The shared bid actions (a list lookup is cheaper than the cache's hashing).
_BID_ACTIONS = [_shared_action("bid", b) for b in range(61)]
#: The shared play action of each card, by ``(kind, colour, rank)`` (see Game._legal_plays_by_rules).
_PLAY_ACTIONS: dict[tuple, Action] = {}
#: The shared play action of card objects met in hands, and the action's id, by ``id(card)``; the cards are kept in
#: ``_KEPT_CARDS`` so that their ids stay theirs (dealt cards are the decks' shared objects anyway).
_CARD_ACTIONS: dict[int, tuple[Action, int]] = {}
_KEPT_CARDS: list[Card] = []


def _play_action(key: tuple, card: Card) -> Action:
    """The shared ``Action("play", card)`` for the card with fields ``key`` (a Juggler or Cloud in
    hand is given with the colour ``key`` names)."""
    action = _PLAY_ACTIONS.get(key)
    if action is None:
        if card.kind in NAMED_COLOUR_KINDS:
            card = card.with_colour(key[1])
        action = _PLAY_ACTIONS[key] = _shared_action("play", card)
    return action


def _fast_rules(ruleset: Ruleset) -> FastRules:
    """The rule tables of a ruleset they cover (Junior and Classic decks), filled from the rules by
    :mod:`wizard_edu.rules.trick_table`, by card code, with the shared play action of each card."""
    from .rules.trick_table import LEAD_OPEN, play_lists, trick_lists

    by_card, beats = trick_lists(ruleset)
    lead, holds, follows = play_lists(ruleset)
    actions: list[Action] = [_NO_ACTION] * len(lead)
    for card, code in by_card.items():
        action = _play_action((card.kind, card.colour, card.rank), card)
        actions[code] = action
    deck = ruleset.deck()
    turned: list[str | None] = [None] * len(lead)
    for card in deck:
        turned[by_card[card]] = _trump_of(card, ruleset)
    by_place, places = _deck_places(ruleset)
    hooks = type(ruleset.hooks)

    def plain(*names: str) -> bool:  # the variant's hooks do what every ruleset's do
        return all(getattr(hooks, name) is getattr(VariantRules, name) for name in names)

    most = ruleset.deck_size // 3  # (the largest hand: three players share the whole deck)
    scores = [[ruleset.score(b, w) for w in range(most + 1)] for b in range(most + 1)]
    cards: list[Card | None] = [None] * len(lead)
    for card in deck:  # (equal cards of a deck are one object: see Ruleset.deck)
        cards[by_card[card]] = card
    played = [action._played for action in actions]
    return FastRules(by_card, {id(c): by_card[c] for c in deck}, beats, lead, LEAD_OPEN, holds, follows, actions,
                     turned, by_place, places, plain("deal", "new_state", "after_deal"),
                     ruleset.hooks.has_after_trick, plain("before_scoring", "record_extras"), scores,
                     cards, played, [by_card[card] for card in by_place])


_NO_ACTION = Action("play", None)


def _fast_tricks(ruleset: Ruleset) -> FastRules | None:
    """The :class:`~wizard_edu.game_core.FastRules` of a ruleset the rule tables cover; ``None`` for the others (special
    cards, Monochrome, trick hooks), whose tricks and legal plays the rules decide card by card."""
    entry = FAST_RULES.get(id(ruleset))
    if entry is not None and entry[0] is ruleset:  # (the entry keeps the ruleset, so its id stays)
        return entry[1]
    # (trick_table, not tables: the engine needs no numpy, so a kernel that only plays loads none.)
    from .rules.trick_table import is_tabled

    fast = None
    if is_tabled(ruleset) and ruleset.hooks.decide_trick is None and ruleset.hooks.lead_of is None:
        fast = _fast_rules(ruleset)
        if len(fast.lead) > 62:  # (the kernel keeps one bit per card code in a whole number)
            fast = None
    FAST_RULES[id(ruleset)] = (ruleset, fast)
    return fast


_ACTION_KINDS = frozenset({"trump", "bid", "play", "werewolf", "pass", "cloud"})
#: The largest save file :meth:`Game.from_json` reads (a whole Classic game is about 50 kB), and the
#: deepest nesting of lists and objects a save has (4; a little room to spare).
MAX_SAVE_SIZE = 2_000_000
MAX_SAVE_DEPTH = 6
_SAVE_FIELDS = {"players": int, "seed": int, "first_dealer": int, "names": list, "rules": dict,
                "actions": list}
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest nesting of JSON lists and objects in ``text`` (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_SAVE_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def _load_save(text: Any) -> dict[str, Any]:
    """The parsed save file, its fields checked for type; :class:`SaveFileError` if it is not one."""
    not_save = "This is not a wizard-edu saved game"
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"{not_save}: a save file is text (from game.to_json()), not {_short(text)}.")
    if len(text) > MAX_SAVE_SIZE:
        raise SaveFileError(f"{not_save}: it is {len(text):,} characters long, and a saved game is "
                            f"never longer than {MAX_SAVE_SIZE:,}.")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError(f"{not_save}: it is not text (UTF-8).") from None
    if not text.strip():
        raise SaveFileError(f"{not_save}: it is empty.")
    if _depth(text) > MAX_SAVE_DEPTH:
        raise SaveFileError(f"{not_save}: its lists are nested far deeper than a saved game's.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveFileError(f"{not_save}: it is not JSON text ({str(exc)[:80]}).") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{not_save}: it is JSON, but of another kind (a save file starts with "
                            f'"format": "{SAVE_FORMAT}").')
    version = data.get("version")
    if version != SAVE_VERSION or version.__class__ is not int:
        raise SaveFileError(f"This saved game has version {_short(version)}; this kit reads version {SAVE_VERSION}.")
    if "position" in data:
        if not isinstance(data["position"], str):
            raise SaveFileError("This saved game is broken: its position is not text.")
        required: dict[str, type] = {"actions": list}
    else:
        required = _SAVE_FIELDS
    for key, kind in required.items():
        if key not in data:
            raise SaveFileError(f"This saved game is broken or incomplete: it has no {key!r}.")
        if data[key].__class__ is not kind:
            raise SaveFileError(f"This saved game is broken: {key!r} should be a {kind.__name__}, "
                                f"not {_short(data[key])}.")
    if "hand_sizes" in data and data["hand_sizes"].__class__ is not list:
        raise SaveFileError(f"This saved game is broken: 'hand_sizes' should be a list, not {_short(data['hand_sizes'])}.")
    for item in data["actions"]:
        # Every action names its seat: a missing seat would skip the check that it was that player's turn.
        if (item.__class__ is not list or len(item) != 3 or item[0].__class__ is not int
                or item[1].__class__ is not str):
            raise SaveFileError(f"This saved game is broken: {_short(item)} is not an action "
                                '(an action is saved as [seat, kind, value], like [1, "bid", 2]).')
    return data


#: Seeds are whole numbers below 2**63 in size (a seed is written into each round's generator seed).
_SEED_LIMIT = 2**63
#: The most rounds a game with hand sizes of one's own may have, and the longest player name.
_MAX_ROUNDS = 100
_MAX_NAME = 40


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about values of any size."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still reported
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _check_names(names: Any, players: int) -> tuple[str, ...]:
    """The players' names as a tuple, or :class:`PlayerNameError` (text is not a list of names:
    ``names="Ada"`` would name three players A, d and a)."""
    explain = f"Give {players} names, one for each player, as a list of text like ['Ada', 'Ben', 'Cy']"
    if isinstance(names, (str, bytes, dict)) or not isinstance(names, Iterable):
        raise PlayerNameError(f"{explain}, not {_short(names)}.")
    found = tuple(islice(names, players + 1))
    if len(found) != players:
        raise PlayerNameError(f"{explain}; {'more than ' + str(players) if len(found) > players else len(found)} "
                              f"{'was' if len(found) == 1 else 'were'} given.")
    for name in found:
        if name.__class__ is not str or not name.strip() or len(name) > _MAX_NAME:
            raise PlayerNameError(f"Each name must be text of 1 to {_MAX_NAME} characters, not {_short(name)}.")
    return found


def _checked_hand_sizes(hand_sizes: Iterable[int], ruleset: Ruleset, players: int, most: int) -> list[int]:
    """``Game(hand_sizes=...)`` as a list, checked: ``most`` is the most cards a hand can hold."""
    if hand_sizes.__class__ is list and 0 < len(hand_sizes) <= _MAX_ROUNDS:  # the usual case, quickly
        for n in hand_sizes:
            if n.__class__ is not int or not 1 <= n <= most:
                break
        else:
            if ruleset.clairvoyance and hand_sizes[0] != 1:
                raise WizardError("Clairvoyance needs a first round of one card each.")
            return list(hand_sizes)
    explain = (f"Hand sizes are a list of whole numbers from 1 to {most} for {players} players "
               f"(one per round, at most {_MAX_ROUNDS} rounds), like [5] or [1, 2, 3]")
    if isinstance(hand_sizes, (str, bytes, dict)) or not isinstance(hand_sizes, Iterable):
        raise HandSizeError(f"{explain}, not {_short(hand_sizes)}.")
    sizes = list(islice(hand_sizes, _MAX_ROUNDS + 1))  # (never read an endless iterator to its end)
    if not sizes or len(sizes) > _MAX_ROUNDS or any(n.__class__ is not int or not 1 <= n <= most for n in sizes):
        raise HandSizeError(f"{explain}, not {_short(sizes)}.")
    if ruleset.clairvoyance and sizes[0] != 1:
        raise WizardError("Clairvoyance needs a first round of one card each.")
    return sizes


#: Tables ``Game()`` has checked before: ``(ruleset, the most cards a hand can hold)`` by the rules' name
#: (as registered in ``RULESETS``) and the number of players.
_TABLES: dict[tuple[str, int], tuple[Ruleset, int]] = {}


@cache
def _default_names(players: int) -> tuple[str, ...]:
    """``("Player 1", "Player 2", ...)``: built once per table size (games are created by the thousand)."""
    return tuple(f"Player {i + 1}" for i in range(players))


def bid(n: int) -> Action:
    """Shorthand for ``Action("bid", n)``."""
    return Action("bid", n)


def play(card: Card | str) -> Action:
    """Shorthand for ``Action("play", Card.parse(card))``."""
    return Action("play", Card.parse(card))


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


class Game(GameCore):
    """A whole game of Wizard, round by round.

    >>> g = Game(players=3, rules="junior", seed=7)
    >>> g.phase, g.round_number, g.to_move
    ('bid', 1, 1)
    >>> g.bid(0); g.bid(1); g.bid(0)
    (BidMade(seat=1, bid=0),)
    (BidMade(seat=2, bid=1),)
    (BidMade(seat=0, bid=0),)
    >>> g.phase
    'play'
    """

    # Every attribute is the core's (game_core.GameCore): no per-game __dict__, so that looking up a
    # method (``game.apply``) does not search one first.
    __slots__ = ()

    def __init__(self, players: int = 4, rules: str | Ruleset = "classic", seed: int | None = None,
                 *, first_dealer: int = 0, names: Iterable[str] | None = None,
                 hand_sizes: Iterable[int] | None = None, **options: Any) -> None:
        """Start a game and deal its first round.

        ``hand_sizes`` replaces the ruleset's schedule with rounds of your own (for
        example ``[5]``: one practice round of five cards); the rules stay the same.
        """
        # A table met before (the same rules by name, the same number of players) was checked then.
        ruleset: Ruleset | None = None
        plain = rules.__class__ is str and players.__class__ is int and not options
        name = cast(str, rules)  # (read only when plain)
        if plain:
            known = _TABLES.get((name, players))
            if known is not None and RULESETS.get(name) is known[0]:  # (still the ruleset of that name)
                ruleset, most = known
        if ruleset is None:
            ruleset = get_ruleset(rules, **options)
            ruleset.check_players(players)
            most = ruleset.hooks.max_hand_size(ruleset, players)
            if plain and RULESETS.get(name) is ruleset and len(_TABLES) < 100:
                _TABLES[(name, players)] = (ruleset, most)
        if seed is None:
            seed = random.randrange(2**31)
        elif seed.__class__ is not int or not -_SEED_LIMIT <= seed < _SEED_LIMIT:
            raise SeedError(f"The seed must be a whole number (below 2**63 in size), like 7, not {_short(seed)}.")
        if first_dealer.__class__ is not int or not 0 <= first_dealer < players:
            raise SeatError(f"The first dealer must be a seat from 0 to {players - 1}, not {_short(first_dealer)}.")
        # (check_players above already refused what round_sizes would refuse.)
        round_sizes = (_checked_hand_sizes(hand_sizes, ruleset, players, most) if hand_sizes is not None
                       else ruleset.round_sizes(players))
        # Every attribute, then the first deal (game_core.GameCore._set_up).
        self._set_up(ruleset, players, seed, first_dealer,
                     _default_names(players) if names is None else _check_names(names, players),
                     round_sizes, hand_sizes is not None)

    # -- public state ----------------------------------------------------------
    # The round's state lives in ``self.state`` (one RoundState); these read it.
    @property
    def phase(self) -> str:
        """The step of the round: ``"trump"``, ``"bid"``, ``"play"``, ``"over"`` or a variant's own."""
        return self.state.phase

    @property
    def hands(self) -> list[Cards]:
        return self.state.hands

    @property
    def stock(self) -> Cards:
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
    def tricks(self) -> list[TrickRecord]:
        return self.state.tricks

    @property
    def werewolf_swap(self) -> tuple[int, Card] | None:
        """Anniversary: ``(seat, card)`` when the Werewolf's holder took the turned-up card."""
        return getattr(self.state.extra, "werewolf_swap", None)

    @property
    def passes(self) -> list[tuple[Card, ...]]:
        """Anniversary: the passes made this round; ``passes[k][s]`` is the card seat ``s`` gave to its left."""
        return getattr(self.state.extra, "passes", [])

    @property
    def cloud(self) -> tuple[int, int] | None:
        """Anniversary: ``(seat, change)`` once the Cloud's holder has changed their bid."""
        return getattr(self.state.extra, "cloud", None)

    def cloud_holder(self) -> int | None:
        """Anniversary: the seat that won the trick holding the Cloud this round (``None`` if nobody)."""
        from .rules.anniversary import cloud_holder

        return cloud_holder(self)

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
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the game is over."""
        state = self.state
        phase = state.phase
        if phase == PLAY:  # the most frequent question first
            return (state.leader + len(state.trick)) % self.players
        if phase == BID:
            return (self.dealer + 1 + len(self._bid_order_done)) % self.players
        if phase == TRUMP:
            return self.dealer
        if phase == OVER:
            return None
        return self._variant_phase(phase).to_move(self)

    def _variant_phase(self, phase: str) -> Phase:
        return self.ruleset.hooks.phases[phase]

    @property
    def _bid_order_done(self) -> list[int]:
        return [b for b in self.state.bids if b is not None]

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
    def _look_up_fast_rules(self) -> FastRules | None:
        return _fast_tricks(self.ruleset)

    def _legal_plays_by_rules(self, hand: list[Card], trick: list[tuple[int, Card]]
                              ) -> tuple[list[Action], list[int]]:
        """The play phase's legal actions the rule tables do not cover (special cards, Monochrome,
        cards set up from outside), from the rules, and the index in the hand of each one's card."""
        allowed = _follow_suit(hand, _lead_of([c for _, c in trick], self.ruleset) if trick else None)
        legal: list[Action] = []
        plays: dict[int, int] = {}  # id(action) -> index of its card in the hand
        known = _CARD_ACTIONS
        k = 0
        for card in allowed:
            while hand[k] is not card:  # the allowed cards are the hand's own, in its order
                k += 1
            entry = known.get(id(card))
            if entry is None:
                entry = self._card_action(card)
                if entry is None:  # a Juggler or Cloud: one action per colour it may take
                    for c in COLOURS:
                        action = _play_action((card.kind, c, None), card)
                        if id(action) not in plays:
                            plays[id(action)] = k
                            legal.append(action)
                    k += 1
                    continue
            if entry[1] not in plays:  # two equal Wizards: one action
                plays[entry[1]] = k
                legal.append(entry[0])
            k += 1
        return legal, list(plays.values())

    @staticmethod
    def _card_action(card: Card) -> tuple[Action, int] | None:
        """The shared play action of ``card`` and its id (``None`` for a Juggler or Cloud, which
        takes a colour), remembered by the card's id."""
        if card.kind in NAMED_COLOUR_KINDS:
            return None
        action = _play_action((card.kind, card.colour, card.rank), card)
        entry = (action, id(action))
        if len(_KEPT_CARDS) < 100_000:
            # Keeping the card keeps its id its own (dealt cards are the decks' shared objects anyway).
            _KEPT_CARDS.append(card)
            _CARD_ACTIONS[id(card)] = entry
        return entry

    def _compute_legal_actions(self) -> list[Action]:
        phase = self.state.phase
        if phase == TRUMP:
            return [Action("trump", c) for c in COLOURS]
        if phase == OVER:
            return []
        step = self._variant_phase(phase)
        return [Action(step.action, v) for v in step.legal(self)]

    def _bid_actions(self) -> tuple[Action, ...]:
        shared = _BID_ACTIONS
        return tuple(shared[b] if b < len(shared) else _shared_action("bid", b) for b in self._allowed_bids())

    def _allowed_bids(self) -> list[int]:
        return allowed_bids(self.hand_size, self._bid_order_done, players=self.players,
                            rules=self.ruleset, dealer_leads_alone=self._dealer_leads_alone_matters())

    def _dealer_leads_alone_matters(self) -> bool:
        """:meth:`dealer_leads_alone` where a bid rule asks for it (only the Canadian rule does)."""
        return self.ruleset.bid_rule == "canadian" and self.dealer_leads_alone()

    @property
    def trick_cards(self) -> Cards:
        return Cards([c for _, c in self.state.trick])

    # -- acting ------------------------------------------------------------------
    def _apply_checked(self, action: object, seat: object) -> tuple[Event, ...]:
        """:meth:`apply` with every check spelled out (any phase, any action)."""
        if not isinstance(action, Action):
            raise WizardError(f"{_short(action)} is not an action; use bid(2), play('R7') or Action('trump', 'R').")
        state = self.state
        phase = state.phase
        mover = self.to_move
        if phase == OVER or mover is None:
            raise WrongPhaseError("The game is over: start a new game to play again.")
        if seat is not None:
            self._check_seat(seat)
            if seat != mover:
                raise OutOfTurnError(f"It is {self.names[mover]}'s turn, not {self._name(seat)}'s.")
        if phase == PLAY:
            if action.kind != PLAY:
                raise WrongPhaseError(self._phase_hint(action.kind))
            recorded, events = self._apply_play(mover, action)
        elif phase == BID:
            if action.kind != BID:
                raise WrongPhaseError(self._phase_hint(action.kind))
            events = self._apply_bid(mover, action)
            recorded = action
        elif phase == TRUMP:
            if action.kind != TRUMP:
                raise WrongPhaseError(self._phase_hint(action.kind))
            events = self._apply_trump(mover, action)
            recorded = action
        else:
            step = self._variant_phase(phase)
            if action.kind != step.action:
                raise WrongPhaseError(self._phase_hint(action.kind))
            value, events = step.apply(self, mover, action.value)
            recorded = action if value is action.value else Action(action.kind, value)
            if self.state.phase == SCORE:
                events += self._finish_round()
        self.history.append((mover, recorded))
        self._forget_legal()
        return events

    def _check_seat(self, seat: object) -> None:
        """Refuse a seat that is not a whole number from 0 to players - 1 (``True`` is not a seat)."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise SeatError(f"There is no seat {_short(seat)}: seats are whole numbers from 0 to {self.players - 1}.")

    def bid(self, n: int, seat: int | None = None) -> tuple[Event, ...]:
        """The player to move bids ``n`` tricks."""
        return self.apply(Action("bid", n), seat)

    def play(self, card: Card | str, seat: int | None = None) -> tuple[Event, ...]:
        """The player to move plays ``card`` (a :class:`Card` or text like ``"R7"``)."""
        return self.apply(Action("play", Card.parse(card)), seat)

    def choose_trump(self, colour: str | None, seat: int | None = None) -> tuple[Event, ...]:
        """The dealer names the trump colour after a Wizard was turned up."""
        return self.apply(Action("trump", colour), seat)

    def name_trump(self, colour: str | None, seat: int | None = None) -> tuple[Event, ...]:
        """Anniversary: the Werewolf's holder names the trump colour (``None``: no trump)."""
        return self.apply(Action("werewolf", colour), seat)

    def pass_card(self, card: Card | str, seat: int | None = None) -> tuple[Event, ...]:
        """Anniversary: the player to move chooses the card they pass to the left after a Juggler trick."""
        return self.apply(Action("pass", Card.parse(card)), seat)

    def change_bid(self, change: int, seat: int | None = None) -> tuple[Event, ...]:
        """Anniversary: the Cloud's holder changes their bid by ``+1`` or ``-1`` before scoring."""
        return self.apply(Action("cloud", change), seat)

    def _name(self, seat: object) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < self.players else f"seat {seat!r}"

    def _phase_hint(self, kind: str) -> str:
        phase = self.state.phase
        core = {TRUMP: f"{self.names[self.dealer]} is choosing the trump colour",
                BID: "players are bidding", PLAY: "players are playing cards"}
        now = core[phase] if phase in core else self._variant_phase(phase).doing(self)
        return f"You cannot {kind} now: {now}."

    def _apply_trump(self, seat: int, action: Action) -> tuple[Event, ...]:
        colour = check_trump(action.value)
        state = self.state
        if colour is None:
            name = state.trump_card.name if state.trump_card is not None else "Wizard"
            raise TrumpError(f"A {name} was turned up: the dealer must choose a colour (R, G, B or Y).")
        state.trump = colour
        state.phase = BID
        return (TrumpChosen(seat, colour, state.trump_card),)

    def _apply_bid(self, seat: int, action: Action) -> tuple[Event, ...]:
        bids = self.state.bids
        legal = self._legal_list
        # allowed_bids lists every bid check_bid accepts: a bid handed out by legal_actions() (the
        # shared objects, never True) needs no second check; any other is checked, with the reason.
        if legal is None or not any(a is action for a in legal):
            check_bid(action.value, self.hand_size, self._bid_order_done, players=self.players,
                      rules=self.ruleset, dealer_leads_alone=self._dealer_leads_alone_matters())
        bids[seat] = action.value
        if None not in bids:  # bids are whole numbers once made: None only marks a bid to come
            self.state.phase = PLAY
        return bid_made(seat, action.value)

    def _apply_play(self, seat: int, action: Action) -> tuple[Action, tuple[Event, ...]]:
        state = self.state
        card = action.value
        if card.__class__ is not Card:
            card = self._unseen_card(seat) if card is None else Card.parse(card)
        allowed = self._legal_list if self._plays is not None else None
        if allowed is None:
            allowed = self._compute_legal()
        legal = _PLAY_ACTIONS.get((card.kind, card.colour, card.rank))
        if legal is None or not any(a is legal for a in allowed):
            check_play(state.hands[seat], self.trick_cards, card, self.ruleset)  # raises with the reason
            raise IllegalPlayError(f"{card} cannot be played now.")  # pragma: no cover - defensive
        state.hands[seat].remove(card.unnamed)
        state.trick.append((seat, card))
        events: tuple[Event, ...] = legal._played[seat]  # see _shared_action
        if len(state.trick) == self.players:
            events += self._finish_trick()
        # The history keeps the very card played; the shared legal action holds it unless the
        # player built an equal card of their own.
        return (legal if legal.value is card else Action("play", card)), events

    def _unseen_card(self, seat: int) -> Card:
        """Clairvoyance: ``Action("play", None)`` plays the one card a player cannot see."""
        hand = self.state.hands[seat]
        if not self.hand_hidden(seat) or len(hand) != 1:
            raise IllegalPlayError("Say which card to play, like play('R7').")
        if hand[0].kind in NAMED_COLOUR_KINDS:
            name = hand[0].kind.capitalize()
            raise IllegalPlayError(f"Your card is the {name}: say its colour, like play('{name}:R').")
        return hand[0]

    def _record_round(self, bids: tuple[int, ...], won: tuple[int, ...], points: tuple[int, ...],
                      totals: tuple[int, ...]) -> None:
        state = self.state
        self.rounds.append(RoundRecord(self.round_number, self.dealer, self.hand_size, state.trump_card,
                                       state.trump, bids, won, points, totals,
                                       **self.ruleset.hooks.record_extras(self)))

    # -- dealing -----------------------------------------------------------------
    def _start_round_by_hooks(self, index: int, report: bool) -> tuple[Event, ...]:
        self.round_index = index
        self._legal_list = self._plays = None
        hooks = self.ruleset.hooks
        deal = hooks.deal(self.ruleset, self.players, self.dealer, self.round_sizes[index], self.round_rng(index))
        trump_card = deal.stock[0] if deal.stock else None
        # Dealt cards come from the ruleset's own deck: nothing to parse or check.
        found = None if trump_card is None else _trump_of(trump_card, self.ruleset)
        self.state = RoundState(
            phase=TRUMP if found == DEALER_CHOOSES else BID, hands=deal.hands, stock=deal.stock,
            piles=deal.piles, trump_card=trump_card, trump=None if found == DEALER_CHOOSES else found,
            bids=[None] * self.players, won=[0] * self.players, leader=(self.dealer + 1) % self.players,
            extra=hooks.new_state(self.players))
        happened = hooks.after_deal(self)
        if not report:  # the first deal, in __init__: nobody asked
            return happened
        started = RoundStarted(self.round_number, self.dealer, self.hand_size, trump_card, self.state.trump)
        return (started, *happened)

    # -- views -------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What the player in ``seat`` may see now."""
        self._check_seat(seat)
        state = self.state
        hidden = self.hand_hidden(seat)
        return SeatView(
            seat=seat, names=self.names, ruleset=self.ruleset, round_number=self.round_number,
            rounds_total=len(self.round_sizes), hand_size=self.hand_size, dealer=self.dealer,
            phase=state.phase, to_move=self.to_move, hand=Cards() if hidden else Cards(state.hands[seat]),
            trump_card=state.trump_card, trump=state.trump, bids=self.visible_bids(seat),
            tricks_won=tuple(state.won), leader=state.leader if state.phase in (PLAY, PASS) else None,
            trick=tuple(state.trick), tricks=tuple(state.tricks), scores=tuple(self.scores),
            legal=self._view_legal(seat, hidden),
            hand_counts=tuple(len(h) for h in state.hands), rounds=tuple(self.rounds),
            visible_hands=self.visible_hands(seat), hand_hidden=hidden,
            pile_counts=tuple(len(p) for p in state.piles), **self.ruleset.hooks.view_extras(self, seat),
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

    # -- positions -------------------------------------------------------------------
    def position(self) -> str:
        """The game as it stands, as one line of text (see :mod:`wizard_edu.position`)."""
        from .position import position_of

        return position_of(self)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game set up from :meth:`position` text; bad text raises :class:`~wizard_edu.errors.PositionError`."""
        from .position import game_from_position

        return game_from_position(text)

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
        if self.start_position is not None:
            data["position"] = self.start_position  # the actions replay from this position
        return json.dumps(data, indent=1)

    # A copy is the same game replayed from its seed and actions (what a save file holds), so it never
    # shares a hand or a list with the original: ``copy.copy``, ``copy.deepcopy`` and pickle all make one.
    def __copy__(self) -> Game:
        """A separate game in the same state, replayed from this one's save (:meth:`to_json`)."""
        return Game.from_json(self.to_json())

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game.from_json, (self.to_json(),))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game saved by :meth:`to_json` by replaying it; a bad file raises :class:`SaveFileError`.

        All or nothing: the text is checked for size and nesting before it is parsed, every field
        for its type, and every action is replayed through :meth:`apply`'s checks.
        """
        data = _load_save(text)
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
            # (A safety net under the checks of _load_save: a damaged file is refused, never half-loaded.)
            raise SaveFileError(f"This saved game is broken or incomplete ({_short(exc)}).") from None
        return game

    @classmethod
    def replay(cls, players: int, rules: str | Ruleset, seed: int, actions: Iterable[Action | tuple[int, Action]],
               **kwargs: Any) -> Game:
        """A new game with the same seed, with ``actions`` applied in order."""
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise WizardError(f"Give the actions to replay as a list, like [bid(1), play('R7')], not {_short(actions)}.")
        game = cls(players=players, rules=rules, seed=seed, **kwargs)
        for item in actions:
            if isinstance(item, tuple):
                if len(item) != 2:
                    raise WizardError(f"{_short(item)} is not an action, nor a (seat, action) pair.")
                seat, action = item
            else:
                seat, action = None, item
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
        if self.phase not in _CORE_ACTIONS:
            return self._variant_phase(self.phase).status(self)
        who = self.names[self.dealer if self.phase == TRUMP else (self.to_move or 0)]
        trump = f"trump {COLOUR_NAMES[self.trump]}" if self.trump else "no trump"
        if self.phase == TRUMP:
            name = self.trump_card.name if self.trump_card is not None else "Wizard"
            return f"Round {self.round_number}: a {name} was turned up, {who} (dealer) chooses trump."
        verb = "bid" if self.phase == BID else "play"
        cards = f"{self.hand_size} card{'s' if self.hand_size != 1 else ''}"
        return f"Round {self.round_number} ({cards}, {trump}): {who} to {verb}."

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.title}, {self.players} players, seed {self.seed}: {self.status()}>"


__all__ = ["Game", "Action", "SeatView", "TrickRecord", "RoundRecord", "RoundState", "bid", "play",
           "TRUMP", "BID", "PLAY", "OVER", "WEREWOLF", "PASS", "CLOUD", "PHASE_ACTIONS",
           "BidError", "IllegalPlayError"]
