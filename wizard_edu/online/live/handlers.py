"""The live view's HTTP handlers, made on the service's own base handler (``server.Handler``: JSON in
and out, the teacher's key, cookie and hub login), which :func:`live_routes` is given, so this package
never imports the server module (the server imports it).

* ``POST api/live/pass`` ``{"code", "name"}``: a kid-mode kernel's pass for its pupil (this computer only).
* ``POST api/live/events`` ``{"events": [...]}``, with a pass or a hub API token: the sender's events.
* ``GET api/live/view``: the teacher's page's data (teacher only).
* ``GET live``: the teacher's page (teacher only; ``live?key=KEY`` sets the teacher's cookie).
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

from ..classcode import keys_match
from ..errors import BadRequestError, ClassCodeError, LiveEventError, NotYourSeatError, TeacherOnlyError
from .board import LiveBoard

PAGE = Path(__file__).resolve().parents[1] / "static" / "live.html"


def _loopback(address: str | None) -> bool:
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


def live_routes(base: str, handler: type, service: Any, cookie: str) -> tuple[list[Any], LiveBoard]:
    """The routes under ``base`` and the :class:`LiveBoard` they share (``handler``: the server's base,
    ``cookie``: the name of the teacher's cookie)."""
    board = LiveBoard(service)

    class LivePass(handler):
        async def post(self) -> None:
            if self.hub is not None:
                raise NotYourSeatError("On the class hub your login sends your progress: no pass is needed.")
            if not _loopback(self.request.remote_ip):
                raise NotYourSeatError("Live passes are for the apps on the teacher's computer only.")
            data = self.body()
            if not await self.settings["throttle"].check(self.request.remote_ip or "?", data.get("code"),
                                                        self.service.code):
                raise ClassCodeError("That is not the class code. Look at the board and try again.")
            self.reply({"pass": board.make_pass(data.get("name"))})

    class LiveEvents(handler):
        async def post(self) -> None:
            token = self.bearer()
            name = board.pass_name(token) if token else None
            if name is None and token and self.hub is not None:
                user = await self.hub.user(token)
                name = user["name"] if user else None
            if name is None:
                raise NotYourSeatError("Your progress could not be sent: open the app again from kid mode, "
                                       "or log in to the class hub again.")
            try:
                self.reply(await board.add(name, self.body()))
            except LiveEventError as exc:   # (the client knows it by this name: never sent again)
                raise BadRequestError(str(exc)) from None

    class LiveView(handler):
        async def get(self) -> None:
            await self.teacher()
            self.reply(board.view())

    class LivePage(handler):
        async def get(self) -> None:
            key = self.get_argument("key", "")
            if key and keys_match(key, self.service.teacher_key):
                self.set_secure_cookie(cookie, "1", httponly=True)
                self.redirect(self.request.path)
                return
            if not await self.is_teacher():
                if self.hub is not None and await self.hub.current_user(self) is None:
                    from tornado.httputil import url_concat

                    state = self.hub.auth.set_state_cookie(self, next_url=self.request.uri)
                    self.redirect(url_concat(self.hub.auth.login_url, {"state": state}))
                    return
                raise TeacherOnlyError("Only the teacher can see the class live (open the teacher's link).")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(PAGE.read_text(encoding="utf-8"))

    routes = [(base + "api/live/pass", LivePass), (base + "api/live/events", LiveEvents),
              (base + "api/live/view", LiveView), (base + "live", LivePage)]
    return routes, board


__all__ = ["live_routes"]
