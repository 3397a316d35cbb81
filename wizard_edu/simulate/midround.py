"""Play on from the middle of a round, for many deals of the unseen cards at once.

:func:`play_rounds` plays whole rounds from the first card.  The chances a player sees while
playing (:mod:`wizard_edu.simulate.chances`) start where the game is now: some tricks are over, a
trick may be half played, and only the player's own hand is known.  This module

* deals the unseen cards to the other seats consistently with what the player saw
  (:func:`deal_consistent`): a seat that did not follow a colour holds none of it.  The
  deal is sequential (the seats with most missing colours first, each from the cards it may
  hold) and every deal carries an importance weight, so weighted averages are exactly those
  of a uniform deal among all deals that fit what was seen;
* plays the rest of the round with the rule-of-thumb model for every seat, each aiming at
  its own bid (:func:`play_on`).

Cards are the canonical ids of :mod:`wizard_edu.engine.rules.tables` (copies share one id); a hand
row is sorted and padded with the id ``gone`` (a card already played).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import lgamma

import numpy as np

from ..engine.cards import Card
from ..errors import UnknownPolicyError
from .play import rule_of_thumb_pick
from .tables import OPEN, SimTables

#: log(n!) for every n a deck can need.
_LOG_FACT = np.array([lgamma(i + 1) for i in range(256)])


def log_comb(n: np.ndarray, k: int) -> np.ndarray:
    """log C(n, k), elementwise (``-inf`` where ``n < k``)."""
    n = np.asarray(n, dtype=np.intp)
    ok = n >= k
    safe = np.where(ok, n, k)
    return np.where(ok, _LOG_FACT[safe] - _LOG_FACT[k] - _LOG_FACT[safe - k], -np.inf)


@dataclass
class Dealt:
    """Deals of the unseen cards: ``hands[seat]`` is ``(deals, size)`` canonical ids (sorted),
    ``log_weight`` the importance weight of each deal (``-inf``: impossible, drop it)."""

    hands: dict[int, np.ndarray]
    log_weight: np.ndarray


def deal_consistent(tables: SimTables, pool: Sequence[int], sizes: dict[int, int],
                    voids: dict[int, set[int]], deals: int, rng: np.random.Generator) -> Dealt:
    """Deal ``pool`` (canonical ids of the unseen cards, with repeats) to the seats in ``sizes``.

    A seat in ``voids`` holds no card of those colours (0..3).  Seats are dealt one after
    another, most voids first, each a uniformly random set of the cards still left that it
    may hold.  A deal made that way has chance ``1 / prod C(choices, size)`` over the seats, so
    its weight is ``prod C(choices, size)``: weighted averages are then those of a uniform deal
    among all deals that keep the voids.  Only seats with voids need counting (the seats dealt
    after them always have the same number of choices); with no voids every weight is equal.
    """
    pool_arr = np.asarray(pool, dtype=np.intp)
    m = len(pool_arr)
    colour = tables.colour[pool_arr]
    taken = np.zeros((deals, m), dtype=bool)
    log_w = np.zeros(deals)
    hands: dict[int, np.ndarray] = {}
    for seat in sorted(sizes, key=lambda s: (-len(voids.get(s, ())), s)):
        h = sizes[seat]
        if h == 0:
            hands[seat] = np.zeros((deals, 0), dtype=np.intp)
            continue
        allowed = ~np.isin(colour, sorted(voids.get(seat, ())))
        free = allowed[None, :] & ~taken
        if voids.get(seat):
            log_w += log_comb(free.sum(1), h)
        # Fresh random keys for every seat: reusing one set would tie a seat's cards to the seat before.
        k = np.where(free, rng.random((deals, m)), np.inf)
        pick = np.argpartition(k, h - 1, axis=1)[:, :h]
        rows = np.arange(deals)[:, None]
        taken[rows, pick] = True
        hands[seat] = np.sort(pool_arr[pick], axis=1)
    return Dealt(hands, log_w)


def voids_seen(tables: SimTables, tricks: Iterable[Iterable[tuple[int, Card]]]) -> dict[int, set[int]]:
    """The colours (0..3) each seat has shown it lacks: in ``tricks`` (``(seat, card)`` in play order)
    it played a card that follow suit forbids to a player holding the colour led."""
    voids: dict[int, set[int]] = {}
    for plays in tricks:
        state = OPEN
        for seat, card in plays:
            c = tables.code[card]
            if state >= 2 and not tables.follow_ok[state, c]:
                voids.setdefault(seat, set()).add(state - 2)
            state = int(tables.lead_next[state, c])
    return voids


def careful_pick(tables: SimTables, hand: np.ndarray, legal: np.ndarray, trump: np.ndarray | int,
                 state: np.ndarray, best: np.ndarray, pos: int, need: np.ndarray, after: int) -> np.ndarray:
    """The card a careful player picks (the rules of the simulating player's ``choose_card``, without
    its check that no unseen card can beat a winner), for every deal at once.

    Still needing tricks: lead the strongest card; follow with the cheapest winner, or throw away
    the card missed least (low plain cards first, Jesters kept for later).  Not needing any: lead
    the lowest number card (then a Jester, then a Wizard); duck with the highest loser; forced to
    win, the weakest card (the strongest when playing last, since the trick is lost anyway).
    """
    key = tables.strength_of(hand, trump, state)
    want = need > 0
    # Each case is "the first card of a set with the highest score", so one argmax serves them all.
    if pos == 0:
        low = tables.lead_low_rank(hand, trump)
        return np.where(legal, np.where(want, key, -low), -np.inf).argmax(0)
    wins = tables.takes(trump, best, hand) & legal
    loses = legal & ~wins
    any_win, any_lose = wins.any(0), loses.any(0)
    throw = want & ~any_win                       # cannot win: the card missed least (discard order)
    chosen = np.where(want, np.where(any_win, wins, legal), np.where(any_lose, loses, legal))
    highest = ~want & (any_lose | (after == 0))   # duck high; forced and last: the strongest
    metric = np.where(throw, tables.discard_rank(hand, trump), key)
    return np.where(chosen, np.where(highest, metric, -metric), -np.inf).argmax(0)


@dataclass
class Outcome:
    """Tricks won by each seat at the end of the round, and who takes the trick being played."""

    won: np.ndarray          # (deals, players)
    first_winner: np.ndarray  # (deals,) seat taking the current trick


CAREFUL, RULE_OF_THUMB = "careful", "rule-of-thumb"


def play_on(tables: SimTables, held: np.ndarray, trump: int, leader: int, trick: np.ndarray,
            won: np.ndarray, bids: np.ndarray, policy: str | Sequence[str] = CAREFUL) -> Outcome:
    """Play a round on from a half-played trick, every seat aiming at its bid.

    ``policy`` is ``"careful"`` (:func:`careful_pick`, the default) or ``"rule-of-thumb"``
    (:func:`rule_of_thumb_pick`, the engine's rule-of-thumb player), or one of those per seat
    (the hard player imagines itself careful and the others by the rule of thumb).

    ``held`` is ``(deals, players, width)`` canonical ids, each row sorted with ``gone`` padding
    (the seats that already played to the current trick hold one card fewer); ``trick`` is
    ``(deals, k)`` the cards already in the current trick (led by ``leader``, the same seat in
    every deal), ``won`` ``(players,)`` or ``(deals, players)`` the tricks won so far and
    ``bids`` ``(deals, players)`` every seat's bid.
    """
    seat_policy = [policy] * held.shape[1] if isinstance(policy, str) else list(policy)
    for p in seat_policy:
        if p not in (CAREFUL, RULE_OF_THUMB):
            raise UnknownPolicyError(f"There is no way of playing {p!r} in the simulator: choose {CAREFUL!r} or "
                                     f"{RULE_OF_THUMB!r}.")
    careful = CAREFUL in seat_policy
    uses_careful = np.array([p == CAREFUL for p in seat_policy])
    mixed = len(set(seat_policy)) > 1
    gone = tables.gone
    deals, players, width = held.shape
    rows = np.arange(deals)
    base = rows * players
    stride = deals * players
    hand_t = np.ascontiguousarray(np.asarray(held, dtype=np.intp).reshape(deals * players, width).T)
    flat_held = hand_t.ravel()
    won = np.broadcast_to(np.asarray(won, dtype=np.int64), (deals, players)).copy()
    trick = np.asarray(trick, dtype=np.intp).reshape(deals, -1)
    start = trick.shape[1]
    # The state of the current trick after the cards already in it.
    state = np.full(deals, OPEN, dtype=np.intp)
    best = np.zeros(deals, dtype=np.intp)
    best_pos = np.zeros(deals, dtype=np.intp)
    for pos in range(start):
        best, state = tables.add_to_trick(trick[:, pos].copy(), pos, best, best_pos, state, trump)
    lead = np.full(deals, leader, dtype=np.intp)
    if start < players:  # the seat to move holds one card per trick left, this one included
        loops = int((held[0, (leader + start) % players] != gone).sum())
    else:  # the trick is complete: decide it, then play the tricks left
        loops = 1 + int((held[0, leader] != gone).sum())
    first_winner: np.ndarray | None = None
    first = True
    compacted = False
    played_row = np.zeros(deals * players, dtype=np.intp)   # the row each hand played in this trick
    for _ in range(loops):
        if not first:
            # Every hand now holds the same number of cards: drop the played ones, so later tricks
            # look at fewer rows.  After the first trick each hand lost exactly the row it played:
            # shift the rows below it up by one.  (After the first trick, seats that had played
            # before it began hold a shorter row already: sorting keeps the hand order, ``gone``
            # being the largest id.)
            if compacted:
                below = np.arange(hand_t.shape[0] - 1)[:, None] >= played_row[None, :]
                hand_t = np.where(below, hand_t[1:], hand_t[:-1])
            else:
                left = int((hand_t[:, 0] != gone).sum())
                hand_t = np.ascontiguousarray(np.sort(hand_t, axis=0)[:left])
                compacted = True
            flat_held = hand_t.ravel()
            state = np.full(deals, OPEN, dtype=np.intp)
            best = np.zeros(deals, dtype=np.intp)
            best_pos = np.zeros(deals, dtype=np.intp)
        for pos in range(start if first else 0, players):
            mover = (lead + pos) % players
            col = base + mover
            hand = np.take(hand_t, col, axis=1)
            legal = tables.legal_rows(hand, state, pos)
            need = bids[rows, mover] - won[rows, mover]
            if not careful:
                pick = rule_of_thumb_pick(tables, hand, legal, trump, state, best, pos, need)
            else:
                pick = careful_pick(tables, hand, legal, trump, state, best, pos, need, players - pos - 1)
                if mixed:
                    thumb = ~uses_careful[mover]
                    if thumb.any():
                        pick = np.where(thumb, rule_of_thumb_pick(tables, hand, legal, trump, state, best,
                                                                  pos, need), pick)
            where = pick * stride + col
            card = flat_held[where]
            flat_held[where] = gone
            played_row[col] = pick
            best, state = tables.add_to_trick(card, pos, best, best_pos, state, trump)
        lead = (lead + best_pos) % players
        won[rows, lead] += 1
        if first:
            first_winner = lead.copy()
            first = False
    assert first_winner is not None, "loops >= 1: the trick being played is always decided"
    return Outcome(won, first_winner)


__all__ = ["deal_consistent", "play_on", "Dealt", "Outcome", "careful_pick", "voids_seen",
           "CAREFUL", "RULE_OF_THUMB", "log_comb"]
