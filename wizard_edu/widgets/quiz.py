"""A scoring quiz: a bid and the tricks won are given; the learner works out the points.

The right answer always comes from the engine (:func:`wizard_edu.score_round`);
the widget only asks, checks and explains the formula in words.

>>> quiz = ScoringQuiz(seed=1)
>>> quiz.question
'Noor bid 5 and won 6 tricks in round 10. How many points does Noor score?'
>>> quiz.answer(60)
False
>>> quiz.feedback
'Not 60: Noor won 1 trick more than the bid of 5, so no bonus: -10 points for each trick off, -10 x 1 = -10.'
>>> quiz.answer("-10")
True
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from ..rules.core import score_round
from ..rules.rulesets import Ruleset, get_ruleset
from .common import WidgetBase, text_button

NAMES = ("Mia", "Leo", "Ana", "Sam", "Noor", "Ben", "Zoe", "Kai")


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def explain_score(bid: int, won: int, rules: str | Ruleset = "classic", name: str = "The player") -> str:
    """The points for ``bid`` and ``won`` in words, with the formula worked out.

    >>> explain_score(2, 2)
    'The player made the bid of 2 exactly: 20 for the bid plus 10 for each trick, 20 + 10 x 2 = 40.'
    >>> explain_score(0, 2)
    'The player won 2 tricks more than the bid of 0, so no bonus: -10 points for each trick off, -10 x 2 = -20.'
    """
    ruleset = get_ruleset(rules)
    points = score_round(bid, won, ruleset)
    if ruleset.scoring == "junior":
        if bid != won:
            return f"{name} predicted {bid} but won {won}: a missed prediction scores 0 (no chips are lost)."
        if bid == 0:
            return f"{name} predicted 0 and won none: a correct zero scores 1."
        return f"{name} predicted {bid} and won exactly {won}: one point per trick, {points}."
    if bid == won:
        return (f"{name} made the bid of {bid} exactly: 20 for the bid plus 10 for each trick, "
                f"20 + 10 x {won} = {points}.")
    off = abs(bid - won)
    side = "more than" if won > bid else "fewer than"
    return (f"{name} won {_tricks(off)} {side} the bid of {bid}, so no bonus: -10 points for each "
            f"trick off, -10 x {off} = {points}.")


def paper_pad(hands: dict[int, dict[str, tuple[int, int]]], rules: str | Ruleset = "classic"):
    """A score pad from bids and tricks written down by hand: ``{hand: {name: (bid, tricks)}}``.

    Points come from the engine; the table has the same layout as :meth:`Game.score_pad`
    (one row per hand; for each player bid, tricks, points and running total).

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
    return pd.DataFrame(rows, index=pd.Index(sorted(hands), name="hand"), columns=columns, dtype="int64")


class ScoringQuiz(WidgetBase):
    """Type or click the score for a bid and the tricks won; instant feedback explains the formula.

    Python API: ``quiz.question``, ``quiz.bid``, ``quiz.won``, ``quiz.round``, ``quiz.correct``,
    ``quiz.choices`` (four buttons' values), ``quiz.answer(points) -> bool``, ``quiz.feedback``,
    ``quiz.next()``, ``quiz.right``, ``quiz.asked``, ``quiz.streak``.
    """

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
        self.name = rng.choice(NAMES)
        self.round = rng.choice(self.rounds)
        self.bid = rng.randint(0, min(self.round, 5))
        if rng.random() < 0.45:
            self.won = self.bid
        else:
            self.won = rng.choice([w for w in range(0, min(self.round, self.bid + 3) + 1) if w != self.bid])
        self.answered = False
        self.feedback = ""
        self.choices = self._choices(rng)
        self.question_html.value = f"<b>{self.question}</b>"
        buttons = []
        for value in self.choices:
            b = text_button(f"{value:+d}" if value else "0", f"Answer {value} points", "wizard-quiz-choice",
                            lambda v=value: self.answer(v))
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
        verb = "predicted" if self.ruleset.scoring == "junior" else "bid"
        return (f"{self.name} {verb} {self.bid} and won {_tricks(self.won)} in round {self.round}. "
                f"How many points does {self.name} score?")

    @property
    def correct(self) -> int:
        """The right answer, from the engine."""
        return score_round(self.bid, self.won, self.ruleset)

    def _choices(self, rng: random.Random) -> list[int]:
        """The right answer and three tempting mistakes, shuffled."""
        right = self.correct
        off = abs(self.bid - self.won)
        tempting = [10 * self.won, 20 + 10 * self.bid, 10 * off, -10 * self.won, 20 + 10 * (self.won + 1),
                    20, -20 - 10 * off, 0, 10 * self.bid, -10 * (off + 1)]
        if self.ruleset.scoring == "junior":
            tempting = [self.won, self.bid, 0, 1, -self.won, self.bid + 1]
        wrong = []
        for t in tempting:
            if t != right and t not in wrong:
                wrong.append(t)
        options = [right, *wrong[:3]]
        rng.shuffle(options)
        return options

    # -- answering ----------------------------------------------------------------
    def answer(self, points: int | str) -> bool:
        """Check an answer (a number, or text like "-10"); the feedback explains the score."""
        try:
            value = int(str(points).strip().replace("\u2212", "-").replace(" ", ""))
        except ValueError:
            self.feedback = f"Type a whole number of points, like 30 or -10, not {str(points)!r}."
            self.say(self.feedback, "error")
            return False
        first_try = not self.answered
        if first_try:
            self.asked += 1
            self.answered = True
        why = explain_score(self.bid, self.won, self.ruleset, self.name)
        ok = value == self.correct
        if ok:
            if first_try:
                self.right += 1
                self.streak += 1
            self.feedback = f"Right! {why}"
            self.say(self.feedback, "ok")
        else:
            self.streak = 0
            self.feedback = f"Not {value}: {why}"
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


__all__ = ["ScoringQuiz", "explain_score", "paper_pad"]
