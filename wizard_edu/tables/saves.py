"""Saving a table: its game (``Game.to_json``) plus the table's seat, computer players (by level) and
card faces, the check of a save a child pastes or uploads, and saving by itself (autosave).

No widget here: the table widget shows the sentences of :class:`~wizard_edu.errors.SaveFileError`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..display.themes import THEMES
from ..engine.game import Game
from ..engine.saves import check_save_fields
from ..errors import SaveFileError
from ..files import write_atomic
from ..players.table import PLAYER_TYPES, player_kind
from ..teach.progress import FOLDER, progress_home

#: The part of a save the table adds to ``Game.to_json``.
TABLE_KEY = "table"


def check_save_text(text: str | bytes | None) -> str:
    """The text of a saved game, or a :class:`SaveFileError` that says in plain words what is wrong.

    Checked before the engine reads it, so that an empty box, half a copy, a picture or a foreign
    file each get a sentence a child (or a teacher) can act on, not ``KeyError('players')``.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveFileError("That file is not text: choose the .json file the Save button made.") from None
    if text is None or not str(text).strip():
        raise SaveFileError("The box is empty: paste a saved game into it (or choose a saved file), "
                            "then press Load.")
    text = str(text).strip()
    if not text.startswith("{"):
        raise SaveFileError("That is not a saved game: a saved game starts with { and ends with }. "
                            "Copy all of it from the box after pressing Save.")
    try:
        data = json.loads(text)
    except ValueError:
        if not text.endswith("}"):
            raise SaveFileError("That saved game is cut off at the end: copy all of it, "
                                "down to the last }.") from None
        raise SaveFileError("That saved game has been changed or damaged, so it cannot be read. "
                            "Copy it again from the box after pressing Save.") from None
    check_save_fields(data)  # the engine's one check of a save's parts
    return text


def level_of(player: Any) -> str:
    """How a computer player is saved: its level's name (a name as given, a player object by the
    ``level`` it says it plays at; a player of its own making as ``rule-of-thumb``)."""
    if isinstance(player, str):
        return player
    return player_kind(player) or "rule-of-thumb"


def save_text(game: Game, seat: int, opponents: list[Any], theme: str) -> str:
    """A table's save: the game, the learner's seat, each computer player's level and the faces."""
    data = json.loads(game.to_json())
    data[TABLE_KEY] = {"seat": seat, "opponents": [level_of(p) for p in opponents], "theme": theme}
    return json.dumps(data, indent=1)


@dataclass(frozen=True)
class TableSave:
    """A save, every part checked: the game and the table's settings."""

    game: Game
    seat: int
    opponents: list[str]
    theme: str


def read_table_save(text: str | bytes, seat: int = 0, theme: str = "classic") -> TableSave:
    """Check every part of a saved game the table reads, changing nothing: the game, its names, and
    the table's seat, computer players and card theme (``seat`` and ``theme``: what an older save
    without them gets).  A :class:`SaveFileError` (or the engine's error) says what is wrong."""
    text = check_save_text(text)
    data = json.loads(text)
    names = data["names"]
    if len(names) != data["players"] or not all(isinstance(n, str) and n.strip() and len(n) <= 40
                                                 for n in names):
        raise SaveFileError("This saved game's player names are broken: each player needs a name "
                            "(a word of up to 40 letters). Save the game again.")
    game = Game.from_json(text)
    table = data.get(TABLE_KEY)
    if table is None:
        table = {}
    if not isinstance(table, dict):
        raise SaveFileError("This saved game's table settings are broken. Save the game again.")
    seat = table.get("seat", seat if seat < game.players else 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise SaveFileError(f"This saved game's seat {seat!r} is not at its table.")
    specs = table.get("opponents", ["rule-of-thumb"] * (game.players - 1))
    if not isinstance(specs, list) or len(specs) != game.players - 1 \
            or not all(isinstance(spec, str) and spec.strip().lower().replace("_", "-").replace(" ", "-")
                       in PLAYER_TYPES for spec in specs):
        raise SaveFileError("This saved game's list of computer players is broken: each one must be "
                            f"one of {', '.join(PLAYER_TYPES)}.")
    theme = table.get("theme", theme)
    if not isinstance(theme, str) or theme.strip().lower() not in THEMES:
        raise SaveFileError(f"This saved game's card faces {theme!r} are not known: choose one of "
                            f"{', '.join(THEMES)}.")
    return TableSave(game, seat, list(specs), theme.strip().lower())


def autosave_path(name: str) -> Path:
    """Where a table called ``name`` saves itself: the learner's folder, ``tables/<name>.json``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in str(name))[:60] or "table"
    return progress_home() / FOLDER / "tables" / f"{safe}.json"


class AutoSave:
    """A table that saves itself after every move in the learner's folder, and, made again after a
    re-run or a kernel restart, offers to go on with the game from before."""

    def __init__(self, name: str) -> None:
        self.path = autosave_path(name)
        #: The game from before, while the offer to go on with it is open (then nothing is written).
        self.offered: str | None = None

    def look(self) -> str | None:
        """The saved game to offer (a usable save with at least one move), or None; opens the offer."""
        self.offered = None
        try:
            text = self.path.read_text(encoding="utf-8")
            moves = len(json.loads(check_save_text(text))["actions"])
        except (OSError, ValueError):
            return None  # nothing usable to go on with
        if moves:
            self.offered = text
        return self.offered

    def close_offer(self) -> str | None:
        """Close the offer; returns the game that was offered."""
        text, self.offered = self.offered, None
        return text

    def write(self, text: str | None) -> None:
        """Save ``text`` (None: the game is over, forget the save); never over an open offer."""
        if self.offered is not None:
            return
        try:
            if text is None:
                self.path.unlink(missing_ok=True)
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, text)
        except OSError:
            pass  # a full or read-only disk must not stop the game


__all__ = ["TABLE_KEY", "check_save_text", "level_of", "save_text", "TableSave", "read_table_save",
           "autosave_path", "AutoSave"]
