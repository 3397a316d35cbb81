"""How long does a look-back take?  ``review_round`` timings (issue 30).

The look-back is worked out in the background once a round ends; it must appear within 1 s for
rounds of up to 5 cards and within 3 s for the largest rounds (15 cards for 4 players, 20 for 3, in
Classic). Prints (never asserts) the median and 95th percentile of wall and CPU time of
``review_round`` on seeded rounds played by rule-of-thumb players, one seat per game in turn, with the
kit's default sample sizes (``wizard_edu.review.lookback.bid_samples`` / ``play_samples``); and of
``hard_player_round``, the hard player's line a learner's record stores for each round.
CPU time is steadier than wall time on a shared machine: the figures to compare are both.

Run: ``.venv/bin/python benchmarks/bench_review.py [--quick]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from wizard_edu.players.table import play_game
from wizard_edu.review import review_round
from wizard_edu.review.lookback import bid_samples, play_samples

#: (label, rules, players, cards, limit in seconds)
CASES = [
    ("Junior, 4 players, 1 card (exact)", "junior", 4, 1, 1.0),
    ("Junior, 4 players, 3 cards", "junior", 4, 3, 1.0),
    ("Junior, 3 players, 5 cards", "junior", 3, 5, 1.0),
    ("Classic, 4 players, 5 cards", "classic", 4, 5, 1.0),
    ("Classic, 6 players, 5 cards", "classic", 6, 5, 1.0),
    ("Classic, 4 players, 10 cards", "classic", 4, 10, 3.0),
    ("Classic, 4 players, 15 cards (largest)", "classic", 4, 15, 3.0),
    ("Classic, 3 players, 20 cards (largest)", "classic", 3, 20, 3.0),
]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(fn, items) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for item in items:
        w, c = time.perf_counter(), time.process_time()
        fn(*item)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return walls, cpus


def row(label: str, walls: list[float], cpus: list[float], limit: float | None) -> None:
    flag = "" if limit is None else ("  ok" if p95(walls) <= limit else "  OVER")
    print(f"{label:<52} {statistics.median(walls):7.2f} {p95(walls):7.2f} {statistics.median(cpus):7.2f} "
          f"{p95(cpus):7.2f} {'' if limit is None else f'{limit:5.1f}'}{flag}")


def games(rules: str, players: int, cards: int, count: int):
    """``count`` seeded one-round games of ``cards`` cards, and the seat to look back from."""
    return [(play_game(["medium"] * players, rules=rules, seed=seed, hand_sizes=[cards]), 1, seed % players)
            for seed in range(count)]


def main(quick: bool = False) -> None:
    count = 6 if quick else 20
    review_round(*games("classic", 4, 5, 1)[0])  # warm up: imports and the rule tables
    print(f"review_round, {count} seeded rounds each (seconds): median and 95th percentile")
    print(f"{'':<52} {'wall':>7} {'p95':>7} {'cpu':>7} {'p95':>7} {'limit':>5}")
    for label, rules, players, cards, limit in CASES:
        items = games(rules, players, cards, count)
        walls, cpus = measure(review_round, items)
        row(f"{label} [{bid_samples(cards)}/{play_samples(cards)}]", walls, cpus, limit)
    try:
        from wizard_edu.review.record import hard_player_round
    except ImportError:  # (the record comes in a later step)
        return
    print("\nhard_player_round (the hard player's line stored in the record), seconds")
    for label, rules, players, cards, _limit in CASES[1:] if not quick else CASES[1:4]:
        items = games(rules, players, cards, max(3, count // 4))
        walls, cpus = measure(hard_player_round, items)
        row(label, walls, cpus, None)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
