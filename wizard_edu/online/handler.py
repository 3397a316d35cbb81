"""The class tables' base request handler and what every page shares: the limits on a request, the
sentences for a refusal, the framing headers, reading JSON, the quiet request log.

:mod:`wizard_edu.online.server` builds the application on it; :mod:`wizard_edu.online.hand_server`
adds the class hand pages (both import this module, neither the other).
"""
from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

import tornado.httputil
import tornado.web

from ..errors import ServerError, UnknownRulesetError, WizardError
from .auth import HubUsers, refusal_status
from .classcode import keys_match
from .errors import (
    BadRequestError,
    ClassCodeError,
    NotYourSeatError,
    TeacherOnlyError,
)
from .service import TableService

log = logging.getLogger("wizard_edu.online")
access_log = logging.getLogger("tornado.access")

#: The default database file, in the folder the teacher starts from.
DEFAULT_DB = "wizard-edu-tables.sqlite"
DEFAULT_PORT = 8870
#: The board's pushes: at most one every this many seconds while things change.
BOARD_PUSH_SECONDS = 0.25
TEACHER_COOKIE = "wizard-edu-teacher"
STATIC = Path(__file__).with_name("static")
#: The largest request body (and WebSocket message) the service reads: an action or a setting is a few
#: hundred bytes. Bigger ones get a 413 sentence; beyond HARD_MAX_BODY the connection is closed unread.
MAX_BODY = 64 * 1024
HARD_MAX_BODY = 1024 * 1024
#: JSON nested deeper than this is refused before it is parsed (the deepest real request has 3 levels).
MAX_DEPTH = 20
#: A push socket must say who listens within this many seconds, or it is closed.
FIRST_MESSAGE_SECONDS = 5.0
#: Push sockets one pupil may hold open (a few tabs and a reconnecting tablet); more are refused.
MAX_SOCKETS_PER_PUPIL = 8
#: Every page and reply refuses to be shown inside another page (clicks on a hidden board).
FRAMING_HEADERS = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'"}
_PAGE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
         '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
         '<body style="font-family:sans-serif"><main><h1>{title}</h1>{body}</main></body></html>')


def board_page() -> str:
    """The teacher's board page (package data); a plain :class:`ServerError` when the installation lacks it."""
    page = STATIC / "board.html"
    try:
        return page.read_text(encoding="utf-8")
    except OSError:
        raise ServerError(f"The teacher's board page is missing from this installation ({page}). Reinstall "
                          "wizard-edu (pip install wizard-edu, or pip install -e . in the kit's folder).") from None


def error_status(exc: WizardError) -> int:
    status = refusal_status(exc)   # (too many tries or new pupils: auth.py decides)
    if status is not None:
        return status
    if isinstance(exc, ClassCodeError):
        return 401
    if isinstance(exc, (NotYourSeatError, TeacherOnlyError)):
        return 403
    if isinstance(exc, (BadRequestError, UnknownRulesetError)):
        return 400
    return 409


class Refused(tornado.web.HTTPError):
    """A request refused before it is handled, with the sentence its reply says."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(status, sentence.replace("%", "%%"))
        self.sentence = sentence


#: What a refusal by tornado itself (not by the service) says.
_SAID = {400: "The class tables could not read this request.",
         403: "Only the teacher's own board page can do this: open the board from the teacher's link.",
         404: "There is nothing at this address of the class tables.",
         405: "The class tables do not answer this kind of request here."}
_JSON_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


def read_json(raw: bytes | str) -> Any:
    """A request's JSON, refused with a sentence when it is not JSON or nested deeper than :data:`MAX_DEPTH`.

    The depth is counted on the brackets outside strings before anything is parsed, so a body of
    100,000 ``[`` costs a scan, not a ``RecursionError``.

    >>> read_json(b'{"action": ["bid", 1], "note": "[[[["}')
    {'action': ['bid', 1], 'note': '[[[['}
    >>> read_json("[" * 21 + "]" * 21)
    Traceback (most recent call last):
    ...
    wizard_edu.online.errors.BadRequestError: The request is nested too deep (more than 20 levels of brackets).
    """
    data = raw.encode("utf-8", "replace") if isinstance(raw, str) else raw
    depth = 0
    for bracket in _BRACKETS.finditer(_JSON_STRINGS.sub(b'""', data)):
        depth += 1 if bracket.group() in b"[{" else -1
        if depth > MAX_DEPTH:
            raise BadRequestError(f"The request is nested too deep (more than {MAX_DEPTH} levels of brackets).")
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise BadRequestError("The request was not JSON.") from None


def is_https(request: tornado.httputil.HTTPServerRequest) -> bool:
    """The browser came over https: to this server, or to the proxy in front of it (the hub's)."""
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
    return request.protocol == "https" or forwarded == "https"


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log line without the query string: a refused ``api/board?key=...`` must not
    write the teacher's key into the log."""
    status = handler.get_status()
    write = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    write("%d %s %s (%s) %.2fms", status, handler.request.method, handler.request.path, handler.request.remote_ip,
          1000.0 * handler.request.request_time())


class QuietLog:
    """Uncaught errors are logged with the path only (never a query string that may hold a key)."""

    request: tornado.httputil.HTTPServerRequest

    def log_exception(self, typ: Any, value: BaseException | None, tb: Any) -> None:
        if isinstance(value, tornado.web.HTTPError):
            return   # a refusal: the access log has its line, the reply its sentence
        log.error("Uncaught exception at %s %s", self.request.method, self.request.path, exc_info=value)


class Handler(QuietLog, tornado.web.RequestHandler):
    """JSON in and out, and the three ways in: a pupil's token, the teacher's key (or cookie), a hub login.

    A cookie is the one credential a browser adds by itself to a request another page makes, so a
    request that a cookie may authenticate must carry the XSRF token of the teacher's board page
    (tornado's ``xsrf_cookies``) and come from this service's own origin (``cross_origin_protection``).
    A token in the ``Authorization`` header (a pupil's, the teacher's key, a hub API token) cannot be
    added by another page, so those calls need no XSRF token.
    """

    @property
    def service(self) -> TableService:
        return self.settings["service"]

    @property
    def hub(self) -> HubUsers | None:
        return self.settings.get("hub")

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        for name, value in FRAMING_HEADERS.items():
            self.set_header(name, value)

    def set_cookie(self, name: str, value: str | bytes, domain: str | None = None, expires: Any = None,
                   path: str | None = None, expires_days: float | None = None, *, samesite: str | None = None,
                   secure: bool = False, **kwargs: Any) -> None:
        """The service's own cookies (the teacher's, tornado's ``_xsrf``) go to the service's path only
        (not to the pupils' servers on the same hub), same-site requests only, and https only behind https."""
        if name in (TEACHER_COOKIE, self.settings.get("xsrf_cookie_name", "_xsrf")):
            path = path or self.settings["base_path"]
            samesite = samesite or "Strict"
            secure = secure or is_https(self.request)
        super().set_cookie(name, value, domain, expires, path or "/", expires_days, samesite=samesite, secure=secure,
                           **kwargs)

    def check_xsrf_cookie(self) -> None:
        # (tornado calls this before every POST.) Only a cookie rides along with another page's request:
        # a call with a token in its header, or with no cookie at all, has no cookie to be trusted for.
        if self.bearer() or "Cookie" not in self.request.headers:
            return
        try:
            super().check_xsrf_cookie()
        except tornado.web.HTTPError:
            raise Refused(403, _SAID[403]) from None

    def prepare(self) -> None:
        if self.request.method == "POST":
            media, _, rest = self.request.headers.get("Content-Type", "").partition(";")
            charset = rest.replace(" ", "").lower()
            # Exactly JSON: "text/plain; application/json" is what a form on another page can send.
            if media.strip().lower() != "application/json" or charset not in ("", "charset=utf-8"):
                raise Refused(415, "Send JSON (Content-Type: application/json).")
        if len(self.request.body) > MAX_BODY:
            raise Refused(413, f"The request is too big: at most {MAX_BODY // 1024} KiB.")

    def body(self) -> dict[str, Any]:
        if not self.request.body:
            return {}
        data = read_json(self.request.body)
        if not isinstance(data, dict):
            raise BadRequestError("The request must be a JSON object.")
        return data

    def reply(self, data: Any) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data, separators=(",", ":")))

    async def reply_stored(self, data: Any) -> None:
        """Reply once everything the request changed is stored (a pupil's pass, a seat, a setting): what
        a reply says is still so after a crash."""
        await self.service.stored()
        self.reply(data)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None))[1]
        if isinstance(exc, Refused):
            message = exc.sentence
        elif isinstance(exc, tornado.web.HTTPError):
            message = _SAID.get(status_code, self._reason)
        else:
            message = "Something went wrong at the class tables; the teacher can look at the service's window."
        self.reply({"error": message, "kind": "OnlineError"})

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, WizardError):
            self.set_status(error_status(e))
            self.reply({"error": str(e), "kind": type(e).__name__})
            return
        super()._handle_request_exception(e)

    def bearer(self) -> str:
        header = self.request.headers.get("Authorization", "")
        scheme, _, value = header.partition(" ")
        return value.strip() if scheme.lower() in ("bearer", "token") else ""

    def pupil_token(self) -> str:
        token = self.bearer()
        if not token:
            raise NotYourSeatError("Join with the class code first.")
        return token

    async def is_teacher(self) -> bool:
        token = self.bearer()
        if token:   # a token in the header decides alone: a cookie never completes a request carrying one
            if keys_match(token, self.service.teacher_key):
                return True
            return self.hub is not None and self.hub.is_teacher(await self.hub.user(token))
        if self.get_secure_cookie(TEACHER_COOKIE) == b"1":
            return True
        if self.hub is not None:
            return self.hub.is_teacher(await self.hub.current_user(self))
        return False

    async def teacher(self) -> None:
        if not await self.is_teacher():
            raise TeacherOnlyError("Only the teacher can do this (open the teacher's link).")
