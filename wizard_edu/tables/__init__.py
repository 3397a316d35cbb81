"""The table controller: a game of Wizard at one learner's seat, whatever keeps the game.

The table widget (``widgets/table.py``) draws what :class:`TableController` says and sends it what the
learner chooses; the controller holds the game source (:mod:`.sources`: a local ``Game``, a loaded
save, a class table's seat), the computer players, the one turn loop, saving and autosave
(:mod:`.saves`).  Nothing here imports a widget (``tests/test_layers.py``).
"""

from .controller import FeltState, TableController
from .saves import autosave_path, check_save_text
from .sources import GameSource, LocalGame, SavedGame, SeatGame, SeatSource, TableGame

__all__ = ["TableController", "FeltState", "GameSource", "LocalGame", "SavedGame", "SeatSource", "SeatGame",
           "TableGame", "autosave_path", "check_save_text"]
