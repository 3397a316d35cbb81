"""Play many rounds at once with numpy: dealing, bidding, choosing cards, deciding tricks.

Arrays hold one row per deal.  ``hands`` is ``(deals, players, cards)`` of card ids
(see :mod:`.tables`), each hand sorted; seat 0 bids first and leads the first trick,
seat ``players - 1`` is the dealer.  Two policies are built in, both the same as the
engine's players: ``"random"`` (uniform over the distinct legal cards, like
:class:`~wizard_edu.players.RandomPlayer`) and ``"rule-of-thumb"`` (the decision rules of
:class:`~wizard_edu.players.RuleOfThumbPlayer`, using its own scoring functions).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..engine.cards import Card
from ..errors import UnknownPolicyError
from .tables import CHOOSE, OPEN, SimTables, trump_code

RANDOM = "random"
RULE_OF_THUMB = "rule-of-thumb"
POLICIES = (RANDOM, RULE_OF_THUMB)


def check_policy(name: str) -> str:
    key = name.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(name, str) else name
    if key not in POLICIES:
        raise UnknownPolicyError(
            f"There is no player model {name!r} in the simulator. Choose 'random' or 'rule-of-thumb'.")
    return key


def deal(tables: SimTables, deals: int, players: int, cards: int, rng: np.random.Generator,
         fixed: Sequence[int] = (), fixed_turned_up: int | None = None, fixed_seat: int = 0,
         turned_up_known: bool = False, sort: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Shuffle and deal ``deals`` rounds at once.

    Returns ``(hands, turned_up)``: hands ``(deals, players, cards)`` sorted, turned-up card id
    per deal (``-1`` when no card is left).  With ``fixed`` the seat ``fixed_seat`` gets exactly
    those cards; with ``turned_up_known`` the turned-up card is ``fixed_turned_up`` (or none if
    it is ``None``) and the others are dealt from what is left.  ``sort=False`` leaves the hands
    unsorted (only for the all-random path, which keeps hands as bit masks).
    """
    size = tables.size
    pool = np.array([i for i in range(size) if i not in set(fixed) and i != fixed_turned_up],
                    dtype=np.int16)
    need = (players - (1 if fixed else 0)) * cards + (0 if turned_up_known else 1)
    need = min(need, len(pool))
    m = len(pool)
    # Row i of ``deck`` is position i of every deal's deck (one column per deal).
    deck = np.repeat(pool[:, None], deals, axis=1)
    flat = deck.ravel()
    cols = np.arange(deals)
    # A partial Fisher-Yates shuffle, vectorised over the deals: only the cards we use.
    for i in range(need):
        there = (i + (rng.random(deals) * (m - i)).astype(np.intp)) * deals + cols
        a = deck[i].copy()
        deck[i] = flat[there]
        flat[there] = a
    deck = deck[:max(need, 1)].T
    hands = np.empty((deals, players, cards), dtype=np.int16)
    k = 0
    for seat in range(players):
        if fixed and seat == fixed_seat:
            hands[:, seat, :] = np.array(sorted(fixed), dtype=np.int16)
        else:
            hands[:, seat, :] = deck[:, k:k + cards]
            k += cards
    if sort:
        hands.sort(axis=2)
    if turned_up_known:
        turned = np.full(deals, -1 if fixed_turned_up is None else fixed_turned_up, dtype=np.int16)
    elif k < m:
        turned = deck[:, k].copy()
    else:
        turned = np.full(deals, -1, dtype=np.int16)
    return hands, turned


def choose_trump(tables: SimTables, hands: np.ndarray, turned: np.ndarray, policies: Sequence[str],
                 rng: np.random.Generator | None = None, uniforms: np.ndarray | None = None) -> np.ndarray:
    """Trump code per deal (0 none, 1..4 colour); after a Wizard the dealer (last seat) chooses.

    The dealer's choice uses one random number per deal (``uniforms``, else drawn from ``rng``): a
    random dealer takes colour ``int(u * 4)``, a rule-of-thumb dealer breaks a tie with it."""
    trump = np.where(turned >= 0, tables.turned_up[np.maximum(turned, 0)], 0)
    choose = trump == CHOOSE
    if not choose.any():
        return trump
    dealer = hands.shape[1] - 1
    if uniforms is not None:
        u = uniforms
    else:
        assert rng is not None, "choose_trump is given rng or uniforms"
        u = rng.random(len(trump))
    if policies[dealer] == RULE_OF_THUMB:
        # RuleOfThumbPlayer.pick_trump: most cards, then highest total; the dealer's random number u
        # picks one of the colours still equal, in colour order (tied[int(u * len(tied))]).
        hand = hands[:, dealer, :]
        col = tables.colour[hand]
        val = tables.value[hand]
        key = np.stack([(col == c).sum(1) * 10_000 + np.where(col == c, val, 0).sum(1) for c in range(4)], axis=1)
        tied = key == key.max(1, keepdims=True)
        nth = np.minimum((u * tied.sum(1)).astype(np.int64), tied.sum(1) - 1)
        picked = (tied & (tied.cumsum(1) == nth[:, None] + 1)).argmax(1) + 1
    else:
        picked = (u * 4).astype(np.int64) + 1
    return np.where(choose, picked, trump)


def hand_estimates(tables: SimTables, hands: np.ndarray, trump: np.ndarray | int, players: int) -> np.ndarray:
    """The rule-of-thumb trick count (``count_tricks``) of each hand: ``hands`` holds card ids on its
    last axis (``gone`` counts nothing); ``trump`` is one code, or one per entry of the first axis."""
    hands = np.asarray(hands, dtype=np.intp)
    trump = np.asarray(trump, dtype=np.intp)
    power = tables.bid_power(players)[trump.reshape(trump.shape + (1,) * (hands.ndim - trump.ndim)), hands]
    total = np.zeros(power.shape[:-1])
    for j in range(power.shape[-1]):  # the same additions in the same order as count_tricks
        total = total + power[..., j]
    return total


def rule_of_thumb_bids(tables: SimTables, hands: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """RuleOfThumbPlayer.pick_bid for every seat: round the summed card powers, at most the hand size."""
    deals, players, cards = hands.shape
    return np.minimum(np.round(hand_estimates(tables, hands, trump, players)).astype(np.int64), cards)


@dataclass
class Played:
    """The result of :func:`play_rounds`: tricks won per seat, and optionally every card played."""

    won: np.ndarray                   # (deals, players)
    bids: np.ndarray                  # (deals, players)
    trump: np.ndarray                 # (deals,)
    plays: np.ndarray | None = None   # (deals, tricks, players) card ids in play order
    leaders: np.ndarray | None = None  # (deals, tricks) seat leading each trick


def play_rounds(tables: SimTables, hands: np.ndarray, turned: np.ndarray, policies: Sequence[str],
                *, rng: np.random.Generator | None = None, bids: np.ndarray | None = None,
                uniforms: np.ndarray | None = None, record: bool = False,
                set_bids: dict[int, int] | None = None) -> Played:
    """Play one round per row of ``hands`` and count the tricks each seat wins.

    ``policies`` names the player model of each seat.  ``bids`` (deals x players) overrides
    the bids (else rule-of-thumb seats bid by the rule of thumb, random seats bid 0: their
    play ignores the bid); ``set_bids`` then fixes some seats' bids (``{seat: bid}``).
    ``uniforms`` (deals x (1 + tricks x players)) replaces the random
    numbers (first for the dealer's trump choice, then one per card played), to
    replay exactly the same random choices elsewhere.
    """
    deals, players, cards = hands.shape
    policies = [check_policy(p) for p in policies]
    if len(policies) != players:
        raise UnknownPolicyError(f"Give one player model per seat ({players}), not {len(policies)}.")
    if rng is None:
        rng = np.random.default_rng()
    hands = np.asarray(hands, dtype=np.intp)
    trump = choose_trump(tables, hands, np.asarray(turned), policies, rng,
                         None if uniforms is None else uniforms[:, 0])
    if bids is None:
        bids = np.zeros((deals, players), dtype=np.int64)
        smart = [s for s, p in enumerate(policies) if p == RULE_OF_THUMB]
        if smart:
            bids[:, smart] = rule_of_thumb_bids(tables, hands, trump)[:, smart]
    for s, b in (set_bids or {}).items():
        bids[:, s] = b
    if not any(p == RULE_OF_THUMB for p in policies) and tables.size < 64:
        won, plays, leaders = _play_random_bits(tables, hands, trump, rng, uniforms, record)
        return Played(won, bids, trump, plays, leaders)
    gone = tables.gone
    rows = np.arange(deals)
    # Column (deal, seat) of ``held`` holds that seat's cards, one row per position in the
    # sorted hand; identical cards share an id and a played card becomes ``gone``.
    held = np.ascontiguousarray(tables.canon[hands].reshape(deals * players, cards).T)
    flat_held = held.ravel()
    stride = deals * players
    won = np.zeros((deals, players), dtype=np.int64)
    leader = np.zeros(deals, dtype=np.intp)
    seat_policy = np.array([p == RULE_OF_THUMB for p in policies])
    all_smart, any_smart = bool(seat_policy.all()), bool(seat_policy.any())
    plays = np.zeros((deals, cards, players), dtype=np.int16) if record else None
    leaders = np.zeros((deals, cards), dtype=np.int8) if record else None
    base = rows * players
    step = 0
    for t in range(cards):
        if leaders is not None:  # that is, if record
            leaders[:, t] = leader
        movers = (leader + np.arange(players)[:, None]) % players
        state = np.zeros(deals, dtype=np.intp)     # OPEN
        best = np.zeros(deals, dtype=np.intp)      # card winning so far
        best_pos = np.zeros(deals, dtype=np.intp)
        for pos in range(players):
            step += 1
            mover = movers[pos]
            col = base + mover
            hand = np.take(held, col, axis=1)
            legal = tables.legal_rows(hand, state, pos)
            if all_smart:
                need = bids[rows, mover] - won[rows, mover]
                pick = rule_of_thumb_pick(tables, hand, legal, trump, state, best, pos, need)
            else:
                # A shape tuple (the same numbers as random(deals)): numpy types random(n) of an untyped n as a float.
                u = uniforms[:, step] if uniforms is not None else rng.random((deals,))
                pick = _random_pick(hand, legal, u)
                if any_smart:
                    need = bids[rows, mover] - won[rows, mover]
                    other = rule_of_thumb_pick(tables, hand, legal, trump, state, best, pos, need)
                    pick = np.where(seat_policy[mover], other, pick)
            where = pick * stride + col
            card = flat_held[where]
            flat_held[where] = gone
            if plays is not None:  # that is, if record
                plays[:, t, pos] = card
            best, state = tables.add_to_trick(card, pos, best, best_pos, state, trump)
        leader += best_pos
        leader %= players
        won[rows, leader] += 1
    return Played(won, bids, trump, plays, leaders)


ONE = np.uint64(1)


def _bits(ids: np.ndarray) -> np.ndarray:
    return np.left_shift(ONE, ids.astype(np.uint64))


@cache  # one entry per table object, and those are cached per ruleset
def _bit_tables(tables: SimTables) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Follow-suit tables as bit masks over card ids, and the groups of identical cards."""
    ids = np.arange(tables.size)

    def mask(row: np.ndarray) -> np.uint64:
        return np.bitwise_or.reduce(_bits(ids[row[:tables.size]]), initial=np.uint64(0))

    led = np.array([mask(row) for row in tables.led_number], dtype=np.uint64)
    follow = np.array([mask(row) for row in tables.follow_ok], dtype=np.uint64)
    groups = [mask(tables.canon == c) for c in np.unique(tables.canon) if (tables.canon == c).sum() > 1]
    return led, follow, np.array(groups, dtype=np.uint64)


def _play_random_bits(tables: SimTables, hands: np.ndarray, trump: np.ndarray, rng: np.random.Generator,
                      uniforms: np.ndarray | None, record: bool
                      ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """:func:`play_rounds` when everyone plays at random, with each hand as one 64-bit mask.

    The same choices as the general path (the ``k``-th distinct legal card in hand order, ``k``
    from the same random number), only faster: every step works on one number per deal.
    """
    deals, players, cards = hands.shape
    led_mask, follow_mask, groups = _bit_tables(tables)
    held = np.zeros(deals * players, dtype=np.uint64)
    flat = hands.reshape(deals * players, cards)
    for j in range(cards):
        held |= _bits(flat[:, j])
    rows = np.arange(deals)
    base = rows * players
    won = np.zeros((deals, players), dtype=np.int64)
    leader = np.zeros(deals, dtype=np.intp)
    plays = np.zeros((deals, cards, players), dtype=np.int16) if record else None
    leaders = np.zeros((deals, cards), dtype=np.int8) if record else None
    others = [~g for g in groups]
    # The same random numbers, in the same order, as one draw per card played.
    draws = uniforms[:, 1:].T if uniforms is not None else rng.random((cards * players, deals))
    step = 0
    # seat_after[pos][leader] = (leader + pos) % players, without a division per deal.
    seat_after = [np.roll(np.arange(players), -pos) for pos in range(players)]
    for t in range(cards):
        if leaders is not None:  # that is, if record
            leaders[:, t] = leader
        state = np.zeros(deals, dtype=np.intp)
        best = np.zeros(deals, dtype=np.intp)
        best_pos = np.zeros(deals, dtype=np.intp)
        for pos in range(players):
            row = base + seat_after[pos][leader]
            hand = held[row]
            if pos == 0:
                legal = hand
            else:
                legal = np.where(hand & led_mask[state] != 0, hand & follow_mask[state], hand)
            for group, other in zip(groups, others):  # identical cards: one choice (the first copy held)
                g = legal & group
                legal = (legal & other) | (g & (~g + ONE))
            count = np.bitwise_count(legal)
            u = draws[step]
            step += 1
            k = (u * count).astype(np.uint8)
            x = legal
            for i in range(int(k.max())):  # drop the k lowest choices
                x = np.where(k > i, x & (x - ONE), x)
            bit = x & (~x + ONE)
            card = np.bitwise_count(bit - ONE).astype(np.intp)
            held[row] = hand & ~bit
            if plays is not None:  # that is, if record
                plays[:, t, pos] = tables.canon[card]
            best, state = tables.add_to_trick(card, pos, best, best_pos, state, trump)
        leader = seat_after_any(leader, best_pos, players)
        won[rows, leader] += 1
    return won, plays, leaders


def seat_after_any(leader: np.ndarray, steps: np.ndarray, players: int) -> np.ndarray:
    """(leader + steps) % players for steps below players, without a division."""
    seat = leader + steps
    return np.where(seat >= players, seat - players, seat)


def _random_pick(hand: np.ndarray, legal: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Uniform over the distinct legal cards (two Wizards are one choice), in hand order.

    Identical cards share an id and sit next to each other in a sorted hand, and every policy
    plays the first copy it holds, so a copy repeats a choice exactly when the card just
    before it is the same card (still held).
    """
    distinct = legal.copy()
    distinct[1:] &= hand[1:] != hand[:-1]
    count = np.empty(distinct.shape, dtype=np.int8)
    count[0] = distinct[0]
    for j in range(1, len(count)):
        np.add(count[j - 1], distinct[j], out=count[j])
    target = (u * count[-1]).astype(np.int8)
    return (count <= target).sum(0)


def rule_of_thumb_pick(tables: SimTables, hand: np.ndarray, legal: np.ndarray, trump: np.ndarray | int,
                       state: np.ndarray, best: np.ndarray, pos: int, need: np.ndarray) -> np.ndarray:
    """RuleOfThumbPlayer.pick_card for every deal at once (same scores, same tie-breaks): the row of
    ``hand`` to play.  ``tests/simulate/test_simulate.py`` holds it to the engine's player.

    Still needing tricks: lead the strongest card, else win with the cheapest winner, else throw
    the weakest.  Not needing any: lead the weakest, else duck with the highest loser, else the
    weakest.  Ties go to the first card in hand order (``argmax`` finds the first maximum).
    """
    key = tables.strength_of(hand, trump, state)
    want = need > 0
    if pos == 0:
        return np.where(legal, np.where(want, key, -key), -np.inf).argmax(0)
    wins = tables.takes(trump, best, hand) & legal
    loses = legal & ~wins
    any_win, any_lose = wins.any(0), loses.any(0)
    chosen = np.where(want, np.where(any_win, wins, legal), np.where(any_lose, loses, legal))
    highest = ~want & any_lose          # duck with the highest loser; every other case takes the lowest
    return np.where(chosen, np.where(highest, key, -key), -np.inf).argmax(0)


def rule_of_thumb_card(tables: SimTables, hand: Iterable[Card], trick: Sequence[Card], trump: str | None,
                       need: int) -> Card:
    """The card the vectorised rule of thumb plays in one situation (to hold it to the engine's player).

    ``hand`` and ``trick`` are cards (the trick in play order), ``need`` is bid minus tricks won.
    """
    ids = tables.canon[tables.encode(hand)][:, None]     # one deal: a column
    t = np.array([trump_code(trump)])
    state, best, best_pos = np.array([OPEN]), np.zeros(1, dtype=np.intp), np.zeros(1, dtype=np.intp)
    for pos, card in enumerate(trick):
        best, state = tables.add_to_trick(tables.canon[[tables.id_of(card)]], pos, best, best_pos, state, t)
    legal = tables.legal_rows(ids, state, len(trick))
    pick = rule_of_thumb_pick(tables, ids, legal, t, state, best, len(trick), np.array([need]))
    return tables.cards[int(ids[pick[0], 0])]


__all__ = ["rule_of_thumb_card", "rule_of_thumb_pick", "hand_estimates", "deal", "play_rounds", "choose_trump", "rule_of_thumb_bids",
           "Played", "POLICIES", "UnknownPolicyError", "check_policy"]
