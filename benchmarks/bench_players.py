"""How strong are the computer players?  Bid accuracy and points per round in seeded 4-player Classic games.

Prints tables (never asserts):

* mixed tables: one player of a type against three rule-of-thumb players, and each type in self-play;
* bid accuracy (share of exact bids) by round number.

A published rule-based baseline for 4 players makes about 84% of its bids in round 1, about 40% by
round 15 and about 46% over the game.

Run: ``.venv/bin/python benchmarks/bench_players.py [scale]`` (scale multiplies the number of games);
``.venv/bin/python benchmarks/bench_players.py --decisions`` prints only the time per decision of the
simulator and of the hard player (the moves a learner waits for).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict

from wizard_edu.engine.game import Game
from wizard_edu.players.table import make_player

ROUNDS = 15


def play(kinds: list[str], seed: int) -> Game:
    seated = [make_player(k, seed=seed * 10 + i) for i, k in enumerate(kinds)]
    # rotate who deals first so no seat is favoured
    game = Game(players=len(kinds), rules="classic", seed=seed, first_dealer=seed % len(kinds))
    while not game.is_over:
        seat = game.to_move
        game.apply(seated[seat].act(game.view(seat)), seat)
    return game


def table(kinds: list[str], games: int, seed0: int, stats: dict) -> dict:
    """Play ``games`` games; collect exact bids and points per round for each player type."""
    out: dict = defaultdict(lambda: {"exact": 0, "bids": 0, "points": 0, "by_round": defaultdict(lambda: [0, 0])})
    for g in range(games):
        game = play(kinds, seed0 + g)
        for r in game.rounds:
            for seat, kind in enumerate(kinds):
                row = out[kind]
                hit = r.bids[seat] == r.won[seat]
                row["exact"] += hit
                row["bids"] += 1
                row["points"] += r.points[seat]
                row["by_round"][r.number][0] += hit
                row["by_round"][r.number][1] += 1
    stats[label(kinds)] = out
    return out


def label(kinds: list[str]) -> str:
    """'1 simulator + 3 rule-of-thumb'."""
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return " + ".join(f"{n} {k}" for k, n in counts.items())


def decision_times(games: int = 6, player: str = "simulator") -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds per decision of ``player`` (default settings), by kind, in seeded
    4-player games.  CPU time is steadier than wall time on a shared machine."""
    import statistics

    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for seed in range(games):
        game = Game(players=4, rules="classic", seed=2000 + seed, hand_sizes=[3, 7, 11])
        seated = [make_player(player, seed=seed * 10 + i) for i in range(4)]
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            wall, cpu = time.perf_counter(), time.process_time()
            action = seated[seat].act(view)
            times[action.kind].append((time.perf_counter() - wall, time.process_time() - cpu))
            game.apply(action, seat)
    return {kind: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
            for kind, t in times.items()}


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--decisions":
        for player, games in (("simulator", 6), ("hard", 3)):
            for kind, (wall, cpu) in decision_times(games, player).items():
                print(f"{player:<9}, median time per {kind:<5} decision: {wall * 1000:8.1f} ms wall, "
                      f"{cpu * 1000:8.1f} ms CPU")
        return 0
    scale = float(argv[0]) if argv else 1.0
    setups = [  # (players at the table, games)
        (["simulator", "rule-of-thumb", "rule-of-thumb", "rule-of-thumb"], 24),
        (["random", "rule-of-thumb", "rule-of-thumb", "rule-of-thumb"], 30),
        (["simulator", "random", "random", "random"], 8),
        (["simulator"] * 4, 5),
        (["rule-of-thumb"] * 4, 30),
        (["random"] * 4, 30),
    ]
    stats: dict = {}
    print(f"4-player Classic, seeded games ({ROUNDS} rounds each); points and exact bids per player-round\n")
    print(f"{'table':<30} {'games':>5} {'player':<14} {'exact bids':>10} {'points/round':>13} {'s/game':>7}")
    total = time.perf_counter()
    for kinds, games in setups:
        games = max(1, round(games * scale))
        start = time.perf_counter()
        out = table(kinds, games, 1000, stats)
        per_game = (time.perf_counter() - start) / games
        for kind in dict.fromkeys(kinds):
            row = out[kind]
            print(f"{label(kinds):<30} {games:>5} {kind:<14} {row['exact'] / row['bids']:>10.1%} "
                  f"{row['points'] / row['bids']:>13.1f} {per_game:>7.2f}")
    print("\nBid accuracy by round (published rule-based baseline: about 84% in round 1, 40% in round 15)")
    columns = {
        "sim vs 3 RoT": stats[label(setups[0][0])]["simulator"]["by_round"],
        "sim self-play": stats[label(["simulator"] * 4)]["simulator"]["by_round"],
        "RoT self-play": stats[label(["rule-of-thumb"] * 4)]["rule-of-thumb"]["by_round"],
        "random": stats[label(["random"] * 4)]["random"]["by_round"],
    }
    print("round  " + " ".join(f"{k:>14}" for k in columns))
    for rnd in range(1, ROUNDS + 1):
        print(f"{rnd:>5}  " + " ".join(f"{c[rnd][0] / c[rnd][1]:>14.0%}" for c in columns.values()))
    print(f"\nwhole benchmark: {time.perf_counter() - total:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
