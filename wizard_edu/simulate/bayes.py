"""What the other players' bids reveal about their hands: Bayes' rule with a bidding model.

Before the bids, an opponent's hand is any hand of the unseen cards, all equally likely: the
**prior**.  A bid is evidence.  The **likelihood** says how the bidding model bids with a
given hand: it counts the hand's strength with the rule of thumb
(:func:`wizard_edu.players.rule_of_thumb.count_tricks`) and bids near that count, most often
the nearest whole number, sometimes one off (:func:`bid_probabilities`).  Bayes' rule
weighs every possible deal by how likely it makes the bids that were really made: the
**posterior**.

Two ways to weigh the deals give the same answer:

* ``method="exact"``: every deal of the unseen cards to the opponents is listed (small
  rounds only: a one-card round, or two cards with three players);
* ``method="sampling"``: many random deals, each weighted by its likelihood (importance
  sampling), with standard errors.

>>> table = reveal("R3", {1: 0}, players=3, seat=0, turned_up="G5", method="exact")
>>> row = table.loc[(1, "a Wizard")]
>>> bool(row["posterior"] < row["prior"])       # bidding 0 makes a Wizard less likely
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from ..engine.cards import COLOUR_NAMES, Card
from ..engine.rules.core import DEALER_CHOOSES, as_cards, trump_from_card
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import BidError, DealerChoosesError, HandSizeError, SeatError, WizardError
from .checks import (
    MAX_DEALS,
    check_cards,
    check_count,
    check_number,
    check_players,
    check_seat,
    check_seed,
    whole,
)
from .play import hand_estimates
from .tables import SimTables, player_tables, trump_code

if TYPE_CHECKING:  # pandas is imported where a table is made: importing it is slow
    import pandas as pd

    from ..engine.game import SeatView

#: How far the bidding model strays from its rule-of-thumb count (a standard deviation, in
#: tricks).  Real players (and the kit's computer players) do not bid the rounded count every
#: time; 0.6 makes a bid one off the count about a quarter as likely as the count itself.
BID_SPREAD = 0.6

#: The most deals the exact method lists; bigger rounds use weighted sampling.
MAX_EXACT = 400_000

FEATURES = ("a Wizard", "a trump", "a high card")


def bid_probabilities(estimate: np.ndarray, hand_size: int, spread: float = BID_SPREAD) -> np.ndarray:
    """The bidding model: ``P(bid = b | hand)`` for ``b = 0 .. hand_size``, one row per estimate.

    The chance of each bid falls off with its distance from the hand's rule-of-thumb count
    (a normal curve of width ``spread``, cut to the bids allowed).

    >>> p = bid_probabilities(np.array([1.0]), 3)
    >>> int(p.argmax()), round(float(p.sum()), 6)
    (1, 1.0)
    """
    spread = check_number(spread, "spread (how far bids stray from the rule of thumb)")
    if spread <= 0:
        raise WizardError(f"spread (how far bids stray from the rule of thumb) must be more than 0, not {spread!r}.")
    size = whole(hand_size)
    if size is None or size < 0:
        raise HandSizeError(f"The hand size must be a whole number of 0 or more, not {hand_size!r}.")
    estimate = np.asarray(estimate, dtype=float)
    b = np.arange(size + 1)
    logits = -((b[None, :] - estimate.reshape(-1, 1)) ** 2) / (2 * spread ** 2)
    logits -= logits.max(1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(1, keepdims=True)


def _fsum(values: np.ndarray) -> float:
    """The exact sum of ``values``, rounded once: the same whatever order they come in."""
    return math.fsum(values.tolist())


def bid_likelihood(tables: SimTables, hands: np.ndarray, bid: int, trump: int, players: int,
                   spread: float = BID_SPREAD) -> np.ndarray:
    """``P(this bid | hand)`` under the bidding model, one value per hand row."""
    n = hands.shape[-1]
    est = hand_estimates(tables, hands, trump, players)
    return bid_probabilities(est.ravel(), n, spread)[:, bid].reshape(est.shape)


def feature_masks(tables: SimTables, trump: int) -> dict[str, np.ndarray]:
    """For each feature, which card ids count (``a high card``: the two highest ranks, any colour)."""
    ranks = tables.ruleset.ranks
    number = ~(tables.is_wizard | tables.is_jester)
    masks = {"a Wizard": tables.is_wizard.copy()}
    if trump:
        masks["a trump"] = number & (tables.colour == trump - 1)
    masks["a high card"] = number & (tables.value >= ranks - 1)
    return {k: np.append(v, False) for k, v in masks.items()}


def feature_words(feature: str, tables: SimTables, trump: int) -> str:
    """A feature in words for a table or a picture: 'a Wizard', 'a trump (red)', 'a 12 or 13'."""
    if feature == "a trump":
        return f"a trump ({COLOUR_NAMES['RGBY'[trump - 1]].lower()})"
    if feature == "a high card":
        r = tables.ruleset.ranks
        return f"a {r - 1} or {r}"
    return feature


def _prior(pool_size: int, marked: int, n: int) -> float:
    """Chance that a hand of ``n`` cards from ``pool_size`` holds at least one of ``marked``."""
    return 1 - comb(pool_size - marked, n) / comb(pool_size, n)


def _exact_deals(m: int, n: int, k: int) -> np.ndarray:
    """Every deal of ``n`` cards to each of ``k`` seats from ``m`` cards: ``(deals, k, n)`` pool indices."""
    rows: list[tuple[tuple[int, ...], ...]] = [()]
    for _ in range(k):
        nxt: list[tuple[tuple[int, ...], ...]] = []
        for row in rows:
            used = {i for hand in row for i in hand}
            rest = [i for i in range(m) if i not in used]
            nxt.extend((*row, hand) for hand in itertools.combinations(rest, n))
        rows = nxt
    return np.array(rows, dtype=np.intp).reshape(len(rows), k, n)


def exact_size(m: int, n: int, k: int) -> int:
    """How many deals the exact method lists."""
    total = 1
    for i in range(k):
        total *= comb(m - i * n, n)
    return total


def reveal(hand: Iterable[Card | str] | str, bids: Mapping[int, int], players: int = 4, seat: int = 0,
           turned_up: Card | str | None = None, rules: str | Ruleset = "classic", *,
           trump: str | None = None, method: str = "auto", samples: int = 20_000, seed: int | None = None,
           spread: float = BID_SPREAD) -> pd.DataFrame:
    """Prior, likelihood and posterior of what each opponent holds, given the bids made.

    ``hand`` is this player's hand (seat ``seat``; seat 0 bids first, seat ``players - 1``
    deals), ``bids`` the other players' bids so far (``{seat: bid}``), ``turned_up`` the
    turned-up card (a Wizard: give the dealer's ``trump`` colour).  One row per opponent and
    feature ("a Wizard", "a trump", "a high card") with columns

    * ``prior``: chance of holding it before the bids (exact);
    * ``likelihood if held`` / ``likelihood if not``: chance of the bids made when the
      opponent holds it / does not (the bidding model, averaged over the deals);
    * ``posterior`` and ``posterior se`` (0 for the exact method);

    ``method`` is ``"exact"`` (list every deal), ``"sampling"`` (``samples`` weighted random
    deals) or ``"auto"`` (exact when at most :data:`MAX_EXACT` deals).
    """
    import pandas as pd

    ruleset = get_ruleset(rules)
    tables = player_tables(ruleset)
    players = check_players(players, ruleset)
    cards, up = check_cards(hand, turned_up, players, ruleset, need_card_left=False)
    seat = check_seat(seat, players)
    seed = check_seed(seed)
    samples = check_count(samples, "samples", MAX_DEALS)
    if up is not None and players * len(cards) >= ruleset.deck_size:
        raise HandSizeError("Every card is dealt in this round, so no card is turned up: give turned_up=None.")
    n = len(cards)
    colour = trump_from_card(up, ruleset) if up is not None else None
    if colour == DEALER_CHOOSES:
        if trump is None:
            raise DealerChoosesError("A Wizard was turned up: say which trump the dealer chose (trump='R').")
        colour = trump
    tcode = trump_code(colour)
    if not isinstance(bids, Mapping):
        raise BidError(f"Give the other players' bids as a dict of seat to bid, like {{1: 0, 2: 1}}, not {bids!r}.")
    checked: dict[int, int] = {}
    for s, b in bids.items():
        s = check_seat(s, players)
        if s == seat:
            raise SeatError(f"Seat {seat} is you: give only the other players' bids.")
        bid = whole(b)
        if bid is None or not 0 <= bid <= n:
            raise BidError(f"A bid in a round of {n} cards is a whole number from 0 to {n}, not {b!r}.")
        checked[s] = bid
    bids = checked
    if method not in ("auto", "exact", "sampling"):
        raise WizardError(f"Choose method 'exact', 'sampling' or 'auto', not {method!r}.")

    seen = tables.encode(list(cards) + ([up] if up is not None else []))
    pool = np.array([i for i in range(tables.size) if i not in set(seen)], dtype=np.intp)
    others = [s for s in range(players) if s != seat]
    k, m = len(others), len(pool)
    small = exact_size(m, n, k) <= MAX_EXACT
    if method == "exact" and not small:
        raise WizardError(f"This round has {exact_size(m, n, k):,} deals, too many to list one by one: "
                          "use method='sampling'.")
    use_exact = method == "exact" or (method == "auto" and small)
    if use_exact:
        idx = _exact_deals(m, n, k)
        hands = pool[idx]                      # (deals, k, n)
    else:
        rng = np.random.default_rng(seed)
        keys = rng.random((samples, m))
        order = np.argsort(keys, axis=1)[:, :k * n]
        hands = np.sort(pool[order].reshape(samples, k, n), axis=2)
    weight = np.ones(len(hands))
    for s, b in bids.items():
        weight = weight * bid_likelihood(tables, hands[:, others.index(s), :], b, tcode, players, spread)
    # Sums are added up exactly (math.fsum), so no figure depends on the order of the deals.
    total = _fsum(weight)
    if total <= 0:
        raise WizardError("No deal fits these bids under the bidding model.")
    masks = feature_masks(tables, tcode)
    rows = {}
    for s in others:
        mine = hands[:, others.index(s), :]
        for feature, mask in masks.items():
            held = mask[mine].any(1)
            prior = _prior(m, int(mask[pool].sum()), n)
            post = _fsum(weight[held]) / total
            if use_exact:
                se = 0.0
            else:
                se = math.sqrt(_fsum(weight ** 2 * (held - post) ** 2)) / total
            like_held = _fsum(weight[held]) / int(held.sum()) if held.any() else float("nan")
            like_not = _fsum(weight[~held]) / int((~held).sum()) if (~held).any() else float("nan")
            rows[(s, feature)] = {"holds": feature_words(feature, tables, tcode), "bid": bids.get(s),
                                  "prior": prior, "likelihood if held": like_held, "likelihood if not": like_not,
                                  "posterior": post, "posterior se": se}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index = pd.MultiIndex.from_tuples(table.index, names=["seat", "feature"])
    table.attrs.update(method="exact" if use_exact else "sampling", deals=len(hands),
                       effective_deals=total ** 2 / _fsum(weight ** 2), spread=spread)
    return table


def bid_model_table(hand_size: int, players: int = 4, turned_up: Card | str | None = None,
                    rules: str | Ruleset = "classic", feature: str = "a Wizard", *, samples: int = 20_000,
                    seed: int | None = 0, spread: float = BID_SPREAD) -> pd.DataFrame:
    """The likelihood as a table: how the bidding model bids with and without ``feature``.

    One row per bid, columns ``"with"`` and ``"without"``: the chance of that bid for a
    random hand of ``hand_size`` cards that holds (does not hold) the feature.
    """
    import pandas as pd

    ruleset = get_ruleset(rules)
    tables = player_tables(ruleset)
    players = check_players(players, ruleset)
    hand_size = check_count(hand_size, "cards")
    samples = check_count(samples, "samples", MAX_DEALS)
    seed = check_seed(seed)
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    colour = trump_from_card(up, ruleset) if up is not None else None
    if colour == DEALER_CHOOSES:
        raise DealerChoosesError("A Wizard was turned up: pick a number card or a Jester as the turned-up card.")
    tcode = trump_code(colour)
    masks = feature_masks(tables, tcode)
    if feature not in masks:
        raise WizardError(f"Choose a feature from {', '.join(masks)}, not {feature!r}.")
    seen = [] if up is None else tables.encode([up])
    pool = np.array([i for i in range(tables.size) if i not in set(seen)], dtype=np.intp)
    if hand_size > len(pool):
        raise HandSizeError(f"A hand of {hand_size} cards does not fit in the deck.")
    rng = np.random.default_rng(seed)
    hands = np.sort(pool[np.argsort(rng.random((samples, len(pool))), axis=1)[:, :hand_size]], axis=1)
    probs = bid_probabilities(hand_estimates(tables, hands, tcode, players), hand_size, spread)
    held = masks[feature][hands].any(1)
    data = {"with": probs[held].mean(0) if held.any() else np.nan,
            "without": probs[~held].mean(0) if (~held).any() else np.nan}
    table = pd.DataFrame(data, index=pd.Index(range(hand_size + 1), name="bid"))
    table.columns.name = f"holds {feature_words(feature, tables, tcode)}"
    return table


def what_bids_reveal(view: SeatView, *, method: str = "auto", samples: int = 20_000,
                     seed: int | None = 0, spread: float = BID_SPREAD) -> pd.DataFrame:
    """:func:`reveal` for a seat's view of a game: its hand when it bid, the turned-up card, the bids
    it can see.  The index gives the opponents' names instead of seats."""
    import pandas as pd

    from ..engine.game import SeatView

    if not isinstance(view, SeatView):
        raise WizardError(f"what_bids_reveal needs a seat's view of a game (game.view(seat)), not {view!r}.")
    if view.phase not in ("bid", "play") or view.hand_hidden:
        raise WizardError("What the bids reveal is worked out during the bidding and the play of a round.")
    players = view.players
    order = [(view.dealer + 1 + i) % players for i in range(players)]  # bidding order: seat 0 bids first
    mine = list(view.hand) + [c for t in view.tricks for s, c in t.plays if s == view.seat]
    mine += [c for s, c in view.trick if s == view.seat]
    bids = {order.index(s): b for s, b in enumerate(view.bids) if b is not None and s != view.seat}
    up = view.trump_card
    table = reveal(mine, bids, players, order.index(view.seat), up, view.ruleset,
                   trump=view.trump, method=method, samples=samples, seed=seed, spread=spread)
    names = [view.names[order[s]] for s in table.index.get_level_values(0)]
    table.index = pd.MultiIndex.from_arrays([names, table.index.get_level_values(1)], names=["player", "feature"])
    return table


__all__ = ["BID_SPREAD", "FEATURES", "bid_probabilities", "bid_likelihood", "hand_estimates", "reveal",
           "bid_model_table", "what_bids_reveal", "feature_masks", "exact_size", "MAX_EXACT"]
