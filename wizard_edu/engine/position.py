"""Positions: a game as it stands, as one line of text (like a chess FEN).

:meth:`Game.position() <wizard_edu.engine.game.Game.position>` writes it and
:meth:`Game.from_position() <wizard_edu.engine.game.Game.from_position>` reads it back into a game with
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
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from ..errors import PositionError, WizardError
from .cards import Card, Cards, sorted_hand
from .records import RoundRecord, RoundState, TrickRecord
from .rules.core import DEALER_CHOOSES, _trump_of, as_cards, check_trump, decide_trick
from .rules.rulesets import OPTION_DEFAULTS, OPTION_NAMES, Ruleset, get_ruleset
from .rules.variant import pair_text, read_pair

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
    from .game import _default_names

    state = game.state
    rounds = "/".join(";".join((_opt(r.trump_card), _opt(r.trump), ".".join(map(str, r.bids)),
                                ".".join(map(str, r.won)), pair_text(r.werewolf), pair_text(r.cloud, "+d")))
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
    if game.names != _default_names(game.players):
        fields["names"] = ",".join(quote(n, safe="") for n in game.names)
    if game.custom_hand_sizes:
        fields["sizes"] = ",".join(map(str, game.round_sizes))
    return " ".join([TAG, *(f"{k}={v}" for k, v in fields.items())])


# -- reading --------------------------------------------------------------------------------------
#: The longest position text read (the position of a Classic game with 40-character names is about
#: 1,100 characters).
MAX_POSITION_SIZE = 20_000


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


def game_from_position(text: str) -> Game:
    """Set up the game that ``text`` describes; raise :class:`PositionError` if it cannot be."""
    try:
        return _build(_fields(text), text)
    except PositionError:
        raise
    except WizardError as exc:
        raise PositionError(f"This position is not possible: {exc}") from None
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise PositionError(f"This position cannot be read ({exc}).") from None


def _build(fields: dict[str, str], text: str) -> Game:
    from .game import BID, OVER, PLAY, TRUMP, Game

    ruleset = _ruleset(fields["rules"])
    players = _int(fields, "players", 3, 6)
    seed = _int(fields, "seed", -(2**63))
    names = [unquote(n) for n in fields["names"].split(",")] if "names" in fields else None
    sizes = [int(n) for n in fields["sizes"].split(",")] if "sizes" in fields else None
    dealer = _int(fields, "dealer", 0, players - 1)
    number = _int(fields, "round", 1, len(sizes) if sizes is not None else 100)
    # The game's one constructor checks these as Game() does; the round is then set up from the text, not dealt.
    game = Game.__new__(Game)
    game._set_up(players, ruleset, seed, (dealer - (number - 1)) % players, names, sizes,
                 round_index=number - 1, start_position=text)
    if number > len(game.round_sizes):
        raise PositionError(f"round must be from 1 to {len(game.round_sizes)}, not {number}.")
    size = game.hand_size

    # The phase as the game names it (a PhaseName, or the variant's own phase name).
    phases = {str(p): p for p in (TRUMP, BID, PLAY, OVER, *ruleset.hooks.phases)}
    if fields["phase"] not in phases:
        raise PositionError(f"{fields['phase']!r} is not a phase of {ruleset.title}.")
    phase = phases[fields["phase"]]
    hands = [sorted_hand(_card_list(h, ruleset)) for h in fields["hands"].split("/")]
    if len(hands) != players:
        raise PositionError(f"Give {players} hands separated by '/', not {len(hands)}.")
    turned = None if fields["turned"] == "-" else Card.parse(fields["turned"])
    trump = check_trump(None if fields["trump"] == "-" else fields["trump"])
    bids = [None if b == "-" else int(b) for b in fields["bids"].split(",")]
    if len(bids) != players or any(b is not None and not 0 <= b <= size + 1 for b in bids):
        raise PositionError(f"Give {players} bids from 0 to {size} (or - for none yet), not {fields['bids']!r}.")

    # This round's tricks: who led each follows from the one before.
    leader = (dealer + 1) % players
    won = [0] * players
    tricks = []
    for cards_text in ([] if fields["tricks"] == "-" else fields["tricks"].split(",")):
        cards = _card_list(cards_text, ruleset)
        if len(cards) != players:
            raise PositionError(f"A finished trick has one card from each of the {players} players: {cards_text!r}.")
        result = decide_trick(cards, trump, ruleset)
        record = TrickRecord(leader, tuple(((leader + i) % players, c) for i, c in enumerate(cards)), result)
        tricks.append(record)
        if record.winner_seat is not None:
            won[record.winner_seat] += 1
        leader = record.plays[result.leader_next][0]
    trick_cards = _card_list(fields["trick"], ruleset)
    if len(trick_cards) >= players:
        raise PositionError("The trick being played has a card from every player: write it as a finished trick.")
    trick = [((leader + i) % players, c) for i, c in enumerate(trick_cards)]
    for seat in range(players):
        played = len(tricks) + sum(1 for s, _ in trick if s == seat)
        if len(hands[seat]) + played != size:
            raise PositionError(f"Seat {seat} should hold {size - played} cards in round {number}, "
                                f"not {len(hands[seat])}.")

    extra = ruleset.hooks.parse_state(fields.get("extra", "-"), game)
    stock, piles = _stock_and_piles(ruleset, players, hands, trick, tricks, turned)
    game.state = RoundState(phase, hands, stock, piles, turned, trump, bids, won, leader, trick, tricks, extra)
    _check_trump(game, ruleset, fields)
    _check_phase(game)

    # Past rounds: points and totals follow from the bids and tricks.
    totals = [0] * players
    for k, round_text in enumerate([] if fields["rounds"] == "-" else fields["rounds"].split("/")):
        t_card, t_trump, r_bids, r_won, werewolf, cloud = round_text.split(";")
        bids_r = tuple(int(b) for b in r_bids.split("."))
        won_r = tuple(int(w) for w in r_won.split("."))
        if len(bids_r) != players or len(won_r) != players:
            raise PositionError(f"Round {k + 1} needs {players} bids and {players} tricks won.")
        points = tuple(ruleset.score(b, w) for b, w in zip(bids_r, won_r))
        totals = [t + p for t, p in zip(totals, points)]
        game.rounds.append(RoundRecord(
            k + 1, game._dealer_of(k), game.round_sizes[k],
            None if t_card == "-" else Card.parse(t_card), check_trump(None if t_trump == "-" else t_trump),
            bids_r, won_r, points, tuple(totals),
            werewolf=read_pair(werewolf, Card.parse), cloud=read_pair(cloud, int)))
    done = number if phase == OVER else number - 1
    if len(game.rounds) != done:
        raise PositionError(f"Give the {done} rounds scored before this one, not {len(game.rounds)}.")
    scores = [int(s) for s in fields["scores"].split(",")]
    if scores != game.scores:
        raise PositionError(f"The scores {fields['scores']} do not follow from the rounds: they make "
                            f"{','.join(map(str, game.scores))}.")
    if phase == OVER and number != len(game.round_sizes):
        raise PositionError("The game can only be over after its last round.")
    if phase == PLAY:
        game.legal_actions()  # the player to move has something to play
    return game


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


def _check_trump(game: Game, ruleset: Ruleset, fields: dict[str, str]) -> None:
    state = game.state
    if state.trump_card is None:
        if state.trump is not None:
            raise PositionError("With no card turned up there is no trump: write trump=-.")
        return
    found = _trump_of(state.trump_card, ruleset)
    if found != DEALER_CHOOSES and state.trump != found and getattr(state.extra, "werewolf_swap", None) is None:
        raise PositionError(f"The turned-up {state.trump_card} makes the trump {_opt(found)}, not {fields['trump']}.")


def _check_phase(game: Game) -> None:
    """The bids and the phase must agree (bids in turn from the dealer's left, play once all are in)."""
    state = game.state
    made = [b is not None for b in state.bids]
    in_order = [made[(game.dealer + 1 + i) % game.players] for i in range(game.players)]
    if in_order != sorted(in_order, reverse=True):
        raise PositionError("Bids are made in turn from the dealer's left: a later seat has bid before an earlier one.")
    if state.phase in ("trump", "werewolf") and any(made):
        raise PositionError(f"Nobody bids before the trump is named (phase {state.phase}).")
    if state.phase == "bid" and all(made):
        raise PositionError("Everyone has bid: the phase is play.")
    if state.phase not in ("trump", "werewolf", "bid") and not all(made):
        raise PositionError(f"In phase {state.phase} every player has bid.")
    if (state.trick or state.tricks) and state.phase in ("trump", "werewolf", "bid"):
        raise PositionError("Cards are played only after the bids.")
    if state.phase == "trump" and (state.trump is not None or state.trump_card is None
                                   or _trump_of(state.trump_card, game.ruleset) != DEALER_CHOOSES):
        raise PositionError("The dealer chooses the trump only after a Wizard (or a card like it) is turned up.")
    if state.phase in ("over", "cloud") and any(state.hands):
        raise PositionError(f"In phase {state.phase} every card has been played.")
    if state.phase == "play" and not any(state.hands):
        raise PositionError("Every card has been played: the round is over.")
    _ = game.to_move  # a variant's phase knows whose turn it is (raises if its state does not say)


__all__ = ["position_of", "game_from_position", "rules_text", "TAG", "FIELDS"]
