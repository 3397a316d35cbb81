"""The class report's predictions part (`wizard-edu report`): it agrees with the engine's scores for
every stored round, reads pupils' files without changing them, and goes into the CSV and the page."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pandas as pd

from wizard_edu.cli import main
from wizard_edu.players.table import play_game
from wizard_edu.review.record import PredictionsWarning, note_round, predictions_path
from wizard_edu.teach import prediction_report, progress


def _played(home: Path, learner: str | None, seed: int, seat: int, rounds: int) -> list[tuple[int, int]]:
    """Note ``rounds`` rounds of a real Junior game for ``learner``; the engine's (bid, won) of each."""
    game = play_game(["medium"] * 3, rules="junior", seed=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PredictionsWarning)
        for number in range(1, rounds + 1):
            note_round(game, number, seat, learner, home=home, hard=number <= 2)
    return [(game.rounds[n].bids[seat], game.rounds[n].won[seat]) for n in range(rounds)]


def test_the_report_counts_each_pupils_rounds_as_the_engine_scored_them(tmp_path):
    played = {"Ada": _played(tmp_path / "ada", "Ada", seed=6, seat=0, rounds=5),
              "Ben": _played(tmp_path / "ben", "Ben", seed=7, seat=1, rounds=4),
              "cleo": _played(tmp_path / "cleo", None, seed=8, seat=2, rounds=3)}  # no name: her folder's
    table = prediction_report.predictions_table([tmp_path / "ada", tmp_path / "ben", tmp_path / "cleo",
                                                 tmp_path / "nobody"])
    assert list(table.index) == ["Ada", "Ben", "cleo"]
    for name, pairs in played.items():
        row = table.loc[name]
        exact = sum(bid == won for bid, won in pairs)
        assert (row["rounds"], row["exact"]) == (len(pairs), exact)
        assert (row["too high"], row["too low"]) == (sum(b > w for b, w in pairs), sum(b < w for b, w in pairs))
        assert row["exact share"] == round(exact / len(pairs), 2)
        assert 0 <= row["hard player's exact share"] <= 1   # the hard line of rounds 1-2
    assert table.attrs["skipped"] == []


def test_a_damaged_record_is_named_and_left_as_it_is(tmp_path, capsys):
    _played(tmp_path / "ada", "Ada", seed=6, seat=0, rounds=2)
    broken = predictions_path(tmp_path / "ben")
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json", encoding="utf-8")
    progress.record("Ben", "05-x", "q1", True, home=tmp_path / "ben")
    table = prediction_report.predictions_table([tmp_path / "ada", tmp_path / "ben"])
    assert list(table.index) == ["Ada"]
    assert [path for path, _ in table.attrs["skipped"]] == [str(broken)]
    assert broken.read_text(encoding="utf-8") == "{not json"     # a report never moves a pupil's file
    assert main(["report", str(tmp_path / "ada"), str(tmp_path / "ben")]) == 0
    assert "skipped (predictions)" in capsys.readouterr().err
    assert broken.read_text(encoding="utf-8") == "{not json" and len(list(broken.parent.iterdir())) == 2


def test_the_report_prints_the_predictions_and_puts_them_in_the_csv_and_the_page(tmp_path, capsys):
    pairs = _played(tmp_path / "ada", "Ada", seed=6, seat=0, rounds=3)
    progress.record("Ada", "05-x", "q1", True, home=tmp_path / "ada")
    progress.record("Ben", "05-x", "q1", True, home=tmp_path / "ben")   # Ben has not played
    csv, page = tmp_path / "class.csv", tmp_path / "class.html"
    assert main(["report", str(tmp_path / "ada"), str(tmp_path / "ben"), "--csv", str(csv),
                 "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "Predictions at the tables (for the teacher only" in out
    book = pd.read_csv(csv, index_col="learner")
    exact = sum(b == w for b, w in pairs)
    assert (book.loc["Ada", "rounds played"], book.loc["Ada", "exact predictions"]) == (3, exact)
    assert pd.isna(book.loc["Ben", "rounds played"])
    html = page.read_text(encoding="utf-8")
    assert "<h2>Predictions at the tables</h2>" in html and "Ben" in html
    assert json.loads(predictions_path(tmp_path / "ada").read_text())["learners"].keys() == {"Ada"}
