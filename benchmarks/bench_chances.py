"""How fast are the chances a learner sees while playing?  ``card_chances`` and ``bid_values`` timings.

Prints (never asserts) the median and worst wall and CPU time of ``card_chances`` for typical views
of seeded 4-player Classic games (the first trick of a 10-card round, the middle of a 15-card round,
a Junior round), with plain and bid-informed deals, and of ``bid_values``; the chances panel must
update within 0.3 s of a click.  CPU time is steadier than wall time on a shared machine.

Run: ``.venv/bin/python benchmarks/bench_chances.py [--quick]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from wizard_edu.engine.game import Game
from wizard_edu.players.table import make_player
from wizard_edu.simulate.odds import bid_values, card_chances
from wizard_edu.widgets.chances import panel_samples


def views(size: int, tricks: int, rules: str = "classic", players: int = 4, count: int = 8):
    """Seeded views of the seat to play, after ``tricks`` tricks of a ``size``-card round."""
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = Game(players=players, rules=rules, seed=seed, hand_sizes=[size])
        bots = [make_player("rule-of-thumb", seed=i) for i in range(players)]
        while game.phase != "play" or len(game.tricks) < tricks:
            game.apply(bots[game.to_move].act(game.view(game.to_move)), game.to_move)
        out.append(game.view(game.to_move))
    return out


def bid_views(size: int, count: int = 8):
    out, seed = [], 0
    while len(out) < count:
        seed += 1
        game = Game(players=4, seed=seed, hand_sizes=[size])
        if game.phase == "bid":
            out.append(game.view(game.to_move))
    return out


def timed(fn, items) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for item in items:
        w, c = time.perf_counter(), time.process_time()
        fn(item)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return walls, cpus


def row(label: str, walls: list[float], cpus: list[float]) -> None:
    print(f"{label:<58} {statistics.median(walls) * 1000:8.0f} {max(walls) * 1000:8.0f} "
          f"{statistics.median(cpus) * 1000:8.0f} {max(cpus) * 1000:8.0f}")


def main(argv: list[str]) -> int:
    count = 4 if "--quick" in argv else 10
    card_chances(views(3, 0, count=1)[0], samples=100, seed=0)   # warm the rule tables
    print("times in ms (wall median, wall worst, CPU median, CPU worst)\n")
    print(f"{'workload':<58} {'wall':>8} {'worst':>8} {'CPU':>8} {'worst':>8}")
    cases = [
        ("classic 4p, 10 cards, first trick", views(10, 0, count=count)),
        ("classic 4p, 15 cards, after 5 tricks", views(15, 5, count=count)),
        ("classic 4p, 15 cards, first trick", views(15, 0, count=count)),
        ("junior 4p, 8 cards, first trick", views(8, 0, rules="junior", count=count)),
    ]
    for label, items in cases:
        for informed in (False, True):
            row(f"card_chances 2000 deals, {label}{', bid-informed' if informed else ''}",
                *timed(lambda v, b=informed: card_chances(v, samples=2000, seed=1, bid_informed=b), items))
        row(f"chances panel ({panel_samples(items[0])}+ deals), {label}",
            *timed(lambda v: card_chances(v, samples=panel_samples(v), seed=1), items))
    for size in (5, 10, 15):
        items = bid_views(size, count=max(2, count // 2))
        row(f"bid_values 2000 deals, every bid, {size} cards", *timed(lambda v: bid_values(v, seed=1), items))
    table_clicks(count)
    return 0


def table_clicks(count: int) -> None:
    """The learner's clicks at a table with the chances panel switched on (the kernel's part of a
    click: the move, the computers' replies and the panel worked out again), whole Classic games."""
    from wizard_edu.widgets import TableWidget

    walls, cpus = [], []
    for seed in range(max(1, count // 4)):
        table = TableWidget(rules="classic", players=4, seed=seed)
        table.chances.toggle.value = True
        while not table.game.is_over:
            view = table.view
            w, c = time.perf_counter(), time.process_time()
            if view.phase == "bid":
                table.bid(view.legal_bids[len(view.legal_bids) // 3])
            elif view.phase == "play":
                table.play(view.legal_cards[0])
            elif view.phase == "trump":
                table.choose_trump("R")
            else:
                break
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
    row(f"table click with chances on, whole Classic games ({len(walls)} clicks)", walls, cpus)
    walls.sort()
    print(f"{'  95th percentile of those clicks':<58} {walls[int(0.95 * (len(walls) - 1))] * 1000:8.0f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
