"""The class looks at one hand together (issue 30, item 4), in real Chromium on a real `wizard-edu tables`.

The teacher turns on duplicate deals on the board and starts a tournament: eight pupils at two tables
of 4 get the same cards (the pupils are away, so their stand-ins, computer players, play). The
projector's page then shows one finished hand: the cards and the turned-up card, no names, the class's
bids as a bar chart, and the kit's chances only after "Show the chances" is clicked.
"""

from __future__ import annotations

import time

import pytest

from wizard_edu.online import SeatTimeoutError, join
from wizard_edu.online.testing import running_tables

CODE = "HND4K"
WAIT = 20_000
NAMES = ("Ada Lovelace", "Ben Okri", "Cleo Wu", "Dev Patel", "Eli Stone", "Fay Moss", "Gus Hill", "Hal Ives")


def test_a_duplicate_round_and_its_hand_on_the_projector(browser, tmp_path):
    with running_tables(tmp_path / "class.sqlite", code=CODE, table_size=4,
                        extra=("--rules", "junior", "--computer-delay", "0", "--grace", "0",
                               "--computer", "easy")) as service:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        try:
            page.goto(f"{service.url}board?key={service.key}", timeout=WAIT)
            page.locator("#live", has_text="Live").wait_for(timeout=WAIT)
            page.get_by_role("button", name="Open registration").click()
            page.get_by_text("Registration is open").wait_for(timeout=WAIT)
            page.get_by_label("Duplicate deals").check()
            page.locator("#message", has_text="the same cards").wait_for(timeout=WAIT)
            assert service.teacher("api/board")["settings"]["duplicate"] is True
            for name in NAMES:
                with pytest.raises(SeatTimeoutError):
                    join(service.url, CODE, name, timeout=0.3)   # registered: they wait for a seat
            page.locator("#waiting", has_text="Registered for the tournament (8)").wait_for(timeout=WAIT)
            page.get_by_role("button", name="Start the tournament").click()
            page.locator(".table h3", has_text="tournament round 1").first.wait_for(timeout=WAIT)
            assert page.get_by_label("Duplicate deals").is_disabled()   # once started it stays as it is
            board = service.teacher("api/board")
            assert sorted(t["size"] for t in board["tables"]) == [4, 4]
            deadline = time.monotonic() + 60
            while not all(t["round"] >= 3 or t["over"] for t in service.teacher("api/board")["tables"]):
                assert time.monotonic() < deadline, "the tables did not play two rounds"
                time.sleep(0.2)

            # The figures per pupil are on the teacher's board, closed until the teacher opens them.
            assert not page.locator("#predictions").is_visible()
            page.get_by_text("Per pupil (for you only").click()
            page.locator("#predictions tbody tr").first.wait_for(timeout=WAIT)
            assert page.locator("#predictions tbody tr").count() == 8

            # The projector's page: a hand both tables held, chosen from the suggestions.
            page.goto(f"{service.url}hand", timeout=WAIT)
            first = page.locator("#suggestions button").first
            first.wait_for(timeout=WAIT)
            assert "2 held it" in first.inner_text()
            first.click()
            page.locator("#hand-view").wait_for(state="visible", timeout=WAIT)
            text = page.locator("main").inner_text()
            assert not any(part in text for name in NAMES for part in name.split())   # names hidden
            assert "Computer" not in text
            hand = service.teacher(f"api/teacher/hand?table={first.get_attribute('data-table')}"
                                   f"&round={first.get_attribute('data-round')}&seat={first.get_attribute('data-seat')}")
            cards = hand["cards"]
            assert page.locator("#chart tbody tr").count() == cards + 1          # bids 0 to the cards dealt
            counts = [int(c) for c in page.locator("#chart .count").all_inner_texts()]
            assert counts == list(hand["bids"].values()) and sum(counts) == 2     # both holders' bids, charted
            assert page.locator("#chart .bar").count() == cards + 1
            assert page.locator("#hand-cards li").all_inner_texts() == [c["name"] for c in hand["hand"]]
            assert f"{hand['made']} of 2 predicted" in page.locator("#made").inner_text()
            # The chances stay hidden until the button is clicked.
            assert not page.locator("#chart td.chance-col").first.is_visible()
            assert "in 100" not in page.locator("main").inner_text()
            page.get_by_role("button", name="Show the chances").click()
            page.locator("#chart td.chance-col", has_text="in 100").first.wait_for(timeout=WAIT)
            assert page.locator("#chart td.chance-col").first.is_visible()
            assert page.get_by_role("button", name="Print this page").is_visible()
        finally:
            context.close()
