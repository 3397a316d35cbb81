"""The Monochrome variant, as variant hooks (see :mod:`wizard_edu.engine.rules.variant`).

Each player draws from a private pile of one colour (1-13, a Wizard and a Jester), so there is no
trump card, no colour to follow, and the highest value wins the trick (Wizard 14, Jester 0; the
first one played wins a tie).  12 rounds of 4 to 15 cards, for 3 or 4 players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import PlayerCountError
from ..cards import Card, Cards, sorted_hand
from .core import TrickResult, monochrome_value
from .variant import Deal, VariantRules, register_variant

if TYPE_CHECKING:  # pragma: no cover
    from .rulesets import Ruleset


def highest_value(cards: Sequence[Card], trump: str | None) -> TrickResult:
    """Colours do not matter: the highest value wins, Wizard above 13, Jester below 1."""
    best = max(range(len(cards)), key=lambda i: (monochrome_value(cards[i]), -i))
    return TrickResult(best, "highest-value",
                       f"{cards[best]} wins: it has the highest value (the first one played wins a tie).", best)


class Monochrome(VariantRules):
    """Private one-colour piles, no trump, no following, highest value wins."""

    key = "monochrome"
    trump_of = staticmethod(lambda card: None)  # no trump card is turned up, and colours never matter
    lead_of = staticmethod(lambda trick: None)  # nobody must follow a colour
    decide_trick = staticmethod(highest_value)

    def check_players(self, ruleset: Ruleset, players: int) -> None:
        if players > 4:
            raise PlayerCountError(f"Monochrome is for 3 or 4 players, not {players}.")

    def round_sizes(self, ruleset: Ruleset, players: int) -> list[int]:
        return list(range(4, 16))

    def max_hand_size(self, ruleset: Ruleset, players: int) -> int:
        return ruleset.ranks + 2  # a whole pile

    def deal(self, ruleset: Ruleset, players: int, dealer: int, hand_size: int, rng: random.Random) -> Deal:
        hands, piles = [], []
        for pile in ruleset.piles(players):
            rng.shuffle(pile)
            hands.append(sorted_hand(pile[:hand_size]))
            piles.append(Cards(pile[hand_size:]))
        return Deal(hands, Cards(), piles)


MONOCHROME_RULES = register_variant(Monochrome())

__all__ = ["Monochrome", "MONOCHROME_RULES", "highest_value"]
