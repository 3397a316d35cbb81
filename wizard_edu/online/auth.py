"""Who may do what at the class tables: the class code, pupils' tokens, the teacher's key, hub logins.

* The class code is typed the way children type it (:func:`normalise_code`, as in kid mode) and
  compared in constant time; five wrong codes a minute from one address make it wait.
* Each pupil gets their own token when they join; it acts only for their seat.
* The teacher's key opens the board; it is printed in the teacher's link, never on a command line.
* On a class hub, pupils are hub users (checked with the hub's ``HubAuth``) and teachers are the hub's
  admins or the users named in ``$WIZARD_EDU_TEACHERS``.

>>> codes_match(" km7-xq4 ", "KM7XQ4"), codes_match("KM7XQ5", "KM7XQ4")
(True, False)
"""

from __future__ import annotations

import hmac
import os
import secrets
import time
from collections import defaultdict, deque

from ..classroom.kidmode import class_code, normalise_code

#: Wrong class codes allowed from one address per minute before it has to wait (as kid mode).
MAX_FAILED = 5
WINDOW = 60.0
TEACHERS_ENV = "WIZARD_EDU_TEACHERS"
TEACHER_KEY_ENV = "WIZARD_EDU_TEACHER_KEY"


def codes_match(typed: str, code: str) -> bool:
    """The typed class code is the class code (case, spaces and dashes ignored; constant time)."""
    typed_code = normalise_code(typed)
    return bool(typed_code) and hmac.compare_digest(typed_code.encode(), normalise_code(code).encode())


def new_secret(kind: str) -> str:
    """A fresh class code (short, for the board), pupil token or teacher key (long, random)."""
    return class_code() if kind == "code" else secrets.token_urlsafe(24)


def keys_match(given: object, key: str) -> bool:
    return isinstance(given, str) and bool(given) and hmac.compare_digest(given.encode(), key.encode())


class Throttle:
    """At most :data:`MAX_FAILED` failures a minute from one address."""

    def __init__(self, limit: int = MAX_FAILED, window: float = WINDOW) -> None:
        self.limit, self.window = limit, window
        self.failures: dict[str, deque] = defaultdict(deque)

    def _recent(self, address: str) -> deque:
        times = self.failures[address]
        while times and time.monotonic() - times[0] > self.window:
            times.popleft()
        if not times:
            self.failures.pop(address, None)
            times = self.failures[address]
        return times

    def blocked(self, address: str) -> bool:
        return len(self._recent(address)) >= self.limit

    def failed(self, address: str) -> None:
        self._recent(address).append(time.monotonic())


def hub_teachers() -> set[str]:
    """The hub users who may open the board besides the admins (``$WIZARD_EDU_TEACHERS``, comma-separated)."""
    return {name.strip() for name in os.environ.get(TEACHERS_ENV, "").split(",") if name.strip()}


class HubUsers:
    """Hub logins, when the service runs as a JupyterHub service (``$JUPYTERHUB_API_TOKEN`` set).

    ``user(token)`` asks the hub who owns an API token (cached by jupyterhub's ``HubAuth``); the hub
    model's ``name`` and ``admin`` say who it is.
    """

    def __init__(self) -> None:
        from jupyterhub.services.auth import HubOAuth  # type: ignore[import-untyped]

        # HubOAuth also checks tokens, and gives the board its login through the hub. The one shared
        # instance: jupyterhub's OAuth callback handler uses HubOAuth.instance(), and the login's state
        # (where to go back to: the board) lives in that instance.
        self.auth = HubOAuth.instance(cache_max_age=60)

    def _allowed(self, user: dict | None) -> dict | None:
        """The user, if the hub lets them use this service (its access scope, when the hub sets one)."""
        if not user:
            return None
        scopes = self.auth.access_scopes
        return user if not scopes or self.auth.check_scopes(scopes, user) or self.is_teacher(user) else None

    async def user(self, token: str) -> dict | None:
        """The hub user who owns an API token (asked of the hub, cached for a minute)."""
        if not token:
            return None
        return self._allowed(await self.auth.user_for_token(token, sync=False))

    async def current_user(self, handler: object) -> dict | None:
        """The hub user of a request: a token in its header, or the cookie of the hub's OAuth login."""
        return self._allowed(await self.auth.get_user(handler, sync=False))

    @staticmethod
    def is_teacher(user: dict | None) -> bool:
        if not user:
            return False
        return bool(user.get("admin")) or user.get("name") in hub_teachers()


__all__ = ["codes_match", "keys_match", "new_secret", "normalise_code", "Throttle", "HubUsers", "hub_teachers",
           "TEACHERS_ENV", "TEACHER_KEY_ENV", "MAX_FAILED"]
