"""A round's shuffle made straight from its seed text, in machine integers: ``random.Random(text).shuffle``,
exactly, without making the generator.

Every round is shuffled by ``random.Random(f"wizard-edu:{seed}:{round}")`` (see
:meth:`wizard_edu.game.Game.round_rng`), so that a save file is a seed and the actions.  Python's
generator is the Mersenne Twister (MT19937), seeded from text in three steps: the text's UTF-8 bytes
followed by their SHA-512 digest make one large number, whose 32-bit words seed the generator's 624
words (``init_by_array``), which start from a fixed table (``init_genrand(19650218)``).  A shuffle of
60 cards then reads about 80 outputs of the generator's first "twist" of those 624 words.

:func:`shuffled` does the same steps, with the fixed table made once, the twist made only as far as
the outputs read, and the shuffle's draws taken from those outputs (as ``_randbelow`` does).
That saves about a third of the seeding and most of the rest; a deal is the largest part of
setting up a round, and simulations set up rounds by the hundred thousand.

``make setup`` compiles this module with mypyc, which keeps the words in a ``librt.vecs.vec`` of
machine integers (``librt`` comes with mypy); interpreted, the same code would be slower than
``random.Random``, so the engine only uses it compiled (:data:`wizard_edu.rules.dealing.NATIVE_SHUFFLE`)
and only after checking that it shuffles exactly as this Python's ``random`` does
(:func:`matches_random`).
"""

from __future__ import annotations

import random
from hashlib import sha512
from typing import Final

from librt.vecs import append, vec
from mypy_extensions import i64

_N: Final = 624
_M: Final = 397
_WORD: Final = 0xFFFFFFFF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_MATRIX: Final = 0x9908B0DF


def _fixed_table() -> vec[i64]:
    """The generator's words before any seed is mixed in: ``init_genrand(19650218)``."""
    words = vec[i64]()
    word: i64 = 19650218
    words = append(words, word)
    for i in range(1, _N):
        word = (1812433253 * (word ^ (word >> 30)) + i) & _WORD
        words = append(words, word)
    return words


_FIXED: vec[i64] = _fixed_table()


def _key(data: bytes) -> vec[i64]:
    """The 32-bit words (least significant first) of the number whose big-endian bytes are ``data``."""
    start: i64 = 0
    n: i64 = len(data)
    while start < n and data[start] == 0:
        start += 1
    key = vec[i64]()
    end: i64 = n
    while end > start:
        low: i64 = end - 4
        if low < start:
            low = start
        word: i64 = 0
        k: i64 = low
        while k < end:
            word = (word << 8) | i64(data[k])
            k += 1
        key = append(key, word)
        end = low
    if len(key) == 0:
        key = append(key, 0)
    return key


def _seeded(data: bytes) -> vec[i64]:
    """The generator's 624 words once seeded with the number made of ``data`` (``init_by_array``)."""
    key = _key(data)
    words = _FIXED[0:_N]
    length: i64 = len(key)
    i: i64 = 1
    j: i64 = 0
    k: i64 = length
    if k < _N:
        k = _N
    before: i64 = words[0]  # (the word just made, words[i - 1], kept at hand)
    while k > 0:
        before = ((words[i] ^ ((before ^ (before >> 30)) * 1664525)) + key[j] + j) & _WORD
        words[i] = before
        i += 1
        j += 1
        if i >= _N:
            words[0] = before
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = _N - 1
    while k > 0:
        before = ((words[i] ^ ((before ^ (before >> 30)) * 1566083941)) - i) & _WORD
        words[i] = before
        i += 1
        if i >= _N:
            words[0] = before
            i = 1
        k -= 1
    words[0] = _UPPER
    return words


def shuffled(text: str, items: list[int]) -> list[int]:
    """A copy of ``items`` shuffled exactly as ``random.Random(text).shuffle`` would shuffle it."""
    data = text.encode()
    words = _seeded(data + sha512(data).digest())
    x = list(items)
    i: i64 = len(x) - 1
    twisted: i64 = 0  # the words of this twist made so far (a twist makes the next 624 outputs)
    read: i64 = 0     # the outputs of this twist read so far
    bits: i64 = 0  # (i + 1).bit_length(): the bits of each draw
    while (i + 1) >> bits:
        bits += 1
    while i > 0:
        if read == _N:  # (more than 624 outputs: a shuffle of hundreds of items)
            twisted = 0
            read = 0
        while twisted <= read:  # the twist of MT19937, one word at a time, in place, as far as needed
            kk = twisted
            after: i64 = kk + 1
            if after == _N:
                after = 0
            other: i64 = kk + _M
            if other >= _N:
                other -= _N
            y = (words[kk] & _UPPER) | (words[after] & _LOWER)
            mixed = words[other] ^ (y >> 1)
            if y & 1:
                mixed ^= _MATRIX
            words[kk] = mixed
            twisted += 1
        y = words[read]
        read += 1
        y ^= y >> 11  # tempering
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        j: i64 = y >> (32 - bits)  # getrandbits(bits), kept only when below i + 1 (_randbelow)
        if j <= i:
            x[i], x[j] = x[j], x[i]
            i -= 1
            if not (i + 1) >> (bits - 1):  # (i + 1 went below a power of two)
                bits -= 1
    return x


def matches_random() -> bool:
    """True when :func:`shuffled` shuffles exactly as this Python's ``random.Random(text).shuffle``."""
    for text in ("wizard-edu:0:0", "wizard-edu:123456789:14", "wizard-edu:-7:3", "\u00e9", "", "\x00\x00ab"):
        for n in (0, 1, 2, 3, 5, 36, 60, 64, 65, 700):
            expected = list(range(n))
            random.Random(text).shuffle(expected)
            if shuffled(text, list(range(n))) != expected:
                return False
    return True
