"""The engine's values as JSON and back, for the class table service and its client.

A closed list of types travels: cards, card lists, actions, events, seat views, round and trick
records, rulesets, and a pupil's own look-back (:class:`~wizard_edu.review.RoundReview` with its
steps and turning point, its chances as decimals and fractions). Anything else is refused, so a
reply can never make the client build an object of a type it did not expect (no pickle on the wire).

>>> from wizard_edu import Game
>>> g = Game(players=3, rules="junior", seed=7)
>>> view = g.view(1)
>>> decode(json.loads(json.dumps(encode(view)))) == view
True
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

from ..engine import events as _events
from ..engine.cards import Card, Cards
from ..engine.game import Action, SeatView
from ..engine.records import RoundRecord, TrickRecord
from ..engine.rules.core import TrickResult
from ..engine.rules.rulesets import Ruleset
from ..errors import SaveFileError

#: The dataclasses that may travel, by name.
_CLASSES: dict[str, type] = {cls.__name__: cls for cls in (SeatView, RoundRecord, TrickResult, Action)}
_CLASSES.update({name: getattr(_events, name) for name in _events.__all__})
#: The look-back's dataclasses: imported at their first use (a pupil's kernel that only plays loads no
#: numpy, which wizard_edu.review brings: tests/kidmode/test_light_kernel.py).
_REVIEW = ("RoundReview", "TurningPoint", "TrickStep")


def _dataclass(name: str) -> type | None:
    if name in _REVIEW and name not in _CLASSES:
        from ..review import lookback

        _CLASSES.update({n: getattr(lookback, n) for n in _REVIEW})
    return _CLASSES.get(name)


def encode(value: Any) -> Any:
    """``value`` as plain JSON data (tagged objects for everything JSON cannot say by itself)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):   # (tagged: only a look-back's chances send one)
        return {"num": value}
    if isinstance(value, Fraction):
        return {"frac": [value.numerator, value.denominator]}
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Cards):
        return {"cards": [str(c) for c in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"t": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"map": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Ruleset):
        return {"ruleset": value.to_dict()}
    if isinstance(value, TrickRecord):
        return {"trick": [value.leader, encode(value.plays), encode(value.result)]}
    name = type(value).__name__
    if dataclasses.is_dataclass(value) and _dataclass(name) is type(value):
        return {"dc": name, "f": {f.name: encode(getattr(value, f.name))
                                  for f in dataclasses.fields(value) if f.init}}
    raise TypeError(f"{name} values are not sent over the class table service.")


def decode(data: Any) -> Any:
    """The value :func:`encode` made; anything else raises :class:`SaveFileError`."""
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if isinstance(data, dict) and len(data) in (1, 2):
        try:
            if "num" in data:
                if not isinstance(data["num"], float):
                    raise ValueError("a decimal number")
                return data["num"]
            if "frac" in data:
                numerator, denominator = data["frac"]
                if not all(isinstance(n, int) and not isinstance(n, bool) for n in (numerator, denominator)):
                    raise ValueError("a fraction of whole numbers")
                return Fraction(numerator, denominator)
            if "card" in data:
                return Card.parse(data["card"])
            if "cards" in data:
                return Cards([Card.parse(c) for c in data["cards"]])
            if "t" in data:
                return tuple(decode(v) for v in data["t"])
            if "map" in data:
                return {decode(k): decode(v) for k, v in data["map"]}
            if "ruleset" in data:
                return Ruleset.from_dict(data["ruleset"])
            if "trick" in data:
                leader, plays, result = data["trick"]
                return TrickRecord(leader, decode(plays), decode(result))
            if "dc" in data and isinstance(data["dc"], str) and _dataclass(data["dc"]) is not None:
                fields = {k: decode(v) for k, v in data["f"].items()}
                return _CLASSES[data["dc"]](**fields)
        except (TypeError, ValueError, KeyError, ZeroDivisionError) as exc:
            raise SaveFileError(f"The class table service sent something this kit cannot read ({exc}).") from None
    raise SaveFileError("The class table service sent something this kit cannot read.")


def dumps(value: Any) -> str:
    return json.dumps(encode(value), separators=(",", ":"))


__all__ = ["encode", "decode", "dumps"]
