"""Play together in real Chromium: `wizard-edu play --classroom` with the class tables behind the same code.

Three pupils (three browser contexts) type the class code, open "Play with your class", type their
names and play a Junior round at one table; every move reaches the other pages through the service's
pushes. The teacher's board (the service's own page, opened with the printed link) sets the table
size, shows the table and the standings, and a browser without the code (or the teacher's link) gets
nothing.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from test_kidmode_class_browser import WAIT_MS, start_play

from wizard_edu.kidmode.kidmode import stop

PUPILS = ("Ann", "Ben", "Cleo")
YOUR_TURN = ".wizard-class-line-text:has-text('Your turn!')"
BID = ".wizard-actions .wizard-bid-button:not(.wizard-not-allowed)"
CARD = ".wizard-hand-buttons .wizard-card-button.wizard-legal"
TRUMP = ".wizard-actions .wizard-trump-button"


def teacher_get(base: str, key: str, path: str) -> dict:
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def status_of(url: str, data: bytes | None = None) -> int:
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as exc:
        return exc.code


def join_through_kid_mode(context, port: int, code: str, name: str):
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/", timeout=WAIT_MS)
    app = page.locator(".wizard-kids-landing a.kid-app", has_text="Play with your class")
    page.locator("#code").or_(app).first.wait_for(timeout=WAIT_MS)
    if not app.count():          # a browser that typed the code before goes straight in
        page.get_by_label("Class code").fill(code)
        page.get_by_role("button", name="Go").click()
    app.click()
    box = page.locator(".wizard-class-name input")
    box.wait_for(timeout=WAIT_MS)
    box.fill(name)
    page.locator(".wizard-class-join").click()
    page.locator(".wizard-class-table").wait_for(timeout=WAIT_MS)
    return page


def test_three_pupils_play_a_junior_round_and_the_board_shows_the_standings(browser, tmp_path):
    process, port, log = start_play(tmp_path, "--classroom", "--no-preheat", "--max-apps=6",
                                    f"--tables-db={tmp_path / 'tables.sqlite'}")
    contexts = []
    try:
        text = log.read_text()
        code = re.search(r"\(class code: ([A-Z0-9]+)\)", text).group(1)
        board_link = re.search(r"Teacher's board \(keep this link to yourself\): (\S+)", text).group(1)
        base, key = board_link.split("board?key=")

        # The teacher opens the board on the projector and makes tables of three.
        teacher = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(teacher)
        board = teacher.new_page()
        board.goto(board_link, timeout=WAIT_MS)
        assert "key=" not in board.url                       # the key left the address bar
        board.locator("#live", has_text="Live").wait_for(timeout=WAIT_MS)
        assert board.locator("#code").inner_text() == code
        board.select_option("#table-size", "3")
        board.wait_for_function("() => document.querySelector('#table-size').value === '3'")
        deadline = time.monotonic() + 10
        while teacher_get(base, key, "api/board")["settings"]["table_size"] != 3:
            assert time.monotonic() < deadline, "the board's table-size switch reached the service"
            time.sleep(0.2)

        pages = {}
        for name in PUPILS:
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            contexts.append(context)
            pages[name] = join_through_kid_mode(context, port, code, name)
        # The board shows the table with its three pupils, all here, as soon as they sit down.
        table = board.locator(".table").first
        for name in PUPILS:
            table.locator("tr", has_text=name).locator(".here").wait_for(timeout=WAIT_MS)
        # The class parts of a pupil's page pass axe's serious checks.
        result = Axe().run(pages[PUPILS[0]], context={"include": [[".wizard-class-players-box"],
                                                                    [".wizard-class-line"]]})
        bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]
        # Every page names everyone at its table, and says who is thinking or that it is their turn.
        for name, page in pages.items():
            players = page.locator(".wizard-class-players")
            for other in PUPILS:
                players.get_by_text(other, exact=False).first.wait_for(timeout=WAIT_MS)
            assert f"{name} (you)" in players.inner_text()

        # A Junior round: each pupil predicts, then plays their one card, on their own page (and the
        # dealer first names the trump if a Wizard was turned up: the service deals from a new seed).
        moves, pushes = 0, []
        deadline = time.monotonic() + 180
        while moves < 2 * len(PUPILS):
            assert time.monotonic() < deadline, f"the round did not finish ({moves} moves)"
            turn = [n for n, p in pages.items() if p.locator(YOUR_TURN).count()]
            if not turn:
                time.sleep(0.1)
                continue
            assert len(turn) == 1, turn
            page = pages[turn[0]]
            others = [p for n, p in pages.items() if n != turn[0]]
            naming_trump = page.locator(TRUMP).count() > 0
            button = page.locator(TRUMP if naming_trump else BID if page.locator(BID).count() else CARD).first
            before = [p.locator(".wizard-class-line-text").inner_text() for p in others]
            clicked = time.monotonic()
            button.click()
            page.locator(YOUR_TURN).wait_for(state="detached", timeout=WAIT_MS)
            # The move reaches the other pupils' pages by itself (the service pushes, nobody reloads).
            for p, old in zip(others, before):
                p.wait_for_function("(old) => document.querySelector('.wizard-class-line-text')"
                                    ".innerText !== old", arg=old, timeout=WAIT_MS)
            pushes.append(time.monotonic() - clicked)
            moves += 0 if naming_trump else 1
        print(f"\nclick on one page -> both other pages changed: "
              f"median {sorted(pushes)[len(pushes) // 2]:.2f} s, max {max(pushes):.2f} s ({len(pushes)} moves)")

        # The board: the table is in round 2 and the standings rank the three pupils by their points.
        table.locator(".state", has_text="Round 2").wait_for(timeout=WAIT_MS)
        service = teacher_get(base, key, "api/board")
        scores = {p["name"]: service["tables"][0]["scores"][p["seat"]] for p in service["tables"][0]["players"]}
        assert set(scores) == set(PUPILS) and any(scores.values())
        board.locator("#standings tbody tr").nth(2).wait_for(timeout=WAIT_MS)
        rows = [r.locator("td").all_inner_texts() for r in board.locator("#standings tbody tr").all()]
        assert {row[1]: int(row[2]) for row in rows} == scores
        assert [int(row[2]) for row in rows] == sorted(scores.values(), reverse=True)

        # A pupil whose page closes keeps their seat: the board shows them away, and typing the same
        # name again brings them back to the same seat.
        urllib.request.urlopen(urllib.request.Request(
            base + "api/teacher/settings", data=json.dumps({"grace": 1}).encode(), method="POST",
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"}), timeout=10).close()
        ann_row = table.locator("tr", has_text=PUPILS[0])
        seat_before = ann_row.get_attribute("data-seat")
        closed = time.monotonic()
        pages[PUPILS[0]].close(run_before_unload=True)     # (the page's kernel stops: its socket closes)
        ann_row.locator(".away").wait_for(timeout=5_000)   # away within 5 s
        print(f"page closed -> the board shows away: {time.monotonic() - closed:.2f} s")
        back = join_through_kid_mode(contexts[1], port, code, PUPILS[0])
        assert f"{PUPILS[0]} (you)" in back.locator(".wizard-class-players").inner_text()
        ann_row.locator(".here").wait_for(timeout=WAIT_MS)
        assert table.locator("tr", has_text=PUPILS[0]).get_attribute("data-seat") == seat_before
        # A page that vanishes without saying so (a crashed tab, a tablet put away: no beforeunload)
        # keeps its kernel until the culler, a minute or more; the board shows the pupil away within 5 s.
        ben_row = table.locator("tr", has_text=PUPILS[1])
        ben_row.locator(".here").wait_for(timeout=WAIT_MS)
        closed = time.monotonic()
        pages[PUPILS[1]].close(run_before_unload=False)
        ben_row.locator(".away").wait_for(timeout=5_000)
        print(f"page vanished -> the board shows away: {time.monotonic() - closed:.2f} s")

        # Nobody else gets in: no class code, no game; no teacher's link, no board.
        stranger = browser.new_context()
        contexts.append(stranger)
        lost = stranger.new_page()
        lost.goto(f"http://127.0.0.1:{port}/voila/render/apps/class-table.ipynb", timeout=WAIT_MS)
        lost.get_by_label("Class code").wait_for(timeout=WAIT_MS)
        assert lost.locator(".wizard-class-app").count() == 0
        lost.goto(base + "board", timeout=WAIT_MS)
        assert lost.get_by_text("Teacher only").count() == 1 and lost.locator("#tables").count() == 0
        assert status_of(base + "api/board") == 403
        assert status_of(base + "api/seat") in (401, 403)
        assert status_of(base + "api/join", json.dumps({"code": "WRONG9", "name": "Zed"}).encode()) == 401
    finally:
        for context in contexts:
            context.close()
        stop(process, timeout=30)
        process.log_file.close()
