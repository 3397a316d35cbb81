"""Questions of notebook 05, "Play Wizard Junior", and the computer game it shows."""

from __future__ import annotations

import functools
from typing import Any

from IPython.display import HTML

from ...engine.rules import round_sizes
from ...players import play_game
from . import Bank

BANK = Bank("05-play-wizard-junior", rules="junior")
#: The computer game the notebook shows: four computer players, seed 2.
GAME = dict(players=4, seed=2)
OPPONENTS = {"think a little": "rule-of-thumb", "play any allowed card": "random"}


@functools.cache
def finished() -> Any:
    """The whole computer game (played once, then kept)."""
    return play_game(GAME["players"], rules="junior", seed=GAME["seed"])


def points_table(game: Any = None) -> HTML:
    """Each round: every player's prediction, tricks won and points (★ = scored), then the totals."""
    game = game or finished()
    head = "".join(f"<th>{name}</th>" for name in game.names)
    rows = ""
    for record in game.rounds:
        cells = ""
        for predicted, won, got in zip(record.bids, record.won, record.points):
            star = " ★" if got else ""
            cells += f"<td>{predicted} / {won} → {got}{star}</td>"
        rows += f"<tr><th>round {record.number}</th>{cells}</tr>"
    totals = "".join(f"<th>{total}</th>" for total in game.scores)
    return HTML(f"<table><tr><th></th>{head}</tr>{rows}<tr><th>total</th>{totals}</tr></table>"
                "<p><small>In each square: predicted / won → points.</small></p>")


def rounds_where_everyone_scored(game: Any = None) -> list[int]:
    game = game or finished()
    return [record.number for record in game.rounds if all(got > 0 for got in record.points)]


def rounds_scored(seat: int, game: Any = None) -> int:
    """In how many rounds the player in ``seat`` (0-based: the kit's count) scored."""
    game = game or finished()
    return sum(1 for record in game.rounds if record.points[seat] > 0)


def winners() -> str:
    game = finished()
    return " and ".join(game.names[seat] for seat in game.winners())


def table_chooser() -> Any:
    """Buttons to set up a new table: how many players, how the computers play, who deals first."""
    import ipywidgets as widgets
    from IPython.display import display

    from ...widgets import TableWidget

    wide = {"button_width": "auto"}  # every label fits on its button
    players = widgets.ToggleButtons(options=[3, 4, 5, 6], value=3, description="Players:")
    kind = widgets.ToggleButtons(options=list(OPPONENTS), value="think a little", description="Computers:",
                                 style=wide)
    oldest = widgets.ToggleButtons(options=[("me", 0), ("the player on my left", 1)], value=0,
                                   description="Oldest:", tooltip="The oldest player deals first", style=wide)
    seed = widgets.BoundedIntText(value=5, min=0, max=10**6, description="Shuffle number:",
                                  tooltip="The same shuffle number deals the same game", style=wide)
    start = widgets.Button(description="Start the game", button_style="success")
    place = widgets.Output()

    def start_game(_button: Any) -> None:
        place.clear_output()
        with place:
            display(TableWidget(players=players.value, seed=seed.value, first_dealer=oldest.value,
                                opponents=[OPPONENTS[kind.value]] * (players.value - 1)))

    start.on_click(start_game)
    return widgets.VBox([players, kind, oldest, seed, start, place])


# Each worked answer says only its own answer: the next questions read the same table.
def _winner_line() -> str:
    game = finished()
    return f"{winners()} won with {max(game.scores)} points: the biggest total in the last row."


def _everyone_line() -> str:
    return f"In round {rounds_where_everyone_scored()[0]} all four squares have a ★."


def _player_4_line() -> str:
    return f"Player 4 has a ★ in {rounds_scored(3)} of the {len(finished().rounds)} rounds."


BANK.add("05.rounds-4-players", "4 players: how many rounds does the game have?",
         answer=lambda: len(round_sizes(4, rules="junior")),
         hint="Remember the round tiles from notebook 1. With 4 players, which tiles do you lay out?",
         worked=lambda: f"With 3 or 4 players you lay out all the round tiles: {len(round_sizes(4, rules='junior'))} "
                        f"rounds. The last round deals 8 cards each: 4 × 8 = 32 cards.")
BANK.add("05.winner", "Who won the computer game?", answer=winners, choices=lambda: list(finished().names),
         hint="Look at the last row: the totals. Who has the most points?", worked=_winner_line)
BANK.add("05.everyone-scored", "In which round did every player score?",
         answer=lambda: rounds_where_everyone_scored()[0],
         hint="Look for the row where all four squares have a ★.", worked=_everyone_line)
BANK.add("05.player-4-scored", "In how many rounds did Player 4 score?", answer=lambda: rounds_scored(3),
         hint="Count the ★ in Player 4's column.", worked=_player_4_line)


# -- two paths: a support question (one step at a time) and a challenge (for quick finishers) ---------
def tricks_in_round(round_number: int) -> int:
    """How many tricks a round has: one for every card in each hand."""
    return round_sizes(4, rules="junior")[round_number - 1]


def most_points(players: int = 4) -> int:
    """The most points one player can score in a whole game: right every round, with the highest prediction."""
    from ...engine.rules import score_round

    return sum(max(score_round(p, p, rules="junior") for p in range(size + 1))
               for size in round_sizes(players, rules="junior"))


BANK.add("05.support-tricks-round-3", "Round 3: everyone holds 3 cards. How many tricks are played in round 3?",
         answer=lambda: tricks_in_round(3),
         hint="Every trick uses one card from each hand. How many times can you play a card?",
         worked=lambda: f"Each trick takes one card from every hand, so 3 cards make {tricks_in_round(3)} tricks.")
BANK.add("05.challenge-most-points", "4 players. What is the most points one player could score in a whole game?",
         answer=lambda: most_points(4),
         hint="In which round can you score the most? Work out the best score of every round, then add.",
         worked=lambda: f"Right every round, predicting every trick: 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 = {most_points(4)}.")
