"""A pupil's own finished rounds at the class tables (issue 30): their look-backs and their record for
"How good are my predictions?", only their own seat's; and the hard player's line in the class CSV."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import pytest
from class_service import play_out, service

from wizard_edu.online.errors import OnlineError
from wizard_edu.online.service import TableService
from wizard_edu.online.storage import SQLiteStore
from wizard_edu.online.testing import running_tables
from wizard_edu.online.wire import decode, encode
from wizard_edu.players import make_player
from wizard_edu.players.table import play_game
from wizard_edu.review import RoundReview, hard_player_round, review_round
from wizard_edu.review.export import read_class_csv, write_class_csv

#: Few deals: the figures are checked against the games and the kit's own functions, not the odds.
SAMPLES = 40



@pytest.fixture
def classroom(tmp_path):
    """Three pupils at one Junior table of 4 (one computer player), two rounds played, a third begun."""
    svc = service(tmp_path / "t.sqlite", rules="junior", table_size=4)
    svc.review_samples = svc.hard_samples = SAMPLES
    tokens = {p.id: p.token for p in (svc.join("ABCD", name) for name in ("Ann", "Ben", "Cleo"))}
    svc.start_tables()
    play_out(svc, tokens, rounds=2)
    yield svc, tokens
    svc.close()


def test_a_pupil_gets_the_look_back_of_their_own_seat_only(classroom):
    svc, tokens = classroom
    for pid, token in tokens.items():
        record = svc.pupils[pid].record
        game = svc.tables[record.table_id].game
        for number in (1, 2):
            answer = svc.seat_review(token, number)
            assert answer["ready"] is True and "seed" not in json.dumps(answer)
            review = decode(json.loads(json.dumps(answer["review"])))
            assert isinstance(review, RoundReview) and review.seat == record.seat
            assert (review.bid, review.tricks) == (game.rounds[number - 1].bids[record.seat],
                                                   game.rounds[number - 1].won[record.seat])
            same = review_round(game, number, record.seat, samples=SAMPLES, card_samples=SAMPLES)
            assert review == same          # the kit's own look-back, names and words included


def test_a_round_not_finished_or_not_there_is_a_sentence(classroom):
    svc, tokens = classroom
    token = next(iter(tokens.values()))
    for number, words in ((3, "not finished yet"), (0, "no round 0"), ("x", "whole number")):
        with pytest.raises(OnlineError, match=words):
            svc.seat_review(token, number)
    with pytest.raises(OnlineError, match="join again"):
        svc.seat_review("not-a-token", 1)


def test_a_pupils_rounds_are_their_own_with_the_hard_players_line(classroom):
    svc, tokens = classroom
    svc.reviewed_now()
    for pid, token in tokens.items():
        record = svc.pupils[pid].record
        game = svc.tables[record.table_id].game
        answer = svc.seat_rounds(token)
        assert answer["waiting"] == 0 and len(answer["rounds"]) == 2
        for number, line in enumerate(answer["rounds"], start=1):
            assert (line["seat"], line["bid"], line["tricks"]) == (
                record.seat, game.rounds[number - 1].bids[record.seat], game.rounds[number - 1].won[record.seat])
            hard = hard_player_round(game, number, record.seat, samples=SAMPLES)
            assert (line["hard_bid"], line["hard_tricks"], line["hard_points"]) == (hard.bid, hard.tricks, hard.points)


def test_the_class_csv_fills_the_hard_players_columns(classroom, tmp_path):
    svc, tokens = classroom
    svc.reviewed_now()
    path = tmp_path / "class.csv"
    write_class_csv(svc.rounds_frame(), path)
    frame = read_class_csv(path)
    assert len(frame) == 6 and frame["hard_bid"].notna().all() and frame["hard_chance"].notna().all()
    for row in frame.itertuples():
        pupil = next(p for p in svc.pupils.values() if p.record.name == row.pupil)
        game = svc.tables[row.table].game
        hard = hard_player_round(game, row.round, pupil.record.seat, samples=SAMPLES)
        chances = review_round(game, row.round, pupil.record.seat, samples=SAMPLES, card_samples=SAMPLES).bid_chances
        assert (row.hard_bid, row.hard_tricks, row.hard_points) == (hard.bid, hard.tricks, hard.points)
        assert row.hard_chance == pytest.approx(chances[hard.bid])
    assert svc.pupil_predictions()[0]["rounds"] == 2


def test_on_the_server_the_hard_line_follows_the_look_backs_in_the_background(tmp_path):
    async def lesson() -> None:
        svc = TableService(SQLiteStore(tmp_path / "t.sqlite"), code="ABCD",
                           settings={"computer_delay": 0, "computer": "easy", "rules": "junior", "table_size": 3})
        svc.review_samples = svc.hard_samples = SAMPLES
        svc.loop = asyncio.get_running_loop()   # (no computer players' tasks: this test moves them)
        pupil = svc.join("ABCD", "Ann")
        svc.start_tables()
        table = svc.table_of(svc.pupils[pupil.id])
        brains = [make_player("easy", seed=s) for s in range(3)]
        while len(table.game.rounds) < 2:
            seat = table.game.to_move
            await svc.apply(table, seat, brains[seat].act(table.game.view(seat)))
        assert svc.seat_review(pupil.token, 2) == {"ready": False, "round": 2}   # being worked out
        await svc.reviewed()
        for number in (1, 2):
            entry = svc.round_entries[(table.id, number, 0)]
            hard = hard_player_round(table.game, number, 0, samples=SAMPLES)
            assert (entry.hard_bid, entry.hard_tricks) == (hard.bid, hard.tricks)
            assert svc.seat_review(pupil.token, number)["ready"] is True
        svc.close()

    asyncio.run(lesson())


def test_a_look_back_travels_with_its_exact_fractions():
    game = play_game(["medium"] * 3, rules="junior", seed=4)
    review = review_round(game, 1, 0)
    assert review.exact_chances is not None
    assert decode(json.loads(json.dumps(encode(review)))) == review


def _get(url: str, token: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_over_http_a_pupil_reaches_only_their_own_seats_review(tmp_path):
    from wizard_edu.online import join
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3,
                        extra=("--rules", "junior", "--computer", "easy", "--computer-delay", "0")) as tables:
        ann, ben = (join(tables.url, "ABCD", name, timeout=20) for name in ("Ann", "Ben"))
        tables.teacher("api/teacher/start", {})
        brains = {ann.seat: make_player("easy", seed=1), ben.seat: make_player("easy", seed=2)}
        while not ann.view().rounds:          # round 1 (one card each): the pupils play it
            for seat in (ann, ben):
                view = seat.view()
                if view.legal:
                    seat.apply(brains[seat.seat].act(view))
        assert _get(tables.url + "api/seat/review?round=1")[0] in (401, 403)          # nobody
        status, answer = _get(tables.url + f"api/seat/review?round=1&seat={ben.seat}", ann._token)
        assert status == 400 and "your own rounds" in answer["error"]
        mine = {}
        for seat in (ann, ben):
            for _ in range(100):
                review = seat.review(1)
                if review is not None:
                    break
                time.sleep(0.1)
            assert review is not None and review.seat == seat.seat
            mine[seat.seat] = review
            rounds, waiting = seat.my_rounds()
            assert [r.seat for r in rounds] == [seat.seat] and waiting == 0
        assert mine[ann.seat].hand != mine[ben.seat].hand
        status, answer = _get(tables.url + "api/seat/review?round=2", ann._token)
        assert status == 409 and "not finished" in answer["error"]
        ann.close()
        ben.close()
