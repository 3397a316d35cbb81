"""The class tables on the network: tornado, an HTTP API and WebSocket pushes (see docs/online.md).

``wizard-edu tables`` calls :func:`serve`. The service listens on 127.0.0.1 unless the teacher
opens it to the class network (``--classroom``), or where the hub says when it runs as a hub
service. Every reply is JSON; an error is ``{"error": sentence, "kind": error class}``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
from typing import Any
from urllib.parse import urlparse

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web
import tornado.websocket
from tornado.httputil import url_concat

from ..errors import ServerError, WizardError
from .auth import WRONG_CODE, HubUsers, Throttle
from .classcode import CLASS_CODE_ENV, TEACHER_KEY_ENV, keys_match
from .errors import (
    BadRequestError,
    ClassCodeError,
)
from .handler import (  # noqa: F401  (the names other modules and tests know from here)
    _PAGE,
    _SAID,
    BOARD_PUSH_SECONDS,
    DEFAULT_DB,
    DEFAULT_PORT,
    FIRST_MESSAGE_SECONDS,
    FRAMING_HEADERS,
    HARD_MAX_BODY,
    MAX_BODY,
    MAX_DEPTH,
    MAX_SOCKETS_PER_PUPIL,
    STATIC,
    TEACHER_COOKIE,
    Handler,
    QuietLog,
    Refused,
    access_log,
    board_page,
    error_status,
    is_https,
    log,
    log_request,
    read_json,
)
from .live.handlers import live_routes
from .service import Table, TableService
from .settings import Settings
from .storage import ServiceLock, SQLiteStore
from .tournament import standings_csv, standings_html
from .wire import encode


class Root(Handler):
    def get(self) -> None:
        self.finish(_PAGE.format(title="Wizard class tables",
                                 body="<p>Pupils join from kid mode with the class code.</p>"))


class Join(Handler):
    async def post(self) -> None:
        data = self.body()
        throttle: Throttle = self.settings["throttle"]
        address = self.request.remote_ip or "?"
        if self.hub is not None and self.bearer():
            user = await self.hub.user(self.bearer())
            if user is None:
                raise ClassCodeError("Your hub login was not accepted: log in to the class hub again.")
            record = self.service.join_user(user["name"])
        else:
            # Wrong codes slow down this address only; the right code always gets in (see auth.Throttle).
            if not await throttle.check(address, data.get("code"), self.service.code):
                raise ClassCodeError(WRONG_CODE)
            record = self.service.join(data.get("code"), data.get("name"), address=address)
        await self.reply_stored({"token": record.token, "pupil": record.name, "table_id": record.table_id, "seat": record.seat,
                    "state": "seated" if record.table_id is not None else "registered"})


class SeatState(Handler):
    async def get(self) -> None:
        token = self.pupil_token()
        await self.service.settled(self.service.table_of(self.service.pupil(token)))
        self.reply(self.service.seat_state(token))


class Act(Handler):
    async def post(self) -> None:
        data = self.body()
        token = self.pupil_token()
        events = await self.service.act_async(token, data.get("action"), data.get("seat"))
        pupil = self.service.pupil(token)
        self.reply({"events": encode(tuple(events)), "version": self.service.version(self.service.table_of(pupil))})


class Leave(Handler):
    def post(self) -> None:
        """The pupil's page is closing: their push sockets close, the seat is kept, the grace starts."""
        pupil = self.service.pupil(self.pupil_token())
        for socket in list(self.settings["pushes"].by_pupil.get(pupil.id, ())):
            socket.close(1000, "left")
        self.reply({"ok": True})


class Board(Handler):
    async def get(self) -> None:
        await self.teacher()
        self.reply(self.service.board())


class BoardPage(Handler):
    """The teacher's board page; ``board?key=KEY`` sets the teacher's cookie and drops the key from the address."""

    async def get(self) -> None:
        key = self.get_argument("key", "")
        if key and keys_match(key, self.service.teacher_key):
            self.set_secure_cookie(TEACHER_COOKIE, "1", httponly=True)   # (path, SameSite, Secure: set_cookie)
            self.redirect(self.request.path)
            return
        if not await self.is_teacher():
            # Nobody logged in at the hub: the hub's login (OAuth), then back here. Someone logged in
            # who is not a teacher gets "Teacher only" (sending them to the login again would loop).
            if self.hub is not None and await self.hub.current_user(self) is None:
                state = self.hub.auth.set_state_cookie(self, next_url=self.request.uri)
                self.redirect(url_concat(self.hub.auth.login_url, {"state": state}))
                return
            self.set_status(403)
            self.finish(_PAGE.format(title="Teacher only", body="<p>Open the teacher's link to see the board.</p>"))
            return
        self.xsrf_token   # noqa: B018 - reading it sets the _xsrf cookie the board's buttons send back
        try:
            page = board_page()
        except ServerError as exc:   # an installation without the page: say so, never show the raw data
            log.error("%s", exc)
            self.set_status(500)
            self.finish(_PAGE.format(title="The board page is missing",
                                     body=f"<p>{tornado.escape.xhtml_escape(str(exc))}</p>"))
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)


class TeacherSettings(Handler):
    async def post(self) -> None:
        await self.teacher()
        await self.reply_stored({"settings": vars(self.service.set_settings(**self.body()))})


class Start(Handler):
    async def post(self) -> None:
        await self.teacher()
        await self.reply_stored({"started": self.service.start_tables()})


class Pause(Handler):
    async def post(self) -> None:
        await self.teacher()
        paused = self.body().get("paused", True)
        if not isinstance(paused, bool):
            raise BadRequestError(f"The setting paused is true or false, not {json.dumps(paused)[:40]}.")
        self.service.pause(paused)
        await self.reply_stored({"paused": self.service.paused})


class TeacherPupil(Handler):
    """``POST api/teacher/pupil {"pupil": id, "action": "free" | "remove"}`` (the board's buttons)."""

    async def post(self) -> None:
        await self.teacher()
        data = self.body()
        await self.reply_stored(self.service.pupil_action(data.get("pupil"), data.get("action")))


class FreePlaces(Handler):
    async def post(self) -> None:
        await self.teacher()
        await self.reply_stored(self.service.free_places())


class Tournament(Handler):
    async def post(self, step: str) -> None:
        await self.teacher()
        if step == "open":
            self.service.open_registration()
            await self.reply_stored({"tournament": self.service.tournament_info()})
        elif step == "start":
            await self.reply_stored({"tables": self.service.start_tournament()})
        elif step == "next":
            await self.reply_stored({"tables": self.service.next_round()})
        else:
            raise tornado.web.HTTPError(404)


class StandingsCSV(Handler):
    async def get(self) -> None:
        await self.teacher()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="wizard-tournament.csv"')
        self.finish(standings_csv(self.service.standings()))


class StandingsPage(Handler):
    async def get(self) -> None:
        await self.teacher()
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(standings_html(self.service.standings(), rules=self.service.tournament_rules()))


class NotFound(Handler):
    """Any other address: a JSON sentence, like every other refusal."""

    def check_xsrf_cookie(self) -> None:
        pass   # (nothing happens here, so a stray POST is told 404, not 403)

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class StaticFiles(tornado.web.StaticFileHandler):
    """The board's own files, refused inside another page's frame like every other page."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        for name, value in FRAMING_HEADERS.items():
            self.set_header(name, value)


class Push(QuietLog, tornado.websocket.WebSocketHandler):
    """The push channel: the first message says who is listening (a pupil's token or the teacher's key).

    A socket that has not said so within :data:`FIRST_MESSAGE_SECONDS` is closed (4001); a first
    message that is not JSON, or nested too deep, closes it (4000); a pupil's
    :data:`MAX_SOCKETS_PER_PUPIL` + 1st socket is refused (4029). Each gets an ``error`` message first.
    """

    pupil: Any = None
    token: str | None = None   # the pupil token this socket was opened with
    is_teacher = False
    waiting: object = None
    #: Tornado (6.6) asks check_origin only when the page's origin is not this server's own (it lets a
    #: same-origin socket through without asking), so a socket it never asked about is same-origin.
    same_origin = True

    @property
    def service(self) -> TableService:
        return self.settings["service"]

    def check_origin(self, origin: str) -> bool:
        # Any page may open the socket: nothing is sent before a token proves who listens. A teacher's
        # cookie counts only from this service's own pages (see open).
        self.same_origin = super().check_origin(origin)
        return True

    async def open(self) -> None:  # (tornado allows a coroutine here)
        self.waiting = tornado.ioloop.IOLoop.current().call_later(FIRST_MESSAGE_SECONDS, self._too_slow)
        if not getattr(self, "same_origin", False):
            return
        hub: HubUsers | None = self.settings.get("hub")
        if self.get_secure_cookie(TEACHER_COOKIE) == b"1":
            self._teacher()
        elif hub is not None and hub.is_teacher(await hub.current_user(self)):
            self._teacher()

    def _too_slow(self) -> None:
        self.waiting = None
        if self.pupil is None and not self.is_teacher:
            self._refuse(4001, "no token", "Nobody said who is listening: join with the class code first.")

    def _refuse(self, code: int, reason: str, sentence: str, kind: str = "NotYourSeatError") -> None:
        self.send({"type": "error", "error": sentence, "kind": kind})
        self.close(code, reason)

    def _teacher(self) -> None:
        self.is_teacher = True
        self.settings["pushes"].teachers.add(self)
        self.send({"type": "board", "board": self.service.board()})

    def on_message(self, message: str | bytes) -> None:
        if self.pupil is not None or self.is_teacher:
            return   # pushes only go one way
        try:
            data = read_json(message)
        except BadRequestError as exc:
            self._refuse(4000, "not JSON", str(exc), "BadRequestError")
            return
        if not isinstance(data, dict):
            data = {}
        if keys_match(data.get("key"), self.service.teacher_key):
            self._teacher()
            return
        try:
            pupil = self.service.pupil(data.get("token"))
        except WizardError as exc:
            self._refuse(4003, "not known", str(exc), type(exc).__name__)
            return
        if len(self.settings["pushes"].by_pupil.get(pupil.id, ())) >= MAX_SOCKETS_PER_PUPIL:
            self._refuse(4029, "too many pages", f"This seat is already open on {MAX_SOCKETS_PER_PUPIL} pages. "
                         "Close one of them, then try again.")
            return
        self.pupil = pupil
        self.token = pupil.record.token
        self.send({"type": "hello", "version": self.service.version(self.service.table_of(self.pupil))})
        self.settings["pushes"].add(self)
        self.service.connect(self.pupil, +1, self.token)   # (everyone at the table, this pupil too, is told they are here)

    def send(self, data: dict[str, Any] | str) -> None:
        try:
            self.write_message(data if isinstance(data, str) else json.dumps(data, separators=(",", ":")))
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_close(self) -> None:
        if self.waiting is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self.waiting)
            self.waiting = None
        pushes: Pushes = self.settings["pushes"]
        pushes.teachers.discard(self)
        if self.pupil is not None:
            pushes.remove(self)
            self.service.connect(self.pupil, -1, self.token)


class Pushes:
    """Who listens, and the service's changes sent to them."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.by_pupil: dict[int, set[Push]] = {}
        self.teachers: set[Push] = set()
        self.board_pending = False
        service.listeners.append(self.changed)
        service.on_token_ended.append(self.ended)

    def add(self, socket: Push) -> None:
        self.by_pupil.setdefault(socket.pupil.id, set()).add(socket)

    def remove(self, socket: Push) -> None:
        sockets = self.by_pupil.get(socket.pupil.id, set())
        sockets.discard(socket)
        if not sockets:
            self.by_pupil.pop(socket.pupil.id, None)

    def ended(self, pupil: Any, why: str) -> None:
        """A pupil's token ended: the sockets opened with it are told why and closed."""
        for socket in list(self.by_pupil.get(pupil.id, ())):
            if socket.token != pupil.record.token:
                socket.send({"type": "error", "error": why, "kind": "PassEndedError"})
                socket.close(4003, "pass ended")

    def changed(self, table: Table | None) -> None:
        if table is not None and table.writing is not None:
            return   # an action is being stored: the push after it carries this change too
        if table is not None:
            message = None
            for seat in range(table.record.size):
                pupil = self.service.seat_pupil(table, seat)
                if pupil is None or pupil.id not in self.by_pupil:
                    continue
                if message is None:
                    message = json.dumps({"type": "table", "version": self.service.version(table),
                                          "table": self.service.table_info(table)}, separators=(",", ":"))
                for socket in list(self.by_pupil[pupil.id]):
                    socket.send(message)
        else:
            for pupil_id in self.service.tournament.get("registered", []):  # the pupils waiting to be seated
                for socket in list(self.by_pupil.get(pupil_id, ())):
                    if self.service.table_of(socket.pupil) is None:
                        socket.send({"type": "registered", "version": self.service.version(None)})
        if self.teachers and not self.board_pending:
            self.board_pending = True
            tornado.ioloop.IOLoop.current().call_later(BOARD_PUSH_SECONDS, self.push_board)

    def push_board(self) -> None:
        self.board_pending = False
        message = json.dumps({"type": "board", "board": self.service.board()}, separators=(",", ":"))
        for socket in list(self.teachers):
            socket.send(message)


def make_app(service: TableService, base_url: str = "/", hub: HubUsers | None = None) -> tornado.web.Application:
    """The tornado application for ``service`` under ``base_url``."""
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    routes: list[Any] = [
        (base, Root), (base + "api/join", Join), (base + "api/seat", SeatState), (base + "api/act", Act),
        (base + "api/leave", Leave), (base + "api/ws", Push), (base + "api/board", Board),
        (base + "board", BoardPage), (base + "api/teacher/settings", TeacherSettings), (base + "api/teacher/start", Start),
        (base + "api/teacher/pause", Pause), (base + r"api/teacher/tournament/(\w+)", Tournament),
        (base + "api/teacher/pupil", TeacherPupil),
        (base + "api/teacher/free-places", FreePlaces),
        (base + "api/teacher/standings.csv", StandingsCSV), (base + "standings.html", StandingsPage),
    ]
    live, live_board = live_routes(base, Handler, service, TEACHER_COOKIE)   # the teacher's live view
    routes.extend(live)
    if STATIC.is_dir():
        routes.append((base + "static/(.*)", StaticFiles, {"path": str(STATIC)}))
    if hub is not None:
        from jupyterhub.services.auth import HubOAuthCallbackHandler  # type: ignore[import-untyped]

        routes.append((base + "oauth_callback", HubOAuthCallbackHandler))
    from . import hand_server  # the class's rounds and one hand (here: it builds on this module's handlers)

    routes += hand_server.routes(base)
    app = tornado.web.Application(
        routes, service=service, hub=hub, hub_auth=hub.auth if hub else None, throttle=Throttle(),
        cookie_secret=hashlib.sha256(("wizard-edu board " + service.teacher_key).encode()).hexdigest(),
        websocket_ping_interval=10, websocket_ping_timeout=10, websocket_max_message_size=MAX_BODY,
        xsrf_cookies=True, cross_origin_protection=True, base_path=base, default_handler_class=NotFound,
        log_function=log_request)
    app.settings["pushes"] = Pushes(service)
    app.settings["live"] = live_board
    return app


def network_addresses() -> list[str]:
    from ..kidmode.kidmode import network_addresses as found

    return found()


def bind(port: int, address: str = "127.0.0.1") -> list:
    """The listening sockets, or a plain sentence when the port is taken."""
    try:
        # (SO_REUSEADDR, as tornado binds: a restart right after a crash gets its port back at once)
        return tornado.netutil.bind_sockets(port, address)
    except OSError as exc:
        raise ServerError(f"Port {port} is already in use by another program (maybe the class tables started "
                          "earlier). Stop that program, or choose another port with --port (--port 0 picks a free "
                          f"one). ({exc.strerror})") from None


async def run(service: TableService, sockets: list, address: str = "127.0.0.1", base_url: str = "/",
              hub: HubUsers | None = None, announce: bool = True) -> None:
    """Serve on ``sockets`` (from :func:`bind`) until stopped (SIGTERM or SIGINT)."""
    service.start(asyncio.get_running_loop())
    app = make_app(service, base_url, hub)
    server = tornado.httpserver.HTTPServer(app, xheaders=hub is not None, max_body_size=HARD_MAX_BODY)
    server.add_sockets(sockets)
    port = sockets[0].getsockname()[1]
    ticker = tornado.ioloop.PeriodicCallback(service.tick, 1000)
    ticker.start()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - not the main thread
            pass
    if announce:
        base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
        print(f"Class tables are ready: http://127.0.0.1:{port}{base}", flush=True)
        if address == "0.0.0.0":
            for net in network_addresses():
                print(f"Pupils on the class network: http://{net}:{port}{base}", flush=True)
        print(f"Class code: {service.code}", flush=True)
        print(f"Teacher's board (keep this link to yourself): http://127.0.0.1:{port}{base}board?key="
              f"{service.teacher_key}", flush=True)
        print("Press Ctrl+C to stop.", flush=True)
    try:
        await stop.wait()
    finally:
        ticker.stop()
        server.stop()
        service.close()


def serve(port: int, db: str, code: str | None = None, table_size: int | None = None, *,
          classroom: bool = False, base_url: str | None = None, hub: bool | None = None,
          settings: dict[str, Any] | None = None) -> int:
    """``wizard-edu tables``: run the class tables until Ctrl+C."""
    settings = dict(settings or {})
    if table_size is not None:
        settings["table_size"] = table_size
    hub_mode = hub if hub is not None else bool(os.environ.get("JUPYTERHUB_API_TOKEN")
                                                and os.environ.get("JUPYTERHUB_SERVICE_URL"))
    address = "0.0.0.0" if classroom else "127.0.0.1"
    if hub_mode and os.environ.get("JUPYTERHUB_SERVICE_URL"):
        where = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        address, port = where.hostname or address, where.port or port
    if base_url is None:
        base_url = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/") if hub_mode else "/"
    code = code or os.environ.get(CLASS_CODE_ENV) or None   # kid mode's code, handed over without a command line
    Settings(**settings).check()    # a mistyped option is a sentence before anything is opened
    board_page()                    # an installation without the board page: a sentence, not a silent fallback
    sockets = bind(port, address)   # before the database: a busy port leaves nothing behind
    lock = None
    try:
        # One service per database (a second `make play ARGS=--classroom` is refused, naming the first).
        lock = ServiceLock(db, port=sockets[0].getsockname()[1])
        service = TableService(SQLiteStore(db), code=code, teacher_key=os.environ.get(TEACHER_KEY_ENV) or None,
                               settings=settings)
    except BaseException:
        for sock in sockets:
            sock.close()
        if lock is not None:
            lock.release()
        raise
    for warning in service.damaged:
        print(f"Warning: in {db}, {warning}.", flush=True)
    print(f"Class tables: {len(service.tables)} tables and {len(service.pupils)} pupils in {db}.", flush=True)
    try:
        asyncio.run(run(service, sockets, address, base_url, HubUsers() if hub_mode else None))
    finally:
        lock.release()
    return 0


__all__ = ["make_app", "bind", "run", "serve", "DEFAULT_DB", "DEFAULT_PORT"]
