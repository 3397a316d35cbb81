"""The service's side of the live view: who sends (passes), what is kept (the events), what is shown.

Identity comes from the credential, never from an event: a hub login's API token (the hub says who
owns it) or, in kid mode, a *live pass* the service gives a kernel on this computer for the class code
and the pupil's name. A pass is the name signed with a key derived from the teacher's key, so it
names one pupil, cannot be made without the service, and stays good across restarts.

Events are kept in the service's database through its one writer thread (``save_live_events``: an
event id a pupil sent before is ignored), so a sender that sends again after a lost reply, or to a
restarted service, stores each event once.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import time
from collections.abc import Callable
from typing import Any

from ..errors import LiveEventError
from ..names import clean_name, name_key
from .events import check_batch, check_event
from .view import class_view

PASS_PREFIX = "live1."
#: Events kept for one pupil (a lesson's checks are a few hundred): past it, a pupil's sender (or a
#: script with their pass) is refused, so nobody fills the teacher's computer.
MAX_PER_PUPIL = 5000


class LiveBoard:
    """The events of every pupil (in memory, loaded from the store at the start) and the refusals."""

    def __init__(self, service: Any, clock: Callable[[], float] = time.time) -> None:
        self.service, self.clock = service, clock
        self.refused = 0
        self.events: dict[str, dict[str, dict[str, Any]]] = {}
        # A store of its own (the Store seam) without the live events' two methods keeps them in memory only.
        self.stored = hasattr(service.writer.store, "save_live_events")
        for pupil, event in service.writer.call("load_live_events") if self.stored else []:
            self.events.setdefault(pupil, {})[event["id"]] = event
        self._key = hashlib.sha256(("wizard-edu live " + service.teacher_key).encode()).digest()

    # -- passes ---------------------------------------------------------------------------------
    def make_pass(self, name: object) -> str:
        """A kid-mode kernel's pass for the pupil ``name`` (typed, tidied like a joining pupil's)."""
        shown = clean_name(name)
        raw = base64.urlsafe_b64encode(shown.encode()).decode().rstrip("=")
        return PASS_PREFIX + raw + "." + self._sign(shown)

    def _sign(self, shown: str) -> str:
        return hmac.new(self._key, name_key(shown).encode(), hashlib.sha256).hexdigest()[:32]

    def pass_name(self, token: str) -> str | None:
        """The pupil a pass names (None: not a pass, or one this service did not make)."""
        if not token.startswith(PASS_PREFIX):
            return None
        raw, _, sign = token[len(PASS_PREFIX):].partition(".")
        try:
            shown = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
        except ValueError:
            return None
        return shown if hmac.compare_digest(sign, self._sign(shown)) else None

    # -- events ---------------------------------------------------------------------------------
    async def add(self, pupil: str, body: Any) -> dict[str, Any]:
        """Check and store a batch of ``pupil``'s events; all or none (a bad one refuses the batch)."""
        try:
            events = [check_event(e) for e in check_batch(body)]
        except ValueError:
            self.refused += max(1, len(body.get("events", [])) if isinstance(body, dict)
                                and isinstance(body.get("events"), list) else 1)
            raise
        key = name_key(pupil)
        mine = self.events.setdefault(key, {})
        new = [e for e in events if e["id"] not in mine]
        if len(mine) + len(new) > MAX_PER_PUPIL:
            self.refused += len(new)
            raise LiveEventError(f"{pupil} has sent more than {MAX_PER_PUPIL} events in this class: the class "
                                 "tables keep no more for one pupil.")
        if new and self.stored:
            rows = [(key, pupil, e) for e in new]
            await asyncio.wrap_future(self.service.writer.submit("save_live_events", rows))
        for e in new:
            mine[e["id"]] = {**e, "pupil": pupil}
        return {"stored": [e["id"] for e in events]}

    def view(self) -> dict[str, Any]:
        """The teacher's page's data, names shown as the board's names switch says."""
        style = self.service.settings.names
        show = self.service.name_shower(style)
        by_pupil: dict[str, list[dict[str, Any]]] = {}
        for events in self.events.values():
            for e in events.values():
                by_pupil.setdefault(e["pupil"], []).append(e)
        data = class_view(by_pupil, self.clock(), show)
        data.update(refused=self.refused, names=style, now=self.clock())
        return data


__all__ = ["LiveBoard", "PASS_PREFIX", "MAX_PER_PUPIL"]
