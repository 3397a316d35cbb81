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


__all__ = ["student_edition", "write_student_copy", "tags", "ANSWER_TAG", "TEACHER_TAG"]
