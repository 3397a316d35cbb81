"""The compiled core's shortcuts equal what they stand for (wizard_edu/game_core.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from wizard_edu import Game
from wizard_edu.cards import Card
from wizard_edu.events import GameOver, RoundFinished, TrickFinished
from wizard_edu.game import RoundRecord, TrickRecord
from wizard_edu.game_core import (
    _GAME_OVER,
    _ROUND_FINISHED,
    _ROUND_RECORD,
    _TRICK_FINISHED,
    _seeded_directly,
    built,
    seeded,
)
from wizard_edu.rules.core import decide_trick
from wizard_edu.rules.rulesets import get_ruleset

PLAYS = ((0, Card.parse("R3")), (1, Card.parse("W")), (2, Card.parse("G9")))
RECORD = TrickRecord(0, PLAYS, decide_trick([c for _, c in PLAYS], "R", get_ruleset("classic")))


@pytest.mark.parametrize(("cls", "names", "values"), [
    (TrickFinished, _TRICK_FINISHED, (2, RECORD)),
    (RoundFinished, _ROUND_FINISHED, (3, (1, 0, 2), (1, 1, 1), (30, -10, -10), (50, 10, 0))),
    (GameOver, _GAME_OVER, ((50, 10, 0), (0,))),
    (RoundRecord, _ROUND_RECORD, (3, 2, 3, Card.parse("R3"), "R", (1, 0, 2), (1, 1, 1), (30, -10, -10),
                                  (50, 10, 0), None, None)),
])
def test_built_equals_the_constructor(cls, names, values):
    # The names are every field, in order: a field added to the class fails here until the core knows it.
    assert names == tuple(f.name for f in dataclasses.fields(cls))
    fast = built(cls, names, values)
    assert type(fast) is cls
    assert fast == cls(*values) and hash(fast) == hash(cls(*values)) and repr(fast) == repr(cls(*values))
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
