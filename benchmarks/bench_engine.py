"""Engine speed: random single-round playouts and complete random Classic games per second.

Run:  make bench   (or: .venv/bin/python benchmarks/bench_engine.py)
Prints figures only; nothing here is a pass/fail test.  If OpenSpiel is installed
(`pip install -e ".[bench]"`), its `oh_hell` game is measured in the same run as a speed peer.
"""

from __future__ import annotations

import random
import time

from peers import engine_playouts, openspiel_playouts

from wizard_edu import Game


def engine_games(seconds: float = 2.0, players: int = 4) -> float:
    """Complete random Classic games (15 rounds for 4 players) per second."""
    rng = random.Random(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(players=players, rules="classic", seed=done)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    rounds = engine_playouts()
    games = engine_games()
    print("Engine object API (wizard_edu.Game, uniform random legal actions)")
    print(f"  4 players x 5 cards, one round : {rounds:10,.0f} playouts/s")
    print(f"  complete 4-player Classic game : {games:10,.1f} games/s")
    peer = openspiel_playouts()
    if peer is None:
        print("  OpenSpiel oh_hell              :  not installed (pip install -e '.[bench]')")
    else:
        print(f"  OpenSpiel oh_hell (4p, 5 tricks): {peer:10,.0f} playouts/s")
        print(f"  ratio engine / OpenSpiel       : {rounds / peer:10.2f}x")
    print("Reproduce: .venv/bin/python benchmarks/bench_engine.py")


if __name__ == "__main__":
    main()
