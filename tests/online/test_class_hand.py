"""The class's own rounds at the class tables (issue 30, items 2 and 4): the teacher's "My predictions"
per pupil, the class CSV export, and one hand for the class to look at together (names hidden, the
class's bids as counts, the kit's chances only when asked), teacher only."""

from __future__ import annotations

import asyncio
import io
import json
import urllib.error
import urllib.request

import class_service
import pytest
from class_service import play_out, register

from wizard_edu.online.errors import OnlineError
from wizard_edu.online.service import TableService
from wizard_edu.online.testing import running_tables
from wizard_edu.players import make_player
from wizard_edu.review.export import CLASS_CSV_COLUMNS, read_class_csv, write_class_csv

#: Few deals for the look-backs: the figures here are checked against the games, not the odds.
SAMPLES = 40


def service(path, **settings) -> TableService:
    """A Junior class service that looks back with few deals (fast tests)."""
    svc = class_service.service(path, **{"rules": "junior", **settings})
    svc.review_samples = svc.hard_samples = SAMPLES
    return svc



@pytest.fixture
def duplicate_class(tmp_path):
    """Eight pupils, a duplicate Junior tournament round at two tables of 4, three rounds played."""
    svc = service(tmp_path / "t.sqlite")
    svc.set_settings(duplicate=True)
    tokens = register(svc, 8)
    ids = svc.start_tournament()
    play_out(svc, tokens, rounds=3)
    yield svc, ids
    svc.close()


def test_the_hand_shows_how_everyone_who_held_the_cards_bid_with_no_names(duplicate_class):
    svc, (a, b) = duplicate_class
    suggested = svc.hands()
    assert suggested and all(h["held_by"] == 2 for h in suggested)    # both tables held each hand
    assert [h["different_bids"] for h in suggested] == sorted((h["different_bids"] for h in suggested), reverse=True)
    for pick in suggested:
        hand = svc.hand(pick["table"], pick["round"], pick["seat"])
        bids = [svc.tables[t].game.rounds[pick["round"] - 1].bids[pick["seat"]] for t in (a, b)]
        won = [svc.tables[t].game.rounds[pick["round"] - 1].won[pick["seat"]] for t in (a, b)]
        assert hand["bids"] == {str(n): bids.count(n) for n in range(hand["cards"] + 1)}
        assert hand["made"] == sum(x == y for x, y in zip(bids, won, strict=True))
        assert len(hand["hand"]) == hand["cards"] and hand["duplicate"] is True
        assert "chances" not in hand                                  # the class discusses first
        text = json.dumps(hand)
        assert not any(p.record.name in text for p in svc.pupils.values())   # names hidden
        assert "Computer" not in text
    # the cards are the same at both tables: the seat's hand at b is the one shown for a
    pick = suggested[0]
    other = b if pick["table"] == a else a
    assert svc.hand(other, pick["round"], pick["seat"])["hand"] == svc.hand(pick["table"], pick["round"],
                                                                              pick["seat"])["hand"]


def test_the_chances_come_only_when_asked_and_are_the_look_backs(duplicate_class):
    svc, (a, _) = duplicate_class
    from wizard_edu.review import review_round
    hand = svc.hand(a, 2, 1, show_chances=True)
    review = review_round(svc.tables[a].game, 2, 1, samples=SAMPLES, card_samples=SAMPLES)
    assert hand["chances"] == {str(k): v for k, v in sorted(review.bid_chances.items())}
    assert set(hand["chances"]) <= set(hand["bids"])


@pytest.mark.parametrize(("args", "words"), [((99, 1, 0), "no table 99"), ((1, 9, 0), "not round 9"),
                                             ((1, 1, 7), "not seat 7"), (("x", 1, 0), "whole number")])
def test_a_hand_that_is_not_there_is_a_sentence(duplicate_class, args, words):
    svc, _ = duplicate_class
    with pytest.raises(OnlineError, match=words):
        svc.hand(*args)


def test_the_teachers_figures_per_pupil_agree_with_the_games(duplicate_class):
    svc, ids = duplicate_class
    svc.reviewed_now()
    rows = {r["pupil"]: r for r in svc.pupil_predictions()}
    assert len(rows) == 8
    for pid, row in rows.items():
        record = svc.pupils[pid].record
        game = svc.tables[record.table_id].game
        pairs = [(r.bids[record.seat], r.won[record.seat]) for r in game.rounds]
        assert (row["rounds"], row["exact"], row["too_high"], row["too_low"], row["waiting"]) == (
            len(pairs), sum(b == w for b, w in pairs), sum(b > w for b, w in pairs), sum(b < w for b, w in pairs), 0)
    assert svc.board()["predictions"] == svc.pupil_predictions()


def test_the_class_rounds_export_opens_as_the_class_csv(duplicate_class, tmp_path):
    svc, ids = duplicate_class
    svc.reviewed_now()
    path = tmp_path / "class.csv"
    write_class_csv(svc.rounds_frame(), path)
    frame = read_class_csv(path)
    assert list(frame.columns) == list(CLASS_CSV_COLUMNS)
    assert len(frame) == sum(len(svc.tables[t].game.rounds) * 4 for t in ids)
    for row in frame.itertuples():
        pupil = next(p for p in svc.pupils.values() if p.record.name == row.pupil)
        record = svc.tables[row.table].game.rounds[row.round - 1]
        seat = pupil.record.seat
        assert (row.bid, row.tricks, row.points) == (record.bids[seat], record.won[seat], record.points[seat])


def test_a_round_end_is_looked_back_on_in_the_background(tmp_path):
    async def lesson() -> None:
        svc = service(tmp_path / "t.sqlite", table_size=3)
        svc.loop = asyncio.get_running_loop()   # (no computer players' tasks: this test moves them)
        pupil = svc.join("ABCD", "Ann")
        svc.start_tables()
        table = svc.table_of(svc.pupils[pupil.id])
        brains = [make_player("easy", seed=s) for s in range(3)]
        while not table.game.rounds:
            seat = table.game.to_move
            await svc.apply(table, seat, brains[seat].act(table.game.view(seat)))
        # The last move's reply came back before the look-back: it runs in the background.
        assert (table.id, 1, 0) not in svc.round_entries and svc._reviewing is not None
        await svc.reviewed()
        entry = svc.round_entries[(table.id, 1, 0)]
        assert (entry.bid, entry.tricks) == (table.game.rounds[0].bids[0], table.game.rounds[0].won[0])
        svc.close()

    asyncio.run(lesson())


def _get(url: str, token: str | None = None) -> int:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_only_the_teacher_reaches_the_class_hand_and_the_rounds(tmp_path):
    import pandas as pd

    from wizard_edu.online import join
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3,
                        extra=("--rules", "junior", "--computer", "easy", "--computer-delay", "0")) as tables:
        seat = join(tables.url, "ABCD", "Ann", timeout=20)
        tables.teacher("api/teacher/start", {})
        for path in ("api/teacher/hands", "api/teacher/hand?table=1&round=1&seat=0", "api/teacher/rounds.csv", "hand"):
            assert _get(tables.url + path, seat._token) in (401, 403), path   # a pupil's token
            assert _get(tables.url + path) in (401, 403), path               # nobody
        assert tables.teacher("api/teacher/hands")["hands"] == []           # no round finished yet
        frame = pd.read_csv(io.StringIO(tables.teacher("api/teacher/rounds.csv")))
        assert list(frame.columns) == list(CLASS_CSV_COLUMNS) and frame.empty
        assert "Show the chances" in tables.teacher("hand")
        seat.close()


def test_the_hands_of_an_earlier_tournament_are_still_there_after_a_new_registration(tmp_path):
    svc = service(tmp_path / "t.sqlite")
    svc.set_settings(duplicate=True)
    tokens = register(svc, 8)
    a, b = svc.start_tournament()
    play_out(svc, tokens)
    assert svc.hand(a, 1, 0)["held_by"] == 2
    register(svc, 8)                               # a new duplicate tournament: the old tables are its past
    new = svc.start_tournament()
    assert set(new).isdisjoint({a, b}) and svc.tournament["duplicate"] is True
    assert svc.hand(a, 1, 0)["held_by"] == 1 and svc.hand(a, 1, 0)["duplicate"] is False
    assert svc.hands() and all(h["held_by"] == 1 for h in svc.hands())
    svc.close()
