"""The board's class hand view with 30 pupils at 8 tables: how soon it opens (issue 30: within 1 s).

Builds a class in a fresh SQLite file (30 pupils at 8 casual Classic tables of 4: seven of 4 pupils,
one of 2 pupils and 2 computer players; every seat played by an easy computer player for ``--rounds``
rounds), then starts the real service on it (``wizard-edu tables`` on 127.0.0.1) and times what the
projector's page asks for when it opens, from the teacher's side over HTTP:

* ``GET hand`` (the page), ``GET api/teacher/hands`` (the suggestions) and
  ``GET api/teacher/hand?...`` (the first suggested hand, without the chances): together, "opens";
* ``GET api/teacher/hand?...&show_chances=1`` once per hand (the kit's look-back, worked out then).

The service starts looking back on every finished round in its worker as it starts (nothing is
stored), so the first figures are taken while that goes on, as in a lesson where rounds end. Figures
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


def build(db: Path, rounds: int) -> None:
    svc = TableService(SQLiteStore(db), code="BENCH", settings={"table_size": 4, "rules": "classic", "grace": 0,
                                                               "computer": "easy", "computer_delay": 0})
    for i in range(30):
        svc.join("BENCH", f"Pupil {i:02d}")
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
    svc.close()


def get(url: str, key: str) -> tuple[float, bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as reply:
        body = reply.read()
    return time.perf_counter() - start, body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    import json

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "class.sqlite"
        build(db, args.rounds)
        running = start_tables(db, code="BENCH", extra=("--computer-delay", "0"))
        try:
            url, key = running.url, running.key
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
        finally:
            running.stop()


if __name__ == "__main__":
    main()
