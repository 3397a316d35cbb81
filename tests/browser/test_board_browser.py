"""The teacher's board in real Chromium, on a real `wizard-edu tables` service.

Every button does what it says on the service (start tables, pause all, chances help, names or
initials, the tournament), the page follows the class live without a reload, it passes axe's serious
checks and fits a small projector, and it is the teacher's only.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
import websocket
from axe_playwright_python.sync_playwright import Axe

from wizard_edu.online import PassEndedError, SeatTakenError, SeatTimeoutError, join
from wizard_edu.online.testing import running_tables

CODE = "BRD4K"
WAIT = 20_000


def test_the_board_follows_the_class_and_its_buttons_work(browser, tmp_path):
    with running_tables(tmp_path / "class.sqlite", code=CODE, table_size=4,
                        extra=("--rules", "junior", "--computer-delay", "0")) as service:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        seats = []
        try:
            page.goto(f"{service.url}board?key={service.key}", timeout=WAIT)
            page.locator("#live", has_text="Live").wait_for(timeout=WAIT)
            assert page.locator("#code").inner_text() == CODE
            assert page.get_by_text("No tables yet").count() == 1

            # Pupils join from Python: the board shows them without a reload.
            seats = [join(service.url, CODE, name, timeout=20) for name in ("Ada Lovelace", "Ben Okri")]
            table = page.locator(".table").first
            table.locator("tr", has_text="Ben Okri").locator(".here").wait_for(timeout=WAIT)
            assert "Waiting to start: 2 of 4 seats taken." in table.inner_text()

            # Names on the projector: first names only, then initials (the service shortens them).
            page.get_by_label("First names").check()
            table.locator("tr", has_text="Ada").first.wait_for(timeout=WAIT)
            page.wait_for_function("() => !document.querySelector('.table').innerText.includes('Lovelace')",
                                   timeout=WAIT)
            page.get_by_label("Initials").check()
            page.wait_for_function("() => !document.querySelector('.table').innerText.includes('Ada')",
                                   timeout=WAIT)
            assert service.teacher("api/board")["settings"]["names"] == "initials"
            page.get_by_label("Full names").check()
            table.locator("tr", has_text="Ada Lovelace").wait_for(timeout=WAIT)

            # Start tables: computer players fill the two empty seats and the game begins.
            page.get_by_role("button", name="Start tables").click()
            table.locator(".state", has_text="Round 1 of").wait_for(timeout=WAIT)
            page.locator("#message", has_text="1 table started").wait_for(timeout=WAIT)
            assert table.locator("tr", has_text="computer").count() == 2
            assert page.locator(".table tr.turn").count() == 1            # whose turn, marked
            state = service.teacher("api/board")["tables"][0]
            turn_name = next(p["name"] for p in state["players"] if p["seat"] == state["to_move"])
            assert turn_name in page.locator(".table tr.turn").inner_text()

            # Pause all, and go on.
            page.get_by_role("button", name="Pause all").click()
            page.locator("#paused").wait_for(state="visible", timeout=WAIT)
            assert service.teacher("api/board")["paused"] is True
            page.get_by_role("button", name="Go on").click()
            page.locator("#paused").wait_for(state="hidden", timeout=WAIT)
            assert service.teacher("api/board")["paused"] is False

            # Chances help off for the class, and on again; the pupils' tables are told.
            page.get_by_role("button", name="Chances help: on").click()
            page.get_by_role("button", name="Chances help: off").wait_for(timeout=WAIT)
            assert service.teacher("api/board")["settings"]["chances"] is False
            assert seats[0].table()["chances"] is False
            page.get_by_role("button", name="Chances help: off").click()
            page.get_by_role("button", name="Chances help: on").wait_for(timeout=WAIT)

            # Standings without a tournament: every pupil, by points so far.
            rows = page.locator("#standings tbody tr")
            assert rows.count() == 2
            # A tournament: registration, pupils join and wait, then tables of 4 to 6 by the service.
            page.get_by_role("button", name="Open registration").click()
            page.get_by_text("Registration is open").wait_for(timeout=WAIT)
            for name in ("Cleo Wu", "Dev Patel", "Eli Stone", "Fay Moss"):
                with pytest.raises(SeatTimeoutError):
                    join(service.url, CODE, name, timeout=0.3)   # registered: they wait for a seat
            page.locator("#waiting", has_text="Registered for the tournament (4)").wait_for(timeout=WAIT)
            # Before the start the board says what will be played: this Junior class gets Wizard Junior.
            plan = page.locator("#tournament-plan").inner_text()
            assert plan.startswith("Start the tournament will play Wizard Junior at tables of 4 to 6") \
                and "Junior scoring" in plan and "loses nothing" in plan, plan
            page.get_by_role("button", name="Start the tournament").click()
            page.locator(".table h3", has_text="tournament round 1").wait_for(timeout=WAIT)
            page.locator("#tie-break", has_text="exact predictions").wait_for(timeout=WAIT)
            page.locator("#tournament-plan", has_text="This tournament plays Wizard Junior").wait_for(timeout=WAIT)
            assert "Wizard Junior" in page.locator(".table h3", has_text="tournament round 1").inner_text()
            standings = service.teacher("api/board")["tournament"]["standings"]
            page.wait_for_function("(n) => document.querySelectorAll('#standings tbody tr').length === n",
                                   arg=len(standings), timeout=WAIT)
            shown = [r.locator("td").nth(1).inner_text() for r in rows.all()]
            assert shown == [s["name"] for s in standings] and "Fay Moss" in shown

            # axe: no serious or critical problem; nothing wider than a small projector.
            result = Axe().run(page)
            bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
            assert not bad, [(v["id"], [(n["target"], n.get("failureSummary", "")[:200]) for n in v["nodes"]]) for v in bad]
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

            # The teacher's cookie opens the push channel only from the service's own page: a socket
            # from another site's page, carrying the same cookie, gets no board.
            cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
            foreign = websocket.create_connection(service.url.replace("http", "ws", 1) + "api/ws", cookie=cookie,
                                                  origin="http://evil.example", timeout=10)
            try:
                foreign.send(json.dumps({"board": True}))
                first = json.loads(foreign.recv())
                assert first["type"] == "error" and "board" not in first
            finally:
                foreign.close()
        finally:
            for seat in seats:
                seat.close()
            context.close()

        # Only the teacher: a browser without the link sees nothing of the class.
        stranger = browser.new_context()
        try:
            lost = stranger.new_page()
            lost.goto(f"{service.url}board", timeout=WAIT)
            assert lost.get_by_text("Teacher only").count() == 1
            assert "Ada" not in lost.content() and CODE not in lost.content()
            lost.goto(f"{service.url}board?key=wrong-key", timeout=WAIT)
            assert lost.get_by_text("Teacher only").count() == 1
        finally:
            stranger.close()
        try:
            urllib.request.urlopen(f"{service.url}api/board", timeout=10)
            raise AssertionError("the board's data answered without the teacher's key")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403


def test_the_board_shows_a_refused_join_and_frees_and_removes_pupils(browser, tmp_path):
    with running_tables(tmp_path / "class.sqlite", code=CODE, table_size=3,
                        extra=("--rules", "junior", "--computer-delay", "0")) as service:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())              # "Take Ben off the table?"
        seats = [join(service.url, CODE, name, timeout=20) for name in ("Mia", "Ben", "Cy")]
        try:
            page.goto(f"{service.url}board?key={service.key}", timeout=WAIT)
            page.locator("#live", has_text="Live").wait_for(timeout=WAIT)
            table = page.locator(".table").first
            table.locator("tr", has_text="Mia").locator(".here").wait_for(timeout=WAIT)
            # Someone else types "MIA" while Mia plays: refused, and the board says so.
            with pytest.raises(SeatTakenError, match="already playing as Mia"):
                join(service.url, CODE, "MIA", timeout=5)
            page.locator("#attempts li", has_text="Someone tried to join as Mia at").wait_for(timeout=WAIT)
            # Free: Mia's page ends; joining as Mia now gets her seat back.
            table.locator("tr", has_text="Mia").get_by_role("button", name="Free").click()
            page.locator("#message", has_text="Mia is free").wait_for(timeout=WAIT)
            page.wait_for_function("() => !document.querySelector('#attempts li')", timeout=WAIT)   # dealt with
            with pytest.raises(PassEndedError):
                seats[0].wait(10)
            back = join(service.url, CODE, "Mia", timeout=5)
            seats.append(back)
            assert (back.table_id, back.seat) == (seats[0].table_id, seats[0].seat)
            # Remove: Ben's seat goes to a computer player.
            table.locator("tr", has_text="Ben").get_by_role("button", name="Remove").click()
            page.locator("#message", has_text="Ben left the table").wait_for(timeout=WAIT)
            table.locator("tr", has_text="Ben").locator("text=computer").wait_for(timeout=WAIT)
            assert service.teacher("api/board")["tables"][0]["players"][seats[1].seat]["kind"] == "computer"
        finally:
            for seat in seats:
                seat.close()
            context.close()
