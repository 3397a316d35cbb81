"""A checked question: the learner types, picks or clicks an answer and is told, kindly, if it is right.

The right answer always comes from code (the engine, the exact odds, a value computed above), never
typed by hand into a notebook: pass a value or a function that returns it.

>>> from wizard_edu import score_round
>>> q = Question("Bid 2, won 2: how many points?", answer=lambda: score_round(2, 2), record=False)
>>> q
✎ Bid 2, won 2: how many points? (To answer here, run the notebook: Run ▸ Run All Cells.)
>>> q.answer_with("30")
'Not quite: 30 is not it. Have another go!'
>>> q.hint_visible, q.can_show_answer
(True, False)
>>> q.answer_with("40")
'Yes! You got it: 40 is right.'
>>> q.correct, q.tries, q.right_first_time
(True, 2, False)

Kinds (chosen from the answer when ``kind`` is not given):

* ``"number"`` (an int, Fraction, float or Decimal answer): typed as a whole number ``36``, a fraction
  ``2/9``, a decimal ``0.22`` (or ``0,22``) or a percentage ``22%``.  Whole numbers and fractions are
  compared exactly (``4/18`` is ``2/9``); a decimal or percentage is right when it is within
  ``tolerance`` of the answer (default 0.005: right to two decimal places, or to half a percentage point).
  An integer answer must be typed exactly.
* ``"card"`` (a :class:`~wizard_edu.Card` answer): typed as card text (``R7``, ``W``, ``J``, ``F``),
  read by :meth:`Card.parse`.
* ``"cards"`` (a list of cards): typed as ``R3 W J`` (any order; ``none`` for no card).
* ``"choice"`` (``choices=[...]`` given): one button per choice.
* ``"click"`` (``cards="G8 G4 G5 R2"`` given): the cards as buttons; the answer is a card or a
  0-based position in ``cards`` (what :func:`~wizard_edu.trick_winner` returns).
* ``"text"`` (a str answer): compared ignoring case and spaces.

``rules``/``theme`` only change how clickable cards look (``rules="junior"`` draws a Jester as the Fool
Frog "F"; typed answers accept "F" for a Jester anyway) and the words of the feedback (a Junior
question says "Fool Frog", never "J").  ``hint`` may be text or a function returning text.

The worked answer: ``worked`` is a function returning something to show (text, an
``IPython.display.HTML``, cards, a DataFrame, any widget, or a list of these); ``explain`` (text) is
a short one.  Both are made and shown **only** after a right answer or "Show answer", inside the
question (class ``wizard-question-worked``): nothing else shows them.  ``id`` names the question in
the progress file (default: made from the prompt; the question bank, :mod:`wizard_edu.teach.questions`,
gives each question its own id); ``notebook`` names the notebook (default: the running notebook, from
``JPY_SESSION_NAME``).

Choices are shuffled, the same way every time for one learner (seeded by :func:`learner_key` and the
question's id), so "always the first" never works; ``shuffle=False`` keeps them as given.  Cards to
click always keep the order they were played in.

A wrong try shows the hint; after ``reveal_after`` wrong tries (default 2) a "Show answer" button
appears.  Text that cannot be read ("abc" for a number) is not counted as a try.  Once right (or once
the answer was shown) further checks are not counted.

Nothing reveals the answer before the learner tries: the text repr shows only the prompt and what
to do when the widget cannot be shown (kid words: run the notebook), and no widget holds the answer,
its worked answer or the hint until they are due (notebooks store widget state and the text repr;
both are safe to store).

Progress: every counted check calls :func:`wizard_edu.teach.progress.record` (``record=False`` turns this
off; ``home=`` picks the folder, else ``$WIZARD_EDU_HOME`` or the user's home).  Nothing runs a check
when a notebook is merely executed, so Run All and nbval record nothing.  When no learner name is
known (no ``JUPYTERHUB_USER``, none typed yet), the widget asks for one once, after the first check.

Python API: ``q.answer_with(text_or_value) -> str`` (the feedback), ``q.click(position_or_card) -> str``,
``q.choose(value) -> str``, ``q.show_answer() -> str``, ``q.correct``, ``q.tries``,
``q.right_first_time``, ``q.feedback``, ``q.hint_visible``, ``q.can_show_answer``, ``q.revealed``,
``q.answer_text`` (the answer in words: for tests and teachers, never shown before it is due),
``q.worked_shown`` (the worked answer is on screen), ``q.worked_box`` (its widget, or None),
``q.choice_order`` (the choices as shown),
``Question.maker(notebook, **defaults)`` (a function making questions for one notebook).

CSS classes: ``wizard-question`` (root), ``wizard-question-prompt``, ``wizard-question-entry``,
``wizard-question-check``, ``wizard-question-choice`` (+ ``wizard-choice-N``), ``wizard-card-button``
(+ ``wizard-position-N``), ``wizard-status`` (feedback), ``wizard-question-hint``,
``wizard-question-reveal``, ``wizard-question-answer``, ``wizard-question-worked``, ``wizard-question-name``.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from numbers import Number
from typing import Any

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.cards import cards as parse_cards
from ..errors import AnswerTextError, CardTextError, WizardError
from ..teach import progress

# Reading typed answers lives in answer_text; the progress panel in progress_panel (names kept here).
from .answer_text import (  # noqa: F401 - the old home
    _short,
    _value,
    estimate_text,
    learner_key,
    number_text,
    parse_number,
    read_number,
    shuffled,
)
from .common import WidgetBase, card_button, status_message, text_button, vocab_for
from .progress_panel import ProgressPanel, learner_has_tried  # noqa: F401

KINDS = ("number", "card", "cards", "choice", "click", "text")
#: Default tolerance for decimals and percentages: right to two decimal places / half a percentage point.
TOLERANCE = 0.005
DEFAULT_HINTS = {
    "number": "Work it out step by step, or run the cells above again and look closely.",
    "card": "Type a card like R7 (red 7), W (Wizard) or J (Jester).",
    "cards": "Type every card that fits, with spaces between them, like R3 W J.",
    "choice": "Read the question again and think about the rule that decides it.",
    "click": "Think about the rule: the first Wizard wins, else the highest trump, else the highest card "
             "of the colour led.",
    "text": "Read the question again.",
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


RUN_ME = "(To answer here, run the notebook: Run ▸ Run All Cells.)"


def worked_widgets(worked: Any) -> list[widgets.Widget]:
    """Widgets showing a worked answer: text, HTML, cards, a table, a picture or widgets (or a list).

    Plain text is escaped; anything with ``_repr_html_`` (``IPython.display.HTML``, cards, a DataFrame)
    shows as HTML; a widget is shown as it is; anything else goes into an Output widget.
    """
    if worked is None:
        return []
    # Only a plain list or tuple is several items (a hand of cards is one picture).
    items = list(worked) if type(worked) in (list, tuple) else [worked]
    out: list[widgets.Widget] = []
    for item in items:
        if item is None:
            continue
        if isinstance(item, widgets.Widget):
            out.append(item)
        elif isinstance(item, str):
            out.append(widgets.HTML(f"<p>{html.escape(item)}</p>"))
        elif hasattr(item, "_repr_html_") and item._repr_html_() is not None:
            out.append(widgets.HTML(item._repr_html_()))
        else:
            box = widgets.Output()
            box.append_display_data(item)
            out.append(box)
    return out


def _full_text_bundle(widget: widgets.Widget, **kwargs: Any) -> Any:
    """The widget's display data with its whole text form (ipywidgets cuts it at 110 characters)."""
    data = widgets.DOMWidget._repr_mimebundle_(widget, **kwargs)
    if isinstance(data, dict) and "text/plain" in data:
        data["text/plain"] = repr(widget)
    return data


def _slug(prompt: str) -> str:
    words = re.findall(r"[a-z0-9]+", prompt.lower())[:6]
    digest = hashlib.sha1(prompt.encode("utf-8")).hexdigest()[:6]
    return "-".join(words + [digest])


class Question(WidgetBase):
    """One checked question (see the module docstring for kinds, feedback and progress)."""

    def __init__(self, prompt: str, answer: Any | Callable[[], Any], *, kind: str | None = None,
                 choices: Sequence[Any] | None = None, cards: str | Iterable[Card | str] | None = None,
                 hint: str | Callable[[], str] | None = None, explain: str | Callable[[], str] | None = None,
                 tolerance: float | None = None, reveal_after: int = 2, notebook: str | None = None,
                 id: str | None = None, rules: str = "classic", theme: Any = None, home: Any = None,
                 record: bool = True, placeholder: str | None = None, worked: Callable[[], Any] | None = None,
                 shuffle: bool = True, out_of: int | None = None, error: Any = None,
                 why: dict[str, Any] | None = None, on_check: Callable[[str], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__("wizard-question", **kwargs)
        self.prompt = str(prompt)
        self._answer = _value(answer)
        self._hint_source = hint
        self._explain_source = explain
        self._worked_source = worked
        # A tolerance given by the question applies to every way of typing the number (a whole number
        # too: "about how many" questions); without one, whole numbers and fractions must be exact.
        self.tolerance_given = tolerance is not None
        self.tolerance = TOLERANCE if tolerance is None else float(tolerance)
        #: "how many times in 10": a share typed as "40%" or "4 in 10" is read as that part of 10.
        self.out_of = out_of
        #: the standard error of a simulated answer (the answer is then given as "about x ± e").
        self.error = _value(error)
        self._why = dict(why) if why is not None else None
        if self._why is not None and not {"prompt", "choices", "answer"} <= set(self._why):
            raise WizardError(f"The follow-up of {prompt!r} needs a prompt, choices and an answer.")
        self._on_check = on_check
        self._rules, self._theme_arg = rules, theme
        #: the follow-up "why" question (made once this one is right or shown), or None.
        self.follow_up: Question | None = None
        self.reveal_after = max(1, int(reveal_after))
        self.notebook = notebook
        self.id = id or _slug(self.prompt)
        self.home = home
        self.record = record
        self.vocab = vocab_for(rules, theme)
        self.theme = self.vocab.theme
        self.choices = list(choices) if choices is not None else None
        self.cards = list(parse_cards(cards)) if cards is not None else None
        self.kind = kind or self._guess_kind()
        if self.kind not in KINDS:
            raise WizardError(f"A question kind is one of {', '.join(KINDS)}, not {self.kind!r}.")
        self._normalise_answer()
        self.choice_order = (shuffled(self.choices or [], learner_key(home), self.id)
                             if self.kind == "choice" and shuffle else list(self.choices or []))
        self.tries = 0
        self.correct = False
        self.right_first_time: bool | None = None
        self.revealed = False
        self.hint_visible = False
        self.feedback = ""
        self._last_text: str | None = None
        self._asked_name = False
        self._build(placeholder)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def maker(cls, notebook: str, **defaults: Any) -> Callable[..., Question]:
        """A function that makes questions for one notebook: ``ask = Question.maker("09-chance")``."""
        return functools.partial(cls, notebook=notebook, **defaults)

    def _guess_kind(self) -> str:
        a = self._answer
        if self.choices is not None:
            return "choice"
        if self.cards is not None:
            return "click"
        if isinstance(a, Card):
            return "card"
        if isinstance(a, (list, tuple)) and all(isinstance(c, (Card, str)) for c in a):
            return "cards"
        if isinstance(a, Number) and not isinstance(a, bool):
            return "number"
        if isinstance(a, str):
            return "text"
        raise WizardError(f"The question {self.prompt!r} needs kind=...: its answer {type(a).__name__} "
                          "is not a number, card, list of cards or text.")

    def _normalise_answer(self) -> None:
        a = self._answer
        if self.kind == "number":
            parse_number(a)  # raises for a non-number
        elif self.kind == "card":
            self._answer = Card.parse(a)
        elif self.kind == "cards":
            self._answer = list(parse_cards(list(a) if not isinstance(a, str) else a))
        elif self.kind == "choice":
            if not self.choices or a not in self.choices:
                raise WizardError(f"The answer of {self.prompt!r} must be one of its choices.")
        elif self.kind == "click":
            if not self.cards:
                raise WizardError(f"The question {self.prompt!r} needs cards=... to click on.")
            if isinstance(a, int) and not isinstance(a, bool):
                if not 0 <= a < len(self.cards):
                    raise WizardError(f"The answer position {a} is not one of the {len(self.cards)} cards.")
            else:
                card = Card.parse(a)
                if card not in self.cards:
                    raise WizardError(f"The answer {card} is not one of the cards to click.")
                self._answer = card
        elif self.kind == "text":
            self._answer = str(a)

    def _build(self, placeholder: str | None) -> None:
        self.prompt_html = widgets.HTML(f"<b>{html.escape(self.prompt)}</b>")
        self.prompt_html.add_class("wizard-question-prompt")
        self.entry: widgets.Text | None = None
        self.buttons: list[widgets.Button] = []
        if self.kind in ("choice", "click"):
            if self.kind == "choice":
                for i, choice in enumerate(self.choice_order):
                    b = text_button(str(choice), f"Answer {choice}", "wizard-question-choice",
                                    functools.partial(self.choose, choice))
                    b.add_class(f"wizard-choice-{i}")
                    self.buttons.append(b)
            else:
                for i, card in enumerate(self.cards or []):
                    b = card_button(card, self.theme, extra_classes=(f"wizard-position-{i}",))
                    b.on_click(lambda _b, i=i: self.click(i))
                    self.buttons.append(b)
            row = widgets.HBox(self.buttons)
            row.add_class("wizard-question-buttons")
        else:
            # No example values here: an example could be the very answer.
            examples = {"number": "a number, or a fraction with /",
                        "card": f"a card: colour letter and number, W or {'F' if self.vocab.junior else 'J'}",
                        "cards": "cards, with spaces between them", "text": "your answer"}
            # continuous_update=False: the value reaches the kernel on Enter (or leaving the box), which
            # is how ipywidgets 8 replaces the deprecated Text.on_submit.
            self.entry = widgets.Text(placeholder=placeholder or examples[self.kind], continuous_update=False,
                                      layout=widgets.Layout(width="min(26em, 100%)"))
            self.entry.add_class("wizard-question-entry")
            self.entry.observe(self._entered, names="value")
            self.check_button = text_button("Check", "Check your answer (or press Enter)",
                                            "wizard-question-check", self._check_clicked)
            row = widgets.HBox([self.entry, self.check_button])
        # The hint, "Show answer", the answer and the name box are made only when due: fewer widgets
        # stored in the notebook, and nothing there that could give the answer away.
        self.hint_html: widgets.HTML | None = None
        self.reveal_button: widgets.Button | None = None
        self.answer_html: widgets.HTML | None = None
        self.worked_box: widgets.VBox | None = None
        self.name_row: widgets.HBox | None = None
        self.children: tuple[widgets.Widget, ...] = (self.prompt_html, row, self.status)

    def _add(self, widget: widgets.Widget) -> widgets.Widget:
        self.children = (*self.children, widget)
        return widget

    def _show_hint(self, html_text: str) -> None:
        if self.hint_html is None:
            self.hint_html = widgets.HTML("")
            self.hint_html.add_class("wizard-question-hint")
            self._add(self.hint_html)
        self.hint_html.value = html_text

    def _ask_name(self) -> None:
        self.name_entry = widgets.Text(placeholder="your name", continuous_update=False,
                                       layout=widgets.Layout(width="14em"))
        self.name_button = text_button("Save my name", "Your teacher sees your progress under this name",
                                       "wizard-question-name-save", self._save_name)
        self.name_row = widgets.HBox([widgets.HTML("What is your name? "), self.name_entry, self.name_button])
        self.name_row.add_class("wizard-question-name")
        self._add(self.name_row)

    # -- facts -----------------------------------------------------------------------------------
    @property
    def answer_text(self) -> str:
        """The answer in words (for tests and teachers; the widget shows it only when revealed)."""
        a = self._answer
        if self.kind == "number" and self.error is not None:
            return estimate_text(a, self.error)
        if self.kind == "number" and self.out_of is not None:
            low, high = (_short(float(a) + d) for d in (-self.tolerance, self.tolerance))
            return f"about {_short(float(a))} (anything from {low} to {high} is right)"
        if self.kind == "number":
            return number_text(a)
        if self.kind == "cards":
            return " ".join(self.vocab.card_text(c) for c in a) if a else "none"
        if self.kind == "click" and isinstance(a, int):
            place = _ORDINALS[a] if a < len(_ORDINALS) else f"number {a + 1}"
            return f"{self.vocab.card_text((self.cards or [])[a])}, the {place} card"
        if self.kind in ("card", "click"):
            return self.vocab.card_text(a)
        return str(a)

    @property
    def can_show_answer(self) -> bool:
        """True once the learner has tried ``reveal_after`` times (or got it right)."""
        return self.correct or self.tries >= self.reveal_after

    @property
    def hint(self) -> str:
        given = _value(self._hint_source)
        # The default hints are in the kit's words: say them in this ruleset's ("Fool Frog" in Junior).
        return str(given) if given else self.vocab.text(DEFAULT_HINTS[self.kind])

    @property
    def explanation(self) -> str:
        return str(_value(self._explain_source) or "")

    @property
    def worked_shown(self) -> bool:
        """True once the worked answer is on screen (after a right answer or "Show answer")."""
        return self.worked_box is not None

    def _show_worked(self) -> None:
        """Make and show the worked answer (the explanation, then what ``worked`` returns), once."""
        if self.worked_box is not None:
            return
        parts = worked_widgets(self.explanation or None) + worked_widgets(_value(self._worked_source))
        if not parts:
            return
        self.worked_box = widgets.VBox(parts)
        self.worked_box.add_class("wizard-question-worked")
        self._add(self.worked_box)

    # -- checking ----------------------------------------------------------------------------------
    def _judge(self, given: Any) -> tuple[bool, str, bool]:
        """``(right, what was given in words, close)``; AnswerTextError if it cannot be read."""
        a = self._answer
        if self.kind == "number":
            value, exact, share = read_number(given)
            if share and self.out_of is not None:
                value *= self.out_of
            target = Fraction(a) if not isinstance(a, float) else Fraction(a)
            shown = str(given).strip() if isinstance(given, str) else number_text(given)
            integer_answer = isinstance(a, int) or (not isinstance(a, float) and target.denominator == 1)
            if self.tolerance_given and exact and not share and value.denominator != 1 \
                    and not isinstance(a, float) and not integer_answer:
                ok = value == target      # a typed fraction is exact: 4/59 is not 2/29, however close
            elif self.tolerance_given:
                ok = abs(value - target) <= Fraction(self.tolerance)
                integer_answer = False
            elif integer_answer or (exact and not isinstance(a, float)):
                ok = value == target
            else:
                ok = abs(value - target) <= Fraction(self.tolerance)
            # "Very close" only for a decimal or a percentage: a fraction is compared exactly, so 1/36
            # for 2/36 is simply not it.
            close = (not ok and not exact and not integer_answer
                     and abs(value - target) <= 10 * Fraction(self.tolerance))
            return ok, shown, close
        if self.kind == "card":
            card = Card.parse(given) if not isinstance(given, Card) else given
            return card == a, self.vocab.card_name(card), False
        if self.kind == "cards":
            text = given if isinstance(given, str) else " ".join(str(c) for c in given)
            text = text.replace(",", " ").strip()
            if text.lower() in ("", "none", "no card", "nothing"):
                got: list[Card] = []
            else:
                got = list(parse_cards(text))
            return Counter(got) == Counter(a), ", ".join(self.vocab.card_name(c) for c in got) or "none", False
        if self.kind == "choice":
            return given == a, str(given), False
        if self.kind == "click":
            cards = self.cards or []  # a click question always has cards (checked in __init__)
            if isinstance(given, int) and not isinstance(given, bool):
                pos = given
                if not 0 <= pos < len(cards):
                    raise AnswerTextError(f"There is no card at position {pos}.")
                card = cards[pos]
                ok = pos == a if isinstance(a, int) else card == a
            else:
                card = Card.parse(given)
                ok = card == (cards[a] if isinstance(a, int) else a)
            return ok, self.vocab.card_name(card), False
        text = " ".join(str(given).split()).casefold()
        return text == " ".join(a.split()).casefold(), str(given).strip(), False

    def answer_with(self, given: Any) -> str:
        """Check an answer (text as typed, or a value); show and return the feedback."""
        try:
            ok, shown, close = self._judge(given)
        except CardTextError as exc:  # how to type a card, for this question's rules (Junior: 1 to 8, F)
            self.feedback = self.vocab.card_error(exc)
            self.say(self.feedback, "error")
            return self.feedback
        except WizardError as exc:
            self.feedback = str(exc)
            self.say(self.feedback, "error")
            return self.feedback
        counted = not self.correct and not self.revealed
        if counted:
            self.tries += 1
            if self.right_first_time is None:
                self.right_first_time = ok
        # A choice is named by its button, so the feedback does not repeat it ("Yes! yes is right.").
        said = "that" if self.kind == "choice" else shown
        if ok:
            first = self.tries == 1 and counted
            self.correct = True if counted else self.correct
            words = f"Yes! {said} is right." if first or not counted else f"Yes! You got it: {said} is right."
            if self.revealed and not counted:
                words = f"Yes, {said} is the answer."
            self.feedback = words.replace("Yes! that", "Yes! That")
            self.say(self.feedback, "ok")
            if self.hint_html is not None:
                self.hint_html.value = ""
            self._after_right()
        else:
            if close:
                self.feedback = (f"Very close, but not quite: {shown} is not it. Check your working, "
                                 "or give more decimal places.")
            else:
                self.feedback = f"Not quite: {said} is not it. Have another go!"
            self.say(self.feedback, "error")
            if not self.hint_visible and counted and self.record:
                progress.note("hint", self.notebook or progress.notebook_name(), self.id)
            self.hint_visible = True
            self._show_hint(status_message(f"Hint: {self.hint}", "hint"))
        if self.can_show_answer and not self.revealed and not self.correct and self.reveal_button is None:
            self.reveal_button = text_button("Show answer", "Show the answer and why", "wizard-question-reveal",
                                             self.show_answer)
            self._add(self.reveal_button)
        self._given = shown
        if counted:
            # With a follow-up "why", a right answer is not yet understanding: the record waits for
            # the why (a wrong try is recorded at once).
            if not (ok and self._why is not None):
                self._record(ok)
            if self._on_check is not None:
                self._on_check("right" if ok else "wrong")
        return self.feedback

    def _after_right(self) -> None:
        """Right (or shown): ask the follow-up "why" if there is one, else show the worked answer."""
        if self._why is None:
            self._show_worked()
            return
        if self.follow_up is None:
            why = dict(self._why)
            self.follow_up = Question(
                _value(why.pop("prompt")), why.pop("answer"), choices=_value(why.pop("choices")),
                hint=why.pop("hint", None), shuffle=why.pop("shuffle", True), id=f"{self.id}-why",
                notebook=self.notebook, rules=self._rules, theme=self._theme_arg, home=self.home, record=False,
                reveal_after=self.reveal_after, on_check=self._follow_up_checked, **why)
            self.follow_up.add_class("wizard-question-why")
            self._add(self.follow_up)

    def _follow_up_checked(self, event: str) -> None:
        """The follow-up was answered ("right", "wrong") or shown ("shown")."""
        if event in ("right", "wrong"):
            if self.follow_up is not None and self.follow_up.tries == 1 and self.right_first_time:
                self.right_first_time = event == "right"
            self._record(event == "right")
        if event in ("right", "shown"):
            self._show_worked()

    @property
    def done(self) -> bool:
        """Answered right (or shown), the follow-up "why" too when there is one."""
        if not (self.correct or self.revealed):
            return False
        return self._why is None or (self.follow_up is not None
                                     and (self.follow_up.correct or self.follow_up.revealed))

    def click(self, position_or_card: int | Card | str) -> str:
        """Click a card (by 0-based position in ``cards``, or by card)."""
        return self.answer_with(position_or_card)

    def choose(self, value: Any) -> str:
        """Pick one of the choices."""
        return self.answer_with(value)

    def show_answer(self) -> str:
        """Show the answer and why (only after ``reveal_after`` tries or a right answer)."""
        if not self.can_show_answer:
            left = self.reveal_after - self.tries
            text = f"Have a go first: try {left} more time{'s' if left != 1 else ''}, then you can see the answer."
            self.say(text, "info")
            return text
        if not self.revealed and not self.correct:
            self._record_shown()
        self.revealed = True
        explanation = self.explanation
        text = f"The answer is {self.answer_text}." + (f" {explanation}" if explanation else "")
        if self.answer_html is None:
            self.answer_html = widgets.HTML("")
            self.answer_html.add_class("wizard-question-answer")
            self._add(self.answer_html)
        self.answer_html.value = status_message(f"The answer is {self.answer_text}.", "info")
        if self.reveal_button is not None:
            self.reveal_button.layout.display = "none"
        self._after_right()
        if self._on_check is not None:
            self._on_check("shown")
        return text

    # -- widget callbacks -------------------------------------------------------------------------
    def _entered(self, change: dict) -> None:
        self._submit(change["new"])

    def _check_clicked(self) -> None:
        if self.entry is not None:
            self._submit(self.entry.value)

    def _submit(self, text: str) -> None:
        # Enter, leaving the box and the Check button may all deliver the same text: count it once.
        if not str(text).strip():
            self.say("Type your answer first, then press Enter or Check.", "info")
            return
        if text == self._last_text and self.feedback:
            self.say(self.feedback, self.message_kind)
            return
        self._last_text = text
        self.answer_with(text)

    def _record(self, ok: bool) -> None:
        if not self.record:
            return
        notebook = self.notebook or progress.notebook_name()
        try:
            progress.record(None, notebook, self.id, ok, home=self.home, answer=getattr(self, "_given", None))
            if not self._asked_name and progress.current_learner(self.home) is None:
                self._asked_name = True
                self._ask_name()
        except (WizardError, OSError) as exc:
            # Progress must never get in the way of learning: say it, carry on.
            self._show_hint((self.hint_html.value if self.hint_html is not None else "")
                            + status_message(f"(Your progress was not saved: {exc})", "info"))

    def _record_shown(self) -> None:
        if not self.record:
            return
        try:
            progress.record_shown(None, self.notebook or progress.notebook_name(), self.id, home=self.home)
        except (WizardError, OSError):
            pass   # progress must never get in the way of learning (a failed check already said so)

    def _save_name(self) -> None:
        try:
            name = progress.set_learner(self.name_entry.value, home=self.home)
        except (WizardError, OSError) as exc:
            self.say(str(exc), "error")
            return
        if self.name_row is not None:
            self.name_row.layout.display = "none"
        self.say(f"Thank you, {name}! Your progress is saved under your name.", "ok")

    def _summary(self) -> str:
        return f"{self.prompt!r}, tries={self.tries}"

    def __repr__(self) -> str:
        # What a notebook stores as text/plain, and what JupyterLab shows where it cannot draw the
        # widget (an untrusted notebook, before Run All): kid words, never the answer.
        return f"✎ {self.prompt} {RUN_ME}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # ipywidgets cuts the text form at 110 characters; a child must read all of it.
        return _full_text_bundle(self, **kwargs)


class WorkedAnswer(WidgetBase):
    """A question's answer and worked answer, shown at once (the teacher edition's answer cells).

    Made by :func:`wizard_edu.widgets.ask.worked`; its text form is "✔ The answer: ...".
    """

    def __init__(self, question: Question, **kwargs: Any) -> None:
        super().__init__("wizard-worked-answer", **kwargs)
        self.question = question
        self.answer_text = question.answer_text
        head = widgets.HTML(status_message(f"The answer: {self.answer_text}.", "info"))
        why = question._why
        items = [question.explanation or None,
                 f"Why: {_value(why['answer'])}." if why is not None else None,
                 _value(question._worked_source)]
        flat = [x for item in items for x in (item if type(item) in (list, tuple) else [item])]
        # The sentences also go into the text form, so a teacher reading the stored notebook anywhere
        # (GitHub, an untrusted notebook) sees the why as well as the answer.
        self.sentences = [x for x in flat if isinstance(x, str)]
        parts = [w for x in flat for w in worked_widgets(x)]
        self.children = (head, *parts)

    def __repr__(self) -> str:
        return " ".join([f"✔ The answer: {self.answer_text}.", *self.sentences])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _full_text_bundle(self, **kwargs)


__all__ = ["Question", "WorkedAnswer", "ProgressPanel", "learner_key", "shuffled", "worked_widgets", "RUN_ME", "parse_number", "number_text", "KINDS", "TOLERANCE", "learner_has_tried"]
