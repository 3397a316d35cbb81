"""A scoring quiz: a bid and the tricks won are given; the learner works out the points.

The right answer always comes from the engine (:func:`wizard_edu.score_round`);
the widget only asks, checks and explains the formula in words.

>>> quiz = ScoringQuiz(seed=1)
>>> quiz.question
'Noor bid 5 and won 6 tricks in round 10. How many points does Noor score?'
>>> quiz.answer(60)
False
>>> quiz.feedback
'Not 60: Noor won 1 trick more than the bid of 5, so no bonus: -10 points for each trick off, -10 × 1 = -10.'
>>> quiz.answer("-10")
True
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

if TYPE_CHECKING:  # pandas is imported when a table is asked for
    import pandas as pd

from ..engine.rules.core import score_round
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import ExerciseError
from ..teach.exercises import explain_score, quiz_score_exercise, tempting_scores
from .common import WidgetBase, text_button

NAMES = ("Mia", "Leo", "Ana", "Sam", "Noor", "Ben", "Zoe", "Kai")


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def paper_pad(hands: dict[int, dict[str, tuple[int, int]]], rules: str | Ruleset = "classic") -> pd.DataFrame:
    """A score pad from bids and tricks written down by hand: ``{round: {name: (bid, tricks)}}``.

    Points come from the engine; the table has the same layout as :meth:`Game.score_pad`
    (one row per round; for each player bid, tricks, points and running total).

    >>> pad = paper_pad({1: {"Ann": (1, 1), "Bo": (0, 1)}, 2: {"Ann": (0, 0), "Bo": (1, 1)}})
    >>> pad.xs("total", axis=1, level=1).iloc[-1].tolist()
    [50, 20]
    """
    import pandas as pd

    ruleset = get_ruleset(rules)
    names = list(dict.fromkeys(name for calls in hands.values() for name in calls))
    totals = dict.fromkeys(names, 0)
    rows = []
    for number in sorted(hands):
        row = []
        for name in names:
            bid, won = hands[number][name]
            points = score_round(bid, won, ruleset)
            totals[name] += points
            row += [bid, won, points, totals[name]]
        rows.append(row)
    columns = pd.MultiIndex.from_product([names, ["bid", "tricks", "points", "total"]], names=["player", ""])
    return pd.DataFrame(rows, index=pd.Index(sorted(hands), name="round"), columns=columns, dtype="int64")


def quiz_question_text(name: str, bid: int, won: int, round: int, rules: str | Ruleset = "classic") -> str:
    """The quiz's question in words ("Noor bid 5 and won 6 tricks in round 10. How many points ...?")."""
    verb = "predicted" if get_ruleset(rules).scoring == "junior" else "bid"
    return (f"{name} {verb} {bid} and won {_tricks(won)} in round {round}. "
            f"How many points does {name} score?")


def first_quiz_question(seed: int = 0, rules: str | Ruleset = "classic", players: int = 4) -> tuple[str, int, str]:
    """``(question, points, explanation)``: the first question ``ScoringQuiz(seed)`` asks, made without a
    widget (for a question bank that must not store one).

    >>> first_quiz_question(1)[:2]
    ('Noor bid 5 and won 6 tricks in round 10. How many points does Noor score?', -10)
    """
    ruleset = get_ruleset(rules)
    exercise = quiz_score_exercise(random.Random(f"scoring-quiz:{seed}"), ruleset, ruleset.round_sizes(players), NAMES)
    q = exercise.question
    text = quiz_question_text(q["names"][0], q["bids"][0], q["won"][0], q["tricks"], ruleset)
    return text, exercise.answer[0], exercise.explanation


class ScoringQuiz(WidgetBase):
    """Type or click the score for a bid and the tricks won; instant feedback explains the formula.

    Python API: ``quiz.question``, ``quiz.bid``, ``quiz.won``, ``quiz.round``, ``quiz.correct``,
    ``quiz.choices`` (four buttons' values), ``quiz.answer(points) -> bool``, ``quiz.feedback``,
    ``quiz.next()``, ``quiz.right``, ``quiz.asked``, ``quiz.streak``.
    """

    kid_name = "The points quiz"

    def __init__(self, seed: int = 0, rules: str | Ruleset = "classic", players: int = 4, **kwargs: Any) -> None:
        super().__init__("wizard-quiz", **kwargs)
        self.ruleset = get_ruleset(rules)
        self.rounds = self.ruleset.round_sizes(players)
        self.seed = seed
        self.rng = random.Random(f"scoring-quiz:{seed}")
        self.number = 0
        self.right = 0
        self.asked = 0
        self.streak = 0
        self.feedback = ""
        self.answered = False

        self.question_html = widgets.HTML()
        self.question_html.add_class("wizard-quiz-question")
        # continuous_update=False: the box sends its text when Enter is pressed (or it loses focus),
        # and that text is checked at once, so Enter works like the Check button.
        self.entry = widgets.Text(placeholder="points, e.g. 30 or -10", description="Points:",
                                  continuous_update=False, layout=widgets.Layout(width="16em"))
        self.entry.add_class("wizard-quiz-entry")
        self.entry.observe(self._on_enter, names="value")
        self._last_checked: tuple[int, str] | None = None
        self.check_button = text_button("Check", "Check the points you typed", "wizard-quiz-check",
                                        self._click_check)
        self.next_button = text_button("Next question", "A new bid and number of tricks",
                                       "wizard-next-button", self.next)
        self.choice_box = widgets.HBox()
        self.score_html = widgets.HTML()
        self.score_html.add_class("wizard-streak")
        self.children = (self.question_html, self.choice_box,
                         widgets.HBox([self.entry, self.check_button, self.next_button]),
                         self.status, self.score_html)
        self.next()

    # -- questions ------------------------------------------------------------
    def next(self) -> None:
        """A new question (deterministic for the seed)."""
        rng = self.rng
        self.number += 1
        self.exercise = quiz_score_exercise(rng, self.ruleset, self.rounds, NAMES)
        q = self.exercise.question
        self.name, self.round, self.bid, self.won = q["names"][0], q["tricks"], q["bids"][0], q["won"][0]
        self.answered = False
        self.feedback = ""
        self.choices = self._choices(rng)
        self.question_html.value = f"<b>{self.question}</b>"
        buttons = []
        for value in self.choices:
            b = text_button(f"{value:+d}" if value else "0", f"Answer {value} points", "wizard-quiz-choice",
                            functools.partial(self.answer, value))
            buttons.append(b)
        old = list(self.choice_box.children)
        self.choice_box.children = tuple(buttons)
        for b in old:
            b.close()
        self.entry.value = ""  # empty: the observer checks nothing
        self._last_checked = None
        self.say("Type the points and press Enter, or click one of the answers.", "info")
        self._show_score()

    @property
    def question(self) -> str:
        return quiz_question_text(self.name, self.bid, self.won, self.round, self.ruleset)

    @property
    def correct(self) -> int:
        """The right answer, from the engine (through the exercise)."""
        return self.exercise.answer[0]

    def _choices(self, rng: random.Random) -> list[int]:
        """The right answer and three tempting mistakes, shuffled."""
        right = self.correct
        wrong: list[int] = []
        for t in tempting_scores(self.bid, self.won, self.ruleset):
            if t != right and t not in wrong:
                wrong.append(t)
        options = [right, *wrong[:3]]
        rng.shuffle(options)
        return options

    # -- answering ----------------------------------------------------------------
    def answer(self, points: int | str) -> bool:
        """Check an answer (a number, or text like "-10"); the feedback explains the score."""
        try:
            mark = self.exercise.check(points)
        except ExerciseError as exc:
            self.feedback = str(exc)
            self.say(self.feedback, "error")
            return False
        first_try = not self.answered
        if first_try:
            self.asked += 1
            self.answered = True
        ok = mark.correct
        self.feedback = mark.feedback
        if ok:
            if first_try:
                self.right += 1
                self.streak += 1
            self.say(self.feedback, "ok")
        else:
            self.streak = 0
            self.say(self.feedback, "error")
        self._show_score()
        return ok

    def _click_check(self) -> None:
        if self._last_checked == (self.number, self.entry.value):
            return  # Enter (or leaving the box) already checked this very answer
        self._check_entry()

    def _on_enter(self, change: dict[str, Any]) -> None:
        if str(change["new"]).strip():
            self._check_entry()

    def _check_entry(self) -> None:
        self._last_checked = (self.number, self.entry.value)
        self.answer(self.entry.value)

    def _show_score(self) -> None:
        self.score_html.value = (f"Question {self.number}: {self.right} right out of {self.asked}; "
                                 f"streak {self.streak}.")

    def _summary(self) -> str:
        return f"question {self.number}: bid {self.bid}, won {self.won}; {self.right}/{self.asked} right"


__all__ = ["ScoringQuiz", "explain_score", "paper_pad", "first_quiz_question", "quiz_question_text"]
