"""The score pad: a pandas DataFrame laid out like the paper pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from .game import Game

FIELDS = ("bid", "tricks", "points", "total")


def score_pad(game: Game) -> pd.DataFrame:
    """One row per scored round; for each player their bid, tricks won, points and running total.

    Columns are a two-level index ``(player name, field)``; the index is the round number.
    """
    import pandas as pd  # here, not at the top: a kid-mode app that shows no score pad opens faster

    columns = pd.MultiIndex.from_product([list(game.names), list(FIELDS)], names=["player", ""])
    rows = []
    for r in game.rounds:
        row = []
        for seat in range(game.players):
            row += [r.bids[seat], r.won[seat], r.points[seat], r.totals[seat]]
        rows.append(row)
    index = pd.Index([r.number for r in game.rounds], name="round")
    return pd.DataFrame(rows, index=index, columns=columns, dtype="int64")


def totals_by_round(game: Game) -> pd.DataFrame:
    """Running totals only: a round x player table, handy for a line chart."""
    pad = score_pad(game)
    return pad.xs("total", axis=1, level=1)
