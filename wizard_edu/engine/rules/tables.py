"""The simulator's card encoding and rule tables, each entry asked of the rules themselves.

The vectorised simulator (:mod:`wizard_edu.simulate`), the chances a player sees and the
computer players that imagine many rounds cannot call the rules millions of times, so they look
them up in tables instead.  This module is the only place those tables are made, and it states
no rule of its own: every entry comes from asking :func:`~wizard_edu.engine.rules.core.decide_trick` (what
:func:`~wizard_edu.engine.rules.core.trick_winner` answers),
:func:`~wizard_edu.engine.rules.core.lead_colour`, :func:`~wizard_edu.engine.rules.core.legal_plays`,
:func:`~wizard_edu.engine.rules.core.trump_from_card` and ``Ruleset.score`` about small tricks.
``tests/simulate/test_rule_tables.py`` holds every table to those functions, and ``tests/simulate/test_simulate.py``
plays identical deals through the simulator and the engine.

**Cards.**  Card ``i`` is the ``i``-th card of the deck in the order a player holds a hand
(:func:`wizard_edu.engine.cards.sorted_hand`: Wizards, then each colour high to low, Jesters last).
Identical cards (the four Wizards...) get different ids; ``canon[i]`` is the smallest id of the
same card, the id to use when copies need not be told apart.  One more id, ``gone`` (the deck's
size), stands for a card already played: it is in no table's favour (it never takes a trick,
never may be played).

**Trump codes**: 0 no trump, 1..4 the colours R, G, B, Y (``CHOOSE`` = 5: the dealer chooses, for a
turned-up Wizard).  **Lead states** say what the trick so far asks of the next card: ``OPEN`` (0)
nothing decided yet (empty trick or Jesters only), ``FREE`` (1) anything goes (a Wizard came
first), 2..5 the colour to follow (R, G, B, Y).

Only decks without special cards, and not Monochrome, are tabled (Junior and Classic with any
bidding or schedule option).  numpy is imported when the tables are first built, so a kernel
that only plays a game loads none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING

from ...errors import DuplicateCardError, TrumpError, UnknownRulesetError
from ..cards import COLOURS, Card, sorted_hand
from .core import DEALER_CHOOSES, check_in_deck, decide_trick, lead_colour, legal_plays, trump_from_card
from .rulesets import Ruleset, get_ruleset

if TYPE_CHECKING:
    import numpy as np

#: Trump codes: 0 no trump, 1..4 the colours R, G, B, Y.
NO_TRUMP = 0
TRUMP_CODES = 5
#: The turned-up card's code when the dealer chooses the trump (a Wizard).
CHOOSE = 5
#: Lead states: nothing decided yet, anything goes (a Wizard first); 2..5 the colour to follow.
OPEN, FREE = 0, 1
N_STATES = 2 + len(COLOURS)


def trump_code(colour: str | None) -> int:
    """The trump code of a colour (``None``: no trump, code 0)."""
    if colour is None:
        return NO_TRUMP
    if colour not in COLOURS:
        raise TrumpError(f"The trump must be one of R, G, B, Y or None (no trump), not {colour!r}.")
    return 1 + COLOURS.index(colour)


def code_trump(code: int) -> str | None:
    """The colour of a trump code (0: ``None``)."""
    return None if code == NO_TRUMP else COLOURS[code - 1]


def is_tabled(ruleset: Ruleset) -> bool:
    """True when the deck has no special cards and is not Monochrome (the tables model it)."""
    return not ruleset.specials and not ruleset.monochrome


@dataclass(frozen=True, eq=False)
class RuleTables:
    """The card encoding and every rule table for one ruleset (see :func:`rule_tables`).

    The per-card arrays have ``size`` entries; the tables indexed by a card have ``width``
    (= ``size + 1``) columns, the last for ``gone``.
    """

    ruleset: Ruleset
    cards: tuple[Card, ...]          # id -> Card
    canon: np.ndarray                # id -> smallest id of an identical card
    colour: np.ndarray               # id -> 0..3, or -1 (Wizard, Jester)
    value: np.ndarray                # id -> rank (0 for Wizard, Jester)
    is_wizard: np.ndarray
    is_jester: np.ndarray
    turned_up: np.ndarray            # id -> trump code 0..4, or CHOOSE
    beats: np.ndarray                # [trump, winning so far, new] -> the new card takes the trick
    lead_next: np.ndarray            # [lead state, card] -> lead state after the card
    follow_ok: np.ndarray            # [lead state, card] -> may be played by a player holding the colour led
    led_number: np.ndarray           # [lead state, card] -> is a number card of the colour to follow
    scores: np.ndarray               # [bid, tricks won] -> points (every hand size: slice it)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def gone(self) -> int:
        """The id of a card already played."""
        return len(self.cards)

    @property
    def width(self) -> int:
        return len(self.cards) + 1

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
        for card in hand:
            taken.add(self.id_of(card, taken))
        return sorted(taken)

    @cached_property
    def code(self) -> dict[Card, int]:
        """Card -> its canonical id (copies share one), for code that need not tell copies apart."""
        return {card: int(self.canon[i]) for i, card in enumerate(self.cards)}

    def score_table(self, hand_size: int) -> np.ndarray:
        """[bid, tricks won] -> points for a round of ``hand_size`` cards, from ``Ruleset.score``."""
        return self.scores[:hand_size + 1, :hand_size + 1]


def _build(ruleset: Ruleset) -> RuleTables:
    import numpy as np

    cards = tuple(sorted_hand(ruleset.deck()))
    size, width = len(cards), len(cards) + 1
    canon = np.array([cards.index(c) for c in cards], dtype=np.intp)
    copies = Counter(cards)
    numbers = [c for c in cards if c.is_number]

    def number(colour: str | None, *avoid: Card) -> Card:
        """A number card of ``colour`` (any colour: ``None``) that is none of ``avoid``."""
        return next(c for c in numbers if (colour is None or c.colour == colour) and c not in avoid)

    def another(colour: str | None, *avoid: Card) -> Card:
        """A number card of a colour other than ``colour``, none of ``avoid``."""
        return next(c for c in numbers if c.colour != colour and c not in avoid)

    # Who takes a trick can be folded card by card: the new card takes over from the card winning
    # so far exactly when it wins the two-card trick [winning so far, new].  (A card never meets
    # itself unless the deck holds it twice, so only those pairs are asked.)  The 14,580 questions
    # go to decide_trick, trick_winner's decision for cards already checked (these are the deck's
    # own): asked through trick_winner's argument checks they took half a second.
    distinct = sorted(set(canon.tolist()))
    small = np.zeros((TRUMP_CODES, size, size), dtype=bool)
    for t in range(TRUMP_CODES):
        trump = code_trump(t)
        for a in distinct:
            for b in distinct:
                if a != b or copies[cards[a]] > 1:
                    small[t, a, b] = decide_trick([cards[a], cards[b]], trump, ruleset).winner == 1
    beats = np.zeros((TRUMP_CODES, width, width), dtype=bool)
    beats[:, :size, :size] = small[:, canon][:, :, canon]

    # Follow suit: a trick standing for each lead state, with cards other than the one asked about.
    def trick_for(state: int, card: Card) -> list[Card]:
        if state == OPEN:
            return []
        if state == FREE:
            return [next(c for c in cards if c.is_wizard)]
        return [number(COLOURS[state - 2], card)]

    def state_after(trick: list[Card], card: Card) -> int:
        colour = lead_colour([*trick, card], ruleset)
        if colour is not None:
            return 2 + COLOURS.index(colour)
        # No colour yet: OPEN if a number card played next would set one, FREE otherwise.
        probe = number(None, card, *trick)
        return OPEN if lead_colour([*trick, card, probe], ruleset) is not None else FREE

    lead_next = np.tile(np.arange(N_STATES, dtype=np.intp)[:, None], (1, width))  # gone: no change
    follow_ok = np.zeros((N_STATES, width), dtype=bool)
    led_number = np.zeros((N_STATES, width), dtype=bool)
    for state in range(N_STATES):
        led = COLOURS[state - 2] if state >= 2 else None
        for i in distinct:
            card = cards[i]
            trick = trick_for(state, card)
            assert not trick or state_after(trick[:-1], trick[-1]) == state  # the trick stands for the state
            lead_next[state, i] = state_after(trick, card)
            same, other = number(led, card, *trick), another(led, card, *trick)
            follow_ok[state, i] = card in legal_plays([card, same], trick, ruleset)
            led_number[state, i] = other not in legal_plays([card, other], trick, ruleset)
    for table in (lead_next, follow_ok, led_number):
        table[:, :size] = table[:, canon]

    turned = [trump_from_card(c, ruleset) for c in cards]
    most = size // 3  # the most tricks a round of this deck has (3 players)
    scores = np.array([[ruleset.score(b, w) for w in range(most + 1)] for b in range(most + 1)], dtype=np.int64)
    return RuleTables(
        ruleset, cards, canon,
        np.array([COLOURS.index(c.colour) if c.colour else -1 for c in cards], dtype=np.intp),
        np.array([c.rank if c.is_number else 0 for c in cards], dtype=np.intp),
        np.array([c.is_wizard for c in cards]), np.array([c.is_jester for c in cards]),
        np.array([CHOOSE if t == DEALER_CHOOSES else trump_code(t) for t in turned], dtype=np.intp),
        beats, lead_next, follow_ok, led_number, scores)


@cache  # keyed on the frozen Ruleset: Junior and Classic with their few options, so it stays small
def _tables(ruleset: Ruleset) -> RuleTables:
    return _build(ruleset)


def rule_tables(rules: str | Ruleset = "classic") -> RuleTables:
    """The (cached) rule tables for ``rules``: Junior or Classic, with any bidding or schedule option."""
    ruleset = get_ruleset(rules)
    if not is_tabled(ruleset):
        raise UnknownRulesetError(
            f"The fast rule tables cover the Junior and Classic decks, not {ruleset.title} "
            "(special cards or Monochrome).")
    return _tables(ruleset)


__all__ = ["RuleTables", "rule_tables", "trump_code", "code_trump", "is_tabled",
           "NO_TRUMP", "CHOOSE", "OPEN", "FREE", "N_STATES", "TRUMP_CODES"]
