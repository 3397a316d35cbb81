"""A rule-of-thumb player: bids by counting strong cards, then plays toward its bid.

It wins cheaply when it still needs tricks and ducks when it does not.  The
strength estimates are deliberately simple so a learner can follow them.
"""

from __future__ import annotations

from collections import Counter

from ..cards import COLOURS, Card, Cards
from ..game import Action, SeatView
from ..rules.core import trick_winner
from .base import SeededPlayer


def card_power(card: Card, trump: str | None, ranks: int) -> float:
    """A rough chance (0..1) that ``card`` wins a trick on its own."""
    if card.kind in ("wizard", "dragon"):
        return 1.0
    if card.colour is None:
        return 0.0
    top = card.value / ranks
    if card.colour == trump:
        return 0.35 + 0.65 * top ** 1.5
    return max(0.0, top - 0.55) * 1.6


def count_tricks(hand: Cards, trump: str | None, ranks: int, players: int) -> float:
    """Expected tricks by the rule of thumb: add up each card's power, less with more players."""
    crowd = {3: 1.1, 4: 1.0, 5: 0.9, 6: 0.8}.get(players, 1.0)
    total = 0.0
    for card in hand:
        power = card_power(card, trump, ranks)
        total += power if power >= 1.0 else power * crowd
    return total


def strength(card: Card, trump: str | None, led: str | None) -> float:
    """How strong ``card`` is in the current trick (to pick the cheapest winner or the safest loser)."""
    if card.kind in ("wizard", "dragon"):
        return 100.0
    if card.colour is None:
        return -1.0
    if card.colour == trump:
        return 50.0 + card.value
    if card.colour == led:
        return 25.0 + card.value
    return card.value


class RuleOfThumbPlayer(SeededPlayer):
    """Counts strong cards to bid; plays the cheapest winning card when it needs tricks, ducks otherwise."""

    name = "Rule of thumb"

    def choose(self, view: SeatView) -> Action:
        kind = view.legal[0].kind
        if kind == "trump":
            return Action("trump", self.pick_trump(view.hand))
        if kind == "bid":
            return Action("bid", self.pick_bid(view))
        if kind == "play":
            return Action("play", self.pick_card(view))
        return self.rng.choice(view.legal)

    @staticmethod
    def pick_trump(hand: Cards) -> str:
        """The colour with the most (then the highest) cards in hand."""
        counts = Counter(c.colour for c in hand if c.colour)
        return max(COLOURS, key=lambda col: (counts[col], sum(c.value for c in hand if c.colour == col),
                                             -COLOURS.index(col)))

    def estimate(self, view: SeatView) -> float:
        return count_tricks(view.hand, view.trump, view.ruleset.ranks, view.players)

    def pick_bid(self, view: SeatView) -> int:
        want = round(self.estimate(view))
        bids = view.legal_bids
        return min(bids, key=lambda b: (abs(b - want), b))

    def pick_card(self, view: SeatView) -> Card:
        legal = _distinct(view.legal_cards)
        trick = view.trick_cards
        me = len(trick)
        need = view.bids[view.seat] - view.tricks_won[view.seat]  # type: ignore[operator]
        trump = view.trump
        led = _led(trick)

        def wins(card: Card) -> bool:
            return trick_winner(Cards([*trick, card]), trump, view.ruleset) == me

        def key(card: Card) -> float:
            return strength(card, trump, led or card.colour)

        if need > 0:
            if not trick:
                return max(legal, key=key)  # lead the strongest card
            winners = [c for c in legal if wins(c)]
            if winners:
                return min(winners, key=key)  # win as cheaply as possible
            return min(legal, key=key)  # cannot win: throw the weakest
        losers = [c for c in legal if not trick or not wins(c)]
        if trick and losers:
            return max(losers, key=key)  # duck with the highest card that still loses
        return min(legal, key=key)  # lead low, or forced to win: use the weakest


def _distinct(cards: Cards) -> list[Card]:
    out: list[Card] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def _led(trick: Cards) -> str | None:
    for c in trick:
        if c.is_wizard:
            return None
        if c.colour:
            return c.colour
    return None
