"""Computer players.  Each gets a :class:`~wizard_edu.engine.game.SeatView` (never other hands) and returns an action."""

from typing import Any

from .base import Player, SeededPlayer
from .random_player import RandomPlayer
from .rule_of_thumb import RuleOfThumbPlayer
from .table import LEVELS, make_player, play_game

__all__ = ["Player", "SeededPlayer", "RandomPlayer", "RuleOfThumbPlayer", "SimulatingPlayer", "HardPlayer", "LEVELS", "make_player",
           "play_game"]


def __getattr__(name: str) -> Any:
    # The simulating players load the simulator (numpy) only when asked for.
    if name == "SimulatingPlayer":
        from .simulating import SimulatingPlayer

        return SimulatingPlayer
    if name == "HardPlayer":
        from .hard import HardPlayer

        return HardPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
