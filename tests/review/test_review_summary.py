"""How good are my predictions? (issue 30, item 2): wizard_edu.review.summary on hand-made records."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from wizard_edu.errors import ArgumentError
from wizard_edu.players.table import play_game
from wizard_edu.review import load_predictions, note_round, summarize
from wizard_edu.review.record import RoundEntry
from wizard_edu.review.summary import COLUMNS, calibration_table


def line(bid: int, tricks: int, chance: float, hard: tuple[int, int, float] | None = None,
         rules: str = "junior") -> RoundEntry:
    hard_bid, hard_tricks, hard_chance = hard if hard else (None, None, None)
    return RoundEntry("2026-12-02T10:00:00+00:00", rules, 4, 3, 3, 1, bid, tricks, int(bid == tricks), chance,
                      bid, chance, False, hard_bid, hard_tricks,
                      None if hard_bid is None else int(hard_bid == hard_tricks), hard_chance)


#: Ten rounds: seven right, two said one too many, one said one too few; the hard player six right.
TEN = [line(1, 1, 0.65, (1, 1, 0.65)), line(0, 0, 0.9, (0, 0, 0.9)), line(2, 2, 0.45, (2, 1, 0.45)),
       line(1, 0, 0.55, (1, 1, 0.55)), line(3, 3, 0.3, (2, 2, 0.5)), line(2, 1, 0.35, (1, 1, 0.6)),
       line(0, 0, 0.85, (0, 1, 0.85)), line(1, 2, 0.5, (1, 2, 0.5)), line(1, 1, 0.7, (2, 1, 0.7)),
       line(0, 0, 0.95, (0, 0, 0.95))]


def test_counts_on_a_hand_made_record() -> None:
    s = summarize(TEN)
    assert (s.rounds, s.exact, s.too_high, s.too_low) == (10, 7, 2, 1)
    assert s.learner.misses == {-1: 1, 1: 2}
    assert (s.hard.rounds, s.hard.exact, s.hard.too_high, s.hard.too_low) == (10, 6, 2, 2)


def test_the_calibration_table_groups_rounds_by_the_chance_the_kit_gave() -> None:
    table = summarize(TEN).calibration
    assert isinstance(table, pd.DataFrame) and list(table.columns) == COLUMNS
    assert list(table.index) == ["0 to 2 in 10", "2 to 4 in 10", "4 to 6 in 10", "6 to 8 in 10", "8 to 10 in 10"]
    assert table["rounds"].tolist() == [0, 2, 3, 2, 3]
    assert table["came true"].tolist() == [0, 1, 1, 2, 3]
    assert table.loc["4 to 6 in 10", "average chance"] == round((0.45 + 0.55 + 0.5) / 3, 2)
    assert table.loc["4 to 6 in 10", "share came true"] == 0.33
    assert math.isnan(table.loc["0 to 2 in 10", "share came true"])
    hard = summarize(TEN).hard_calibration
    assert hard["rounds"].tolist() == [0, 0, 4, 3, 3] and hard["came true"].tolist() == [0, 0, 2, 2, 2]
    tenths = calibration_table([(0.0, True), (0.1, False), (1.0, True)], groups=10)
    assert tenths["rounds"].tolist() == [1, 1] + [0] * 7 + [1] and tenths.index[0] == "0 to 1 in 10"


def test_kid_words() -> None:
    assert summarize(TEN).text == ("You got 7 of 10 right! When you missed, you mostly said one too many. "
                                   "The hard computer player, with the same cards, got 6 of 10 right.")
    assert summarize([line(2, 1, 0.5), line(1, 0, 0.5)]).text == (
        "You got 0 of 2 right! When you missed, you always said one too many.")
    assert summarize([line(0, 2, 0.5)]).text == "You got 0 of 1 right! When you missed, you said two too few."
    assert summarize([line(2, 1, 0.5), line(0, 1, 0.5), line(1, 1, 0.5)]).text == (
        "You got 1 of 3 right! When you missed, you said too many as often as too few.")
    assert summarize([line(3, 1, 0.5), line(2, 1, 0.5), line(1, 0, 0.5)]).text.endswith(
        "you mostly said one too many.")
    assert summarize([line(3, 1, 0.5), line(2, 1, 0.5)]).text.endswith("you mostly said too many.")
    assert summarize([line(1, 1, 0.5)]).text == "You got 1 of 1 right!"
    assert summarize([]).text == "No rounds yet: play a round, then look here again."


def test_words_for_older_learners() -> None:
    classic = [line(b, t, c, h, rules="classic") for b, t, c, h in
               [(r.bid, r.tricks, r.chance, (r.hard_bid, r.hard_tricks, r.hard_chance)) for r in TEN]]
    s = summarize(classic)
    assert not s.kid
    assert s.text.splitlines()[0] == "Exact bids: 7 of 10 (70%). Too high: 2, too low: 1."
    assert "hard computer player in the same seats: 6 of 10 exact (60%)" in s.text
    assert "4 to 6 in 10: 1 of 3" in s.text
    assert summarize(classic + TEN, rules="junior").rounds == 10
    assert summarize(classic + TEN).kid is False and summarize(classic, kid=True).text.startswith("You got 7 of 10")


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError):
        summarize(TEN, rules="anniversary")
    with pytest.raises(ArgumentError):
        summarize([{"bid": 1}])  # type: ignore[list-item]
    with pytest.raises(ArgumentError):
        calibration_table([], groups=0)


def test_the_summary_of_a_played_game_agrees_with_the_engine(tmp_path: Path) -> None:
    game = play_game(["medium"] * 4, rules="junior", seed=8)
    for number in range(1, len(game.rounds) + 1):
        note_round(game, number, 0, "Ada", home=tmp_path, hard=False)
    s = summarize(load_predictions("Ada", home=tmp_path))
    made = sum(r.bids[0] == r.won[0] for r in game.rounds)
    high = sum(r.bids[0] > r.won[0] for r in game.rounds)
    assert (s.rounds, s.exact, s.too_high, s.too_low) == (len(game.rounds), made, high, len(game.rounds) - made - high)
    assert s.calibration["rounds"].sum() == len(game.rounds) and s.calibration["came true"].sum() == made
    assert s.hard.rounds == 0 and "hard computer player" not in s.text
