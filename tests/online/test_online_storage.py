"""The storage seam: the service runs on any Store (here a plain in-memory one, as a district's database
would plug in), and whatever happens, a service started again from its store is at the exact position."""

from __future__ import annotations

import copy
import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_edu import Action, WizardError
from wizard_edu.online.service import TableService
from wizard_edu.online.storage import PupilRecord, Snapshot, SQLiteStore, StorageError, TableRecord


class MemoryStore:
    """A Store of plain Python values: the seven methods the service needs, nothing else."""

    def __init__(self) -> None:
        self.data = Snapshot()
        self.fail_next_action = False

    def load(self) -> Snapshot:
        return copy.deepcopy(self.data)

    def save_setting(self, key, value) -> None:
        self.data.settings[key] = copy.deepcopy(value)

    def save_pupil(self, pupil: PupilRecord) -> None:
        self.data.pupils = [p for p in self.data.pupils if p.id != pupil.id] + [copy.deepcopy(pupil)]
        self.data.pupils.sort(key=lambda p: p.id)

    def save_table(self, table: TableRecord) -> None:
        self.data.tables = [t for t in self.data.tables if t.id != table.id] + [copy.deepcopy(table)]
        self.data.tables.sort(key=lambda t: t.id)

    def append_actions(self, rows) -> None:
        if self.fail_next_action:
            self.fail_next_action = False
            raise StorageError("The disk is full.")
        for table_id, index, seat, action in rows:
            actions = self.data.actions.setdefault(table_id, [])
            assert index == len(actions), "actions arrive in order, each once"
            actions.append((seat, list(action)))

    def save_tournament(self, data) -> None:
        self.data.tournament = copy.deepcopy(data)

    def close(self) -> None:
        pass


def snapshot(svc: TableService) -> dict:
    return {t.id: (t.game.to_json(), t.record.seats, t.record.started) for t in svc.tables.values()}


def test_the_service_runs_on_another_store_and_an_unstored_action_is_not_done():
    store = MemoryStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0})
    tokens = {p.seat: p.token for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    game = svc.tables[1].game
    before = game.to_json()
    store.fail_next_action = True
    with pytest.raises(StorageError):
        svc.act(tokens[game.to_move], game.legal_actions()[0])
    assert svc.tables[1].game.to_json() == before            # not stored, so not done
    game = svc.tables[1].game
    svc.act(tokens[game.to_move], game.legal_actions()[0])
    again = TableService(store)
    assert snapshot(again) == snapshot(svc)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["join", "act", "bad", "start", "restart", "computers"]),
                          st.integers(0, 10**6)), max_size=40))
def test_a_restart_anywhere_is_at_the_exact_position(steps):
    store = MemoryStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0,
                                                     "computer": "easy"})
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    for kind, n in steps:
        rng = random.Random(n)
        if kind == "join":
            svc.join("ABCD", rng.choice(names))
        elif kind == "start":
            svc.start_tables()
        elif kind == "computers":
            svc.play_computers(limit=20)
        elif kind in ("act", "bad") and svc.pupils:
            pupil = rng.choice(list(svc.pupils.values()))
            view = svc.view(pupil.record.token)
            action = rng.choice(view.legal) if view is not None and view.legal and kind == "act" \
                else Action("bid", rng.randrange(-1, 9))
            try:
                svc.act(pupil.record.token, action)
            except WizardError:
                pass
        elif kind == "restart":
            before = snapshot(svc)
            svc = TableService(store)
            assert snapshot(svc) == before
    assert snapshot(TableService(store)) == snapshot(svc)


def test_sqlite_store_refuses_the_same_action_twice(tmp_path):
    store = SQLiteStore(tmp_path / "t.sqlite")
    store.append_actions([(1, 0, 0, ["bid", 1])])
    with pytest.raises(StorageError):
        store.append_actions([(2, 0, 0, ["bid", 0]), (1, 0, 1, ["bid", 2])])   # all or none
    assert store.load().actions == {1: [(0, ["bid", 1])]}
    assert (tmp_path / "t.sqlite").stat().st_mode & 0o777 == 0o600
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


class SlowStore(MemoryStore):
    """A store whose disk is slow until the test says so: what does the service show meanwhile?

    Each write waits for ``release`` (set by the test); ``writing`` is set as soon as a write has begun.
    """

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[int] = []
        self.gated = False
        self.writing = threading.Event()
        self.release = threading.Event()

    def append_actions(self, rows) -> None:
        if self.gated:
            self.writing.set()
            assert self.release.wait(timeout=30), "the test never released the write"
        self.calls.append(len(rows))
        super().append_actions(rows)


async def until(condition, what: str, timeout: float = 30.0) -> None:
    """Wait (on the event loop, so the service's tasks run) until ``condition()`` holds, or fail."""
    import asyncio

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {what}"
        await asyncio.sleep(0.001)


def test_on_the_server_an_action_is_shown_only_once_stored_and_writes_are_grouped():
    import asyncio

    store = SlowStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0})
    tokens = [{p.seat: p.token for p in (svc.join("ABCD", f"{t}{n}") for n in ("a", "b", "c"))} for t in "XYZ"]
    store.gated = True
    seen: list[tuple[int, int]] = []          # (table, its actions stored) whenever a table tells its listeners
    svc.listeners.append(lambda t: seen.append((t.id, len(store.data.actions.get(t.id, [])))) if t else None)

    def move(table_id: int):
        game = svc.tables[table_id].game
        return asyncio.create_task(svc.act_async(tokens[table_id - 1][game.to_move], game.legal_actions()[0]))

    async def play() -> None:
        svc.start(asyncio.get_running_loop())
        first = move(1)
        await until(store.writing.is_set, "the writer to start storing table 1's action")
        others = [move(2), move(3)]            # ...while the writer stores table 1's action, tables 2 and 3 act
        await until(lambda: all(svc.tables[i].writing is not None for i in (2, 3)), "tables 2 and 3 to act")
        assert store.data.actions == {} and all(svc.tables[i].writing is not None for i in (1, 2, 3))
        assert not seen                        # nothing told while the actions are not stored
        waiting = asyncio.create_task(svc.settled(svc.tables[2]))
        await asyncio.sleep(0)
        assert not waiting.done()
        store.release.set()                    # the disk catches up
        await asyncio.gather(first, *others, waiting)
        assert {i: len(a) for i, a in store.data.actions.items()} == {1: 1, 2: 1, 3: 1}

    asyncio.run(play())
    svc.close()
    assert store.calls == [1, 2]               # tables 2 and 3 waited together: one write for both
    assert sorted(seen) == [(1, 1), (2, 1), (3, 1)]


def test_pupils_and_tables_agree_after_a_crash_between_two_writes():
    store = MemoryStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior"})
    ann, ben = svc.join("ABCD", "Ann"), svc.join("ABCD", "Ben")
    # The crash came after the table was written and before Ben's record was: Ben sits where the table says.
    next(p for p in store.data.pupils if p.id == ben.id).table_id = None
    # ...and a record pointing at a table that was never written: Ann sits where a table lists her.
    next(p for p in store.data.pupils if p.id == ann.id).table_id = 99
    again = TableService(store)
    assert (again.pupils[ben.id].record.table_id, again.pupils[ben.id].record.seat) == (1, 1)
    assert (again.pupils[ann.id].record.table_id, again.pupils[ann.id].record.seat) == (1, 0)
    # A table no pupil's record agrees with, before its start: the seat is free again; the pupil is seated
    # again when they come back, in one seat only.
    cy = again.join("ABCD", "Cy Lee")   # (table 1 is full and starts)
    dee = again.join("ABCD", "Dee")
    next(p for p in store.data.pupils if p.id == dee.id).table_id = None
    next(p for p in store.data.pupils if p.id == dee.id).seat = None
    store.data.tables[-1].seats[1] = {"pupil": dee.id}           # listed twice: seats 0 and 1
    third = TableService(store)
    assert (third.pupils[dee.id].record.table_id, third.pupils[dee.id].record.seat) == (2, 0)
    assert third.tables[2].record.seats == [{"pupil": dee.id}, {}, {}]
    assert third.tables[2].game.names == ("Dee", "Free seat", "Free seat 2")
    assert third.seat_pupil(third.tables[1], 2).id == cy.id
