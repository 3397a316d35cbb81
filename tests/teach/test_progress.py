"""Progress files in pupils' homes and the class report a teacher collects (wizard_edu.teach.progress)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from wizard_edu import cli
from wizard_edu.errors import ProgressFileError
from wizard_edu.teach import progress
from wizard_edu.teach.questions import bank


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path / "default-home"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def three_pupils(tmp_path):
    """Ada is on 09 (two notebooks), Ben on 06 with a trainer level, Cleo has a broken file."""
    homes = {name: tmp_path / name for name in ("ada", "ben", "cleo")}
    for home in homes.values():
        home.mkdir()
    progress.set_learner("Ada", home=homes["ada"])
    for q, ok in [("q1", True), ("q2", False), ("q2", True)]:
        progress.record(None, "06-from-junior-to-classic", q, ok, home=homes["ada"])
    progress.record(None, "09-chance-of-trump-and-wizards", "q1", True, home=homes["ada"])
    progress.record("Ben", "06-from-junior-to-classic", "q1", False, home=homes["ben"])
    progress.record_level("trick-trainer-classic", 3, notebook="07-tricky-tricks", learner="Ben",
                          home=homes["ben"])
    progress.record_level("trick-trainer-classic", 2, notebook="07-tricky-tricks", learner="Ben",
                          home=homes["ben"])
    broken = progress.progress_path(homes["cleo"])
    broken.parent.mkdir(parents=True)
    broken.write_text('{"format": "wizard-edu-progress", "version": 1, "learners": ')
    return homes


def test_class_report_shows_who_is_where(tmp_path):
    homes = three_pupils(tmp_path)
    report = progress.class_report(homes.values())
    ada = report.loc[("Ada", "06-from-junior-to-classic")].to_dict()
    assert ada.pop("last worked").startswith("20")
    assert ada == {"questions done": 2, "out of": len(bank("06")), "right first time": 1, "tries": 3,
                   "trainer level": ""}
    assert report.loc[("Ada", "09-chance-of-trump-and-wizards"), "questions done"] == 1
    ben = report.loc[("Ben", "06-from-junior-to-classic")]
    assert ben["questions done"] == 0 and ben["tries"] == 1
    assert report.loc[("Ben", "07-tricky-tricks"), "trainer level"] == "trick-trainer-classic 3"  # highest kept
    skipped = report.attrs["skipped"]
    assert len(skipped) == 1 and "cleo" in skipped[0][0] and "broken" in skipped[0][1]
    assert "Cleo" not in report.index.get_level_values("learner")


def test_foreign_and_missing_files_are_named_and_skipped(tmp_path):
    foreign = tmp_path / "other.json"
    foreign.write_text(json.dumps({"hello": 1}))
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "wizard-edu-progress", "version": 99, "learners": {}}))
    empty_home = tmp_path / "nobody"
    empty_home.mkdir()
    report = progress.class_report([foreign, newer, empty_home])
    assert report.empty
    reasons = dict(report.attrs["skipped"])
    assert "not a wizard-edu progress file" in reasons[str(foreign)]
    assert "version 99" in reasons[str(newer)]
    assert any("no progress file" in r for r in reasons.values())


def test_an_unnamed_learner_is_shown_by_their_home_folder(tmp_path):
    home = tmp_path / "dana"
    progress.record(None, "10", "q", True, home=home)
    assert list(progress.class_report([home]).index) == [("dana", "10")]


def test_the_file_is_written_atomically_and_never_left_half_written(tmp_path, monkeypatch):
    home = tmp_path / "h"
    progress.record("Ada", "06", "q1", True, home=home)
    before = progress.progress_path(home).read_text()

    def fail(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        progress.record("Ada", "06", "q2", True, home=home)
    assert progress.progress_path(home).read_text() == before
    assert [p.name for p in progress.progress_path(home).parent.iterdir()] == ["progress.json"]  # no temp left


def test_a_broken_file_is_not_overwritten_by_record(tmp_path):
    path = progress.progress_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("not json")
    with pytest.raises(ProgressFileError, match="broken"):
        progress.record("Ada", "06", "q", True, home=tmp_path)
    assert path.read_text() == "not json"


def test_wizard_edu_home_decides_where_recording_goes(tmp_path, monkeypatch):
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path / "elsewhere"))
    progress.record("Ada", "06", "q", True)
    assert (tmp_path / "elsewhere" / ".wizard-edu" / "progress.json").exists()


def test_set_learner_refuses_an_empty_name(tmp_path):
    with pytest.raises(ValueError, match="Type your name"):
        progress.set_learner("   ", home=tmp_path)


def test_where_am_i(tmp_path):
    assert "Nothing recorded yet" in progress.where_am_i(home=tmp_path)
    progress.set_learner("Ada", home=tmp_path)
    progress.record(None, "06", "q1", True, home=tmp_path)
    progress.record_level("legal-trainer", 2, notebook="06", home=tmp_path)
    text = progress.where_am_i(home=tmp_path)
    assert "Ada" in text and f"06: 1 of {len(bank('06'))} questions done, 1 right first time; legal-trainer level 2" in text
    progress.record(None, "practice", "q1", True, home=tmp_path)      # a notebook without a question bank
    assert "practice: 1 question done, 1 right first time" in progress.where_am_i(home=tmp_path)


def test_notebook_name_comes_from_jupyterlab(monkeypatch):
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/ada/notebooks/09-chance-of-trump-and-wizards.ipynb")
    assert progress.notebook_name() == "09-chance-of-trump-and-wizards"


def test_report_command_prints_the_table_and_writes_html(tmp_path, capsys):
    homes = three_pupils(tmp_path)
    out = tmp_path / "class.html"
    code = cli.main(["report", *map(str, homes.values()), "--html", str(out)])
    printed = capsys.readouterr()
    assert code == 0
    assert "Ada" in printed.out and "Ben" in printed.out and "06-from-junior-to-classic" in printed.out
    assert "cleo" in printed.err and "skipped" in printed.err
    page = out.read_text()
    assert "<table" in page and "Ada" in page and "cleo" in page


def test_report_command_on_a_hub_reads_every_home(tmp_path, monkeypatch, capsys):
    homes = three_pupils(tmp_path)
    monkeypatch.setattr(progress, "HUB_HOMES", str(tmp_path / "*" / ".wizard-edu" / "progress.json"))
    assert cli.main(["report"]) == 0
    printed = capsys.readouterr().out
    assert "Ada" in printed and "Ben" in printed
    assert homes


def test_report_with_nothing_readable_says_so(tmp_path, capsys):
    assert cli.main(["report", str(tmp_path / "nobody")]) == 1
    assert "No progress" in capsys.readouterr().out


def test_the_progress_file_is_private_to_the_learner(tmp_path):
    progress.record("Ada", "06", "q", True, home=tmp_path)
    mode = stat.S_IMODE(progress.progress_path(tmp_path).stat().st_mode)
    assert mode & 0o077 == 0


def test_note_level_is_the_quiet_hook_for_trainers(tmp_path, monkeypatch):
    monkeypatch.setenv("JPY_SESSION_NAME", "07-tricky-tricks.ipynb")
    assert progress.note_level("trick-trainer-classic", 2, home=tmp_path)
    assert progress.class_report([tmp_path]).iloc[0]["trainer level"] == "trick-trainer-classic 2"
    broken = progress.progress_path(tmp_path / "b")
    broken.parent.mkdir(parents=True)
    broken.write_text("[]")
    assert progress.note_level("trick-trainer-classic", 3, home=tmp_path / "b") is False


# -- issue 21: the kit's class hub, "out of N", when each pupil last worked, trainer levels ------------
def test_report_finds_the_homes_of_the_kits_class_hub(tmp_path, monkeypatch, capsys):
    """`make hub` puts homes under a class folder (/home/wizard-class/NAME, or $WIZARD_HUB_HOMES)."""
    class_folder = tmp_path / "wizard-class"
    for name in ("ada", "ben"):
        progress.record(name.title(), "01-meet-the-cards", "01.deck-size", True, home=class_folder / name)
    monkeypatch.setattr(progress, "HUB_HOMES", str(tmp_path / "nohomes" / "*" / ".wizard-edu" / "progress.json"))
    monkeypatch.setattr(progress, "CLASS_HOMES", str(class_folder / "*" / ".wizard-edu" / "progress.json"))
    monkeypatch.delenv(progress.HUB_HOMES_ENV, raising=False)
    assert len(progress.hub_paths()) == 2
    assert cli.main(["report"]) == 0
    printed = capsys.readouterr().out
    assert "Ada" in printed and "Ben" in printed
    assert f"1/{len(bank('01'))} (1)" in printed          # done out of N (right first time)
    assert "last worked" in printed and " UTC" in printed
    # and a class folder named by the hub's setting
    other = tmp_path / "elsewhere"
    progress.record("Cleo", "02-trump", "02.red-5", True, home=other / "cleo")
    monkeypatch.setenv(progress.HUB_HOMES_ENV, str(other))
    assert len(progress.hub_paths()) == 3


def test_the_class_table_says_when_each_pupil_last_worked(tmp_path):
    homes = three_pupils(tmp_path)
    table = progress.class_table(progress.class_report(homes.values()))
    assert list(table.columns)[-1] == "last worked"
    assert all(when.endswith(" UTC") for when in table["last worked"])


def test_reaching_a_trainer_level_by_clicking_is_saved(tmp_path, monkeypatch):
    from wizard_edu.widgets import TrickTrainer

    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", "03-who-wins-the-trick.ipynb")
    trainer = TrickTrainer(seed=3)
    assert not progress.progress_path(tmp_path).exists()        # making it records nothing
    for _ in range(5):                                           # five right in a row: level 2
        trainer._click_answer(trainer.result.winner)
        if trainer.level_number == 1:
            trainer._click_next()
    assert trainer.level_number == 2
    trainers = progress.load(tmp_path)["learners"][progress.UNNAMED]["03-who-wins-the-trick"]["trainers"]
    assert trainers["trick-trainer-junior"]["level"] == 2
    report = progress.class_report([tmp_path])
    assert report.iloc[0]["trainer level"] == "trick-trainer-junior 2"
