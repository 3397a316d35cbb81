"""Speed of the vectorised simulator (figures printed, never asserted).

Random 4-player rounds of 5 cards, played to the end with uniformly random legal cards:
  * the numpy simulator (wizard_edu.simulate.random_playouts),
  * OpenSpiel's oh_hell through pyspiel (players=4, num_tricks_fixed=5), if it is installed
    (`.venv/bin/pip install -e ".[bench]"`); it has no Wizards or Jesters: a speed peer only,
  * the engine's object API (wizard_edu.Game: legal_actions / apply), as in bench_engine.py.
Then the latency targets: estimate_tricks (5 cards, 10,000 deals, rule-of-thumb opponents) and the
widgets answering a change.

Reproduce:  .venv/bin/python benchmarks/bench_simulator.py    (or: make bench)
"""

from __future__ import annotations

import platform
import statistics
import sys
import time

from peers import engine_playouts, openspiel_playouts, rate


def bench_simulator() -> float:
    from wizard_edu.simulate import random_playouts

    seed = iter(range(10**9))
    return rate(lambda: len(random_playouts(100_000, players=4, cards=5, seed=next(seed))))


def median_seconds(fn, repeat: int = 7) -> float:
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    import numpy

    print(f"Python {platform.python_version()}, numpy {numpy.__version__}, {platform.machine()}")
    sim = bench_simulator()
    print(f"simulator (numpy, vectorised):      {sim:12,.0f} random 4x5 playouts/s")
    spiel = openspiel_playouts()
    if spiel is None:
        print("OpenSpiel oh_hell (pyspiel):        not installed (pip install -e '.[bench]' to compare)")
    else:
        print(f"OpenSpiel oh_hell (pyspiel):        {spiel:12,.0f} random 4x5 playouts/s")
    engine = engine_playouts()
    print(f"engine object API (Game.apply):     {engine:12,.0f} random 4x5 playouts/s")
    if spiel:
        print(f"ratio simulator / pyspiel:          {sim / spiel:12.1f}x   (target: at least 20x)")
    print(f"ratio simulator / engine:           {sim / engine:12.1f}x")

    from wizard_edu.simulate import estimate_tricks

    est = median_seconds(lambda: estimate_tricks("W R13 R9 G12 B3", players=4, seat=1, turned_up="R5",
                                                 samples=10_000, opponents="rule-of-thumb", seed=1))
    print(f"estimate_tricks, 5 cards, 10,000 deals, rule-of-thumb: {est * 1000:7.1f} ms (median; target < 200 ms)")

    from wizard_edu.widgets.explorer import WinProbabilityExplorer
    from wizard_edu.widgets.prob_heatmap import RoundOneHeatMap

    ex = WinProbabilityExplorer(hand="W R13 R9 G12 B3", turned_up="R5", seed=0)
    changes = [lambda: ex.set_seat(2), lambda: ex.set_turned_up("G4"), lambda: ex.toggle("Y7"),
               lambda: ex.set_players(5), lambda: ex.set_hand("W R13 R9 G12 B3"), lambda: ex.set_players(4)]
    times = []
    for change in changes * 3:
        change()
        times.append(ex.last_seconds)
    print(f"explorer, answering a change:       {statistics.median(times) * 1000:7.1f} ms median, "
          f"{max(times) * 1000:.1f} ms worst (target < 300 ms)")
    heat = RoundOneHeatMap(players=4, turned_up="R5")
    times = []
    for players, up in [(6, "G7"), (5, "J"), (3, "B2"), (6, "Y13")]:
        heat.set_turned_up(up)
        heat.set_players(players)
        times.append(heat.last_seconds)
    print(f"round-one heat map, a new setting:  {statistics.median(times) * 1000:7.1f} ms median, "
          f"{max(times) * 1000:.1f} ms worst (first look at a setting; repeats are cached)")
    print("Reproduce: .venv/bin/python benchmarks/bench_simulator.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
