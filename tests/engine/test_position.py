"""Positions (game.position() / Game.from_position) and action text (Action.parse)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from variant_helpers import all_cards_in_play, expected_cards

from wizard_edu import COLOURS, Action, Card, Game, PositionError, WizardError
from wizard_edu.engine.cards import SPECIAL_KINDS, anniversary_deck

#: (rules, options, player counts): every edition and variant.
CONFIGS = [
    ("junior", {}, (3, 4, 5, 6)),
    ("classic", {}, (3, 4, 5, 6)),
    ("anniversary", {}, (3, 4, 5, 6)),
    ("classic", {"monochrome": True}, (3, 4)),
    ("classic", {"bidding": "hidden"}, (3, 5)),
    ("classic", {"bidding": "secret"}, (4, 6)),
    ("classic", {"bid_rule": "canadian"}, (3, 4)),
    ("classic", {"bid_rule": "plus-minus-one"}, (4, 5)),
    ("classic", {"clairvoyance": True}, (3, 4, 6)),
    ("classic", {"schedule": "tournament"}, (4, 5, 6)),
    ("anniversary", {"clairvoyance": True, "bidding": "secret"}, (3, 5)),
    ("anniversary", {"schedule": "tournament", "bid_rule": "plus-minus-one"}, (4, 6)),
]


@st.composite
def games(draw) -> Game:
    """A game of any edition and variant, played at random for a while (possibly to the end)."""
    rules, options, counts = draw(st.sampled_from(CONFIGS))
    players = draw(st.sampled_from(counts))
    extra = {}
    if draw(st.booleans()) and players == 3:
        extra["names"] = ["Ada", "Ben Lee", "C,=/é"]
    if draw(st.integers(0, 5)) == 0 and not options.get("monochrome") and not options.get("clairvoyance"):
        extra["hand_sizes"] = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    game = Game(players, rules, seed=draw(st.integers(0, 10**6)),
                first_dealer=draw(st.integers(0, players - 1)), **options, **extra)
    rng = random.Random(draw(st.integers(0, 10**6)))
    for _ in range(draw(st.integers(0, 400))):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def same_now(a: Game, b: Game) -> None:
    assert b.phase == a.phase and b.to_move == a.to_move
    assert b.legal_actions() == a.legal_actions()
    for seat in range(a.players):
        assert b.view(seat) == a.view(seat)
    assert b.scores == a.scores and b.rounds == a.rounds
    assert b.status() == a.status()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), future_seed=st.integers(0, 10**6))
def test_a_position_gives_the_same_game_now_and_later(game, future_seed):
    text = game.position()
    copy = Game.from_position(text)
    assert copy.position() == text
    same_now(game, copy)
    assert all_cards_in_play(copy) == expected_cards(copy)  # the stock and piles are restored
    # The same future: later rounds still shuffle from (seed, round).
    rng = random.Random(future_seed)
    for _ in range(120):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        seat = game.to_move
        assert copy.apply(action, seat) == game.apply(action, seat)
        same_now(game, copy)
    assert copy.position() == game.position()


@settings(max_examples=30, deadline=None)
@given(game=games(), steps=st.integers(0, 30))
def test_a_game_set_up_from_a_position_saves_and_loads(game, steps):
    copy = Game.from_position(game.position())
    rng = random.Random(steps)
    for _ in range(steps):
        if copy.is_over:
            break
        copy.apply(rng.choice(copy.legal_actions()))
    loaded = Game.from_json(copy.to_json())
    assert loaded.position() == copy.position() and loaded.history == copy.history
    assert loaded.copy().position() == copy.position()


def test_a_new_game_keeps_its_save_file_as_before():
    assert "position" not in Game(4, seed=1).to_json()


def test_position_example_from_the_docs_reads_and_plays_on():
    # The example in docs/positions.md: round 2 of a 3-player Classic game, Ben to play.
    text = ("wizard-edu/1 rules=classic players=3 seed=7 dealer=1 round=2 phase=play turned=G5 trump=G "
            "hands=B4.B2/R3.G9/Y1 bids=1,0,1 tricks=- trick=B7 rounds=R6;R;1.0.0;1.0.0;-;- scores=30,20,20 "
            "names=Ada,Ben,Cleo")
    game = Game.from_position(text)
    assert game.position() == text
    assert game.names[game.to_move] == "Ada" and game.round_number == 2 and game.dealer == 1
    assert game.legal_actions() == [Action("play", Card.parse("B4")), Action("play", Card.parse("B2"))]
    assert [r.points for r in game.rounds] == [(30, 20, 20)]
    game.play("B4")
    assert game.to_move == 1


BASE = ("wizard-edu/1 rules=classic players=3 seed=7 dealer=1 round=2 phase=play turned=G5 trump=G "
        "hands=B4.B2/R3.G9/Y1 bids=1,0,1 tricks=- trick=B7 rounds=R6;R;1.0.0;1.0.0;-;- scores=30,20,20")


@pytest.mark.parametrize("text, words", [
    ("", "not a wizard-edu position"),
    ("R3 G5", "not a wizard-edu position"),
    (BASE.replace(" seed=7", ""), "has no seed"),
    (BASE.replace("seed=7", "seed=x"), "seed must be a whole number"),
    (BASE + " colour=R", "not a position field"),
    (BASE + " seed=8", "seed twice"),
    (BASE.replace("players=3", "players=9"), "players must be from 3 to 6"),
    (BASE.replace("rules=classic", "rules=chess"), "no rules called"),
    (BASE.replace("rules=classic", "rules=classic,colour"), "not a rules option"),
    (BASE.replace("round=2", "round=40"), "round must be from 1 to 20"),
    (BASE.replace("phase=play", "phase=dance"), "not a phase"),
    (BASE.replace("hands=B4.B2/R3.G9/Y1", "hands=B4.B2/R3.G9"), "Give 3 hands"),
    (BASE.replace("hands=B4.B2/R3.G9/Y1", "hands=B4.R14/R3.G9/Y1"), "not a card"),
    (BASE.replace("hands=B4.B2/R3.G9/Y1", "hands=B4.Dragon/R3.G9/Y1"), "Anniversary card"),
    (BASE.replace("hands=B4.B2/R3.G9/Y1", "hands=B4.B7/R3.G9/Y1"), "more B7 cards"),
    (BASE.replace("hands=B4.B2/R3.G9/Y1", "hands=B4.B2/R3.G9.R4/Y1"), "should hold 2 cards"),
    (BASE.replace("bids=1,0,1", "bids=1,0"), "Give 3 bids"),
    (BASE.replace("bids=1,0,1", "bids=-,0,1"), "dealer's left"),
    (BASE.replace("trump=G", "trump=R"), "makes the trump G"),
    (BASE.replace("trick=B7", "trick=B7.B8.B9"), "finished trick"),
    (BASE.replace("scores=30,20,20", "scores=30,20,21"), "do not follow from the rounds"),
    (BASE.replace("rounds=R6;R;1.0.0;1.0.0;-;-", "rounds=-"), "Give the 1 rounds"),
    (BASE.replace("rounds=R6;R;1.0.0;1.0.0;-;-", "rounds=R6;R;1.0"), "cannot be read"),
    (BASE.replace("phase=play", "phase=bid"), "Everyone has bid"),
    (BASE.replace("phase=play", "phase=over"), "every card has been played"),
    (BASE.replace("turned=G5", "turned=-"), "turned up"),
])
def test_a_malformed_position_is_refused_with_a_reason(text, words):
    with pytest.raises(PositionError, match=words):
        Game.from_position(text)


def test_a_position_must_be_text():
    with pytest.raises(PositionError, match="is text"):
        Game.from_position(None)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_damaged_positions_give_a_game_or_a_position_error(data):
    text = BASE
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text) - 1))
        how = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        char = data.draw(st.sampled_from(list("0123456789-=/.,;:RGBYWJ x")))
        text = (text[:i] + text[i + 1:] if how == "delete" else text[:i] + char + text[i:] if how == "insert"
                else text[:i] + char + text[i + 1:])
    try:
        game = Game.from_position(text)
    except PositionError:
        return
    assert Game.from_position(game.position()).position() == game.position()


# -- action text -------------------------------------------------------------------------------------
def all_cards() -> list[Card]:
    named = [Card(k, c) for k in ("juggler", "cloud") for c in COLOURS]
    return list(dict.fromkeys(anniversary_deck())) + named


ACTIONS = st.one_of(
    st.builds(Action, st.just("bid"), st.integers(0, 20)),
    st.builds(Action, st.just("play"), st.sampled_from([*all_cards(), None])),
    st.builds(Action, st.just("pass"), st.sampled_from(list(dict.fromkeys(anniversary_deck())))),
    st.builds(Action, st.sampled_from(["trump", "werewolf"]), st.sampled_from([*COLOURS, None])),
    st.builds(Action, st.just("cloud"), st.sampled_from([1, -1])),
)


@given(ACTIONS)
def test_action_text_reads_back(action):
    assert Action.parse(str(action)) == action


@settings(max_examples=20, deadline=None)
@given(game=games())
def test_every_legal_action_reads_back_from_its_text(game):
    for action in game.legal_actions():
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text", ["", "bid", "bid two", "play R14", "dance 3", "cloud", 7])
def test_action_text_that_cannot_be_read_is_refused(text):
    with pytest.raises(PositionError):
        Action.parse(text)


def test_special_card_kinds_are_all_covered_by_the_action_strategy():
    assert {c.kind for c in all_cards()} >= set(SPECIAL_KINDS)


def test_position_errors_are_wizard_errors():
    assert issubclass(PositionError, WizardError)


def test_positions_taken_throughout_the_reference_games_set_up_the_same_game():
    """Every kind of moment (Werewolf, passes, Cloud, hidden bids, Clairvoyance, game over) from the
    recorded games, deterministically: a position every few actions."""
    from test_reference_games import REFERENCE, decode

    phases = set()
    for ref in REFERENCE[::8]:
        game = Game(ref["players"], ref["rules"], seed=ref["seed"], first_dealer=ref["first_dealer"],
                    **ref["options"])
        for i, token in enumerate(ref["actions"].split()):
            if i % 11 == 0 or game.phase not in ("bid", "play"):
                phases.add(game.phase)
                same_now(game, Game.from_position(game.position()))
            game.apply(decode(token))
        same_now(game, Game.from_position(game.position()))
    assert phases >= {"trump", "bid", "play", "werewolf", "pass", "cloud"}


def test_the_docs_example_position_and_doctest():
    import doctest
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "positions.md").read_text()
    line = next(x for x in doc.splitlines() if x.startswith("wizard-edu/1 "))
    assert Game.from_position(line).position() == line
    block = next(b for b in re.findall(r"```python\n(.*?)```", doc, flags=re.S))
    test = doctest.DocTestParser().get_doctest(block, {}, "docs/positions.md", None, 0)
    assert doctest.DocTestRunner().run(test).failed == 0
