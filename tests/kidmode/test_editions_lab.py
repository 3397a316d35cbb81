"""Learners get the student edition: `wizard-edu lab` serves the learner's own folder of student-edition
notebooks (made from notebooks/, refreshed at each start, never overwriting what the learner changed);
`wizard-edu lab --teacher` serves the teacher edition (notebooks/ itself).

The folder logic is tested directly (fast); then real `wizard-edu lab` servers (isolated HOME, 127.0.0.1)
show that what they serve is the student edition, that a learner's edit survives a second start, that a new
notebook appears, and that --teacher serves every answer.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import nbformat
import pytest

from wizard_edu import cli
from wizard_edu.errors import EditionError
from wizard_edu.teach import editions
from wizard_edu.teach.editions import (
    ANSWER_TAG,
    MANIFEST_NAME,
    TEACHER_TAG,
    new_copy_name,
    sync_learner_folder,
)

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
#: Tagged notebooks: 06 has an answer cell 'worked("06.deck-size")' storing "✔ The answer: 60. ...".
TAGGED = ["06-from-junior-to-classic.ipynb", "09-chance-of-trump-and-wizards.ipynb"]
ANSWER_SOURCE = 'worked("06.deck-size")'


def stored_answer() -> str:
    """What the teacher edition stores under the answer cell (from the question bank)."""
    from wizard_edu.widgets.ask import worked

    return repr(worked("06.deck-size"))


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def read(path: Path):
    return nbformat.read(path, as_version=4)


@pytest.fixture
def teacher(tmp_path) -> Path:
    """A teacher's notebooks folder with two tagged notebooks copied from the kit."""
    folder = tmp_path / "teacher"
    folder.mkdir()
    for name in TAGGED:
        shutil.copy(NOTEBOOKS / name, folder / name)
    return folder


def assert_student_edition(path: Path, teacher_path: Path) -> None:
    """No answer output, no teacher-only cell, and the teacher's copy did have answer outputs (so this can fail)."""
    nb, original = read(path), read(teacher_path)
    assert nb.metadata["wizard_edu"]["edition"] == "student"
    assert any(ANSWER_TAG in tags(c) and c.get("outputs") for c in original.cells), "nothing to hide in the source"
    for cell in nb.cells:
        assert TEACHER_TAG not in tags(cell) and ANSWER_TAG not in tags(cell), cell.source   # dropped whole
    if "06-" in path.name:
        assert any(c.source == ANSWER_SOURCE for c in original.cells)
        text = path.read_text(encoding="utf-8")
        assert ANSWER_SOURCE not in text and "The answer" not in text


def edit_and_save(path: Path, text: str) -> None:
    """What a learner does: change a cell and save the notebook."""
    nb = read(path)
    nb.cells[0].source += f"\n\n{text}"
    nbformat.write(nb, path)


def change_teacher_notebook(path: Path, text: str) -> None:
    """The kit's next version of a notebook (a teacher's edit)."""
    nb = read(path)
    nb.cells.append(nbformat.v4.new_markdown_cell(text))
    nbformat.write(nb, path)


# -- the learner's folder -------------------------------------------------------------------------
def test_first_start_makes_the_folder_with_no_answer_outputs(teacher, tmp_path):
    learner = tmp_path / "home" / "wizard-edu-notebooks"
    report = sync_learner_folder(teacher, learner)
    assert sorted(report.added) == sorted(TAGGED) and not report.updated and not report.new_copies
    assert report.created and report.summary().startswith("Your folder was made with 2 notebooks")
    for name in TAGGED:
        assert_student_edition(learner / name, teacher / name)
    manifest = json.loads((learner / MANIFEST_NAME).read_text())
    assert set(manifest["files"]) == set(TAGGED)


def test_later_starts_refresh_unchanged_notebooks_and_never_overwrite_a_learners(teacher, tmp_path):
    learner = tmp_path / "learner"
    sync_learner_folder(teacher, learner)
    mine, untouched = learner / TAGGED[0], learner / TAGGED[1]
    edit_and_save(mine, "My own note: sixty cards!")
    my_bytes = mine.read_bytes()

    # Nothing changed in the kit: nothing is written, the learner's notebook stays.
    again = sync_learner_folder(teacher, learner)
    assert not again.added and not again.updated and not again.new_copies and again.kept == [TAGGED[0]]
    assert mine.read_bytes() == my_bytes

    # The kit's notebooks change and a new one arrives.
    for name in TAGGED:
        change_teacher_notebook(teacher / name, "A new paragraph from the kit.")
    shutil.copy(NOTEBOOKS / "10-the-one-card-round.ipynb", teacher / "10-the-one-card-round.ipynb")
    report = sync_learner_folder(teacher, learner)
    assert report.added == ["10-the-one-card-round.ipynb"]
    assert report.updated == [TAGGED[1]]
    assert report.new_copies == [new_copy_name(TAGGED[0])]
    assert mine.read_bytes() == my_bytes                                   # theirs, byte for byte
    assert "A new paragraph from the kit." in untouched.read_text()       # refreshed: never changed
    new_copy = learner / new_copy_name(TAGGED[0])
    assert "A new paragraph from the kit." in new_copy.read_text()
    assert_student_edition(new_copy, teacher / TAGGED[0])
    assert_student_edition(learner / "10-the-one-card-round.ipynb", teacher / "10-the-one-card-round.ipynb")
    assert "New: 1 notebook (10-the-one-card-round.ipynb)." in report.summary() and "kept" in report.summary()

    # The (new) copy is written once per kit version, and is the learner's too once they change it.
    assert sync_learner_folder(teacher, learner).new_copies == []
    edit_and_save(new_copy, "I worked in the new one.")
    new_bytes = new_copy.read_bytes()
    change_teacher_notebook(teacher / TAGGED[0], "Yet another paragraph.")
    later = sync_learner_folder(teacher, learner)
    assert later.new_copies == [] and new_copy.read_bytes() == new_bytes and mine.read_bytes() == my_bytes


def test_a_deleted_notebook_comes_back_fresh(teacher, tmp_path):
    learner = tmp_path / "learner"
    sync_learner_folder(teacher, learner)
    edit_and_save(learner / TAGGED[0], "scribbles")
    (learner / TAGGED[0]).unlink()     # the learner's way to start a notebook again
    assert sync_learner_folder(teacher, learner).added == [TAGGED[0]]
    assert "scribbles" not in (learner / TAGGED[0]).read_text()


def test_a_lost_manifest_keeps_every_existing_notebook(teacher, tmp_path):
    learner = tmp_path / "learner"
    sync_learner_folder(teacher, learner)
    edit_and_save(learner / TAGGED[0], "mine")
    (learner / MANIFEST_NAME).write_text("not json")
    change_teacher_notebook(teacher / TAGGED[0], "new")
    report = sync_learner_folder(teacher, learner)
    assert "mine" in (learner / TAGGED[0]).read_text()
    assert report.new_copies == [new_copy_name(TAGGED[0])]


def test_links_are_never_followed(teacher, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(EditionError, match="symbolic link"):
        sync_learner_folder(teacher, link)
    with pytest.raises(EditionError, match="another folder"):
        sync_learner_folder(teacher, teacher)
    # A notebook the learner replaced by a link is theirs: left alone, nothing written through it.
    learner = tmp_path / "learner"
    sync_learner_folder(teacher, learner)
    outside = tmp_path / "outside.ipynb"
    outside.write_text("precious")
    (learner / TAGGED[0]).unlink()
    (learner / TAGGED[0]).symlink_to(outside)
    change_teacher_notebook(teacher / TAGGED[0], "new")
    report = sync_learner_folder(teacher, learner)
    assert outside.read_text() == "precious" and (learner / TAGGED[0]).is_symlink()
    assert TAGGED[0] in report.kept


def test_default_learner_folder_is_in_the_home_unless_told(monkeypatch, tmp_path):
    monkeypatch.delenv(editions.LEARNER_DIR_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert editions.default_learner_dir() == tmp_path / "wizard-edu-notebooks"
    monkeypatch.setenv(editions.LEARNER_DIR_ENV, str(tmp_path / "elsewhere"))
    assert editions.default_learner_dir() == tmp_path / "elsewhere"


def test_lab_options():
    args = cli.build_parser().parse_args(["lab"])
    assert args.teacher is False and args.learner_dir is None
    args = cli.build_parser().parse_args(["lab", "--teacher", "--learner-dir", "x"])
    assert args.teacher and args.learner_dir == "x"


# -- real servers -------------------------------------------------------------------------------
def served(link: str, path: str) -> dict:
    base, token = re.fullmatch(r"(.*?)/lab[^?]*\?token=(.*)", link).groups()
    with urllib.request.urlopen(f"{base}/api/contents/{path}?token={token}", timeout=60) as reply:
        return json.load(reply)


def answer_cells(model: dict) -> list[dict]:
    return [c for c in model["content"]["cells"] if "".join(c["source"]) == ANSWER_SOURCE]


LINK = r"(http://127\.0\.0\.1:\d+/lab[^?\s]*\?token=[0-9a-f]+)"


def test_wizard_edu_lab_serves_the_student_edition_and_keeps_a_learners_work(teacher, tmp_path):
    from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for

    runs = tmp_path / "runs"
    runs.mkdir()
    args = ["lab", "--no-browser", "--port", "0", "--notebooks", str(teacher), *ROOT_FLAG]

    first = runs / "first"
    first.mkdir()
    process, log = start_cli(first, *args)
    try:
        link = wait_for(log, LINK, process).group(1)
        text = log.read_text()
        assert "STUDENT edition" in text and "--teacher" in text
        learner = first / "home" / "wizard-edu-notebooks"   # the default: in the learner's (isolated) HOME
        listing = sorted(i["name"] for i in served(link, "")["content"] if i["name"].endswith(".ipynb"))
        assert listing == sorted(TAGGED)                       # the server's root is the learner's folder
        assert answer_cells(served(link, TAGGED[0])) == []
        assert_student_edition(learner / TAGGED[0], teacher / TAGGED[0])
    finally:
        stop_cli(process)

    # The learner works in a notebook; the kit gains a notebook and changes the other one.
    edit_and_save(learner / TAGGED[0], "My answer was 60.")
    mine = (learner / TAGGED[0]).read_bytes()
    for name in TAGGED:
        change_teacher_notebook(teacher / name, "The kit's next version.")
    shutil.copy(NOTEBOOKS / "10-the-one-card-round.ipynb", teacher / "10-the-one-card-round.ipynb")

    second = runs / "second"
    second.mkdir()
    # Another server's isolated HOME: the same learner folder is named (as a learner's own HOME would find it).
    process, log = start_cli(second, *args, "--learner-dir", str(learner))
    try:
        link = wait_for(log, LINK, process).group(1)
        assert (learner / TAGGED[0]).read_bytes() == mine     # survived the second start
        listing = {i["name"] for i in served(link, "")["content"]}
        assert "10-the-one-card-round.ipynb" in listing and new_copy_name(TAGGED[0]) in listing
        assert "My answer was 60." in json.dumps(served(link, TAGGED[0])["content"])
        assert "The kit's next version." in (learner / TAGGED[1]).read_text()
        assert new_copy_name(TAGGED[0]) in log.read_text()
    finally:
        stop_cli(process)


def test_wizard_edu_lab_teacher_serves_the_teacher_edition(teacher, tmp_path):
    from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for

    process, log = start_cli(tmp_path, "lab", "--teacher", "--no-browser", "--port", "0", "--notebooks",
                             str(teacher), *ROOT_FLAG)
    try:
        link = wait_for(log, LINK, process).group(1)
        assert "TEACHER edition" in log.read_text()
        outputs = answer_cells(served(link, TAGGED[0]))[0]["outputs"]
        assert outputs and json.dumps(stored_answer())[1:-1] in json.dumps(outputs)
        assert not (tmp_path / "home" / "wizard-edu-notebooks").exists()
    finally:
        stop_cli(process)


def test_make_lab_editions():
    def recipe(*args: str) -> str:
        done = subprocess.run(["make", "--no-print-directory", "-n", *args, "PORT=8899"], cwd=REPO, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    assert "--teacher" not in recipe("lab")
    assert recipe("lab", "EDITION=teacher").endswith("--teacher")
    assert recipe("lab-teacher").endswith("--teacher")
