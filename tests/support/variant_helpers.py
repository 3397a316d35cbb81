"""Helpers shared by the variant tests (test_variants.py, test_anniversary.py, test_variant_properties.py)."""

from __future__ import annotations

import random
from collections import Counter

from wizard_edu import Game


def all_cards_in_play(game: Game) -> Counter:
    """Every card of the round, wherever it is: hands, stock, the trick, finished tricks, piles."""
    where: Counter = Counter()
    for hand in game.hands:
        where.update(hand)
    where.update(game.stock)
    where.update(c.unnamed for _, c in game.trick)
    for record in game.tricks:
        where.update(c.unnamed for c in record.cards)
    for pile in game.piles:
        where.update(pile)
    return where


def expected_cards(game: Game) -> Counter:
    """The cards that should be somewhere this round: the deck, or the Monochrome piles."""
    if game.ruleset.monochrome:
        return Counter(c for pile in game.ruleset.piles(game.players) for c in pile)
    return Counter(game.ruleset.deck())


def random_step(game: Game, rng: random.Random, via_view: bool = True) -> None:
    """Apply one random legal action for the player to move (from their view, like a computer player)."""
    seat = game.to_move
    legal = game.view(seat).legal if via_view else tuple(game.legal_actions())
    assert legal, f"no legal action for seat {seat} in phase {game.phase}"
    game.apply(rng.choice(legal), seat)
