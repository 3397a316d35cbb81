"""Shuffling for the deal: ``rng.shuffle`` of a round's deck, exactly, in fewer steps.

Each round is shuffled by its own generator (:meth:`wizard_edu.game.Game.round_rng`), once, so the
shuffle may draw its random numbers in one batch (:func:`shuffle_spent`); it is checked at import
to shuffle exactly as ``random.shuffle`` (else that is used).  ``make setup`` compiles this module
with mypyc (``tools/build_speedups.py``): the shuffle is the largest part of a round's deal.
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..cards import Cards

if TYPE_CHECKING:  # pragma: no cover
    from mypy_extensions import i64  # (machine integers for mypyc; only the compiled shuffle uses them)

    from ..cards import Card


def _shuffle_spent_words(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, same result, faster, leaving ``rng`` spent: only for a generator made for
    this one shuffle (each round's deal has its own, :meth:`wizard_edu.game.Game.round_rng`).

    ``random.shuffle`` swaps position ``i`` (from the last down to 1) with ``j = randbelow(i + 1)``,
    which draws ``getrandbits(k)`` (``k = (i + 1).bit_length()``) until it is at most ``i``; each draw
    is one 32-bit output of the generator shifted right by ``32 - k``.  Here the outputs come from
    one large ``getrandbits`` call (least significant first) and are tested in a single loop; a few
    more are drawn than the shuffle may use, which is why the generator is spent afterwards.
    """
    n = len(x)
    i = n - 1
    if i < 1:
        return
    shifts = SHIFTS
    shift = shifts[i]
    while True:
        count = i + 16
        # (the interpreter's way: an array of 32-bit words, iterated at C speed)
        for word in array("I", rng.getrandbits(32 * count).to_bytes(4 * count, sys.byteorder)):
            j = word >> shift
            if j <= i:
                x[i], x[j] = x[j], x[i]
                i -= 1
                if i == 0:
                    return
                shift = shifts[i]


def _shuffle_spent_bytes(rng: random.Random, x: list) -> None:
    """:func:`_shuffle_spent_words` as compiled code does it best: each output assembled from its
    four little-endian bytes in machine integers (an array would make a Python int of each word)."""
    i: i64 = len(x) - 1
    if i < 1:
        return
    shifts = SHIFTS
    shift: i64 = shifts[i]
    while True:
        count: i64 = i + 16
        data = rng.getrandbits(32 * count).to_bytes(4 * count, "little")
        k: i64 = 0
        end: i64 = 4 * count
        while k < end:
            j: i64 = (i64(data[k]) | (i64(data[k + 1]) << 8) | (i64(data[k + 2]) << 16)
                      | (i64(data[k + 3]) << 24)) >> shift
            k += 4
            if j <= i:
                x[i], x[j] = x[j], x[i]
                i -= 1
                if i == 0:
                    return
                shift = shifts[i]


#: ``rng.shuffle(x)`` for a generator made for this one shuffle (the same result, faster): compiled,
#: the byte loop; interpreted, the array loop (each is the faster one there).
shuffle_spent = _shuffle_spent_words if __file__.endswith(".py") else _shuffle_spent_bytes

#: ``SHIFTS[i]``: ``32 - (i + 1).bit_length()``, turning one 32-bit output into a draw below ``i + 1``.
SHIFTS = [32 - (i + 1).bit_length() for i in range(4096)]


def shuffle_spent_matches() -> bool:
    """True when :func:`shuffle_spent` shuffles exactly as this Python's ``random.shuffle``."""
    if array("I").itemsize != 4:
        return False
    for seed in range(50):
        for n in (0, 1, 2, 3, 5, 33, 36, 60, 64, 66, 65, 300):
            x, y = list(range(n)), list(range(n))
            random.Random(seed).shuffle(x)
            shuffle_spent(random.Random(seed), y)
            if x != y:
                return False
    return True


def shuffle_once(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` exactly as ``rng.shuffle(x)``; ``rng`` is not to be used again."""
    if len(x) < len(SHIFTS) and SHUFFLE_FAST:
        shuffle_spent(rng, x)
    else:
        rng.shuffle(x)


# Checked once at import, so that deals stay the same whatever the Python (else rng.shuffle is used).
SHUFFLE_FAST = shuffle_spent_matches()


def deal_places(places: list[int], players: int, dealer: int, hand_size: int,
                rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Shuffle and deal by places: ``(each seat's places, sorted; the shuffled order)``, the stock being
    ``order[players * hand_size:]``.  See :func:`deal`."""
    order = list(places)
    shuffle_once(rng, order)
    return deal_order(order, players, dealer, hand_size), order


def deal_order(order: list[int], players: int, dealer: int, hand_size: int) -> list[list[int]]:
    """Each seat's places, sorted, dealt from the shuffled ``order`` (see :func:`deal_places`)."""
    dealt: list[list[int]] = [[] for _ in range(players)]
    for i in range(players):
        seat_places = order[i * hand_size:(i + 1) * hand_size]
        seat_places.sort()
        dealt[(dealer + 1 + i) % players] = seat_places
    return dealt


def _native_shuffle() -> Callable[[str, list[int]], list[int]] | None:
    """:func:`wizard_edu.rules.mersenne.shuffled` where it is compiled and shuffles exactly as this
    Python's ``random`` does (checked here, once); else ``None``, and ``random.Random`` shuffles."""
    try:
        from . import mersenne
    except ImportError:  # (librt, which mypyc's compiled mersenne needs, is not installed)
        return None
    if mersenne.__file__.endswith(".py") or not mersenne.matches_random():
        return None
    return mersenne.shuffled


#: ``shuffled(text, places)``: the places shuffled as ``random.Random(text).shuffle`` would, straight
#: from the text, or ``None`` where that is not available (the pure-Python engine).
NATIVE_SHUFFLE = _native_shuffle()


_new_list: Any = list.__new__


def cards_of(items: list[Card]) -> Cards:
    """``Cards(items)`` for cards known to be cards (a deal's): no check and, compiled, no interpreter."""
    made: list[Card] = _new_list(Cards)
    made.extend(items)
    return cast("Cards", made)


def deal(by_place: Sequence[Card], places: list[int], players: int, dealer: int, hand_size: int,
         rng: random.Random) -> tuple[list[Cards], Cards]:
    """Shuffle and deal: ``(hands by seat, the undealt stock)``.

    ``places`` gives, for each position of the ordered deck, the place of its card in a sorted hand,
    and ``by_place`` the card at each such place: shuffling the places moves them as
    ``rng.shuffle(deck)`` would move the cards, and a hand is then sorted by sorting numbers.
    Hands go to the seats from the dealer's left.
    """
    dealt, order = deal_places(places, players, dealer, hand_size, rng)
    hands = [cards_of([by_place[k] for k in seat_places]) for seat_places in dealt]
    return hands, cards_of([by_place[k] for k in order[players * hand_size:]])
