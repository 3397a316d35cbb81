"""The Anniversary edition, as variant hooks (see :mod:`wizard_edu.engine.rules.variant`).

Its trick rules wrap the rulebook's (:func:`~wizard_edu.engine.rules.core.classic_trick`): the
Dragon wins every trick it is in, unless the Fairy is in it too (she beats the Dragon and otherwise
loses like a Jester), and the Bomb blows the trick up (nobody wins; whoever would have won leads
next).  A Fairy or Bomb turned up means no trump.  (The Juggler and the Cloud take the colour their
player names and count as 7.5 and 9.75 of it: card values, :attr:`~wizard_edu.engine.cards.Card.value`.)
The three steps the cards bring to the round are phases of their own:

* ``"werewolf"``: after the deal the Werewolf's holder swaps it for the turned-up card (the swap
  is compulsory) and names the trump, or no trump;
* ``"pass"``: after a trick with the Juggler, unless it was the round's last, every player in turn
  from the dealer's left chooses a card to pass to the left; the cards move together;
* ``"cloud"``: before scoring, whoever won the trick with the Cloud changes their bid by +1 or -1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...errors import BidError, IllegalPlayError
from ..actions import Action
from ..cards import BOMB, CLOUD, COLOUR_NAMES, COLOURS, DRAGON, FAIRY, JUGGLER, WEREWOLF, Card, sorted_hand
from ..events import BidChanged, CardsPassed, PassChosen, TrumpChosen, WerewolfSwapped
from ..phases import PhaseName, PhaseText, StrEnum
from .core import TrickResult, check_trump, classic_trick, classic_trump, cloud_changes
from .variant import SCORE, Phase, VariantRules, pair_text, read_pair, register_variant

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

BID, PLAY = PhaseName.BID, PhaseName.PLAY


class AnniversaryPhase(StrEnum):
    """The Anniversary's own steps; each takes the action of its name (``Action("pass", card)``)."""

    WEREWOLF = "werewolf"  #: the Werewolf's holder names the trump (after the swap)
    PASS = "pass"          #: after a Juggler trick everyone passes a card to the left
    CLOUD = "cloud"        #: the Cloud's holder changes their bid by +1 or -1

    def __repr__(self) -> str:
        return repr(self.value)


WEREWOLF_PHASE, PASS, CLOUD_PHASE = AnniversaryPhase.WEREWOLF, AnniversaryPhase.PASS, AnniversaryPhase.CLOUD


@dataclass
class AnniversaryState:
    """The Anniversary's per-round state."""

    #: ``(seat, card)`` when the Werewolf's holder took the turned-up card.
    werewolf_swap: tuple[int, Card] | None = None
    #: The passes made this round; ``passes[k][s]`` is the card seat ``s`` gave to its left.
    passes: list[tuple[Card, ...]] = field(default_factory=list)
    #: During a pass: the card each seat has chosen so far (``None``: still choosing).
    pending: list[Card | None] = field(default_factory=list)
    #: The seat changing its bid in the ``"cloud"`` phase.
    cloud_seat: int | None = None
    #: ``(seat, change)`` once the Cloud's holder has changed their bid.
    cloud: tuple[int, int] | None = None


# -- the trick rules: the Dragon, the Fairy and the Bomb around the rulebook's ---------------------
def anniversary_trick(cards: Sequence[Card], trump: str | None) -> TrickResult:
    """Who wins an Anniversary trick (cards already checked, in play order)."""
    kinds = [c.kind for c in cards]
    result = _without_bomb(cards, trump, kinds)
    if BOMB in kinds:
        # Whoever played the card that would otherwise have won leads next.
        lead = result.winner if result.winner is not None else kinds.index(BOMB)
        return TrickResult(None, "bomb", "The Bomb blows the trick up: nobody wins it.", lead)
    return result


def _without_bomb(cards: Sequence[Card], trump: str | None, kinds: list[str]) -> TrickResult:
    if DRAGON in kinds and FAIRY in kinds:
        i = kinds.index(FAIRY)
        return TrickResult(i, "fairy", "The Fairy wins: she beats the Dragon.", i)
    if DRAGON in kinds:
        i = kinds.index(DRAGON)
        return TrickResult(i, "dragon", "The Dragon wins every trick it is in.", i)
    # Without the Dragon, the Fairy and the Bomb never win: the rulebook decides among the others.
    usual = [i for i, kind in enumerate(kinds) if kind != FAIRY and kind != BOMB]
    if not usual:  # (only a Fairy, or a Bomb: no card can win)
        return TrickResult(None, "none", "No card can win this trick by the usual rules.", 0)
    result = classic_trick([cards[i] for i in usual], trump)
    winner = usual[result.winner] if result.winner is not None else None
    reason = result.reason
    if result.rule == "first-jester" and FAIRY in kinds:
        reason = "Only Jesters and the Fairy were played, so the first Jester wins."
    return TrickResult(winner, result.rule, reason, usual[result.leader_next])


def anniversary_trump(card: Card) -> str | None:
    """The trump a turned-up card gives: no trump for a Fairy or a Bomb, else as the rulebook says
    (the Dragon, Werewolf, Juggler and Cloud are like a Wizard: the dealer chooses)."""
    return None if card.kind == FAIRY or card.kind == BOMB else classic_trump(card)


def _state(game: Game) -> AnniversaryState:
    return game.state.extra


def _pass_order(game: Game) -> list[int]:
    """Who chooses a card to pass first: from the dealer's left, like bidding."""
    return [(game.dealer + 1 + i) % game.players for i in range(game.players)]


# -- the Anniversary's moves and state, for any caller (the engine itself sends them as actions) --------
def werewolf_swap(game: Game) -> tuple[int, Card] | None:
    """``(seat, card)`` when the Werewolf's holder took the turned-up card this round (else ``None``;
    ``None`` in a game of other rules too)."""
    return getattr(game.state.extra, "werewolf_swap", None)


def passes(game: Game) -> list[tuple[Card, ...]]:
    """The passes made this round; ``passes(game)[k][s]`` is the card seat ``s`` gave to its left."""
    return getattr(game.state.extra, "passes", [])


def cloud_change(game: Game) -> tuple[int, int] | None:
    """``(seat, change)`` once the Cloud's holder has changed their bid this round."""
    return getattr(game.state.extra, "cloud", None)


def name_trump(game: Game, colour: str | None, seat: int | None = None) -> tuple:
    """The Werewolf's holder names the trump colour (``None``: no trump): ``Action("werewolf", colour)``."""
    return game.apply(Action(WEREWOLF_PHASE, colour), seat)


def pass_card(game: Game, card: Card | str, seat: int | None = None) -> tuple:
    """The player to move chooses the card they pass to the left after a Juggler trick."""
    return game.apply(Action(PASS, Card.parse(card)), seat)


def change_bid(game: Game, change: int, seat: int | None = None) -> tuple:
    """The Cloud's holder changes their bid by ``+1`` or ``-1`` before scoring."""
    return game.apply(Action(CLOUD_PHASE, change), seat)


def cloud_holder(game: Game) -> int | None:
    """The seat that won the trick holding the Cloud this round (``None`` if nobody)."""
    for record in game.state.tricks:
        if any(c.kind == CLOUD for c in record.cards):
            return record.winner_seat
    return None


# -- the werewolf phase ------------------------------------------------------------------------
def _werewolf_seat(game: Game) -> int:
    swap = _state(game).werewolf_swap
    assert swap is not None  # the phase exists only after a swap
    return swap[0]


def _apply_werewolf(game: Game, seat: int, value: Any) -> tuple[Any, tuple]:
    trump = check_trump(value)
    game.state.trump = trump
    game.state.phase = BID
    return value, (TrumpChosen(seat, trump, Card(WEREWOLF)),)


def _trump_words(value: Any) -> str:
    return "no trump" if value is None else COLOUR_NAMES[value]


def _werewolf_action(words: Any, value: Any) -> str:
    return "choose no trump" if value is None else f"choose {words.colour(value)} as trump"


def _werewolf_move(words: Any, name: str, you: bool, value: Any, shown: bool) -> str:
    what = "no trump" if value is None else f"{words.colour(value)} as trump"
    return f"{name} {words.verb('choose', you)} {what} (Werewolf)."


WEREWOLF_TEXT = PhaseText(
    lambda view: "You hold the Werewolf: you swapped it for the trump card. Name the trump (or no trump).",
    title=lambda view: "Werewolf: name the trump", label=_trump_words,
    tooltip=lambda value: f"Werewolf: choose {'no trump' if value is None else _trump_words(value) + ' as trump'}",
    action_words=_werewolf_action, move_words=_werewolf_move)


def _werewolf_status(game: Game) -> str:
    swap = _state(game).werewolf_swap
    took = swap[1].name if swap is not None else "card"
    return (f"Round {game.round_number}: {game.names[_werewolf_seat(game)]} holds the Werewolf, takes the "
            f"turned-up {took} and names the trump.")


# -- the pass phase ------------------------------------------------------------------------------
def _pass_seat(game: Game) -> int:
    pending = _state(game).pending
    return next(s for s in _pass_order(game) if pending[s] is None)


def _apply_pass(game: Game, seat: int, value: Any) -> tuple[Any, tuple]:
    card = Card.parse(value) if value is not None else None
    hands = game.state.hands
    if card is None or card not in hands[seat]:
        raise IllegalPlayError(f"Pass one card from your hand: you do not hold {card}. "
                               f"Your hand: {hands[seat]}.")
    state = _state(game)
    state.pending[seat] = card
    events: tuple = (PassChosen(seat, card),)
    if all(c is not None for c in state.pending):
        # Everybody has chosen: the cards move to the left together.
        given = tuple(c for c in state.pending if c is not None)
        for s, c in enumerate(given):
            hands[s].remove(c)
        for s, c in enumerate(given):
            left = (s + 1) % game.players
            hands[left] = sorted_hand([*hands[left], c])
        state.passes.append(given)
        state.pending = [None] * game.players
        game.state.phase = PLAY
        events += (CardsPassed(given),)
    return card, events


def _pass_move(words: Any, name: str, you: bool, card: Any, shown: bool) -> str:
    what = words.card_name(card) if shown else "a card"
    return f"{name} {words.verb('pass', you)} {what} to the left."


PASS_TEXT = PhaseText(
    lambda view: "After the Juggler's trick everyone passes a card to the left: click the card to pass.",
    by_hand=True, action_words=lambda words, card: f"pass {words.card_name(card)} to the left",
    move_words=_pass_move)


# -- the cloud phase -----------------------------------------------------------------------------
def _cloud_seat(game: Game) -> int:
    seat = _state(game).cloud_seat
    assert seat is not None  # the phase exists only with a Cloud holder
    return seat


def _cloud_legal(game: Game) -> list[int]:
    bid = game.state.bids[_cloud_seat(game)]
    assert bid is not None
    return cloud_changes(bid)


def _apply_cloud(game: Game, seat: int, change: Any) -> tuple[Any, tuple]:
    bids = game.state.bids
    bid = bids[seat]
    assert bid is not None
    if change not in cloud_changes(bid) or isinstance(change, bool) or not isinstance(change, int):
        if change == -1:
            raise BidError("A bid cannot go below 0: with a bid of 0 the Cloud can only add 1.")
        raise BidError(f"The Cloud changes a bid by +1 or -1, not {change!r}.")
    bids[seat] = bid + change
    _state(game).cloud = (seat, change)
    game.state.phase = SCORE
    return change, (BidChanged(seat, change, bid + change),)


CLOUD_TEXT = PhaseText(
    lambda view: "You won the Cloud's trick: change your bid by +1 or -1 before scoring.",
    title=lambda view: "Cloud: change your bid", label=lambda change: f"{change:+d}",
    tooltip=lambda change: f"Cloud: change your bid by {change:+d}",
    action_words=lambda words, change: f"change your {words.bid_noun} by {change:+d}",
    move_words=lambda words, name, you, change, shown: (
        f"{name} {words.verb('change', you)} {'your' if you else 'their'} {words.bid_noun} by {change:+d} (Cloud)."))


def _trump(text: str) -> str | None:
    return None if text == "-" else text


class Anniversary(VariantRules):
    """The Werewolf swap, the Juggler pass and the Cloud's bid change."""

    key = "anniversary"
    decide_trick = staticmethod(anniversary_trick)
    view_fields = {"werewolf_swap": None, "pending_pass": None, "passes": ()}
    record_fields = {"werewolf": None, "cloud": None}
    trump_of = staticmethod(anniversary_trump)
    never_played = {WEREWOLF: "The Werewolf is never played: it is swapped for the trump card."}
    phases = {
        WEREWOLF_PHASE: Phase(WEREWOLF_PHASE, WEREWOLF_PHASE, _werewolf_seat,
                              lambda game: [*COLOURS, None], _apply_werewolf,
                              lambda game: f"{game.names[_werewolf_seat(game)]} holds the Werewolf and is naming the trump",
                              _werewolf_status, _trump, WEREWOLF_TEXT, stage="deal"),
        PASS: Phase(PASS, PASS, _pass_seat,
                    lambda game: list(dict.fromkeys(game.state.hands[_pass_seat(game)])), _apply_pass,
                    lambda game: "players are choosing a card to pass to the left",
                    lambda game: (f"Round {game.round_number}: after the Juggler's trick everyone passes one "
                                  f"card to the left; {game.names[_pass_seat(game)]} chooses."),
                    Card.parse, PASS_TEXT),
        CLOUD_PHASE: Phase(CLOUD_PHASE, CLOUD_PHASE, _cloud_seat, _cloud_legal, _apply_cloud,
                           lambda game: f"{game.names[_cloud_seat(game)]} won the Cloud and is changing their bid",
                           lambda game: (f"Round {game.round_number}: {game.names[_cloud_seat(game)]} won the Cloud "
                                         "and changes their bid by +1 or -1."), int, CLOUD_TEXT,
                           stage="scoring"),
    }

    def new_state(self, players: int) -> AnniversaryState:
        return AnniversaryState(pending=[None] * players)

    def after_deal(self, game: Game) -> tuple:
        state = game.state
        werewolf = Card(WEREWOLF)
        holder = next((s for s, h in enumerate(state.hands) if werewolf in h), None)
        turned = state.trump_card
        if holder is None or turned is None:
            return ()
        # The swap is compulsory: the holder takes the turned-up card, the Werewolf lies on the stack.
        state.hands[holder].remove(werewolf)
        state.hands[holder] = sorted_hand([*state.hands[holder], turned])
        state.extra.werewolf_swap = (holder, turned)
        state.stock[0] = werewolf
        state.trump_card = werewolf
        state.trump = None
        state.phase = WEREWOLF_PHASE
        return (WerewolfSwapped(holder, turned),)

    def after_trick(self, game: Game, record: Any) -> tuple:
        # (Only a deck with the Juggler needs its tricks searched for it.)
        if JUGGLER in game.ruleset.specials and any(c.kind == JUGGLER for c in record.cards):
            game.state.phase = PASS
        return ()

    def before_scoring(self, game: Game) -> tuple:
        holder = cloud_holder(game) if CLOUD in game.ruleset.specials else None
        if holder is not None:
            _state(game).cloud_seat = holder
            game.state.phase = CLOUD_PHASE
        return ()

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        state = _state(game)
        return {"werewolf_swap": state.werewolf_swap, "pending_pass": state.pending[seat],
                "passes": tuple((given[seat], given[(seat - 1) % game.players]) for given in state.passes)}

    def record_extras(self, game: Game) -> dict[str, Any]:
        state = _state(game)
        return {"werewolf": state.werewolf_swap, "cloud": state.cloud}

    # A scored round's position text: werewolf swap ; cloud change, e.g. "2:R7;-" or "-;0:+1".
    def record_text(self, record: Any) -> str:
        return f"{pair_text(record.extra['werewolf'])};{pair_text(record.extra['cloud'], '+d')}"

    def parse_record(self, text: str) -> dict[str, Any]:
        werewolf, cloud = text.split(";")
        return {"werewolf": read_pair(werewolf, Card.parse), "cloud": read_pair(cloud, int)}

    # Position text: werewolf swap ; passes ; pending passes ; cloud seat ; cloud change.
    # e.g. "2:R7;G3.R9.W;-.B4.-;-;-"
    def state_text(self, game: Game) -> str:
        state = _state(game)
        swap = pair_text(state.werewolf_swap)
        passes = ",".join(".".join(map(str, given)) for given in state.passes) or "-"
        pending = ".".join("-" if c is None else str(c) for c in state.pending)
        cloud_seat = "-" if state.cloud_seat is None else str(state.cloud_seat)
        cloud = pair_text(state.cloud, "+d")
        return ";".join((swap, passes, pending, cloud_seat, cloud))

    def parse_state(self, text: str, game: Game) -> AnniversaryState:
        state = self.new_state(game.players)
        if text == "-":
            return state  # nothing has happened yet (a position may leave the field out)
        swap, passes, pending, cloud_seat, cloud = text.split(";")
        state.werewolf_swap = read_pair(swap, Card.parse)
        if passes != "-":
            state.passes = [tuple(Card.parse(c) for c in given.split(".")) for given in passes.split(",")]
            if any(len(given) != game.players for given in state.passes):
                raise ValueError("every pass moves one card from each player")
        state.pending = [None if c == "-" else Card.parse(c) for c in pending.split(".")]
        if len(state.pending) != game.players:
            raise ValueError("give one pending pass (or -) for each player")
        state.cloud_seat = None if cloud_seat == "-" else int(cloud_seat)
        state.cloud = read_pair(cloud, int)
        return state


ANNIVERSARY_RULES = register_variant(Anniversary())

__all__ = ["Anniversary", "AnniversaryPhase", "AnniversaryState", "anniversary_trick", "anniversary_trump", "ANNIVERSARY_RULES", "cloud_holder"]
