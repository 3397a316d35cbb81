"""The unit checks before and after each unit, and the class report a teacher can hand on (issue 31, items 3-4).

The pupils here are made through the progress API (``progress.record``, ``record_shown``), in tmp_path
homes; what they should score is worked out from what they were made to answer.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from wizard_edu import cli
from wizard_edu.teach import progress, unit_checks
from wizard_edu.teach.questions import question_count, spec
from wizard_edu.teach.questions.checks import CHECK_BANKS, UNITS, WHENS, unit_of
from wizard_edu.widgets.ask import ask

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"


def qid(unit: str, when: str, idea: str) -> str:
    return f"check-{unit}-{when}.{idea}"


# -- the checks ------------------------------------------------------------------------------------
@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_each_check_has_six_to_ten_ideas_asked_differently_before_and_after(unit):
    assert 6 <= len(unit.ideas) <= 10
    for idea in unit.ideas:
        assert len(idea.pool) >= 2
        before, after = (ask(qid(unit.name, when, idea.name), record=False, shuffle=False) for when in WHENS)
        # the same idea with other cards or numbers: the question differs, never just its id
        assert (before.prompt, list(before.cards or [])) != (after.prompt, list(after.cards or [])), idea.name
    assert [len(CHECK_BANKS[unit.notebook(w)]) for w in WHENS] == [len(unit.ideas)] * 2


def test_the_units_are_the_paths_notebooks():
    numbered = {p.name[:2] for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")} - {"00"}
    covered = [n for unit in UNITS for n in unit.notebooks]
    assert sorted(covered) == sorted(numbered) and len(covered) == len(set(covered))
    assert [u.notebooks[0] for u in UNITS] == ["01", "06", "09"]


def test_a_check_question_is_found_by_its_id_and_counted_in_its_notebook():
    found = spec("check-probability-after.turn-up")
    assert found.notebook == "check-probability-after"
    assert unit_of(found.notebook)[1] == "after"
    assert question_count("check-junior-before") == progress.questions_in("check-junior-before") == 6
    with pytest.raises(ValueError, match="No questions"):
        spec("check-nothing-before.deck")


def test_the_start_and_end_of_each_unit_link_their_checks():
    for unit in UNITS:
        first = next(NOTEBOOKS.glob(f"{unit.notebooks[0]}-*.ipynb")).read_text(encoding="utf-8")
        last = next(NOTEBOOKS.glob(f"{unit.notebooks[-1]}-*.ipynb")).read_text(encoding="utf-8")
        assert f"({unit.notebook('before')}.ipynb)" in first
        assert f"({unit.notebook('after')}.ipynb)" in last
        for when in WHENS:
            text = (NOTEBOOKS / f"{unit.notebook(when)}.ipynb").read_text(encoding="utf-8")
            assert re.findall(r'ask\(\\"([\w.-]+)\\"\)', text) == CHECK_BANKS[unit.notebook(when)].ids
    assert "(unit-checks.md)" in (REPO / "lessons" / "README.md").read_text(encoding="utf-8")


def test_the_answer_key_in_lessons_is_made_from_the_checks():
    text = (REPO / "lessons" / "unit-checks.md").read_text(encoding="utf-8")
    block = text.split(unit_checks.KEY_BEGIN, 1)[1].split(unit_checks.KEY_END, 1)[0]
    assert block.strip() == unit_checks.key_markdown().strip()
    for bank in CHECK_BANKS.values():
        for found in bank:
            assert ask(found.id, record=False).answer_text.replace("|", "/") in block


# -- recording "Show answer" ----------------------------------------------------------------------
def test_show_answer_is_recorded_and_reported_as_answer_shown(tmp_path):
    question = ask("check-classic-before.score-made", home=tmp_path)
    question.answer_with("10")
    question.answer_with("20")
    question.show_answer()
    entry = progress.load(tmp_path)["learners"][progress.UNNAMED]["check-classic-before"]["questions"][
        "check-classic-before.score-made"]
    assert entry["shown"] is True and entry["correct"] is False and entry["tries"] == 2
    assert unit_checks.kind_of("check-classic-before.score-made", entry) == "answer shown"


def test_show_answer_after_a_right_answer_records_nothing_more(tmp_path):
    question = ask("check-classic-before.score-made", home=tmp_path)
    question.answer_with(str(question.answer_text))
    question.show_answer()
    entry = progress.load(tmp_path)["learners"][progress.UNNAMED]["check-classic-before"]["questions"][
        "check-classic-before.score-made"]
    assert "shown" not in entry


def test_a_right_first_answer_to_two_options_is_a_possible_guess_unless_a_why_follows():
    right = {"tries": 1, "correct": True, "first_try": True}
    assert unit_checks.two_choice("check-classic-before.top-trump")
    assert unit_checks.kind_of("check-classic-before.top-trump", right) == "possible guess"
    assert not unit_checks.two_choice("10.wizard-last")          # two options, but a follow-up "why"
    assert unit_checks.kind_of("10.wizard-last", right) == "right first time"
    assert unit_checks.kind_of("check-classic-before.rounds", right) == "right first time"
    assert unit_checks.kind_of("check-classic-before.rounds", {"tries": 2, "correct": True, "first_try": False}) \
        == "right after a hint"
    assert unit_checks.kind_of("check-classic-before.rounds", {"tries": 1, "correct": False, "first_try": False}) \
        == "not yet right"


# -- a class of test pupils -----------------------------------------------------------------------
JUNIOR = [idea.name for idea in UNITS[0].ideas]


@pytest.fixture
def a_class(tmp_path):
    """Ada: Junior before 1 of 6 right first time, after 6 of 6.  Ben: before 3, after 4 (one right
    after a hint, one answer shown).  Cleo: only the check before, and a two-option question right."""
    homes = {name: tmp_path / name.lower() for name in ("Ada", "Ben", "Cleo")}

    def answer(name, when, idea, *tries):
        for ok in tries:
            progress.record(name, f"check-junior-{when}", qid("junior", when, idea), ok, home=homes[name])

    for i, idea in enumerate(JUNIOR):
        answer("Ada", "before", idea, i == 0)
        answer("Ada", "after", idea, True)
        answer("Ben", "before", idea, i < 3)
        answer("Cleo", "before", idea, i < 2)
    for idea in JUNIOR[:4]:
        answer("Ben", "after", idea, True)
    answer("Ben", "after", JUNIOR[4], False, True)                 # right after a hint
    answer("Ben", "after", JUNIOR[5], False, False)
    progress.record_shown("Ben", "check-junior-after", qid("junior", "after", JUNIOR[5]), home=homes["Ben"])
    progress.record("Cleo", "check-classic-before", "check-classic-before.top-trump", True, home=homes["Cleo"])
    return homes


def test_the_report_shows_each_pupils_check_before_and_after(a_class):
    scores = unit_checks.check_scores(a_class.values())
    before, after = (unit_checks.check_column(UNITS[0], w) for w in WHENS)
    assert scores[before].to_dict() == {"Ada": 1, "Ben": 3, "Cleo": 2}
    assert scores.loc[["Ada", "Ben"], after].tolist() == [6, 4] and pd.isna(scores.loc["Cleo", after])
    assert scores.loc["Cleo", unit_checks.check_column(UNITS[1], "before")] == 1


def test_the_class_gain_per_idea_counts_the_pupils_who_took_both_checks(a_class):
    gain = unit_checks.idea_gain(a_class.values()).loc["junior"]
    # Ada and Ben took both: idea 0 both right before and after; idea 1-2 Ben before, both after;
    # idea 3: neither before, both after; ideas 4-5: Ada after only.
    assert gain["pupils"].tolist() == [2] * 6
    assert gain["before"].tolist() == [1.0, 0.5, 0.5, 0.0, 0.0, 0.0]
    assert gain["after"].tolist() == [1.0, 1.0, 1.0, 1.0, 0.5, 0.5]
    assert gain["gain"].tolist() == [0.0, 0.5, 0.5, 1.0, 0.5, 0.5]
    assert unit_checks.idea_gain(a_class.values()).loc["classic", "pupils"].eq(0).all()


def test_the_report_separates_the_kinds_of_answer(a_class):
    kinds = unit_checks.answer_kinds(a_class.values())
    assert list(kinds.columns) == unit_checks.KINDS
    assert kinds.loc["Ben"].to_dict() == {"right first time": 3 + 4, "right after a hint": 1, "answer shown": 1,
                                          "possible guess": 0, "not yet right": 3}
    assert kinds.loc["Cleo", "possible guess"] == 1 and kinds.loc["Cleo", "right first time"] == 2


def test_the_csv_opens_in_pandas_one_row_per_pupil_and_the_page_prints(a_class, tmp_path, capsys):
    csv, page = tmp_path / "class.csv", tmp_path / "class.html"
    assert cli.main(["report", *map(str, a_class.values()), "--csv", str(csv), "--html", str(page)]) == 0
    table = pd.read_csv(csv)
    assert table["learner"].tolist() == ["Ada", "Ben", "Cleo"]
    assert table.loc[1, "junior after (of 6)"] == 4 and table.loc[1, "answer shown"] == 1
    assert pd.isna(table.loc[2, "junior after (of 6)"])
    html = page.read_text(encoding="utf-8")
    assert "@media print" in html and "Unit checks, before and after" in html and "gain per idea" in html
    out = capsys.readouterr().out
    assert "possible guess" in out and "junior before (of 6)" in out


def test_a_csv_that_cannot_be_written_is_said_in_words(a_class, tmp_path, capsys):
    code = cli.main(["report", *map(str, a_class.values()), "--csv", str(tmp_path / "no" / "such" / "c.csv")])
    assert code != 0
    assert "Could not write" in capsys.readouterr().err
