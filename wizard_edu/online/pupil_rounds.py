"""A pupil's own finished rounds at the class tables, for their class table (issue 30): "Look back" and
"How good are my predictions?".

:class:`PupilRounds` is the part of :class:`~wizard_edu.online.service.TableService` that answers
``GET api/seat/review?round=N`` and ``GET api/seat/rounds`` (``hand_server.py``) from what
:class:`~wizard_edu.online.class_hand.ClassRounds` worked out for the teacher's board. A pupil gets
only the seat their token names, only rounds that are finished (every card of them was played face
up at the table), and never the table's seed.
"""

from __future__ import annotations

from typing import Any

from .class_hand import ClassRounds, _whole
from .errors import OnlineError, TableNotStartedError
from .round_jobs import look_back
from .wire import encode


class PupilRounds(ClassRounds):
    """A pupil's own look-backs and rounds (see the module docstring)."""

    def seat_review(self, token: object, number: object) -> dict[str, Any]:
        """What ``GET api/seat/review?round=N`` answers: the look-back of finished round ``N`` at the
        pupil's table, from THEIR seat only (the token names it), as the wire sends it
        (``{"ready": true, "review": ...}``), or ``{"ready": false}`` while it is being worked out.
        A round not finished, or one the kit cannot look back on, is a sentence (an error)."""
        pupil = self.pupil(token)
        table = self.table_of(pupil)
        if table is None or pupil.record.seat is None:
            raise TableNotStartedError("You do not have a table yet, so there is no round to look back on.")
        rnd = _whole(number, "round")
        if not 1 <= rnd <= len(table.game.rounds):
            raise OnlineError(f"Round {rnd} is not finished yet: look back once its last trick is played."
                              if rnd >= 1 else f"There is no round {rnd}: the rounds start at 1.")
        key = (table.id, rnd, pupil.record.seat)
        if key not in self.reviews and key not in self.not_reviewed:
            if self.loop is None:   # (tests, notebooks: worked out now)
                job = self._job_for(table, rnd, (pupil.record.seat,))
                self._take(job, look_back(job, self.review_samples))
            else:
                self._round_ended()   # the worker is on it (or starts: after a restart)
                return {"ready": False, "round": rnd}
        if key in self.not_reviewed:
            raise OnlineError(f"This round cannot be looked back on: {self.not_reviewed[key]}")
        return {"ready": True, "round": rnd, "review": encode(self.reviews[key])}

    def seat_rounds(self, token: object) -> dict[str, Any]:
        """What ``GET api/seat/rounds`` answers: the pupil's OWN rounds looked back on so far, at every
        table they sat at (the record's lines, :meth:`RoundEntry.to_json`), and how many of their
        finished rounds are still being worked out. Their class table summarizes them (``summarize``)."""
        pupil = self.pupil(token)
        waiting = sum(1 for table, _, seats in self._todo() for s in seats
                      if table.record.seats[s].get("pupil") == pupil.id)
        return {"rounds": [e.to_json() for e in self.pupil_rounds().get(pupil.id, [])], "waiting": waiting}


__all__ = ["PupilRounds"]
