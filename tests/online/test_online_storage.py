"""The storage seam: the service runs on any Store (here a plain in-memory one, as a district's database
would plug in), and whatever happens, a service started again from its store is at the exact position."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_edu import Action, WizardError
from wizard_edu.online.errors import StorageError
from wizard_edu.online.service import TableService
from wizard_edu.online.storage import PupilRecord, Snapshot, SQLiteStore, TableRecord


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


class GatedStore(MemoryStore):
    """A store whose disk waits while the test holds its gate closed; it notes each call and its thread."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = threading.Event()          # a call waits at the closed gate
        self.calls: list[tuple[str, int]] = []    # (method, rows)
        self.threads: set[str] = set()

    def _pass(self, method: str, rows: int = 1) -> None:
        self.threads.add(threading.current_thread().name)
        if not self.gate.is_set():
            self.waiting.set()
            assert self.gate.wait(30), "the test never opened the gate"
        self.calls.append((method, rows))

    def load(self) -> Snapshot:
        self._pass("load")
        return super().load()

    def save_setting(self, key, value) -> None:
        self._pass("save_setting")
        super().save_setting(key, value)

    def save_pupil(self, pupil: PupilRecord) -> None:
        self._pass("save_pupil")
        super().save_pupil(pupil)

    def save_table(self, table: TableRecord) -> None:
        self._pass("save_table")
        super().save_table(table)

    def append_actions(self, rows) -> None:
        self._pass("append_actions", len(rows))
        super().append_actions(rows)

    def save_tournament(self, data) -> None:
        self._pass("save_tournament")
        super().save_tournament(data)

    def close(self) -> None:
        self._pass("close")


async def gate_reached(store: GatedStore) -> None:
    """Wait (without holding up the loop) until the writer thread waits at the store's closed gate."""
    assert await asyncio.get_running_loop().run_in_executor(None, store.waiting.wait, 30)


def test_on_the_server_an_action_is_shown_only_once_stored_and_writes_are_grouped():
    store = GatedStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0})
    tokens = [{p.seat: p.token for p in (svc.join("ABCD", f"{t}{n}") for n in ("a", "b", "c"))} for t in "XYZ"]
    seen: list[tuple[int, int]] = []          # (table, its actions stored) whenever a table tells its listeners
    svc.listeners.append(lambda t: seen.append((t.id, len(store.data.actions.get(t.id, [])))) if t else None)

    def move(table_id: int):
        game = svc.tables[table_id].game
        return asyncio.create_task(svc.act_async(tokens[table_id - 1][game.to_move], game.legal_actions()[0]))

    async def play() -> None:
        svc.start(asyncio.get_running_loop())
        store.gate.clear()
        first = move(1)
        await gate_reached(store)              # the writer is storing table 1's action...
        others = [move(2), move(3)]            # ...while tables 2 and 3 act
        await asyncio.sleep(0)                 # (each runs up to its wait for the writer)
        assert store.data.actions == {} and all(svc.tables[i].writing is not None for i in (1, 2, 3))
        assert not seen                        # nothing told while the actions are not stored
        waiting = asyncio.create_task(svc.settled(svc.tables[2]))
        await asyncio.sleep(0)
        assert not waiting.done()
        store.gate.set()
        await asyncio.gather(first, *others, waiting)
        assert {i: len(a) for i, a in store.data.actions.items()} == {1: 1, 2: 1, 3: 1}

    asyncio.run(play())
    svc.close()
    # tables 2 and 3 waited together: one write for both
    assert [rows for method, rows in store.calls if method == "append_actions"] == [1, 2]
    assert sorted(seen) == [(1, 1), (2, 1), (3, 1)]


def test_every_store_call_goes_through_the_writer_and_every_move_through_one_apply():
    store = GatedStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0,
                                                     "computer": "easy"})
    ann = svc.join("ABCD", "Ann")
    assert [p.name for p in store.data.pupils] == ["Ann"]     # without a loop: stored when join returns
    moves: list[int] = []
    one_apply = svc.apply

    async def counted(table, seat, action):
        moves.append(seat)
        return await one_apply(table, seat, action)

    svc.apply = counted                                        # the pupils' and the computers' moves
    assert svc.start_tables() == 1                             # computers fill the free seats
    svc.act(ann.token, svc.view(ann.token).legal[0])           # (Ann, on the dealer's left, predicts first)
    assert svc.play_computers() == 2 and len(store.data.actions[1]) == 3

    async def lesson() -> None:
        changed = asyncio.Event()
        svc.listeners.append(lambda table: changed.set())
        svc.start(asyncio.get_running_loop())                  # now the computers play on the loop
        svc.set_settings(names="first")
        await svc.stored()
        assert store.data.settings["names"] == "first"
        game = svc.tables[1].game
        while game.round_number < 3 and not game.is_over:
            view = svc.view(ann.token)
            if view.legal:
                await svc.act_async(ann.token, view.legal[0])
            else:
                changed.clear()
                await changed.wait()
        svc.open_registration()
        await svc.stored()

    asyncio.run(lesson())
    svc.close()
    assert store.threads == {"wizard-tables-writer"}          # load, every write and the close
    assert {method for method, _ in store.calls} == {"load", "save_setting", "save_pupil", "save_table",
                                                     "append_actions", "save_tournament", "close"}
    assert len(moves) == len(store.data.actions[1]) > 6 and set(moves) == {0, 1, 2}
    assert TableService(store).tables[1].game.to_json() == svc.tables[1].game.to_json()


def test_on_the_server_a_reply_waits_until_what_it_changed_is_stored():
    import tornado.httpclient
    import tornado.httpserver

    from wizard_edu.online.server import bind, make_app

    store = GatedStore()
    svc = TableService(store, code="ABCD", settings={"table_size": 3, "rules": "junior", "computer_delay": 0})

    async def join() -> None:
        svc.start(asyncio.get_running_loop())
        sockets = bind(0)
        server = tornado.httpserver.HTTPServer(make_app(svc))
        server.add_sockets(sockets)
        url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/api/join"
        store.gate.clear()
        reply = asyncio.ensure_future(tornado.httpclient.AsyncHTTPClient().fetch(
            url, method="POST", body=json.dumps({"code": "ABCD", "name": "Ann"}),
            headers={"Content-Type": "application/json"}))
        await gate_reached(store)                # Ann's row is being written...
        assert len(svc.pupils) == 1 and store.data.pupils == []
        await asyncio.sleep(0.01)
        assert not reply.done()                  # ...and her page has no answer yet
        store.gate.set()
        answer = json.loads((await reply).body)
        assert [p.token for p in store.data.pupils] == [answer["token"]]
        server.stop()

    asyncio.run(join())
    svc.close()


def test_the_sqlite_store_refuses_a_database_that_vanishes_with_a_sentence():
    for path in (":memory:", ""):
        with pytest.raises(StorageError, match="keep their games in a file.*like class.sqlite") as refused:
            SQLiteStore(path)
        assert isinstance(refused.value, ValueError)


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
