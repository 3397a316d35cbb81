"""The round-playout workload shared by the benchmarks: one definition of each measured figure.

A playout is one 4-player round of 5 cards from the deal to the last trick, every decision
(chance included, for OpenSpiel) taken uniformly at random among the legal ones.

Rates are CPU time of this process (``time.process_time``), not wall-clock time: the machine is
shared, and CPU time is what another process's load disturbs least.  :func:`interleaved` measures
the engine and OpenSpiel in alternating small batches, so both see the same conditions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import count


def rate(run: Callable[[], int], seconds: float = 3.0) -> float:
    """Playouts per CPU second: call ``run()`` (which returns how many it played) for about
    ``seconds`` of CPU time."""
    run()  # warm up (tables, imports)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        done += run()
    return done / (time.process_time() - start)


def engine_batch(players: int = 4, cards: int = 5, size: int = 50) -> Callable[[], int]:
    """A batch of ``size`` engine playouts: ``Game(hand_sizes=[cards])``, ``legal_actions()``, ``apply()``."""
    from wizard_edu import Game

    rng = random.Random(0)
    seeds = count()

    def batch() -> int:
        for _ in range(size):
            game = Game(players=players, rules="classic", seed=next(seeds), hand_sizes=[cards])
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
        return size

    return batch


def openspiel_batch(size: int = 200) -> Callable[[], int] | None:
    """A batch of OpenSpiel ``oh_hell`` playouts (players=4, num_tricks_fixed=5); ``None`` if
    pyspiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 5})
    rng = random.Random(0)

    def batch() -> int:
        for _ in range(size):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        return size

    return batch


def floor_batch(size: int = 50) -> Callable[[], int]:
    """What any Python engine pays before a single rule: the engine's seeded generator per round,
    one shuffle of the 60 cards and the benchmark's own 24 random choices (4 bids, 20 cards) from
    short lists.  No legality, history or scoring: a floor, not an engine."""
    from wizard_edu.engine.rules.rulesets import get_ruleset

    deck = list(get_ruleset("classic").deck())
    rng = random.Random(0)
    seeds = count()
    choices = [list(range(6))] * 4 + [list(range(n)) for n in (5, 3, 3, 2, 4, 2, 2, 1, 3, 1, 1, 1, 2, 1,
                                                               1, 1, 1, 1, 1, 1)]

    def batch() -> int:
        for _ in range(size):
            shuffled = list(deck)
            random.Random(f"wizard-edu:{next(seeds)}:0").shuffle(shuffled)
            for legal in choices:
                rng.choice(legal)
        return size

    return batch


def engine_playouts(seconds: float = 3.0, players: int = 4, cards: int = 5) -> float:
    """Engine playouts per CPU second through the object API (``Game``, ``legal_actions``, ``apply``)."""
    return rate(engine_batch(players, cards), seconds)


def openspiel_playouts(seconds: float = 3.0) -> float | None:
    """OpenSpiel ``oh_hell`` playouts per CPU second through pyspiel; ``None`` if not installed."""
    batch = openspiel_batch()
    return None if batch is None else rate(batch, seconds)


def interleaved(batches: dict[str, Callable[[], int]], seconds: float = 1.0) -> dict[str, float]:
    """Playouts per CPU second of each batch function, measured in alternating batches for about
    ``seconds`` of CPU time each (so that every contender runs under the same load)."""
    for run in batches.values():
        run()  # warm up
    done = dict.fromkeys(batches, 0)
    spent = dict.fromkeys(batches, 0.0)
    while min(spent.values()) < seconds:
        for name, run in batches.items():
            start = time.process_time()
            done[name] += run()
            spent[name] += time.process_time() - start
    return {name: done[name] / spent[name] for name in batches}
