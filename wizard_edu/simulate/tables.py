"""Rule tables for the vectorised simulator, all derived from :mod:`wizard_edu.rules.core`.

Cards become small integers: card ``i`` is the ``i``-th card of the ruleset's deck
in the order a player holds a hand (:func:`wizard_edu.cards.sorted_hand`: Wizards,
then each colour high to low, Jesters last).  A sorted row of ids is therefore a
hand in the engine's order, which keeps "the first best card" choices identical.

Nothing here states a rule of its own: every table is filled by asking the
engine's pure functions about small tricks (``trick_winner``, ``lead_colour``,
``legal_plays``, ``trump_from_card``, ``Ruleset.score``) and the rule-of-thumb
player's own scoring functions (``card_power``, ``strength``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import COLOURS, Card, sorted_hand
from ..errors import UnknownRulesetError
from ..players.rule_of_thumb import card_power, strength
from ..rules.core import DEALER_CHOOSES, decide_trick, trump_from_card

# The engine's unchecked helpers: the tables ask about a card and a second copy of it (R3 after R3).
from ..rules.core import _lead_of as lead_colour
from ..rules.core import playable as legal_plays
from ..rules.rulesets import Ruleset, get_ruleset

#: Trump codes: 0 no trump, 1..4 the colours R, G, B, Y.
NO_TRUMP = 0
#: Turned-up card code meaning "the dealer chooses" (a Wizard).
CHOOSE = 5
#: Lead states: 0 nothing decided yet (empty trick or Jesters only), 1 free (a Wizard came first),
#: 2..5 the colour to follow (R, G, B, Y).
OPEN, FREE = 0, 1
N_STATES = 6


def trump_code(colour: str | None) -> int:
    return 0 if colour is None else 1 + COLOURS.index(colour)


def code_trump(code: int) -> str | None:
    return None if code == 0 else COLOURS[code - 1]


@dataclass(frozen=True, eq=False)
class RuleTables:
    """Every lookup table the simulator needs for one ruleset (see :func:`rule_tables`)."""

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
    strength: np.ndarray             # [trump, led (0 none, 1..4), card] -> rule-of-thumb strength

    @property
    def size(self) -> int:
        return len(self.cards)

    def id_of(self, card: Card, taken: set[int] | None = None) -> int:
        """The id of ``card``; with ``taken``, the first identical id not yet taken (two Wizards...)."""
        for i, c in enumerate(self.cards):
            if c == card and (taken is None or i not in taken):
                return i
        raise KeyError(card)

    def encode(self, hand) -> list[int]:
        """Ids of the cards of ``hand`` (identical cards get different ids), sorted."""
        taken: set[int] = set()
        ids = []
        for card in hand:
            i = self.id_of(card, taken)
            taken.add(i)
            ids.append(i)
        return sorted(ids)

    @property
    def flat(self) -> FlatTables:
        """The tables as flat arrays with one extra id, ``size``, standing for a card already played."""
        cached = self.__dict__.get("_flat")
        if cached is None:
            cached = FlatTables.build(self)
            object.__setattr__(self, "_flat", cached)
        return cached

    @lru_cache(maxsize=8)  # noqa: B019 - a handful of player counts per ruleset
    def bid_power(self, players: int) -> np.ndarray:
        """[trump, card] -> the card's share of the rule-of-thumb trick estimate (``count_tricks``)."""
        crowd = {3: 1.1, 4: 1.0, 5: 0.9, 6: 0.8}.get(players, 1.0)
        table = np.zeros((5, self.size))
        for t in range(5):
            for i, card in enumerate(self.cards):
                power = card_power(card, code_trump(t), self.ruleset.ranks)
                table[t, i] = power if power >= 1.0 else power * crowd
        return table

    @lru_cache(maxsize=64)  # noqa: B019
    def score_table(self, hand_size: int) -> np.ndarray:
        """[bid, tricks won] -> points, from ``Ruleset.score``."""
        n = hand_size + 1
        return np.array([[self.ruleset.score(b, w) for w in range(n)] for b in range(n)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class FlatTables:
    """Flat copies of :class:`RuleTables` for fast lookups; id ``gone`` marks a played card.

    ``width = size + 1``.  Index ``[a, b]`` of a table becomes ``a * width + b``.
    """

    gone: int
    width: int
    led_number: np.ndarray   # [state * width + card]
    follow_ok: np.ndarray    # [state * width + card], False for a played card
    lead_next: np.ndarray    # [state * width + card]
    beats: np.ndarray        # [(trump * width + best) * width + card]
    strength: np.ndarray     # [(trump * 5 + led) * width + card]

    @classmethod
    def build(cls, t: RuleTables) -> FlatTables:
        size, width = t.size, t.size + 1

        def pad(table: np.ndarray, fill) -> np.ndarray:
            out = np.full(table.shape[:-1] + (width,), fill, dtype=table.dtype)
            out[..., :size] = table
            return out

        beats = np.zeros((5, width, width), dtype=bool)
        beats[:, :size, :size] = t.beats
        return cls(size, width, pad(t.led_number, False).ravel(), pad(t.follow_ok, False).ravel(),
                   pad(t.lead_next, 0).ravel(), beats.ravel(), pad(t.strength, 0.0).ravel())


def _lead_state(trick: list[Card], ruleset: Ruleset, probe: Card) -> int:
    colour = lead_colour(trick, ruleset)
    if colour is not None:
        return 2 + COLOURS.index(colour)
    # No colour yet: "open" if a number card would now set one, "free" otherwise.
    return OPEN if lead_colour([*trick, probe], ruleset) is not None else FREE


def check_simulated(ruleset: Ruleset) -> None:
    """The simulator plays Junior and Classic (standard bidding); say so clearly otherwise."""
    if (ruleset.specials or ruleset.monochrome or ruleset.bid_rule is not None
            or ruleset.name not in ("junior", "classic")):
        raise UnknownRulesetError(
            f"The simulator plays Wizard Junior and Classic Wizard (without bidding limits), "
            f"not {ruleset.title}.")


@lru_cache(maxsize=16)
def _tables(ruleset: Ruleset) -> RuleTables:
    check_simulated(ruleset)
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
    beats = np.zeros((5, size, size), dtype=bool)
    for t in range(5):
        trump = code_trump(t)
        small = np.zeros((size, size), dtype=bool)
        for a in distinct:
            for b in distinct:
                small[a, b] = decide_trick([cards[a], cards[b]], trump, ruleset).winner == 1
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
            col = lead_colour(trick, ruleset)
            if col is None:
                continue
            same = next(c for c in cards if c.colour == col and c != card)
            other = next(c for c in cards if c.colour not in (None, col))
            follow_ok[s, i] = card in legal_plays([card, same], trick, ruleset)
            led_number[s, i] = other not in legal_plays([card, other], trick, ruleset)

    power = np.zeros((5, 5, size))
    for t in range(5):
        for led in range(5):
            for i, card in enumerate(cards):
                power[t, led, i] = strength(card, code_trump(t), code_trump(led) or card.colour)

    return RuleTables(ruleset, cards, colour, value, canon,
                      np.array([c.is_wizard for c in cards]), np.array([c.is_jester for c in cards]),
                      turned, beats, lead_next, follow_ok, led_number, power)


def rule_tables(rules: str | Ruleset = "classic") -> RuleTables:
    """The (cached) tables for ``rules``: ``"junior"`` or ``"classic"``."""
    ruleset = get_ruleset(rules)
    check_simulated(ruleset)
    return _tables(ruleset)
