"""Who may do what at the class tables: the class code, pupils' tokens, the teacher's key, hub logins.

* The class code is typed the way children type it and compared in constant time (the secrets of
  the class, made and compared the same way in kid mode: :mod:`wizard_edu.online.classcode`). Wrong codes slow down only their own address, and never refuse the
  right code because of someone's typos (:class:`Throttle`); new pupils are limited per address
  (:class:`NewPupils`). Kid mode's login page and Voila's ``?token=`` use the same throttle.
* Each pupil gets their own token when they join; it acts only for their seat.
* The teacher's key opens the board; it is printed in the teacher's link, never on a command line.
* On a class hub, pupils are hub users (checked with the hub's ``HubAuth``) and teachers are the hub's
  admins or the users named in ``$WIZARD_EDU_TEACHERS``.

"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import os
import time
from collections import deque
from collections.abc import Callable

from .classcode import codes_match
from .errors import TooManyNewPupilsError, TooManyTriesError

#: Wrong class codes one address may make in :data:`WINDOW` seconds that are checked at once (a class's typos).
MAX_FAILED = 10
WINDOW = 60.0
#: Past :data:`MAX_FAILED`, each try from that address waits its turn: one more second for each further wrong
#: code, at most :data:`MAX_SPACING` between two tries; a turn further off than :data:`MAX_WAIT` is refused.
SPACING_STEP = 1.0
MAX_SPACING = 10.0
MAX_WAIT = 8.0   # (under the client's 10 s for one call)
#: New pupils one address may add in :data:`WINDOW` seconds (a class behind one school address fits).
MAX_NEW_PUPILS = 40
#: Addresses remembered before the ones with nothing recent are forgotten (a flood of addresses stays small).
MAX_ADDRESSES = 4096
#: The HTTP status of every "too many" refusal (wrong codes, new pupils), here with the rules it answers.
TOO_MANY_STATUS = 429
WRONG_CODE = "That is not the class code. Look at the board and try again."
TEACHERS_ENV = "WIZARD_EDU_TEACHERS"


class Throttle:
    """Wrong class codes slow down their own address; the right code is never refused for a typo.

    The first :data:`MAX_FAILED` wrong codes a minute from an address are checked at once, like every
    right one. Past them the address is *slowed*: its tries are checked one turn at a time, and every
    turn costs one second more for each further wrong code (at most :data:`MAX_SPACING` seconds). A try
    waits for its turn (it is not refused) unless the turn is more than :data:`MAX_WAIT` seconds off:
    then it gets :class:`TooManyTriesError` (HTTP 429) at once, unchecked; a wrong code checked then
    gets it too, with the seconds the next try will wait (429). A right code gives its turn
    back, so it costs the others nothing. So typing (a class's typos, behind one school address) at
    worst waits a few seconds, while a script's guesses are checked about a dozen times a minute: a
    class code (22**6 codes) is not found in years of lessons. Waiting, not refusing, is what makes it
    work: a throttle that still checked every guess would let a script in at its own speed.

    >>> clock = [0.0]; t = Throttle(limit=2, clock=lambda: clock[0])
    >>> t.turn("a"), t.failed("a"), t.turn("a"), t.failed("a"), t.turn("a"), t.turn("a")
    (0.0, None, 0.0, None, 0.0, 1.0)
    >>> t.turn("b")     # another address is not slowed
    0.0
    """

    def __init__(self, limit: int = MAX_FAILED, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.failures: dict[str, deque] = {}
        self.next_turn: dict[str, float] = {}

    def _recent(self, address: str) -> deque:
        """The address's wrong codes of the last :data:`WINDOW` seconds (none: the address is forgotten)."""
        times = self.failures.get(address, deque())
        now = self.clock()
        while times and now - times[0] > self.window:
            times.popleft()
        if not times:   # forget the address (a flood of addresses leaves nothing behind)
            self.failures.pop(address, None)
            self.next_turn.pop(address, None)
        return times

    def spacing(self, address: str) -> float:
        """Seconds between two checked tries from ``address`` (0 while it is not slowed)."""
        extra = len(self._recent(address)) - self.limit
        return 0.0 if extra < 0 else min(MAX_SPACING, SPACING_STEP * (extra + 1))

    def blocked(self, address: str) -> bool:
        """Past the wrong codes checked at once (its tries wait their turn)."""
        return self.spacing(address) > 0

    def turn(self, address: str) -> float:
        """Take the address's next turn: the seconds to wait before checking its try (0: at once).

        Raises :class:`TooManyTriesError` when the turn is more than :data:`MAX_WAIT` seconds off.
        """
        spacing = self.spacing(address)
        if not spacing:
            return 0.0
        now = self.clock()
        start = max(now, self.next_turn.get(address, now))
        if start - now > MAX_WAIT:
            raise TooManyTriesError(f"Too many wrong codes from this network. Wait {math.ceil(start - now)} "
                                    "seconds, then type the code again.")
        self.next_turn[address] = start + spacing
        return start - now

    def failed(self, address: str) -> None:
        """A wrong code from ``address``."""
        if len(self.failures) > MAX_ADDRESSES:   # many addresses: forget those with no recent wrong code
            for other in list(self.failures):
                self._recent(other)
        self._recent(address)
        self.failures.setdefault(address, deque()).append(self.clock())

    def passed(self, address: str) -> None:
        """A right code: it gives its turn back (the next try from the address need not wait for it)."""
        if address in self.next_turn:
            self.next_turn[address] = max(self.clock(), self.next_turn[address] - self.spacing(address))

    async def check(self, address: str, typed: object, code: str) -> bool:
        """Wait for the address's turn, then check a typed code against ``code``: True when it is right.

        A wrong code from a slowed address, or a turn too far off, raises :class:`TooManyTriesError`
        (429, with the seconds to wait); the first wrong codes return False (401).
        """
        delay = self.turn(address)
        if delay:
            await asyncio.sleep(delay)
        if isinstance(typed, str) and codes_match(typed, code):
            self.passed(address)
            return True
        slowed = self.blocked(address)   # (the first wrong codes are a plain "not the code": 401)
        self.failed(address)
        spacing = self.spacing(address)
        if slowed:
            raise TooManyTriesError(f"That is not the class code, and many wrong codes came from this network: "
                                    f"wait {math.ceil(spacing)} seconds, then type the code again.")
        return False


class NewPupils:
    """At most :data:`MAX_NEW_PUPILS` new pupils a minute from one address (joining again is not counted).

    This computer (127.0.0.1, ::1) is not limited: kid mode's kernels join there for every child (each
    got past kid mode's own class-code page), and whoever runs programs on the teacher's computer could
    read the database anyway.

    >>> limit = NewPupils(limit=1); limit.add("a"); limit.add("b")
    >>> limit.add("a")
    Traceback (most recent call last):
    ...
    wizard_edu.online.errors.TooManyNewPupilsError: Many new pupils joined from this network just now. Wait a minute, then press Join again.
    """

    def __init__(self, limit: int = MAX_NEW_PUPILS, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.joined: dict[str, deque] = {}

    def check(self, address: str) -> None:
        """Raise :class:`TooManyNewPupilsError` if ``address`` may not add a new pupil now."""
        if _loopback(address):
            return
        times = self.joined.get(address)
        now = self.clock()
        while times and now - times[0] > self.window:
            times.popleft()
        if times is not None and not times:
            del self.joined[address]
        elif times is not None and len(times) >= self.limit:
            raise TooManyNewPupilsError("Many new pupils joined from this network just now. Wait a minute, "
                                        "then press Join again.")

    def add(self, address: str) -> None:
        """A new pupil from ``address`` (checked first: raises when there were too many)."""
        self.check(address)
        if not _loopback(address):
            if len(self.joined) > MAX_ADDRESSES:
                for other in list(self.joined):
                    with contextlib.suppress(TooManyNewPupilsError):
                        self.check(other)   # (forgets the addresses with no new pupil this minute)
            self.joined.setdefault(address, deque()).append(self.clock())


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def refusal_status(exc: Exception) -> int | None:
    """The HTTP status of a refusal decided here (too many tries or new pupils: 429), else None."""
    return TOO_MANY_STATUS if isinstance(exc, (TooManyTriesError, TooManyNewPupilsError)) else None


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


__all__ = ["Throttle", "NewPupils", "refusal_status",
           "HubUsers", "hub_teachers", "TEACHERS_ENV", "MAX_FAILED", "MAX_NEW_PUPILS",
           "TOO_MANY_STATUS", "WRONG_CODE"]
