"""The simulator's public functions: :func:`estimate_tricks` and :func:`random_playouts`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

import numpy as np

from ..display.numbers import readable
from ..engine.cards import COLOUR_NAMES, Card, Cards
from ..engine.rules.checks import flag
from ..engine.rules.core import DEALER_CHOOSES
from ..engine.rules.rulesets import Ruleset, get_ruleset
from .checks import (
    MAX_DEALS,
    HandSizeError,
    check_cards,
    check_count,
    check_players,
    check_seat,
    check_seed,
    trump_of,
    whole,
)
from .play import RANDOM, check_policy, deal, play_rounds
from .tables import rule_tables

if TYPE_CHECKING:  # pandas is imported where a table is made: importing it is slow
    import pandas as pd

#: Deals simulated at once; bigger runs go chunk by chunk so memory stays bounded.
CHUNK = 20_000


def chunks(total: int, size: int = CHUNK) -> Iterator[int]:
    """Split ``total`` into pieces of at most ``size``."""
    done = 0
    while done < total:
        step = min(size, total - done)
        yield step
        done += step


class _Progress:
    """An ipywidgets progress bar in Jupyter (``progress=True``); nothing otherwise."""

    def __init__(self, show: bool, steps: int, label: str) -> None:
        self.bar = None
        if show and steps > 1:
            try:
                import ipywidgets as widgets
                from IPython.display import display
            except ImportError:  # pragma: no cover - ipywidgets is a dependency
                return
            self.bar = widgets.IntProgress(value=0, min=0, max=steps, description=label)
            display(self.bar)

    def step(self) -> None:
        if self.bar is not None:
            self.bar.value += 1

    def done(self) -> None:
        if self.bar is not None:
            self.bar.bar_style = "success"


@dataclass(frozen=True)
class TrickEstimate:
    """How many tricks a hand wins, estimated by playing many deals of the other cards.

    ``probabilities[k]`` is the share of deals in which the hand won ``k`` tricks and
    ``std_errors[k]`` its standard error; ``expected_scores[b]`` is the average score of
    bidding ``b`` (the hand is played the same way whatever the bid) and ``best_bid`` the
    bid with the highest average.
    """

    hand: Cards
    players: int
    seat: int
    turned_up: Card | None
    trump: str | None
    ruleset: Ruleset
    opponents: str
    samples: int
    counts: np.ndarray = field(repr=False)
    expected_scores: np.ndarray = field(repr=False)
    score_std_errors: np.ndarray = field(repr=False)

    @property
    def probabilities(self) -> np.ndarray:
        return self.counts / self.samples

    @property
    def std_errors(self) -> np.ndarray:
        p = self.probabilities
        return np.sqrt(p * (1 - p) / self.samples)

    @property
    def expected_tricks(self) -> float:
        return float(Fraction(int(np.arange(len(self.counts)) @ self.counts), self.samples))

    @property
    def best_bid(self) -> int:
        return int(np.argmax(self.expected_scores))

    def table(self) -> pd.DataFrame:
        """A DataFrame: for each number of tricks, its chance and standard error."""
        import pandas as pd

        return readable(pd.DataFrame({"chance": self.probabilities, "std error": self.std_errors},
                                     index=pd.Index(range(len(self.counts)), name="tricks won")))

    def bids(self, rules: str | Ruleset | None = None) -> pd.DataFrame:
        """A DataFrame: for each bid, the expected score, its standard error and the spread
        (standard deviation) of the score; ``rules`` scores the same tricks another way."""
        import pandas as pd

        ruleset = self.ruleset if rules is None else get_ruleset(rules)
        n = len(self.counts)
        score = np.array([[ruleset.score(b, k) for k in range(n)] for b in range(n)], dtype=np.int64)
        mean, spread = _mean_spread(score @ self.counts, score ** 2 @ self.counts, self.samples)
        return readable(pd.DataFrame({"expected score": mean, "std error": spread / np.sqrt(self.samples),
                                      "spread": spread}, index=pd.Index(range(n), name="bid")),
                        plain=("expected score", "std error", "spread"))

    def best_bid_under(self, rules: str | Ruleset) -> int:
        """The best bid if these tricks were scored by ``rules`` (e.g. ``"junior"``)."""
        return int(self.bids(rules)["expected score"].to_numpy().argmax())

    def describe_trump(self) -> str:
        if self.trump == DEALER_CHOOSES:
            return "a Wizard turned up: the dealer chooses trump"
        if self.trump is None:
            return "no trump"
        return f"trump {COLOUR_NAMES[self.trump]}"

    def __str__(self) -> str:
        chances = ", ".join(f"{k}: {p:.3f}" for k, p in enumerate(self.probabilities))
        return (f"{self.hand} as player {self.seat + 1} of {self.players} ({self.describe_trump()}), "
                f"{self.samples} deals vs {self.opponents}: P(tricks) {chances}; "
                f"best bid {self.best_bid} (expected score {self.expected_scores[self.best_bid]:.2f}).")

    def __repr__(self) -> str:
        return f"TrickEstimate({self})"

    def _repr_html_(self) -> str:
        from ..display.html import cards_html

        rows = []
        for k, (p, se) in enumerate(zip(self.probabilities, self.std_errors)):
            bar = int(round(200 * p))
            star = " \u2605 best" if k == self.best_bid else ""
            rows.append(
                f"<tr><td>{k}</td><td>{p:.3f} \u00b1 {se:.3f}</td>"
                f'<td><span style="display:inline-block;height:0.9em;width:{bar}px;background:#4B6EAF"></span></td>'
                f"<td>{self.expected_scores[k]:+.2f}{star}</td></tr>")
        head = (f"<p>{escape(self.ruleset.title)}: {self.players} players, player {self.seat + 1} "
                f"(player 1 leads), {escape(self.describe_trump())}; {self.samples:,} deals, opponents: "
                f"{escape(self.opponents)}.</p>")
        table = ("<table><thead><tr><th>tricks / bid</th><th>chance \u00b1 std error</th><th></th>"
                 "<th>expected score of the bid</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
        return f"<div>{cards_html(self.hand)}{head}{table}</div>"


def _mean_spread(total: np.ndarray, total_sq: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Means and standard deviations from whole-number sums of values and of their squares over ``n``
    deals, worked out exactly (fractions) and rounded once: the same on every computer."""
    mean = [Fraction(int(s), n) for s in total]
    var = [Fraction(int(q), n) - m * m for m, q in zip(mean, total_sq)]
    return np.array([float(m) for m in mean]), np.sqrt(np.array([float(v) if v > 0 else 0.0 for v in var]))


def estimate_tricks(hand: Iterable[Card | str] | str, players: int = 4, seat: int = 0,
                    turned_up: Card | str | None = None, samples: int = 10_000,
                    opponents: str = "rule-of-thumb", rules: str | Ruleset = "classic",
                    seed: int | None = None, *, player: str = "rule-of-thumb", bid: int | None = None,
                    progress: bool = False, chunk: int = CHUNK) -> TrickEstimate:
    """Estimate how many tricks ``hand`` wins, by dealing the other cards ``samples`` times.

    ``seat`` 0 bids first and leads the first trick; seat ``players - 1`` is the dealer.
    ``turned_up`` is the turned-up card (``None``: no card, no trump; a Wizard: the dealer
    chooses).  The other hands are dealt at random from the cards left and played by
    ``opponents`` ("rule-of-thumb" or "random"); the hand itself is played by ``player``,
    aiming at ``bid`` (by default the rule of thumb's own bid).

    >>> est = estimate_tricks("W W R13", players=3, seat=0, turned_up="R2", samples=2000, seed=1)
    >>> est.best_bid, round(float(est.probabilities[3]), 2) > 0.5
    (3, True)
    """
    ruleset = get_ruleset(rules)
    tables = rule_tables(ruleset)
    players = check_players(players, ruleset)
    cards, up = check_cards(hand, turned_up, players, ruleset)
    seat = check_seat(seat, players)
    samples = check_count(samples, "samples", MAX_DEALS)
    chunk = check_count(chunk, "deals per chunk")
    seed = check_seed(seed)
    flag(progress, "progress")
    opponents = check_policy(opponents)
    player = check_policy(player)
    trump = trump_of(up, ruleset, allow_choice=True)
    n = len(cards)
    if bid is not None:
        bid_n = whole(bid)
        if bid_n is None or not 0 <= bid_n <= n:
            raise HandSizeError(f"The bid must be a whole number from 0 to {n}, not {bid!r}.")
        bid = bid_n
    policies = [opponents] * players
    policies[seat] = player
    ids = tables.encode(cards)
    up_id = None if up is None else tables.encode([up])[0]
    taken = set(ids)
    if up_id is not None:
        taken.add(up_id)
    rng = np.random.default_rng(seed)
    counts = np.zeros(n + 1, dtype=np.int64)
    score = tables.score_table(n)
    total = np.zeros(n + 1, dtype=np.int64)
    total_sq = np.zeros(n + 1, dtype=np.int64)
    steps = list(chunks(samples, chunk))
    bar = _Progress(progress, len(steps), "Dealing")
    for size in steps:
        hands, turned = deal(tables, size, players, n, rng, fixed=ids, fixed_turned_up=up_id,
                             fixed_seat=seat, turned_up_known=True)
        played = play_rounds(tables, hands, turned, policies, rng=rng,
                             set_bids=None if bid is None else {seat: bid})
        mine = played.won[:, seat]
        counts += np.bincount(mine, minlength=n + 1)
        points = score[:, mine]  # (bids, deals)
        total += points.sum(1)
        total_sq += (points ** 2).sum(1)
        bar.step()
    bar.done()
    mean, spread = _mean_spread(total, total_sq, samples)
    return TrickEstimate(cards, players, seat, up, trump, ruleset, opponents, samples, counts, mean,
                         spread / np.sqrt(samples))


def random_playouts(n: int, players: int = 4, cards: int = 5, rules: str | Ruleset = "classic",
                    seed: int | None = None, *, progress: bool = False, chunk: int = CHUNK) -> np.ndarray:
    """Tricks won by each seat in ``n`` random rounds (everybody plays a random legal card).

    Returns an ``n x players`` array; each row adds up to ``cards``.

    >>> random_playouts(3, players=4, cards=5, seed=0).sum(axis=1).tolist()
    [5, 5, 5]
    """
    ruleset = get_ruleset(rules)
    tables = rule_tables(ruleset)
    players = check_players(players, ruleset)
    n = check_count(n, "rounds", MAX_DEALS)
    cards = check_count(cards, "cards in each hand")
    chunk = check_count(chunk, "deals per chunk")
    seed = check_seed(seed)
    flag(progress, "progress")
    if cards * players > ruleset.deck_size:
        raise HandSizeError(f"{cards} cards each is too many: with {players} players each gets at most "
                            f"{ruleset.deck_size // players} cards of the {ruleset.deck_size}.")
    rng = np.random.default_rng(seed)
    out = np.empty((n, players), dtype=np.uint8)
    steps = list(chunks(n, chunk))
    bar = _Progress(progress, len(steps), "Playing")
    done = 0
    for size in steps:
        hands, turned = deal(tables, size, players, cards, rng, sort=tables.size >= 64)
        out[done:done + size] = play_rounds(tables, hands, turned, [RANDOM] * players, rng=rng).won
        done += size
        bar.step()
    bar.done()
    return out
