"""A player that picks uniformly among the legal actions: the baseline every other player must beat."""

from __future__ import annotations

from ..engine.game import Action, SeatView
from .base import SeededPlayer


class RandomPlayer(SeededPlayer):
    """Chooses any legal action at random (deterministic for a seed)."""

    name = "Random"
    level = "random"

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
