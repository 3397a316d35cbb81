"""The score pad: a pandas DataFrame laid out like the paper pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ArgumentError

if TYPE_CHECKING:
    import pandas as pd

    from .game import Game

FIELDS = ("bid", "tricks", "points", "total")


def _check_game(game: object) -> None:
    # A Game, or a game seen from one seat (a class table's SeatGame): names, players, scored rounds.
    # (Asked by what it has, not isinstance(game, Game): the game module imports this one.)
    if not all(hasattr(game, name) for name in ("names", "players", "rounds", "view")):
        raise ArgumentError(f"The score pad is made from a Game, like score_pad(Game(players=4)), not {game!r}.")


def score_pad(game: Game) -> pd.DataFrame:
    """One row per scored round; for each player their bid, tricks won, points and running total.

    Columns are a two-level index ``(player name, field)``; the index is the round number.
    """
    _check_game(game)
    # pandas is imported here, not at the top: `import wizard_edu` and a game table then cost a
    # pupil's kernel about 40 MB less until a score pad is actually shown.
    import pandas as pd

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
    _check_game(game)
    pad = score_pad(game)
    import pandas as pd  # already loaded by score_pad

    totals = pad.xs("total", axis=1, level=1)
    assert isinstance(totals, pd.DataFrame)  # a column level picked out of a table is a table
    return totals
