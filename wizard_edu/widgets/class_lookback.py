"""Look back, and "How good are my predictions?", at a class table (issue 30): the service's look-backs.

At a class table the game is the service's (``tables.sources.SeatGame``). The service looks back on
every pupil's finished round in its own worker (``online/class_hand.py``) and gives a pupil only their
own rounds (``GET api/seat/review``, ``GET api/seat/rounds``). :class:`ClassLookBack` is the notebook
table's panel (``widgets/lookback.py``: the same buttons, the same drawing) over those:

* when a round ends, a background thread asks the service every :data:`POLL_SECONDS` until its
  look-back is ready, with the friendly "Looking back at round 3…" line meanwhile: a click never
  waits on the network or the simulator;
* "How good are my predictions?" summarizes the pupil's rounds at the class tables
  (:func:`~wizard_edu.review.summarize`) next to the hard computer player's line the service
  worked out in the same seats. The service keeps the class's record (the teacher's board shows
  it); the pupil's own record file is not written from a class table.
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from collections.abc import Callable
from typing import Any

from ..errors import WizardError, WrongPhaseError
from .lookback import Job, LookBackPanel, summary_html

#: How often the background thread asks the service whether a look-back is ready.
POLL_SECONDS = 0.3
#: How long it asks before it says the service is still busy (a later click asks again).
WAIT_SECONDS = 120.0
#: What a pupil reads when the service took longer than that.
STILL_BUSY = ("Your teacher's computer is still working out this round. Press Look back again in a "
              "minute.")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running loop (it owns the widgets), or None outside a Jupyter kernel: another
    program's loop in this thread (a test's browser driver) would never run what is handed to it."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _later(loop: asyncio.AbstractEventLoop | None, fn: Callable[..., Any], *args: Any) -> None:
    """Run ``fn`` on the kernel's loop (it owns the widgets); without one, here."""
    if loop is not None and loop.is_running():
        loop.call_soon_threadsafe(fn, *args)
    else:
        fn(*args)


class ClassLookBack(LookBackPanel):
    """The "Look back" and "How good are my predictions?" buttons under a class table."""

    def __init__(self, table: Any, record: bool = True, learner: str | None = None) -> None:
        # (record: the service keeps a class's rounds, see the module docstring)
        super().__init__(table, record=False, learner=learner)

    def new_game(self) -> None:
        super().new_game()
        self.predictions_button.layout.display = None

    # -- a round ends ----------------------------------------------------------------------------
    def round_finished(self, number: int) -> None:
        """Round ``number`` was scored at the class table: the Look back button, and a background
        thread that fetches the service's look-back as soon as it is ready."""
        self.button.description = f"Look back at round {number}"
        self.button.layout.display = None
        if number not in self.jobs:
            self.status.value = html.escape(f"Looking back at round {number}\u2026")
            self._fetch(number)

    def _fetch(self, number: int) -> Job:
        job = Job(number, self.table.seat)
        self.jobs[number] = job
        threading.Thread(target=self._background_fetch, args=(_running_loop(), job, self.table.game),
                         name="wizard-class-lookback", daemon=True).start()
        return job

    def _background_fetch(self, loop: asyncio.AbstractEventLoop | None, job: Job, game: Any) -> None:
        """In the thread: ask until the review is there, it cannot be, or :data:`WAIT_SECONDS` pass."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                job.review = game.round_review(job.round_number)
            except WizardError as exc:
                job.problem = str(exc)
            except Exception as exc:  # noqa: BLE001 - a child must never see a traceback
                job.problem = f"This round could not be looked back on ({type(exc).__name__}: {exc})."
            if job.review is not None or job.problem is not None:
                break
            if time.monotonic() > deadline:
                job.problem = STILL_BUSY
                break
            time.sleep(POLL_SECONDS)
        job.done.set()
        _later(loop, self._ready, job)

    def _ready(self, job: Job) -> None:
        super()._ready(job)
        if job.problem == STILL_BUSY and self.jobs.get(job.round_number) is job:
            del self.jobs[job.round_number]   # the next click asks the service again

    # -- the pupil asks --------------------------------------------------------------------------
    def show(self, number: int) -> None:
        """Show round ``number``'s look-back, or the friendly line until the service has it."""
        job = self.jobs.get(number) or self._fetch(number)
        self._wanted = number
        if job.done.is_set():
            self._show(job)
        else:
            self.body.value = html.escape(f"Looking back at round {number}\u2026")
            self.body.layout.display = None

    def look_back(self, round_number: int | None = None) -> Any:
        """The service's ``RoundReview`` of ``round_number`` (None: the last finished round), waiting
        for it (the plain Python API). A round that cannot be looked back on raises its sentence."""
        finished = len(self.table.game.rounds)
        if round_number is None:
            if not finished:
                raise WrongPhaseError("No round is finished yet: look back when a round ends.")
            round_number = finished
        job = self.jobs.get(round_number) or self._fetch(round_number)
        job.done.wait(WAIT_SECONDS + 10)
        if job.review is None:
            raise WizardError(job.problem or STILL_BUSY)
        return job.review

    def _click_predictions(self, _button: Any = None) -> None:
        if self.predictions_html.layout.display is None:
            self.predictions_html.layout.display = "none"
            return
        loop = _running_loop()
        if loop is None:
            self.show_predictions()
            return
        self.predictions_html.value = f"<p>{html.escape('Looking at your rounds' + chr(0x2026))}</p>"
        self.predictions_html.layout.display = None
        game: Any = self.table.game   # (a SeatGame: see tables/sources.py)

        def fetch() -> None:
            try:
                text = self._predictions_text(*game.my_rounds())[1]
            except Exception as exc:  # noqa: BLE001 - the same: words, never a traceback
                text = f"<p>{html.escape(self._problem_words(exc))}</p>"
            _later(loop, self._draw_predictions, text)

        threading.Thread(target=fetch, name="wizard-class-predictions", daemon=True).start()

    @staticmethod
    def _problem_words(exc: Exception) -> str:
        return str(exc) if isinstance(exc, WizardError) else (
            f"Your predictions could not be fetched ({type(exc).__name__}: {exc}).")

    def _draw_predictions(self, text: str) -> None:
        self.predictions_html.value = text
        self.predictions_html.layout.display = None

    def _predictions_text(self, rounds: list[Any], waiting: int) -> tuple[Any, str]:
        from ..review.summary import summarize

        rules = self.table.ruleset.scoring
        mine = [r for r in rounds if rules not in ("junior", "classic") or r.rules == rules]
        summary = summarize(mine)
        text = summary_html(summary, self.vocab)
        if waiting:
            more = "1 more round is" if waiting == 1 else f"{waiting} more rounds are"
            text += f'<p class="wizard-lookback-status">{html.escape(more)} still being worked out.</p>'
        return summary, text

    def show_predictions(self) -> Any:
        """"How good are my predictions?" over the pupil's rounds at the class tables (asks the
        service now); returns the :class:`~wizard_edu.review.PredictionSummary`."""
        game: Any = self.table.game
        summary, text = self._predictions_text(*game.my_rounds())
        self._draw_predictions(text)
        return summary


__all__ = ["ClassLookBack", "POLL_SECONDS", "WAIT_SECONDS", "STILL_BUSY"]
