"""Teacher and student editions of the notebooks, from one source (the otter-assign / nbgrader idea).

The stored notebooks in ``notebooks/`` are the **teacher edition**: every output is there (nbval checks
them).  Cells are tagged (cell metadata ``tags``, in the MyST sources ``:tags: [answer]``):

* ``answer``: the cell reveals an answer.  In the student edition a code cell keeps its code but loses
  its outputs (the learner runs it after trying the question above it); a markdown cell is removed.
* ``teacher``: teacher-only (model answers to "Try it yourself", notes).  Removed from the student edition.

The student edition also drops the stored widget state (widgets are re-made when the learner runs
the notebook).

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", metadata={"tags": ["answer"]},
...     outputs=[nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)])])
>>> student_edition(nb).cells[0].outputs
[]
"""

from __future__ import annotations

import copy
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import EditionError

ANSWER_TAG = "answer"
TEACHER_TAG = "teacher"


def tags(cell: Any) -> list[str]:
    """A cell's tags (empty list when it has none)."""
    return list(cell.get("metadata", {}).get("tags", []))


def student_edition(nb: Any) -> Any:
    """A copy of the notebook ``nb`` (an ``nbformat`` notebook) as the student edition."""
    out = copy.deepcopy(nb)
    cells = []
    for cell in out.cells:
        t = tags(cell)
        if TEACHER_TAG in t:
            continue
        if ANSWER_TAG in t:
            if cell.cell_type != "code":
                continue
            cell.outputs = []
            cell.execution_count = None
        cells.append(cell)
    out.cells = cells
    out.metadata.pop("widgets", None)
    out.metadata.setdefault("wizard_edu", {})["edition"] = "student"
    return out


def _check_out_dir(out_dir: Path, force: bool) -> None:
    if out_dir.is_symlink():
        raise EditionError(f"{out_dir} is a symbolic link: give a real folder (links are never followed).")
    if out_dir.exists():
        if not out_dir.is_dir():
            raise EditionError(f"{out_dir} is a file, not a folder.")
        if any(out_dir.iterdir()) and not force:
            raise EditionError(f"{out_dir} is not empty: choose a new folder, or add --force to write into it.")


def _write_atomic(text: str, target: Path) -> None:
    """Write ``text`` to ``target`` through a temporary file and ``os.replace`` (a symlink at ``target``
    is replaced by the file, never followed)."""
    fd, tmp = tempfile.mkstemp(prefix=".student-", suffix=".ipynb", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_student_copy(notebooks: Path, out_dir: Path, force: bool = False) -> list[Path]:
    """Write the student edition of every ``*.ipynb`` in ``notebooks`` into ``out_dir``.

    Refuses a folder that is not empty (unless ``force``) and any symbolic link (the output folder, or
    a notebook that is a link: it is not read).  Returns the files written.
    """
    import nbformat

    notebooks, out_dir = Path(notebooks), Path(out_dir)
    if not notebooks.is_dir() or notebooks.is_symlink():
        raise EditionError(f"{notebooks} is not a notebooks folder.")
    if out_dir.exists() and notebooks.resolve() == out_dir.resolve():
        raise EditionError("The student copy must go to another folder than the teacher's notebooks.")
    _check_out_dir(out_dir, force)
    sources = sorted(p for p in notebooks.glob("*.ipynb") if not p.is_symlink() and p.is_file())
    if not sources:
        raise EditionError(f"There are no notebooks in {notebooks}.")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for src in sources:
        try:
            nb = nbformat.read(src, as_version=4)
        except Exception as exc:  # noqa: BLE001 - nbformat raises many kinds
            raise EditionError(f"{src} could not be read as a notebook ({exc}).") from None
        target = out_dir / src.name
        _write_atomic(nbformat.writes(student_edition(nb)), target)
        written.append(target)
    return written


# -- answer keys ---------------------------------------------------------------------------------
def answer_key(notebook: str | os.PathLike) -> list[tuple[str, str]]:
    """``(question, answer)`` for every checked question of a notebook, in order, for the lesson plans.

    Runs the notebook's code cells in this process (teacher-only and answer cells included) and
    notes each :class:`~wizard_edu.widgets.Question` as it is made.  Nothing is recorded as progress.
    """
    import contextlib
    import io

    import matplotlib
    import nbformat

    from .widgets import question as question_module

    matplotlib.use("Agg")
    nb = nbformat.read(notebook, as_version=4)
    found: list[tuple[str, str]] = []
    original = question_module.Question.__init__

    def noting(self, *args, **kwargs):
        kwargs["record"] = False
        original(self, *args, **kwargs)
        shown = f"{self.prompt} ({' '.join(map(str, self.cards))})" if self.kind == "click" else self.prompt
        found.append((shown, self.answer_text))

    namespace: dict[str, Any] = {"__name__": "__main__"}
    question_module.Question.__init__ = noting  # type: ignore[method-assign]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in nb.cells:
                if cell.cell_type == "code":
                    exec(compile(cell.source, f"<{Path(notebook).name}>", "exec"), namespace)  # noqa: S102
    finally:
        question_module.Question.__init__ = original  # type: ignore[method-assign]
        import matplotlib.pyplot as plt

        plt.close("all")
    return found


def answer_key_markdown(notebook: str | os.PathLike) -> str:
    """The answer key of a notebook as a Markdown table (what ``lessons/NN-*.md`` include)."""
    rows = ["| # | Question in the notebook | Answer |", "|---|---|---|"]
    for i, (prompt, answer) in enumerate(answer_key(notebook), start=1):
        rows.append(f"| {i} | {prompt.replace('|', '/')} | {answer.replace('|', '/')} |")
    return "\n".join(rows)


KEY_BEGIN = "<!-- answer-key:begin (made by wizard_edu.editions.update_answer_keys; do not edit by hand) -->"
KEY_END = "<!-- answer-key:end -->"


def update_answer_keys(lessons: str | os.PathLike = "lessons", notebooks: str | os.PathLike = "notebooks",
                       only: tuple[str, ...] = ()) -> list[Path]:
    """Rewrite the generated answer-key block of each lesson plan from its notebook's questions.

    A lesson ``lessons/NN-name.md`` gets the key of ``notebooks/NN-name.ipynb`` between
    :data:`KEY_BEGIN` and :data:`KEY_END` (lessons without the markers are left alone).
    """
    changed = []
    for lesson in sorted(Path(lessons).glob("[0-9][0-9]-*.md")):
        if only and not lesson.name.startswith(only):
            continue
        text = lesson.read_text(encoding="utf-8")
        if KEY_BEGIN not in text:
            continue
        notebook = Path(notebooks) / (lesson.stem + ".ipynb")
        head, rest = text.split(KEY_BEGIN, 1)
        _, tail = rest.split(KEY_END, 1)
        new = f"{head}{KEY_BEGIN}\n{answer_key_markdown(notebook)}\n{KEY_END}{tail}"
        if new != text:
            lesson.write_text(new, encoding="utf-8")
            changed.append(lesson)
    return changed


__all__ = ["student_edition", "write_student_copy", "tags", "answer_key", "answer_key_markdown", "update_answer_keys",
           "KEY_BEGIN", "KEY_END", "ANSWER_TAG",
           "TEACHER_TAG"]
