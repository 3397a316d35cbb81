"""Look back at a round, and "How good are my predictions?", at every table (issue 30, ``docs/table.md``).

:class:`LookBackPanel` sits under the table widget's round result.  When a round ends from a click in
the page, the round is looked back on in the BACKGROUND (``wizard_edu.review.review_round`` on a copy
of the game, in a worker thread started from the kernel's event loop): the click answers at once, a
friendly line says "Looking back at round 3…", and the "Look back" button then shows the review in
the table's words.  The same step adds the round to the learner's record ("My predictions",
``wizard_edu.review.note_round``); a failure to write it is a warning line, never a crash.

The Python API stays synchronous: :meth:`TableWidget.look_back` returns the ``RoundReview``.
:func:`my_predictions` is the "How good are my predictions?" panel on its own.
"""

from __future__ import annotations

import asyncio
import copy
import html
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..engine.game import Game
from ..errors import WizardError, WrongPhaseError
from ..teach.vocabulary import Vocabulary, vocabulary
from .common import text_button

if TYPE_CHECKING:
    from ..review.summary import PredictionSummary
    from .table import TableWidget

# wizard_edu.review (and with it the simulator's numpy) is imported only when a round is looked back
# on: a pupil's kernel that only plays stays light (tests/kidmode/test_light_kernel.py).
def review_round(*args: Any, **kwargs: Any) -> Any:
    """:func:`wizard_edu.review.review_round`, imported at its first use."""
    from ..review import review_round as review

    return review(*args, **kwargs)


def note_round(*args: Any, **kwargs: Any) -> Any:
    """:func:`wizard_edu.review.note_round`, imported at its first use."""
    from ..review.record import note_round as note

    return note(*args, **kwargs)


#: One worker for every table in the kernel: look-backs are worked out one after the other, so a
#: second table's round never makes the first one's slower.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wizard-lookback")

#: What a class table says instead of a look-back (its game stays with the service: see docs/table.md).
#: (A class table's panel is widgets/class_lookback.py: its service sends the look-backs.)
CLASS_TABLE = ("Looking back works at a notebook table, in the kid apps and at a class table. This "
               "table's game stays somewhere else, so its rounds cannot be looked back on here.")

LOOKBACK_CSS = """<style>
.wizard-lookback-box .wizard-lookback { border-left: 4px solid #6a5acd; padding: 4px 10px; margin: 4px 0;
  background: #f7f5ff; color: #111; }
.wizard-lookback table.wizard-bid-chances td { padding: 1px 6px; vertical-align: middle; }
.wizard-lookback .wizard-bar { display: inline-block; height: 0.9em; background: #6a5acd; }
.wizard-lookback .wizard-bar-hard { background: #999; }
.wizard-lookback tr.wizard-best-bid td { font-weight: bold; }
.wizard-lookback ol.wizard-tricks { margin: 2px 0 2px 1.2em; padding: 0; }
.wizard-lookback-status { color: #333; font-style: italic; }
</style>"""


@dataclass
class Job:
    """One round's look-back, worked out in the background (or at once for the Python API)."""

    round_number: int
    seat: int
    done: threading.Event = field(default_factory=threading.Event)
    review: Any = None
    #: The sentence shown instead of a review (the rules cannot be looked back on, ...), or None.
    problem: str | None = None
    #: What went wrong with the learner's record, in words for a teacher, or None.
    warning: str | None = None
    recorded: bool = False


def work_out(job: Job, game: Game, learner: str | None, record: bool, home: Any = None,
             on_review: Callable[[], Any] | None = None) -> Job:
    """The background step: look back at ``job``'s round of ``game`` (a copy: the table goes on),
    then add it to the learner's record.  Never raises: a problem becomes ``job.problem`` or
    ``job.warning``; ``job.done`` is set, and ``on_review`` called, as soon as the review is there
    (before the record, which takes longer: the hard player's line)."""
    try:
        job.review = review_round(game, job.round_number, job.seat)
    except WizardError as exc:
        job.problem = str(exc)
    except Exception as exc:  # noqa: BLE001 - a child must never see a traceback
        job.problem = f"This round could not be looked back on ({type(exc).__name__}: {exc})."
    job.done.set()
    if on_review is not None:
        on_review()
    if record and job.review is not None:
        try:
            kept = note_round(game, job.round_number, job.seat, learner, review=job.review, home=home)
            job.warning, job.recorded = kept.warning, True
        except Exception as exc:  # noqa: BLE001 - the table never stops because of its record
            job.warning = f"This round could not be added to your predictions ({exc})."
    return job


# -- drawing a review ------------------------------------------------------------------------------
def _bar(p: float, css: str = "wizard-bar") -> str:
    return f'<span class="{css}" style="width:{round(p * 120)}px"></span>'


def review_html(review: Any, vocab: Vocabulary) -> str:
    """A review in the table's words: its sentences, with the chance of each bid as a bar chart (the
    best one marked ★) after the sentence that says what was predicted (bid) and won."""
    lines = [vocab.text(line) for line in review.text.splitlines() if line.strip()]
    noun = vocab.bid_noun  # "prediction" or "bid"
    rows = []
    for b, p in sorted(review.bid_chances.items()):
        mark = " \u2605 best" if b == review.best_bid else ""
        yours = f" (your {noun})" if b == review.bid else ""
        from ..review.words import often

        said = often(p) if review.kid else f"{round(p * 100)} in 100"
        extra = "" if review.kid else f"<td>{review.expected_scores[b]:+g} points on average</td>"
        rows.append(f'<tr class="{"wizard-best-bid" if mark else ""}"><td>{b}{html.escape(yours)}</td>'
                    f"<td>{_bar(p)}</td><td>{html.escape(said)}{mark}</td>{extra}</tr>")
    chart = (f'<table class="wizard-bid-chances"><caption>The chance of each {noun} coming true</caption>'
             + "".join(rows) + "</table>")
    steps = [i for i, line in enumerate(lines) if line.startswith(("Step by step", "Trick by trick"))]
    cut = steps[0] if steps else len(lines)
    tricks = "".join(f"<li>{html.escape(line)}</li>" for line in lines[cut + 1:])
    body = [f"<p><b>{html.escape(lines[0])}</b></p>"] if lines else []
    body += [f"<p>{html.escape(line)}</p>" for line in lines[1:2]] + [chart]
    body += [f"<p>{html.escape(line)}</p>" for line in lines[2:cut]]
    if steps:
        body += [f"<p><b>{html.escape(lines[cut])}</b></p>", f'<ol class="wizard-tricks">{tricks}</ol>']
    return "".join(body)


# -- "How good are my predictions?" ------------------------------------------------------------------
def summary_html(summary: PredictionSummary, vocab: Vocabulary) -> str:
    """The summary's words and its calibration picture: for each band of chance, how often the
    learner's rounds (and the hard computer player's, grey) came true."""
    lines = [line for line in vocab.text(summary.text).splitlines() if line.strip()]
    parts = [f"<p><b>{html.escape(lines[0])}</b></p>"] + [f"<p>{html.escape(line)}</p>" for line in lines[1:]]
    if summary.rounds:
        rows = []
        hard = summary.hard_calibration
        for band, row in summary.calibration.iterrows():
            theirs = hard.loc[str(band)]
            if not row["rounds"] and not theirs["rounds"]:
                continue
            mine = (f'{_bar(row["share came true"])} {int(row["came true"])} of {int(row["rounds"])}'
                    if row["rounds"] else "no rounds")
            comp = (f'{_bar(theirs["share came true"], "wizard-bar wizard-bar-hard")} '
                    f'{int(theirs["came true"])} of {int(theirs["rounds"])}' if theirs["rounds"] else "no rounds")
            rows.append(f"<tr><td>{html.escape(str(band))}</td><td>{mine}</td><td>{comp}</td></tr>")
        you = "you" if summary.kid else "yours"
        parts.append(f'<table class="wizard-calibration"><caption>When the kit gave this chance, how often '
                     f'it came true</caption><tr><th>chance the kit gave</th><th>{you}</th>'
                     f'<th>hard computer player</th></tr>{"".join(rows)}</table>')
    return "".join(parts)


class PredictionsPanel(widgets.VBox):
    """"How good are my predictions?": a learner's record summarized (``wizard_edu.review.summarize``)."""

    def __init__(self, learner: str | None = None, rules: str | None = None, home: Any = None,
                 vocab: Vocabulary | None = None) -> None:
        super().__init__()
        self.add_class("wizard-predictions")
        self.learner, self.rules, self.home = learner, rules, home
        self.vocab = vocab or vocabulary(rules or "junior")
        self.html = widgets.HTML()
        self.html.add_class("wizard-lookback")
        self.children = (widgets.HTML(LOOKBACK_CSS), self.html)
        self.summary: PredictionSummary | None = None
        self.update()

    def update(self) -> PredictionSummary:
        """Read the record again and redraw; returns the summary."""
        from ..review.record import load_predictions
        from ..review.summary import summarize

        record = load_predictions(self.learner, self.home)
        rounds = [r for r in record.rounds if self.rules is None or r.rules == self.rules]
        self.summary = summarize(rounds)
        text = summary_html(self.summary, self.vocab)
        if record.warning:
            text += f'<p class="wizard-warning">{html.escape(record.warning)}</p>'
        self.html.value = text
        return self.summary


def my_predictions(learner: str | None = None, rules: str | None = None, home: Any = None) -> PredictionsPanel:
    """"How good are my predictions?" for ``learner`` (None: the learner the kit knows, see
    ``wizard_edu.teach.progress.current_learner``; no name: the rounds kept as "(no name yet)"),
    only ``rules`` ("junior" or "classic") if given.  ``.summary`` is the ``PredictionSummary``."""
    if learner is None:
        from ..teach.progress import current_learner

        learner = current_learner(home)
    return PredictionsPanel(learner, rules, home)


# -- the panel under a table ---------------------------------------------------------------------------
class LookBackPanel(widgets.VBox):
    """The "Look back" and "How good are my predictions?" buttons under a table, and what they show."""

    def __init__(self, table: TableWidget, record: bool = True, learner: str | None = None) -> None:
        super().__init__()
        self.add_class("wizard-lookback-box")
        self.table = table
        self.record, self.learner = record, learner
        self.home: Any = None  # None: the learner's folder (WIZARD_EDU_HOME or ~)
        self.jobs: dict[int, Job] = {}
        self.futures: dict[int, Future] = {}
        self._wanted: int | None = None  # the round whose look-back the learner asked for
        self.button = text_button("Look back", "See how your round went, and what the chances were",
                                  "wizard-lookback-button", self._click_look_back)
        self.button.layout.display = "none"
        self.status = widgets.HTML()
        self.status.add_class("wizard-lookback-status")
        self.body = widgets.HTML()
        self.body.add_class("wizard-lookback")
        self.body.layout.display = "none"
        self.predictions_button = text_button("How good are my predictions?",
                                              "All the rounds you finished: how often you were right",
                                              "wizard-predictions-button", self._click_predictions)
        self.predictions_html = widgets.HTML()
        self.predictions_html.add_class("wizard-lookback")
        self.predictions_html.layout.display = "none"
        self.children = (widgets.HTML(LOOKBACK_CSS),
                         widgets.HBox([self.button, self.predictions_button, self.status],
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                         self.body, self.predictions_html)

    @property
    def vocab(self) -> Vocabulary:
        return self.table.vocab

    def learner_name(self) -> str | None:
        if self.learner is not None:
            return self.learner
        from ..teach.progress import current_learner

        return current_learner(self.home)

    def new_game(self) -> None:
        """A new game at the table: nothing to look back on yet."""
        self.jobs, self.futures, self._wanted = {}, {}, None
        self.button.layout.display = "none"
        # A class table's game stays with the service (CLASS_TABLE): no buttons that cannot work.
        self.predictions_button.layout.display = None if isinstance(self.table.game, Game) else "none"
        self.body.layout.display = "none"
        self.status.value = ""

    # -- a round ends ----------------------------------------------------------------------------
    def round_finished(self, number: int) -> None:
        """Round ``number`` was scored.  From a click in the page (the kernel's loop is running), its
        look-back and record are worked out in the background; else nothing happens until asked.
        Not at a class table (its game is the service's: see :data:`CLASS_TABLE`)."""
        if not isinstance(self.table.game, Game):
            return
        self.button.description = f"Look back at round {number}"
        self.button.layout.display = None
        loop = self._loop()
        game: Game = self.table.game
        if loop is None or number in self.jobs:
            return
        job = Job(number, self.table.seat)
        self.jobs[number] = job
        self.status.value = html.escape(f"Looking back at round {number}\u2026")
        snapshot = copy.deepcopy(game)  # the table goes on with the next round meanwhile
        learner = self.learner_name()
        home = self.home
        future = _WORKER.submit(self._background, loop, job, snapshot, learner, home)
        self.futures[number] = future

    def _loop(self) -> Any:
        t = self.table
        if not (t._in_click or t._steps_pending):
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _background(self, loop: Any, job: Job, game: Game, learner: str | None, home: Any) -> Job:
        """In the worker thread: the review, then (on the kernel's loop) the page, then the record."""
        work_out(job, game, learner, self.record and job.problem is None, home,
                 on_review=lambda: loop.call_soon_threadsafe(self._ready, job))
        if job.warning:
            loop.call_soon_threadsafe(self._warn, job)
        return job

    def _ready(self, job: Job) -> None:
        """On the kernel's loop: the review is there."""
        if job.round_number == max(self.jobs):
            self.status.value = html.escape(f"Round {job.round_number} is ready to look back on.")
        if self._wanted == job.round_number:
            self._show(job)

    def _warn(self, job: Job) -> None:
        self.status.value = f'<span class="wizard-warning">{html.escape(job.warning or "")}</span>'

    # -- the learner asks ------------------------------------------------------------------------
    def _click_look_back(self, _button: Any = None) -> None:
        rounds = self.table.game.rounds
        if not rounds:
            return
        number = len(rounds)
        if self.body.layout.display is None and self._wanted == number:
            self.body.layout.display = "none"  # a second click hides it
            self._wanted = None
            return
        self._wanted = number
        job = self.jobs.get(number)
        if job is not None and not job.done.is_set():
            self.body.value = html.escape(f"Looking back at round {number}\u2026")
            self.body.layout.display = None
            return  # _ready shows it
        self.show(number)

    def show(self, number: int) -> None:
        """Show round ``number``'s look-back (worked out now if the background has not)."""
        job = self.jobs.get(number)
        if job is None or not job.done.is_set():
            job = Job(number, self.table.seat)
            if isinstance(self.table.game, Game):
                work_out(job, self.table.game, None, record=False)
            else:
                job.problem = CLASS_TABLE
                job.done.set()
            self.jobs.setdefault(number, job)
        self._show(job)

    def _show(self, job: Job) -> None:
        if job.review is not None:
            self.body.value = review_html(job.review, self.vocab)
        else:
            self.body.value = f"<p>{html.escape(self.vocab.text(job.problem or ''))}</p>"
        self.body.layout.display = None

    def _click_predictions(self, _button: Any = None) -> None:
        if self.predictions_html.layout.display is None:
            self.predictions_html.layout.display = "none"
            return
        self.show_predictions()

    def show_predictions(self) -> PredictionSummary:
        """Draw "How good are my predictions?" for this table's learner and rules."""
        rules = self.table.ruleset.scoring
        panel = PredictionsPanel(self.learner_name(), rules if rules in ("junior", "classic") else None,
                                 self.home, self.vocab)
        self.predictions_html.value = panel.html.value
        self.predictions_html.layout.display = None
        assert panel.summary is not None
        return panel.summary

    def look_back(self, round_number: int | None = None) -> Any:
        """The ``RoundReview`` of ``round_number`` (None: the last finished round), waiting for the
        background if it is working on it.  Raises the review's ``WizardError`` for a round that
        cannot be looked back on."""
        rounds = self.table.game.rounds
        if round_number is None:
            if not rounds:
                raise WrongPhaseError("No round is finished yet: look back when a round ends.")
            round_number = len(rounds)
        job = self.jobs.get(round_number)
        if job is not None and job.seat == self.table.seat:
            job.done.wait()
            if job.review is not None:
                return job.review
            if job.problem == CLASS_TABLE:
                raise WizardError(CLASS_TABLE)
        game = self.table.game
        if not isinstance(game, Game):
            raise WizardError(CLASS_TABLE)
        return review_round(game, round_number, self.table.seat)


__all__ = ["LookBackPanel", "PredictionsPanel", "my_predictions", "review_html", "summary_html", "work_out",
           "Job", "CLASS_TABLE"]
