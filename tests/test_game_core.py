"""The compiled core's shortcuts equal what they stand for (wizard_edu/game_core.py)."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from wizard_edu import Game
from wizard_edu.cards import Card
from wizard_edu.events import GameOver, RoundFinished, TrickFinished
from wizard_edu.game import RoundRecord, TrickRecord
from wizard_edu.game_core import _seeded_directly, game_over, round_finished, seeded, trick_finished
from wizard_edu.rules.core import decide_trick
from wizard_edu.rules.rulesets import get_ruleset

PLAYS = ((0, Card.parse("R3")), (1, Card.parse("W")), (2, Card.parse("G9")))
RECORD = TrickRecord(0, PLAYS, decide_trick([c for _, c in PLAYS], "R", get_ruleset("classic")))


@pytest.mark.parametrize(("cls", "make", "values"), [
    (TrickFinished, trick_finished, (2, RECORD)),
    (RoundFinished, round_finished, (3, (1, 0, 2), (1, 1, 1), (30, -10, -10), (50, 10, 0))),
    (GameOver, game_over, ((50, 10, 0), (0,))),
])
def test_the_cores_events_equal_the_constructor(cls, make, values):
    # The core's function takes every field, in order: a field added to the class fails here until the core knows it.
    names = tuple(f.name for f in dataclasses.fields(cls))
    assert tuple(inspect.signature(make).parameters) == names
    fast = make(*values)
    assert type(fast) is cls
    assert fast == cls(*values) and hash(fast) == hash(cls(*values)) and repr(fast) == repr(cls(*values))
    assert [getattr(fast, name) for name in names] == list(values)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(fast, names[0], 0)


@pytest.mark.parametrize("text", ["wizard-edu:0:0", "wizard-edu:-12:7", "wizard-edu:9223372036854775807:99", "é"])
def test_round_generators_equal_random_Random(text):
    expected = random.Random(text)
    for rng in (seeded(text), _seeded_directly(text)):
        assert rng.getstate() == expected.getstate()
        assert [rng.random() for _ in range(5)] == [expected.random() for _ in range(5)]
        expected = random.Random(text)


def test_round_scores_come_from_the_ruleset_table_and_the_rule_alike():
    """A whole game's scores through the core's table equal Ruleset.score, round by round."""
    for rules in ("classic", "junior"):
        game = Game(players=3, rules=rules, seed=11)
        rng = random.Random(11)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        for record in game.rounds:
            assert record.points == tuple(game.ruleset.score(b, w) for b, w in zip(record.bids, record.won))


def test_the_round_records_the_core_makes_equal_the_constructors():
    """The core makes a RoundRecord without its __init__: it must be the very value the class makes."""
    names = [f.name for f in dataclasses.fields(RoundRecord)]
    for rules, players in (("classic", 4), ("junior", 3), ("classic", 6)):
        game = Game(players=players, rules=rules, seed=5)
        rng = random.Random(5)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        for record in game.rounds:
            assert type(record) is RoundRecord and list(vars(record)) == names
            again = RoundRecord(**vars(record))
            assert record == again and hash(record) == hash(again) and repr(record) == repr(again)
            with pytest.raises(dataclasses.FrozenInstanceError):
                record.number = 0


@pytest.mark.parametrize("rules", ["classic", "junior"])
def test_the_core_deals_as_the_variant_hooks_deal(rules):
    """The core deals by places and makes the stock only when it is read; the hooks' deal (every
    variant's) makes it at once: the same hands, the same stock, the same turned-up card."""
    for seed in range(20):
        game = Game(players=4, rules=rules, seed=seed, hand_sizes=[3, 5])
        ruleset = game.ruleset
        for index in (0, 1):
            if index:
                while game.round_index == 0:
                    game.apply(game.legal_actions()[0])
            expected = ruleset.hooks.deal(ruleset, 4, game.dealer, game.hand_size, game.round_rng(index))
            assert game.hands == expected.hands and game.stock == expected.stock
            assert game.trump_card is game.stock[0]


@pytest.mark.parametrize("text", ["wizard-edu:0:0", "wizard-edu:-12:7", "wizard-edu:9223372036854775807:99", "é",
                                  "", "\x00\x00x", "wizard-edu:" + "9" * 3000 + ":0"])
def test_the_shuffle_from_the_seed_text_equals_random_shuffle(text):
    """rules/mersenne.py seeds and shuffles as random.Random(text).shuffle, whatever the size (more than
    624 draws need a second twist) and whatever the text (a key longer than the generator's 624 words)."""
    mersenne = pytest.importorskip("wizard_edu.rules.mersenne")  # (needs mypyc's librt, which comes with mypy)
    for n in (0, 1, 2, 3, 36, 60, 61, 64, 65, 129, 1000):
        expected = list(range(n))
        random.Random(text).shuffle(expected)
        assert mersenne.shuffled(text, list(range(n))) == expected
    places = [5, 3, 9, 1]  # (any items: they are moved, not read)
    expected = list(places)
    random.Random(text).shuffle(expected)
    assert mersenne.shuffled(text, places) == expected and places == [5, 3, 9, 1]


@pytest.mark.parametrize("options", [{}, {"bid_rule": "plus-minus-one"}, {"bid_rule": "canadian"}])
def test_the_cores_remembered_bids_are_the_rules_bids(options):
    """Every bid decision of random games (3 to 6 players, whole schedules) offers exactly the bids the
    rules allow there: the core's memo, keyed by the situation packed into one number, never mixes two."""
    for players in (3, 4, 5, 6):
        for seed in range(3):
            game = Game(players=players, rules="classic", seed=seed, **options)
            rng = random.Random(seed)
            while not game.is_over:
                legal = game.legal_actions()
                if game.phase == "bid":
                    assert [a.value for a in legal] == game._allowed_bids()
                game.apply(rng.choice(legal))
