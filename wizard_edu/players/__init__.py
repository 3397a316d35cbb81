"""Computer players.  Each gets a :class:`~wizard_edu.game.SeatView` (never other hands) and returns an action."""

from .base import Player, SeededPlayer
from .hard import HardPlayer
from .random_player import RandomPlayer
from .rule_of_thumb import RuleOfThumbPlayer
from .simulating import SimulatingPlayer
from .table import LEVELS, make_player, play_game

__all__ = ["Player", "SeededPlayer", "RandomPlayer", "RuleOfThumbPlayer", "SimulatingPlayer", "HardPlayer", "LEVELS", "make_player",
           "play_game"]
