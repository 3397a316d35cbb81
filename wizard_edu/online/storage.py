"""The storage seam of the class table service: what it keeps, SQLite keeping it, and the one thread that calls it.

The service talks to storage only through :class:`Store` (seven methods), so a district could
point it at its own database by writing one class. :class:`SQLiteStore` is the kit's: one file,
WAL journal, ``synchronous=FULL``, every call one committed transaction, so actions are on disk
when :meth:`Store.append_actions` returns, before the service confirms them to anyone. The service
makes every store call (the load at its start, each write, the close) through one
:class:`StoreWriter` thread, in the order it made them, so the event loop never waits for the disk
and a store is only ever used by that thread (several tables' actions that come together are
stored in one transaction).

One service per database: ``wizard-edu tables`` holds a :class:`ServiceLock` on the file while it runs,
and a second one is refused with a sentence naming the first. A new pupil or table is a plain INSERT
(its id taken by another row is an error, never an overwrite), and a damaged row (not JSON, fields
missing) is reported by table and id when the service starts, while everything else loads.

>>> import tempfile
>>> store = SQLiteStore(tempfile.mkdtemp() + "/class.sqlite")
>>> store.save_setting("table_size", 4)
>>> store.append_actions([(1, 0, 2, ["bid", 1])])
>>> snap = store.load()
>>> snap.settings, snap.actions
({'table_size': 4}, {1: [(2, ['bid', 1])]})
>>> SQLiteStore(":memory:")
Traceback (most recent call last):
    ...
wizard_edu.online.errors.StorageError: The class tables keep their games in a file, so that a restart finds every game where it was: give a file name (like class.sqlite), not ':memory:'.
"""

from __future__ import annotations

import concurrent.futures
import copy
import fcntl
import json
import os
import queue
import sqlite3
import sys
import threading
from collections import deque
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from .errors import StorageError


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
    #: What could not be read (one sentence for each damaged row): the service says so at its start.
    damaged: list[str] = field(default_factory=list)
    #: The highest id in each of ``pupils`` and ``tables``, damaged rows included (new ids go above it).
    last_ids: dict[str, int] = field(default_factory=dict)


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
CREATE TABLE IF NOT EXISTS live_events (pupil TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL,
                                        PRIMARY KEY (pupil, id));
"""


class SQLiteStore:
    """The kit's store: one SQLite file (created readable by this user only), WAL, full sync."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = str(path)
        if self.path in (":memory:", ""):   # (SQLite's databases that vanish with their connection)
            raise StorageError("The class tables keep their games in a file, so that a restart finds every game "
                               f"where it was: give a file name (like class.sqlite), not {self.path!r}.")
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        try:
            if not Path(self.path).exists():
                # The file holds the pupils' tokens and the teacher's key: this user only.
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600))
            self.db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"The class tables' database {self.path!r} cannot be opened: {exc}.") from None

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's own connection (the service's writer thread; a test may read from its own)."""
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
        """Everything stored; a damaged row is left out (and left as it is in the file), named in ``damaged``."""
        snap = Snapshot()
        db = self.db
        for key, value in db.execute("SELECT key, value FROM settings"):
            try:
                snap.settings[key] = json.loads(value)
            except ValueError:
                snap.damaged.append(f"setting {key!r} is not JSON: the default is used")
        snap.pupils = self._records(db, "pupils", PupilRecord, snap)
        snap.tables = self._records(db, "tables", TableRecord, snap)
        left_out = {row_id for (row_id,) in db.execute("SELECT id FROM tables")} - {t.id for t in snap.tables}
        for table_id, idx, seat, action in db.execute("SELECT table_id, idx, seat, action FROM actions "
                                                      "ORDER BY table_id, idx"):
            if table_id in left_out:
                continue
            try:
                snap.actions.setdefault(table_id, []).append((seat, json.loads(action)))
            except ValueError:   # the table cannot replay past it: the table is left out
                snap.damaged.append(f"actions row (table {table_id}, action {idx}) is not JSON: "
                                    f"table {table_id} is left out")
                left_out.add(table_id)
        snap.tables = [t for t in snap.tables if t.id not in left_out]
        snap.actions = {i: a for i, a in snap.actions.items() if i not in left_out}
        pupil_ids = {p.id for p in snap.pupils}
        for table in snap.tables:   # a seat of a pupil whose row is damaged: a computer plays it
            for seat, entry in enumerate(table.seats):
                if isinstance(entry, dict) and "pupil" in entry and entry["pupil"] not in pupil_ids:
                    snap.damaged.append(f"tables row {table.id}: seat {seat}'s pupil {entry['pupil']} was not "
                                        "read, a computer plays that seat")
                    table.seats[seat] = {"computer": "medium"}
        row = db.execute("SELECT data FROM tournament WHERE id = 1").fetchone()
        try:
            snap.tournament = json.loads(row[0]) if row and row[0] else None
        except ValueError:
            snap.damaged.append("tournament row 1 is not JSON: the tournament is left out")
        return snap

    @staticmethod
    def _records(db: sqlite3.Connection, table: str, kind: type, snap: Snapshot) -> list:
        """The rows of ``pupils`` or ``tables`` as records; a damaged one is named in ``snap.damaged``."""
        names = {f.name for f in fields(kind)}
        records = []
        for row_id, data in db.execute(f"SELECT id, data FROM {table} ORDER BY id"):  # noqa: S608 - our names
            snap.last_ids[table] = max(snap.last_ids.get(table, 0), row_id)
            try:
                values = json.loads(data)
                if not isinstance(values, dict) or set(values) - names:
                    raise TypeError("not the fields of a record")
                record = kind(**values)
                if record.id != row_id:
                    raise TypeError(f"its data says id {record.id}")
            except (ValueError, TypeError) as exc:
                problem = "is not JSON" if isinstance(exc, ValueError) else f"does not fit ({exc})"
                snap.damaged.append(f"{table} row {row_id} {problem}: it is left out")
                continue
            records.append(record)
        return records

    def save_setting(self, key: str, value: Any) -> None:
        self._write("INSERT OR REPLACE INTO settings VALUES (?, ?)", [(key, json.dumps(value))])

    def save_pupil(self, pupil: PupilRecord) -> None:
        self._save("pupils", pupil.id, asdict(pupil), "key")

    def save_table(self, table: TableRecord) -> None:
        self._save("tables", table.id, asdict(table), "seed")

    def _save(self, table: str, row_id: int, data: dict[str, Any], identity: str) -> None:
        """A new row is a plain INSERT; a row is updated only when it is the same pupil (key) or table (seed).

        So a row another writer made is never overwritten: that is a :class:`StorageError`.
        """
        db = self.db
        try:
            with db:
                db.execute("BEGIN IMMEDIATE")
                row = db.execute(f"SELECT data FROM {table} WHERE id = ?", (row_id,)).fetchone()  # noqa: S608
                if row is None:
                    db.execute(f"INSERT INTO {table} (id, data) VALUES (?, ?)", (row_id, json.dumps(data)))  # noqa: S608
                    return
                try:
                    same = json.loads(row[0]).get(identity) == data[identity]
                except (ValueError, AttributeError):
                    same = False
                if not same:
                    raise StorageError(f"The class tables' database already has another row {row_id} in {table}: "
                                       "was another class table service using the same file?")
                db.execute(f"UPDATE {table} SET data = ? WHERE id = ?", (json.dumps(data), row_id))  # noqa: S608
        except sqlite3.Error as exc:
            raise StorageError(f"The class tables' database could not be written: {exc}.") from None

    def append_actions(self, actions: list[tuple[int, int, int, list]]) -> None:
        # A plain INSERT: the same action number twice is an error, never a silent overwrite.
        self._write("INSERT INTO actions VALUES (?, ?, ?, ?)",
                    [(table_id, index, seat, json.dumps(action)) for table_id, index, seat, action in actions])

    def save_tournament(self, data: dict[str, Any] | None) -> None:
        self._write("INSERT OR REPLACE INTO tournament VALUES (1, ?)", [(json.dumps(data),)])

    def save_live_events(self, rows: list[tuple[str, str, dict[str, Any]]]) -> None:
        """The live view's events ``(pupil key, pupil name, event)``: an event id the pupil sent before is
        kept as it was (a sender sends again what it is not sure was stored)."""
        self._write("INSERT OR IGNORE INTO live_events VALUES (?, ?, ?)",
                    [(key, event["id"], json.dumps({**event, "pupil": name})) for key, name, event in rows])

    def load_live_events(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored live event as ``(pupil key, event)`` (a damaged row is left out)."""
        out = []
        for key, data in self.db.execute("SELECT pupil, data FROM live_events ORDER BY rowid"):
            try:
                out.append((key, json.loads(data)))
            except ValueError:
                continue
        return out

    def close(self) -> None:
        for db in self._connections:
            db.close()
        self._connections.clear()


class StoreWriter:
    """The one thread that calls the store: every call in the order it was made, so nothing waits for the disk.

    :meth:`submit` hands over a call (a :class:`Store` method's name and arguments, copied as they are
    now: the caller goes on changing its records) and returns a future, done with the call's result once
    the store has made it, or failed with what the store raised. Actions that come together are stored in
    one call (one transaction, one sync to disk for all of them): all or none.
    """

    BATCH = 200

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="wizard-tables-writer", daemon=True)
        self.thread.start()

    def submit(self, method: str, *args: Any) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.queue.put((method, copy.deepcopy(args), future))
        return future

    def call(self, method: str, *args: Any) -> Any:
        """A store call, waited for here (the service's start, and without an event loop)."""
        return self.submit(method, *args).result()

    def _run(self) -> None:
        taken: deque = deque()   # calls taken from the queue, not yet made
        while True:
            item = taken.popleft() if taken else self.queue.get()
            if item is None:
                return
            method, args, future = item
            batch = [(args, future)]
            while method == "append_actions" and not taken and len(batch) < self.BATCH:
                try:
                    item = self.queue.get_nowait()
                except queue.Empty:
                    break
                if item is None or item[0] != "append_actions":
                    taken.append(item)   # made after this batch, in its turn
                    break
                batch.append((item[1], item[2]))
            if method == "append_actions":
                args = ([row for (rows,), _ in batch for row in rows],)
            try:
                result = getattr(self.store, method)(*args)
            except Exception as exc:   # all or none: every call of the batch was refused
                for _, future in batch:
                    if not future.cancelled():
                        future.set_exception(exc)
            else:
                # A future whose waiter went away (a task cancelled as the loop stopped) is cancelled: the
                # call was still made, and the writer goes on (setting it would raise and end this thread).
                for _, future in batch:
                    if not future.cancelled():
                        future.set_result(result)

    def stop(self) -> None:
        """The calls handed over so far are made, then the thread ends."""
        self.queue.put(None)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout=10)


class ServiceLock:
    """One class table service per database: an exclusive ``flock`` on ``FILE.lock`` beside it.

    The lock file says who holds it (process id, port, command), so a second service is refused with a
    sentence naming the first. The kernel drops the lock when its process ends, however it ends
    (SIGKILL too), so a crash never leaves the database locked; a clean stop also removes the file.
    """

    def __init__(self, db: str | os.PathLike, port: int | None = None) -> None:
        self.db = Path(db)
        self.path = Path(str(db) + ".lock")
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            except OSError as exc:
                raise StorageError(f"The class tables' database {str(self.db)!r} cannot be opened: its lock file "
                                   f"cannot be made ({exc.strerror}).") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = self._holder(fd)
                os.close(fd)
                raise StorageError(f"Another class table service ({holder}) is using {self.db.name}. Stop it "
                                   "first, or use --db for another file.") from None
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)   # the holder removed the file as it stopped: lock the new one
        self.fd: int | None = fd
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps({"pid": os.getpid(), "port": port, "command": " ".join(sys.argv)}).encode())
        os.fsync(fd)

    @staticmethod
    def _holder(fd: int) -> str:
        try:
            data = json.loads(os.pread(fd, 4096, 0) or b"{}")
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict) or "pid" not in data:
            return "it is starting"
        return f"process {data['pid']}" + (f", port {data['port']}" if data.get("port") else "")

    def release(self) -> None:
        """Remove the lock file and drop the lock (at a clean stop)."""
        if self.fd is None:
            return
        try:
            self.path.unlink()
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


__all__ = ["Store", "SQLiteStore", "StoreWriter", "ServiceLock", "Snapshot", "PupilRecord", "TableRecord"]
