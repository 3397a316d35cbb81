"""A rule-of-thumb player: bids by counting strong cards, then plays toward its bid.

It wins cheaply when it still needs tricks and ducks when it does not.  The
strength estimates are deliberately simple so a learner can follow them.

It plays every variant: it names the trump it holds most of (Wizard turned up,
Werewolf), names a Juggler or Cloud in whichever colour suits the trick,
passes the card it needs least after a Juggler trick, changes its bid toward
the tricks it won when it holds the Cloud, counts card values instead of
colours in Monochrome, and, unable to see its own card under Clairvoyance,
bids by counting the unseen cards that would beat the cards it can see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine.cards import COLOURS, NAMED_COLOUR_KINDS, WEREWOLF, Card, Cards
from ..engine.game import Action, SeatView
from ..engine.rules.core import lead_colour, monochrome_value, trick_winner
from .base import SeededPlayer


def card_power(card: Card, trump: str | None, ranks: int) -> float:
    """A rough chance (0..1) that ``card`` wins a trick on its own."""
    if card.kind in ("wizard", "dragon"):
        return 1.0
    if card.kind in NAMED_COLOUR_KINDS and card.colour is None:
        # A Juggler or Cloud in hand counts as a plain card of its value (7.5 or 9.75): naming it the
        # trump colour is tempting, but counting it as a trump made this player overbid (measured).
        return max(0.0, NAMED_COLOUR_KINDS[card.kind] / ranks - 0.55) * 1.6
    if card.colour is None:
        return 0.0
    top = card.value / ranks
    if card.colour == trump:
        return 0.35 + 0.65 * top ** 1.5
    return max(0.0, top - 0.55) * 1.6


#: How much a card short of a sure winner (power below 1) counts, by the number of players:
#: with more players, more cards may beat it.  Every estimate in the kit uses this one table.
CROWD = {3: 1.1, 4: 1.0, 5: 0.9, 6: 0.8}


def crowd_factor(players: int) -> float:
    """The weight of a card that is not a sure winner with ``players`` at the table (see :data:`CROWD`)."""
    return CROWD.get(players, 1.0)


def count_tricks(hand: Cards, trump: str | None, ranks: int, players: int) -> float:
    """Expected tricks by the rule of thumb: add up each card's power, less with more players."""
    crowd = crowd_factor(players)
    total = 0.0
    for card in hand:
        power = card_power(card, trump, ranks)
        total += power if power >= 1.0 else power * crowd
    return total


def monochrome_power(card: Card, players: int) -> float:
    """Monochrome: the chance that ``card`` beats one random card from each other player's pile.

    A pile holds 15 values (Jester 0, 1-13, Wizard 14); an equal value counts as half a win.
    """
    beats_one = (monochrome_value(card) + 0.5) / 15
    return beats_one ** (players - 1)


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
            return Action("trump", self.pick_trump(view.hand, self.rng.random()))
        if kind == "bid":
            return Action("bid", self.pick_bid(view))
        if kind == "play":
            if len(view.legal) == 1:
                return view.legal[0]  # forced, e.g. the unseen card under Clairvoyance
            return Action("play", self.pick_card(view))
        if kind == "werewolf":
            return Action("werewolf", self.pick_werewolf_trump(view, self.rng.random()))
        if kind == "pass":
            return Action("pass", self.pick_pass(view))
        if kind == "cloud":
            return Action("cloud", self.pick_cloud(view))
        return self.rng.choice(view.legal)

    @staticmethod
    def pick_trump(hand: Cards, tie: float = 0.0) -> str:
        """The colour with the most (then the highest) cards in hand.

        Colours still equal (all four for a hand with no coloured card) are each as likely: ``tie``, a
        number from 0 up to 1 (the player's seeded random number), picks one of them in colour order.
        """
        counts = Counter(c.colour for c in hand if c.colour)
        totals = Counter({col: sum(c.value for c in hand if c.colour == col) for col in COLOURS})
        best = max((counts[col], totals[col]) for col in COLOURS)
        tied = [col for col in COLOURS if (counts[col], totals[col]) == best]
        return tied[min(int(tie * len(tied)), len(tied) - 1)]

    @staticmethod
    def pick_werewolf_trump(view: SeatView, tie: float = 0.0) -> str | None:
        """Werewolf: the colour it holds most of (its hand already has the turned-up card), or none;
        ``tie`` breaks a tie as in :meth:`pick_trump`."""
        hand = Cards(c for c in view.hand if c.kind != WEREWOLF)
        if view.hand_hidden and view.werewolf_swap is not None:
            hand = Cards([view.werewolf_swap[1]])  # it saw the card it took from the stack
        if not any(c.colour for c in hand):
            return None
        return RuleOfThumbPlayer.pick_trump(hand, tie)

    def estimate(self, view: SeatView) -> float:
        if view.hand_hidden:
            return self.unseen_win_chance(view)
        if view.ruleset.monochrome:
            return sum(monochrome_power(c, view.players) for c in view.hand)
        return count_tricks(view.hand, view.trump, view.ruleset.ranks, view.players)

    @staticmethod
    def unseen_win_chance(view: SeatView) -> float:
        """Clairvoyance (one card each): the share of the cards it might hold that would win the trick."""
        others = {s: h[0] for s, h in view.visible_hands.items() if h}
        if view.werewolf_swap is not None and view.werewolf_swap[0] == view.seat:
            candidates = [view.werewolf_swap[1]]  # it took the turned-up card: it knows it
        else:
            # Not the Werewolf: had it been dealt this player, it would already lie on the stack.
            candidates = [c for c in view.ruleset.deck() if c.kind != WEREWOLF]
            for seen in [*others.values(), view.trump_card]:
                if seen is not None and seen in candidates:
                    candidates.remove(seen)
        order = [(view.dealer + 1 + i) % view.players for i in range(view.players)]
        colour = view.trump or COLOURS[0]

        def named(card: Card) -> Card:
            return card.with_colour(colour) if card.kind in NAMED_COLOUR_KINDS else card

        wins = 0
        for mine in candidates:
            trick = Cards(named(mine if s == view.seat else others.get(s, mine)) for s in order)
            if trick_winner(trick, view.trump, view.ruleset) == order.index(view.seat):
                wins += 1
        return wins / len(candidates) if candidates else 0.0

    def pick_bid(self, view: SeatView) -> int:
        want = round(self.estimate(view))
        bids = view.legal_bids
        return min(bids, key=lambda b: (abs(b - want), b))

    def _power(self, card: Card, view: SeatView) -> float:
        if view.ruleset.monochrome:
            return monochrome_power(card, view.players)
        return card_power(card, view.trump, view.ruleset.ranks)

    def pick_pass(self, view: SeatView) -> Card:
        """After a Juggler trick: pass the card it needs least.

        Still needing tricks, that is its weakest card; with enough tricks, its
        strongest (the card most likely to win a trick it does not want).
        """
        hand = _distinct(a.value for a in view.legal)
        need = (view.bids[view.seat] or 0) - view.tricks_won[view.seat]
        if need > 0:
            return min(hand, key=lambda c: self._power(c, view))
        return max(hand, key=lambda c: self._power(c, view))

    @staticmethod
    def pick_cloud(view: SeatView) -> int:
        """Cloud: the change (+1 or -1) that scores better with the tricks it won."""
        bid, won = view.bids[view.seat], view.tricks_won[view.seat]
        changes = [a.value for a in view.legal]
        return max(changes, key=lambda c: view.ruleset.score(bid + c, won))

    def pick_card(self, view: SeatView) -> Card:
        legal = _distinct(view.legal_cards)
        trick = view.trick_cards
        me = len(trick)
        need = view.bids[view.seat] - view.tricks_won[view.seat]  # type: ignore[operator]
        trump = view.trump
        led = lead_colour(trick, view.ruleset)

        def wins(card: Card) -> bool:
            return trick_winner(Cards([*trick, card]), trump, view.ruleset) == me

        def key(card: Card) -> float:
            if view.ruleset.monochrome:
                return monochrome_value(card)
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


def _distinct(cards: Iterable[Card]) -> list[Card]:
    out: list[Card] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out

