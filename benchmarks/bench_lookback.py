"""The look-back at the table: the click that ends a round, and the wait for "Look back" (issue 30).

A TableWidget is played by clicks in the page (its click handlers, called on a running asyncio
loop, as the kernel calls them), with rule-of-thumb opponents and the learner always predicting
(bidding) the smallest number.  For every round it prints (never asserts):

* ``click``: how long the click that ended the round took to return (the limit is 0.3 s);
* ``ready``: from that click until the look-back was on the page (the friendly line "Looking back
  at round N…" shows meanwhile; limits: 1 s up to 5 cards, 3 s for the largest round);
* ``recorded``: until the round was in the learner's record too (the hard player's line; nothing waits on it).

Each round is waited for before the next click, as a child reads it.  The record goes to a
temporary folder.  Run: ``.venv/bin/python benchmarks/bench_lookback.py [--quick]``
(``--quick``: Junior 4 players and Classic 4 players only).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time

from wizard_edu.engine.actions import ActionKind
from wizard_edu.widgets.table import TableWidget

CASES = [("Junior, 4 players", "junior", 4), ("Classic, 4 players", "classic", 4),
         ("Classic, 3 players", "classic", 3)]


def _click(table: TableWidget) -> None:
    table._last_click = (None, float("-inf"))
    legal = table.view.legal
    bids = [a.value for a in legal if a.kind == ActionKind.BID]
    if bids:
        table._click_bid(min(bids))
    elif any(a.kind == ActionKind.TRUMP for a in legal):
        table._click_trump(next(a.value for a in legal if a.kind == ActionKind.TRUMP))
    else:
        table._click_card(next(a.value for a in legal if a.kind == ActionKind.PLAY))


async def _game(rules: str, players: int) -> list[tuple[int, float, float, float]]:
    table = TableWidget(rules=rules, players=players, seed=11, learner="bench")
    rows = []
    while not table.game.is_over:
        number = table.game.round_number
        while len(table.game.rounds) < number:
            while table._steps_pending:
                await asyncio.sleep(0.001)
            if len(table.game.rounds) >= number:
                break
            start = time.perf_counter()
            _click(table)
            took = time.perf_counter() - start
        while table._steps_pending:
            await asyncio.sleep(0.001)
        job = table.lookback.jobs[number]
        while "ready to look back on" not in table.lookback.status.value and job.problem is None:
            await asyncio.sleep(0.001)
        ready = time.perf_counter() - start
        await asyncio.wrap_future(table.lookback.futures[number])
        rows.append((table.game.round_sizes[number - 1], took, ready, time.perf_counter() - start))
    return rows


def main() -> None:
    quick = "--quick" in sys.argv
    os.environ["WIZARD_EDU_HOME"] = tempfile.mkdtemp(prefix="bench-lookback-")
    for label, rules, players in CASES[:2] if quick else CASES:
        rows = asyncio.run(_game(rules, players))
        print(f"{label}: {len(rows)} rounds")
        print("  cards  click s  ready s  recorded s")
        for cards, click, ready, recorded in rows:
            print(f"  {cards:5d}  {click:7.3f}  {ready:7.3f}  {recorded:10.3f}")
        small = [r for c, _, r, _ in rows if c <= 5]
        print(f"  worst click {max(c for _, c, _, _ in rows):.3f} s; worst ready up to 5 cards "
              f"{max(small):.3f} s; ready at the largest round {rows[-1][2]:.3f} s")


if __name__ == "__main__":
    main()
