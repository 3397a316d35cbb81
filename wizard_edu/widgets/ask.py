"""The notebooks' one-line way to put a question of the bank on screen: ``ask(id)`` and ``worked(id)``.

The questions themselves (prompt, computed answer, hint, worked answer) are defined once in the bank,
:mod:`wizard_edu.teach.questions`, which holds no widget; these two make the widgets.  A notebook's
set-up cell imports them::

    from wizard_edu.widgets.ask import ask, worked

    ask("01.deck-size")        # the question (both editions)
    worked("01.deck-size")     # a cell tagged "answer": the worked answer, openly (teacher edition only)

:func:`ask` makes a :class:`~wizard_edu.widgets.Question`: the learner answers it, gets the hint after
a wrong try, and sees the worked answer inside the question after a right answer or "Show answer".
:func:`worked` shows the same worked answer at once: the teacher edition keeps those cells (tagged
``answer``), the student edition (:mod:`wizard_edu.teach.editions`) drops them whole, and in any
notebook a learner opened that is not a teacher edition it waits until the learner has tried the
question (:func:`answer_due`).  See ``docs/questions.md``.

>>> q = ask("01.deck-size", record=False)
>>> q.id, q.notebook, q.prompt
('01.deck-size', '01-meet-the-cards', 'How many cards are in a Wizard Junior deck?')
"""

from __future__ import annotations

from typing import Any

from ..teach.questions import spec
from .question import Question, WorkedAnswer, learner_has_tried


def ask(id: str, **overrides: Any) -> Question:
    """The question ``id`` as a widget (a :class:`~wizard_edu.widgets.Question`), ready to answer.

    ``overrides`` change how it is made (``record=False``, ``home=...``, ``reveal_after=...``).
    """
    found = spec(id)
    kwargs = found.question_kwargs()
    kwargs.update(overrides)
    return Question(found.prompt() if callable(found.prompt) else found.prompt, **kwargs)


#: What :func:`worked` says to a learner who has not tried the question yet.
NOT_YET = ("Have a go at this question first: it is in the notebook above. Its answer shows there, "
           "after a right answer or after two tries.")


class NotYet:
    """What :func:`worked` gives before a learner has tried the question: a kind sentence, no answer."""

    def __init__(self, id: str) -> None:
        self.id = id

    def __repr__(self) -> str:
        return f"✎ {NOT_YET}"

    def _repr_html_(self) -> str:
        return f"<p class='wizard-not-yet'>✎ {NOT_YET}</p>"


def _tried(id: str, home: Any = None) -> bool:
    """True once the learner has answered ``id`` right or tried it twice (the question widget's record)."""
    return learner_has_tried(id, home)


def _running_teacher_edition() -> bool:
    """True when no learner opened this kernel's notebook, or the notebook is a teacher edition.

    JupyterLab (jupyter_server) names the notebook a kernel runs in ``JPY_SESSION_NAME``.  Without it
    the kernel runs no notebook a learner opened (nbval, ``tools/run_notebooks.py``, a script, the
    answer keys).  With it, the notebook must be a teacher edition: not marked ``student`` (what
    :func:`wizard_edu.teach.editions.student_edition` writes) and holding answer cells, which a
    student edition and a new notebook never do.
    """
    import json
    import os

    session = os.environ.get("JPY_SESSION_NAME")
    if not session:
        return True
    try:
        with open(session, encoding="utf-8") as f:
            nb = json.load(f)
    except (OSError, ValueError):
        return False
    if not isinstance(nb, dict):
        return False
    meta = nb.get("metadata", {})
    if isinstance(meta, dict) and (meta.get("wizard_edu") or {}).get("edition") == "student":
        return False
    return any("answer" in ((cell.get("metadata") or {}).get("tags") or [])
               for cell in nb.get("cells", []) if isinstance(cell, dict))


def answer_due(id: str, home: Any = None) -> bool:
    """Whether :func:`worked` may show the answer of ``id``: in a teacher edition, or once the learner
    has tried the question (right, or two tries: then "Show answer" is there anyway)."""
    return _running_teacher_edition() or _tried(id, home)


def worked(id: str, home: Any = None) -> Any:
    """The answer and worked answer of ``id``, shown at once (for the teacher edition's answer cells).

    Returns a widget whose text form reads "✔ The answer: ...".  In a student edition (or any notebook
    a learner opened that is not a teacher edition) it shows the answer only once the learner has
    tried the question (:func:`answer_due`); before, it says so in a sentence (:class:`NotYet`).
    """
    spec(id)    # a wrong id says so, even before the question is tried
    if not answer_due(id, home):
        return NotYet(id)
    return WorkedAnswer(ask(id, record=False, shuffle=False))


__all__ = ["ask", "worked", "answer_due", "NotYet", "NOT_YET"]
