"""Who beats whom, as plain lists the engine reads while it plays (no numpy).

The engine asks :func:`wizard_edu.rules.core.decide_trick` about every two-card trick once per
ruleset and keeps the answers (:func:`trick_lists`); a trick is then decided card by card with
list look-ups. :mod:`wizard_edu.rules.tables` builds the simulator's numpy tables on the same
encoding, and ``tests/test_fast_paths.py`` holds both equal to the rules. Keeping this module free
of numpy means a pupil's kernel that only plays a game does not load numpy (about 17 MB).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import COLOURS, Card, sorted_hand
from ..errors import TrumpError
from .core import decide_trick, playable
from .rulesets import Ruleset

# The tables ask the engine about a card followed by a second copy of itself (R3 after R3), which the
# public, checked functions refuse as impossible; these are the same rules without the argument checks.


def trick_winner(trick: list[Card], trump: str | None, ruleset: Ruleset) -> int | None:
    return decide_trick(trick, trump, ruleset).winner


def legal_plays(hand: list[Card], trick: list[Card], ruleset: Ruleset) -> list[Card]:
    return list(playable(hand, trick, ruleset))


#: Trump codes: 0 no trump, 1..4 the colours R, G, B, Y.
NO_TRUMP = 0
TRUMP_CODES = 5
#: Turned-up card code meaning "the dealer chooses" (a Wizard).
CHOOSE = 5
#: Lead states: 0 nothing decided yet (empty trick or Jesters only), 1 free (a Wizard came first),
#: 2..5 the colour to follow (R, G, B, Y).
OPEN, FREE = 0, 1
N_STATES = 6


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
    """True when the deck has no special cards and is not Monochrome (the fast paths model it)."""
    return not ruleset.specials and not ruleset.monochrome




@lru_cache(maxsize=32)
def trick_lists(ruleset: Ruleset) -> tuple[dict[Card, int], list[list[list[bool]]]]:
    """``(card -> canonical id, beats[trump code][winning so far][new])`` for a tabled ruleset,
    with the ids of :func:`wizard_edu.rules.tables.rule_tables` (held equal by a test)."""
    cards = tuple(sorted_hand(ruleset.deck()))
    canon = [cards.index(c) for c in cards]
    distinct = sorted(set(canon))
    beats = []
    for t in range(TRUMP_CODES):
        trump = code_trump(t)
        small = {(a, b): trick_winner([cards[a], cards[b]], trump, ruleset) == 1 for a in distinct for b in distinct}
        beats.append([[small[canon[a], canon[b]] for b in range(len(cards))] for a in range(len(cards))])
    return {card: canon[i] for i, card in enumerate(cards)}, beats


#: Lead codes of :func:`play_lists`: a card that leaves the colour to follow undecided (a Jester),
#: a card after which anything may be played (a Wizard first); colours are 1..4 (R, G, B, Y).
LEAD_OPEN, LEAD_FREE = -1, 0


@lru_cache(maxsize=32)
def play_lists(ruleset: Ruleset) -> tuple[list[int], list[list[bool]], list[list[bool]]]:
    """Follow suit as lists the engine reads while it plays, by the canonical ids of :func:`trick_lists`,
    each answer asked of the rules (:func:`wizard_edu.rules.core.lead_colour` and ``legal_plays``):

    * ``lead[card]``: the card's effect when it is the first card of a trick that is not a Jester's:
      ``LEAD_OPEN`` (it decides nothing: the next card may), ``LEAD_FREE`` (anything may be played
      after it) or the code 1..4 of the colour to follow;
    * ``holds[colour][card]``: holding this card, a player must follow that colour;
    * ``follows[colour][card]``: this card may be played when that colour must be followed and
      its player holds the colour.
    """
    from .core import _follow_suit, _lead_of

    by_card, _ = trick_lists(ruleset)
    cards = sorted(by_card, key=by_card.__getitem__)  # one card of each id, by id
    cards = [next(c for c in cards if by_card[c] == i) for i in sorted(set(by_card.values()))]
    numbers = {colour: [c for c in cards if _lead_of([c], ruleset) == colour] for colour in COLOURS}
    size = max(by_card.values()) + 1
    lead = [LEAD_FREE] * size
    holds = [[False] * size for _ in range(TRUMP_CODES)]
    follows = [[True] * size for _ in range(TRUMP_CODES)]
    for card in cards:
        i = by_card[card]
        colour = _lead_of([card], ruleset)
        if colour is not None:
            lead[i] = trump_code(colour)
        elif any(_lead_of([card, n[0]], ruleset) is not None for n in numbers.values()):
            lead[i] = LEAD_OPEN
        for led in COLOURS:
            code = trump_code(led)
            # Another card of the led colour (never this one), and a card of another colour.
            same = next(c for c in numbers[led] if c != card)
            other = next(c for c in numbers[COLOURS[code % 4]] if c != card)
            holds[code][i] = other not in _follow_suit([card, other], led)
            follows[code][i] = card in _follow_suit([card, same], led)
    return lead, holds, follows
