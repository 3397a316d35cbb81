"""Engine speed: random single-round playouts and complete random Classic games per CPU second.

Run:  make bench   (or: .venv/bin/python benchmarks/bench_engine.py [runs])
Prints figures only; nothing here is a pass/fail test.  If OpenSpiel is installed
(`pip install -e ".[bench]"`), its `oh_hell` game is measured in the same run as a speed peer,
in batches alternating with the engine's, and the ratio is printed for each of several runs.
All rates are CPU time of this process (time.process_time): the machine may be shared.

The workload is the object API as a user calls it (peers.engine_batch): ``Game(...)``, then
``game.apply(rng.choice(game.legal_actions()))`` until ``game.is_over``, with every check, event and
history entry.  The engine is plain Python (no compile step).
The "floor" is what any Python engine pays before a rule (per-round seeding, one 60-card shuffle,
the 24 random choices): the engine cannot beat OpenSpiel by more than that ratio.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from peers import engine_batch, floor_batch, interleaved, openspiel_batch

from wizard_edu import Game


def engine_games(seconds: float = 2.0, players: int = 4) -> float:
    """Complete random Classic games (15 rounds for 4 players) per CPU second."""
    rng = random.Random(1)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        game = Game(players=players, rules="classic", seed=done)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        done += 1
    return done / (time.process_time() - start)


def main(runs: int = 3) -> None:
    print("Engine object API (wizard_edu.Game, plain Python, uniform random legal actions), per CPU second")
    contenders = {"engine": engine_batch(), "floor": floor_batch()}
    peer = openspiel_batch()
    if peer is not None:
        contenders["openspiel"] = peer
    ratios = []
    for run in range(1, runs + 1):
        rates = interleaved(contenders)
        line = f"  run {run}: engine 4p x 5 cards {rates['engine']:9,.0f} playouts/s"
        if peer is not None:
            ratios.append(rates["engine"] / rates["openspiel"])
            line += (f" | OpenSpiel oh_hell {rates['openspiel']:9,.0f}/s | ratio {ratios[-1]:5.2f}x"
                     f" | bare-Python floor / OpenSpiel {rates['floor'] / rates['openspiel']:5.2f}x")
        print(line)
    if peer is None:
        print("  OpenSpiel oh_hell: not installed (pip install -e '.[bench]')")
    else:
        print(f"  ratio engine / OpenSpiel (CPU time, median of {runs} runs): {statistics.median(ratios):.2f}x"
              f"  (min {min(ratios):.2f}, max {max(ratios):.2f})")
        print("  (floor: seeding, one shuffle and the 24 random choices alone, no rules; see peers.py)")
    print(f"  complete 4-player Classic game : {engine_games():10,.1f} games/s")
    print("Reproduce: .venv/bin/python benchmarks/bench_engine.py [runs]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
