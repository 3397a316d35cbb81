"""Look back at a finished round from one seat: was the bid (the prediction) a good one?

:func:`review_round` answers from what the seat could see *when it bid*: its hand, the turned-up card
and trump, the bids made before its own. That moment is set up again from the game itself: every
round is shuffled from ``(seed, round)`` and a game is its seed plus its actions
(:mod:`wizard_edu.engine.game`), so the round is replayed, and its cards, dealt back to the seats
that played them, are written as a position in the bidding (:mod:`wizard_edu.engine.position`).

The chances use the kit's odds:

* a one-card round is counted exactly (:func:`wizard_edu.simulate.odds.one_card_win_probability`: the
  other cards are any of the unseen ones, all equally likely; the play is forced, so that is the whole
  answer), except after a Wizard was turned up (the dealer chose trump, which the exact count does not
  take), where the simulator estimates it;
* any other round is estimated by the simulator (:func:`wizard_edu.simulate.chances.bid_values`): the
  unseen cards are dealt at random many times, the others bid what they bid (those after the seat: the
  rule-of-thumb bid of their dealt hand) and everybody plays toward their bid; each bid's chance comes
  with its standard error, said in words.

The turning point is the seat's own card that cost its bid the most chance
(:func:`wizard_edu.simulate.chances.card_chances` at each of its plays): *before* is the chance with
the coach's card there (the card most likely to make the bid, as the hard player picks it:
:func:`wizard_edu.players.hard.best_row`; the sentence is the coach's,
:func:`wizard_edu.players.coach.play_sentence`), *after* the chance with the card it played.

Everything is seeded from the game's seed, the round and the seat, so the same round gives the
same review; chances are rounded to hundredths, expected scores to tenths.

>>> from wizard_edu import Game
>>> from wizard_edu.players.table import play_game
>>> game = play_game(["medium"] * 3, rules="junior", seed=4)
>>> r = review_round(game, 1, seat=0)
>>> r.exact, sorted(r.bid_chances), sum(r.exact_chances.values())
(True, [0, 1], Fraction(1, 1))
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..engine.cards import COLOUR_NAMES, Card, Cards
from ..engine.game import PLAY, Game
from ..engine.position import TAG
from ..engine.records import RoundRecord, RoundState
from ..engine.rules.checks import flag
from ..engine.rules.tables import is_tabled
from ..engine.views import SeatView
from ..errors import (
    ArgumentError,
    DealerChoosesError,
    SeatError,
    UnknownRulesetError,
    WizardError,
    WrongPhaseError,
    short,
    whole,
)
from ..players.coach import play_sentence
from ..players.hard import best_row
from ..simulate.chances import bid_values, card_chances
from ..simulate.odds import one_card_win_probability
from . import words

#: A card that cost less chance than this (1 in 10) is no turning point: the review says none.
TURNING_POINT_LEAST = 0.1


def bid_samples(hand_size: int) -> int:
    """Deals of the unseen cards for the bid chances (tuned with ``benchmarks/bench_review.py``:
    a look-back within 1 s for rounds of up to 5 cards and within 3 s for the largest)."""
    return 4000 if hand_size <= 5 else 3000 if hand_size <= 10 else 2000 if hand_size <= 15 else 1500


def play_samples(hand_size: int) -> int:
    """Deals for each card the seat chose among (see :func:`bid_samples`)."""
    return 1500 if hand_size <= 5 else 1000 if hand_size <= 10 else 600 if hand_size <= 15 else 400


@dataclass(frozen=True)
class TrickStep:
    """One trick of the round: its cards by seat in play order, its winner and why."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    #: The seat that took the trick (``None``: nobody, under a variant's rule).
    winner: int | None
    #: The rule that decided it (``"highest-trump"``, ...) and the reason in words: the engine's
    #: :func:`~wizard_edu.engine.rules.core.explain_trick` of these cards.
    rule: str
    reason: str
    text: str


@dataclass(frozen=True)
class TurningPoint:
    """The seat's card that cost its bid the most chance, and what the coach would have played."""

    #: The trick (1-based) and the card the seat played into it.
    trick: int
    card: Card
    #: The chance of making the bid with the coach's card there, and with the card played.
    chance_before: float
    chance_after: float
    #: The standard error of those two estimates (the larger of the two).
    error: float
    coach_card: Card
    #: The coach's sentence for its card (:func:`wizard_edu.players.coach.play_sentence`).
    coach_says: str
    #: Deals of the unseen cards simulated for this card.
    samples: int

    @property
    def change(self) -> float:
        """How much chance the card played cost (before - after)."""
        return round(self.chance_before - self.chance_after, 2)


@dataclass(frozen=True)
class RoundReview:
    """A look back at one round from one seat (see :func:`review_round`)."""

    round_number: int
    seat: int
    #: The players' names (``names[seat]`` is this seat's).
    names: tuple[str, ...]
    #: ``"junior"`` or ``"classic"`` (how the round was scored) and the ruleset's title.
    scoring: str
    title: str
    players: int
    hand_size: int
    #: What the seat saw when it bid: its hand, the turned-up card, the trump, the bids before its own
    #: (``(seat, bid)`` in bidding order; ``None``: a hidden bid).
    hand: Cards
    turned_up: Card | None
    trump: str | None
    bids_before: tuple[tuple[int, int | None], ...]
    bid: int
    tricks: int
    points: int
    #: Each allowed bid -> the chance of making exactly that bid, playing toward it (hundredths).
    bid_chances: dict[int, float]
    #: Each bid -> the standard error of its chance (0 where exact).
    chance_errors: dict[int, float]
    #: Each bid -> its average score (tenths).
    expected_scores: dict[int, float]
    #: Junior: the bid most likely to come true; Classic: the bid with the best average score.
    best_bid: int
    #: True when the chances were counted exactly (then ``exact_chances`` and ``exact_scores`` hold them
    #: as fractions); else ``samples`` deals of the unseen cards estimated them.
    exact: bool
    samples: int
    turning_point: TurningPoint | None
    steps: tuple[TrickStep, ...]
    exact_chances: dict[int, Fraction] | None = None
    exact_scores: dict[int, Fraction] | None = None
    #: Words for children (Junior's default) or for older learners (Classic's).
    kid: bool = False
    text: str = field(default="", repr=False)

    @property
    def name(self) -> str:
        return self.names[self.seat]

    @property
    def chance(self) -> float:
        """The chance the kit gives the bid the seat made."""
        return self.bid_chances[self.bid]

    @property
    def best_chance(self) -> float:
        return self.bid_chances[self.best_bid]

    @property
    def error(self) -> float:
        """The largest standard error of the bid chances (0 when exact)."""
        return max(self.chance_errors.values(), default=0.0)

    @property
    def made(self) -> bool:
        return self.bid == self.tricks

    def __str__(self) -> str:
        return self.text


# -- checking the question ----------------------------------------------------------------------
def _check(game: object, round_number: object, seat: object) -> tuple[Game, int, int]:
    if not isinstance(game, Game):
        raise ArgumentError(f"Looking back needs a game of Wizard (a Game), not {short(game)}.")
    if not is_tabled(game.ruleset):
        raise UnknownRulesetError(f"Looking back works for Wizard Junior and Classic Wizard cards, not for "
                                  f"{game.ruleset.title} (its special cards or own piles).")
    rounds = len(game.round_sizes)
    number = whole(round_number)
    if number is None or not 1 <= number <= rounds:
        raise ArgumentError(f"This game has rounds 1 to {rounds}: there is no round {short(round_number)}.")
    if number > len(game.rounds):
        raise WrongPhaseError(f"Round {number} is not finished yet: look back once its last trick is played.")
    place = whole(seat)
    if place is None or not 0 <= place < game.players:
        seats = ", ".join(f"{i} ({n})" for i, n in enumerate(game.names))
        raise SeatError(f"There is no seat {short(seat)} at this table: the seats are {seats}.")
    if game.ruleset.clairvoyance and number == 1:
        raise WizardError("In round 1 of Clairvoyance nobody could see their own card, so there is no "
                          "prediction to look back on.")
    return game, number, place


# -- replaying the round -------------------------------------------------------------------------
@dataclass
class _Replayed:
    """Round ``index`` of a game played again: its last state (every trick), a position in its play,
    the seat's view before each of its own cards with the card it played, and its score line."""

    state: RoundState
    position: str
    turns: list[tuple[SeatView, Card]]
    record: RoundRecord


def _fresh(game: Game) -> Game:
    """The game as it began (dealt from its seed, or set up from its start position)."""
    if game.start_position is not None:
        return Game.from_position(game.start_position)
    return Game(players=game.players, rules=game.ruleset, seed=game.seed, first_dealer=game.first_dealer,
                names=game.names, hand_sizes=game.round_sizes if game.custom_hand_sizes else None)


def _replay(game: Game, number: int, seat: int) -> _Replayed:
    index = number - 1
    replay = _fresh(game)
    if replay.round_index > index:
        raise WizardError(f"This game was set up from a position in round {replay.round_number}, so the cards "
                          f"of round {number} are not known: look back at round {replay.round_number} or later.")
    state: RoundState | None = None
    position: str | None = None
    turns: list[tuple[SeatView, Card]] = []
    for mover, action in game.history:
        if replay.round_index > index:
            break
        if replay.round_index == index:
            state = replay.state
            if replay.phase == PLAY:
                if position is None:
                    position = replay.position()
                if mover == seat:
                    turns.append((replay.view(seat), Card.parse(action.value)))
        replay.apply(action, mover)
    if state is None or position is None:
        raise WizardError(f"The cards of round {number} were played before this game was set up, so they are "
                          "not known.")
    return _Replayed(state, position, turns, game.rounds[index])


def _bid_position(replayed: _Replayed, seat: int, hand_size: int) -> str:
    """A position at the moment ``seat`` bid: every seat holds the cards it went on to play, and only
    the bids made before its own are in."""
    fields = dict(word.split("=", 1) for word in replayed.position.split()[1:])
    players = len(replayed.record.bids)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for trick in replayed.state.tricks:
        for s, card in trick.plays:
            hands[s].append(card.unnamed)
    if any(len(h) != hand_size for h in hands):
        raise WizardError("Some cards of this round were played before the game was set up, so the hands "
                          "at the bidding are not known.")
    dealer = replayed.record.dealer
    order = [(dealer + 1 + i) % players for i in range(players)]
    before = set(order[:order.index(seat)])
    fields.update(phase="bid", hands="/".join(".".join(map(str, h)) for h in hands), tricks="-", trick="-",
                  bids=",".join(str(b) if s in before else "-" for s, b in enumerate(replayed.record.bids)))
    return " ".join([TAG, *(f"{k}={v}" for k, v in fields.items())])


def bid_time_game(game: Game, round_number: int, seat: int) -> Game:
    """A game set up at the moment ``seat`` bid in round ``round_number`` (a finished round): the same
    hands, turned-up card, trump and earlier bids; ``game`` is not changed.

    The hard player's line in the predictions record replays the round from here
    (:func:`wizard_edu.review.record.hard_player_round`).
    """
    game, number, seat = _check(game, round_number, seat)
    replayed = _replay(game, number, seat)
    return Game.from_position(_bid_position(replayed, seat, game.round_sizes[number - 1]))


# -- the chances -----------------------------------------------------------------------------------
@dataclass
class _Chances:
    chances: dict[int, float]
    errors: dict[int, float]
    scores: dict[int, float]
    exact_chances: dict[int, Fraction] | None
    exact_scores: dict[int, Fraction] | None
    samples: int


def _exact_one_card(view: SeatView) -> _Chances | None:
    """The one-card round counted exactly (``None`` when the kit cannot count it: a Wizard turned up)."""
    if view.hand_size != 1 or len(view.hand) != 1:
        return None
    lead_position = (view.seat - (view.dealer + 1)) % view.players  # odds count seats from the leader
    ruleset = view.ruleset
    # A bidding limit changes which bids are allowed (the view's legal bids), never who takes the trick:
    # the count is that of the same deck without it (the exact odds refuse a ruleset with one).
    cards = ruleset.with_options(bid_rule=None) if ruleset.bid_rule else ruleset
    try:
        win = one_card_win_probability(view.hand[0], view.players, lead_position, view.trump_card, cards)
    except DealerChoosesError:
        return None
    chances = {b: (win if b == 1 else 1 - win) for b in view.legal_bids}
    scores = {b: win * ruleset.score(b, 1) + (1 - win) * ruleset.score(b, 0) for b in view.legal_bids}
    return _Chances({b: float(p) for b, p in chances.items()}, {b: 0.0 for b in chances},
                    {b: float(s) for b, s in scores.items()}, chances, scores, 0)


def _simulated(view: SeatView, samples: int, seed: int) -> _Chances:
    table = bid_values(view, samples=samples, seed=seed)
    bids = [int(b) for b in table.index.tolist()]
    chances = dict(zip(bids, table["makes bid"].astype(float).tolist()))
    errors = dict(zip(bids, table["makes bid se"].astype(float).tolist()))
    scores = dict(zip(bids, table["expected score"].astype(float).tolist()))
    return _Chances(chances, errors, scores, None, None, int(table.attrs["deals"]))


def _best(chances: dict[int, float], scores: dict[int, float], junior: bool) -> int:
    """Junior: the likeliest bid; Classic: the best average score; on a tie the lower bid."""
    values = chances if junior else scores
    return max(values, key=lambda b: (values[b], -b))


# -- the turning point ------------------------------------------------------------------------------
def _turning_point(replayed: _Replayed, samples: int, seed: int) -> TurningPoint | None:
    found: TurningPoint | None = None
    for k, (view, played) in enumerate(replayed.turns):
        options = list(dict.fromkeys(view.legal_cards))
        if len(options) < 2:
            continue  # a forced card changes nothing the seat chose
        need = (view.bids[view.seat] or 0) - view.tricks_won[view.seat]
        if need < 0 or need > len(view.hand):
            continue  # the bid is lost whatever is played: every card leaves the chance at 0
        table = card_chances(view, samples=samples, seed=seed + k)
        cards = list(table["card"])
        mine = cards.index(played.unnamed) if played.unnamed in cards else cards.index(played)
        coach = best_row(table)
        before, after = float(table["makes bid"].iloc[coach]), float(table["makes bid"].iloc[mine])
        error = max(float(table["makes bid se"].iloc[coach]), float(table["makes bid se"].iloc[mine]))
        if before - after < TURNING_POINT_LEAST or (found is not None and
                                                    before - after <= found.chance_before - found.chance_after):
            continue
        coach_card = cards[coach]
        found = TurningPoint(len(view.tricks) + 1, played, round(before, 2), round(after, 2), round(error, 3),
                             coach_card, play_sentence(view, coach_card, simulated=True), int(table.attrs["deals"]))
    return found


# -- the steps ----------------------------------------------------------------------------------------
def _steps(replayed: _Replayed, names: tuple[str, ...]) -> tuple[TrickStep, ...]:
    steps = []
    for number, trick in enumerate(replayed.state.tricks, start=1):
        result = trick.result
        winner = trick.winner_seat
        cards = ", ".join(f"{names[s]} {c.name}" for s, c in trick.plays)
        who = "Nobody takes it" if winner is None else f"{names[winner]} takes it"
        steps.append(TrickStep(number, trick.leader, trick.plays, winner, result.rule, result.reason,
                               f"Trick {number}: {cards}. {who}: {result.reason}"))
    return tuple(steps)


# -- the words -----------------------------------------------------------------------------------------
def _text(r: RoundReview) -> str:
    kid = r.kid
    said = "predicted" if r.scoring == "junior" else "bid"
    what = "prediction" if r.scoring == "junior" else "bid"
    lines = []
    outcome = f"You {said} {r.bid} and won {words.tricks(r.tricks)}"
    if kid:
        lines.append(outcome + (": it came true!" if r.made else "."))
    else:
        lines.append(f"{outcome}: {words.signed(r.points)} points.")
    seen = ["you held " + words.and_list([f"the {c.name}" for c in r.hand])]
    seen.append(_turned_words(r.turned_up, r.trump))
    if r.bids_before:
        others = words.and_list([f"{'?' if b is None else b} from {r.names[s]}" for s, b in r.bids_before])
        seen.append(f"before you, the {what}s were {others}")
    lines.append(f"When you {said}, " + "; ".join(seen) + ".")
    bids = sorted(r.bid_chances)
    if kid:
        lines.append(f"In 10 rounds like this one, you would win {words.tricks(r.bid)} "
                     f"{words.times_in_ten(r.chance)}.")
        rest = [f"{words.tricks(b)} {words.times_in_ten(r.bid_chances[b])}" for b in bids if b != r.bid]
        if rest:
            lines.append(f"Playing for another {what}, you would win " + words.and_list(rest) + ".")
        if r.best_bid == r.bid:
            lines.append(f"Your {what} had the best chance!")
        else:
            lines.append(f"The best {what} was {r.best_bid}: it comes true {words.often(r.best_chance)}.")
    else:
        for b in bids:
            mark = " (yours)" if b == r.bid else ""
            lines.append(f"  bid {b}{mark}: comes true {words.in_hundred(r.bid_chances[b])}, "
                         f"expected score {words.signed(r.expected_scores[b])}")
        best = (f"Best bid: {r.best_bid} (expected score {words.signed(r.expected_scores[r.best_bid])}, "
                f"comes true {words.in_hundred(r.best_chance)})")
        lines.append(best + (": your bid." if r.best_bid == r.bid else "."))
    lines.append(words.exact_words(kid) if r.exact else words.off_by(r.error, r.samples, kid))
    lines.append(_turning_words(r))
    lines.append("Step by step:" if kid else "Trick by trick:")
    lines.extend(step.text for step in r.steps)
    return "\n".join(lines)


def _turned_words(card: Card | None, trump: str | None) -> str:
    if card is None:
        return "no card was turned up, so there was no trump"
    said = f"the turned-up card was the {card.name}"
    if card.is_wizard and trump is not None:
        return f"{said} and the dealer chose {COLOUR_NAMES[trump]} as trump"
    return said if trump is not None else f"{said}, so there was no trump"


def _turning_words(r: RoundReview) -> str:
    tp = r.turning_point
    what = "prediction" if r.scoring == "junior" else "bid"
    if tp is None:
        if r.hand_size == 1:
            return "With one card there was nothing to choose: your card played itself."
        return f"No card you played changed the chance of your {what} by much: you played it well."
    coach = "the same card" if tp.coach_card == tp.card else f"the {tp.coach_card.name}"
    if r.kid:
        return (f"The turning point was trick {tp.trick}, when you played the {tp.card.name}. With {coach}, "
                f"your {what} would come true {words.often(tp.chance_before)}; after the {tp.card.name}, "
                f"{words.often(tp.chance_after)}. The coach would have played the {tp.coach_card.name}: "
                f"{tp.coach_says}")
    return (f"Turning point: trick {tp.trick}, your {tp.card.name}. The chance of making your bid was "
            f"{words.in_hundred(tp.chance_before)} with {coach} (the coach's card) and "
            f"{words.in_hundred(tp.chance_after)} after the {tp.card.name} (standard error about "
            f"{max(1, round(tp.error * 100))} in 100). Coach: {tp.coach_says}")


# -- the look-back -----------------------------------------------------------------------------------
def review_round(game: Game, round_number: int, seat: int, *, kid: bool | None = None,
                 samples: int | None = None, card_samples: int | None = None) -> RoundReview:
    """Look back at finished round ``round_number`` (1-based) of ``game`` from ``seat``.

    Returns a :class:`RoundReview`: the bid and the tricks won, the chance of each allowed bid from
    what the seat saw when it bid (exact for one-card rounds, else simulated with its standard
    error), the best bid (Junior: the likeliest; Classic: the best average score), the turning
    point (or ``None``), every trick with its winner and why, and ``.text`` in words (``kid``: for
    children; by default for Wizard Junior). ``samples`` and ``card_samples``: deals for the bid
    chances and for each card (by default :func:`bid_samples` and :func:`play_samples`). ``game``
    is not changed.

    Raises :class:`~wizard_edu.errors.WrongPhaseError` for a round not finished,
    :class:`~wizard_edu.errors.SeatError` for a seat not at the table,
    :class:`~wizard_edu.errors.ArgumentError` for something that is not a game or a round number
    the game does not have, and :class:`~wizard_edu.errors.UnknownRulesetError` for a game of
    another kind (special cards, Monochrome).
    """
    game, number, seat = _check(game, round_number, seat)
    size = game.round_sizes[number - 1]
    replayed = _replay(game, number, seat)
    view = Game.from_position(_bid_position(replayed, seat, size)).view(seat)
    if view.hand_hidden:  # pragma: no cover - refused by _check (Clairvoyance's round 1)
        raise WizardError("You could not see your own card when you bid.")
    junior = game.ruleset.scoring == "junior"
    base = zlib.crc32(f"review|{game.seed}|{number}|{seat}".encode())
    n_bid = bid_samples(size) if samples is None else samples
    n_card = play_samples(size) if card_samples is None else card_samples
    chances = _exact_one_card(view) or _simulated(view, n_bid, base)
    record = replayed.record
    dealer = record.dealer
    order = [(dealer + 1 + i) % game.players for i in range(game.players)]
    before = tuple((s, view.bids[s]) for s in order[:order.index(seat)])
    review = RoundReview(
        round_number=number, seat=seat, names=game.names, scoring=game.ruleset.scoring,
        title=game.ruleset.title, players=game.players, hand_size=size, hand=Cards(view.hand),
        turned_up=view.trump_card, trump=view.trump, bids_before=before, bid=record.bids[seat],
        tricks=record.won[seat], points=record.points[seat],
        bid_chances={b: round(p, 2) for b, p in chances.chances.items()},
        chance_errors={b: round(e, 3) for b, e in chances.errors.items()},
        expected_scores={b: round(s, 1) for b, s in chances.scores.items()},
        best_bid=_best(chances.chances, chances.scores, junior), exact=chances.exact_chances is not None,
        samples=chances.samples, turning_point=_turning_point(replayed, n_card, base + 1),
        steps=_steps(replayed, game.names), exact_chances=chances.exact_chances,
        exact_scores=chances.exact_scores, kid=junior if kid is None else flag(kid, "kid"))
    return replace(review, text=_text(review))


__all__ = ["review_round", "RoundReview", "TurningPoint", "TrickStep", "bid_time_game", "bid_samples",
           "play_samples", "TURNING_POINT_LEAST"]
