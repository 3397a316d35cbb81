"""`wizard-edu tables` as a real process: the crash test (SIGKILL mid-round, restart on the same file),
join and Seat over HTTP and WebSocket, the refusals (wrong code, nothing there, another pupil's seat,
no teacher's key), the teacher's API and the tournament's exports."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pandas as pd
import pytest
from http_json import get as call
from http_json import post

from wizard_edu import Action, OutOfTurnError, WizardError
from wizard_edu.lab.servers import free_port, is_root
from wizard_edu.online import (
    ClassCodeError,
    PassEndedError,
    Seat,
    SeatTakenError,
    ServiceUnreachableError,
    join,
)
from wizard_edu.online.testing import running_tables, start_tables, tables_command

REPO = Path(__file__).resolve().parents[2]
FAST = ("--rules", "junior", "--computer-delay", "0")


def play_until(seats: list[Seat], done, limit: int = 2000) -> int:
    """Each seat plays its first legal action in turn until ``done(view)``; the moves made."""
    moves = 0
    while moves < limit:
        view = seats[0].view()
        if done(view):
            return moves
        for seat in seats:
            legal = seat.legal_actions()
            if legal:
                seat.apply(legal[-1])
                moves += 1
                break
        else:
            seats[0].wait(2)
    raise AssertionError("the game did not get there")




def wait_until(condition, timeout: float = 5.0, what: str = "it") -> float:
    """Poll ``condition`` until it holds (an AssertionError after ``timeout``); the seconds it took."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, f"{what} did not happen within {timeout} s"
        time.sleep(0.05)
    return time.monotonic() - start


def test_crash_mid_round_loses_nothing(tmp_path):
    db = tmp_path / "class.sqlite"
    svc = start_tables(db, code="KM7X", table_size=3, extra=FAST)
    try:
        seats = [join(svc.url, "km7x", name) for name in ("Ann", "Ben", "Cy")]
        assert {s.table_id for s in seats} == {1} and sorted(s.seat for s in seats) == [0, 1, 2]
        play_until(seats, lambda v: v.round_number == 3 and v.phase == "play" and len(v.trick) == 1)
        before = [s.view() for s in seats]
        legal_before = [s.legal_actions() for s in seats]
        port = svc.port
        svc.kill()                                                # SIGKILL: no goodbye, no tidying up
        svc = start_tables(db, port=port, table_size=3, extra=FAST)
        assert svc.code == "KM7X"                                 # the class code came back from the file
        after = [s.view() for s in seats]                         # each Seat reconnects by itself
        assert after == before
        assert [s.legal_actions() for s in seats] == legal_before
        deadline = time.monotonic() + 10                          # the pushes come back by themselves too
        while not all(s.connected for s in seats):
            assert time.monotonic() < deadline, "a seat's push socket did not reconnect"
            time.sleep(0.1)
        mover = next(s for s in seats if s.legal_actions())
        watcher = next(s for s in seats if s is not mover)
        watcher.view()
        mover.apply(mover.legal_actions()[0])
        assert watcher.wait(5)                                    # pushed after the restart
        with pytest.raises(SeatTakenError):
            join(svc.url, "KM7X", "ben")                          # Ben is playing: his seat stays his
        hand = seats[1].view().hand
        seats[1].close()                                          # his page closed: joining again gets it back
        seats[1] = join(svc.url, "KM7X", "ben")
        assert seats[1].view().hand == hand
        play_until(seats, lambda v: v.phase == "over")
        final = seats[0].view()
        assert final.round_number == final.rounds_total == 8
        assert len(final.rounds) == 8 and final.scores == final.rounds[-1].totals
    finally:
        svc.stop()


def test_wrong_code_unreachable_and_other_seats_are_refused(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        with pytest.raises(ClassCodeError, match="not the class code"):
            join(svc.url, "ABCE", "Ann")
        seats = [join(svc.url, "ABCD", n) for n in ("Ann", "Ben", "Cy")]
        mover = next(s for s in seats if s.legal_actions())
        other = next(s for s in seats if s is not mover)
        assert other.legal_actions() == []
        before = mover.view()
        with pytest.raises(OutOfTurnError):
            other.apply(mover.legal_actions()[0])                 # with its own token: never the other's seat
        status, answer = post(svc.url + "api/act", {"action": ["bid", 0], "seat": mover.seat}, other._token)
        assert status == 403 and answer["kind"] == "NotYourSeatError"
        status, answer = post(svc.url + "api/act", {"action": ["bid", 0]})
        assert status == 403
        status, answer = post(svc.url + "api/act", {"action": ["bid", 0]}, "not-a-token")
        assert status == 403 and "join again" in answer["error"]
        with pytest.raises(WizardError):
            mover.apply(Action("bid", 42))                        # the engine's refusal, nothing changes
        assert mover.view() == before
        # Without the teacher's key: no board, no starting, no standings.
        for path in ("api/board", "api/teacher/standings.csv", "standings.html"):
            with pytest.raises(urllib.error.HTTPError) as caught:
                urllib.request.urlopen(svc.url + path, timeout=5)
            assert caught.value.code == 403
        status, _ = post(svc.url + "api/teacher/start", {})
        assert status == 403
        for s in seats:
            s.close()
    port = free_port()
    start = time.monotonic()
    with pytest.raises(ServiceUnreachableError, match="do not answer"):
        join(f"http://127.0.0.1:{port}/", "ABCD", "Ann", timeout=5)
    assert time.monotonic() - start < 5


def test_pushes_thinking_and_the_teachers_start(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", extra=("--rules", "junior", "--computer-delay", "0.3",
                                                                   "--computer", "easy")) as svc:
        ann = join(svc.url, "ABCD", "Ann", timeout=10)           # a table of 4 waits for players
        assert ann.table_id == 1 and ann.legal_actions() == []
        table = ann.table()
        assert not table["started"] and [p["name"] for p in table["players"]][:2] == ["Ann", "Free seat"]
        pushed: list[dict] = []
        ann.on_change(pushed.append)
        ben = join(svc.url, "ABCD", "Ben")
        assert ann.wait(5)                                          # Ben sat down: pushed
        deadline = time.monotonic() + 5
        while not any(p.get("players", [{}] * 2)[1].get("name") == "Ben" for p in pushed):
            assert time.monotonic() < deadline, pushed
            time.sleep(0.05)
        assert svc.teacher("api/teacher/start", {}) == {"started": 1}
        board = svc.teacher("api/board")
        players = board["tables"][0]["players"]
        assert [p["kind"] for p in players] == ["pupil", "pupil", "computer", "computer"]
        deadline = time.monotonic() + 10
        while not all(p["connected"] for p in ann.table()["players"][:2]) and time.monotonic() < deadline:
            ann.wait(1)
        assert [p["connected"] for p in ann.table()["players"]] == [True, True, False, False]
        view, table = ann.look()
        assert view is not None and view.seat == ann.seat and table["players"][0]["name"] == "Ann"
        # Whoever is to move is "thinking": a pupil, or a computer player for a moment.
        seen = set()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(seen) < 2:
            for seat in (ann, ben):
                legal = seat.legal_actions()
                if legal:
                    seat.apply(legal[0])
            thinking = ann.table()["thinking"]
            if thinking:
                seen.add(thinking["who"])
            ann.wait(0.5)
        assert seen == {"pupil", "computer"}
        svc.teacher("api/teacher/pause", {"paused": True})
        assert ann.table()["paused"]
        svc.teacher("api/teacher/settings", {"chances": False, "names": "initials"})
        assert ann.table()["chances"] is False
        assert svc.teacher("api/board")["tables"][0]["players"][0]["name"] == "A."
        ann.close()
        ben.close()


def test_tournament_over_http_exports_csv_and_a_page(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", extra=("--computer", "easy", "--computer-delay", "0")) as svc:
        svc.teacher("api/teacher/tournament/open", {})
        # Registered pupils wait for the start; the last one's join returns when the teacher starts.
        import threading

        seats: dict[str, Seat] = {}

        def pupil(name: str) -> None:
            seats[name] = join(svc.url, "ABCD", name, timeout=20)

        threads = [threading.Thread(target=pupil, args=(f"Pupil {i}",)) for i in range(5)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 10
        while len(svc.teacher("api/board")["tournament"]["registered"]) < 5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert svc.teacher("api/teacher/tournament/start", {})["tables"] == [1]
        for t in threads:
            t.join(20)
        assert sorted(s.seat for s in seats.values()) == [0, 1, 2, 3, 4]
        view = seats["Pupil 0"].view()
        assert view.rounds_total == 10 and view.hand_size == 2     # the tournament's 5-player schedule
        standings = svc.teacher("api/board")["tournament"]["standings"]
        assert len(standings) == 5
        frame = pd.read_csv(io.StringIO(svc.teacher("api/teacher/standings.csv")))
        assert len(frame) == 5 and set(frame["name"]) == set(seats)
        page = svc.teacher("standings.html")
        assert "<table>" in page and "exact bids" in page
        for s in seats.values():
            s.close()


@pytest.mark.skipif(not is_root(), reason="the check is about running as root")
def test_root_needs_allow_root(tmp_path):
    cmd = [c for c in tables_command(tmp_path / "t.sqlite", port=free_port()) if c != "--allow-root"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin"})
    assert done.returncode == 2 and "--allow-root" in done.stderr
    assert not (tmp_path / "t.sqlite").exists()


def test_the_class_code_and_teacher_key_are_not_on_the_command_line(tmp_path):
    import psutil

    env = dict(os.environ, WIZARD_EDU_CLASS_CODE="KM7XQ4", WIZARD_EDU_TEACHER_KEY="a-long-teacher-key-0123456789")
    with running_tables(tmp_path / "t.sqlite", extra=FAST, env=env) as svc:
        assert (svc.code, svc.key) == ("KM7XQ4", "a-long-teacher-key-0123456789")   # handed over in the environment
        listening = {c.laddr for c in psutil.Process(svc.process.pid).net_connections("tcp")
                     if c.status == psutil.CONN_LISTEN}
        assert {a.ip for a in listening} == {"127.0.0.1"}                  # this computer only
        line = " ".join(psutil.Process(svc.process.pid).cmdline())
        assert svc.key not in line and svc.code not in line
        assert sys.executable in line


def test_the_teachers_link_cookie_and_board_pushes(tmp_path):
    import http.cookiejar

    import websocket

    from wizard_edu.online import SeatTimeoutError

    with running_tables(tmp_path / "t.sqlite", code="ABCD", extra=FAST) as svc:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with pytest.raises(urllib.error.HTTPError) as caught:
            opener.open(svc.url + "board?key=wrong", timeout=5)
        assert caught.value.code == 403 and not list(jar)
        with opener.open(svc.url + f"board?key={svc.key}", timeout=5) as reply:
            assert reply.status == 200 and "key=" not in reply.url        # the key left the address bar
        with opener.open(svc.url + "api/board", timeout=5) as reply:
            assert json.loads(reply.read())["code"] == "ABCD"
        form = urllib.request.Request(svc.url + "api/teacher/pause", data=b"paused=1", method="POST")
        form.add_header("Content-Type", "application/x-www-form-urlencoded")
        with pytest.raises(urllib.error.HTTPError) as caught:
            opener.open(form, timeout=5)                                   # what a form on another site could send
        assert caught.value.code == 403
        # The board's pushes: the teacher's key as the first message; a made-up one gets nothing.
        ws_url = svc.url.replace("http", "ws", 1) + "api/ws"
        stranger = websocket.create_connection(ws_url, timeout=5)
        stranger.send(json.dumps({"key": "guess"}))
        assert json.loads(stranger.recv())["type"] == "error"
        stranger.close()
        board = websocket.create_connection(ws_url, timeout=5)
        board.send(json.dumps({"key": svc.key}))
        assert json.loads(board.recv())["type"] == "board"
        svc.teacher("api/teacher/tournament/open", {})
        pushed = json.loads(board.recv())
        assert pushed["type"] == "board" and pushed["board"]["tournament"]["state"] == "registration"
        board.close()
        start = time.monotonic()
        with pytest.raises(SeatTimeoutError, match="not started the tournament"):
            join(svc.url, "ABCD", "Ann", timeout=1.5)                      # registered, never seated
        assert time.monotonic() - start < 5


def test_a_busy_port_is_a_sentence_and_leaves_no_database(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        cmd = tables_command(tmp_path / "t.sqlite", port=taken.getsockname()[1])
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2 and "already in use" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "t.sqlite").exists()


def test_leaving_closes_the_pupils_pushes_and_keeps_the_seat(tmp_path):
    import websocket

    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        status, joined = post(svc.url + "api/join", {"code": "ABCD", "name": "Ann"})
        assert status == 200 and (joined["table_id"], joined["seat"]) == (1, 0)
        ws = websocket.create_connection(svc.url.replace("http", "ws", 1) + "api/ws", timeout=5)
        ws.send(json.dumps({"token": joined["token"]}))
        assert json.loads(ws.recv())["type"] == "hello"
        assert post(svc.url + "api/leave", {}, joined["token"])[0] == 200
        with pytest.raises(websocket.WebSocketConnectionClosedException):
            for _ in range(5):
                ws.recv()
        deadline = time.monotonic() + 5
        while post(svc.url + "api/join", {"code": "ABCD", "name": "ann"})[0] == 409:   # until the close is seen
            assert time.monotonic() < deadline
            time.sleep(0.05)
        status, answer = call(svc.url + "api/seat", joined["token"])
        assert status == 403 and answer["kind"] == "PassEndedError"   # joining again ended the old token


@pytest.mark.parametrize(("flags", "words"), [(("--table-size", "9"), "2 to 6 seats"),
                                             (("--rules", "chess"), "chess"),
                                             (("--grace", "-5"), "Grace is a number of seconds")])
def test_bad_settings_are_sentences(tmp_path, flags, words):
    cmd = tables_command(tmp_path / "t.sqlite", port=free_port(), extra=flags)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "t.sqlite").exists()


#: The name "Mia" as a second child might type it (see test_online_service.MIA_AGAIN).
MIA_AGAIN = (" mia ", "MIA", "Mia\n", "Mia\u00a0", "\u041cia", "Mi\u0430")
TAKEN = "Someone is already playing as Mia. Ask your teacher."


def test_a_second_client_with_a_connected_pupils_name_is_refused(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        mia = join(svc.url, "ABCD", "Mia")
        wait_until(lambda: mia.connected, what="Mia's push socket")
        view = mia.view()
        for typed in MIA_AGAIN:
            status, answer = post(svc.url + "api/join", {"code": "ABCD", "name": typed})
            assert (status, answer) == (409, {"error": TAKEN, "kind": "SeatTakenError"}), typed
        with pytest.raises(SeatTakenError, match="already playing as Mia"):
            join(svc.url, "ABCD", "mia")
        assert mia.view() == view and mia.connected                  # her seat, her hand, her page
        board = svc.teacher("api/board")
        assert board["pupils"] == 1 and len(board["attempts"]) == len(MIA_AGAIN) + 1
        assert {a["name"] for a in board["attempts"]} == {"Mia"}
        mia.close()


def test_a_rejoin_after_the_page_closed_gets_the_same_seat_and_hand_and_a_new_token(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        seats = [join(svc.url, "ABCD", n) for n in ("Mia", "Ben", "Cy")]
        mia = seats[0]
        wait_until(lambda: all(s.connected for s in seats), what="the push sockets")
        before, old = mia.view(), mia._token
        mia.close()                                                  # the page closed
        again = join(svc.url, "ABCD", "\u041cIA")
        assert (again.table_id, again.seat) == (1, before.seat) and again._token != old
        assert again.view() == before
        status, answer = call(svc.url + "api/seat", old)
        assert status == 403 and answer["kind"] == "PassEndedError" and "joined again" in answer["error"]
        status, answer = post(svc.url + "api/act", {"action": ["bid", 0]}, old)
        assert status == 403 and answer["kind"] == "PassEndedError"
        for s in (again, *seats[1:]):
            s.close()


def test_a_closed_page_is_away_within_5_seconds(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        seats = [join(svc.url, "ABCD", n) for n in ("Ann", "Ben", "Cy")]
        wait_until(lambda: all(s.connected for s in seats), what="the push sockets")
        table = svc.teacher("api/board")["tables"][0]
        mover = next(s for s in seats if s.seat == table["to_move"])
        assert table["thinking"]["who"] == "pupil"
        mover.close()                                                # the page closed on their turn

        def away() -> bool:
            t = svc.teacher("api/board")["tables"][0]
            return not t["players"][mover.seat]["connected"] and t["thinking"]["who"] == "away"
        print(f"away after {wait_until(away, what='the board showing the closed page as away'):.2f} s")
        table = svc.teacher("api/board")["tables"][0]
        assert not table["players"][mover.seat]["stand_in"]          # the grace runs (30 s)
        for s in seats:
            s.close()


def test_the_teacher_frees_and_removes_pupils_and_only_the_teacher(tmp_path):
    import websocket

    with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as svc:
        status, mia = post(svc.url + "api/join", {"code": "ABCD", "name": "Mia"})
        ws = websocket.create_connection(svc.url.replace("http", "ws", 1) + "api/ws", timeout=5)
        ws.send(json.dumps({"token": mia["token"]}))
        assert json.loads(ws.recv())["type"] == "hello"             # her page looks connected
        ben = join(svc.url, "ABCD", "Ben")
        cy = join(svc.url, "ABCD", "Cy")
        wait_until(lambda: ben.connected and cy.connected, what="the push sockets")
        ids = {p["name"]: p["pupil"] for p in svc.teacher("api/board")["tables"][0]["players"]}
        assert post(svc.url + "api/join", {"code": "ABCD", "name": "mia"})[0] == 409
        for token in (None, mia["token"], ben._token):               # teacher only
            status, answer = post(svc.url + "api/teacher/pupil", {"pupil": ids["Mia"], "action": "free"}, token)
            assert status == 403 and answer["kind"] == "TeacherOnlyError"
        assert svc.teacher("api/teacher/pupil", {"pupil": ids["Mia"], "action": "free"})["freed"] == "Mia"
        messages = []
        with contextlib.suppress(websocket.WebSocketConnectionClosedException):
            while text := ws.recv():                                 # ("" once the service closed it)
                messages.append(json.loads(text))
        assert not ws.connected                                      # the service closed her socket
        assert messages[-1]["kind"] == "PassEndedError" and "freed" in messages[-1]["error"]
        status, back = post(svc.url + "api/join", {"code": "ABCD", "name": "Mia"})
        assert status == 200 and (back["table_id"], back["seat"]) == (mia["table_id"], mia["seat"])
        # Remove Ben: a computer plays his seat; his page is told so and stops.
        assert svc.teacher("api/teacher/pupil", {"pupil": ids["Ben"], "action": "remove"})["removed"] == "Ben"
        with pytest.raises(PassEndedError, match="took you off"):
            ben.wait(5)
        assert ben.ended and not ben.connected
        player = svc.teacher("api/board")["tables"][0]["players"][ben.seat]
        assert player["kind"] == "computer"
        status, answer = post(svc.url + "api/teacher/pupil", {"pupil": ids["Ben"], "action": "ban"}, svc.key)
        assert status == 409 and "free" in answer["error"]
        cy.close()
