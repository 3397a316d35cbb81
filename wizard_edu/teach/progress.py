"""A learner's progress, kept in their own home folder, and the class table a teacher collects.

Where: ``~/.wizard-edu/progress.json`` (or ``$WIZARD_EDU_HOME/.wizard-edu/progress.json`` when the
environment variable ``WIZARD_EDU_HOME`` is set; tests and servers point it at a temporary folder).
Never inside a notebook.  The file is written atomically (a temporary file in the same folder, then
``os.replace``), so a pupil closing the laptop mid-write never leaves half a file.

Nothing is recorded while a notebook is merely run (Run All, nbval): only a learner's own check of an
answer (:class:`wizard_edu.widgets.Question`) or a trainer level reached by clicking calls
:func:`record` / :func:`record_level`.

The learner's name: ``JUPYTERHUB_USER`` where set (each pupil has their own home there), else
``$WIZARD_EDU_LEARNER`` (a kid-mode page's learner: the kid server gives each page's kernel the name
and a home of its own, :mod:`wizard_edu.kidmode.learners`), otherwise the name the learner typed once
(:func:`set_learner`), stored in the file.  Answers given before a name was
typed are kept under :data:`UNNAMED` and move to the name when it is given.

File format (``format`` and ``version`` identify it; anything else is refused by name)::

    {"format": "wizard-edu-progress", "version": 1, "current": "Ada",
     "learners": {"Ada": {"06-from-junior-to-classic": {
         "questions": {"score-2-2": {"tries": 2, "correct": true, "first_try": false}},
         "trainers": {"trick-trainer-classic": {"level": 3}}}}}}

>>> import tempfile
>>> home = tempfile.mkdtemp()
>>> record("Ada", "demo", "score", False, home=home); record("Ada", "demo", "score", True, home=home)
>>> record("Ada", "demo", "trump", True, home=home)
>>> row = class_report([home]).loc[("Ada", "demo")].to_dict()
>>> {k: row[k] for k in ("questions done", "out of", "right first time", "tries", "trainer level")}
{'questions done': 2, 'out of': '', 'right first time': 1, 'tries': 3, 'trainer level': ''}

"out of" is the number of questions the notebook asks (from :mod:`wizard_edu.teach.questions`; empty when
the notebook has no question bank); "last worked" is the time of the learner's last counted check
or trainer level in that notebook (UTC).
"""

from __future__ import annotations

import datetime as _dt
import glob
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..errors import ProgressFileError, WizardError
from ..files import write_atomic

FORMAT = "wizard-edu-progress"
VERSION = 1
HOME_ENV = "WIZARD_EDU_HOME"
#: A kid-mode page's learner (set for its kernel by the kid server, with its own ``WIZARD_EDU_HOME``).
LEARNER_ENV = "WIZARD_EDU_LEARNER"
FOLDER = ".wizard-edu"
FILENAME = "progress.json"
#: The key used for answers given before the learner typed a name.
UNNAMED = "(no name yet)"
#: Where a JupyterHub keeps every pupil's home (``wizard-edu report`` with no paths reads these): the
#: usual home folders, and the kit's own class hub (``make hub``: ``/home/wizard-class/NAME``, or the
#: folder ``$WIZARD_HUB_HOMES`` names).
HUB_HOMES = "/home/*/" + FOLDER + "/" + FILENAME
CLASS_HOMES = "/home/wizard-class/*/" + FOLDER + "/" + FILENAME
HUB_HOMES_ENV = "WIZARD_HUB_HOMES"
COLUMNS = ["questions done", "out of", "right first time", "tries", "trainer level", "last worked"]


# -- where -------------------------------------------------------------------------------------
def progress_home(home: str | os.PathLike | None = None) -> Path:
    """The home folder to use: ``home`` if given, else ``$WIZARD_EDU_HOME``, else the user's home."""
    if home is not None:
        return Path(home)
    env = os.environ.get(HOME_ENV)
    return Path(env) if env else Path.home()


def progress_path(home: str | os.PathLike | None = None) -> Path:
    """``HOME/.wizard-edu/progress.json`` for :func:`progress_home`."""
    return progress_home(home) / FOLDER / FILENAME


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "current": None, "learners": {}}


# -- reading and writing -------------------------------------------------------------------------
def read_file(path: str | os.PathLike) -> dict[str, Any]:
    """Read and check one progress file; :class:`ProgressFileError` names the file if it is broken."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProgressFileError(f"{path}: there is no progress file here.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProgressFileError(f"{path}: could not be read ({exc}).") from None
    except json.JSONDecodeError as exc:
        raise ProgressFileError(f"{path}: is broken (not JSON: {exc.msg}, line {exc.lineno}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressFileError(f"{path}: is not a wizard-edu progress file.")
    if data.get("version") != VERSION:
        raise ProgressFileError(f"{path}: is a progress file of version {data.get('version')!r}; "
                                f"this kit reads version {VERSION}.")
    learners = data.get("learners")
    if not isinstance(learners, dict) or not all(
            isinstance(nbs, dict) and all(isinstance(v, dict) for v in nbs.values()) for nbs in learners.values()):
        raise ProgressFileError(f"{path}: is broken (its 'learners' part is not a table of notebooks).")
    return data


def load(home: str | os.PathLike | None = None) -> dict[str, Any]:
    """The learner's progress data (empty when there is no file yet).

    A broken file is not overwritten silently: it raises :class:`ProgressFileError`.
    """
    path = progress_path(home)
    if not path.exists():
        return _empty()
    return read_file(path)


def save(data: dict[str, Any], home: str | os.PathLike | None = None) -> Path:
    """Write the progress data atomically (temporary file in the same folder, then ``os.replace``)."""
    path = progress_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))
    return path


# -- the learner's name ---------------------------------------------------------------------------
def current_learner(home: str | os.PathLike | None = None) -> str | None:
    """The learner's name: ``JUPYTERHUB_USER`` where set, else ``$WIZARD_EDU_LEARNER`` (a kid-mode
    page's), else the name stored in the file, else None."""
    given = os.environ.get("JUPYTERHUB_USER") or os.environ.get(LEARNER_ENV)
    if given:
        return given
    try:
        name = load(home).get("current")
    except ProgressFileError:
        return None
    return name if isinstance(name, str) and name else None


def set_learner(name: str, home: str | os.PathLike | None = None) -> str:
    """Store the learner's name (asked once); answers given before it move to that name."""
    name = " ".join(str(name).split())
    if not name or len(name) > 60:
        raise WizardError("Type your name (1 to 60 letters), so your teacher can see your progress.")
    data = load(home)
    learners = data["learners"]
    unnamed = learners.pop(UNNAMED, None)
    if unnamed:
        mine = learners.setdefault(name, {})
        for notebook, part in unnamed.items():
            into = mine.setdefault(notebook, {})
            for section in ("questions", "trainers"):
                into.setdefault(section, {}).update(part.get(section, {}))
    data["current"] = name
    save(data, home)
    return name


def _notebook_part(data: dict[str, Any], learner: str | None, notebook: str,
                   home: str | os.PathLike | None) -> dict[str, Any]:
    who = learner or current_learner(home) or UNNAMED
    part = data["learners"].setdefault(who, {}).setdefault(str(notebook), {})
    part.setdefault("questions", {})
    part.setdefault("trainers", {})
    return part


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


# -- listeners: told of each event after it is written (the class's live view) ---------------------
_listeners: list[Callable[[dict[str, Any]], None]] = []
_autoloaded = False
#: Set for the kernels of the class hub and of kid mode with --classroom: the class tables' address.
LIVE_ENV = "WIZARD_EDU_TABLES_URL"


def add_listener(listener: Callable[[dict[str, Any]], None]) -> None:
    """Call ``listener(event)`` after each check, hint, shown answer or trainer level is recorded."""
    if listener not in _listeners:
        _listeners.append(listener)


def remove_listener(listener: Callable[[dict[str, Any]], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def _tell(event: dict[str, Any]) -> None:
    """Tell the listeners; a listener's trouble never reaches the learner (the file is the record)."""
    global _autoloaded
    if not _autoloaded:
        _autoloaded = True
        if os.environ.get(LIVE_ENV):   # in class: the sender to the teacher's live view (lazy, see tests/test_layers.py)
            try:
                from ..online.live.sender import install

                install(add_listener, current_learner, progress_path())
            except Exception:  # noqa: BLE001, S110 - progress must never stop learning
                pass
    for listener in list(_listeners):
        try:
            listener({**event, "time": _dt.datetime.now(_dt.timezone.utc).timestamp()})
        except Exception:  # noqa: BLE001, S112
            continue


def note(kind: str, notebook: str, question: str) -> None:
    """A hint shown (``"hint"``) or an answer shown (``"shown"``): told to the listeners only."""
    _tell({"kind": kind, "notebook": str(notebook), "question": str(question)})


# -- recording -------------------------------------------------------------------------------------
def record(learner: str | None, notebook: str, question: str, correct: bool,
           home: str | os.PathLike | None = None, answer: str | None = None) -> None:
    """Record one checked answer: ``correct`` or not.  ``learner=None`` uses :func:`current_learner`.

    A question counts as *done* once answered right; *right first time* when its first check was right.
    """
    data = load(home)
    part = _notebook_part(data, learner, notebook, home)
    entry = part["questions"].setdefault(str(question), {"tries": 0, "correct": False, "first_try": None})
    entry["tries"] = int(entry.get("tries", 0)) + 1
    if entry.get("first_try") is None:
        entry["first_try"] = bool(correct)
    entry["correct"] = bool(entry.get("correct")) or bool(correct)
    entry["last"] = _now()
    save(data, home)
    _tell({"kind": "check", "notebook": str(notebook), "question": str(question), "correct": bool(correct),
           "answer": None if answer is None else str(answer)[:200]})


def record_shown(learner: str | None, notebook: str, question: str,
                 home: str | os.PathLike | None = None) -> None:
    """Record that the learner pressed "Show answer" on a question they had not answered right
    (``"shown": true``: the class report counts it as *answer shown*)."""
    data = load(home)
    part = _notebook_part(data, learner, notebook, home)
    entry = part["questions"].setdefault(str(question), {"tries": 0, "correct": False, "first_try": None})
    entry["shown"] = True
    entry["last"] = _now()
    save(data, home)
    note("shown", notebook, question)


def record_level(trainer: str, level: int | str, notebook: str | None = None, learner: str | None = None,
                 home: str | os.PathLike | None = None) -> None:
    """Record a trainer level the learner reached (kept as the highest so far).

    Trainer widgets call it when a learner's click moves them up a level, e.g.
    ``progress.record_level("trick-trainer-classic", 3)``.  ``notebook`` defaults to the notebook the
    kernel runs (:func:`notebook_name`).
    """
    data = load(home)
    part = _notebook_part(data, learner, notebook or notebook_name(), home)
    entry = part["trainers"].setdefault(str(trainer), {"level": level})
    old = entry.get("level")
    if isinstance(old, int) and isinstance(level, int):
        entry["level"] = max(old, level)
    else:
        entry["level"] = level
    entry["last"] = _now()
    save(data, home)
    _tell({"kind": "level", "notebook": str(notebook or notebook_name()), "question": str(trainer),
           "level": str(level)})


def note_level(trainer: str, level: int | str, notebook: str | None = None,
               home: str | os.PathLike | None = None) -> bool:
    """The hook for trainer widgets: :func:`record_level` that never raises (a broken progress file or a
    full disk must not stop a child's trainer).  True when it was saved.

    Call it from a learner's click only (never from code that Run All executes), e.g. in
    ``TrickTrainer._click_answer``: ``progress.note_level(f"trick-trainer-{self.ruleset.name}", self.level_number)``.
    """
    try:
        record_level(trainer, level, notebook=notebook, home=home)
    except (WizardError, OSError):
        return False
    return True


def notebook_name(default: str = "notebook") -> str:
    """The running notebook's name without ``.ipynb`` (JupyterLab sets ``JPY_SESSION_NAME``), else ``default``."""
    session = os.environ.get("JPY_SESSION_NAME")
    if session:
        name = os.path.basename(session)
        return name[:-6] if name.endswith(".ipynb") else name
    return default


# -- the class table -------------------------------------------------------------------------------
def questions_in(notebook: str) -> int | None:
    """How many questions a notebook asks (its question bank), or None when it has none."""
    from .questions import question_count

    return question_count(notebook) if notebook[:2].isdigit() or notebook.startswith("check-") else None


def _last(entries: Iterable[Any]) -> str:
    """The latest ``last`` time among progress entries ("" when none has one)."""
    times = [e["last"] for e in entries if isinstance(e, dict) and isinstance(e.get("last"), str)]
    return max(times, default="")


def _rows(data: dict[str, Any], fallback: str) -> list[dict[str, Any]]:
    rows = []
    for learner, notebooks in data["learners"].items():
        name = fallback if learner == UNNAMED else learner
        for notebook, part in notebooks.items():
            questions = part.get("questions", {}) if isinstance(part.get("questions"), dict) else {}
            trainers = part.get("trainers", {}) if isinstance(part.get("trainers"), dict) else {}
            levels = [f"{t} {v.get('level')}" for t, v in sorted(trainers.items()) if isinstance(v, dict)]
            total = questions_in(notebook)
            rows.append({
                "learner": name, "notebook": notebook,
                "questions done": sum(1 for q in questions.values() if isinstance(q, dict) and q.get("correct")),
                "out of": "" if total is None else total,
                "right first time": sum(1 for q in questions.values() if isinstance(q, dict) and q.get("first_try")),
                "tries": sum(int(q.get("tries", 0)) for q in questions.values() if isinstance(q, dict)),
                "trainer level": ", ".join(levels),
                "last worked": _last([*questions.values(), *trainers.values()]),
            })
    return rows


def resolve_paths(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """Turn homes, ``.wizard-edu`` folders and files into progress-file paths (homes without one are kept
    as their would-be file, so the report can say it is missing)."""
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            if (p / FILENAME).exists() and p.name == FOLDER:
                p = p / FILENAME
            else:
                p = p / FOLDER / FILENAME
        out.append(p)
    return out


def hub_patterns() -> list[str]:
    """Where :func:`hub_paths` looks: :data:`HUB_HOMES`, :data:`CLASS_HOMES` and ``$WIZARD_HUB_HOMES/*``."""
    patterns = [HUB_HOMES, CLASS_HOMES]
    env = os.environ.get(HUB_HOMES_ENV, "").strip()
    if env:
        patterns.append(str(Path(env) / "*" / FOLDER / FILENAME))
    return patterns


def hub_paths(pattern: str | None = None) -> list[Path]:
    """Every pupil's progress file on a JupyterHub: the usual homes (``/home/*``) and the kit's class hub
    (``/home/wizard-class/*``, or ``$WIZARD_HUB_HOMES/*``), each file once."""
    found: dict[str, Path] = {}
    for pat in [pattern] if pattern else hub_patterns():
        for p in sorted(glob.glob(pat)):
            found.setdefault(os.path.realpath(p), Path(p))
    return sorted(found.values())


def class_report(paths: Iterable[str | os.PathLike]) -> Any:
    """A pandas DataFrame, one row per (learner, notebook): questions done (answered right), right first
    time, tries and trainer level(s).  ``paths`` are homes or progress files.

    Broken, foreign or missing files are skipped; ``df.attrs["skipped"]`` lists ``(path, reason)``.
    A learner without a name is shown by their home folder's name.
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    skipped: list[tuple[str, str]] = []
    for path in resolve_paths(paths):
        try:
            data = read_file(path)
        except ProgressFileError as exc:
            skipped.append((str(path), str(exc)))
            continue
        home = path.parent.parent if path.parent.name == FOLDER else path.parent
        rows.extend(_rows(data, fallback=home.name or str(home)))
    frame = pd.DataFrame(rows, columns=["learner", "notebook", *COLUMNS])
    frame = frame.groupby(["learner", "notebook"], sort=True).agg(
        {"questions done": "sum", "out of": "first", "right first time": "sum", "tries": "sum",
         "trainer level": lambda s: ", ".join(x for x in s if x), "last worked": "max"})
    frame[["questions done", "right first time", "tries"]] = frame[
        ["questions done", "right first time", "tries"]].astype("int64")
    frame.attrs["skipped"] = skipped
    return frame


def class_table(report: Any) -> Any:
    """The report as a wide table for printing: one row per learner, one column per notebook, each cell
    ``"done (first time)"`` plus the trainer level when there is one."""
    import pandas as pd

    if report.empty:
        return pd.DataFrame()
    cells = report.apply(lambda r: f"{r['questions done']}"
                         + (f"/{r['out of']}" if r["out of"] != "" else "")
                         + f" ({r['right first time']})"
                         + (f" {r['trainer level']}" if r["trainer level"] else ""), axis=1)
    table = cells.unstack("notebook").fillna("-")
    last = report["last worked"].groupby(level="learner").max()
    table["last worked"] = [_when(last.get(name, "")) for name in table.index]
    return table


def _when(iso: str) -> str:
    """A time from the progress file, for the teacher: "2026-12-01 16:22 UTC" ("-" when unknown)."""
    if not iso:
        return "-"
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return "-"
    return moment.astimezone(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def where_am_i(learner: str | None = None, home: str | os.PathLike | None = None) -> str:
    """A few lines for the learner: their name and, per notebook, the questions done."""
    try:
        data = load(home)
    except ProgressFileError as exc:
        return f"Your progress file cannot be read: {exc}"
    who = learner or current_learner(home)
    mine = data["learners"].get(who or UNNAMED, {})
    if not mine:
        name = who or "you"
        return f"Nothing recorded yet for {name}: answer a question and press Check."
    lines = [f"Progress for {who or 'you (no name yet)'}:"]
    for notebook, part in sorted(mine.items()):
        qs = part.get("questions", {})
        done = sum(1 for q in qs.values() if q.get("correct"))
        first = sum(1 for q in qs.values() if q.get("first_try"))
        total = questions_in(notebook)
        if total is None:
            line = f"  {notebook}: {done} question{'s' if done != 1 else ''} done, {first} right first time"
        else:
            line = f"  {notebook}: {done} of {total} questions done, {first} right first time"
        trainers = part.get("trainers", {})
        if trainers:
            line += "; " + ", ".join(f"{t} level {v.get('level')}" for t, v in sorted(trainers.items()))
        lines.append(line)
    return "\n".join(lines)


__all__ = ["record", "record_shown", "record_level", "note_level", "class_report", "class_table", "where_am_i", "current_learner",
           "set_learner", "progress_path", "progress_home", "load", "save", "read_file", "hub_paths", "hub_patterns",
           "questions_in", "add_listener", "remove_listener", "note",
           "notebook_name", "ProgressFileError", "HOME_ENV", "LEARNER_ENV", "UNNAMED"]
