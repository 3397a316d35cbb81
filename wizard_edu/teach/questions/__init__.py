"""The question bank: every checked question of the notebooks, with its worked answer, keyed by id.

A notebook never types an answer, and no code a learner can read or run in the student edition
gives one.  Each notebook ``NN-name`` has a module here, ``wizard_edu/teach/questions/nNN.py``, that
defines its questions once::

    BANK = Bank("01-meet-the-cards", rules="junior")
    BANK.add("01.deck-size", "How many cards are in a Wizard Junior deck?",
             answer=lambda: len(junior_deck()),                  # computed by the kit, never typed
             hint="4 colours with 8 numbers each, plus 2 Wizards and 2 Fool Frogs.",
             worked=lambda: ["Here they all are:", junior_deck()])  # shown only when due

The notebook then has two kinds of cell (:func:`~wizard_edu.widgets.ask.ask` and
:func:`~wizard_edu.widgets.ask.worked` are the widget layer's: the bank holds no widget)::

    from wizard_edu.widgets.ask import ask, worked

    ask("01.deck-size")        # the question (both editions)
    worked("01.deck-size")     # a cell tagged "answer": the worked answer, openly (teacher edition only)

``ask`` makes a :class:`~wizard_edu.widgets.Question` from the question's :meth:`QuestionSpec.question_kwargs`:
the learner answers it, gets the hint after a wrong try, and sees the worked answer inside the question
after a right answer or "Show answer".  ``worked`` shows the same worked answer at once: the teacher
edition keeps those cells (tagged ``answer``), the student edition (:mod:`wizard_edu.teach.editions`)
drops them whole.  See ``docs/questions.md``.

Ids are ``"NN.short-name"``: ``NN`` names the notebook (and the module ``nNN``), the rest is unique
in it; two questions with the same wording have two ids and count as two in the progress file.

>>> found = spec("01.deck-size")
>>> found.id, found.notebook, found.prompt
('01.deck-size', '01-meet-the-cards', 'How many cards are in a Wizard Junior deck?')
>>> found.answer() == 36
True
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import WizardError

#: A question id: the notebook's two digits, a dot, then lowercase words joined by hyphens.
ID_PATTERN = re.compile(r"^(\d\d)\.[a-z0-9]+(?:-[a-z0-9]+)*$")
#: A unit check's question id (:mod:`.checks`): the check notebook's name, a dot, the idea.
CHECK_ID_PATTERN = re.compile(r"^(check-[a-z]+-(?:before|after))\.[a-z0-9]+(?:-[a-z0-9]+)*$")


def _value(x: Any) -> Any:
    return x() if callable(x) else x


@dataclass(frozen=True)
class QuestionSpec:
    """One question of the bank.  ``answer`` (and ``prompt``, ``choices``, ``cards`` when callable) are
    computed when the question is made; ``worked`` only when the worked answer is due."""

    id: str
    prompt: str | Callable[[], str]
    answer: Callable[[], Any]
    notebook: str
    rules: str = "classic"
    kind: str | None = None
    choices: Sequence[Any] | Callable[[], Sequence[Any]] | None = None
    cards: str | Callable[[], Any] | None = None
    hint: str | Callable[[], str] | None = None
    worked: Callable[[], Any] | None = None
    tolerance: float | None = None
    shuffle: bool = True
    options: dict[str, Any] = field(default_factory=dict)

    def question_kwargs(self) -> dict[str, Any]:
        """The keyword arguments that make this question's widget."""
        kwargs: dict[str, Any] = dict(answer=self.answer, kind=self.kind, choices=_value(self.choices),
                                      cards=_value(self.cards), hint=self.hint, worked=self.worked,
                                      tolerance=self.tolerance, notebook=self.notebook, id=self.id,
                                      rules=self.rules, shuffle=self.shuffle)
        kwargs.update(self.options)
        return kwargs


class Bank:
    """The questions of one notebook, in the order they are asked."""

    def __init__(self, notebook: str, rules: str = "classic") -> None:
        self.notebook = notebook
        self.rules = rules
        self._specs: dict[str, QuestionSpec] = {}

    def add(self, id: str, prompt: str | Callable[[], str], answer: Callable[[], Any], **kwargs: Any) -> QuestionSpec:
        """Define a question (see :class:`QuestionSpec` for the keywords; unknown ones go to Question)."""
        m = ID_PATTERN.match(id) or CHECK_ID_PATTERN.match(id)
        if not m or not (self.notebook.startswith(m.group(1)) if m.re is ID_PATTERN else self.notebook == m.group(1)):
            raise WizardError(f"The question id {id!r} must look like '{self.notebook[:2]}.short-name'.")
        if id in self._specs:
            raise WizardError(f"The question id {id!r} is defined twice.")
        if not callable(answer):
            raise WizardError(f"The answer of {id!r} must be computed (a function), not typed in.")
        known = {f for f in QuestionSpec.__dataclass_fields__} - {"id", "prompt", "answer", "notebook", "options"}
        spec_kwargs = {k: v for k, v in kwargs.items() if k in known}
        options = {k: v for k, v in kwargs.items() if k not in known}
        spec_kwargs.setdefault("rules", self.rules)
        made = QuestionSpec(id=id, prompt=prompt, answer=answer, notebook=self.notebook, options=options,
                            **spec_kwargs)
        self._specs[id] = made
        return made

    def why(self, id: str, prompt: str, choices: Sequence[str] | Callable[[], Sequence[str]],
            answer: Callable[[], str], *,
            hint: str | None = None) -> QuestionSpec:
        """Give question ``id`` a follow-up "why" (choices, asked once the question is right or shown).

        A question of two options is a coin toss: its follow-up makes a guess alone not count (the
        progress file records "right first time" only when both are right first time).
        """
        if id not in self._specs:
            raise WizardError(f"There is no question {id!r} to follow up.")
        if not callable(answer):
            raise WizardError(f"The answer of the follow-up of {id!r} must be a function.")
        found = self._specs[id]
        follow = {"prompt": prompt, "choices": choices if callable(choices) else list(choices), "answer": answer,
                  "hint": hint}
        self._specs[id] = dataclasses.replace(found, options={**found.options, "why": follow})
        return self._specs[id]

    def __iter__(self) -> Iterator[QuestionSpec]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)

    def __contains__(self, id: object) -> bool:
        return id in self._specs

    def __getitem__(self, id: str) -> QuestionSpec:
        return self._specs[id]

    @property
    def ids(self) -> list[str]:
        return list(self._specs)


def _module_name(prefix: str) -> str:
    return f"{__name__}.n{prefix}"


def bank(notebook_or_prefix: str) -> Bank:
    """The bank of a notebook, by its number (``"01"``) or name (``"01-meet-the-cards"``)."""
    if str(notebook_or_prefix).startswith("check-"):
        # the unit checks' banks (imported by name, as the notebooks' are: checks.py imports Bank from here)
        check_banks = importlib.import_module(f"{__name__}.checks").CHECK_BANKS
        if notebook_or_prefix not in check_banks:
            raise WizardError(f"No questions are defined for notebook {notebook_or_prefix!r}.")
        return check_banks[str(notebook_or_prefix)]
    prefix = str(notebook_or_prefix)[:2]
    try:
        module = importlib.import_module(_module_name(prefix))
    except ModuleNotFoundError:
        raise WizardError(f"No questions are defined for notebook {notebook_or_prefix!r}.") from None
    return module.BANK


def banks() -> list[Bank]:
    """Every notebook's bank, in notebook order."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if re.fullmatch(r"n\d\d", m.name))
    return [bank(name[1:]) for name in names]


def spec(id: str) -> QuestionSpec:
    """The definition of one question."""
    m = ID_PATTERN.match(str(id)) or CHECK_ID_PATTERN.match(str(id))
    if not m:
        raise WizardError(f"{id!r} is not a question id (like '01.deck-size').")
    found = bank(m.group(1))
    if id not in found:
        raise WizardError(f"There is no question {id!r} in notebook {found.notebook}.")
    return found[id]


def question_count(notebook: str) -> int | None:
    """How many questions a notebook asks (None when it has no bank)."""
    try:
        return len(bank(notebook))
    except WizardError:
        return None


__all__ = ["Bank", "QuestionSpec", "bank", "banks", "spec", "question_count", "ID_PATTERN", "CHECK_ID_PATTERN"]
