"""The hard computer player: it reads the others' bids and plays every card toward its own bid.

For a bid it asks :func:`wizard_edu.simulate.odds.bid_values` what each bid is worth when the hand is
*played toward that bid*: its average score plus ``bid_weight`` (20) points times the chance
that it comes true, so a bid it is surer to make wins a close call (without that bonus it
scored a little more but made fewer bids; with the chance alone it made 89% of its bids against
rule-of-thumb players but scored less than the simulator: measured with
``benchmarks/bench_ladder.py``).  It tries 0 and the bids near its rule-of-thumb count: a hand
that can lose every trick is often surer of 0 than of the count it would win.  For a card it asks
:func:`wizard_edu.simulate.odds.card_chances` how each playable card ends the round, and plays the card
most likely to make its bid (ties: the better average score; a bid already lost: the best
score).  Both deal the unseen cards many times, consistently with what it saw (cards played,
colours others could not follow) and, with ``bid_informed=True`` (the default), weighted by
how likely each deal makes the bids the others really made (:mod:`wizard_edu.simulate.bayes`): a
player who bid 0 probably holds few Wizards.  In those imagined rounds it plays on carefully
and imagines the others playing by the rule of thumb (``others``).

Its decisions depend only on the view and its seed (the deals are seeded from both), so asking
twice gives the same answer.  Decks the simulator does not model (Anniversary special cards,
Monochrome), hidden hands (Clairvoyance) and the dealer's choice of trump fall back to the
:class:`~wizard_edu.players.simulating.SimulatingPlayer`.

>>> from wizard_edu.players.table import play_game
>>> play_game(["hard", "medium", "medium"], rules="junior", seed=1).is_over
True
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from ..engine.cards import Card
from ..engine.game import Action, SeatView
from ..engine.rules.checks import flag
from ..errors import UnknownPolicyError
from ..simulate.checks import MAX_DEALS, check_number, check_share
from ..simulate.midround import CAREFUL, RULE_OF_THUMB
from .base import SeededPlayer, check_seed
from .rule_of_thumb import count_tricks
from .simulating import SimulatingPlayer, _whole, is_plain

if TYPE_CHECKING:  # pandas is imported with the chances tables: importing it is slow
    import pandas as pd


def best_row(table: pd.DataFrame) -> int:
    """The row most likely to make the bid (to the nearest percent), then with the best average score,
    then the first: how the hard player picks a card from a :func:`card_chances` table."""
    makes, score = table["makes bid"].to_numpy(), table["expected score"].to_numpy()
    return max(range(len(table)), key=lambda i: (round(float(makes[i]), 2), round(float(score[i]), 9), -i))


class HardPlayer(SeededPlayer):
    """Bids with :func:`~wizard_edu.simulate.odds.bid_values` and plays with :func:`~wizard_edu.simulate.odds.card_chances`.

    ``samples`` deals per card decision, ``bid_samples`` per bid decision; ``spread``: how far from
    the rule-of-thumb count the bids it tries may go (0 is always tried); ``bid_informed``: weigh
    deals by the bids made; ``others``: how it imagines the others play on (``"rule-of-thumb"``
    or ``"careful"``); ``bid_weight``: the bonus points a bid that comes true is worth when bidding.
    """

    name = "Hard"
    thinks_slowly = True
    level = "hard"

    def __init__(self, seed: int | None = None, name: str | None = None, samples: int = 800,
                 bid_samples: int = 2500, spread: int = 2, bid_informed: bool = True,
                 others: str = RULE_OF_THUMB, bid_weight: float = 20.0, stray: float = 0.2) -> None:
        seed = check_seed(seed, negative=False)
        super().__init__(seed, name)
        self.seed = 0 if seed is None else seed
        self.samples = _whole(samples, "samples", 1, MAX_DEALS)
        self.bid_samples = _whole(bid_samples, "bid_samples", 1, MAX_DEALS)
        self.spread = _whole(spread, "spread", 0, 100)
        self.bid_informed = flag(bid_informed, "bid_informed")
        if others not in (RULE_OF_THUMB, CAREFUL):
            raise UnknownPolicyError(f"The hard player imagines the others playing by the {RULE_OF_THUMB!r} "
                                     f"or {CAREFUL!r}, not {others!r}.")
        self.others = others
        self.bid_weight = check_number(bid_weight, "bid_weight")
        self.stray = check_share(stray, "stray")
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
            return self._fallback.choose(view)   # the dealer's trump choice and variants: the simulator
        if kind == "bid":
            return Action("bid", self.pick_bid(view))
        return Action("play", self.pick_card(view))

    def bids_tried(self, view: SeatView) -> list[int]:
        """0 and the allowed bids within ``spread`` of the rule-of-thumb count."""
        estimate = round(count_tricks(view.hand, view.trump, view.ruleset.ranks, view.players))
        legal = view.legal_bids
        return [b for b in legal if b == 0 or abs(b - estimate) <= self.spread] or legal

    def bid_table(self, view: SeatView) -> pd.DataFrame:
        """The :func:`~wizard_edu.simulate.odds.bid_values` table this player bids from."""
        from ..simulate.chances import bid_values

        return bid_values(view, samples=self.bid_samples, seed=self._seed(view), bid_informed=self.bid_informed,
                          bids=self.bids_tried(view), others=self.others, stray=self.stray)

    def pick_bid(self, view: SeatView) -> int:
        """The bid with the best average score plus ``bid_weight`` times its chance of coming true, when
        the hand is played toward it (ties: the lower bid)."""
        table = self.bid_table(view)
        key = (table["expected score"] + self.bid_weight * table["makes bid"]).round(9).to_numpy()
        return int(table.index[max(range(len(table)), key=lambda i: (key[i], -i))])

    def card_table(self, view: SeatView) -> pd.DataFrame:
        """The :func:`~wizard_edu.simulate.odds.card_chances` table this player plays from."""
        from ..simulate.chances import card_chances

        return card_chances(view, samples=self.samples, seed=self._seed(view), bid_informed=self.bid_informed,
                            others=self.others, stray=self.stray)

    def pick_card(self, view: SeatView) -> Card:
        """The playable card most likely to make the bid (see :func:`best_row`)."""
        options = list(dict.fromkeys(view.legal_cards))
        if len(options) == 1:
            return options[0]
        return options[best_row(self.card_table(view))]


__all__ = ["HardPlayer", "best_row"]
