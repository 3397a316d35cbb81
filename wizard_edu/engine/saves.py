"""Save files: a game as JSON text (its rules, seed and every action), and the one check of that format.

:meth:`Game.to_json <wizard_edu.engine.game.Game.to_json>` writes a save and
:meth:`Game.from_json <wizard_edu.engine.game.Game.from_json>` replays one.  Before anything is replayed,
:func:`read_save` checks the text (size, nesting, JSON) and :func:`check_save_fields` every part's
type, so that a broken, foreign or tampered file gets a :class:`~wizard_edu.errors.SaveFileError`
a teacher can read, never a half-loaded game.  The table widget asks the same check.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import SaveFileError, short

SAVE_FORMAT = "wizard-edu-game"
SAVE_VERSION = 1
#: The largest save file read (a whole Classic game is about 50 kB), and the deepest nesting of lists
#: and objects a save has (4; a little room to spare).
MAX_SAVE_SIZE = 2_000_000
MAX_SAVE_DEPTH = 6

#: The parts of a save (one that starts from a position needs only ``actions``), what each one is,
#: and the JSON type it has.
SAVE_PARTS: dict[str, tuple[str, type]] = {
    "players": ("the number of players", int), "seed": ("the shuffle (seed)", int),
    "first_dealer": ("the first dealer", int), "names": ("the players' names", list),
    "rules": ("the rules", dict), "actions": ("the moves", list)}
_TYPE_WORDS = {int: "a whole number", list: "a list", dict: 'a set of rules like {"name": "classic"}'}
_NOT_SAVE = "That is not a saved Wizard game"
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest nesting of JSON lists and objects in ``text`` (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def read_save(text: Any) -> dict[str, Any]:
    """The parsed save file, every part checked (:func:`check_save_fields`); :class:`SaveFileError` if
    it is not one.  Size and nesting are checked before the text is parsed."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"{_NOT_SAVE}: a save file is text (from game.to_json()), not {short(text)}.")
    if len(text) > MAX_SAVE_SIZE:
        raise SaveFileError(f"{_NOT_SAVE}: it is {len(text):,} characters long, and a saved game is "
                            f"never longer than {MAX_SAVE_SIZE:,}.")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError(f"{_NOT_SAVE}: it is not text (UTF-8).") from None
    if not text.strip():
        raise SaveFileError(f"{_NOT_SAVE}: it is empty.")
    if _depth(text) > MAX_SAVE_DEPTH:
        raise SaveFileError(f"{_NOT_SAVE}: its lists are nested far deeper than a saved game's.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveFileError(f"{_NOT_SAVE}: it is not JSON text (what game.to_json() writes); part of it "
                            "may be missing or changed.") from None
    return check_save_fields(data)


def check_save_fields(data: Any) -> dict[str, Any]:
    """``data`` (a parsed save) if its format, version and every part have the right type; else
    :class:`SaveFileError` naming the part.  (The actions themselves are checked as they replay.)"""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f'{_NOT_SAVE}: it is JSON, but of another kind (a saved game starts with "format": '
                            f'"{SAVE_FORMAT}").')
    version = data.get("version")
    if version != SAVE_VERSION or version.__class__ is not int:
        raise SaveFileError(f"This saved game has version {short(version)}; this kit reads version {SAVE_VERSION}.")
    if "position" in data and not isinstance(data["position"], str):
        raise SaveFileError("This saved game is broken: its position is not text.")
    for key, (what, kind) in SAVE_PARTS.items():
        if "position" in data and key != "actions":
            continue  # the position gives these
        if key not in data:
            raise SaveFileError(f"This saved game is broken or incomplete: it has no {key!r} ({what}).")
        if data[key].__class__ is not kind:
            raise SaveFileError(f"This saved game is broken: {key!r} ({what}) should be {_TYPE_WORDS[kind]}, "
                                f"not {short(data[key])}.")
    if "hand_sizes" in data and data["hand_sizes"].__class__ is not list:
        raise SaveFileError(f"This saved game is broken: 'hand_sizes' should be a list, not {short(data['hand_sizes'])}.")
    for item in data["actions"]:
        # Every action names its seat: a missing seat would skip the check that it was that player's turn.
        if (item.__class__ is not list or len(item) != 3 or item[0].__class__ is not int
                or item[1].__class__ is not str):
            raise SaveFileError(f"This saved game is broken: {short(item)} is not a move "
                                '(a move is saved as [seat, kind, value], like [1, "bid", 2]).')
    return data


__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "MAX_SAVE_SIZE", "MAX_SAVE_DEPTH", "SAVE_PARTS", "read_save",
           "check_save_fields"]
