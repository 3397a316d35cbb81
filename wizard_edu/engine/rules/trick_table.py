"""Who beats whom and follow suit as plain lists, for the engine's compiled loops (no numpy).

Kept only while the engine (``game.py``, ``game_core.py``, ``rules/kernel.py``) still reads
:func:`trick_lists` and :func:`play_lists`; issue 20 removes those loops, and this module goes with
them.  The simulator's encoding and tables are :mod:`wizard_edu.engine.rules.tables` (``is_tabled`` is
re-exported from there).  Every entry is asked of the rules' public functions, like the tables';
``tests/test_light_kernel.py`` holds the lists equal to the tables.
"""

from __future__ import annotations

from functools import cache

from ..cards import COLOURS, Card, sorted_hand
from .core import decide_trick, lead_colour, legal_plays
from .rulesets import Ruleset
from .tables import TRUMP_CODES, code_trump, is_tabled, trump_code

#: Lead codes of :func:`play_lists`: a card that leaves the colour to follow undecided (a Jester),
#: a card after which anything may be played (a Wizard first); colours are 1..4 (R, G, B, Y).
LEAD_OPEN, LEAD_FREE = -1, 0


@cache  # keyed on the frozen Ruleset (Junior and Classic with their few options)
def trick_lists(ruleset: Ruleset) -> tuple[dict[Card, int], list[list[list[bool]]]]:
    """``(card -> canonical id, beats[trump code][winning so far][new])`` for a tabled ruleset,
    with the ids of :func:`wizard_edu.engine.rules.tables.rule_tables`."""
    cards = tuple(sorted_hand(ruleset.deck()))
    canon = [cards.index(c) for c in cards]
    distinct = sorted(set(canon))
    twice = {i for i in distinct if canon.count(i) > 1}
    beats = []
    for t in range(TRUMP_CODES):
        trump = code_trump(t)
        small = {(a, b): (a != b or a in twice) and decide_trick([cards[a], cards[b]], trump, ruleset).winner == 1
                 for a in distinct for b in distinct}
        beats.append([[small[canon[a], canon[b]] for b in range(len(cards))] for a in range(len(cards))])
    return {card: canon[i] for i, card in enumerate(cards)}, beats


@cache
def play_lists(ruleset: Ruleset) -> tuple[list[int], list[list[bool]], list[list[bool]]]:
    """Follow suit as lists, by the canonical ids of :func:`trick_lists`:

    * ``lead[card]``: the card's effect as the first card of a trick that is not a Jester's:
      ``LEAD_OPEN`` (it decides nothing: the next card may), ``LEAD_FREE`` (anything may be played
      after it) or the code 1..4 of the colour to follow;
    * ``holds[colour][card]``: holding this card, a player must follow that colour;
    * ``follows[colour][card]``: this card may be played when that colour must be followed and
      its player holds the colour.
    """
    by_card, _ = trick_lists(ruleset)
    size = max(by_card.values()) + 1
    cards = {i: c for c, i in by_card.items()}
    numbers = [c for c in by_card if c.is_number]
    lead = [LEAD_FREE] * size
    holds = [[False] * size for _ in range(TRUMP_CODES)]
    follows = [[True] * size for _ in range(TRUMP_CODES)]
    for i, card in cards.items():
        colour = lead_colour([card], ruleset)
        if colour is not None:
            lead[i] = trump_code(colour)
        elif lead_colour([card, next(c for c in numbers if c != card)], ruleset) is not None:
            lead[i] = LEAD_OPEN
        for led in COLOURS:
            code = trump_code(led)
            led_card = next(c for c in numbers if c.colour == led and c != card)
            same = next(c for c in numbers if c.colour == led and c not in (card, led_card))
            other = next(c for c in numbers if c.colour not in (None, led) and c != card)
            holds[code][i] = other not in legal_plays([card, other], [led_card], ruleset)
            follows[code][i] = card in legal_plays([card, same], [led_card], ruleset)
    return lead, holds, follows


__all__ = ["trick_lists", "play_lists", "LEAD_OPEN", "LEAD_FREE", "is_tabled"]
