"""Positions: a game as it stands, as one line of text (like a chess FEN).

:meth:`Game.position() <wizard_edu.engine.game.Game.position>` writes it and
:meth:`Game.from_position() <wizard_edu.engine.game.Game.from_position>` reads it back (through
:func:`read_position`, which reads the text into plain data, a :class:`Position`) into a game with
the same legal actions, the same views for every seat and the same future: later rounds still
shuffle from ``(seed, round)``.  Tests and worksheets use positions to set up a situation directly
instead of searching seeds for it.  The format is documented in ``docs/positions.md``::

    wizard-edu/1 rules=classic players=3 seed=7 dealer=1 round=2 phase=play turned=G5 trump=G
    hands=R3.W/G9.J/B2.B4 bids=1,0,1 tricks=- trick=G2 rounds=R6;R;1.0.0;1.0.0;-;- scores=30,20,20

(one line; wrapped here).  Fields are ``key=value`` words in any order; ``names``, ``sizes`` and
``extra`` appear only when needed.  Text that cannot be read, or that describes an impossible
game, raises :class:`~wizard_edu.errors.PositionError` saying what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

from ..errors import PositionError, WizardError
from .cards import Card, Cards, sorted_hand
from .phases import PhaseName
from .records import RoundRecord, RoundState, TrickRecord
from .rules.core import DEALER_CHOOSES, _trump_of, as_cards, check_trump, decide_trick
from .rules.rulesets import OPTION_DEFAULTS, OPTION_NAMES, Ruleset, get_ruleset

# (This module reads and writes text and plain data; it never imports the game module, which
# imports it: Game.from_position() sets a game up from a Position, Game.position() writes one.)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

TAG = "wizard-edu/1"
#: Every field, in the order :func:`position_of` writes them.
FIELDS = ("rules", "players", "seed", "dealer", "round", "phase", "turned", "trump", "hands", "bids",
          "tricks", "trick", "rounds", "scores", "extra", "names", "sizes")
_REQUIRED = FIELDS[:14]


# -- writing --------------------------------------------------------------------------------------
def _cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return ".".join(str(c) for c in cards) or "-"


def _opt(value: object) -> str:
    return "-" if value is None else str(value)


def rules_text(ruleset: Ruleset) -> str:
    """``"classic"``, ``"classic,bidding=hidden,clairvoyance"``: the edition and the options that differ."""
    words = (k if v is True else f"{k}={v}" for k, v in ruleset.options().items() if v != OPTION_DEFAULTS[k])
    return ",".join([ruleset.name, *words])


def position_of(game: Game) -> str:
    """The position text of ``game`` (see the module docstring)."""
    state = game.state
    rounds = "/".join(";".join((_opt(r.trump_card), _opt(r.trump), ".".join(map(str, r.bids)),
                                ".".join(map(str, r.won)), game.ruleset.hooks.record_text(r)))
                      for r in game.rounds) or "-"
    fields = {
        "rules": rules_text(game.ruleset), "players": str(game.players), "seed": str(game.seed),
        "dealer": str(game.dealer), "round": str(game.round_number), "phase": state.phase,
        "turned": _opt(state.trump_card), "trump": _opt(state.trump),
        "hands": "/".join(_cards(h) for h in state.hands),
        "bids": ",".join(_opt(b) for b in state.bids),
        "tricks": ",".join(_cards(t.cards) for t in state.tricks) or "-",
        "trick": _cards([c for _, c in state.trick]),
        "rounds": rounds, "scores": ",".join(map(str, game.scores)),
    }
    extra = game.ruleset.hooks.state_text(game)
    if extra != "-":
        fields["extra"] = extra
    if game.custom_names:
        fields["names"] = ",".join(quote(n, safe="") for n in game.names)
    if game.custom_hand_sizes:
        fields["sizes"] = ",".join(map(str, game.round_sizes))
    return " ".join([TAG, *(f"{k}={v}" for k, v in fields.items())])


# -- reading --------------------------------------------------------------------------------------
#: The longest position text read (the position of a Classic game with 40-character names is about
#: 1,100 characters).
MAX_POSITION_SIZE = 20_000


@dataclass(frozen=True)
class Position:
    """A position's fields, read from its text into plain data: the game's set-up, the round as it
    stands and the rounds scored before it.  It is no game yet: :meth:`Game.from_position
    <wizard_edu.engine.game.Game.from_position>` sets a game up from it, checking the set-up as
    ``Game()`` does, and asks :meth:`round_state` and :meth:`past_rounds` for the round and the
    score pad (which check that the cards, bids and scores fit together)."""

    text: str
    ruleset: Ruleset
    players: int
    seed: int
    dealer: int
    round_number: int
    #: ``None``: the default names (``Player 1``, ...); the hand sizes: ``None`` for the ruleset's.
    names: tuple[str, ...] | None
    hand_sizes: tuple[int, ...] | None
    phase: str
    hands: tuple[Cards, ...]
    turned: Card | None
    trump: str | None
    bids: tuple[int | None, ...]
    #: This round's finished tricks, each in play order, and the cards of the trick being played.
    tricks: tuple[Cards, ...]
    trick: Cards
    #: The variant's own round state, as text (read by its hooks' ``parse_state``).
    extra: str
    #: Each scored round: turned-up card, trump, bids, tricks won, then the variant's fields (as text).
    rounds: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]

    @property
    def first_dealer(self) -> int:
        """The seat that dealt round 1 (the deal passes to the left each round)."""
        return (self.dealer - (self.round_number - 1)) % self.players

    def round_state(self, round_sizes: list[int], extra: Any) -> RoundState:
        """The round as it stands, in a game of ``round_sizes``, with the variant's state ``extra``
        (read from :attr:`extra`); raise :class:`PositionError` if the cards or bids cannot be."""
        ruleset, players, number = self.ruleset, self.players, self.round_number
        if number > len(round_sizes):
            raise PositionError(f"round must be from 1 to {len(round_sizes)}, not {number}.")
        size = round_sizes[number - 1]
        if any(b is not None and not 0 <= b <= size + 1 for b in self.bids):
            raise PositionError(f"Give {players} bids from 0 to {size} (or - for none yet), not "
                                f"{','.join(_opt(b) for b in self.bids)!r}.")
        # This round's tricks: who led each follows from the one before.
        leader = (self.dealer + 1) % players
        won = [0] * players
        tricks = []
        for cards in self.tricks:
            if len(cards) != players:
                raise PositionError(f"A finished trick has one card from each of the {players} players: "
                                    f"{_cards(cards)!r}.")
            result = decide_trick(cards, self.trump, ruleset)
            record = TrickRecord(leader, tuple(((leader + i) % players, c) for i, c in enumerate(cards)), result)
            tricks.append(record)
            if record.winner_seat is not None:
                won[record.winner_seat] += 1
            leader = record.plays[result.leader_next][0]
        if len(self.trick) >= players:
            raise PositionError("The trick being played has a card from every player: write it as a finished trick.")
        trick = [((leader + i) % players, c) for i, c in enumerate(self.trick)]
        hands = list(self.hands)
        for seat in range(players):
            played = len(tricks) + sum(1 for s, _ in trick if s == seat)
            if len(hands[seat]) + played != size:
                raise PositionError(f"Seat {seat} should hold {size - played} cards in round {number}, "
                                    f"not {len(hands[seat])}.")
        stock, piles = _stock_and_piles(ruleset, players, hands, trick, tricks, self.turned)
        state = RoundState(self.phase, hands, stock, piles, self.turned, self.trump, list(self.bids), won, leader,
                           trick, tricks, extra)
        self._check_trump(state)
        self._check_phase(state)
        return state

    def past_rounds(self, round_sizes: list[int]) -> list[RoundRecord]:
        """The rounds scored before this one (their points and totals follow from the bids and
        tricks); raise :class:`PositionError` if they are not the rounds before it or do not make the scores."""
        players, ruleset = self.players, self.ruleset
        totals = [0] * players
        rounds = []
        for k, (t_card, t_trump, r_bids, r_won, *rest) in enumerate(self.rounds):
            bids = tuple(int(b) for b in r_bids.split("."))
            won = tuple(int(w) for w in r_won.split("."))
            if len(bids) != players or len(won) != players:
                raise PositionError(f"Round {k + 1} needs {players} bids and {players} tricks won.")
            points = tuple(ruleset.score(b, w) for b, w in zip(bids, won))
            totals = [t + p for t, p in zip(totals, points)]
            rounds.append(RoundRecord(
                k + 1, (self.first_dealer + k) % players, round_sizes[k],
                None if t_card == "-" else Card.parse(t_card), check_trump(None if t_trump == "-" else t_trump),
                bids, won, points, tuple(totals), extra=ruleset.hooks.parse_record(";".join(rest))))
        done = self.round_number if self.phase == PhaseName.OVER else self.round_number - 1
        if len(rounds) != done:
            raise PositionError(f"Give the {done} rounds scored before this one, not {len(rounds)}.")
        scores = list(rounds[-1].totals) if rounds else [0] * players
        if list(self.scores) != scores:
            raise PositionError(f"The scores {','.join(map(str, self.scores))} do not follow from the rounds: "
                                f"they make {','.join(map(str, scores))}.")
        if self.phase == PhaseName.OVER and self.round_number != len(round_sizes):
            raise PositionError("The game can only be over after its last round.")
        return rounds

    def _check_trump(self, state: RoundState) -> None:
        if state.trump_card is None:
            if state.trump is not None:
                raise PositionError("With no card turned up there is no trump: write trump=-.")
            return
        found = _trump_of(state.trump_card, self.ruleset)
        if found != DEALER_CHOOSES and state.trump != found and getattr(state.extra, "werewolf_swap", None) is None:
            raise PositionError(f"The turned-up {state.trump_card} makes the trump {_opt(found)}, "
                                f"not {_opt(state.trump)}.")

    def _check_phase(self, state: RoundState) -> None:
        """The bids and the phase must agree (bids in turn from the dealer's left, play once all are in).
        (Whose turn a variant's phase is, the game asks once it is set up.)"""
        TRUMP, BID, PLAY, OVER = PhaseName.TRUMP, PhaseName.BID, PhaseName.PLAY, PhaseName.OVER
        players = self.players
        variant = self.ruleset.hooks.phases
        # The steps before any bid (the trump's, and a variant's after the deal), and those once every card is played.
        before_bids = {TRUMP, *(name for name, step in variant.items() if step.stage == "deal")}
        all_played = {OVER, *(name for name, step in variant.items() if step.stage == "scoring")}
        made = [b is not None for b in state.bids]
        in_order = [made[(self.dealer + 1 + i) % players] for i in range(players)]
        if in_order != sorted(in_order, reverse=True):
            raise PositionError("Bids are made in turn from the dealer's left: a later seat has bid before an earlier one.")
        if state.phase in before_bids and any(made):
            raise PositionError(f"Nobody bids before the trump is named (phase {state.phase}).")
        if state.phase == BID and all(made):
            raise PositionError("Everyone has bid: the phase is play.")
        if state.phase not in before_bids and state.phase != BID and not all(made):
            raise PositionError(f"In phase {state.phase} every player has bid.")
        if (state.trick or state.tricks) and (state.phase in before_bids or state.phase == BID):
            raise PositionError("Cards are played only after the bids.")
        if state.phase == TRUMP and (state.trump is not None or state.trump_card is None
                                     or _trump_of(state.trump_card, self.ruleset) != DEALER_CHOOSES):
            raise PositionError("The dealer chooses the trump only after a Wizard (or a card like it) is turned up.")
        if state.phase in all_played and any(state.hands):
            raise PositionError(f"In phase {state.phase} every card has been played.")
        if state.phase == PLAY and not any(state.hands):
            raise PositionError("Every card has been played: the round is over.")

def _fields(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise PositionError(f"A position is text (from game.position()), not {type(text).__name__}.")
    if len(text) > MAX_POSITION_SIZE:  # (checked before any splitting)
        raise PositionError(f"This is not a wizard-edu position: it is {len(text):,} characters long, "
                            f"and a position is never longer than {MAX_POSITION_SIZE:,}.")
    words = text.split()
    if not words or words[0] != TAG:
        raise PositionError(f"This is not a wizard-edu position: it should start with {TAG!r}.")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or key not in FIELDS:
            raise PositionError(f"{word!r} is not a position field; fields are {', '.join(FIELDS)}.")
        if key in fields:
            raise PositionError(f"The position gives {key} twice.")
        fields[key] = value
    missing = [k for k in _REQUIRED if k not in fields]
    if missing:
        raise PositionError(f"The position has no {', '.join(missing)}.")
    return fields


def _int(fields: dict[str, str], key: str, low: int, high: int | None = None) -> int:
    text = fields[key]
    try:
        value = int(text)
    except ValueError:
        raise PositionError(f"{key} must be a whole number, not {text!r}.") from None
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        raise PositionError(f"{key} must be from {low}{top}, not {value}.")
    return value


def _ruleset(text: str) -> Ruleset:
    name, *words = text.split(",")
    options: dict[str, object] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if key not in OPTION_NAMES:
            raise PositionError(f"{key!r} is not a rules option; options are {', '.join(OPTION_NAMES)}.")
        options[key] = value if eq else True
    return get_ruleset(name, **options)


def _card_list(text: str, ruleset: Ruleset) -> Cards:
    return Cards() if text == "-" else as_cards(text.split("."), ruleset)


def read_position(text: str) -> Position:
    """The fields of position ``text`` as plain data; raise :class:`PositionError` if it cannot be read.
    (:meth:`Game.from_position <wizard_edu.engine.game.Game.from_position>` sets the game up from them.)"""
    with position_errors():
        return _read(_fields(text), text)


@contextmanager
def position_errors() -> Iterator[None]:
    """Any error in reading a position or setting its game up is a :class:`PositionError` saying what is wrong."""
    try:
        yield
    except PositionError:
        raise
    except WizardError as exc:
        raise PositionError(f"This position is not possible: {exc}") from None
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise PositionError(f"This position cannot be read ({exc}).") from None


def _read(fields: dict[str, str], text: str) -> Position:
    ruleset = _ruleset(fields["rules"])
    players = _int(fields, "players", 3, 6)
    seed = _int(fields, "seed", -(2**63))
    names = tuple(unquote(n) for n in fields["names"].split(",")) if "names" in fields else None
    sizes = tuple(int(n) for n in fields["sizes"].split(",")) if "sizes" in fields else None
    dealer = _int(fields, "dealer", 0, players - 1)
    number = _int(fields, "round", 1, len(sizes) if sizes is not None else 100)
    # The phase as the game names it (a PhaseName, or the variant's own phase name).
    phases = {str(p): p for p in (PhaseName.TRUMP, PhaseName.BID, PhaseName.PLAY, PhaseName.OVER,
                                  *ruleset.hooks.phases)}
    if fields["phase"] not in phases:
        raise PositionError(f"{fields['phase']!r} is not a phase of {ruleset.title}.")
    phase = phases[fields["phase"]]
    hands = tuple(sorted_hand(_card_list(h, ruleset)) for h in fields["hands"].split("/"))
    if len(hands) != players:
        raise PositionError(f"Give {players} hands separated by '/', not {len(hands)}.")
    bids = tuple(None if b == "-" else int(b) for b in fields["bids"].split(","))
    if len(bids) != players:
        raise PositionError(f"Give {players} bids separated by ',' (or - for a bid still to come), not {fields['bids']!r}.")
    rounds = tuple(tuple(r.split(";")) for r in ([] if fields["rounds"] == "-" else fields["rounds"].split("/")))
    if any(len(r) < 4 for r in rounds):
        raise ValueError("each scored round gives turned-up card; trump; bids; tricks won (then its variant's fields)")
    return Position(
        text, ruleset, players, seed, dealer, number, names, sizes, phase, hands,
        turned=None if fields["turned"] == "-" else Card.parse(fields["turned"]),
        trump=check_trump(None if fields["trump"] == "-" else fields["trump"]), bids=bids,
        tricks=tuple(_card_list(t, ruleset) for t in ([] if fields["tricks"] == "-" else fields["tricks"].split(","))),
        trick=_card_list(fields["trick"], ruleset), extra=fields.get("extra", "-"),
        rounds=rounds, scores=tuple(int(s) for s in fields["scores"].split(",")))


def _stock_and_piles(ruleset: Ruleset, players: int, hands: list[Cards], trick: list[tuple[int, Card]],
                     tricks: list[TrickRecord], turned: Card | None) -> tuple[Cards, list[Cards]]:
    """The stock and piles are not written: they are the cards nobody holds or played, in deck order
    (the turned-up card first).  Refuse a position with more of a card than the deck has."""
    played = [*trick, *(play for record in tricks for play in record.plays)]
    if ruleset.monochrome:
        if turned is not None:
            raise PositionError("Monochrome has no turned-up card: write turned=-.")
        piles = []
        for seat, pile in enumerate(ruleset.piles(players)):
            rest, extra = _rest(pile, [*hands[seat], *(c.unnamed for s, c in played if s == seat)])
            if extra:
                raise PositionError(f"Seat {seat} holds or played cards that are not in their own pile.")
            piles.append(Cards(rest))
        return Cards(), piles
    up = [turned] if turned is not None else []
    used = [*(c for hand in hands for c in hand), *(c.unnamed for _, c in played), *up]
    rest, extra = _rest(ruleset.deck(), used)
    if extra:
        raise PositionError(f"There are more {extra[0]} cards in this position than in the {ruleset.title} deck.")
    if turned is None and rest:
        raise PositionError("Cards are left over after the deal, so a card must be turned up: give turned=.")
    return Cards(up + rest), []


def _rest(deck: list[Card], used: list[Card]) -> tuple[list[Card], list[Card]]:
    """The cards of ``deck`` not ``used`` (in deck order), and the ``used`` cards the deck has too few of."""
    left = Counter(deck)
    left.subtract(used)
    extra = [c for c, n in left.items() if n < 0]
    rest = []
    for card in deck:
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    return rest, extra


__all__ = ["Position", "position_of", "read_position", "position_errors", "rules_text", "TAG", "FIELDS"]
