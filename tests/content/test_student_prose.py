"""No answer in the student edition's prose (issue 28), and no answer from ``worked()`` there.

The student edition drops each worked answer but keeps the text around it.  So the markdown that
follows a question, up to the next question, must not say what the worked answer says: neither its
sentences (any run of 6 words) nor its key figures (fractions, decimals, ``comb(56, 5)``-like
expressions, the numeric answer itself).  And ``worked("id")`` typed into a student edition shows
no answer until the learner has tried the question.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from wizard_edu.teach.editions import student_edition
from wizard_edu.teach.questions import spec
from wizard_edu.widgets.ask import NOT_YET, ask, worked
from wizard_edu.widgets.question import WorkedAnswer

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))
ASK = re.compile(r"""\bask\(\s*["'](\d\d\.[a-z0-9-]+)["']""")
WORDS = 6


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path, monkeypatch):
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def _words(text: str) -> list[str]:
    text = re.sub(r"[*_`#>|\\]", " ", text.lower())
    return re.findall(r"[a-z0-9][a-z0-9'/.,≈−-]*[a-z0-9]|[a-z0-9]", text)


def _runs(text: str, n: int = WORDS) -> set[str]:
    w = _words(text)
    return {" ".join(w[i:i + n]) for i in range(len(w) - n + 1)}


def key_figures(qid: str) -> set[str]:
    """The figures that give the answer away: fractions, decimals, expressions like comb(56, 5), and a
    numeric answer of two digits or more."""
    shown = WorkedAnswer(ask(qid, record=False, shuffle=False))
    text = " ".join([shown.answer_text, *shown.sentences])
    found = set(re.findall(r"(?<![\w./])\d+/\d+(?![\w/])", text))          # 3/7, 22737/32509
    found |= set(re.findall(r"(?<![\w.])\d+\.\d{2,}(?!\d)", text))         # 0.43, 2.852
    found |= {m.replace(" ", "") for m in re.findall(r"\b[a-z_]+\(\d+,\s*\d+\)", text)}   # comb(56, 5)
    found |= set(re.findall(r"^(?:about )?(\d{2,})(?!\S)", shown.answer_text))
    return found


def prose_after_questions(path: Path) -> list[tuple[str, str]]:
    """``(question id, the student edition's markdown after it up to the next question)``."""
    nb = student_edition(nbformat.read(path, as_version=4))
    out: list[tuple[str, str]] = []
    current: str | None = None
    text: list[str] = []
    for cell in nb.cells:
        asked = ASK.findall(cell.source) if cell.cell_type == "code" else []
        if asked:
            if current:
                out.append((current, "\n".join(text)))
            current, text = asked[-1], []
        elif cell.cell_type == "markdown" and re.match(r"#+ What you learned", cell.source.strip()):
            break        # the closing summary, after every question, recaps what the answers taught
        elif cell.cell_type == "markdown" and current:
            text.append(cell.source)
    if current:
        out.append((current, "\n".join(text)))
    return out


CASES = [(path.stem[:2], qid, prose) for path in NOTEBOOKS for qid, prose in prose_after_questions(path)]


@pytest.mark.parametrize("qid,prose", [(qid, prose) for _, qid, prose in CASES], ids=[c[1] for c in CASES])
def test_the_prose_after_a_question_does_not_give_its_answer(qid, prose):
    shown = WorkedAnswer(ask(qid, record=False, shuffle=False))
    said = set()
    for sentence in [shown.answer_text, *shown.sentences]:
        said |= _runs(sentence)
    copied = sorted(said & _runs(prose))
    assert not copied, f"{qid}: the prose after the question repeats its worked answer: {copied[:3]}"
    flat = prose.replace(" ", "").replace("`", "")
    figures = sorted(f for f in key_figures(qid) if re.search(rf"(?<![\w./]){re.escape(f)}(?![\w/]|\.\d)", flat))
    assert not figures, f"{qid}: the prose after the question shows its key figures {figures}"


def test_every_notebook_with_questions_was_searched():
    assert {nb for nb, _, _ in CASES} >= {f"{n:02d}" for n in range(1, 16)}


# -- worked() in the student edition -------------------------------------------------------------------
def _student_file(tmp_path: Path, name: str = "06-from-junior-to-classic") -> Path:
    nb = student_edition(nbformat.read(REPO / "notebooks" / f"{name}.ipynb", as_version=4))
    target = tmp_path / f"{name}.ipynb"
    nbformat.write(nb, target)
    return target


def test_worked_shows_no_answer_in_a_student_edition_until_the_question_is_tried(tmp_path, monkeypatch):
    monkeypatch.setenv("JPY_SESSION_NAME", str(_student_file(tmp_path)))
    answer = ask("06.us-leader", record=False).answer_text
    refused = worked("06.us-leader")
    assert NOT_YET in repr(refused) and answer not in repr(refused) and answer not in refused._repr_html_()
    q = ask("06.us-leader")                     # the learner tries it twice: "Show answer" is there now
    for wrong in [c for c in q.choices if c != q._answer][:2]:
        q.choose(wrong)
    assert repr(worked("06.us-leader")).startswith(f"✔ The answer: {answer}.")


def test_worked_shows_no_answer_in_a_new_notebook_either(tmp_path, monkeypatch):
    new = tmp_path / "Untitled.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('worked("09.six-add-up")')]), new)
    monkeypatch.setenv("JPY_SESSION_NAME", str(new))
    assert NOT_YET in repr(worked("09.six-add-up"))


def test_the_teacher_edition_still_shows_its_worked_answers(monkeypatch):
    monkeypatch.setenv("JPY_SESSION_NAME", str(REPO / "notebooks" / "06-from-junior-to-classic.ipynb"))
    assert repr(worked("06.us-leader")).startswith("✔ The answer:")
    monkeypatch.delenv("JPY_SESSION_NAME")      # nbval, Run All tools, scripts: no notebook a learner opened
    assert repr(worked("06.us-leader")).startswith("✔ The answer:")


def test_a_learner_typing_worked_in_a_running_student_edition_sees_no_answer(tmp_path, monkeypatch):
    """The real thing: a kernel runs the student edition's set-up cell, then a cell the learner typed."""
    from nbclient import NotebookClient

    path = _student_file(tmp_path)
    nb = nbformat.read(path, as_version=4)
    setup = next(c for c in nb.cells if c.cell_type == "code" and "import" in c.source and "ask" in c.source)
    nb.cells = [setup, nbformat.v4.new_code_cell('worked("06.us-leader")')]
    nbformat.write(nb, path)
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))       # what JupyterLab tells the kernel
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = json.dumps(nb.cells[-1].outputs)
    assert NOT_YET.split(":")[0] in shown
    assert spec("06.us-leader").answer() not in shown
