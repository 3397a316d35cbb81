"""The interface every computer player follows: look at a :class:`SeatView`, return an :class:`Action`."""

from __future__ import annotations

import random
from typing import Protocol

from ..game import Action, SeatView


class Player(Protocol):
    """Anything with ``act(view) -> Action`` can sit at the table."""

    name: str

    def act(self, view: SeatView) -> Action:  # pragma: no cover - protocol
        ...


class SeededPlayer:
    """Base for computer players: a name and its own seeded random generator."""

    name = "computer"

    def __init__(self, seed: int | None = None, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        if name is not None:
            self.name = name

    def act(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"{self.name} was asked to act, but it is not seat {view.seat}'s turn.")
        return self.choose(view)

    def choose(self, view: SeatView) -> Action:  # pragma: no cover - overridden
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
