"""The coach: a suggestion for the learner's move, with one sentence saying why.

The suggestion is the move a computer player would make in the learner's
seat (by default the :class:`~wizard_edu.players.simulating.SimulatingPlayer`,
the strongest player in the kit), so a hint can be checked:
``hint(view).action == SimulatingPlayer(seed=0).act(view)``.  The sentence is
built from what the learner can see: the hand, the trump, the bids and the
trick on the table.

>>> from wizard_edu import Game
>>> game = Game(players=4, seed=11)
>>> h = hint(game.view(game.to_move))
>>> h.action
Action(kind='bid', value=1)
>>> h.text
'You hold the red 12 in trump: expect about 1 trick, so bid 1.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import COLOUR_NAMES, Card, Cards
from ..engine.game import Action, SeatView
from ..engine.rules.core import lead_colour, trick_winner
from ..errors import OutOfTurnError, PlayerError, WrongPhaseError
from .base import Player
from .simulating import SimulatingPlayer, is_plain, is_safe

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

_default: list[Player] = []


def default_player() -> Player:
    """The coach's own player: a :class:`SimulatingPlayer` with seed 0 (made once)."""
    if not _default:
        _default.append(SimulatingPlayer(seed=0, name="Coach"))
    return _default[0]


@dataclass(frozen=True)
class Hint:
    """A suggested action and one sentence a learner can follow.

    ``details`` holds optional extra lines (for a bid by the simulating player:
    the average score of each bid it tried), for a "tell me more" display.
    """

    action: Action
    text: str
    details: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


def hint(view: SeatView, player: Player | None = None) -> Hint:
    """What ``player`` (default: the coach's simulating player) would do in this view, and why.

    Raises :class:`~wizard_edu.errors.OutOfTurnError` when it is not this seat's turn.
    """
    if not isinstance(view, SeatView):
        raise PlayerError(f"A hint needs a seat's view of a game (game.view(seat)), not {view!r}.")
    if player is not None and not callable(getattr(player, "act", None)):
        raise PlayerError(f"The coach asks a computer player (an object with an act(view) method), not {player!r}.")
    if not view.legal:
        if view.phase == "over":
            raise WrongPhaseError("The game is over: there is nothing left to hint.")
        who = view.names[view.to_move] if view.to_move is not None else "another player"
        raise OutOfTurnError(f"It is {who}'s turn, not {view.names[view.seat]}'s: a hint comes on your turn.")
    player = default_player() if player is None else player
    action = player.act(view)
    if action.kind == "bid":
        return Hint(action, bid_sentence(view, action.value), _bid_details(view, player))
    if action.kind in ("trump", "werewolf"):
        return Hint(action, trump_sentence(view, action.value))
    if action.kind == "play" and action.value is not None:
        simulated = isinstance(player, SimulatingPlayer)
        return Hint(action, play_sentence(view, Card.parse(action.value), simulated=simulated))
    return Hint(action, other_sentence(view, action))


def other_sentence(view: SeatView, action: Action) -> str:
    """One sentence for the rarer actions of variants (Clairvoyance, Juggler passing, the Cloud)."""
    if action.kind == "play":
        return "Play the card you cannot see: it is the only card you have this round."
    if action.kind == "pass":
        return f"Pass {_card_words(Card.parse(action.value))} to your left: it is the card you need least."
    if action.kind == "cloud":
        bid = (view.bids[view.seat] or 0) + action.value
        won = view.tricks_won[view.seat]
        return f"Change your bid by {action.value:+d} to {bid}: you won {_tricks(won)}."
    return f"Choose {action}."


# -- words ------------------------------------------------------------------------
def _count(n: int, word: str) -> str:
    """'a Wizard', 'two Wizards', '7 tricks'."""
    if n == 1:
        return f"a {word}" if word[0] not in "aeiou" else f"an {word}"
    return f"{_NUMBER_WORDS.get(n, str(n))} {word}s"


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _card_words(card: Card) -> str:
    if card.is_wizard:
        return "a Wizard"
    if card.is_jester:
        return "a Jester"
    if card.is_number:
        return f"the {card}"
    return f"the {card.kind.capitalize()}"


def holding(view: SeatView) -> str:
    """'You hold two Wizards and the red 12 in trump': the cards that win tricks."""
    hand, trump, ranks = view.hand, view.trump, view.ruleset.ranks
    parts = []
    wizards = sum(c.is_wizard for c in hand)
    if wizards:
        parts.append(_count(wizards, "Wizard"))
    specials = [c for c in hand if c.kind == "dragon"]
    if specials:
        parts.append("the Dragon")
    trumps = sorted((c for c in hand if c.is_number and c.colour == trump), key=lambda c: -c.value)
    high_trumps = [c for c in trumps if c.value >= ranks - 3]
    if high_trumps:
        parts.append(_and([f"the {c.name}" for c in high_trumps]) + " in trump")
    low_trumps = len(trumps) - len(high_trumps)
    if low_trumps:
        more = "more " if high_trumps else ""
        parts.append(f"{_NUMBER_WORDS.get(low_trumps, str(low_trumps))} {more}{'trump' if low_trumps == 1 else 'trumps'}")
    aces = [c for c in hand if c.is_number and c.colour != trump and c.value >= ranks - 1]
    if aces:
        parts.append(_and([f"the {c.name}" for c in aces]))
    if not parts:
        return "You hold no Wizards and no high cards" if trump is None else \
            "You hold no Wizards, no trumps and no high cards"
    return "You hold " + _and(parts)


def bid_sentence(view: SeatView, bid: int) -> str:
    """One sentence for a bid."""
    if bid == 0:
        aim = "lose your trick" if view.hand_size == 1 else "lose every trick"
        return f"{holding(view)}: {_verb(view)} 0 and aim to {aim}."
    return f"{holding(view)}: expect about {_tricks(bid)}, so {_verb(view)} {bid}."


def _verb(view: SeatView, past: bool = False) -> str:
    """Wizard Junior says "predict" where Classic says "bid"."""
    if view.ruleset.scoring == "junior":
        return "predicted" if past else "predict"
    return "bid"


def trump_sentence(view: SeatView, colour: str | None) -> str:
    """One sentence for the dealer's trump choice."""
    if colour is None:
        return "Choose no trump."
    name = COLOUR_NAMES[colour]
    own = Cards(c for c in view.hand if c.is_number and c.colour == colour)
    if not any(c.is_number for c in view.hand):
        return f"Choose {name} as trump: you hold no coloured cards, so no colour helps you more than another."
    if not own:
        return (f"Choose {name} as trump: you hold no {name} cards, which suits a hand "
                "that wants to lose tricks.")
    which = "card" if len(own) == 1 else "cards"
    return f"Choose {name} as trump: you hold {len(own)} {name} {which} ({own}), and trumps beat every other colour."


def play_sentence(view: SeatView, card: Card, simulated: bool = False) -> str:
    """One sentence for playing ``card`` now (``simulated``: the choice came from simulated deals)."""
    bid = view.bids[view.seat]
    won = view.tricks_won[view.seat]
    need = (bid or 0) - won
    trick = view.trick_cards
    what = _card_words(card)
    legal = list(dict.fromkeys(view.legal_cards))
    if need > 0:
        goal = f"You still need {_tricks(need)}"
    elif need == 0:
        said = _verb(view, past=True)
        goal = f"You have the {_tricks(bid or 0)} you {said}" if bid else f"You {said} 0"
    else:
        goal = f"You already have {_tricks(-need)} too many"

    if not trick:
        if need > 0:
            if card.is_wizard:
                return f"{goal}: lead {what}, it wins this trick for sure."
            if card == _strongest(view, legal):
                return f"{goal}: lead {what}, your strongest card."
            if simulated:
                return f"{goal}: lead {what}, which made your bid most often in the simulated deals."
            return f"{goal}: lead {what}."
        if card == _lowest(view, legal):
            return f"{goal}: lead {what}, your weakest card, so someone else is likely to take the trick."
        if simulated:
            return f"{goal}: lead {what}, which lost tricks most safely in the simulated deals."
        return f"{goal}: lead {what} and hope someone else takes the trick."

    def wins(c: Card) -> bool:
        return trick_winner(Cards([*trick, c]), view.trump, view.ruleset) == len(trick)

    winners = [c for c in legal if wins(c)]
    last = len(trick) == view.players - 1
    if card in winners:
        if need > 0:
            if _is_safe(view, card, last):
                if len(winners) > 1 and card == _cheapest(view, winners):
                    return f"{goal}: {what} is the cheapest card that wins this trick for sure."
                return f"{goal}: {what} wins this trick, and no card still out can beat it."
            if card == _cheapest(view, winners):
                return f"{goal}: {what} is the cheapest card that wins this trick now."
            return f"{goal}: {what} wins this trick now."
        if len(winners) == len(legal):
            if last:
                return (f"{goal}, but every card you may play wins this trick: "
                        f"get rid of {what} now, while it costs nothing extra.")
            if card == _cheapest(view, winners):
                return (f"{goal}, but every card you may play beats the cards so far: "
                        f"{what} is the weakest, so a later player may still take the trick.")
            return (f"{goal}, but every card you may play beats the cards so far: "
                    f"a later player may still beat {what}.")
        if simulated:
            return (f"{goal}, yet taking this trick with {what} worked out best in the simulated deals, "
                    "because it would be harder to lose later.")
        return f"{goal}, yet {what} takes this trick."
    if need > 0:
        if not winners:
            if card == _lowest(view, legal):
                return f"{goal}, but no card you may play wins this trick: throw away {what}, your lowest card."
            if card.is_jester:
                return f"{goal}, but no card you may play wins this trick: throw away {what}."
            if simulated:
                return (f"{goal}, but no card you may play wins this trick: throw away {what}, the card the "
                        "simulated deals say you will miss least.")
            return f"{goal}, but no card you may play wins this trick: throw away {what}."
        return f"{goal}, but {what} loses this trick and keeps your winners for later."
    losers = [c for c in legal if c not in winners]
    if card == _strongest(view, losers) and len(losers) > 1:
        return f"{goal}: duck with {what}, the highest card that still loses this trick."
    return f"{goal}: {what} loses this trick."


def _strength(view: SeatView, card: Card) -> float:
    from .rule_of_thumb import strength

    led = lead_colour(view.trick_cards, view.ruleset)
    return strength(card, view.trump, led or card.colour)


def _lowest(view: SeatView, cards: list[Card]) -> Card | None:
    """The lowest number card (trumps count as higher than the other colours), if any."""
    numbers = [c for c in cards if c.is_number]
    if not numbers:
        return None
    return min(numbers, key=lambda c: (c.colour == view.trump, c.value))


def _cheapest(view: SeatView, cards: list[Card]) -> Card:
    return min(cards, key=lambda c: _strength(view, c))


def _strongest(view: SeatView, cards: list[Card]) -> Card:
    return max(cards, key=lambda c: _strength(view, c))


def _is_safe(view: SeatView, card: Card, last: bool) -> bool:
    """True when nobody after this player can still beat ``card`` (it wins the trick now)."""
    if last or card.is_wizard:
        return True
    if not is_plain(view.ruleset):
        return False
    return is_safe(view, card)


def _bid_details(view: SeatView, player: Player) -> tuple[str, ...]:
    if not isinstance(player, SimulatingPlayer) or not is_plain(view.ruleset) or view.hand_hidden:
        return ()  # (under Clairvoyance the hand is hidden: the simulator bid by the rule of thumb)
    analysis = player.analyse_bid(view)
    lines = [f"{player.name} played this round out {analysis.samples} times with the unseen cards dealt "
             "at random:"]
    for b in sorted(analysis.mean_score):
        lines.append(f"bid {b}: {analysis.mean_tricks[b]:.1f} tricks and {analysis.mean_score[b]:+.1f} "
                     "points on average")
    return tuple(lines)


def bid_chances(view: SeatView, samples: int = 1000, seed: int | None = 0) -> tuple[str, ...]:
    """A line per bid for a "tell me more" display: how often the bid comes true and the average score
    when the hand is played toward it (:func:`wizard_edu.simulate.odds.bid_values`).

    Not part of :func:`hint` (whose details stay the simulating player's own figures).
    """
    from ..simulate.chances import bid_values

    table = bid_values(view, samples=samples, seed=seed)
    verb = _verb(view).capitalize()
    return tuple(f"{verb} {b}: it comes true about {round(row['makes bid'] * 10)} times in 10, "
                 f"{row['expected score']:+.1f} points on average." for b, row in table.iterrows())


__all__ = ["Hint", "hint", "bid_chances", "default_player", "bid_sentence", "play_sentence", "trump_sentence", "holding"]
