"""The pupil's side of the live view: each recorded event goes to the class tables in the background.

:func:`install` (called by :mod:`wizard_edu.teach.progress` the first time it records something in a
kernel of the class hub or of kid mode with ``--classroom``: ``$WIZARD_EDU_TABLES_URL`` is set) adds a
:class:`Sender` as a progress listener. :meth:`Sender.put` only puts the event in a queue (the
pupil's feedback never waits for the network); a thread keeps every unsent event in an outbox file
beside the progress file and sends them, oldest first, again and again (a little longer between tries
each time, at most :data:`MAX_PAUSE` seconds) until the service has stored them. Events have ids, so
one sent twice (a reply lost) is stored once.

Who sends: on the hub, the pupil's own hub API token (``$JUPYTERHUB_API_TOKEN``); in kid mode, a pass
the service gives for the class code and the learner's name (:func:`wizard_edu.teach.progress.current_learner`).
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...files import write_atomic
from ..client import _call
from ..errors import BadRequestError, OnlineError

MAX_PAUSE = 10.0
#: Events sent in one request (the service takes up to 200).
BATCH = 100
OUTBOX = "live-outbox.json"
#: The class tables' address, set for the kernels of the class hub and of kid mode with --classroom.
LIVE_ENV = "WIZARD_EDU_TABLES_URL"


class Sender:
    """A queue and a thread sending a pupil's events to ``url`` (see the module docstring)."""

    def __init__(self, url: str, *, hub_token: str | None = None, code: str | None = None,
                 name: Callable[[], str | None] = lambda: None, outbox: str | os.PathLike,
                 timeout: float = 3.0, call: Callable[..., Any] = _call) -> None:
        self.url = url.rstrip("/") + "/"
        self.hub_token, self.code, self.name, self.timeout, self.call = hub_token, code, name, timeout, call
        self.outbox = Path(outbox)
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.pending: list[dict[str, Any]] = self._read_outbox()
        self.sent = 0
        self.dropped = 0
        self._pass: tuple[str, str] | None = None
        self._idle = threading.Event()
        self._stop = False
        self.thread = threading.Thread(target=self._run, name="wizard-live-sender", daemon=True)
        self.thread.start()

    # -- the pupil's side: never waits ------------------------------------------------------------
    def put(self, event: dict[str, Any]) -> None:
        """Hand an event over (an id is given here); returns at once."""
        self._idle.clear()
        self.queue.put({"id": uuid.uuid4().hex, **event})

    # -- the thread ---------------------------------------------------------------------------------
    def _read_outbox(self) -> list[dict[str, Any]]:
        try:
            data = json.loads(self.outbox.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        return [e for e in data if isinstance(e, dict) and "id" in e] if isinstance(data, list) else []

    def _save_outbox(self) -> None:
        try:
            self.outbox.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.outbox, json.dumps(self.pending))
        except OSError:
            pass   # (the events are still in memory; the progress file is the record)

    def _credential(self) -> tuple[str, str] | None:
        """``(token, scheme)`` to send with, or None while there is none yet (no name typed)."""
        if self.hub_token:
            return self.hub_token, "token"
        name = self.name()
        if not name or not self.code:
            return None
        if self._pass is None or self._pass[0] != name:
            answer = self.call(self.url, "POST", "api/live/pass", {"code": self.code, "name": name[:20]},
                               None, self.timeout)
            self._pass = (name, answer["pass"])
        return self._pass[1], "Bearer"

    def _take(self, wait: float) -> bool:
        """Move queued events to ``pending`` (waiting up to ``wait`` s for the first): True if any came."""
        got = False
        try:
            item = self.queue.get(timeout=wait) if wait > 0 else self.queue.get_nowait()
            while True:
                if item is None:
                    self._stop = True
                else:
                    self.pending.append(item)
                    got = True
                item = self.queue.get_nowait()
        except queue.Empty:
            pass
        if got:
            self._save_outbox()
        return got

    def send_pending(self) -> bool:
        """Try to send what is pending once: True when nothing is left."""
        while self.pending:
            credential = self._credential()
            if credential is None:
                return False
            batch = self.pending[:BATCH]
            try:
                self.call(self.url, "POST", "api/live/events", {"events": batch}, credential[0], self.timeout,
                          scheme=credential[1])
            except BadRequestError:
                # The service will never take these (a kit of another version): drop, do not loop.
                self.dropped += len(batch)
            except OnlineError:
                self._pass = None   # (a new pass next time: the teacher's key may have changed)
                return False
            else:
                self.sent += len(batch)
            del self.pending[:len(batch)]
            self._save_outbox()
        return True

    def _run(self) -> None:
        pause = 0.5
        while not self._stop:
            self._take(wait=MAX_PAUSE if not self.pending else 0)
            if not self.pending:
                self._idle.set()
                continue
            try:
                done = self.send_pending()
            except Exception:  # noqa: BLE001 - a sender must never die: try again later
                done = False
            if done:
                pause = 0.5
                self._idle.set()
            else:
                self._take(wait=pause)   # (new events still come in while the service is away)
                pause = min(MAX_PAUSE, pause * 2)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is sent (tests, benchmarks): True if it was."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.queue.empty() and not self.pending and self._idle.wait(0.05):
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=5)


_installed: Sender | None = None


def install(add_listener: Callable[[Callable[[dict[str, Any]], None]], None], name: Callable[[], str | None],
            progress_file: Path, env: dict[str, str] | None = None) -> Sender | None:
    """Start the sender for this kernel when it runs in class (see the module docstring); once.

    The progress module hands over its ``add_listener``, the learner's name and its file (this package
    does not import it: it imports this one).
    """
    global _installed
    env = dict(os.environ if env is None else env)
    url = env.get(LIVE_ENV, "")
    token, code = env.get("JUPYTERHUB_API_TOKEN", ""), env.get("WIZARD_EDU_CLASS_CODE", "")
    if _installed is not None or not url or not (token or code):
        return _installed
    _installed = Sender(url, hub_token=token or None, code=None if token else code, name=name,
                        outbox=progress_file.with_name(OUTBOX))
    add_listener(_installed.put)
    return _installed


__all__ = ["Sender", "install"]
