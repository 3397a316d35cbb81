"""Notebook 15's data (issue 30 item 5): the class CSV format of wizard_edu.review.export, the
example class the kit ships, and what the notebook and lesson 15 say about it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pandas as pd
import pytest

from wizard_edu.errors import WizardError
from wizard_edu.players.table import play_game
from wizard_edu.review import load_predictions, note_round, summarize
from wizard_edu.review.export import (
    CLASS_CSV_COLUMNS,
    EXAMPLE_CSV,
    EXAMPLE_TABLES,
    ClassCsvError,
    example_levels,
    example_table,
    read_class_csv,
    rounds_to_frame,
    write_class_csv,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shipped() -> pd.DataFrame:
    return read_class_csv(EXAMPLE_CSV)


# -- the format ---------------------------------------------------------------------------------------
def test_the_columns_are_defined_once_and_read_back_in_order(shipped):
    assert list(shipped.columns) == list(CLASS_CSV_COLUMNS)
    header = EXAMPLE_CSV.read_text(encoding="utf-8").splitlines()[0]
    assert header.split(",") == list(CLASS_CSV_COLUMNS)
    assert shipped["bid"].dtype == "int64" and shipped["chance"].dtype == "float64"


def test_a_record_becomes_the_class_format_and_agrees_with_the_engine(tmp_path):
    game = play_game(["medium", "hard", "easy"], rules="classic", seed=3, hand_sizes=[1, 2])
    for number in (1, 2):
        record = note_round(game, number, seat=1, learner="Ada", home=tmp_path)
    frame = rounds_to_frame(record.rounds, pupil="Ada", table=2)
    assert list(frame.columns) == list(CLASS_CSV_COLUMNS) and len(frame) == 2
    for row, done in zip(frame.itertuples(index=False), game.rounds):
        assert (row.pupil, row.table, row.cards) == ("Ada", 2, done.hand_size)
        assert (row.bid, row.tricks, row.points) == (done.bids[1], done.won[1], done.points[1])
        assert not pd.isna(row.hard_bid) and 0 <= row.hard_chance <= 1
    # written and read back: the same table
    path = tmp_path / "class.csv"
    write_class_csv(frame, path)
    back = read_class_csv(path)
    pd.testing.assert_frame_equal(back, frame)
    assert summarize(load_predictions("Ada", home=tmp_path)).rounds == len(back)


def test_the_hard_columns_may_be_left_out_or_empty():
    text = ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\n"
            "Mia,1,1,1,0,0,20,0.9,0,0.9\nLeo,1,1,1,1,0,-10,0.35,0,0.65\n")
    frame = read_class_csv(io.StringIO(text))
    assert list(frame.columns) == list(CLASS_CSV_COLUMNS)
    assert frame["hard_bid"].isna().all() and frame.loc[1, "points"] == -10
    assert write_class_csv(frame).splitlines()[2] == "Leo,1,1,1,1,0,-10,0.35,0,0.65,,,,"


@pytest.mark.parametrize("text,said", [
    ("name,score\nMia,20\n", "no column 'pupil'"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance,colour\n"
     "Mia,1,1,1,0,0,20,0.9,0,0.9,red\n", "a column the kit does not know: 'colour'"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\nMia,1,1,1,0,0,20,60%,0,0.9\n",
     "line 2, column 'chance' is '60%': it should be a number"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\nMia,1,1,1,0,0,20,6,0,0.9\n",
     "a chance goes from 0 to 1"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\nMia,1,1,1,-1,0,20,0.6,0,0.9\n",
     "column 'bid' is '-1': it cannot be below 0"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\nMia,1,1,1,1.5,0,20,0.6,0,0.9\n",
     "it should be a whole number"),
    ("pupil,table,round,cards,bid,tricks,points,chance,best_bid,best_chance\nMia,1,1,1,,0,20,0.6,0,0.9\n",
     "column 'bid' is empty"),
    ("", "is empty"),
])
def test_a_file_that_is_not_a_class_says_what_is_wrong(text, said):
    with pytest.raises(ClassCsvError) as caught:
        read_class_csv(io.StringIO(text))
    assert said in str(caught.value)
    assert isinstance(caught.value, WizardError) and isinstance(caught.value, ValueError)


def test_a_missing_or_binary_file_is_a_clear_error(tmp_path):
    with pytest.raises(ClassCsvError, match="is not there"):
        read_class_csv(tmp_path / "nope.csv")
    (tmp_path / "photo.csv").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01")
    with pytest.raises(ClassCsvError, match="photo.csv"):
        read_class_csv(tmp_path / "photo.csv")
    with pytest.raises(ClassCsvError, match="RoundEntry"):
        rounds_to_frame([{"bid": 1}], pupil="Mia")


# -- the example class the kit ships -------------------------------------------------------------------
def test_the_shipped_class_is_what_the_kit_makes_table_1_again(shipped):
    """Regenerating table 1 (about a third of the file; the tables are independent games) gives the
    very same rows and text; tools/make_class_csv.py makes all tables the same way."""
    again = example_table(1)
    stored = EXAMPLE_CSV.read_text(encoding="utf-8").splitlines()
    made = write_class_csv(again).splitlines()
    assert made == stored[:len(made)]
    assert len(made) - 1 == 4 * 12 and len(stored) - 1 == EXAMPLE_TABLES * 4 * 12


def test_the_shipped_class_agrees_with_the_engine(shipped):
    """Every stored round's bid, tricks and points are the engine's (the last table's game, played again)."""
    table = EXAMPLE_TABLES
    rows = shipped[shipped["table"] == table]
    from wizard_edu.review import export

    shift = (table - 1) % len(export.EXAMPLE_LEVELS)
    levels = list(export.EXAMPLE_LEVELS[shift:] + export.EXAMPLE_LEVELS[:shift])
    names = list(export.EXAMPLE_PUPILS[4 * (table - 1):4 * table])
    game = play_game(levels, rules="classic", seed=100 + table, hand_sizes=list(export.EXAMPLE_HAND_SIZES),
                     names=names)
    for row in rows.itertuples(index=False):
        done = game.rounds[row.round - 1]
        seat = names.index(row.pupil)
        assert (row.cards, row.bid, row.tricks, row.points) == (
            done.hand_size, done.bids[seat], done.won[seat], done.points[seat])
    assert sorted(example_levels()[n] for n in names) == sorted(levels)


def test_the_shipped_class_has_something_to_teach(shipped):
    """Each level of computer player is there, and the rounds fill every band of chance the notebook reads."""
    assert set(example_levels().values()) == {"easy", "medium", "hard"}
    assert shipped["pupil"].nunique() == 12 and (shipped.groupby("pupil").size() == 12).all()
    bands = pd.cut(shipped["chance"], [0, 0.2, 0.4, 0.6, 0.8, 1.0], include_lowest=True, right=False)
    assert (shipped["chance"].between(0, 1)).all() and bands.value_counts().min() >= 10
    assert (shipped["bid"] != shipped["tricks"]).sum() >= 20


# -- notebook 15 and lesson 15 ------------------------------------------------------------------------
def test_notebook_15_asks_enough_questions_and_every_two_option_one_asks_why():
    from wizard_edu.teach.questions import bank
    from wizard_edu.widgets.ask import ask

    found = bank("15")
    assert len(found) >= 6
    for spec in found:
        q = ask(spec.id, record=False)
        if q.kind == "choice" and len(q.choices) == 2:
            assert "why" in spec.options, spec.id


def test_notebook_15_is_in_every_list_of_notebooks():
    name = "15-learn-from-your-games"
    assert (REPO / "notebooks" / f"{name}.ipynb").is_file()
    assert f"`{name}.ipynb`" in (REPO / "lessons" / "README.md").read_text(encoding="utf-8")
    assert re.search(r"`15` learn from your own games", (REPO / "README.md").read_text(encoding="utf-8"))
    assert f"({name}.ipynb)" in (REPO / "notebook-sources" / "14-what-bids-reveal.md").read_text(encoding="utf-8")


def test_lesson_15_answer_key_is_the_notebooks(monkeypatch, tmp_path):
    from wizard_edu.teach.editions import KEY_BEGIN, KEY_END, answer_key_markdown

    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path))
    monkeypatch.chdir(REPO / "notebooks")
    lesson = (REPO / "lessons" / "15-learn-from-your-games.md").read_text(encoding="utf-8")
    block = lesson.split(KEY_BEGIN, 1)[1].split(KEY_END, 1)[0].strip()
    assert block == answer_key_markdown(REPO / "notebooks" / "15-learn-from-your-games.ipynb")
    assert block.count("\n| ") >= 6


def test_lesson_05_shows_the_kid_words_of_my_predictions():
    """Lesson 5 quotes the summary's kid words: they are what summarize(..., kid=True) says."""
    from wizard_edu.review.record import RoundEntry

    def entry(bid: int, tricks: int) -> RoundEntry:
        return RoundEntry("2026-12-02T10:00:00+00:00", "junior", 3, 2, 2, 0, bid, tricks, int(bid == tricks),
                          0.5, bid, 0.5, False)

    lesson = (REPO / "lessons" / "05-play-wizard-junior.md").read_text(encoding="utf-8")
    part = lesson.split("## After the game: My predictions", 1)[1].split("\n## ", 1)[0]
    rounds = [entry(1, 1)] * 7 + [entry(2, 1)] * 2 + [entry(1, 0)]
    said = summarize(rounds, kid=True).text
    assert said in " ".join(part.split())


def test_the_numbers_lesson_15_quotes_are_the_example_class_s(shipped):
    lesson = " ".join((REPO / "lessons" / "15-learn-from-your-games.md").read_text(encoding="utf-8").split())
    p = float((shipped["bid"] == shipped["tricks"]).mean())
    se = (p * (1 - p) / len(shipped)) ** 0.5
    assert f"between about {round(100 * (p - 2 * se))} and {round(100 * (p + 2 * se))} bids in 100" in lesson
    ada = shipped[shipped["pupil"] == "Ada"]
    share = float((ada["bid"] == ada["tricks"]).mean())
    assert f"Ada got {int(share * len(ada))} of {len(ada)}" in lesson
    assert f"about ±{2 * (share * (1 - share) / len(ada)) ** 0.5:.2f}" in lesson
    # the exit ticket: 31 of 40 bids of chance 0.5
    se40 = (0.5 * 0.5 / 40) ** 0.5
    assert f"about {se40:.2f}, and 31 of 40 is {31 / 40:.2f}" in lesson and (31 / 40 - 0.5) / se40 > 3
    assert "more than three standard errors" in lesson
