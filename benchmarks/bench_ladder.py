"""The ladder of computer players: how strong are easy, medium and hard?  (issue 12)

Seeded 4-player Classic games (15 rounds each), seats rotated so no level is favoured by who deals
first.  Prints (never asserts):

1. the ladder table (easy, medium, hard and the simulator at one table): per level the share of
   exact bids, points per round (with its standard error), and how often it wins the game, and the
   points a round each level scores more than the one below (paired round by round);
2. hard against three medium players (the target: hard makes its bid in at least 85% of rounds;
   the simulator made about 79% against three rule-of-thumb players when it was built);
3. hard against the simulator (plus two medium players): hard should score more points a round
   (the random player of the ladder table throws hard's reading of the bids off more: compare);
4. hard with bid-informed deals against hard without (plus two medium players): does reading the
   bids win more?
5. exact bids and points per round by round size (cards in hand) for each level.

``easy`` is the random player, ``medium`` the rule of thumb, ``hard`` the HardPlayer, and
``simulator`` the SimulatingPlayer (between medium and hard).

Run: ``.venv/bin/python benchmarks/bench_ladder.py [--quick] [--jobs N] [--scale X] [--seed0 S] [--tables 1,3]``
(``--quick``: a fifth of the games; ``--scale``: that many times the games; ``--seed0``: the first game's
seed, e.g. a set of games the players were never tuned on; ``--tables``: only those tables, numbered as printed).
"""

from __future__ import annotations

import math
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from wizard_edu.engine.game import Game
from wizard_edu.players.hard import HardPlayer
from wizard_edu.players.table import make_player

SEED0 = 7000


def seat_player(kind: str, seed: int):
    if kind == "hard-plain":
        return HardPlayer(seed=seed, bid_informed=False, name="Hard (plain deals)")
    return make_player(kind, seed=seed)


def play(args: tuple[tuple[str, ...], int]) -> list[tuple]:
    """One seeded game; per seat-round (kind, cards, bid, won, points, won the game)."""
    kinds, seed = args
    players = len(kinds)
    shift = seed % players                                  # rotate the seats
    order = [kinds[(i + shift) % players] for i in range(players)]
    seated = [seat_player(k, seed * 10 + i) for i, k in enumerate(order)]
    game = Game(players=players, rules="classic", seed=seed)
    while not game.is_over:
        seat = game.to_move
        game.apply(seated[seat].act(game.view(seat)), seat)
    best = max(game.scores)
    winners = [s for s in range(players) if game.scores[s] == best]
    out = []
    for r in game.rounds:
        for s, k in enumerate(order):
            out.append((k, r.hand_size, r.bids[s], r.won[s], r.points[s]))
    share = {s: 1 / len(winners) for s in winners}
    out.append(("__wins__", tuple((k, share.get(s, 0.0)) for s, k in enumerate(order))))
    # Points of each level that sits alone at the table, round by round (for paired differences).
    alone = [s for s, k in enumerate(order) if order.count(k) == 1]
    out.append(("__rounds__", [{order[s]: r.points[s] for s in alone} for r in game.rounds]))
    return out


def run(kinds: tuple[str, ...], games: int, jobs: int, seed0: int = SEED0) -> dict:
    stats: dict = defaultdict(lambda: {"exact": [], "points": [], "wins": [], "by_size": defaultdict(list),
                                       "rounds": []})
    tasks = [(kinds, seed0 + g) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, tasks))
    else:
        results = [play(t) for t in tasks]
    for rows in results:
        for row in rows:
            if row[0] == "__wins__":
                for k, share in row[1]:
                    stats[k]["wins"].append(share)
                continue
            if row[0] == "__rounds__":
                stats["__rounds__"]["rounds"].extend(row[1])
                continue
            k, size, bid, won, points = row
            stats[k]["exact"].append(bid == won)
            stats[k]["points"].append(points)
            stats[k]["by_size"][size].append((bid == won, points))
    return stats


def mean_se(xs) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    return m, math.sqrt(var / n)


def compare(stats: dict, a: str, b: str) -> None:
    """``a``'s points a round minus ``b``'s at the same table, paired round by round (± one SE)."""
    rounds = [r for r in stats["__rounds__"]["rounds"] if a in r and b in r]
    if rounds:
        d, d_se = mean_se([r[a] - r[b] for r in rounds])
        verdict = "more" if d > 2 * d_se else "fewer" if d < -2 * d_se else "about as many (within 2 SE)"
        print(f"{a} minus {b}: {d:+.1f} ±{d_se:.1f} points a round over {len(rounds)} rounds: {a} scores {verdict}")


def show(title: str, kinds: tuple[str, ...], stats: dict, games: int, seconds: float) -> None:
    print(f"\n{title} ({games} games, {seconds:.0f} s)")
    print(f"{'level':<12} {'seat-rounds':>11} {'exact bids':>14} {'points/round':>16} {'wins games':>14}")
    for k in dict.fromkeys(kinds):
        s = stats[k]
        e, e_se = mean_se([float(x) for x in s["exact"]])
        p, p_se = mean_se(s["points"])
        w = sum(s["wins"]) / len(s["wins"])     # per player of this level (a fair share is 25%)
        print(f"{k:<12} {len(s['exact']):>11} {e:>8.1%} ±{e_se:>4.1%} {p:>9.1f} ±{p_se:>4.1f} {w:>13.0%}")


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    def option(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    jobs = int(option("--jobs", "2"))
    scale = 0.2 if quick else float(option("--scale", "1"))
    seed0 = int(option("--seed0", str(SEED0)))
    setups = [
        ("Ladder (and hard against the simulator): one table of easy, medium, simulator and hard",
         ("easy", "medium", "simulator", "hard"), 96, [("hard", "simulator"), ("simulator", "medium"),
                                                       ("medium", "easy")]),
        ("Hard against three medium players (target: 85% exact bids)", ("hard", "medium", "medium", "medium"), 40,
         []),
        ("Hard against the simulator, with two medium players", ("hard", "simulator", "medium", "medium"), 64,
         [("hard", "simulator")]),
        ("Reading the bids: hard (bid-informed) against hard (plain deals)",
         ("hard", "hard-plain", "medium", "medium"), 16, [("hard", "hard-plain")]),
    ]
    tables = {int(t) for t in option("--tables", ",".join(str(i) for i in range(1, len(setups) + 1))).split(",")}
    setups = [(f"{i}. {title}", *rest) for i, (title, *rest) in enumerate(setups, 1) if i in tables]
    print(f"4-player Classic, seeded games from seed {seed0} (15 rounds each), seats rotated; ± one standard error.")
    print("easy = random, medium = rule of thumb, simulator = SimulatingPlayer, hard = HardPlayer "
          "(bid_values + card_chances, bid-informed deals)")
    start = time.perf_counter()
    by_level: dict = defaultdict(lambda: defaultdict(list))
    for title, kinds, games, pairs in setups:
        games = max(2, round(games * scale))
        t = time.perf_counter()
        stats = run(kinds, games, jobs, seed0)
        show(title, kinds, stats, games, time.perf_counter() - t)
        for a, b in pairs:
            compare(stats, a, b)
        for k in dict.fromkeys(kinds):
            for size, rows in stats[k]["by_size"].items():
                by_level[k][size].extend(rows)
    print("\nBy round size, all tables together: exact bids / points per round")
    levels = [k for k in ("easy", "medium", "simulator", "hard", "hard-plain") if k in by_level]
    print("cards " + "".join(f"{k:>22}" for k in levels))
    for size in sorted({s for k in levels for s in by_level[k]}):
        cells = []
        for k in levels:
            rows = by_level[k].get(size, [])
            if rows:
                cells.append(f"{sum(r[0] for r in rows) / len(rows):>12.0%} {sum(r[1] for r in rows) / len(rows):>8.1f}")
            else:
                cells.append(f"{'':>21}")
        print(f"{size:>5} " + " ".join(cells))
    print(f"\nwhole benchmark: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
