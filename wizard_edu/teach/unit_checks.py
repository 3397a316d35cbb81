"""The unit checks in the class report, and their answer key.

The checks themselves (ideas, parallel questions) are in :mod:`wizard_edu.teach.questions.checks`.
Here, from the pupils' progress files:

- :func:`answer_kinds`: how each question a pupil answered went, in four kinds (and "not yet").
  *right first time*: the first answer was right; *right after a hint*: right after a wrong try (a
  wrong try shows the hint); *answer shown*: the pupil pressed "Show answer" before getting it
  right; *possible guess*: right first time on a question with exactly two options (yes/no, first/
  last...) and no follow-up "why": a coin toss gets it right half the time, so it is not counted as
  right first time.  (A two-option question with a follow-up "why" counts as right first time only
  when the why was right first time too, so it is not a guess.)
- :func:`check_scores`: each pupil's score in each unit check, before and after: the questions
  right first time (correctness only, never speed), out of the check's questions.
- :func:`idea_gain`: per unit and idea, the share of the class right first time before and after,
  and the gain (after minus before), counting the pupils who took both checks.
- :func:`pupil_table`: one row per pupil (what ``wizard-edu report --csv`` writes).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import progress
from .questions.checks import UNITS, WHENS, unit_of

#: The kinds of :func:`answer_kinds`, in the report's order.
KINDS = ["right first time", "right after a hint", "answer shown", "possible guess", "not yet right"]


@functools.cache
def two_choice(question_id: str) -> bool:
    """True for a question of the bank with exactly two options and no follow-up "why"."""
    from ..errors import WizardError
    from .questions import spec

    try:
        found = spec(question_id)
    except WizardError:
        return False
    choices = found.choices() if callable(found.choices) else found.choices
    return choices is not None and len(choices) == 2 and "why" not in found.options


def kind_of(question_id: str, entry: dict[str, Any]) -> str:
    """The kind (one of :data:`KINDS`) of one question's progress entry."""
    if entry.get("correct") and entry.get("first_try"):
        return "possible guess" if two_choice(question_id) else "right first time"
    if entry.get("shown"):
        return "answer shown"
    if entry.get("correct"):
        return "right after a hint"
    return "not yet right"


def entries(paths: Iterable[str | os.PathLike]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """``(pupil, notebook, question id, entry)`` for every question in the files (broken files skipped,
    as :func:`wizard_edu.teach.progress.class_report` does; a pupil without a name goes by their home)."""
    out: list[tuple[str, str, str, dict[str, Any]]] = []
    for path in progress.resolve_paths(paths):
        try:
            data = progress.read_file(path)
        except progress.ProgressFileError:
            continue
        home = path.parent.parent if path.parent.name == progress.FOLDER else path.parent
        for learner, notebooks in data["learners"].items():
            name = (home.name or str(home)) if learner == progress.UNNAMED else learner
            for notebook, part in notebooks.items():
                questions = part.get("questions", {})
                if isinstance(questions, dict):
                    out.extend((name, notebook, qid, e) for qid, e in questions.items() if isinstance(e, dict))
    return out


def answer_kinds(paths: Iterable[str | os.PathLike]) -> Any:
    """A DataFrame, one row per pupil, one column per kind (:data:`KINDS`): how many questions."""
    import pandas as pd

    rows = [{"learner": who, "kind": kind_of(qid, e)} for who, _nb, qid, e in entries(paths)]
    frame = pd.DataFrame(rows, columns=["learner", "kind"])
    table = pd.crosstab(frame["learner"], frame["kind"]) if rows else pd.DataFrame(index=pd.Index([], name="learner"))
    return table.reindex(columns=KINDS, fill_value=0).astype("int64")


def check_results(rows: Iterable[tuple[str, str, str, dict[str, Any]]]) -> dict[tuple[str, str, str], dict[str, bool]]:
    """``{(pupil, unit, when): {idea: right first time}}`` for the check questions among ``rows``
    (``(pupil, notebook, question id, entry)`` as :func:`entries` gives them, or the teacher's live view
    makes them from the pupils' events)."""
    found: dict[tuple[str, str, str], dict[str, bool]] = {}
    for who, notebook, qid, e in rows:
        place = unit_of(notebook)
        if place is None:
            continue
        unit, when = place
        idea = qid.partition(".")[2]
        found.setdefault((who, unit.name, when), {})[idea] = bool(e.get("correct") and e.get("first_try"))
    return found


def _check_results(paths: Iterable[str | os.PathLike]) -> dict[tuple[str, str, str], dict[str, bool]]:
    return check_results(entries(paths))


def scores_of(results: dict[tuple[str, str, str], dict[str, bool]]) -> dict[tuple[str, str, str], int]:
    """Each check's score, ``{(pupil, unit, when): questions right first time}`` (correctness only)."""
    return {place: sum(ideas.values()) for place, ideas in results.items()}


def gain_rows(results: dict[tuple[str, str, str], dict[str, bool]]) -> list[dict[str, Any]]:
    """One row per (unit, idea): the pupils who took both checks, the share right first time before and
    after (rounded to 2 places) and the gain (after minus before); "" where nobody took both."""
    rows = []
    for unit in UNITS:
        both = sorted({who for who, u, _w in results if u == unit.name
                       and (who, unit.name, "before") in results and (who, unit.name, "after") in results})
        for idea in unit.ideas:
            before = sum(results[(who, unit.name, "before")].get(idea.name, False) for who in both)
            after = sum(results[(who, unit.name, "after")].get(idea.name, False) for who in both)
            n = len(both)
            rows.append({"unit": unit.name, "idea": idea.name, "what it tests": idea.words, "pupils": n,
                         "before": round(before / n, 2) if n else "", "after": round(after / n, 2) if n else "",
                         "gain": round((after - before) / n, 2) if n else ""})
    return rows


def check_column(unit: Any, when: str) -> str:
    """The report's column for a unit check, e.g. ``"junior before (of 6)"``."""
    return f"{unit.name} {when} (of {len(unit.ideas)})"


def check_scores(paths: Iterable[str | os.PathLike]) -> Any:
    """A DataFrame, one row per pupil who took a check, a column per unit and check
    (:func:`check_column`): the questions right first time, empty (``<NA>``) when not taken."""
    import pandas as pd

    scores = scores_of(_check_results(paths))
    pupils = sorted({who for who, _u, _w in scores})
    table = pd.DataFrame(index=pd.Index(pupils, name="learner"))
    for unit in UNITS:
        for when in WHENS:
            table[check_column(unit, when)] = pd.array([scores.get((who, unit.name, when)) for who in pupils],
                                                       dtype="Int64")
    return table


def idea_gain(paths: Iterable[str | os.PathLike]) -> Any:
    """A DataFrame, one row per (unit, idea): pupils who took both checks, the share right first time
    before and after (rounded to 2 places) and the gain (after minus before)."""
    import pandas as pd

    rows = gain_rows(_check_results(paths))
    return pd.DataFrame(rows).set_index(["unit", "idea"])


def pupil_table(paths: Iterable[str | os.PathLike]) -> Any:
    """One row per pupil, for a gradebook: questions done, the kinds of :func:`answer_kinds`, and each
    unit check's score before and after (:func:`check_scores`)."""
    import pandas as pd

    paths = list(paths)
    report = progress.class_report(paths)
    done = report["questions done"].groupby(level="learner").sum() if not report.empty else pd.Series(dtype="int64")
    kinds = answer_kinds(paths)
    checks = check_scores(paths)
    pupils = sorted(set(done.index) | set(kinds.index) | set(checks.index))
    table = pd.DataFrame(index=pd.Index(pupils, name="learner"))
    table["questions done"] = done.reindex(pupils, fill_value=0).astype("int64")
    table = table.join(kinds.reindex(pupils, fill_value=0))
    table = table.join(checks.reindex(pupils))
    return table


# -- the answer key (lessons/unit-checks.md) -----------------------------------------------------------
KEY_BEGIN = "<!-- unit-check-key:begin (made by wizard_edu.teach.unit_checks.update_key; do not edit by hand) -->"
KEY_END = "<!-- unit-check-key:end -->"


def key_markdown() -> str:
    """Every unit check's questions and answers, as Markdown tables (made by the kit, never typed)."""
    from ..widgets.ask import ask
    from .questions.checks import CHECK_BANKS

    parts = []
    for unit in UNITS:
        for when in WHENS:
            notebook = unit.notebook(when)
            parts.append(f"### {unit.title}: the check {when} the unit (`notebooks/{notebook}.ipynb`)\n")
            parts.append("| Idea | Question | Answer |\n|---|---|---|")
            for found in CHECK_BANKS[notebook]:
                question = ask(found.id, record=False, shuffle=False)
                shown = question.prompt + (f" ({' '.join(map(str, question.cards or []))})" if question.kind == "click" else "")
                parts.append(f"| {found.id.partition('.')[2]} | {shown.replace('|', '/')} | "
                             f"{question.answer_text.replace('|', '/')} |")
            parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def update_key(lesson: str | os.PathLike = "lessons/unit-checks.md") -> bool:
    """Rewrite the key block of ``lesson`` between :data:`KEY_BEGIN` and :data:`KEY_END`; True if it changed."""
    path = Path(lesson)
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(KEY_BEGIN, 1)
    _, tail = rest.split(KEY_END, 1)
    new = f"{head}{KEY_BEGIN}\n{key_markdown()}{KEY_END}{tail}"
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


__all__ = ["KINDS", "two_choice", "kind_of", "entries", "check_results", "scores_of", "gain_rows", "answer_kinds", "check_scores", "check_column", "idea_gain", "pupil_table",
           "key_markdown", "update_key", "KEY_BEGIN", "KEY_END"]
