"""The law of large numbers, live: a simulated estimate closing in on the exact chance.

Python API::

    lln = LawOfLargeNumbers(question="wizard-turned-up", trials=1000, seed=0)
    lln.questions                 # the question keys and their wording
    lln.set_question("one-card-win", card="G11", players=4, seat=1, turned_up="R5")
    lln.set_trials(10_000); lln.set_seed(3); lln.more()   # ten times as many trials
    lln.exact (Fraction), lln.estimate, lln.std_error, lln.inside_band, lln.svg, lln.message
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np

from ..engine.cards import Card
from ..engine.rules.core import DEALER_CHOOSES
from ..errors import WizardError
from ..simulate import rule_tables
from ..simulate.checks import check_count
from ..simulate.odds import hand_odds, one_card_win_probability, trump_odds
from ..simulate.play import deal, play_rounds
from ..simulate.tables import CHOOSE
from .common import WidgetBase, text_button
from .prob_charts import line_chart_svg

QUESTIONS = {
    "wizard-turned-up": "A Wizard is turned up as the trump card",
    "red-trump": "Red is trump (round 1)",
    "wizard-in-hand": "At least one Wizard among your cards",
    "one-card-win": "Your one card wins the one-card round",
}
TRIAL_STEPS = [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000]


class LawOfLargeNumbers(WidgetBase):
    """Repeat a chance experiment many times: the share of successes settles on the exact chance.

    The pink band is the exact chance ± 2 standard errors: about 95 times in 100 the
    running estimate is inside it, and it narrows like 1 / sqrt(trials).
    """

    def __init__(self, question: str = "wizard-turned-up", trials: int = 1_000, seed: int = 0, *,
                 rules: str = "classic", cards: int = 5, card: str = "G11", players: int = 4, seat: int = 1,
                 turned_up: str | None = "R5") -> None:
        super().__init__("wizard-lln")
        # Mixed values (names, counts, card text), read by the experiment each one belongs to.
        self.options: dict[str, Any] = {"rules": rules, "cards": cards, "card": card, "players": players, "seat": seat,
                        "turned_up": turned_up}
        self.question = question
        self.trials = trials
        self.seed = seed
        self.last_seconds = 0.0
        self.question_choice = widgets.Dropdown(options=[(v, k) for k, v in QUESTIONS.items()], value=question,
                                                description="Question", layout=widgets.Layout(width="32em"))
        self.question_choice.add_class("wizard-lln-question")
        self.trials_choice = widgets.SelectionSlider(options=[(f"{n:,}", n) for n in TRIAL_STEPS],
                                                     value=trials if trials in TRIAL_STEPS else 1_000,
                                                     description="Trials", continuous_update=False)
        self.trials_choice.add_class("wizard-lln-trials")
        # "Shuffle number", not "Seed": the learner's word (the glossary: "Shuffle number (seed)").
        self.seed_box = widgets.IntText(value=seed, description="Shuffle number",
                                        tooltip="The same shuffle number gives the same random numbers",
                                        layout=widgets.Layout(width="16em"), style={"description_width": "8em"})
        self.more_button = text_button("Ten times more", "Repeat the experiment ten times as often",
                                       "wizard-lln-more", self.more)
        self.again_button = text_button("Try again", "The same number of trials with new random numbers",
                                        "wizard-lln-again", lambda: self.set_seed(self.seed + 1))
        self.chart = widgets.HTML()
        self.chart.add_class("wizard-lln-chart")
        self.children = (self.question_choice, widgets.HBox([self.trials_choice, self.more_button]),
                         widgets.HBox([self.seed_box, self.again_button]), self.chart, self.status)
        self._busy = False
        self.set_question(question)
        self.question_choice.observe(lambda ch: self._busy or self.set_question(ch["new"]), names="value")
        self.trials_choice.observe(lambda ch: self._busy or self.set_trials(ch["new"]), names="value")
        self.seed_box.observe(lambda ch: self._busy or self.set_seed(ch["new"]), names="value")

    @property
    def questions(self) -> dict[str, str]:
        return dict(QUESTIONS)

    # -- the experiments -------------------------------------------------------------------
    def _exact(self) -> Fraction:
        o = self.options
        if self.question == "wizard-turned-up":
            return trump_odds(o["players"], 1, o["rules"])[DEALER_CHOOSES]
        if self.question == "red-trump":
            return trump_odds(o["players"], 1, o["rules"])["R"]
        if self.question == "wizard-in-hand":
            return 1 - hand_odds(o["cards"], "wizards", o["rules"])[0]
        return one_card_win_probability(o["card"], o["players"], o["seat"], o["turned_up"], o["rules"])

    def _outcomes(self, n: int) -> np.ndarray:
        """``n`` independent trials (True = it happened), from the seeded simulator."""
        o = self.options
        tables = rule_tables(o["rules"])
        rng = np.random.default_rng(self.seed)
        if self.question in ("wizard-turned-up", "red-trump"):
            _, up = deal(tables, n, o["players"], 1, rng)  # deal round 1, turn up the next card
            code = tables.turned_up[up]
            return code == CHOOSE if self.question == "wizard-turned-up" else code == 1
        if self.question == "wizard-in-hand":
            hands, _ = deal(tables, n, 1, o["cards"], rng)
            return tables.is_wizard[hands[:, 0, :]].any(1)
        mine = tables.encode([Card.parse(o["card"])])
        up_id = None if o["turned_up"] is None else tables.encode([Card.parse(o["turned_up"])])[0]
        hands, turned = deal(tables, n, o["players"], 1, rng, fixed=mine, fixed_turned_up=up_id,
                             fixed_seat=o["seat"], turned_up_known=True)
        won = play_rounds(tables, hands, turned, ["random"] * o["players"], rng=rng).won
        return won[:, o["seat"]] == 1

    # -- the Python API -----------------------------------------------------------------------
    def set_question(self, question: str, **options: Any) -> bool:
        """Choose the experiment (a key of :attr:`questions`); options: rules, cards, card, players,
        seat, turned_up."""
        if question not in QUESTIONS:
            self.say(f"There is no question {question!r}. Choose one of {', '.join(QUESTIONS)}.", "error")
            return False
        old = (self.question, dict(self.options))
        self.question = question
        self.options.update(options)
        try:
            self.exact = self._exact()
        except WizardError as exc:
            self.question, self.options = old
            self.say(str(exc), "error")
            return False
        self._busy = True
        self.question_choice.value = question
        self._busy = False
        return self.update()

    def set_trials(self, trials: int) -> bool:
        try:
            check_count(trials, "trials")
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        if trials > 1_000_000:
            self.say("Up to 1,000,000 trials here: more would make you wait.", "error")
            return False
        self.trials = trials
        if trials in TRIAL_STEPS:
            self._busy = True
            self.trials_choice.value = trials
            self._busy = False
        return self.update()

    def more(self) -> bool:
        """Ten times as many trials (up to 1,000,000)."""
        return self.set_trials(min(self.trials * 10, 1_000_000))

    def set_seed(self, seed: int) -> bool:
        self.seed = seed
        self._busy = True
        self.seed_box.value = seed
        self._busy = False
        return self.update()

    def update(self) -> bool:
        start = time.perf_counter()
        hits = self._outcomes(self.trials)
        n = self.trials
        running = np.cumsum(hits) / np.arange(1, n + 1)
        # Points spread evenly on a log scale, so short and long runs both show.
        xs = sorted(set(np.unique(np.geomspace(1, n, num=min(n, 160)).astype(int)).tolist()) | {n})
        p = float(self.exact)
        se = [float(np.sqrt(p * (1 - p) / x)) for x in xs]
        self.estimate = float(running[-1])
        self.std_error = float(np.sqrt(p * (1 - p) / n))
        self.inside_band = abs(self.estimate - p) <= 2 * self.std_error
        self.svg = line_chart_svg(xs, [float(running[x - 1]) for x in xs], p,
                                  ([p - 2 * s for s in se], [p + 2 * s for s in se]), y_label="share of successes")
        self.chart.value = self.svg
        where = "inside" if self.inside_band else "outside"
        self.say(f"{QUESTIONS[self.question]}: {_times(int(hits.sum()))} in {n:,} trials = {self.estimate:.4f}. "
                 f"Exact: {self.exact} \u2248 {p:.4f}. The estimate is {where} the band "
                 f"(exact \u00b1 2 standard errors = \u00b1 {2 * self.std_error:.4f}).",
                 "ok" if self.inside_band else "info")
        self.last_seconds = time.perf_counter() - start
        return True

    def _summary(self) -> str:
        return f"{self.question}, {self.trials} trials, seed {self.seed}"


def _times(k: int) -> str:
    return f"{k:,} time{'s' if k != 1 else ''}"
