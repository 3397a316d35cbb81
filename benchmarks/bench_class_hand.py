"""The board's class hand view with 30 pupils at 8 tables: how soon it opens (issue 30: within 1 s).

Builds a class in a fresh SQLite file (30 pupils at 8 casual Classic tables of 4: seven of 4 pupils,
one of 2 pupils and 2 computer players; every seat played by an easy computer player for ``--rounds``
rounds), then starts the real service on it (``wizard-edu tables`` on 127.0.0.1) and times what the
projector's page asks for when it opens, from the teacher's side over HTTP:

* ``GET hand`` (the page), ``GET api/teacher/hands`` (the suggestions) and
  ``GET api/teacher/hand?...`` (the first suggested hand, without the chances): together, "opens";
* ``GET api/teacher/hand?...&show_chances=1`` once per hand (the kit's look-back, worked out then);
* the whole class looked back on, then every hard player's line (the board's CSV columns
  ``hard_...``): how long after the start until ``api/teacher/rounds.csv`` has them all;
* a pupil's class table: ``GET api/seat/review?round=1`` and ``GET api/seat/rounds`` (their own rounds);
* in this process, with the kit's default deals: ``review_round`` and ``hard_player_round`` per
  pupil-round of the class's games (what the service's one worker thread spends on them).

The service starts looking back on every finished round in its worker as it starts (nothing is
stored), so the first figures are taken while that goes on, as in a lesson where rounds end. The
teacher pauses the games as the service starts (every pupil is away, so stand-ins would play on). Figures
are printed, never asserted.

    python benchmarks/bench_class_hand.py [--rounds 3] [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wizard_edu.online.service import TableService  # noqa: E402
from wizard_edu.online.storage import SQLiteStore  # noqa: E402
from wizard_edu.online.testing import start_tables  # noqa: E402


def build(db: Path, rounds: int) -> str:
    """The class in ``db``; returns a pupil's token (their class table asks with it)."""
    svc = TableService(SQLiteStore(db), code="BENCH", settings={"table_size": 4, "rules": "classic", "grace": 0,
                                                               "computer": "easy", "computer_delay": 0})
    token = [svc.join("BENCH", f"Pupil {i:02d}").token for i in range(30)][0]
    svc.start_tables()
    # Grace 0: every pupil is away, so their stand-ins (easy computer players) play; stop after ``rounds``.
    while True:
        moved = False
        for table in svc.tables.values():
            seat = svc._computer_seat(table)
            if seat is not None and len(table.game.rounds) < rounds:
                svc._now(svc.apply(table, seat, svc._player(table, seat).act(table.game.view(seat))))
                moved = True
        if not moved:
            break
    print(f"class: {len(svc.pupils)} pupils at {len(svc.tables)} tables, {rounds} rounds each")
    per_round(svc)
    svc.close()
    return token


def per_round(svc: TableService) -> None:
    """The worker's work per pupil-round, by cards in the hand (the kit's default deals)."""
    from wizard_edu.review import hard_player_round, review_round

    spent: dict[int, tuple[list[float], list[float]]] = {}
    for table in svc.tables.values():
        pupils = [s for s, e in enumerate(table.record.seats) if "pupil" in e]
        for number in range(1, len(table.game.rounds) + 1):
            for seat in pupils[:1]:   # one seat per table and round: enough for the figures
                t0 = time.perf_counter()
                review_round(table.game, number, seat)
                t1 = time.perf_counter()
                hard_player_round(table.game, number, seat)
                cards = table.game.round_sizes[number - 1]
                spent.setdefault(cards, ([], []))[0].append(t1 - t0)
                spent[cards][1].append(time.perf_counter() - t1)
    for cards, (looks, hards) in sorted(spent.items()):
        print(f"{cards} cards: review_round median {statistics.median(looks):.2f} s, hard_player_round median "
              f"{statistics.median(hards):.2f} s (worst {max(hards):.2f} s), {len(hards)} pupil-rounds timed")


def get(url: str, key: str) -> tuple[float, bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as reply:
        body = reply.read()
    return time.perf_counter() - start, body


def post(url: str, key: str, body: dict) -> None:
    import json

    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=60).close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    import json

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "class.sqlite"
        token = build(db, args.rounds)
        started = time.perf_counter()
        running = start_tables(db, code="BENCH", extra=("--computer-delay", "0"), log=Path(tmp) / "service.log")
        try:
            url, key = running.url, running.key
            # Every pupil is away (grace 0), so stand-ins would play on: the class stops where it was built.
            post(url + "api/teacher/pause", key, {"paused": True})
            opens, first = [], None
            for _ in range(args.repeat):
                t_page, _ = get(url + "hand", key)
                t_hands, body = get(url + "api/teacher/hands", key)
                hands = json.loads(body)["hands"]
                first = hands[0]
                q = f"table={first['table']}&round={first['round']}&seat={first['seat']}"
                t_hand, _ = get(url + "api/teacher/hand?" + q, key)
                opens.append(t_page + t_hands + t_hand)
            print(f"opens (page + hands + hand), {args.repeat} times: median {statistics.median(opens):.3f} s, "
                  f"worst {max(opens):.3f} s")
            chances = []
            for h in hands[:5]:
                q = f"table={h['table']}&round={h['round']}&seat={h['seat']}&show_chances=1"
                chances.append(get(url + "api/teacher/hand?" + q, key)[0])
            print(f"'Show the chances' ({len(chances)} hands, {', '.join(str(h['cards']) for h in hands[:5])} cards): "
                  f"median {statistics.median(chances):.3f} s, worst {max(chances):.3f} s")
            class_done(url, key, started)
            seat = [get(url + "api/seat/review?round=1", token)[0] for _ in range(args.repeat)]
            rounds = [get(url + "api/seat/rounds", token)[0] for _ in range(args.repeat)]
            print(f"a pupil's class table: api/seat/review median {statistics.median(seat):.3f} s "
                  f"(worst {max(seat):.3f} s), api/seat/rounds median {statistics.median(rounds):.3f} s "
                  f"(worst {max(rounds):.3f} s)")
        finally:
            running.stop()


def class_done(url: str, key: str, started: float) -> None:
    """Wait until every finished pupil-round is looked back on (the board's "waiting" all 0), then
    until the class CSV has every hard player's line; print when (the games are paused meanwhile)."""
    import csv
    import io
    import json

    while True:   # the board first (it answers at once), then the CSV (it waits up to 10 s for the rest)
        board = json.loads(get(url + "api/board", key)[1])
        if board["predictions"] and not any(p["waiting"] for p in board["predictions"]):
            reviewed = time.perf_counter() - started
            break
        time.sleep(0.2)
    while True:
        body = get(url + "api/teacher/rounds.csv", key)[1].decode()
        found = list(csv.DictReader(io.StringIO(body)))
        rows = len(found)
        if found and all(r["hard_bid"] for r in found):
            break
        if time.perf_counter() - started > 1800:
            print(f"not every hard player's line after 30 minutes ({rows} rows, "
                  f"{sum(1 for r in found if r['hard_bid'])} with it)")
            return
        time.sleep(0.5)
    print(f"the whole class ({rows} pupil-rounds) looked back on {reviewed:.1f} s after the service started; "
          f"every hard player's line in the CSV after {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
