"""The storage seam of the class table service: what it keeps, and SQLite keeping it.

The service talks to storage only through :class:`Store` (seven methods), so a district could
point it at its own database by writing one class. :class:`SQLiteStore` is the kit's: one file,
WAL journal, ``synchronous=FULL``, every call one committed transaction, so actions are on disk
when :meth:`Store.append_actions` returns, before the service confirms them to anyone. The service
calls ``append_actions`` from one writer thread (several tables' actions in one transaction when they
come together) and the other methods from its event loop, so a store must allow two threads
(SQLiteStore gives each thread its own connection; SQLite lets one write at a time).

>>> store = SQLiteStore(":memory:")
>>> store.save_setting("table_size", 4)
>>> store.append_actions([(1, 0, 2, ["bid", 1])])
>>> snap = store.load()
>>> snap.settings, snap.actions
({'table_size': 4}, {1: [(2, ['bid', 1])]})
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import WizardError


class StorageError(WizardError):
    """The class tables' database cannot be opened or written."""


@dataclass
class PupilRecord:
    """A pupil who joined: ``key`` is how they are recognised when they join again (their name as
    typed without case and spaces, or ``hub:`` and their hub login)."""

    id: int
    name: str
    key: str
    token: str
    table_id: int | None = None
    seat: int | None = None


@dataclass
class TableRecord:
    """A table: its game's setup (the actions are stored apart) and who sits where.

    ``seats[i]`` is ``{"pupil": id}``, ``{"computer": "easy"}``, or ``{}`` (free, before the start).
    """

    id: int
    size: int
    rules: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    names: list[str]
    started: bool = False
    tournament_round: int | None = None
    #: The seat that deals round 1.  New tables store the last seat (Player 1 sits on the dealer's
    #: left, bids first and leads); a table stored before this field existed had seat 0, and keeps it.
    first_dealer: int = 0


@dataclass
class Snapshot:
    """Everything stored, as the service reads it at its start."""

    settings: dict[str, Any] = field(default_factory=dict)
    pupils: list[PupilRecord] = field(default_factory=list)
    tables: list[TableRecord] = field(default_factory=list)
    actions: dict[int, list[tuple[int, list]]] = field(default_factory=dict)
    tournament: dict[str, Any] | None = None


class Store(Protocol):
    """What the service needs from a database."""

    def load(self) -> Snapshot: ...

    def save_setting(self, key: str, value: Any) -> None: ...

    def save_pupil(self, pupil: PupilRecord) -> None: ...

    def save_table(self, table: TableRecord) -> None: ...

    def append_actions(self, actions: list[tuple[int, int, int, list]]) -> None:
        """Store ``(table_id, index, seat, action)`` rows, all or none; durable when this returns.

        Action number ``index`` of a table is stored once: a second time is an error.
        """
        ...

    def save_tournament(self, data: dict[str, Any] | None) -> None: ...

    def close(self) -> None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pupils (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (table_id INTEGER NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL,
                                    action TEXT NOT NULL, PRIMARY KEY (table_id, idx));
CREATE TABLE IF NOT EXISTS tournament (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT);
"""


class SQLiteStore:
    """The kit's store: one SQLite file (created readable by this user only), WAL, full sync."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = str(path)
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        try:
            if self.path != ":memory:" and not Path(self.path).exists():
                # The file holds the pupils' tokens and the teacher's key: this user only.
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600))
            self.db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"The class tables' database {self.path!r} cannot be opened: {exc}.") from None

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's own connection (":memory:" is one database per connection: one thread only)."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
            self._connections.append(db)
        return db

    def _write(self, sql: str, rows: list[tuple]) -> None:
        db = self.db
        try:
            with db:   # one transaction, committed (and synced) on leaving
                db.execute("BEGIN IMMEDIATE")
                db.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise StorageError(f"The class tables' database could not be written: {exc}.") from None

    def load(self) -> Snapshot:
        snap = Snapshot()
        db = self.db
        snap.settings = {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM settings")}
        snap.pupils = [PupilRecord(**json.loads(d)) for (d,) in db.execute("SELECT data FROM pupils ORDER BY id")]
        snap.tables = [TableRecord(**json.loads(d)) for (d,) in db.execute("SELECT data FROM tables ORDER BY id")]
        for table_id, seat, action in db.execute("SELECT table_id, seat, action FROM actions ORDER BY table_id, idx"):
            snap.actions.setdefault(table_id, []).append((seat, json.loads(action)))
        row = db.execute("SELECT data FROM tournament WHERE id = 1").fetchone()
        snap.tournament = json.loads(row[0]) if row and row[0] else None
        return snap

    def save_setting(self, key: str, value: Any) -> None:
        self._write("INSERT OR REPLACE INTO settings VALUES (?, ?)", [(key, json.dumps(value))])

    def save_pupil(self, pupil: PupilRecord) -> None:
        self._write("INSERT OR REPLACE INTO pupils VALUES (?, ?)", [(pupil.id, json.dumps(asdict(pupil)))])

    def save_table(self, table: TableRecord) -> None:
        self._write("INSERT OR REPLACE INTO tables VALUES (?, ?)", [(table.id, json.dumps(asdict(table)))])

    def append_actions(self, actions: list[tuple[int, int, int, list]]) -> None:
        # A plain INSERT: the same action number twice is an error, never a silent overwrite.
        self._write("INSERT INTO actions VALUES (?, ?, ?, ?)",
                    [(table_id, index, seat, json.dumps(action)) for table_id, index, seat, action in actions])

    def save_tournament(self, data: dict[str, Any] | None) -> None:
        self._write("INSERT OR REPLACE INTO tournament VALUES (1, ?)", [(json.dumps(data),)])

    def close(self) -> None:
        for db in self._connections:
            db.close()
        self._connections.clear()


__all__ = ["Store", "SQLiteStore", "Snapshot", "PupilRecord", "TableRecord", "StorageError"]
