"""The interface every computer player follows: look at a :class:`SeatView`, return an :class:`Action`."""

from __future__ import annotations

import operator
import random
from typing import Protocol

from ..engine.game import Action, SeatView
from ..errors import OutOfTurnError, PlayerError, SeedError


def check_seed(seed: object, *, negative: bool = True) -> int | None:
    """A player seed: None or a whole number (numpy's too; ``negative=False``: of 0 or more), as an ``int``."""
    if seed is None:
        return None
    try:
        n = None if isinstance(seed, bool) else operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        n = None
    if n is None or (n < 0 and not negative):
        least = "" if negative else " of 0 or more"
        raise SeedError(f"A computer player's seed must be a whole number{least} (or None), not {seed!r}.")
    return n


class Player(Protocol):
    """Anything with ``act(view) -> Action`` can sit at the table.

    A player may also say ``thinks_slowly = True`` (it may take longer than a moment to decide):
    the table widget then lets it move after the learner's click, showing it is thinking; and its
    ``level`` (a name of ``PLAYER_TYPES``), by which a saved table seats it again."""

    name: str

    def act(self, view: SeatView) -> Action:  # pragma: no cover - protocol
        ...


class SeededPlayer:
    """Base for computer players: a name and its own seeded random generator."""

    name = "computer"
    #: True for players that play the round out in their heads (a move may take a second or more).
    thinks_slowly = False
    #: The level this player plays at, by its name in ``PLAYER_TYPES`` (a saved table seats the same
    #: level again); None for a player that is no level of the kit's.
    level: str | None = None

    def __init__(self, seed: int | None = None, name: str | None = None) -> None:
        seed = check_seed(seed)
        self.rng = random.Random(seed)
        if name is not None:
            self.name = name

    def act(self, view: SeatView) -> Action:
        if not isinstance(view, SeatView):
            raise PlayerError(f"{self.name} needs a seat's view of a game (game.view(seat)), not {view!r}.")
        if not view.legal:
            raise OutOfTurnError(f"{self.name} was asked to act, but it is not seat {view.seat}'s turn.")
        return self.choose(view)

    def choose(self, view: SeatView) -> Action:  # pragma: no cover - overridden
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
