"""Bad save files and position text: a SaveFileError / PositionError a teacher can read, never a
half-loaded game.  Loading is all or nothing."""

from __future__ import annotations

import json
import random
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_edu import Game, WizardError
from wizard_edu.engine.game import MAX_SAVE_SIZE
from wizard_edu.engine.position import MAX_POSITION_SIZE
from wizard_edu.errors import PositionError, SaveFileError


def played(rules: str = "classic", seed: int = 5, steps: int = 40, players: int = 4) -> Game:
    game = Game(players=players, rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def save(**changes) -> str:
    data = json.loads(played().to_json())
    data.update(changes)
    return json.dumps(data)


def test_a_good_save_loads():
    game = played()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("text, message", [
    ("", "not a saved Wizard game: it is empty"),
    ("   \n", "it is empty"),
    ("not json", "not JSON text"),
    ("{", "not JSON text"),
    (b"\xff\xfe", "not text"),
    ("[1, 2]", "JSON, but of another kind"),
    ('"a string"', "JSON, but of another kind"),
    ("null", "JSON, but of another kind"),
    (json.dumps({"format": "chess"}), "JSON, but of another kind"),
    (json.dumps({"format": "wizard-edu-game", "version": True}), "version True"),
    (json.dumps({"format": "wizard-edu-game", "version": "1"}), "version '1'"),
    (5, "a save file is text"),
    (None, "a save file is text"),
])
def test_things_that_are_not_save_files_are_told_so(text, message):
    with pytest.raises(SaveFileError, match=message):
        Game.from_json(text)


def test_deep_nesting_is_refused_before_parsing():
    # This raised RecursionError.
    with pytest.raises(SaveFileError, match="nested far deeper"):
        Game.from_json("[" * 1000 + "]" * 1000)
    with pytest.raises(SaveFileError, match="nested far deeper"):
        Game.from_json('{"a":' * 100_000 + "1" + "}" * 100_000)


def test_brackets_inside_text_do_not_count_as_nesting():
    game = Game(players=3, seed=2, names=["[[[[[[[[", "{{{{{{{{{", 'a"[[[[[[[[[[[['])
    assert Game.from_json(game.to_json()).names == game.names


def test_a_huge_save_is_refused_at_once_without_reading_it():
    # A 60 MB save took 7 s and 940 MB to be refused.
    data = json.loads(played().to_json())
    data["actions"] = data["actions"] * (60_000_000 // len(json.dumps(data["actions"])) + 1)
    text = json.dumps(data)
    assert len(text) > 60_000_000
    tracemalloc.start()
    with pytest.raises(SaveFileError, match=f"never longer than {MAX_SAVE_SIZE:,}"):
        Game.from_json(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000  # nothing was parsed: the length alone refused it


@pytest.mark.parametrize("seat", [None, True, "1", 1.0, -1, 7, [1]])
def test_every_saved_action_must_name_a_real_seat(seat):
    # "seat": null used to skip the check that it was that player's turn.
    data = json.loads(played().to_json())
    data["actions"][3][0] = seat
    with pytest.raises(SaveFileError):
        Game.from_json(json.dumps(data))


def test_a_saved_action_for_the_wrong_player_does_not_replay():
    data = json.loads(played().to_json())
    data["actions"][3][0] = (data["actions"][3][0] + 1) % 4
    with pytest.raises(SaveFileError, match="does not replay.*turn"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("names", [[1, 2, 3, 4], ["a", "b", "c"], "abcd", None, ["", "b", "c", "d"]])
def test_bad_names_are_refused_when_loading_not_at_game_over(names):
    # "names": [1, 2, 3, 4] used to load, then crash at game over.
    with pytest.raises(SaveFileError):
        Game.from_json(save(names=names))


@pytest.mark.parametrize("key, value", [
    ("players", "4"), ("players", True), ("players", 40), ("seed", "5"), ("seed", 1.5), ("seed", None),
    ("first_dealer", True), ("first_dealer", 9), ("rules", "classic"), ("rules", {"name": 5}),
    ("rules", {"name": "classic", "bidding": 3}), ("rules", []), ("actions", {}), ("actions", "bid 1"),
    ("actions", [[0, "bid"]]), ("actions", [[0, "bid", 1, 2]]), ("actions", [5]),
    ("actions", [[0, 5, 1]]), ("actions", [[1, "dance", 1]]), ("actions", [[1, "bid", [1]]]),
    ("actions", [[1, "play", 7]]), ("hand_sizes", 5), ("hand_sizes", ["5"]), ("hand_sizes", []),
    ("position", 5), ("position", "wizard-edu-position nonsense"),
])
def test_wrong_types_in_a_save_are_refused(key, value):
    with pytest.raises(SaveFileError):
        Game.from_json(save(**{key: value}))


@pytest.mark.parametrize("key", ["players", "seed", "first_dealer", "names", "rules", "actions"])
def test_missing_fields_are_named(key):
    data = json.loads(played().to_json())
    del data[key]
    with pytest.raises(SaveFileError, match=f"no '{key}'"):
        Game.from_json(json.dumps(data))


# -- hypothesis: mutated saves give a Game or a SaveFileError, nothing else ------------------------
leaf = (st.none() | st.booleans() | st.integers(-5, 70) | st.integers() | st.floats(allow_nan=False)
        | st.text(max_size=8) | st.sampled_from(["R7", "W", "J", "bid", "play", "trump", "classic", "R"]))
value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=8)


def paths(data, prefix=()):
    """Every place in a parsed save: ``(path, value)``."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from paths(v, (*prefix, i))


SAVES = [played("classic", 5, 30).to_json(), played("anniversary", 8, 60).to_json(),
         played("junior", 3, 25, players=3).to_json()]
positioned = Game.from_position(played("classic", 9, 12).position())
positioned.apply(positioned.legal_actions()[0])
SAVES.append(positioned.to_json())


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(SAVES), st.data(), value, st.sampled_from(["replace", "delete", "append"]))
def test_mutated_saves_load_whole_or_not_at_all(text, data, new, how):
    parsed = json.loads(text)
    places = [p for p, _ in paths(parsed) if p]
    path = data.draw(st.sampled_from(places))
    parent = parsed
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "append" and isinstance(parent[last], list):
        parent[last].append(new)
    else:
        parent[last] = new
    try:
        game = Game.from_json(json.dumps(parsed))
    except SaveFileError:
        return
    # It loaded: then it is a whole game that plays on and saves again.
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    if not game.is_over:
        game.apply(game.legal_actions()[0])


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(SAVES), st.integers(0, 10**6), st.text(max_size=3))
def test_damaged_save_text_gives_a_save_file_error(text, where, junk):
    where %= len(text)
    # Cut short, a save never loads: its last } is missing.
    with pytest.raises(SaveFileError):
        Game.from_json(text[:where])
    # A few characters changed: refused, or (a name or a digit changed) a whole game that saves as it loaded.
    try:
        game = Game.from_json(text[:where] + junk + text[where + 1:])
    except SaveFileError:
        return
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


# -- position text gets the same care ---------------------------------------------------------------
def test_a_huge_position_is_refused_at_once():
    text = played().position() + " " + "x" * 60_000_000
    with pytest.raises(PositionError, match=f"never longer than {MAX_POSITION_SIZE:,}"):
        Game.from_position(text)


@pytest.mark.parametrize("text", ["", "[" * 1000, "wizard-edu-position " + "hands=" + "[" * 5000, 5, None,
                                  b"wizard-edu-position", "wizard-edu-position players=10000000"])
def test_bad_position_text_is_a_position_error(text):
    with pytest.raises(PositionError):
        Game.from_position(text)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 60), st.integers(0, 10**6), st.text(max_size=4))
def test_damaged_positions_give_a_wizard_error_or_a_game(steps, where, junk):
    text = played("anniversary", 4, steps).position()
    where %= len(text)
    try:
        game = Game.from_position(text[:where] + junk + text[where + 1:])
    except WizardError:
        return
    assert Game.from_position(game.position()).position() == game.position()
