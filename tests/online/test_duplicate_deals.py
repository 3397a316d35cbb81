"""Duplicate deals at the class tournament (issue 30, item 3): in one tournament round every table of the
same size plays the same cards at the same seat numbers with the same turned-up cards; the setting is
taken only before the tournament starts; the standings can compare each pupil with the others who held
the same cards, and the board says which ranking is used."""

from __future__ import annotations

import pytest
from class_service import play_out, register, service

from wizard_edu.online.errors import TournamentError
from wizard_edu.online.server import error_status
from wizard_edu.online.tournament import HeldHand, Result, compare_same_cards, standings


def test_tables_of_the_same_size_get_the_same_deals_and_other_sizes_do_not(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior")
    svc.set_settings(duplicate=True)
    register(svc, 14)                                   # tables of 5, 5 and 4
    made = svc.start_tournament()
    sizes = {t: svc.tables[t].record.size for t in made}
    assert sorted(sizes.values()) == [4, 5, 5]
    five = [t for t in made if sizes[t] == 5]
    (four,) = [t for t in made if sizes[t] == 4]
    first, second = (svc.tables[t].game for t in five)
    for seat in range(5):                               # the same cards to the same seat numbers
        assert first.view(seat).hand == second.view(seat).hand
    assert first.view(0).trump_card == second.view(0).trump_card
    for index in range(len(first.round_sizes)):         # every round is shuffled from the same seed
        assert first.round_rng(index).random() == second.round_rng(index).random()
    assert svc.tables[four].record.seed != svc.tables[five[0]].record.seed
    # Round 1 deals one card each: one seat's card may match by chance, all four seats' (and the
    # turned-up card) hardly ever do.
    other = svc.tables[four].game
    assert [other.view(s).hand for s in range(4)] + [other.view(0).trump_card] != \
        [first.view(s).hand for s in range(4)] + [first.view(0).trump_card]
    svc.close()


def test_without_the_setting_each_table_has_its_own_deal(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior")
    register(svc, 10)                                   # tables of 5 and 5
    a, b = svc.start_tournament()
    assert svc.tables[a].record.seed != svc.tables[b].record.seed
    assert svc.tournament_info()["duplicate"] is False
    svc.close()


def test_the_next_round_deals_duplicate_again_with_a_new_deal(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior")
    svc.set_settings(duplicate=True)
    tokens = register(svc, 8)                           # tables of 4 and 4
    first = svc.start_tournament()
    play_out(svc, tokens)
    second = svc.next_round()
    seeds = [{svc.tables[t].record.seed for t in ids} for ids in (first, second)]
    assert [len(s) for s in seeds] == [1, 1] and seeds[0] != seeds[1]
    svc.close()


def test_the_setting_is_refused_once_the_tournament_has_started(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior")
    register(svc, 4)
    svc.set_settings(duplicate=True)                    # during the registration: still taken
    svc.start_tournament()
    with pytest.raises(TournamentError, match="before the tournament starts") as refused:
        svc.set_settings(duplicate=False)
    assert error_status(refused.value) == 409
    assert svc.settings.duplicate is True and svc.tournament["duplicate"] is True
    svc.set_settings(standings="duplicate")             # how the standings are ranked may change any time
    assert svc.tournament_info()["standings_by"] == "duplicate"
    svc.close()


def test_the_comparison_on_a_hand_made_result():
    # Two tables of 4 held the same cards: seat 0 was pupil 1 at one and pupil 2 at the other.
    deal1 = (1, 4, 77, 1, 0)   # (tournament round, size, seed, game round, seat)
    deal2 = (1, 4, 77, 2, 0)
    other = (1, 4, 77, 1, 1)   # another seat's cards: never compared with seat 0
    hands = [HeldHand(deal1, 1, 30), HeldHand(deal1, 2, -10),    # average 10: +20 and -20
             HeldHand(deal2, 1, 0), HeldHand(deal2, 2, 20),      # average 10: -10 and +10
             HeldHand(other, 3, 40), HeldHand(other, None, 10)]  # a computer held them too: average 25
    assert compare_same_cards(hands) == {1: 10.0, 2: -10.0, 3: 15.0}
    assert compare_same_cards([HeldHand(deal1, 1, 30)]) == {1: 0.0}   # nobody else held them
    # Three held the cards: thirds, rounded to tenths.
    assert compare_same_cards([HeldHand(deal1, 1, 10), HeldHand(deal1, 2, 0), HeldHand(deal1, 4, 0)]) == {
        1: 6.7, 2: -3.3, 4: -3.3}


def test_the_standings_rank_by_points_or_by_the_same_cards():
    results = [Result(1, "Ann", 1, 1, 50, 2, compared=-5.0), Result(2, "Ben", 1, 2, 40, 3, compared=5.0)]
    assert [s.name for s in standings(results)] == ["Ann", "Ben"]
    assert [s.name for s in standings(results, by="duplicate")] == ["Ben", "Ann"]
    assert standings(results, by="duplicate")[0].to_dict()["compared"] == 5.0


def test_a_duplicate_tournament_compares_pupils_who_held_the_same_cards(tmp_path):
    svc = service(tmp_path / "t.sqlite", rules="junior")
    svc.set_settings(duplicate=True, standings="duplicate")
    tokens = register(svc, 8)
    ids = svc.start_tournament()
    play_out(svc, tokens)
    info = svc.tournament_info()
    assert info["standings_by"] == "duplicate" and "same cards" in info["ranked_by"]
    a, b = (svc.tables[t] for t in ids)
    for row in svc.standings():                           # the figure from the two games' own scores
        pupil = svc.pupils[row.pupil].record
        mine, other = (a, b) if pupil.table_id == a.id else (b, a)
        seat = pupil.seat
        expected = sum(r.points[seat] - (r.points[seat] + o.points[seat]) / 2
                       for r, o in zip(mine.game.rounds, other.game.rounds, strict=True))
        assert row.compared == pytest.approx(expected, abs=0.05)
    assert sum(row.compared for row in svc.standings()) == pytest.approx(0, abs=0.5)   # pupils fill both tables
    assert [s.compared for s in svc.standings()] == sorted((s.compared for s in svc.standings()), reverse=True)
    svc.close()


def test_a_bad_standings_setting_is_refused_in_words(tmp_path):
    svc = service(tmp_path / "t.sqlite")
    with pytest.raises(ValueError, match="points or duplicate"):
        svc.set_settings(standings="luck")
    with pytest.raises(ValueError, match="true or false"):
        svc.set_settings(duplicate="yes")
    svc.close()


def test_duplicate_deals_and_their_comparison_survive_a_restart(tmp_path):
    db = tmp_path / "t.sqlite"
    svc = service(db, rules="junior")
    svc.set_settings(duplicate=True, standings="duplicate")
    tokens = register(svc, 8)
    svc.start_tournament()
    play_out(svc, tokens)
    before = [s.to_dict() for s in svc.standings()]
    svc.close()
    again = service(db, rules="junior")
    assert again.settings.duplicate is True and again.tournament_info()["standings_by"] == "duplicate"
    assert [s.to_dict() for s in again.standings()] == before
    again.close()
