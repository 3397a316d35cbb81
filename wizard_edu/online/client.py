"""A pupil's seat at a class table, from Python: :func:`join` and :class:`Seat`.

The kid-mode app and the notebook cell use this: ``seat.view()`` is the engine's own
:class:`~wizard_edu.engine.game.SeatView`, ``seat.apply(action)`` returns the engine's events and raises
its errors, and ``seat.wait()`` wakes as soon as a push says the table changed (no polling).
A ``Seat`` keeps one WebSocket open in a background thread (so the table sees the pupil as
connected) and reconnects by itself when the service restarts.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from .. import errors as _kit_errors
from ..engine.game import Action, SeatView
from ..errors import WizardError
from . import errors as _online_errors
from . import storage as _storage
from . import tournament as _tournament
from .errors import (
    ClassCodeError,
    OnlineError,
    PassEndedError,
    SeatTimeoutError,
    ServiceUnreachableError,
    TableNotStartedError,
)
from .wire import decode

#: Error classes by name, so a refusal comes back as the engine's own class.
_ERRORS: dict[str, type[WizardError]] = {
    name: cls for module in (_kit_errors, _online_errors, _tournament, _storage) for name, cls in vars(module).items()
    if isinstance(cls, type) and issubclass(cls, WizardError)}


def _base(url: str) -> str:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise OnlineError(f"The class tables' address starts with http:// (like http://127.0.0.1:8870/), not {url!r}.")
    return url if url.endswith("/") else url + "/"


def _unreachable(url: str) -> ServiceUnreachableError:
    return ServiceUnreachableError(f"The class tables at {url} do not answer. Is `wizard-edu tables` running, "
                                   "and is the address right?")


def _call(url: str, method: str, path: str, body: dict | None = None, token: str | None = None,
          timeout: float = 10.0, scheme: str = "Bearer") -> dict:
    """One HTTP call; a refusal raises the error class the service names, no answer raises
    :class:`ServiceUnreachableError`.  ``scheme``: ``Bearer`` for a pupil's token, ``token`` for a
    hub login's API token (what JupyterHub's services expect)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"{scheme} {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read())
            message, kind = answer["error"], answer.get("kind", "OnlineError")
        except (ValueError, KeyError, TypeError):
            raise OnlineError(f"The class tables answered with an error ({exc.code}).") from None
        raise _ERRORS.get(kind, OnlineError)(message) from None
    except (TimeoutError, urllib.error.URLError, ConnectionError, OSError) as exc:
        raise _unreachable(url) from exc


def _newer(pushed: str | None, seen: str | None) -> bool:
    """True when the pushed version is later than the one last looked at (versions: ``epoch:table:n``)."""
    if pushed is None:
        return False
    if seen is None:
        return True
    a, b = pushed.rsplit(":", 1), seen.rsplit(":", 1)
    if a[0] != b[0]:
        return True   # a restart (new epoch) or another table
    return int(a[1]) > int(b[1])


class Seat:
    """A pupil's seat (see :func:`join`)."""

    def __init__(self, url: str, token: str, joined: dict[str, Any], *, reconnect_timeout: float = 10.0) -> None:
        self.url = url
        self.name: str = joined.get("pupil", "")
        self.table_id: int | None = joined.get("table_id")
        self.seat: int | None = joined.get("seat")
        self.reconnect_timeout = reconnect_timeout
        self._token = token
        self._cond = threading.Condition()
        self._pushed: str | None = None
        self._seen: str | None = None
        self._table: dict[str, Any] | None = None
        self._closed = False
        #: Why this seat's pass ended (the pupil joined again elsewhere, or the teacher freed them).
        self.ended: str | None = None
        self._away = False   # the pupil's page is gone (kid mode says so): no push socket meanwhile
        self._callbacks: list[Callable[[dict[str, Any]], None]] = []
        self._socket: Any = None
        self.connected = False
        self._thread = threading.Thread(target=self._listen, name=f"wizard-seat-{self.name}", daemon=True)
        self._thread.start()

    def __repr__(self) -> str:
        return f"<Seat {self.name!r}: table {self.table_id}, seat {self.seat}>"

    # -- requests, with reconnecting ----------------------------------------------------
    def _request(self, method: str, path: str, body: dict | None = None) -> dict:
        if self._closed:
            raise OnlineError("This seat was closed: join again.")
        deadline = time.monotonic() + self.reconnect_timeout
        while True:
            try:
                return _call(self.url, method, path, body, self._token)
            except ServiceUnreachableError as exc:
                # A GET can simply be asked again; an action only when it surely never arrived.
                refused = isinstance(getattr(exc.__cause__, "reason", exc.__cause__), ConnectionRefusedError)
                if time.monotonic() >= deadline or (method != "GET" and not refused):
                    raise
                time.sleep(0.25)

    def _state(self) -> dict[str, Any]:
        state = self._request("GET", "api/seat")
        with self._cond:
            self.table_id, self.seat = state["table_id"], state["seat"]
            self._seen = state["version"]
            self._table = state["table"]
        return state

    # -- the seat ---------------------------------------------------------------------------
    def view(self) -> SeatView:
        """What this pupil sees now (the engine's SeatView)."""
        state = self._state()
        if state["view"] is None:
            raise TableNotStartedError("You do not have a table yet: wait until the teacher starts the games.")
        return decode(state["view"])

    def legal_actions(self) -> list[Action]:
        """What this pupil may do now: empty unless it is their turn (and the table plays)."""
        state = self._state()
        return [] if state["view"] is None else list(decode(state["view"]).legal)

    def look(self) -> tuple[SeatView | None, dict[str, Any]]:
        """The seat's view (None before the pupil has a table) and the TABLE dict, in one request."""
        state = self._state()
        return (None if state["view"] is None else decode(state["view"])), (state["table"] or {})

    def table(self) -> dict[str, Any]:
        """The table as everyone sees it: names, who is connected, whose turn, thinking, chances, paused."""
        state = self._state()
        return state["table"] or {}

    def apply(self, action: Action) -> tuple:
        """Do ``action`` for this seat; returns the events. A refusal raises the engine's error, nothing changes."""
        if not isinstance(action, Action):
            raise WizardError(f"Give an action like Action('bid', 1), not {action!r}.")
        answer = self._request("POST", "api/act", {"action": action.to_json()})
        with self._cond:
            if not _newer(self._seen, answer["version"]):
                self._seen = answer["version"]
        return tuple(decode(answer["events"]))

    def review(self, round_number: int) -> Any:
        """The look-back (:class:`~wizard_edu.review.RoundReview`) of finished round ``round_number`` at
        this pupil's table, from their own seat, as the service worked it out; ``None`` while it is
        still being worked out. A round not finished raises the service's sentence."""
        if isinstance(round_number, bool) or not isinstance(round_number, int):
            raise WizardError(f"Give the round's number, like 1, not {round_number!r}.")
        answer = self._request("GET", f"api/seat/review?round={round_number}")
        return decode(answer["review"]) if answer.get("ready") else None

    def my_rounds(self) -> tuple[list[Any], int]:
        """This pupil's rounds looked back on so far, at every table they sat at (the record's
        :class:`~wizard_edu.review.RoundEntry` lines), and how many are still being worked out."""
        from ..review.record import RoundEntry

        answer = self._request("GET", "api/seat/rounds")
        return [RoundEntry.from_json(r) for r in answer["rounds"]], int(answer.get("waiting", 0))

    def wait(self, timeout: float | None = None) -> bool:
        """``True`` as soon as the table changed since this seat last looked; ``False`` after ``timeout``.

        Raises :class:`PassEndedError` once the service has ended this seat's pass."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while not self._closed:
                if self.ended is not None:
                    raise PassEndedError(self.ended)
                if _newer(self._pushed, self._seen):
                    return True
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
        return False

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(table)`` (the TABLE dict) whenever a push says the table changed.

        It runs in the seat's background thread: a widget should only note the change there (or
        schedule its redraw), never block.
        """
        self._callbacks.append(callback)

    def close(self) -> None:
        """Leave the table (the seat is kept: joining again returns to it)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        ws = self._socket
        if ws is not None:
            try:
                ws.close(timeout=1)
            except Exception:  # already closed by the other side
                pass
        self._thread.join(timeout=3)

    def away(self, gone: bool) -> None:
        """The pupil's page is gone (``True``: the push socket closes within a second, so the table sees
        them away and the grace runs) or back (``False``: it opens again)."""
        self._away = bool(gone)
        ws = self._socket
        if gone and ws is not None:
            try:
                ws.abort()   # (websocket-client's way to wake the thread waiting in recv)
            except Exception:  # already closed
                pass

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- pushes ------------------------------------------------------------------------------
    def _listen(self) -> None:
        import websocket

        ws_url = "ws" + self.url[len("http"):] + "api/ws"
        pause = 0.25
        while not self._closed:
            if self._away:
                time.sleep(0.2)
                continue
            try:
                ws = websocket.create_connection(ws_url, timeout=5)
            except Exception:
                time.sleep(pause)
                pause = min(1.0, pause * 2)
                continue
            self._socket = ws
            try:
                ws.send(json.dumps({"token": self._token}))
                ws.settimeout(1.0)
                pause = 0.25
                while not self._closed and not self._away:
                    try:
                        text = ws.recv()
                    except websocket.WebSocketTimeoutException:
                        continue
                    if not text:
                        break
                    message = json.loads(text)
                    if message.get("type") == "error":
                        if message.get("kind") == "PassEndedError":   # for good: stop listening
                            with self._cond:
                                self.ended = str(message.get("error"))
                                self._cond.notify_all()
                            return
                        pause = 1.0   # a token the service does not know (yet): ask again calmly
                        break
                    with self._cond:
                        self.connected = True
                        if "version" in message:
                            self._pushed = message["version"]
                        if message.get("table") is not None:
                            self._table = message["table"]
                        self._cond.notify_all()
                    for callback in list(self._callbacks):
                        try:
                            callback(message.get("table") or {})
                        except Exception:  # a widget's mistake must not stop the pushes
                            logging.getLogger("wizard_edu.online").exception("A seat's callback failed")
            except Exception:  # the service went away: try again
                pass
            finally:
                self.connected = False
                self._socket = None
                try:
                    ws.close(timeout=0.5)
                except Exception:
                    pass
            if not self._closed:
                time.sleep(pause)


def join(url: str, code: str | None, name: str | None, *, timeout: float = 30, hub_token: str | None = None,
         reconnect_timeout: float = 10.0) -> Seat:
    """Join the class tables at ``url`` with the class ``code`` and the pupil's ``name``.

    Returns as soon as the pupil has a seat at a table (one waiting for players counts; while a
    tournament's registration is open, when the tournament seats them). On a class hub give the
    user's ``hub_token`` instead of code and name. A wrong code raises :class:`ClassCodeError`, no
    answer :class:`ServiceUnreachableError`, no seat within ``timeout`` :class:`SeatTimeoutError`.
    """
    base = _base(url)
    deadline = time.monotonic() + timeout
    if hub_token:
        answer = _call(base, "POST", "api/join", {}, hub_token, max(0.5, min(10.0, timeout)), scheme="token")
    else:
        if not isinstance(code, str) or not code.strip():
            raise ClassCodeError("Type the class code from the board.")
        answer = _call(base, "POST", "api/join", {"code": code, "name": name}, timeout=max(0.5, min(10.0, timeout)))
    seat = Seat(base, answer["token"], answer, reconnect_timeout=reconnect_timeout)
    while seat.table_id is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            seat.close()
            raise SeatTimeoutError(f"No seat yet after {timeout:g} seconds: the teacher has not started the "
                                   "tournament. Join again when they do.")
        seat.wait(min(remaining, 2.0))
        seat._state()
    return seat


__all__ = ["join", "Seat"]
