"""Run All is safe: the student edition of every notebook that uses the question bank, run top to
bottom in a fresh kernel as Run All does, shows no answer; the stored student edition holds none;
no heading, explanation or prompt of the teacher edition is lost; answer cells hold only answers.

The answers looked for come from the question bank (each question's answer and worked answer, made
by the kit), never typed here.  A notebook joins these tests as soon as it imports
``wizard_edu.teach.questions`` (see docs/questions.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from wizard_edu.teach.editions import ANSWER_TAG, TEACHER_TAG, student_edition, tags
from wizard_edu.teach.questions import spec
from wizard_edu.widgets.ask import ask, worked

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
QID = r"(?:\d\d|check-[a-z]+-(?:before|after))\.[a-z0-9-]+"   # a notebook's question, or a unit check's
ASK = re.compile(rf'\bask\("({QID})"\)')
WORKED_LINE = re.compile(rf'^worked\("{QID}"\)$')
PROMPT = re.compile(r"(Think first|Try first|Try it|Your turn)", re.IGNORECASE)


def bank_notebooks() -> list[Path]:
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")) + sorted(NOTEBOOKS.glob("check-*.ipynb")):
        if "from wizard_edu.widgets.ask import" in path.read_text(encoding="utf-8"):
            found.append(path)
    return found


NOTEBOOK_PATHS = bank_notebooks()


def read(path: Path):
    return nbformat.read(path, as_version=4)


def asked(nb) -> list[str]:
    return [qid for c in nb.cells if c.cell_type == "code" and ANSWER_TAG not in tags(c)
            for qid in ASK.findall(c.source)]


def output_texts(nb) -> list[str]:
    """Every output a learner can see: streams, text, HTML, and errors."""
    out = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append(o.get("text", ""))
            if o.get("output_type") == "error":
                out.append("\n".join(o.get("traceback", [])))
            for key in ("text/plain", "text/html", "text/markdown"):
                if key in o.get("data", {}):
                    value = o["data"][key]
                    out.append("".join(value) if isinstance(value, list) else value)
    return out


def widget_state(nb) -> str:
    return json.dumps(nb.metadata.get("widgets", {}))


def answers_of(qids: list[str]) -> tuple[list[str], list[str], list[str]]:
    """``(long, choices, short)``: long texts (a worked answer's sentences and pictures, long answers)
    that must appear nowhere; right choices, which are on their buttons (so in the widget state) but
    in no output; short answers (like "36", "Ben") that no output may be on its own."""
    long, choices, short = [], [], []
    for qid in qids:
        question = ask(qid, record=False)
        shown = worked(qid)
        long.extend(s for s in shown.sentences if len(s) >= 12)
        # a picture or table made for the worked answer (not the inside of a widget such as the
        # dealing machine, which the notebook may show elsewhere for play)
        long.extend(child.value for child in shown.children[1:]
                    if type(child).__name__ == "HTML" and len(child.value) >= 40)
        if len(question.answer_text) < 12:
            short.append(question.answer_text)
        else:
            (choices if question.kind == "choice" else long).append(question.answer_text)
        if question.kind == "click":
            long.append(f"The answer is {question.answer_text}")
    return long, choices, short


def assert_no_answer(nb, qids: list[str], where: str) -> None:
    long, choices, short = answers_of(qids)
    texts = output_texts(nb)
    state = widget_state(nb)
    joined = "\n".join(texts)
    for text in long:
        assert text not in joined, f"{where}: an output shows an answer: {text[:100]!r}"
        assert json.dumps(text)[1:-1] not in state, f"{where}: the widget state holds an answer: {text[:100]!r}"
    for text in choices:
        assert text not in joined, f"{where}: an output shows an answer: {text[:100]!r}"
    for text in short:
        for t in texts:
            lines = {line.strip() for line in t.splitlines()}
            assert t.strip() != text and text not in lines, f"{where}: an output is the answer {text!r}"
            assert f"answer: {text}" not in t and f"answer is {text}" not in t, f"{where}: {text!r} shown"
    assert "wizard-question-worked" not in state and "wizard-worked-answer" not in state, where


def test_some_notebooks_use_the_bank():
    assert len(NOTEBOOK_PATHS) >= 1


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem[:2] if p.stem[:2].isdigit() else p.stem)
def test_the_stored_student_edition_holds_no_answer(path):
    teacher = read(path)
    student = student_edition(teacher)
    qids = asked(teacher)
    assert qids, path.name
    assert_no_answer(student, qids, f"stored student edition of {path.name}")
    assert not re.search(r"\bworked\s*\(", nbformat.writes(student))


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem[:2] if p.stem[:2].isdigit() else p.stem)
def test_run_all_on_the_student_edition_shows_no_answer(path, tmp_path, monkeypatch):
    """Run All, as a learner does: every cell top to bottom in a fresh kernel, then look at everything."""
    from nbclient import NotebookClient

    home = tmp_path / "home"
    monkeypatch.setenv("WIZARD_EDU_HOME", str(home))
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    teacher = read(path)
    student = student_edition(teacher)
    NotebookClient(student, timeout=300, kernel_name="python3", allow_errors=False,
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    assert_no_answer(student, asked(teacher), f"{path.name} after Run All")
    assert not any(home.rglob("progress.json")), "Run All recorded progress"


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem[:2] if p.stem[:2].isdigit() else p.stem)
def test_no_text_is_lost_and_answer_cells_hold_only_answers(path):
    teacher = read(path)
    student = student_edition(teacher)
    kept = [c.source for c in student.cells]
    for cell in teacher.cells:
        answer = ANSWER_TAG in tags(cell) or TEACHER_TAG in tags(cell)
        if not answer:
            assert cell.source in kept, f"{path.name}: lost {cell.source[:80]!r}"
            continue
        if cell.cell_type == "markdown":
            # an answer's text only: no heading, no prompt, no second paragraph that could be more
            assert not PROMPT.search(cell.source) and not re.search(r"^#", cell.source, re.M), cell.source[:80]
            assert "✎" not in cell.source and "\n\n" not in cell.source.strip(), cell.source[:80]
        elif ANSWER_TAG in tags(cell):
            lines = [ln.strip() for ln in cell.source.splitlines() if ln.strip() and not ln.strip().startswith("#")]
            assert lines and all(WORKED_LINE.match(ln) for ln in lines), f"{path.name}: {cell.source[:80]!r}"
    assert asked(teacher) == asked(student)
    # every question the notebook asks is in the bank, once
    qids = asked(teacher)
    assert len(qids) == len(set(qids)), path.name
    for qid in qids:
        assert spec(qid).notebook == path.stem


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem[:2] if p.stem[:2].isdigit() else p.stem)
def test_every_question_of_the_bank_is_asked_and_shown_in_the_teacher_edition(path):
    from wizard_edu.teach.questions import bank

    teacher = read(path)
    answered = [m for c in teacher.cells if ANSWER_TAG in tags(c)
                for m in re.findall(rf'worked\("({QID})"\)', c.source)]
    assert asked(teacher) == bank(path.stem).ids
    assert set(answered) == set(bank(path.stem).ids), "each question has its worked answer in the teacher edition"
