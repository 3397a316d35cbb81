"""Chances from one seat's view, while the round is being played: which card wins this trick,
how likely the bid (the prediction) is to come true, and what each bid is worth.

Both functions see only what the player may see (a :class:`~wizard_edu.engine.game.SeatView`).  The
unseen cards are dealt to the other players many times, consistently with everything the
player saw: the cards played and the turned-up card are out of play, and a player who did
not follow a colour holds none of it (see :func:`wizard_edu.simulate.midround.deal_consistent`,
whose weights keep the deals exactly uniform among those that fit).  Each deal is then played
to the end by the rule-of-thumb model, every player aiming at their own bid, with the
vectorised simulator on the shared rule tables.

``bid_informed=True`` also weighs each deal by how likely it makes the bids the others really
made (the bidding model of :mod:`wizard_edu.simulate.bayes`): a player who bid 0 probably holds few
Wizards.

>>> from wizard_edu import Game
>>> game = Game(players=4, seed=3)
>>> for b in (1, 0, 0, 1):
...     _ = game.bid(b)
>>> chances = card_chances(game.view(game.to_move), samples=500, seed=1)
>>> list(chances.columns[:3])
['card', 'wins trick', 'wins trick se']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ..engine.game import SeatView
from ..engine.rules.checks import flag
from ..engine.rules.tables import is_tabled, trump_code
from ..errors import OutOfTurnError, UnknownPolicyError, UnknownRulesetError, WizardError, WrongPhaseError
from .bayes import BID_SPREAD, bid_probabilities, hand_estimates
from .checks import MAX_DEALS, check_count, check_seed, check_share, whole
from .midround import CAREFUL, RULE_OF_THUMB, deal_consistent, play_on, voids_seen
from .tables import SimTables, player_tables

if TYPE_CHECKING:  # pandas is imported where a table is made: importing it is slow
    import pandas as pd

__all__ = ["card_chances", "bid_values", "Situation", "situation"]


@dataclass
class Situation:
    """What one seat knows, as canonical card ids (see :mod:`wizard_edu.engine.rules.tables`)."""

    tables: SimTables
    view: SeatView
    trump: int
    hand: list[int]                 # this player's cards
    pool: list[int]                 # the cards this player has not seen (with repeats)
    sizes: dict[int, int]           # other seat -> cards in hand now
    voids: dict[int, set[int]]      # seat -> colours (0..3) it has shown it lacks
    played: dict[int, list[int]]    # seat -> its cards already played this round
    trick: list[int]                # the current trick so far, in play order
    leader: int                     # who led the current trick (or leads it)


def _check_view(view: object, what: str) -> SeatView:
    if not isinstance(view, SeatView):
        raise WizardError(f"{what} needs a seat's view of a game (game.view(seat)), not {view!r}.")
    if not is_tabled(view.ruleset):
        raise UnknownRulesetError(f"{what} works out chances for Wizard Junior and Classic Wizard decks, "
                                  f"not {view.ruleset.title} (special cards or Monochrome).")
    if view.hand_hidden:
        raise WizardError(f"{what}: you cannot see your own card this round, so there is nothing to work out.")
    return view


def situation(view: SeatView) -> Situation:
    """Everything ``view``'s player knows about the cards, ready for the simulator."""
    tables = player_tables(view.ruleset)
    code = tables.code
    count = [0] * tables.size
    for c in tables.canon.tolist():
        count[c] += 1
    seen = list(view.hand) + [c for t in view.tricks for c in t.cards] + list(view.trick_cards)
    if view.trump_card is not None:
        seen.append(view.trump_card)
    for c in seen:
        count[code[c]] -= 1
    pool = [c for c in range(tables.size) for _ in range(max(count[c], 0))]
    tricks = [list(t.plays) for t in view.tricks] + [list(view.trick)]
    played: dict[int, list[int]] = {s: [] for s in range(view.players)}
    for plays in tricks:
        for seat, card in plays:
            played[seat].append(code[card])
    voids = voids_seen(tables, tricks)
    sizes = {s: view.hand_counts[s] for s in range(view.players) if s != view.seat}
    leader = view.leader if view.leader is not None else (view.dealer + 1) % view.players
    return Situation(tables, view, trump_code(view.trump), [code[c] for c in view.hand], pool, sizes,
                     {s: v for s, v in voids.items() if s != view.seat}, played,
                     [code[c] for c in view.trick_cards], leader)


def _deal(sit: Situation, samples: int, rng: np.random.Generator, bid_informed: bool, spread: float,
          my_bid: int | None = None, stray: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Deal the unseen cards ``samples`` times; the weight of each deal and every seat's bid.

    Returns ``(hands, bids, weight)``: ``hands`` ``(deals, players, width)`` canonical ids
    padded with ``gone`` (this player's own row too), ``bids`` ``(deals, players)`` (a bid not
    yet made, or not shown, is the rule-of-thumb bid of the dealt hand), ``weight`` ``(deals,)``
    (deals that cannot be are dropped).  ``stray``: the share of bids imagined made at random (any
    bid equally likely) rather than by the bidding model, so a wild bid does not mislead.
    """
    view, tables = sit.view, sit.tables
    players, n = view.players, view.hand_size
    dealt = deal_consistent(tables, sit.pool, sit.sizes, sit.voids, samples, rng)
    log_w = dealt.log_weight.copy()
    bids = np.zeros((samples, players), dtype=np.int64)
    gone = tables.gone
    for s in range(players):
        if s == view.seat:
            bids[:, s] = my_bid if my_bid is not None else (view.bids[s] or 0)
            continue
        # The hand this seat bid with: what it holds now and what it has played this round.
        at_bid = np.concatenate([dealt.hands[s], np.broadcast_to(np.array(sit.played[s], dtype=np.intp),
                                                                 (samples, len(sit.played[s])))], axis=1)
        est = hand_estimates(tables, at_bid, sit.trump, players)
        shown = view.bids[s]
        if shown is None:
            bids[:, s] = np.minimum(np.round(est).astype(np.int64), n)
        else:
            bids[:, s] = shown
            if bid_informed:
                likelihood = bid_probabilities(est, n, spread)[:, shown]
                if stray:
                    likelihood = (1 - stray) * likelihood + stray / (n + 1)
                with np.errstate(divide="ignore"):
                    log_w += np.log(likelihood)
    keep = np.isfinite(log_w)
    if not keep.any():
        raise WizardError("No deal of the unseen cards fits what this player has seen.")
    width = max([len(sit.hand), *sit.sizes.values()]) or 1
    hands = np.full((int(keep.sum()), players, width), gone, dtype=np.intp)
    for s in range(players):
        row = np.array(sit.hand, dtype=np.intp)[None, :] if s == view.seat else dealt.hands[s][keep]
        hands[:, s, :row.shape[1]] = row
    log_w = log_w[keep]
    # Whole-number weights (the heaviest deal 2**20): every average below is then a fraction worked
    # out exactly, the same on every machine whatever order a sum is added up in.  Equal weights
    # (no voids, not bid-informed) stay exactly equal.
    weight = np.rint(np.exp(log_w - log_w.max()) * WEIGHT_SCALE).astype(np.int64)
    return hands, bids[keep], weight


#: The weight of the likeliest deal; :func:`_deal` rounds every weight to a whole number on this scale.
WEIGHT_SCALE = 2 ** 20


def _mean_se(x: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Weighted mean of the whole numbers ``x`` (whole-number weights ``w``) and its standard error.

    Both are worked out in whole numbers and rounded once at the end: the same figures on every
    computer, whatever order the deals come in.  (The standard error is the square root of
    ``sum(w_i**2 (x_i - mean)**2) / (sum w)**2``; grouped by the few values ``x`` takes.)
    """
    x = np.asarray(x, dtype=np.int64)
    low, high = int(x.min()), int(x.max())
    if low == high:                 # the same in every deal: exact, no rounding dust
        return float(low), 0.0
    present = np.flatnonzero(np.bincount(x - low))
    values = (present + low).tolist()
    if len(w) * int(w.max()) ** 2 < 2 ** 53:
        # Sums of whole numbers below 2**53 are exact in floats, in any order.
        by_value = np.bincount(x - low, weights=w)[present].astype(np.int64).tolist()
        squares = np.bincount(x - low, weights=w.astype(float) ** 2)[present].astype(np.int64).tolist()
    else:                           # (millions of deals) the same sums with Python's whole numbers
        by_value = [int(w[x == v].sum()) for v in values]
        squares = [sum(int(u) ** 2 for u in w[x == v]) for v in values]
    total = sum(by_value)
    weighted = sum(v * s for v, s in zip(values, by_value))
    spread = sum(q * (v * total - weighted) ** 2 for v, q in zip(values, squares))
    return float(Fraction(weighted, total)), math.sqrt(spread) / total ** 2


def _effective_deals(w: np.ndarray) -> float:
    """How many equally weighted deals the weighted ones are worth: (sum w)^2 / sum w^2, exactly."""
    squares = int((w.astype(np.uint64) ** 2).sum())   # at most 2**40 per deal: fits for 10 million deals
    return float(Fraction(int(w.sum()) ** 2, squares))


def _policies(view: SeatView, others: str) -> list[str]:
    """How each seat plays on in the simulation: this player carefully, the others by ``others``."""
    if others not in (CAREFUL, RULE_OF_THUMB):
        raise UnknownPolicyError(f"The others play on 'careful' or by the 'rule-of-thumb', not {others!r}.")
    return [CAREFUL if s == view.seat else others for s in range(view.players)]


def _checks(samples: int, seed: object) -> tuple[int, int | None]:
    return check_count(samples, "samples", MAX_DEALS), check_seed(seed)


def card_chances(view: SeatView, samples: int = 2000, seed: int | None = None, *, bid_informed: bool = False,
                 spread: float = BID_SPREAD, others: str = CAREFUL, stray: float = 0.0) -> pd.DataFrame:
    """For each card the player may play now: the chance it wins this trick, the chance of ending the
    round with exactly the tricks bid (playing on toward the bid) and the average score.

    One row per distinct playable card, in hand order, with columns ``card``, ``wins trick``,
    ``makes bid``, ``expected score``, each followed by its standard error (``... se``).
    ``attrs`` hold the number of deals and the effective number (lower when deals are weighted).
    Every player, this one included, plays on by the rule of thumb, aiming at their bid.
    ``others``: how the other players are imagined to play on, ``"careful"`` (the default, like
    this player) or ``"rule-of-thumb"`` (the rule of the :class:`RuleOfThumbPlayer`).  ``stray``
    (with ``bid_informed``): the share of the others' bids imagined made at random (0 to 1).

    Raises :class:`~wizard_edu.errors.WrongPhaseError` outside the play and
    :class:`~wizard_edu.errors.OutOfTurnError` when it is not this player's turn.
    """
    import pandas as pd

    view = _check_view(view, "card_chances")
    samples, seed = _checks(samples, seed)
    flag(bid_informed, "bid_informed")
    if view.phase != "play":
        raise WrongPhaseError("Card chances are for the play of a round: for bids, use bid_values(view).")
    if not view.my_turn or not view.legal_cards:
        raise OutOfTurnError(f"It is not {view.names[view.seat]}'s turn to play a card.")
    sit = situation(view)
    tables = sit.tables
    code = tables.code
    options = list(dict.fromkeys(view.legal_cards))
    rng = np.random.default_rng(seed)
    hands, bids, weight = _deal(sit, samples, rng, bid_informed, spread, stray=check_share(stray, "stray"))
    deals, players, width = hands.shape
    k = len(options)
    gone = tables.gone
    # Every option on the same deals (fairer comparisons), option by option in blocks of rows.
    held = np.repeat(hands[None], k, axis=0)                     # (k, deals, players, width)
    for i, card in enumerate(options):
        mine = list(sit.hand)
        mine.remove(code[card])
        held[i, :, view.seat, :] = gone
        held[i, :, view.seat, :len(mine)] = mine
    trick = np.empty((k, deals, len(sit.trick) + 1), dtype=np.intp)
    trick[:, :, :len(sit.trick)] = sit.trick
    trick[:, :, -1] = [[code[c]] for c in options]
    out = play_on(tables, held.reshape(k * deals, players, width), sit.trump, sit.leader,
                  trick.reshape(k * deals, -1), np.array(view.tricks_won), np.tile(bids, (k, 1)),
                  policy=_policies(view, others))
    my_bid = view.bids[view.seat] or 0
    score = tables.score_table(view.hand_size)
    won = out.won[:, view.seat].reshape(k, deals)
    first = (out.first_winner == view.seat).reshape(k, deals)
    rows = []
    for i, card in enumerate(options):
        w_mean, w_se = _mean_se(first[i], weight)
        m_mean, m_se = _mean_se(won[i] == my_bid, weight)
        s_mean, s_se = _mean_se(score[my_bid, won[i]], weight)
        rows.append({"card": card, "wins trick": w_mean, "wins trick se": w_se, "makes bid": m_mean,
                     "makes bid se": m_se, "expected score": s_mean, "expected score se": s_se})
    table = pd.DataFrame(rows, index=pd.Index([str(c) for c in options], name="play"))
    table.attrs.update(deals=deals, effective_deals=_effective_deals(weight), bid=my_bid,
                       bid_informed=bid_informed, seat=view.seat)
    return table


def bid_values(view: SeatView, samples: int = 2000, seed: int | None = None, *, bid_informed: bool = False,
               bids: list[int] | None = None, spread: float = BID_SPREAD, others: str = CAREFUL,
               stray: float = 0.0) -> pd.DataFrame:
    """For every allowed bid: the chance of making it and the average score when the hand is played
    toward that bid (to lose every trick for 0, and so on), with standard errors.

    One row per bid (index ``bid``; ``bids`` limits the bids tried) with columns ``makes bid``,
    ``makes bid se``, ``expected score``, ``expected score se`` and ``expected tricks``.  The
    other players bid what they bid (those still to bid: the rule of thumb of their dealt hand)
    and everybody plays by the rule of thumb toward their bid (``others`` as in :func:`card_chances`).
    """
    import pandas as pd

    view = _check_view(view, "bid_values")
    samples, seed = _checks(samples, seed)
    flag(bid_informed, "bid_informed")
    if view.phase != "bid":
        raise WrongPhaseError("Bid values are worked out while bidding: during play, use card_chances(view).")
    allowed = view.legal_bids if view.my_turn else list(range(view.hand_size + 1))
    if bids is not None:
        asked = [whole(b) for b in bids] if isinstance(bids, (list, tuple, range)) else []
        if not asked or any(b not in allowed for b in asked):
            raise WizardError(f"Choose the bids to try from {allowed}, like [0, 1], not {bids!r}.")
        allowed = [b for b in allowed if b in asked]
    sit = situation(view)
    tables = sit.tables
    rng = np.random.default_rng(seed)
    hands, deal_bids, weight = _deal(sit, samples, rng, bid_informed, spread, stray=check_share(stray, "stray"))
    deals, players, width = hands.shape
    k = len(allowed)
    all_bids = np.tile(deal_bids, (k, 1))
    all_bids[:, view.seat] = np.repeat(allowed, deals)
    out = play_on(tables, np.tile(hands, (k, 1, 1)), sit.trump, sit.leader,
                  np.empty((k * deals, 0), dtype=np.intp), np.zeros(players, dtype=np.int64), all_bids,
                  policy=_policies(view, others))
    won = out.won[:, view.seat].reshape(k, deals)
    score = tables.score_table(view.hand_size)
    rows = {}
    for i, b in enumerate(allowed):
        m_mean, m_se = _mean_se(won[i] == b, weight)
        s_mean, s_se = _mean_se(score[b, won[i]], weight)
        rows[b] = {"makes bid": m_mean, "makes bid se": m_se, "expected score": s_mean,
                   "expected score se": s_se, "expected tricks": _mean_se(won[i], weight)[0]}
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("bid")
    table.attrs.update(deals=deals, effective_deals=_effective_deals(weight), bid_informed=bid_informed,
                       seat=view.seat)
    return table
