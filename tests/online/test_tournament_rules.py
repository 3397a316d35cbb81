"""A tournament for the class in front of you (issue 27, item 8): a Junior class's tournament plays
Wizard Junior (Junior's rounds and scoring: no minus points), a Classic class's the flyer's ten hands,
an Anniversary class's the flyer's ten hands with the Anniversary cards; the board data says which
BEFORE the start, and a started tournament keeps its game for every round, a restart included."""

from __future__ import annotations

import pytest
from class_service import play_out, register, service

from wizard_edu.engine.rules import round_sizes
from wizard_edu.online.tournament import tournament_plan, tournament_ruleset


def test_a_junior_class_plays_a_junior_tournament(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior", table_size=4)
    tokens = register(svc, 11)                       # tables of 6 and 5
    plan = svc.board()["tournament_plan"]            # said before the start
    assert plan["rules"] == "junior" and plan["scoring"] == "junior"
    assert plan["text"].startswith("Wizard Junior at tables of 4 to 6: 8 hands at a table of 4, 7 at a table of 5, "
                                   "6 at a table of 6.")
    made = svc.start_tournament()
    tables = [svc.tables[i] for i in made]
    assert sorted(t.record.size for t in tables) == [5, 6]
    for t in tables:
        assert t.game.ruleset.name == "junior" and t.game.ruleset.scoring == "junior"
        assert list(t.game.round_sizes) == round_sizes(t.record.size, "junior")
        assert t.game.ruleset.deck_size == 36
    play_out(svc, tokens)
    assert svc.round_over()
    rows = svc.standings()
    assert len(rows) == 11 and all(r.points >= 0 for r in rows)   # Junior never takes points away
    for r in rows:
        pupil = svc.pupils[r.pupil]
        assert r.points == svc.tables[pupil.record.table_id].game.scores[pupil.record.seat]
    info = svc.tournament_info()
    assert "predictions" in info["tie_break"] and "bids" not in info["tie_break"]   # Junior predicts
    assert svc.board()["tournament_plan"]["rules"] == "junior"


def test_the_tournament_keeps_its_game_when_the_rules_box_changes_and_after_a_restart(tmp_path):
    db = tmp_path / "t.sqlite"
    svc = service(db, rules="junior", table_size=4)
    tokens = register(svc, 4)
    svc.start_tournament()
    svc.set_settings(rules="classic")                # the rules box is for new casual tables
    assert svc.board()["tournament_plan"]["rules"] == "junior"
    play_out(svc, tokens)
    svc.close()
    svc = service(db)                                # a restart: the stored tournament says Junior
    assert svc.board()["tournament_plan"]["rules"] == "junior"
    (table_id,) = svc.next_round()
    assert svc.tables[table_id].game.ruleset.name == "junior"
    svc.close()


@pytest.mark.parametrize(("rules", "title", "hands"), [
    ("junior", "Wizard Junior", {"4": 8, "5": 7, "6": 6}),
    ("classic", "Classic Wizard (tournament)", {"4": 10, "5": 10, "6": 10}),
    ("anniversary", "Wizard Anniversary (tournament)", {"4": 10, "5": 10, "6": 10}),
])
def test_the_board_says_what_start_the_tournament_will_play(tmp_path, rules, title, hands):
    svc = service(tmp_path / "t.sqlite", rules=rules, table_size=4)
    plan = svc.board()["tournament_plan"]            # before any registration too
    assert (plan["title"], plan["hands"]) == (title, hands)
    assert "minus" not in plan["text"] and "loses nothing" in plan["text"] if rules == "junior" \
        else "loses 10" in plan["text"]
    register(svc, 5)
    assert svc.board()["tournament_plan"] == plan
    (table_id,) = svc.start_tournament()
    assert svc.tables[table_id].game.ruleset == tournament_ruleset(rules)
    assert svc.board()["tournament_plan"] == plan == tournament_plan(rules)
    svc.close()


def test_a_class_variant_is_not_carried_into_the_tournament(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="classic", options={"bid_rule": "canadian"}, table_size=4)
    register(svc, 4)
    (table_id,) = svc.start_tournament()
    assert svc.tables[table_id].game.ruleset.title == "Classic Wizard (tournament)"   # the flyer's rules
    svc.close()


def test_a_tournament_stored_before_junior_tournaments_goes_on_as_classic(tmp_path):
    db = tmp_path / "t.sqlite"
    svc = service(db, rules="junior", table_size=4)
    tokens = register(svc, 4)
    svc.start_tournament()
    play_out(svc, tokens)
    stored = dict(svc.tournament)
    del stored["rules"]                              # what an older kit stored
    svc.store.save_tournament(stored)
    svc.close()
    svc = service(db, rules="junior")
    (table_id,) = svc.next_round()
    assert svc.tables[table_id].game.ruleset.title == "Classic Wizard (tournament)"
    svc.close()


def test_the_printed_standings_of_a_junior_tournament_speak_of_predictions(tmp_path):
    from wizard_edu.online.tournament import standings_html

    svc = service(tmp_path / "t.sqlite", rules="junior", table_size=4)
    tokens = register(svc, 4)
    svc.start_tournament()
    play_out(svc, tokens)
    page = standings_html(svc.standings(), rules=svc.tournament_rules())
    assert "Exact predictions" in page and "bid" not in page
    assert "Exact bids" in standings_html(svc.standings())      # a Classic tournament's page
    svc.close()
