"""One card encoding and the rule tables every fast path uses, all filled from :mod:`.core`.

The computer players that simulate (:mod:`wizard_edu.players.simulating`, the coach) and the
vectorised simulator (:mod:`wizard_edu.simulate`) cannot afford to call the engine's
functions millions of times, so they look the rules up in tables instead.  This module is
the only place those tables are made, and it states no rule of its own: every entry is
filled by asking the engine's pure functions about small tricks (``trick_winner``,
``lead_colour``, ``legal_plays``, ``trump_from_card``, ``Ruleset.score``).
``tests/test_fast_paths.py`` holds every table to the engine.

**The encoding.**  Card ``i`` is the ``i``-th card of the ruleset's deck in the order a
player holds a hand (:func:`wizard_edu.cards.sorted_hand`: Wizards, then each colour high
to low, Jesters last), so a sorted row of ids is a hand in the engine's order.  Identical
cards (the four Wizards...) get different ids; ``canon[i]`` is the smallest id of the same
card, the id to use when copies need not be told apart.

**Trump codes**: 0 no trump, 1..4 the colours R, G, B, Y (5 = the dealer chooses, for a
turned-up Wizard).  **Lead states** say what a trick so far asks of the next card:
0 nothing decided yet (empty trick or Jesters only), 1 free (a Wizard came first),
2..5 the colour to follow (R, G, B, Y).

Only decks without special cards, and not Monochrome, are tabled (Junior and Classic with
any bidding or schedule option): the fast paths model those.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..cards import COLOURS, Card, sorted_hand
from ..errors import DuplicateCardError, UnknownRulesetError
from .core import DEALER_CHOOSES, check_in_deck, trump_from_card
from .core import _lead_of as lead_colour
from .rulesets import Ruleset, get_ruleset

# The encoding's constants and the engine's unchecked questions live in trick_table.py (no numpy),
# which the engine itself uses; the tables here add the numpy arrays the simulator needs.
from .trick_table import (  # noqa: F401 (re-exported: the encoding's public names)
    CHOOSE,
    FREE,
    N_STATES,
    NO_TRUMP,
    OPEN,
    TRUMP_CODES,
    code_trump,
    is_tabled,
    legal_plays,
    trick_winner,
    trump_code,
)


@dataclass(frozen=True, eq=False)
class RuleTables:
    """The card encoding and every rule lookup table for one ruleset (see :func:`rule_tables`)."""

    ruleset: Ruleset
    cards: tuple[Card, ...]          # id -> Card
    colour: np.ndarray               # id -> 0..3, or -1 (Wizard, Jester)
    value: np.ndarray                # id -> rank (0 for Wizard, Jester)
    canon: np.ndarray                # id -> smallest id of an identical card
    is_wizard: np.ndarray
    is_jester: np.ndarray
    turned_up: np.ndarray            # id -> trump code 0..4, or CHOOSE
    beats: np.ndarray                # [trump, winning-so-far, new] -> the new card takes the trick
    lead_next: np.ndarray            # [lead state, card] -> lead state after the card
    follow_ok: np.ndarray            # [lead state, card] -> may be played when holding the led colour
    led_number: np.ndarray           # [lead state, card] -> is a number card of the colour to follow

    @property
    def size(self) -> int:
        return len(self.cards)

    def id_of(self, card: Card, taken: set[int] | None = None) -> int:
        """The id of ``card``; with ``taken``, the first identical id not yet taken (two Wizards...)."""
        for i, c in enumerate(self.cards):
            if c == card and (taken is None or i not in taken):
                return i
        check_in_deck(card, self.ruleset)
        raise DuplicateCardError(f"{card} is given more often than the {self.ruleset.title} deck holds it.")

    def encode(self, hand: Iterable[Card]) -> list[int]:
        """Ids of the cards of ``hand`` (identical cards get different ids), sorted."""
        taken: set[int] = set()
        ids = []
        for card in hand:
            i = self.id_of(card, taken)
            taken.add(i)
            ids.append(i)
        return sorted(ids)

    @cached_property
    def code(self) -> dict[Card, int]:
        """Card -> its canonical id (copies share one), for code that need not tell copies apart."""
        return {card: int(self.canon[i]) for i, card in enumerate(self.cards)}

    @cached_property
    def lists(self) -> ListTables:
        """The same tables as plain Python lists, for loops over one card at a time."""
        return ListTables.build(self)

    @lru_cache(maxsize=64)  # noqa: B019 - a handful of hand sizes per ruleset
    def score_table(self, hand_size: int) -> np.ndarray:
        """[bid, tricks won] -> points, from ``Ruleset.score``."""
        n = hand_size + 1
        return np.array([[self.ruleset.score(b, w) for w in range(n)] for b in range(n)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class ListTables:
    """:class:`RuleTables` as nested lists (indexing a list is much faster than a numpy array
    for one card at a time).  Indices are the same ids; use canonical ids."""

    colour: list[int]
    value: list[int]
    is_wizard: list[bool]
    is_jester: list[bool]
    beats: list[list[list[bool]]]        # [trump][best][new]
    beaten_by: list[list[list[int]]]     # [trump][card] -> canonical ids that take the trick from it
    lead_next: list[list[int]]           # [state][card]
    follow_ok: list[list[bool]]          # [state][card]
    led_number: list[list[bool]]         # [state][card]
    distinct: list[int]                  # the canonical ids

    @classmethod
    def build(cls, t: RuleTables) -> ListTables:
        distinct = sorted(set(t.canon.tolist()))
        beats = t.beats.tolist()
        beaten_by = [[[b for b in distinct if beats[tr][a][b]] for a in range(t.size)]
                     for tr in range(TRUMP_CODES)]
        return cls(t.colour.tolist(), t.value.tolist(), t.is_wizard.tolist(), t.is_jester.tolist(), beats,
                   beaten_by, t.lead_next.tolist(), t.follow_ok.tolist(), t.led_number.tolist(), distinct)

    def lead_state(self, trick: list[int]) -> int:
        """The lead state after the cards of ``trick`` (ids, in play order)."""
        state = OPEN
        for c in trick:
            state = self.lead_next[state][c]
        return state

    def winner_index(self, trick: list[int], trump: int) -> int:
        """Index (play order) of the card winning a complete or partial trick."""
        beats = self.beats[trump]
        best = 0
        for i in range(1, len(trick)):
            if beats[trick[best]][trick[i]]:
                best = i
        return best

    def legal(self, hand: list[int], state: int) -> list[int]:
        """The cards of ``hand`` that may be played in lead state ``state``.

        When a colour must be followed, its number cards come first, then the cards
        without a colour (the order the simulating player has always tried them in).
        """
        led = self.led_number[state]
        for c in hand:
            if led[c]:
                ok = self.follow_ok[state]
                return [c for c in hand if led[c]] + [c for c in hand if ok[c] and not led[c]]
        return hand


def _lead_state(trick: list[Card], ruleset: Ruleset, probe: Card) -> int:
    colour = lead_colour(trick, ruleset)
    if colour is not None:
        return 2 + COLOURS.index(colour)
    # No colour yet: "open" if a number card would now set one, "free" otherwise.
    return OPEN if lead_colour([*trick, probe], ruleset) is not None else FREE


@lru_cache(maxsize=32)
def _tables(ruleset: Ruleset) -> RuleTables:
    cards = tuple(sorted_hand(ruleset.deck()))
    size = len(cards)
    colour = np.array([COLOURS.index(c.colour) if c.colour else -1 for c in cards], dtype=np.int64)
    value = np.array([c.rank if c.is_number else 0 for c in cards], dtype=np.int64)
    canon = np.array([cards.index(c) for c in cards], dtype=np.int64)
    turned = np.array([CHOOSE if trump_from_card(c, ruleset) == DEALER_CHOOSES
                       else trump_code(trump_from_card(c, ruleset)) for c in cards], dtype=np.int64)

    # Who takes a trick can be folded card by card: the new card takes over from the
    # card winning so far exactly when it wins the two-card trick [winning so far, new].
    distinct = sorted(set(canon.tolist()))
    beats = np.zeros((TRUMP_CODES, size, size), dtype=bool)
    for t in range(TRUMP_CODES):
        trump = code_trump(t)
        small = np.zeros((size, size), dtype=bool)
        for a in distinct:
            for b in distinct:
                small[a, b] = trick_winner([cards[a], cards[b]], trump, ruleset) == 1
        beats[t] = small[np.ix_(canon, canon)]

    # Follow suit, as lead states: a representative trick for each state.
    probe = next(c for c in cards if c.is_number)
    reps: list[list[Card]] = [[], [next(c for c in cards if c.is_wizard)]]
    for col in COLOURS:
        reps.append([next(c for c in cards if c.colour == col)])
    lead_next = np.zeros((N_STATES, size), dtype=np.int64)
    follow_ok = np.ones((N_STATES, size), dtype=bool)
    led_number = np.zeros((N_STATES, size), dtype=bool)
    for s, trick in enumerate(reps):
        assert _lead_state(trick, ruleset, probe) == s
        for i, card in enumerate(cards):
            lead_next[s, i] = _lead_state([*trick, card], ruleset, probe)
            led = lead_colour(trick, ruleset)
            if led is None:
                continue
            same = next(c for c in cards if c.colour == led and c != card)
            other = next(c for c in cards if c.colour not in (None, led))
            follow_ok[s, i] = card in legal_plays([card, same], trick, ruleset)
            led_number[s, i] = other not in legal_plays([card, other], trick, ruleset)

    return RuleTables(ruleset, cards, colour, value, canon,
                      np.array([c.is_wizard for c in cards]), np.array([c.is_jester for c in cards]),
                      turned, beats, lead_next, follow_ok, led_number)


def rule_tables(rules: str | Ruleset = "classic") -> RuleTables:
    """The (cached) rule tables for ``rules``: Junior or Classic, with any bidding or schedule option."""
    ruleset = get_ruleset(rules)
    if not is_tabled(ruleset):
        raise UnknownRulesetError(
            f"The fast rule tables cover the Junior and Classic decks, not {ruleset.title} "
            "(special cards or Monochrome).")
    return _tables(ruleset)


__all__ = ["RuleTables", "ListTables", "rule_tables", "trump_code", "code_trump", "is_tabled",
           "NO_TRUMP", "CHOOSE", "OPEN", "FREE", "N_STATES", "TRUMP_CODES"]
