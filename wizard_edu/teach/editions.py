"""Teacher and student editions of the notebooks, from one source (the otter-assign / nbgrader idea).

The stored notebooks in ``notebooks/`` are the **teacher edition**: every output is there (nbval checks
them).  Cells are tagged (cell metadata ``tags``, in the MyST sources ``:tags: [answer]``):

* ``answer``: the cell holds an answer and nothing else (in a code cell, ``worked("01.deck-size")``
  from :mod:`wizard_edu.widgets.ask`).  The student edition drops the cell whole: its code, its
  outputs, its text.  The learner sees the worked answer inside the question, once it is due.
* ``teacher``: teacher-only (model answers to "Try it yourself", notes).  Removed from the student edition.

A code cell that shows a worked answer (calls ``worked(``) must be tagged ``answer``: the student
edition refuses a notebook where one is not (:class:`EditionError`), so a forgotten tag cannot leak
an answer.  The student edition also drops the stored widget state (widgets are re-made when the
learner runs the notebook), and carries the kernel metadata of the computer it is made on
(:func:`kernel_metadata`), so JupyterLab does not mark it modified the moment it opens.
See ``docs/questions.md``.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('ask("01.deck-size")'),
...     nbformat.v4.new_code_cell('worked("01.deck-size")', metadata={"tags": ["answer"]})])
>>> [c.source for c in student_edition(nb).cells]
['ask("01.deck-size")']
"""

from __future__ import annotations

import copy
import functools
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import EditionError
from ..files import write_atomic

ANSWER_TAG = "answer"
TEACHER_TAG = "teacher"
#: The kernel every notebook of the kit runs on.
KERNEL_NAME = "python3"


@functools.cache
def kernel_metadata(kernel_name: str = KERNEL_NAME) -> dict[str, Any]:
    """What JupyterLab writes into a notebook's metadata when this computer's kernel starts.

    On connecting a kernel, JupyterLab sets ``kernelspec`` to the kernel's spec and
    ``language_info`` to what the kernel reports; if the stored notebook said anything else
    (ipykernel calls itself "Python 3 (ipykernel)", jupytext's default is "Python 3"; another
    Python version), the notebook is marked modified as soon as it opens, and autosave then
    rewrites it.  Returns ``{"kernelspec": {...}}`` plus ``{"python_version": "3.11.7"}`` when the
    kernel runs this very Python (jupyter_client starts a spec whose program is ``python`` with
    this interpreter); empty when the kernel is not installed here.
    """
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(kernel_name)
    except NoSuchKernel:
        return {}
    meta: dict[str, Any] = {"kernelspec": {"display_name": spec.display_name, "language": spec.language,
                                           "name": kernel_name}}
    major, minor = sys.version_info[:2]
    if spec.argv and spec.argv[0] in {"python", f"python{major}", f"python{major}.{minor}", sys.executable}:
        meta["python_version"] = sys.version.split()[0]   # what ipykernel puts in its language_info
    return meta


def match_kernel(nb: Any, meta: dict[str, Any] | None = None) -> Any:
    """Give ``nb`` (in place, and returned) the kernel metadata JupyterLab would write on opening it.

    ``meta`` defaults to this computer's (:func:`kernel_metadata`); unknown parts are left as stored.
    """
    meta = kernel_metadata() if meta is None else meta
    if "kernelspec" in meta:
        nb.metadata["kernelspec"] = dict(meta["kernelspec"])
    info = nb.metadata.get("language_info")
    if "python_version" in meta and isinstance(info, dict) and info.get("name") == "python":
        info["version"] = meta["python_version"]
    return nb


def tags(cell: Any) -> list[str]:
    """A cell's tags (empty list when it has none)."""
    return list(cell.get("metadata", {}).get("tags", []))


#: A call that shows a worked answer openly: only ever in a cell tagged ``answer``.
SHOWS_ANSWER = re.compile(r"\bworked\s*\(")


def student_edition(nb: Any) -> Any:
    """A copy of the notebook ``nb`` (an ``nbformat`` notebook) as the student edition.

    Cells tagged ``answer`` or ``teacher`` are dropped whole; a code cell calling ``worked(`` that is
    not tagged ``answer`` is refused (:class:`EditionError`).
    """
    out = copy.deepcopy(nb)
    cells = []
    for i, cell in enumerate(out.cells):
        t = tags(cell)
        if TEACHER_TAG in t or ANSWER_TAG in t:
            continue
        if cell.cell_type == "code" and SHOWS_ANSWER.search(cell.source):
            raise EditionError(f"Cell {i} shows a worked answer but is not tagged 'answer': tag it, so the "
                               "student edition leaves it out.")
        cells.append(cell)
    out.cells = cells
    out.metadata.pop("widgets", None)
    out.metadata.setdefault("wizard_edu", {})["edition"] = "student"
    return match_kernel(out)


def _check_out_dir(out_dir: Path, force: bool) -> None:
    if out_dir.is_symlink():
        raise EditionError(f"{out_dir} is a symbolic link: give a real folder (links are never followed).")
    if out_dir.exists():
        if not out_dir.is_dir():
            raise EditionError(f"{out_dir} is a file, not a folder.")
        if any(out_dir.iterdir()) and not force:
            raise EditionError(f"{out_dir} is not empty: choose a new folder, or add --force to write into it.")


def _write_atomic(text: str, target: Path) -> None:
    """A student notebook written whole or not at all (readable by everyone, like the kit's own)."""
    write_atomic(target, text, mode=0o644)


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


# -- the learner's folder (what `wizard-edu lab` serves) -----------------------------------------
#: Where ``wizard-edu lab`` keeps a learner's own notebooks, unless ``--learner-dir`` or this variable says.
LEARNER_DIR_ENV = "WIZARD_EDU_LEARNER_DIR"
#: The default learner folder, in the learner's home (not in the kit's folder: see :func:`default_learner_dir`).
LEARNER_DIR_NAME = "wizard-edu-notebooks"
#: The manifest of what the kit wrote into a learner folder (a hidden file: JupyterLab does not list it).
MANIFEST_NAME = ".wizard-edu-manifest.json"


def default_learner_dir() -> Path:
    """``$WIZARD_EDU_LEARNER_DIR``, else ``~/wizard-edu-notebooks``.

    In the learner's home rather than the kit's folder: it survives ``make clean``, a fresh clone
    or an update of the kit, and on a shared computer each account has its own.
    """
    env = os.environ.get(LEARNER_DIR_ENV, "").strip()
    return Path(env).expanduser() if env else Path.home() / LEARNER_DIR_NAME


def new_copy_name(name: str) -> str:
    """Where an updated notebook goes when the learner changed theirs.

    >>> new_copy_name("05-play-wizard-junior.ipynb")
    '05-play-wizard-junior (new).ipynb'
    """
    stem = name[: -len(".ipynb")] if name.endswith(".ipynb") else name
    return f"{stem} (new).ipynb"


@dataclass
class LearnerSync:
    """What :func:`sync_learner_folder` did, notebook by notebook (file names)."""

    folder: Path
    added: list[str] = field(default_factory=list)      # new to this folder (or deleted by the learner)
    updated: list[str] = field(default_factory=list)    # unchanged by the learner, replaced by the kit's new version
    kept: list[str] = field(default_factory=list)       # changed by the learner: left exactly as they are
    new_copies: list[str] = field(default_factory=list)  # the kit's new version, written beside the learner's
    created: bool = False                                 # the folder was made now (a first start)

    def summary(self) -> str:
        """Plain sentences for the learner (empty when nothing changed)."""
        def some(names: list[str]) -> str:
            count = f"{len(names)} notebook{'s' if len(names) != 1 else ''}"
            return count if len(names) > 4 else f"{count} ({', '.join(names)})"

        lines = []
        if self.created:
            lines.append(f"Your folder was made with {some(self.added)}.")
        elif self.added:
            lines.append(f"New: {some(self.added)}.")
        if self.updated:
            lines.append(f"Brought up to date (you had not changed them): {some(self.updated)}.")
        if self.new_copies:
            lines.append("You changed these notebooks, so yours are kept exactly as they are; the kit's "
                         f"newer version is beside each: {', '.join(self.new_copies)}.")
        return "\n".join(lines)


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _file_sha(path: Path) -> str | None:
    """The hash of a regular file's bytes; None when it is missing, a link or not a file."""
    if path.is_symlink() or not path.is_file():
        return None
    return _sha256(path.read_bytes())


def _read_manifest(path: Path) -> dict[str, dict[str, str]]:
    import json

    if path.is_symlink() or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}   # a broken manifest: every existing notebook then counts as the learner's (safe side)
    files = data.get("files", {}) if isinstance(data, dict) else {}
    return {k: v for k, v in files.items() if isinstance(v, dict)}


def sync_learner_folder(notebooks: str | os.PathLike, learner_dir: str | os.PathLike) -> LearnerSync:
    """Make or refresh a learner's folder of student-edition notebooks from the teacher's ``notebooks``.

    Created on first use.  Later: new notebooks are added; a notebook the learner has not changed
    (its bytes still hash to what the kit last wrote, kept in the hidden manifest ``.wizard-edu-manifest.json``)
    is replaced by the kit's newer version.  A notebook the learner changed or saved is **never**
    overwritten: when the kit's version changed, it is written beside it as ``NAME (new).ipynb``
    (once per new version; that copy too is only refreshed while the learner has not changed it).
    A notebook the learner deleted comes back fresh (the way to start one again).  Links are never
    followed or written through.
    """
    import json

    import nbformat

    notebooks, folder = Path(notebooks), Path(learner_dir)
    if not notebooks.is_dir() or notebooks.is_symlink():
        raise EditionError(f"{notebooks} is not a notebooks folder.")
    if folder.is_symlink():
        raise EditionError(f"{folder} is a symbolic link: give the real folder (links are never followed).")
    if folder.exists() and not folder.is_dir():
        raise EditionError(f"{folder} is a file, not a folder: move it, or choose another learner folder.")
    if folder.exists() and folder.resolve() == notebooks.resolve():
        raise EditionError("The learner's folder must be another folder than the teacher's notebooks.")
    sources = sorted(p for p in notebooks.glob("*.ipynb") if not p.is_symlink() and p.is_file())
    if not sources:
        raise EditionError(f"There are no notebooks in {notebooks}.")
    created = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST_NAME
    manifest = _read_manifest(manifest_path)
    report = LearnerSync(folder, created=created)
    for src in sources:
        try:
            text = nbformat.writes(student_edition(nbformat.read(src, as_version=4)))
        except Exception as exc:  # noqa: BLE001 - nbformat raises many kinds
            raise EditionError(f"{src} could not be read as a notebook ({exc}).") from None
        kit_sha = _sha256(text.encode("utf-8"))
        name, target = src.name, folder / src.name
        entry = manifest.get(name, {})
        theirs = _file_sha(target)
        if not os.path.lexists(target):
            _write_atomic(text, target)
            entry = {"written": kit_sha, "offered": kit_sha}
            report.added.append(name)
        elif theirs == kit_sha:
            entry = {"written": kit_sha, "offered": kit_sha}   # already the kit's version
        elif theirs is not None and theirs == entry.get("written"):
            _write_atomic(text, target)                       # the learner never changed it
            entry = {"written": kit_sha, "offered": kit_sha}
            report.updated.append(name)
        else:
            # The learner's own (changed, saved, or a link they made): never touched.
            report.kept.append(name)
            if entry.get("offered") != kit_sha:
                new_name = new_copy_name(name)
                new_target = folder / new_name
                new_theirs = _file_sha(new_target)
                if not os.path.lexists(new_target) or (new_theirs is not None
                                                       and new_theirs == entry.get("new_written")):
                    _write_atomic(text, new_target)
                    entry = {**entry, "offered": kit_sha, "new_written": kit_sha}
                    report.new_copies.append(new_name)
        manifest[name] = entry
    _write_atomic(json.dumps({"about": "What wizard-edu lab last wrote here (sha256 of each file), so it "
                                       "never overwrites a notebook you changed.",
                              "files": manifest}, indent=1, sort_keys=True) + "\n", manifest_path)
    return report


# -- answer keys ---------------------------------------------------------------------------------
def answer_key(notebook: str | os.PathLike) -> list[tuple[str, str]]:
    """``(question, answer)`` for every checked question of a notebook, in order, for the lesson plans.

    Runs the notebook's code cells in this process (teacher-only and answer cells included) and
    notes each :class:`~wizard_edu.widgets.Question` as it is made.  Nothing is recorded as progress.
    A worked answer shown openly (``worked("id")``, :mod:`wizard_edu.widgets.ask`) is not a question of
    its own: it is not noted again.
    """
    import contextlib
    import io
    from unittest import mock

    import matplotlib
    import nbformat

    from ..widgets import ask as ask_module
    from ..widgets import question as question_module

    matplotlib.use("Agg")
    nb = nbformat.read(notebook, as_version=4)
    found: list[tuple[str, str]] = []
    original = question_module.Question.__init__

    def noting(self, *args, **kwargs):
        kwargs["record"] = False
        original(self, *args, **kwargs)
        shown = f"{self.prompt} ({' '.join(map(str, self.cards))})" if self.kind == "click" else self.prompt
        why = self._why   # a two-option question's follow-up "why" (wizard_edu.widgets.Question)
        found.append((shown, self.answer_text + (f" (why: {question_module._value(why['answer'])})" if why else "")))

    namespace: dict[str, Any] = {"__name__": "__main__"}
    try:
        # patch.object puts the real __init__ back however the notebook's code ends.
        with mock.patch.object(question_module.Question, "__init__", noting), \
                mock.patch.object(ask_module, "worked", lambda qid: None), \
                contextlib.redirect_stdout(io.StringIO()):
            for cell in nb.cells:
                # a worked answer re-makes its question: count each question once, where it is asked
                if cell.cell_type == "code" and not (ANSWER_TAG in tags(cell) and SHOWS_ANSWER.search(cell.source)):
                    exec(compile(cell.source, f"<{Path(notebook).name}>", "exec"), namespace)  # noqa: S102
    finally:
        import matplotlib.pyplot as plt

        plt.close("all")
    return found


def answer_key_markdown(notebook: str | os.PathLike) -> str:
    """The answer key of a notebook as a Markdown table (what ``lessons/NN-*.md`` include)."""
    rows = ["| # | Question in the notebook | Answer |", "|---|---|---|"]
    for i, (prompt, answer) in enumerate(answer_key(notebook), start=1):
        rows.append(f"| {i} | {prompt.replace('|', '/')} | {answer.replace('|', '/')} |")
    return "\n".join(rows)


KEY_BEGIN = "<!-- answer-key:begin (made by wizard_edu.teach.editions.update_answer_keys; do not edit by hand) -->"
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


__all__ = ["student_edition", "write_student_copy", "tags", "sync_learner_folder", "default_learner_dir",
           "LearnerSync", "new_copy_name", "LEARNER_DIR_ENV", "MANIFEST_NAME", "answer_key", "answer_key_markdown", "update_answer_keys",
           "KEY_BEGIN", "KEY_END", "ANSWER_TAG",
           "TEACHER_TAG"]
