"""The teacher's live view (issue 31 items 1-2): events, the store, the aggregation, the sender, the service."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from http_json import get as _get
from http_json import post as _post

from wizard_edu.online.errors import BadRequestError, LiveEventError, ServiceUnreachableError
from wizard_edu.online.live.board import LiveBoard
from wizard_edu.online.live.events import check_event
from wizard_edu.online.live.sender import Sender
from wizard_edu.online.live.view import STUCK_SECONDS, class_view
from wizard_edu.online.service import TableService
from wizard_edu.online.storage import SQLiteStore
from wizard_edu.online.testing import running_tables
from wizard_edu.teach import progress


def ev(i, kind="check", question="q1", correct=False, answer="3", time=None, notebook="06-x"):
    e = {"id": f"e{i}", "kind": kind, "notebook": notebook, "question": question, "time": float(i if time is None else time)}
    if kind == "check":
        e.update(correct=correct, answer=answer)
    if kind == "level":
        e["level"] = "2"
    return e


# -- the schema ------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [
    {"id": "x", "kind": "check", "notebook": "n", "question": "q", "time": 1},            # no correct
    {"id": "x", "kind": "check", "notebook": "n", "question": "q", "correct": True, "time": -1},
    {"id": "", "kind": "hint", "notebook": "n", "question": "q", "time": 1},
    {"id": "x", "kind": "hint", "notebook": "n", "question": "q", "time": 1, "pupil": "Bob"},  # no naming a pupil
    {"id": "x", "kind": "hint", "notebook": "n" * 201, "question": "q", "time": 1},
    "hint",
])
def test_events_that_do_not_fit_are_refused_with_a_sentence(bad):
    with pytest.raises(LiveEventError) as info:
        check_event(bad)
    assert str(info.value).endswith(".")


# -- the aggregation -------------------------------------------------------------------------------
def test_three_wrong_tries_mark_a_pupil_stuck_and_a_right_answer_clears_it():
    wrong = [ev(i) for i in range(3)]
    view = class_view({"Ada": wrong}, now=10)
    assert view["pupils"][0]["stuck"] == "3 wrong tries"
    assert view["pupils"][0]["tries"] == 3
    view = class_view({"Ada": [*wrong, ev(5, correct=True)]}, now=10)
    assert view["pupils"][0]["stuck"] == ""


def test_ten_minutes_on_a_question_is_stuck():
    events = [ev(0), ev(1, kind="hint")]
    assert class_view({"Ada": events}, now=STUCK_SECONDS - 1)["pupils"][0]["stuck"] == ""
    assert class_view({"Ada": events}, now=STUCK_SECONDS + 1)["pupils"][0]["stuck"] == "10 minutes on it"


def test_per_question_counts_and_the_commonest_wrong_answer():
    view = class_view({
        "Ada": [ev(1, correct=True, answer="4")],                                    # right first time
        "Bob": [ev(2, answer="5"), ev(3, kind="hint"), ev(4, correct=True, answer="4")],  # after a hint
        "Cy": [ev(5, answer="5"), ev(6, answer="3"), ev(7, kind="shown")],           # answer shown
        "Di": [ev(8, answer="3"), ev(9, answer="5")],                                # not yet
    }, now=20)
    (q,) = view["questions"]
    assert (q["answered"], q["right_first_time"], q["right_after_hint"], q["answer_shown"]) == (3, 1, 1, 1)
    assert (q["commonest_wrong"], q["commonest_wrong_count"]) == ("5", 3)
    places = {p["name"]: (p["notebook"], p["question"]) for p in view["pupils"]}
    assert places["Di"] == ("06-x", "q1")


def test_the_pupil_is_where_their_last_event_was():
    view = class_view({"Ada": [ev(1, correct=True), ev(2, question="q2", notebook="07-y")]}, now=5)
    assert (view["pupils"][0]["notebook"], view["pupils"][0]["question"]) == ("07-y", "q2")


# -- the store -------------------------------------------------------------------------------------
def _service(db):
    return TableService(SQLiteStore(db), code="ABCD")


def test_events_are_stored_once_and_survive_a_restart(tmp_path):
    db = tmp_path / "class.sqlite"
    service = _service(db)
    board = LiveBoard(service)
    body = {"events": [ev(1), ev(2, correct=True)]}
    asyncio.run(board.add("Ada", body))
    asyncio.run(board.add("ada", body))       # sent again (a lost reply): the same pupil, stored once
    assert board.view()["pupils"][0]["tries"] == 2 and len(board.events["name:ada"]) == 2
    service.close()
    again = LiveBoard(_service(db))
    (pupil,) = again.view()["pupils"]
    assert pupil["name"] == "Ada" and pupil["done"] == 1
    rows = SQLiteStore(db).db.execute("SELECT COUNT(*) FROM live_events").fetchone()[0]
    assert rows == 2


def test_a_bad_event_refuses_the_batch_and_is_counted(tmp_path):
    board = LiveBoard(_service(tmp_path / "c.sqlite"))
    with pytest.raises(LiveEventError):
        asyncio.run(board.add("Ada", {"events": [ev(1), {"kind": "dance"}]}))
    assert board.view()["refused"] == 2 and board.view()["pupils"] == []


def test_one_pupil_cannot_fill_the_teachers_computer(tmp_path, monkeypatch):
    import wizard_edu.online.live.board as board_module

    monkeypatch.setattr(board_module, "MAX_PER_PUPIL", 3)
    board = LiveBoard(_service(tmp_path / "c.sqlite"))
    asyncio.run(board.add("Ada", {"events": [ev(1), ev(2), ev(3)]}))
    with pytest.raises(LiveEventError, match="more than 3 events"):
        asyncio.run(board.add("Ada", {"events": [ev(4)]}))
    asyncio.run(board.add("Bob", {"events": [ev(4)]}))     # another pupil is not limited by Ada
    assert board.view()["refused"] == 1


def test_a_trainer_level_shows_where_the_pupil_is():
    view = class_view({"Ada": [ev(1, correct=True), ev(2, kind="level", question="trick-trainer", notebook="apps/x")]},
                      now=5)
    (pupil,) = view["pupils"]
    assert (pupil["notebook"], pupil["question"], pupil["levels"]) == ("apps/x", None, {"trick-trainer": "2"})


def test_a_pass_names_one_pupil_and_cannot_be_forged(tmp_path):
    board = LiveBoard(_service(tmp_path / "c.sqlite"))
    ada = board.make_pass("Ada")
    assert board.pass_name(ada) == "Ada"
    forged = ada.replace(ada.split(".")[1], "Qm9i")    # "Bob" with Ada's signature
    assert board.pass_name(forged) is None
    other = LiveBoard(_service(tmp_path / "other.sqlite"))   # another class's service
    assert other.pass_name(ada) is None


# -- the sender ------------------------------------------------------------------------------------
class FakeService:
    """Answers the sender's calls like the service; ``down`` makes it unreachable."""

    def __init__(self):
        self.down = False
        self.stored: dict[str, dict[str, dict]] = {}
        self.calls = []
        self.lock = threading.Lock()

    def __call__(self, url, method, path, body=None, token=None, timeout=10.0, scheme="Bearer"):
        with self.lock:
            self.calls.append((path, token, scheme))
            if self.down:
                raise ServiceUnreachableError("down")
            if path == "api/live/pass":
                return {"pass": "pass-" + body["name"]}
            if body["events"][0].get("kind") == "dance":
                raise BadRequestError("no")
            for e in body["events"]:
                self.stored.setdefault(token, {})[e["id"]] = e
            return {"stored": [e["id"] for e in body["events"]]}


def test_the_sender_hands_over_at_once_and_sends_in_the_background(tmp_path):
    fake = FakeService()
    fake.down = True
    sender = Sender("http://x/", code="ABCD", name=lambda: "Ada", outbox=tmp_path / "out.json", call=fake)
    start = time.perf_counter()
    for i in range(50):
        sender.put({"kind": "hint", "notebook": "n", "question": f"q{i}", "time": 1.0})
    assert time.perf_counter() - start < 0.3   # (a bound, not a timing: put never waits for the network)
    time.sleep(0.3)
    assert fake.stored == {}
    fake.down = False                          # the service is back: everything arrives, once
    assert sender.flush(timeout=20)
    assert len(fake.stored["pass-Ada"]) == 50
    sender.stop()


def test_unsent_events_wait_in_the_outbox_for_the_next_kernel(tmp_path):
    fake = FakeService()
    fake.down = True
    sender = Sender("http://x/", code="ABCD", name=lambda: "Ada", outbox=tmp_path / "out.json", call=fake)
    sender.put({"kind": "hint", "notebook": "n", "question": "q", "time": 1.0})
    deadline = time.monotonic() + 5
    while not (tmp_path / "out.json").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    sender.stop()
    assert len(json.loads((tmp_path / "out.json").read_text())) == 1
    fake.down = False
    later = Sender("http://x/", code="ABCD", name=lambda: "Ada", outbox=tmp_path / "out.json", call=fake)
    assert later.flush(timeout=10)
    assert len(fake.stored["pass-Ada"]) == 1
    assert json.loads((tmp_path / "out.json").read_text()) == []
    later.stop()


def test_the_sender_waits_for_a_name_and_uses_the_hub_token_as_it_is(tmp_path):
    fake = FakeService()
    name: list[str | None] = [None]
    sender = Sender("http://x/", code="ABCD", name=lambda: name[0], outbox=tmp_path / "o.json", call=fake)
    sender.put({"kind": "hint", "notebook": "n", "question": "q", "time": 1.0})
    time.sleep(0.3)
    assert fake.stored == {}
    name[0] = "Bob"
    sender.put({"kind": "hint", "notebook": "n", "question": "q2", "time": 2.0})
    assert sender.flush(timeout=20)
    assert len(fake.stored["pass-Bob"]) == 2
    sender.stop()
    hub = Sender("http://x/", hub_token="hub-secret", outbox=tmp_path / "h.json", call=fake)
    hub.put({"kind": "hint", "notebook": "n", "question": "q", "time": 1.0})
    assert hub.flush(timeout=10)
    assert ("api/live/events", "hub-secret", "token") in fake.calls
    assert not any(path == "api/live/pass" and token == "hub-secret" for path, token, _ in fake.calls)
    hub.stop()


def test_progress_tells_its_listeners_the_answer_given(tmp_path):
    heard = []
    progress.add_listener(heard.append)
    try:
        progress.record("Ada", "06-x", "q1", False, home=tmp_path, answer="3")
        progress.note("shown", "06-x", "q1")
        progress.record_level("trick-trainer", 2, notebook="06-x", home=tmp_path)
    finally:
        progress.remove_listener(heard.append)
    assert [(e["kind"], e.get("answer"), e.get("level")) for e in heard] == [
        ("check", "3", None), ("shown", None, None), ("level", None, "2")]
    assert progress.load(tmp_path)["learners"]["Ada"]["06-x"]["questions"]["q1"]["tries"] == 1


# -- the service -----------------------------------------------------------------------------------


def test_the_service_takes_identity_from_the_pass_and_shows_the_teacher_only(tmp_path):
    db = tmp_path / "class.sqlite"
    with running_tables(db) as tables:
        status, answer = _post(tables.url + "api/live/pass", {"code": "nope", "name": "Ada"})
        assert status == 401
        ada = _post(tables.url + "api/live/pass", {"code": tables.code, "name": "Ada"})[1]["pass"]
        bob = _post(tables.url + "api/live/pass", {"code": tables.code, "name": "Bob"})[1]["pass"]
        assert _post(tables.url + "api/live/events", {"events": [ev(1)]}, ada)[0] == 200
        assert _post(tables.url + "api/live/events", {"events": [ev(2, correct=True)]}, bob)[0] == 200
        # Nobody sends for another pupil: no credential, a made-up one, or a name in the body.
        assert _post(tables.url + "api/live/events", {"events": [ev(3)]})[0] == 403
        assert _post(tables.url + "api/live/events", {"events": [ev(3)]}, "live1.Qm9i.00")[0] == 403
        status, answer = _post(tables.url + "api/live/events", {"events": [{**ev(3), "pupil": "Bob"}]}, ada)
        assert status == 400 and "pupil" in answer["error"]
        # A pupil cannot read the class's progress; the teacher can.
        assert _get(tables.url + "api/live/view", ada)[0] == 403
        assert _get(tables.url + "api/live/view")[0] == 403
        view = tables.teacher("api/live/view")
        assert {p["name"]: p["tries"] for p in view["pupils"]} == {"Ada": 1, "Bob": 1}
        assert view["refused"] == 1
        assert tables.teacher("api/teacher/settings", {"names": "initials"})
        assert {p["name"] for p in tables.teacher("api/live/view")["pupils"]} == {"A.", "B."}
        assert "The class, live" in tables.teacher("live")
        assert _get(tables.url + "live", ada)[0] == 403
    with running_tables(db) as tables:   # a restart: everything is still there
        ada_again = _post(tables.url + "api/live/pass", {"code": tables.code, "name": "ada"})[1]["pass"]
        assert _post(tables.url + "api/live/events", {"events": [ev(1)]}, ada_again)[0] == 200   # (again: once)
        view = tables.teacher("api/live/view")
        assert {p["name"]: p["tries"] for p in view["pupils"]} == {"A.": 1, "B.": 1}


# -- the unit checks on the live page (issue 31 item 3) ----------------------------------------------
def test_the_live_page_scores_the_unit_checks_as_the_report_does(tmp_path):
    """Each pupil's before and after and the gain per idea come from the same events the progress files
    keep: the live view and `wizard-edu report` (read from the files) agree."""
    from wizard_edu.teach import unit_checks

    told: dict[str, list[dict]] = {}
    who = {"now": ""}

    def listener(event):
        told.setdefault(who["now"], []).append({**event, "id": f"e{sum(map(len, told.values()))}"})

    before, after = "check-junior-before", "check-junior-after"
    answers = {   # pupil: (notebook, idea, [checks in order]) ...
        "Ada": [(before, "deck", [False, True]), (before, "trump-wins", [True]), (after, "deck", [True]),
                (after, "trump-wins", [True]), ("06-x", "q1", [True])],
        "Bob": [(before, "deck", [True]), (before, "trump-wins", [True]), (after, "deck", [True])],
        "Cy": [(before, "deck", [True])],              # before only: no gain counted for Cy
    }
    progress.add_listener(listener)
    try:
        for name, done in answers.items():
            who["now"] = name
            for notebook, idea, checks in done:
                qid = f"{notebook}.{idea}" if notebook.startswith("check-") else idea
                for correct in checks:
                    progress.record(name, notebook, qid, correct, home=tmp_path / name)
        who["now"] = "Bob"      # Bob presses "Show answer" on the last question: it scores nothing
        progress.record_shown("Bob", after, f"{after}.trump-wins", home=tmp_path / "Bob")
    finally:
        progress.remove_listener(listener)

    view = class_view(told, now=10**10)
    homes = [tmp_path / name for name in answers]
    scores = unit_checks.check_scores(homes)
    for pupil in view["pupils"]:
        (junior,) = pupil["checks"]
        row = scores.loc[pupil["name"]]
        assert (junior["unit"], junior["of"]) == ("junior", 6)
        for when in ("before", "after"):
            stored = row[unit_checks.check_column(unit_checks.UNITS[0], when)]
            assert junior[when] == (None if stored is None or str(stored) == "<NA>" else int(stored))
    by_name = {p["name"]: p["checks"][0] for p in view["pupils"]}
    assert (by_name["Ada"]["before"], by_name["Ada"]["after"]) == (1, 2)      # deck was right only after a try
    assert (by_name["Bob"]["before"], by_name["Bob"]["after"]) == (2, 1)
    assert (by_name["Cy"]["before"], by_name["Cy"]["after"]) == (1, None)
    gains = {g["idea"]: g for g in view["gains"]}
    report = unit_checks.idea_gain(homes).loc["junior"]
    assert set(gains) == set(report.index[report["pupils"] > 0])
    for idea, g in gains.items():
        assert {k: g[k] for k in ("pupils", "before", "after", "gain")} == {
            k: report.loc[idea, k] for k in ("pupils", "before", "after", "gain")}
    assert (gains["deck"]["pupils"], gains["deck"]["before"], gains["deck"]["after"]) == (2, 0.5, 1.0)
    assert gains["trump-wins"]["gain"] == -0.5


def test_the_live_page_shows_no_gain_before_anyone_took_both_checks():
    view = class_view({"Ada": [ev(0, notebook="check-junior-before", question="check-junior-before.deck",
                                   correct=True)]}, now=10)
    assert view["pupils"][0]["checks"] == [{"unit": "junior", "before": 1, "after": None, "of": 6}]
    assert view["gains"] == []
    assert class_view({"Ada": [ev(0)]}, now=10)["pupils"][0]["checks"] == []
