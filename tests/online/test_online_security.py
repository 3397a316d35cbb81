"""The class tables against a stranger, a mischievous pupil and another page in the teacher's browser
(issue 27, items 3 and 6; docs/online.md "Who may do what"). Each test runs a real service over
127.0.0.1 and sends what such a client would send: the teacher's actions come only from the teacher's
pages, and every bad input is a 4xx JSON sentence."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import http.client
import io
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from wizard_edu.online import ClassCodeError, join
from wizard_edu.online.testing import RunningTables, running_tables, start_tables
from wizard_edu.online.tournament import Standing, inert, standings_csv

FAST = ("--rules", "junior", "--computer-delay", "0")
JSON = {"Content-Type": "application/json"}


def call(port: int, method: str, path: str, body: bytes | str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPMessage, bytes]:
    """One request, nothing followed or added: (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        reply = conn.getresponse()
        return reply.status, reply.headers, reply.read()
    finally:
        conn.close()


def sentence(status: int, data: bytes) -> str:
    """A refusal's sentence, after checking it is one: 4xx, JSON, ``error`` and ``kind``."""
    assert 400 <= status < 500, (status, data[:200])
    answer = json.loads(data)
    assert isinstance(answer["error"], str) and answer["error"] and answer["kind"], answer
    assert "Traceback" not in answer["error"]
    return answer["error"]


def cookies(headers: http.client.HTTPMessage) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    for line in headers.get_all("Set-Cookie") or []:
        jar.load(line)
    return jar


def set_cookie_line(headers: http.client.HTTPMessage, name: str) -> str:
    return next(line for line in headers.get_all("Set-Cookie") or [] if line.startswith(name + "="))


@dataclass
class Teacher:
    """The teacher's browser after opening the teacher's link: its cookies and the board's XSRF token."""

    cookie: str
    xsrf: str


def open_board(port: int, base: str, key: str, headers: dict[str, str] | None = None) -> Teacher:
    status, first, _ = call(port, "GET", f"{base}board?key={key}", headers=headers)
    assert status == 302
    teacher = "wizard-edu-teacher=" + cookies(first)["wizard-edu-teacher"].coded_value
    status, page, _ = call(port, "GET", f"{base}board", headers={"Cookie": teacher})
    assert status == 200
    xsrf = cookies(page).get("_xsrf")                 # (checked by the tests that need it)
    if xsrf is None:
        return Teacher(teacher, "")
    return Teacher(f"{teacher}; _xsrf={xsrf.coded_value}", xsrf.value)


def paused(svc: RunningTables) -> bool:
    return svc.teacher("api/board")["paused"]


@pytest.fixture(scope="module")
def svc(tmp_path_factory) -> Iterator[RunningTables]:
    with running_tables(tmp_path_factory.mktemp("sec") / "t.sqlite", code="ABCD", table_size=3, extra=FAST) as running:
        yield running


@contextlib.contextmanager
def tables_under(db: Path, base_url: str) -> Iterator[tuple[int, str]]:
    """The service in this process, under ``base_url`` (as behind the hub): (port, teacher's key)."""
    from wizard_edu.online.server import bind, run
    from wizard_edu.online.service import TableService
    from wizard_edu.online.storage import SQLiteStore

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    sockets = bind(0)
    keys: list[str] = []

    async def main() -> None:
        service = TableService(SQLiteStore(str(db)), code="ABCD")   # (made on the loop that uses it)
        keys.append(service.teacher_key)
        await run(service, sockets, base_url=base_url, announce=False)

    future = asyncio.run_coroutine_threadsafe(main(), loop)
    try:
        deadline = time.monotonic() + 20
        while not keys:
            assert time.monotonic() < deadline and not future.done(), "the service did not start"
            time.sleep(0.02)
        yield sockets[0].getsockname()[1], keys[0]
    finally:
        future.cancel()
        with contextlib.suppress(BaseException):
            future.result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)


# -- item 3: the teacher's actions come only from the teacher's pages -------------------------------

def test_a_post_must_say_exactly_json(svc):
    bearer = {"Authorization": f"Bearer {svc.key}"}
    for kind in ("text/plain; application/json", "text/plain", "application/json, text/plain",
                 "application/x-www-form-urlencoded", "application/jsonp", "application/json; charset=latin-1"):
        status, _, data = call(svc.port, "POST", "/api/teacher/pause", b'{"paused": true}',
                               {**bearer, "Content-Type": kind})
        assert status == 415 and "application/json" in sentence(status, data), kind
        assert paused(svc) is False
    status, _, _ = call(svc.port, "POST", "/api/teacher/pause", b'{"paused": true}',
                        {**bearer, "Content-Type": "application/json; charset=UTF-8"})
    assert status == 200 and paused(svc) is True
    svc.teacher("api/teacher/pause", {"paused": False})
    assert paused(svc) is False


def test_cookie_posts_need_the_boards_xsrf_token_and_own_origin(svc):
    teacher = open_board(svc.port, "/", svc.key)
    body = b'{"paused": true}'
    forged = [
        {"Cookie": teacher.cookie, **JSON},                                         # no XSRF token
        {"Cookie": teacher.cookie, **JSON, "X-XSRFToken": "2|00000000|0000|0"},     # a made-up one
        {"Cookie": teacher.cookie, **JSON, "X-XSRFToken": teacher.xsrf,             # another port of this computer
         "Origin": "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site"},
        {"Cookie": teacher.cookie, **JSON, "X-XSRFToken": teacher.xsrf, "Origin": "http://evil.example"},
        {"Cookie": teacher.cookie, **JSON, "Authorization": "Bearer guess"},          # a wrong token + the cookie
    ]
    for headers in forged:
        status, _, data = call(svc.port, "POST", "/api/teacher/pause", body, headers)
        assert status == 403, headers
        sentence(status, data)
        assert paused(svc) is False
    # The board page's own request (its origin, its token) and the teacher's key by header work.
    assert teacher.xsrf, "the board page sets the _xsrf cookie its buttons send back"
    status, _, data = call(svc.port, "POST", "/api/teacher/pause", body,
                           {"Cookie": teacher.cookie, **JSON, "X-XSRFToken": teacher.xsrf,
                            "Origin": f"http://127.0.0.1:{svc.port}", "Sec-Fetch-Site": "same-origin"})
    assert status == 200 and json.loads(data) == {"paused": True} and paused(svc) is True
    svc.teacher("api/teacher/pause", {"paused": False})
    # Pupils' calls carry no cookie: the Python client joins and plays as before.
    with join(svc.url, "ABCD", "Xsrf Pupil", timeout=10) as seat:
        assert seat.table_id is not None


def test_the_teachers_cookie_is_for_the_service_path_and_secure_behind_https(tmp_path):
    with tables_under(tmp_path / "t.sqlite", "/services/wizard-tables/") as (port, key):
        base = "/services/wizard-tables/"
        status, plain, _ = call(port, "GET", f"{base}board?key={key}")
        assert status == 302
        line = set_cookie_line(plain, "wizard-edu-teacher").lower()
        assert "path=/services/wizard-tables/" in line and "httponly" in line and "samesite=strict" in line
        assert "secure" not in line                         # plain http: a Secure cookie would never come back
        status, proxied, _ = call(port, "GET", f"{base}board?key={key}", headers={"X-Forwarded-Proto": "https"})
        assert "secure" in set_cookie_line(proxied, "wizard-edu-teacher").lower().split("; ")
        teacher = open_board(port, base, key, headers={"X-Forwarded-Proto": "https"})
        status, page, _ = call(port, "GET", f"{base}board", headers={"Cookie": teacher.cookie.split(";")[0],
                                                                   "X-Forwarded-Proto": "https"})
        xsrf_line = set_cookie_line(page, "_xsrf").lower()
        assert "path=/services/wizard-tables/" in xsrf_line and "secure" in xsrf_line.split("; ")
        # The board at that path works with its cookie and token.
        status, _, data = call(port, "POST", f"{base}api/teacher/pause", b'{"paused": true}',
                               {"Cookie": teacher.cookie, **JSON, "X-XSRFToken": teacher.xsrf})
        assert status == 200 and json.loads(data) == {"paused": True}


def test_no_page_can_be_framed(svc):
    bearer = {"Authorization": f"Bearer {svc.key}"}
    for path in ("/board", "/standings.html", "/api/board", "/", "/static/board.html", "/no/such/page"):
        status, headers, _ = call(svc.port, "GET", path, headers=bearer)
        assert headers["X-Frame-Options"] == "DENY", path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
    status, _, data = call(svc.port, "GET", "/no/such/page")
    assert status == 404 and sentence(status, data)


# -- item 6: every bad input is a 4xx JSON sentence -------------------------------------------------

def test_deep_nesting_and_big_bodies_are_sentences(tmp_path):
    log = tmp_path / "stderr.log"
    svc = start_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3, extra=FAST, log=log)
    try:
        token = svc.teacher("api/join", {"code": "ABCD", "name": "Ann"})["token"]
        for path, headers in (("/api/join", {}), ("/api/act", {"Authorization": f"Bearer {token}"}),
                              ("/api/teacher/settings", {"Authorization": f"Bearer {svc.key}"})):
            status, _, data = call(svc.port, "POST", path, b"[" * 100_000, {**headers, **JSON})
            assert status == 413 and "too big" in sentence(status, data), path          # over 64 KiB
            for body in (b"[" * 60_000, b"[" * 30_000 + b"]" * 30_000, b'{"a":' * 10_000 + b"1" + b"}" * 10_000):
                status, _, data = call(svc.port, "POST", path, body, {**headers, **JSON})
                assert status == 400 and "nested too deep" in sentence(status, data), path
        status, _, data = call(svc.port, "POST", "/api/join", b"[" * 21 + b"]" * 21, JSON)
        assert status == 400 and "nested too deep" in sentence(status, data)
        status, _, data = call(svc.port, "POST", "/api/join",
                               json.dumps({"code": "ABCD", "name": "Bo", "note": "[{" * 30 + '\\"[' * 30}), JSON)
        assert status == 200, data                             # brackets inside a string are text
        status, _, data = call(svc.port, "POST", "/api/join", b"\xff\xfe not json", JSON)
        assert status == 400 and "not JSON" in sentence(status, data)
        assert svc.teacher("api/board")["code"] == "ABCD"        # still serving
    finally:
        svc.stop()
    assert "Traceback" not in log.read_text() and "RecursionError" not in log.read_text()


def ws_connect(svc: RunningTables):
    import websocket

    return websocket.create_connection(svc.url.replace("http", "ws", 1) + "api/ws", timeout=1)


def next_frame(ws, within: float = 20.0) -> tuple[int, bytes]:
    """The next text or close frame (pings skipped), or a failed test after ``within`` seconds."""
    import websocket

    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            opcode, data = ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            continue
        if opcode in (websocket.ABNF.OPCODE_TEXT, websocket.ABNF.OPCODE_CLOSE):
            return opcode, data
    raise AssertionError(f"the service sent nothing within {within} s")


def received(ws) -> dict:
    opcode, data = next_frame(ws)
    assert opcode == 1, (opcode, data)
    return json.loads(data)


def closed_with(ws) -> int:
    """The close code the service sent next."""
    opcode, data = next_frame(ws)
    assert opcode == 8, (opcode, data)
    return int.from_bytes(data[:2], "big")


def test_a_bad_first_socket_message_closes_it_with_a_sentence(svc):
    for message in ("[" * 50_000, '{"token": ' + "[" * 30 + "]" * 30 + "}", "not json"):
        ws = ws_connect(svc)
        try:
            ws.send(message)
            answer = received(ws)
            assert answer["type"] == "error" and answer["error"]
            assert closed_with(ws) in (4000, 4003)
        finally:
            ws.close()
    assert svc.teacher("api/board")["code"] == "ABCD"


def test_a_silent_socket_is_closed_after_a_few_seconds(svc):
    ws = ws_connect(svc)                     # (the service closes it after 5 s; the test waits up to 20)
    try:
        answer = received(ws)
        assert answer["type"] == "error" and "class code" in answer["error"]
        assert closed_with(ws) == 4001
    finally:
        ws.close()


def test_a_pupil_may_hold_eight_push_sockets(svc):
    token = svc.teacher("api/join", {"code": "ABCD", "name": "Many Tabs"})["token"]
    sockets = []
    try:
        for _ in range(8):
            ws = ws_connect(svc)
            sockets.append(ws)
            ws.send(json.dumps({"token": token}))
            assert received(ws)["type"] == "hello"
        ninth = ws_connect(svc)
        ninth.send(json.dumps({"token": token}))
        answer = received(ninth)
        assert answer["type"] == "error" and "8 pages" in answer["error"]
        assert closed_with(ninth) == 4029
        ninth.close()
        sockets.pop().close()                # one tab closes: a new page gets in again
        deadline = time.monotonic() + 10
        while True:
            ws = ws_connect(svc)
            ws.send(json.dumps({"token": token}))
            if received(ws)["type"] == "hello":
                sockets.append(ws)
                break
            ws.close()
            assert time.monotonic() < deadline, "the closed socket was never let go"
            time.sleep(0.2)
    finally:
        for ws in sockets:
            ws.close()


@pytest.mark.parametrize(("path", "body", "setting"), [
    ("api/teacher/settings", {"options": "abc"}, "options"),
    ("api/teacher/settings", {"options": ["junior"]}, "options"),
    ("api/teacher/settings", {"chances": "maybe"}, "chances"),
    ("api/teacher/settings", {"chances": 1}, "chances"),
    ("api/teacher/settings", {"table_size": "4"}, "table_size"),
    ("api/teacher/settings", {"table_size": 4.0}, "table_size"),
    ("api/teacher/settings", {"grace": True}, "grace"),
    ("api/teacher/settings", {"rules": ["junior"]}, "rules"),
    ("api/teacher/settings", {"names": {"a": 1}}, "names"),
    ("api/teacher/settings", {"computer": 3}, "computer"),
    ("api/teacher/settings", {"no_such": 1}, "no_such"),
    ("api/teacher/pause", {"paused": "false"}, "paused"),
    ("api/teacher/pause", {"paused": 0}, "paused"),
])
def test_settings_of_the_wrong_kind_are_refused(svc, path, body, setting):
    before = svc.teacher("api/board")
    status, _, data = call(svc.port, "POST", "/" + path, json.dumps(body),
                           {"Authorization": f"Bearer {svc.key}", **JSON})
    assert status == 400 and setting in sentence(status, data)
    after = svc.teacher("api/board")
    assert (after["settings"], after["paused"]) == (before["settings"], before["paused"])


def test_too_many_wrong_codes_answer_429(tmp_path):
    with running_tables(tmp_path / "t.sqlite", code="ABCD", extra=FAST) as svc:
        for _ in range(50):
            status, _, data = call(svc.port, "POST", "/api/join", '{"code": "WXYZ", "name": "Guess"}', JSON)
            if status != 401:
                break
        assert status == 429 and "wait" in sentence(status, data).lower()
        assert json.loads(data)["kind"] == "TooManyTriesError"
        with pytest.raises(ClassCodeError, match="many wrong codes"):    # the Python client says the same
            join(svc.url, "WXYZ", "Guess", timeout=2)


def test_no_secret_in_the_log(tmp_path):
    log = tmp_path / "stderr.log"
    svc = start_tables(tmp_path / "t.sqlite", code="ABCD", extra=FAST, log=log)
    try:
        status, _, _ = call(svc.port, "GET", f"/api/board?key={svc.key}")          # refused: the key is no login here
        assert status == 403
        call(svc.port, "GET", f"/board?key={svc.key}")                               # the teacher's link
        call(svc.port, "GET", f"/standings.html?key={svc.key}&token={svc.key}")      # refused
        call(svc.port, "POST", f"/api/teacher/pause?key={svc.key}", b"x", {"Content-Type": "text/plain"})  # refused
    finally:
        svc.stop()
    text = log.read_text()
    assert "403 GET /api/board" in text          # the refusals are logged...
    assert svc.key not in text and "key=" not in text     # ...without the key


def test_csv_cells_that_start_like_formulas_are_text():
    names = ["=1+2", "@SUM(A1:A9)", "+Ann", "-Bo", "\tTab", "Mia", "O'Neil"]
    table = [Standing(i + 1, i, name, -20 + i, 1, {1: -20 + i}) for i, name in enumerate(names)]
    rows = list(csv.reader(io.StringIO(standings_csv(table), newline="")))
    assert [row[1] for row in rows[1:]] == ["'=1+2", "'@SUM(A1:A9)", "'+Ann", "'-Bo", "'\tTab", "Mia", "O'Neil"]
    assert [row[2] for row in rows[1:]] == [str(-20 + i) for i in range(len(names))]   # scores stay numbers
    assert [row[4] for row in rows[1:]] == [str(-20 + i) for i in range(len(names))]
    assert inert("\rCR") == "'\rCR" and inert(" =1") == " =1" and inert(7) == 7


def test_a_setting_of_the_wrong_kind_stored_earlier_does_not_stop_the_start(tmp_path):
    from wizard_edu.online.service import TableService
    from wizard_edu.online.storage import SQLiteStore

    store = SQLiteStore(str(tmp_path / "t.sqlite"))
    store.save_setting("chances", "maybe")          # what the service stored before settings were checked
    store.save_setting("options", "abc")
    store.save_setting("table_size", 5)
    service = TableService(store, code="ABCD")
    try:
        assert (service.settings.chances, service.settings.options, service.settings.table_size) == (True, {}, 5)
    finally:
        service.close()
