"""The class tables: pupils, seating, a :class:`~wizard_edu.engine.game.Game` at every table, computer players.

:class:`TableService` holds the class's state and knows nothing of HTTP (``server.py`` puts it on the
network). It is not thread-safe: one thread (the server's event loop) calls it. Computer players think
in a worker thread (:meth:`TableService._computer_turns`) and their moves come back to that loop, so a
hard player's thinking never holds up a pupil's click.

One write path: every store call (:class:`~wizard_edu.online.storage.Store`) goes through one writer
thread (:class:`~wizard_edu.online.storage.StoreWriter`), in order, and every move, a pupil's or a
computer player's, through :meth:`TableService.apply`: stored before anyone is told (a move the store
refuses is undone). On the server the event loop goes on meanwhile and a reply waits until what its
request changed is stored (:meth:`TableService.stored`); without a loop (tests, notebooks) each call
returns once it is stored. At a start each table is replayed from its seed and stored actions, so it
goes on at the exact position.

>>> import tempfile
>>> from wizard_edu.online.storage import SQLiteStore
>>> store = SQLiteStore(tempfile.mkdtemp() + "/class.sqlite")
>>> svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior"})
>>> ann = svc.join("ABCD", "Ann"); ben = svc.join("ABCD", "Ben"); cy = svc.join("abcd", " cy ")
>>> [p.seat for p in (ann, ben, cy)], svc.tables[ann.table_id].record.started
([0, 1, 2], True)
>>> first_pass = ann.token
>>> again = svc.join("ABCD", "ann")     # joining again (nobody connected as Ann): the same seat and hand,
>>> (again.table_id, again.seat), again.token == first_pass      # with a fresh token (the old one ended)
((1, 0), False)
>>> svc.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import time
import weakref
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import asdict, replace
from datetime import datetime
from typing import Any, TypeVar

from ..engine.game import Action, Game, SeatView
from ..engine.rules.rulesets import Ruleset
from ..engine.views import events_for_seat
from ..errors import WizardError
from ..players import make_player
from .auth import WRONG_CODE, NewPupils
from .classcode import codes_match, new_secret, normalise_code
from .errors import (
    ClassCodeError,
    NotYourSeatError,
    OnlineError,
    PassEndedError,
    PausedError,
    SeatTakenError,
    TableNotStartedError,
)
from .names import MAX_NAME, clean_name, distinct_names, name_key, shown_name, shown_names
from .pupil_rounds import PupilRounds
from .settings import Settings
from .storage import PupilRecord, Store, StoreWriter, TableRecord
from .teacher import TeacherDesk
from .tournament_tables import TournamentTables
from .wire import encode

log = logging.getLogger("wizard_edu.online")

#: Pupils who may join in one lesson: since the service started, or since the teacher last freed the places
#: (:meth:`TableService.free_places`). Pupils of earlier lessons stay in the database and do not count.
MAX_PUPILS = 400
#: The joins refused because the name's pupil is playing, kept for the teacher's board (newest first).
MAX_ATTEMPTS = 20
#: Ended tokens remembered, to tell their pages why (in memory only: after a restart they are not known).
MAX_ENDED = 10_000


class Pupil:
    """A pupil's record and their connection (not stored: everyone is away at a start)."""

    def __init__(self, record: PupilRecord, now: float) -> None:
        self.record = record
        #: Push sockets open with the pupil's current token (a socket of an ended token does not count).
        self.sockets = 0
        self.away_since = now   # a start gives every pupil a fresh grace
        self.last_seen = now

    @property
    def id(self) -> int:
        return self.record.id


class Table:
    """A table: its record, its game, and what is going on right now."""

    def __init__(self, record: TableRecord, game: Game, actions: list[tuple[int, list]] | None = None) -> None:
        self.record = record
        self.game = game
        #: The stored actions ``(seat, [kind, value])``, as the database holds them (the game replays them).
        self.actions: list[tuple[int, list]] = list(actions or [])
        #: Actions applied to the game, stored or being stored (a computer's move checks it is still current).
        self.moves = len(self.actions)
        self.version = 0
        self.players: dict[int, Any] = {}   # computer players by seat (made when first needed)
        self.busy = False                  # a computer turn task runs for this table
        self.thinking: int | None = None    # the seat whose computer player is thinking
        self.stand_ins: frozenset[int] = frozenset()
        #: While an action is being stored: a future done when it is (nothing at the table is shown meanwhile).
        self.writing: asyncio.Future | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def over(self) -> bool:
        return self.game.is_over


def _game(record: TableRecord) -> Game:
    return Game(players=record.size, rules=Ruleset.from_dict(record.rules), seed=record.seed, names=record.names,
                first_dealer=record.first_dealer)


T = TypeVar("T")


class TableService(TeacherDesk, TournamentTables, PupilRounds):
    """The class's tables (see the module docstring).

    ``loop``: the asyncio loop computer players report back to (set by the server); without one,
    :meth:`play_computers` moves them (tests, notebooks).
    """

    def __init__(self, store: Store, *, code: str | None = None, teacher_key: str | None = None,
                 settings: dict[str, Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 executor: Executor | None = None) -> None:
        self.store = store
        self.clock = clock
        self.epoch = secrets.token_hex(3)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.writer = StoreWriter(store)
        # (a service dropped without close(), as tests do at a "restart": its writer thread ends with it)
        self._stop_writer = weakref.finalize(self, self.writer.stop)
        #: On the server: the writes handed to the writer that no reply has waited for yet (see :meth:`stored`).
        self.unstored: list[concurrent.futures.Future] = []
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="wizard-computer")
        self.listeners: list[Callable[[Table | None], None]] = []
        self.board_version = 0
        snap = self.writer.call("load")
        stored = snap.settings
        self.settings = Settings.from_stored(stored)
        if settings:
            self.settings = Settings(**{**asdict(self.settings), **settings})
        self.settings.check()
        for key, value in asdict(self.settings).items():
            if stored.get(key) != value:
                self._store("save_setting", key, value)
        self.code = normalise_code(code or stored.get("class_code") or "") or new_secret("code")
        if len(self.code) < 4:
            raise ClassCodeError("A class code needs at least 4 letters or digits.")
        self.teacher_key = teacher_key or stored.get("teacher_key") or new_secret("key")
        for key, value in (("class_code", self.code), ("teacher_key", self.teacher_key)):
            if stored.get(key) != value:
                self._store("save_setting", key, value)
        self.paused = bool(stored.get("paused", False))
        now = clock()
        self.pupils: dict[int, Pupil] = {p.id: Pupil(p, now) for p in snap.pupils}
        self.by_token = {p.record.token: p for p in self.pupils.values()}
        self.by_key: dict[str, Pupil] = {}
        for p in sorted(self.pupils.values(), key=lambda p: p.id):   # (keys folded again: older databases)
            self.by_key.setdefault(name_key(p.record.name) if p.record.key.startswith("name:") else p.record.key, p)
        #: Tokens that were ended (the pupil joined again, or the teacher freed them): why, in a sentence.
        self.ended: dict[str, str] = {}
        #: Joins refused while the name's pupil was playing: {"pupil", "name", "at"} (newest first).
        self.attempts: list[dict[str, Any]] = []
        #: Called with a pupil whose token was just ended (the server closes that token's sockets).
        self.on_token_ended: list[Callable[[Pupil, str], None]] = []
        #: The pupils of this lesson, who count towards :data:`MAX_PUPILS` (nobody, at a start).
        self.lesson: set[int] = set()
        self.new_pupils = NewPupils(clock=clock)
        self.tables: dict[int, Table] = {}
        #: What the store could not read (a sentence each; the server prints them at the start).
        self.damaged: list[str] = list(getattr(snap, "damaged", []))
        self.last_ids: dict[str, int] = dict(getattr(snap, "last_ids", {}))
        for record in snap.tables:
            try:
                game = _game(record)
                for seat, action in snap.actions.get(record.id, []):
                    game.apply(Action.from_json(action), seat)
            except (WizardError, TypeError, KeyError, AttributeError) as exc:   # a damaged row: said, and left out
                self.damaged.append(f"tables row {record.id} does not replay ({exc}): it is left out")
                continue
            self.tables[record.id] = Table(record, game, snap.actions.get(record.id, []))
        for warning in self.damaged:
            log.warning("The class tables' database: %s.", warning)
        self.tournament: dict[str, Any] = snap.tournament or {}
        self._init_class_rounds()
        self._reconcile()

    def _reconcile(self) -> None:
        """Pupils and tables agree after a crash between the two writes of a seating.

        A table's word decides: a pupil whose table does not list them at their seat sits where a table
        lists them, or nowhere (they are seated again when they join again); a table that has not
        started keeps no seat for a pupil who sits elsewhere.
        """
        def listed(pupil: Pupil) -> bool:
            table = self.tables.get(pupil.record.table_id) if pupil.record.table_id is not None else None
            seat = pupil.record.seat
            return (table is not None and seat is not None and 0 <= seat < table.record.size
                    and table.record.seats[seat].get("pupil") == pupil.id)

        for pupil in self.pupils.values():
            if listed(pupil):
                continue
            was = (pupil.record.table_id, pupil.record.seat)
            pupil.record.table_id = pupil.record.seat = None
            for table in self.tables.values():   # (the newest table that lists them)
                seat = next((i for i, e in enumerate(table.record.seats) if e.get("pupil") == pupil.id), None)
                if seat is not None:
                    pupil.record.table_id, pupil.record.seat = table.id, seat
            if (pupil.record.table_id, pupil.record.seat) != was:
                self._store("save_pupil", pupil.record)
        for table in self.tables.values():
            if table.record.started:
                continue   # a computer plays a seat whose pupil sits elsewhere
            seats = [{} if "pupil" in e and (self.pupils[e["pupil"]].record.table_id, self.pupils[e["pupil"]].record.seat)
                     != (table.id, i) else e for i, e in enumerate(table.record.seats)]
            if seats != table.record.seats:
                table.record.seats = seats
                self._deal_again(table)
                self._store("save_table", table.record)

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run on ``loop`` (the server's): computer players move by themselves, nothing waits for the
        disk, and every table whose computer player is to move starts."""
        self.loop = loop
        for table in self.tables.values():
            self._kick(table)
        self._round_ended()   # the finished rounds' look-backs (not stored: worked out again after a restart)

    # -- the store ---------------------------------------------------------------------------
    def _store(self, method: str, *args: Any) -> None:
        """A write, handed to the writer thread (the one path to the store, in order). Without a loop it
        is stored when this returns; on the server the request's reply waits for it (:meth:`stored`)."""
        future = self.writer.submit(method, *args)
        if self.loop is None:
            future.result()
        else:
            self.unstored.append(future)

    async def stored(self) -> None:
        """Wait until every write handed over so far is stored (the server awaits it before a reply, so
        what a reply says survives a crash); a write the store refused raises here."""
        futures, self.unstored = self.unstored, []
        for future in futures:
            await asyncio.wrap_future(future)

    async def _written(self, future: concurrent.futures.Future) -> Any:
        """Wait for the writer: on the server the loop goes on meanwhile; without one, here and now."""
        if self.loop is None:
            return future.result()
        return await asyncio.wrap_future(future)

    def _now(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run one of the service's coroutines without an event loop (tests, notebooks): every wait in
        it is then done at once (:meth:`_written`), so it finishes without ever yielding."""
        if self.loop is not None:
            coro.close()
            raise RuntimeError("The class tables run on an event loop here: use act_async.")
        try:
            coro.send(None)
        except StopIteration as done:
            return done.value
        coro.close()   # (it cannot yield: every wait is done at once without a loop)
        raise RuntimeError("A wait of the class tables needed an event loop.")

    # -- notifications -----------------------------------------------------------------
    def _changed(self, table: Table | None) -> None:
        """Something changed at ``table`` (None: only the board): new version, tell the listeners."""
        if table is not None:
            table.version += 1
        self.board_version += 1
        for listener in list(self.listeners):
            try:
                listener(table)
            except Exception:   # a broken listener (a closed socket) never stops the game
                log.exception("A listener failed")

    def version(self, table: Table | None) -> str:
        return f"{self.epoch}:{table.id}:{table.version}" if table else f"{self.epoch}:-:{self.board_version}"

    # -- pupils --------------------------------------------------------------------------
    def check_code(self, code: object) -> None:
        if not isinstance(code, str) or not codes_match(code, self.code):
            raise ClassCodeError(WRONG_CODE)

    def join(self, code: object, name: object, address: str | None = None) -> PupilRecord:
        """A pupil with the class code joins, or joins again.

        Joining again by name (:func:`name_key`: case, spaces, NFKC and look-alike letters ignored)
        gives the seat and hand back only while that pupil is not connected, with a fresh token (the
        old one is ended). While they are connected the join is refused and the board shows the try.
        ``address``: where the join came from (the server's); at most
        :data:`~wizard_edu.online.auth.MAX_NEW_PUPILS` new pupils a minute come from one address.
        """
        self.check_code(code)
        shown = clean_name(name)
        key = name_key(shown)
        pupil = self.by_key.get(key)
        if pupil is not None:
            if pupil.sockets > 0:
                self._attempt(pupil)
                raise SeatTakenError(f"Someone is already playing as {pupil.record.name}. Ask your teacher.")
            self._end_token(pupil, "You joined again on another page, so this page's pass has ended. "
                                   "Join again with the class code.")
        return self._join(key, shown, address)

    def join_user(self, login: str) -> PupilRecord:
        """A hub user joins (no code: the hub has checked who they are; joining again keeps the token)."""
        return self._join("hub:" + login, clean_name(login[:MAX_NAME]))

    def _attempt(self, pupil: Pupil) -> None:
        self.attempts.insert(0, {"pupil": pupil.id, "name": pupil.record.name, "at": datetime.now().strftime("%H:%M")})
        del self.attempts[MAX_ATTEMPTS:]
        self._changed(None)

    def _end_token(self, pupil: Pupil, why: str) -> None:
        """End the pupil's token (a fresh one is theirs, for whoever joins by their name next):
        the old one is refused with ``why``, and its sockets are closed."""
        old = pupil.record.token
        self.by_token.pop(old, None)
        self.ended[old] = why
        if len(self.ended) > MAX_ENDED:   # the oldest go (their pages then hear "not known here")
            del self.ended[next(iter(self.ended))]
        pupil.record.token = new_secret("token")
        self.by_token[pupil.record.token] = pupil
        self._store("save_pupil", pupil.record)
        if pupil.sockets:
            pupil.sockets = 0
            pupil.away_since = self.clock()
        for listener in list(self.on_token_ended):
            listener(pupil, why)
        table = self.table_of(pupil)
        if table is not None:
            self._changed(table)
            self._kick(table)

    def _join(self, key: str, shown: str, address: str | None = None) -> PupilRecord:
        pupil = self.by_key.get(key)
        if pupil is None or pupil.id not in self.lesson:
            if len(self.lesson) >= MAX_PUPILS:
                raise OnlineError(f"The class tables are full ({MAX_PUPILS} pupils in this lesson). Ask your "
                                  "teacher to free the places of pupils who are not here.")
        if pupil is None:
            if address is not None:
                self.new_pupils.add(address)
            record = PupilRecord(id=self._new_id("pupils", self.pupils), name=shown, key=key, token=new_secret("token"))
            pupil = Pupil(record, self.clock())
            self.pupils[record.id] = pupil
            self.by_token[record.token] = pupil
            self.by_key[key] = pupil
            self._store("save_pupil", record)
        self.lesson.add(pupil.id)
        if self.tournament.get("state") == "registration":
            if pupil.id not in self.tournament["registered"]:
                self.tournament["registered"].append(pupil.id)
                self._store("save_tournament", self.tournament)
                self._changed(None)
        elif pupil.record.table_id is None:
            self._seat(pupil)
        else:
            table = self.table_of(pupil)
            if table is not None and table.over and table.record.tournament_round is None:
                self._seat(pupil)   # their game is over: joining again is a new game at a new table
        pupil.last_seen = self.clock()
        return pupil.record

    def pupil(self, token: object) -> Pupil:
        pupil = self.by_token.get(token) if isinstance(token, str) else None
        if pupil is None:
            if isinstance(token, str) and token in self.ended:
                raise PassEndedError(self.ended[token])
            raise NotYourSeatError("This seat's pass is not known here: join again with the class code.")
        return pupil

    def table_of(self, pupil: Pupil) -> Table | None:
        return self.tables.get(pupil.record.table_id) if pupil.record.table_id is not None else None

    def connect(self, pupil: Pupil, change: int, token: str | None = None) -> None:
        """A pupil's push connection opened (+1) or closed (-1); ``token``: the one it was opened with
        (a socket of a token that has ended since does not count)."""
        if token is not None and token != pupil.record.token:
            return
        pupil.sockets = max(0, pupil.sockets + change)
        now = self.clock()
        pupil.last_seen = now
        if pupil.sockets == 0:
            pupil.away_since = now
        table = self.table_of(pupil)
        if table is not None:
            self._changed(table)
            self._kick(table)

    def present(self, pupil: Pupil) -> bool:
        """Connected now, or away for less than the grace."""
        return pupil.sockets > 0 or self.clock() - max(pupil.away_since, pupil.last_seen) < self.settings.grace

    # -- seating ----------------------------------------------------------------------------
    def _seat(self, pupil: Pupil) -> None:
        """Seat a pupil in arrival order: the first table still waiting with a free seat, else a new one."""
        size = self.settings.table_size
        table = next((t for t in self.tables.values() if not t.record.started and t.record.tournament_round is None
                      and t.record.size == size and {} in t.record.seats), None)
        if table is None:
            table = self._new_table(size, self.settings.ruleset())
        seat = table.record.seats.index({})
        table.record.seats[seat] = {"pupil": pupil.id}
        pupil.record.table_id, pupil.record.seat = table.id, seat
        self._deal_again(table)
        # The table first: after a crash in between, the table's word decides (see _reconcile).
        if {} not in table.record.seats:
            self._start(table)
        else:
            self._store("save_table", table.record)
            self._changed(table)
        self._store("save_pupil", pupil.record)

    def _new_id(self, kind: str, known: dict[int, Any]) -> int:
        """A new pupil's or table's id: above every row in the database, damaged rows included."""
        self.last_ids[kind] = max(self.last_ids.get(kind, 0), max(known, default=0)) + 1
        return self.last_ids[kind]

    def _new_table(self, size: int, ruleset: Ruleset, tournament_round: int | None = None,
                   seed: int | None = None) -> Table:
        """A new table (``seed``: its deals; by default a fresh one, duplicate deals share one)."""
        ruleset.check_players(size)
        record = TableRecord(id=self._new_id("tables", self.tables), size=size, rules=ruleset.to_dict(),
                             seed=secrets.randbelow(2**31) if seed is None else seed, seats=[{} for _ in range(size)], names=[],
                             tournament_round=tournament_round, first_dealer=size - 1)
        table = Table(record, Game(players=size, rules=ruleset, seed=record.seed, first_dealer=record.first_dealer))
        self.tables[record.id] = table
        self._deal_again(table)
        return table

    def _seat_names(self, record: TableRecord) -> list[str]:
        names, computers = [], 0
        for seat in record.seats:
            if "pupil" in seat:
                names.append(self.pupils[seat["pupil"]].record.name)
            elif "computer" in seat:
                computers += 1
                names.append(f"Computer {computers}")
            else:
                names.append("Free seat")
        return distinct_names(names)

    def _deal_again(self, table: Table) -> None:
        """The table's game with its seats' names (only before anyone acted: same seed, same deal)."""
        assert not table.moves, "a game in progress keeps its names"
        table.record.names = self._seat_names(table.record)
        table.game = _game(table.record)

    def _start(self, table: Table) -> None:
        if table.record.started:
            return
        table.record.seats = [seat or {"computer": self.settings.computer} for seat in table.record.seats]
        self._deal_again(table)
        table.record.started = True
        self._store("save_table", table.record)
        self._changed(table)
        self._kick(table)

    # -- who plays each seat ---------------------------------------------------------------
    def seat_pupil(self, table: Table, seat: int) -> Pupil | None:
        """The pupil sitting at ``seat`` (None for a computer, or a pupil who moved to another table)."""
        entry = table.record.seats[seat]
        pupil = self.pupils.get(entry.get("pupil", -1))
        return pupil if pupil is not None and (pupil.record.table_id, pupil.record.seat) == (table.id, seat) else None

    def _computer_seat(self, table: Table) -> int | None:
        """The seat a computer player should act for now, if any."""
        if not table.record.started or table.over or self.paused:
            return None
        seat = table.game.to_move
        if seat is None:
            return None
        pupil = self.seat_pupil(table, seat)
        return seat if pupil is None or not self.present(pupil) else None

    def _player(self, table: Table, seat: int) -> Any:
        player = table.players.get(seat)
        if player is None:
            level = table.record.seats[seat].get("computer", self.settings.computer)
            player = table.players[seat] = make_player(level, seed=(table.record.seed + 7919 * seat) % 2**31)
        return player

    def _kick(self, table: Table) -> None:
        """Start the table's computer turns in the background if a computer is to move."""
        if self.loop is None or table.busy or self._computer_seat(table) is None:
            return
        table.busy = True
        self.loop.create_task(self._computer_turns(table))

    async def _computer_turns(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                seat = self._computer_seat(table)
                if seat is None:
                    break
                done = table.moves
                table.thinking = seat
                self._changed(table)
                if self.settings.computer_delay:
                    await asyncio.sleep(self.settings.computer_delay)   # children see it think
                if self._computer_seat(table) != seat or table.moves != done:
                    continue
                view = table.game.view(seat)
                action = await loop.run_in_executor(self.executor, self._player(table, seat).act, view)
                if self._computer_seat(table) != seat or table.moves != done:
                    continue   # the pupil came back, or acted, meanwhile
                try:
                    await self.apply(table, seat, action)
                except WizardError:
                    log.exception("A computer player's move was refused at table %s", table.id)
                    break
        finally:
            table.busy = False
            if table.thinking is not None:
                table.thinking = None
                self._changed(table)

    def play_computers(self, limit: int = 100_000) -> int:
        """Without an event loop: let computer players move until a pupil must act; the moves made."""
        moves = 0
        progress = True
        while progress and moves < limit:
            progress = False
            for table in self.tables.values():
                seat = self._computer_seat(table)
                if seat is not None:
                    self._now(self.apply(table, seat, self._player(table, seat).act(table.game.view(seat))))
                    moves += 1
                    progress = True
        return moves

    def tick(self) -> None:
        """Every second or so: who is away past the grace (a stand-in takes over), who came back."""
        for table in self.tables.values():
            if not table.record.started or table.over:
                continue
            stand_ins = frozenset(s for s in range(table.record.size)
                                  if (p := self.seat_pupil(table, s)) is not None and not self.present(p))
            if stand_ins != table.stand_ins:
                table.stand_ins = stand_ins
                self._changed(table)
            self._kick(table)

    # -- acting ------------------------------------------------------------------------------
    async def apply(self, table: Table, seat: int, action: Action) -> tuple:
        """The one way a move is made, a pupil's (:meth:`act_async`, :meth:`act`) or a computer player's:
        applied to the game, stored by the writer thread, and only then told to anyone; a move the store
        refuses is undone. One move at a time at a table, in order. The events of the move."""
        await self.settled(table)
        if self.paused:
            raise PausedError("The teacher has paused the games. Wait until they start again.")
        finished = len(table.game.rounds)
        events = table.game.apply(action, seat)   # a refusal raises here and changes nothing
        table.moves += 1
        row = (seat, action.to_json())
        stored = self.writer.submit("append_actions", [(table.id, len(table.actions), *row)])
        done = self.loop.create_future() if self.loop is not None else None
        table.writing = done
        try:
            await self._written(stored)
        except Exception:
            self._undo_last(table)
            raise
        else:
            table.actions.append(row)
        finally:
            table.writing = None
            if done is not None:
                done.set_result(None)
        self._changed(table)
        self._kick(table)
        if len(table.game.rounds) > finished:
            self._round_ended()   # its look-backs, in the background (the reply does not wait)
        return events

    def _undo_last(self, table: Table) -> None:
        """Not stored, so not done: the table goes back to what the database holds."""
        table.game = _game(table.record)
        for seat, action in table.actions:
            table.game.apply(Action.from_json(action), seat)
        table.moves = len(table.actions)

    async def settled(self, table: Table | None) -> None:
        """Wait until the table's last action is stored (what is shown is always what is stored)."""
        while table is not None and table.writing is not None:
            await table.writing

    def _check_act(self, token: object, action: object, seat: object) -> tuple[Pupil, Table, Action]:
        pupil = self.pupil(token)
        table = self.table_of(pupil)
        if table is None:
            raise TableNotStartedError("You do not have a table yet: wait until the teacher starts the games.")
        if seat is not None and seat != pupil.record.seat:
            raise NotYourSeatError("You can only play for your own seat.")
        if not table.record.started:
            raise TableNotStartedError("Your table has not started yet: it waits for more players or the teacher.")
        if not isinstance(action, Action):
            action = Action.from_json(action)  # type: ignore[arg-type]  # (its type is checked there)
        pupil.last_seen = self.clock()
        return pupil, table, action

    async def act_async(self, token: object, action: object, seat: object = None) -> tuple:
        """A pupil's action (``Action`` or its JSON ``[kind, value]``), for their own seat only, confirmed
        once stored; the events as that seat may learn them (:func:`~wizard_edu.engine.views.events_for_seat`)."""
        pupil, table, checked = self._check_act(token, action, seat)
        events = await self.apply(table, pupil.record.seat, checked)  # type: ignore[arg-type]
        return events_for_seat(events, pupil.record.seat, table.game.ruleset)  # type: ignore[arg-type]

    def act(self, token: object, action: object, seat: object = None) -> tuple:
        """:meth:`act_async` without an event loop (tests, notebooks): stored when it returns."""
        return self._now(self.act_async(token, action, seat))

    def view(self, token: object) -> SeatView | None:
        pupil = self.pupil(token)
        table = self.table_of(pupil)
        if table is None:
            return None
        pupil.last_seen = self.clock()
        view = table.game.view(pupil.record.seat)  # type: ignore[arg-type]
        if not table.record.started or self.paused:
            view = replace(view, legal=())   # nothing to do before the start, or while paused
        return view

    def seat_state(self, token: object) -> dict[str, Any]:
        """What ``GET api/seat`` answers (see docs/online.md)."""
        pupil = self.pupil(token)
        view = self.view(token)
        table = self.table_of(pupil)
        return {"table_id": pupil.record.table_id, "seat": pupil.record.seat, "pupil": pupil.record.name,
                "state": "seated" if table else "registered", "paused": self.paused, "version": self.version(table),
                "table": self.table_info(table) if table else None,
                "view": None if view is None else encode(view)}

    # -- what is shown -------------------------------------------------------------------------
    def name_shower(self, style: str) -> Callable[[str], str]:
        """How names are shown in ``style``; initials that two pupils would share are lengthened
        (:func:`shown_names`, over every pupil and every table's names)."""
        if style != "initials":
            return lambda name: shown_name(name, style)
        names = [p.record.name for p in self.pupils.values()]
        for table in self.tables.values():
            names.extend(table.record.names)
        shown = shown_names(names, style)
        return lambda name: shown.get(name) or shown_name(name, style)

    def table_info(self, table: Table, names: str = "full", show: Callable[[str], str] | None = None,
                   teacher: bool = False) -> dict[str, Any]:
        """A table as everyone sees it (``docs/online.md``); ``teacher``: with the pupils' ids (the
        board's free and remove buttons name them)."""
        game, record = table.game, table.record
        show = show or self.name_shower(names)
        players: list[dict[str, Any]] = []
        for seat, entry in enumerate(record.seats):
            pupil = self.seat_pupil(table, seat)
            name = record.names[seat]
            if teacher:
                players.append({"pupil": pupil.id if pupil is not None else None})
            else:
                players.append({})
            players[-1].update({"seat": seat, "name": show(name),
                            "kind": "pupil" if pupil is not None or "pupil" in entry else "computer",
                            "level": entry.get("computer"),
                            "connected": pupil is not None and pupil.sockets > 0,
                            "stand_in": record.started and not table.over and "pupil" in entry
                            and (pupil is None or not self.present(pupil))})
        thinking = None
        if record.started and not table.over and game.to_move is not None:
            seat = table.thinking if table.thinking is not None else game.to_move
            pupil = self.seat_pupil(table, seat)
            who = "computer"
            if pupil is not None and self.present(pupil) and table.thinking is None:
                who = "pupil" if pupil.sockets > 0 else "away"   # away: a closed page, within the grace
            thinking = {"seat": seat, "who": who, "name": show(record.names[seat])}
        return {"id": table.id, "size": record.size, "rules": game.ruleset.title, "started": record.started,
                "over": table.over, "paused": self.paused, "chances": self.settings.chances,
                "tournament_round": record.tournament_round, "round": game.round_number,
                "rounds_total": len(game.round_sizes), "phase": game.phase, "to_move": game.to_move,
                "scores": list(game.scores), "players": players, "thinking": thinking,
                "version": self.version(table)}

    def close(self) -> None:
        """Stop: the writes handed over so far are stored, then the store is closed."""
        with contextlib.suppress(Exception):
            self.executor.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            self.review_pool.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            self.stop_hard_process()
        self.writer.submit("close")
        self._stop_writer()


__all__ = ["TableService", "Table", "Pupil"]
