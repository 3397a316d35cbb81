"""Helpers shared by the variant tests (test_variants.py, test_anniversary.py, test_variant_properties.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from wizard_edu import Card, Game


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


def drive_until(game: Game, done: Callable[[Game], bool], rng: random.Random) -> bool:
    """Play random legal actions until ``done(game)`` or the game is over; True if ``done`` was reached."""
    while not game.is_over:
        if done(game):
            return True
        random_step(game, rng)
    return done(game)


def find_game(done: Callable[[Game], bool], players: int = 4, rules: str = "anniversary",
              seeds: range = range(400), **options) -> Game:
    """The first seeded game (random legal play) that reaches a state where ``done`` holds."""
    for seed in seeds:
        game = Game(players, rules, seed=seed, **options)
        if drive_until(game, done, random.Random(seed)):
            return game
    raise AssertionError("no seed in range reached the wanted state")


def has_card(kind: str) -> Callable[[Card], bool]:
    return lambda card: card.kind == kind
