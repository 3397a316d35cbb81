"""Tampered saves into the table widget: loading is all or nothing (issue 10).

A save file is mutated (wrong types, missing or extra keys, deeper nesting) in any field the widget
reads; the widget either loads it or shows a message, and in both cases still plays a legal move
and starts a new game afterwards.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_edu.widgets.table import TableWidget

FIELDS = [("names",), ("seed",), ("players",), ("first_dealer",), ("rules",), ("actions",), ("level",),
          ("table",), ("table", "seat"), ("table", "opponents"), ("table", "theme"), ("table", "level"),
          ("rules", "name"), ("rules", "ranks"), ("rules", "bidding"), ("rules", "specials"), ("format",)]

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def _saved(rules: str = "junior", theme: str | None = None) -> dict:
    table = TableWidget(rules=rules, seed=5, theme=theme)
    table.bid(table.view.legal[0].value)  # a few moves into round 1... 2
    table.act(table.view.legal[0])
    return json.loads(table.save_json())


SAVES = {"junior": _saved("junior"), "classic": _saved("classic", "us")}


def _still_works(table: TableWidget) -> None:
    view = table.view
    if not table.game.is_over:
        assert view.legal, table.message  # the learner's turn again, whatever happened
        assert table.act(view.legal[0]), table.message
    table._click_new()
    assert table.message_kind != "error", table.message
    assert table.act(table.view.legal[0]), table.message


def _load_and_check(text: str) -> None:
    table = TableWidget(rules="junior", seed=1)
    before = (table.game.position(), table.seat, table.vocab)
    loaded = table.load_json(text)
    if not loaded:
        assert table.message_kind == "error"
        assert table.message.startswith("Could not load that game")
        assert (table.game.position(), table.seat, table.vocab) == before  # nothing changed
    _still_works(table)


def test_the_reported_save_is_refused_and_the_table_keeps_working():
    data = copy.deepcopy(SAVES["junior"])
    data["table"]["opponents"] = [{}, 5, None]
    table = TableWidget(rules="junior", seed=1)
    assert not table.load_json(json.dumps(data))
    assert "computer players" in table.message
    assert "turn" not in table.message
    _still_works(table)


@pytest.mark.parametrize("key, value, words", [
    (("names",), [1, 2, 3, 4], "names"), (("names",), ["You", "", "Fox", "Hare"], "names"),
    (("table", "seat"), True, "seat"), (("table", "seat"), 9, "seat"), (("table", "theme"), 5, "card faces"),
    (("table", "theme"), "nope", "card faces"), (("seed",), "x", "seed"), (("table",), [1], "table settings")])
def test_each_wrong_field_gets_its_own_message(key, value, words):
    data = copy.deepcopy(SAVES["junior"])
    target = data
    for k in key[:-1]:
        target = target[k]
    target[key[-1]] = value
    table = TableWidget(rules="junior", seed=1)
    assert not table.load_json(json.dumps(data))
    assert words in table.message
    _still_works(table)


def test_a_good_save_restores_rules_words_and_faces():
    table = TableWidget(rules="junior", seed=1)
    assert table.load_json(json.dumps(SAVES["classic"])), table.message
    assert table.ruleset.name == "classic" and table.theme.name == "us"
    assert table.vocab.bid_verb == "bid" and "Bid" in table.bid_label.value
    _still_works(table)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(sorted(SAVES)), field=st.sampled_from(FIELDS), value=junk,
       how=st.sampled_from(["set", "delete", "nest"]))
def test_mutated_saves_load_or_explain_and_the_table_still_plays(which, field, value, how):
    data = copy.deepcopy(SAVES[which])
    target = data
    for k in field[:-1]:
        if not isinstance(target.get(k), dict):
            target[k] = {}
        target = target[k]
    last = field[-1]
    if how == "set":
        target[last] = value
    elif how == "delete":
        target.pop(last, None)
    else:
        target[last] = [target.get(last), value]
    _load_and_check(json.dumps(data))


def test_the_table_saves_itself_and_offers_to_go_on_after_a_restart(tmp_path, monkeypatch):
    """Nothing lost: with autosave the game is in the learner's folder after every move; a table
    made again (a re-run, a kernel restart) offers to go on, and going on restores every move."""
    import random

    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path))
    table = TableWidget(rules="junior", players=3, seed=5, autosave="junior-table")
    assert table.resume_box.layout.display == "none"  # nothing saved yet: no offer
    rng = random.Random(2)
    while table.game.round_number < 3:
        assert table.act(rng.choice(table.view.legal)), table.message
    saved = tmp_path / ".wizard-edu" / "tables" / "junior-table.json"
    assert json.loads(saved.read_text())["actions"] == json.loads(table.game.to_json())["actions"]
    moves = len(table.game.history)

    again = TableWidget(rules="junior", players=3, seed=5, autosave="junior-table")  # after a restart
    assert again.resume_box.layout.display != "none" and len(again.game.history) < moves
    again.act(again.view.legal[0]) if again.view.my_turn else None
    assert json.loads(saved.read_text())["actions"] == json.loads(table.game.to_json())["actions"], \
        "the offer is open: the game from before is not written over"
    assert again.resume()
    assert len(again.game.history) == moves and again.resume_box.layout.display == "none"
    assert again.view.hand == table.view.hand


def test_a_save_keeps_each_computer_players_level():
    """A table with hard and simulating player objects reloads with the same levels (not rule-of-thumb)."""
    from wizard_edu.players import HardPlayer, RandomPlayer, SimulatingPlayer, make_player

    table = TableWidget(rules="junior", players=4, seat=1,   # seat 1 moves first: nobody thinks here
                        opponents=[make_player("hard"), make_player("simulator"), RandomPlayer(seed=3)])
    saved = json.loads(table.save_json())
    assert saved["table"]["opponents"] == ["hard", "simulator", "random"]
    again = TableWidget(rules="junior", seed=9)
    assert again.load_json(table.save_json()), again.message
    assert [type(again.controller.players[s]) for s in (0, 2, 3)] == [HardPlayer, SimulatingPlayer, RandomPlayer]


# -- save files: a friendly message for every kind of broken file, the game unchanged ------------------------
def broken_files() -> dict[str, str | bytes]:
    good = TableWidget(rules="classic", seed=2)
    good.bid(0)
    text = good.save_json()
    data = json.loads(text)
    return {
        "empty box": "", "spaces": "   \n", "words": "this is not a saved game", "half a copy": text[: len(text) // 2],
        "a list": "[1, 2, 3]", "someone else's JSON": '{"name": "my homework"}',
        "a missing part": json.dumps({k: v for k, v in data.items() if k != "players"}),
        "damaged JSON": text.replace(",", "", 3), "a picture": b"\x89PNG\r\n\x1a\n\x00\xff\xfe",
        "a move that does not fit": json.dumps(dict(data, actions=[[2, "bid", 9]])),
        "rules changed by hand": json.dumps(dict(data, rules="chess")),
        "moves changed by hand": json.dumps(dict(data, actions=5)),
        "too many players": json.dumps(dict(data, players=99)),
        "a seat not at the table": json.dumps(dict(data, table={"seat": 7})),
        "another version": json.dumps(dict(data, version=99)),
        "JSON null": "null",
    }


@pytest.mark.parametrize("kind", list(broken_files()))
def test_every_broken_save_file_gets_a_friendly_message_and_changes_nothing(kind):
    table = TableWidget(rules="classic", seed=9)
    table.bid(1)
    before = table.game.to_json()
    assert table.load_json(broken_files()[kind]) is False
    assert table.game.to_json() == before
    msg = table.message
    assert msg.startswith("Could not load that game, so the current game goes on.") and table.message_kind == "error"
    for techy in ("KeyError", "TypeError", "Expecting value", "line 1 column", "Error(", "JSON text ("):
        assert techy not in msg, msg


def test_the_load_button_with_an_empty_box_says_what_to_do():
    table = TableWidget(seed=1)
    table.save_text.value = ""
    table.load_button.click()
    assert "The box is empty" in table.message
