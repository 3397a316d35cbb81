"""The teacher's addresses for the class's own rounds (issue 30), on top of ``server.py``'s handlers.

* ``GET api/teacher/hands``: the hands the board suggests (where the class's bids differed most);
* ``GET api/teacher/hand?table=T&round=R&seat=S[&show_chances=1]``: one hand for the projector, names
  hidden; the kit's chance of each bid only with ``show_chances``;
* ``GET api/teacher/rounds.csv``: the class's rounds in the class CSV format (``wizard_edu.review.export``);
* ``GET hand``: the projector's page (``static/hand.html``).

Teacher only, like the other ``api/teacher`` addresses (the teacher's key, cookie or hub admin). And a
pupil's own rounds, for their class table (the pupil's token; only the seat it names):

* ``GET api/seat/review?round=N``: the look-back of finished round N at their table, from their seat;
* ``GET api/seat/rounds``: their rounds looked back on so far ("How good are my predictions?").
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import tornado.escape

from ..errors import ServerError
from .errors import BadRequestError
from .handler import _PAGE, STATIC, Handler, log

#: How long ``api/teacher/rounds.csv`` waits for rounds still being looked back on.
CSV_WAIT_SECONDS = 10.0


def hand_page() -> str:
    page = STATIC / "hand.html"
    try:
        return page.read_text(encoding="utf-8")
    except OSError:
        raise ServerError(f"The class hand page is missing from this installation ({page}). Reinstall "
                          "wizard-edu (pip install wizard-edu, or pip install -e . in the kit's folder).") from None


class TeacherHands(Handler):
    async def get(self) -> None:
        await self.teacher()
        self.reply({"hands": self.service.hands(), "duplicate": bool(self.service.tournament.get("duplicate"))})


class TeacherHand(Handler):
    async def get(self) -> None:
        await self.teacher()
        show = self.get_argument("show_chances", "") not in ("", "0", "false", "no")
        self.reply(await self.service.hand_async(self.get_argument("table", ""), self.get_argument("round", ""),
                                                 self.get_argument("seat", ""), show_chances=show))


class RoundsCSV(Handler):
    async def get(self) -> None:
        await self.teacher()
        # The rounds still being worked out (a backlog after a restart) are waited for a while, not forever:
        # what is ready then is exported, and the board's "Still working out" column says what is not.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.service.reviewed()), CSV_WAIT_SECONDS)
        from ..review.export import write_class_csv

        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="wizard-class-rounds.csv"')
        self.finish(write_class_csv(self.service.rounds_frame()))


class SeatReview(Handler):
    async def get(self) -> None:
        token = self.pupil_token()
        if any(self.get_argument(name, None) is not None for name in ("seat", "table", "pupil")):
            raise BadRequestError("You can look back only at your own rounds: ask with the round's number alone.")
        self.reply(self.service.seat_review(token, self.get_argument("round", "")))


class SeatRounds(Handler):
    async def get(self) -> None:
        self.reply(self.service.seat_rounds(self.pupil_token()))


class HandPage(Handler):
    """The projector's page for one hand; the teacher only (like the board)."""

    async def get(self) -> None:
        if not await self.is_teacher():
            self.set_status(403)
            self.finish(_PAGE.format(title="Teacher only", body="<p>Open the teacher's board first.</p>"))
            return
        try:
            page = hand_page()
        except ServerError as exc:
            log.error("%s", exc)
            self.set_status(500)
            self.finish(_PAGE.format(title="The class hand page is missing",
                                     body=f"<p>{tornado.escape.xhtml_escape(str(exc))}</p>"))
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)


def routes(base: str) -> list[Any]:
    """The handlers of this module under ``base`` (``make_app`` adds them)."""
    return [(base + "api/teacher/hands", TeacherHands), (base + "api/teacher/hand", TeacherHand),
            (base + "api/teacher/rounds.csv", RoundsCSV), (base + "hand", HandPage),
            (base + "api/seat/review", SeatReview), (base + "api/seat/rounds", SeatRounds)]


__all__ = ["routes", "TeacherHands", "TeacherHand", "RoundsCSV", "HandPage", "SeatReview", "SeatRounds"]
