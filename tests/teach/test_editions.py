"""Teacher and student editions (wizard_edu.teach.editions, `wizard-edu student-copy`), and the checked
questions of notebooks 06-13 as stored in the teacher edition."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import nbformat
import pytest

from wizard_edu import cli
from wizard_edu.errors import EditionError
from wizard_edu.teach.editions import ANSWER_TAG, TEACHER_TAG, student_edition, tags, write_student_copy

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
MINE = sorted(NOTEBOOKS.glob("0[6-9]-*.ipynb")) + sorted(NOTEBOOKS.glob("1[0-3]-*.ipynb"))
PROMPT = re.compile(r"Think first|Try first|Try it|Your turn")
CHECKED = ("ask(", "Quiz(")  # a Question (made by Question.maker) or the scoring quiz


def texts(cell) -> list[str]:
    """The plain-text and HTML of a code cell's outputs."""
    out = []
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            out.append(o.get("text", ""))
        for key in ("text/plain", "text/html"):
            if key in o.get("data", {}):
                out.append(o["data"][key])
    return out


def read(path):
    return nbformat.read(path, as_version=4)


def tiny_notebook():
    v4 = nbformat.v4
    return v4.new_notebook(cells=[
        v4.new_markdown_cell("✎ **Think first:** how many cards are in a Junior deck?"),
        v4.new_code_cell('ask("01.deck-size")',
                         outputs=[v4.new_output("execute_result", {"text/plain": "✎ How many cards?"},
                                                execution_count=1)]),
        v4.new_code_cell('worked("01.deck-size")', metadata={"tags": [ANSWER_TAG]},
                         outputs=[v4.new_output("execute_result", {"text/plain": "✔ The answer: 36."},
                                                execution_count=2)]),
        v4.new_markdown_cell("It is 36.", metadata={"tags": [ANSWER_TAG]}),
        v4.new_code_cell("# model answer\n6 * 7", metadata={"tags": [TEACHER_TAG]}),
        v4.new_markdown_cell("A teacher's note.", metadata={"tags": [TEACHER_TAG]}),
    ], metadata={"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"x": {"answer": 36}}}}})


def test_student_edition_drops_answer_and_teacher_cells_whole():
    nb = tiny_notebook()
    student = student_edition(nb)
    assert [c.cell_type for c in student.cells] == ["markdown", "code"]
    assert student.cells[1].source == 'ask("01.deck-size")'
    assert texts(student.cells[1]) == ["✎ How many cards?"]  # the question stays
    assert "widgets" not in student.metadata
    # the cells' contents, not their random ids (an id such as "367d6e08" may hold "36")
    text = json.dumps([{k: v for k, v in cell.items() if k != "id"} for cell in student.cells])
    assert "worked(" not in text and "The answer" not in text and "36" not in text.replace("Think first", "")
    assert not any("It is 36" in c.source or "model answer" in c.source or "note" in c.source for c in student.cells)
    assert len(nb.cells) == 6 and nb.cells[2].outputs  # the teacher's notebook is not changed


def test_a_worked_answer_in_a_cell_not_tagged_answer_is_refused():
    nb = tiny_notebook()
    nb.cells[2].metadata["tags"] = []
    with pytest.raises(EditionError, match="not tagged 'answer'"):
        student_edition(nb)


def test_student_copy_refuses_a_folder_that_is_not_empty_and_symlinks(tmp_path):
    src = tmp_path / "teacher"
    src.mkdir()
    nbformat.write(tiny_notebook(), src / "a.ipynb")
    (src / "linked.ipynb").symlink_to(src / "a.ipynb")  # a link in the source is not read
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    with pytest.raises(EditionError, match="not empty"):
        write_student_copy(src, out)
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]
    link = tmp_path / "link-out"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(EditionError, match="symbolic link"):
        write_student_copy(src, link)
    # --force writes; a symlink where a notebook goes is replaced, never followed
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched")
    (out / "a.ipynb").symlink_to(victim)
    written = write_student_copy(src, out, force=True)
    assert [p.name for p in written] == ["a.ipynb"]
    assert victim.read_text() == "untouched"
    assert not (out / "a.ipynb").is_symlink() and (out / "mine.txt").read_text() == "keep me"
    with pytest.raises(EditionError, match="another folder"):
        write_student_copy(src, src, force=True)


def test_every_prompt_in_06_to_13_is_followed_at_once_by_a_checked_question():
    checked = 0
    for path in MINE:
        nb = read(path)
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "markdown" or not PROMPT.search(cell.source) or "When you see" in cell.source:
                continue
            nxt = nb.cells[i + 1]
            assert nxt.cell_type == "code" and any(c in nxt.source for c in CHECKED), (
                f"{path.name}: the prompt {cell.source[:70]!r} is not followed by a question cell")
            assert ANSWER_TAG not in tags(nxt) and TEACHER_TAG not in tags(nxt)
            checked += 1
    assert checked >= 25, checked


BANK_ASK = re.compile(r'\bask\("\d\d\.[a-z0-9-]+"\)')


def test_stored_questions_read_kid_words_and_no_answer():
    """The stored text form of a question (what an untrusted notebook shows before Run All) is the
    prompt and what to do, never ``Question(...)`` nor the answer."""
    from wizard_edu.teach.questions import spec

    count = 0
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        for cell in read(path).cells:
            found = BANK_ASK.findall(cell.source) if cell.cell_type == "code" else []
            if len(found) != 1 or ANSWER_TAG in tags(cell):
                continue
            plain = [t for t in texts(cell) if t.startswith("✎")]
            assert plain and "Run All Cells" in plain[0] and "Question(" not in plain[0], (path.name, texts(cell))
            qid = found[0].split('"')[1]
            prompt = spec(qid).prompt
            assert not callable(prompt) and plain[0].startswith(f"✎ {prompt}"[:100]) or callable(prompt)
            count += 1
    assert count >= 9, count


def test_the_try_it_yourself_lists_have_model_answers_for_teachers():
    for path in MINE[3:]:  # 09-13
        nb = read(path)
        start = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and "Try it yourself" in c.source
                     or "Your turn" in c.source)
        # issue 21: a model answer is the question's worked answer (tagged answer) or a teacher's cell
        assert any(TEACHER_TAG in tags(c) or ANSWER_TAG in tags(c) for c in nb.cells[start:]), \
            f"{path.name} has no model answer"


def test_student_copy_of_the_kit_holds_no_tagged_cell(tmp_path):
    out = tmp_path / "student"
    assert cli.main(["student-copy", str(out), "--notebooks", str(NOTEBOOKS)]) == 0
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        teacher, student = read(path), read(out / path.name)
        sources = [c.source for c in student.cells]
        for cell in teacher.cells:
            if TEACHER_TAG in tags(cell) or ANSWER_TAG in tags(cell):
                assert cell.source not in sources or not cell.source.strip(), (path.name, cell.source[:60])
        assert not any(ANSWER_TAG in tags(c) or TEACHER_TAG in tags(c) for c in student.cells)
    assert cli.main(["student-copy", str(out), "--notebooks", str(NOTEBOOKS)]) == 2  # not empty now


@pytest.mark.parametrize("name", ["09-chance-of-trump-and-wizards.ipynb", "12-the-best-bid.ipynb"])
def test_the_student_copy_runs_top_to_bottom(tmp_path, name, monkeypatch):
    """Removing the teacher's cells must not break the notebook; the model answers stay hidden."""
    from nbclient import NotebookClient

    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path / "home"))
    out = tmp_path / "student"
    write_student_copy(NOTEBOOKS, out)
    nb = read(out / name)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(out)}}).execute()
    shown = "\n".join(t for c in nb.cells if c.cell_type == "code" for t in texts(c))
    teacher = read(NOTEBOOKS / name)
    for cell in teacher.cells:
        if TEACHER_TAG in tags(cell):
            for model_answer in texts(cell):
                assert model_answer not in shown
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").rglob("progress.json"))
    assert os.environ["WIZARD_EDU_HOME"] == str(tmp_path / "home")


@pytest.mark.parametrize("number", ["06", "07", "09"])
def test_the_lesson_answer_key_matches_the_notebook(number, monkeypatch):
    """The generated key in lessons/NN-*.md is what the notebook's questions accept today."""
    from wizard_edu.teach.editions import KEY_BEGIN, KEY_END, answer_key_markdown

    monkeypatch.chdir(NOTEBOOKS)
    lesson = next((REPO / "lessons").glob(f"{number}-*.md")).read_text()
    block = lesson.split(KEY_BEGIN, 1)[1].split(KEY_END, 1)[0].strip()
    notebook = next(NOTEBOOKS.glob(f"{number}-*.ipynb"))
    assert block == answer_key_markdown(notebook)
    assert block.count("\n") >= 5


def test_answer_text_cells_hold_only_the_answer():
    """A markdown cell tagged answer (left out of the student edition) must not swallow a heading or
    the next prompt."""
    for path in MINE:
        for cell in read(path).cells:
            if cell.cell_type == "markdown" and ANSWER_TAG in tags(cell):
                assert not PROMPT.search(cell.source) and "#" not in cell.source, (path.name, cell.source[:80])
                assert "\n\n" not in cell.source.strip(), (path.name, cell.source[:80])
