"""The round-playout workload shared by the benchmarks: one definition of each measured figure.

A playout is one 4-player round of 5 cards from the deal to the last trick, every decision
(chance included, for OpenSpiel) taken uniformly at random among the legal ones.
"""

from __future__ import annotations

import random
import time


def rate(run, seconds: float = 3.0) -> float:
    """Playouts per second: call ``run()`` (which returns how many it played) for about ``seconds``."""
    run()  # warm up (tables, imports)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += run()
    return done / (time.perf_counter() - start)


def engine_playouts(seconds: float = 3.0, players: int = 4, cards: int = 5) -> float:
    """Through the engine's object API: ``Game(hand_sizes=[5])``, ``legal_actions()``, ``apply()``."""
    from wizard_edu import Game

    rng = random.Random(0)
    seeds = iter(range(10**9))

    def batch() -> int:
        for _ in range(50):
            game = Game(players=players, rules="classic", seed=next(seeds), hand_sizes=[cards])
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
        return 50

    return rate(batch, seconds)


def openspiel_playouts(seconds: float = 3.0) -> float | None:
    """OpenSpiel's ``oh_hell`` (players=4, num_tricks_fixed=5) through pyspiel; ``None`` if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 5})
    rng = random.Random(0)

    def batch() -> int:
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        return 200

    return rate(batch, seconds)
