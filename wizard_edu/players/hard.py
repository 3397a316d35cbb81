"""The hard computer player: it reads the others' bids and plays every card toward its own bid.

For a bid it asks :func:`wizard_edu.odds.bid_values` what each bid near its rule-of-thumb count
is worth when the hand is *played toward that bid*, and bids the best.  For a card it asks
:func:`wizard_edu.odds.card_chances` how each playable card ends the round, and plays the card
with the best average score.  Both deal the unseen cards many times, consistently with what it
saw (cards played, colours others could not follow) and, with ``bid_informed=True`` (the
default), weighted by how likely each deal makes the bids the others really made
(:mod:`wizard_edu.bayes`): a player who bid 0 probably holds few Wizards.

Its decisions depend only on the view and its seed (the deals are seeded from both), so asking
twice gives the same answer.  Decks the simulator does not model (Anniversary special cards,
Monochrome) and hidden hands (Clairvoyance) fall back to the medium player.

>>> from wizard_edu.players.table import play_game
>>> play_game(["hard", "easy", "easy"], rules="junior", seed=1).is_over
True
"""

from __future__ import annotations

import zlib

from ..cards import Card
from ..game import Action, SeatView
from ..simulate.checks import MAX_DEALS
from .base import SeededPlayer, check_seed
from .rule_of_thumb import count_tricks
from .simulating import SimulatingPlayer, _whole, is_plain


class HardPlayer(SeededPlayer):
    """Bids with :func:`~wizard_edu.odds.bid_values` and plays with :func:`~wizard_edu.odds.card_chances`.

    ``samples`` deals per card decision, ``bid_samples`` per bid decision; ``spread``: how far from
    the rule-of-thumb count the bids it tries may go; ``bid_informed``: weigh deals by the bids made.
    """

    name = "Hard"

    def __init__(self, seed: int | None = None, name: str | None = None, samples: int = 300,
                 bid_samples: int = 600, spread: int = 2, bid_informed: bool = True) -> None:
        check_seed(seed, negative=False)
        super().__init__(seed, name)
        self.seed = 0 if seed is None else seed
        self.samples = _whole(samples, "samples", 1, MAX_DEALS)
        self.bid_samples = _whole(bid_samples, "bid_samples", 1, MAX_DEALS)
        self.spread = _whole(spread, "spread", 0, 100)
        self.bid_informed = bool(bid_informed)
        self._fallback = SimulatingPlayer(seed)

    def __repr__(self) -> str:
        return f"HardPlayer(samples={self.samples}, bid_informed={self.bid_informed})"

    def _seed(self, view: SeatView) -> int:
        """A seed from the player's seed and everything the view shows (same view, same answer)."""
        key = (f"{self.seed}|{view.seat}|{view.round_number}|{view.hand}|{view.trump_card}|{view.trump}|"
               f"{view.bids}|{view.trick}|{view.tricks_won}|{len(view.tricks)}")
        return zlib.crc32(key.encode())

    def choose(self, view: SeatView) -> Action:
        kind = view.legal[0].kind
        if (not is_plain(view.ruleset) or kind not in ("bid", "play") or view.hand_hidden
                or len(view.hand) != view.hand_counts[view.seat]):
            return self._fallback.choose(view)   # the dealer's trump choice and variants: the medium player
        if kind == "bid":
            return Action("bid", self.pick_bid(view))
        return Action("play", self.pick_card(view))

    def pick_bid(self, view: SeatView) -> int:
        """The bid with the best average score when the hand is played toward it."""
        from ..chances import bid_values

        estimate = round(count_tricks(view.hand, view.trump, view.ruleset.ranks, view.players))
        legal = view.legal_bids
        tried = [b for b in legal if abs(b - estimate) <= self.spread] or legal
        table = bid_values(view, samples=self.bid_samples, seed=self._seed(view), bid_informed=self.bid_informed,
                           bids=tried)
        scores = table["expected score"]
        return int(max(scores.index, key=lambda b: (round(scores[b], 9), -abs(b - estimate), -b)))

    def pick_card(self, view: SeatView) -> Card:
        """The playable card with the best average score (ties: the likelier to make the bid)."""
        from ..chances import card_chances

        options = list(dict.fromkeys(view.legal_cards))
        if len(options) == 1:
            return options[0]
        table = card_chances(view, samples=self.samples, seed=self._seed(view), bid_informed=self.bid_informed)
        best = max(range(len(options)), key=lambda i: (round(table["expected score"].iloc[i], 9),
                                                       round(table["makes bid"].iloc[i], 9), -i))
        return options[best]


__all__ = ["HardPlayer"]
