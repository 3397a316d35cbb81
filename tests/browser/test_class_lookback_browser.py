"""Look back at a round played at a CLASS table, in real Chromium (issue 30 item 1, the class table).

`wizard-edu play --classroom` with the class tables behind it: the teacher makes Junior tables of three,
one pupil joins through kid mode ("Play with your class"), the teacher starts the table (two computer
players fill it), the pupil plays round 1 (one card each) by clicking, and then opens "Look back": the
service's look-back of their own seat (the friendly line until it is ready), and "How good are my
predictions?". Reuses ``start_play`` and the kid-mode join of the other class browser tests.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

from browser_helpers import click_if_there
from test_class_tables_browser import BID, CARD, TRUMP, YOUR_TURN, join_through_kid_mode
from test_kidmode_class_browser import WAIT_MS, start_play

from wizard_edu.kidmode.kidmode import stop


def teacher_post(base: str, key: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def test_a_pupil_looks_back_at_a_round_of_their_class_table(browser, tmp_path):
    process, port, log = start_play(tmp_path, "--classroom", "--no-preheat", "--max-apps=3",
                                    f"--tables-db={tmp_path / 'tables.sqlite'}")
    context = None
    try:
        text = log.read_text()
        code = re.search(r"\(class code: ([A-Z0-9]+)\)", text).group(1)
        base, key = re.search(r"Teacher's board \(keep this link to yourself\): (\S+)", text).group(1).split(
            "board?key=")
        teacher_post(base, key, "api/teacher/settings", {"table_size": 3, "rules": "junior", "computer_delay": 0})
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = join_through_kid_mode(context, port, code, "Ann")
        assert teacher_post(base, key, "api/teacher/start", {})["started"] == 1
        table = page.locator(".wizard-class-table")
        button = table.locator(".wizard-lookback-button")
        assert not button.is_visible()          # nothing to look back on before a round ends
        assert table.locator(".wizard-predictions-button").is_visible()

        deadline = time.monotonic() + 120
        while not button.is_visible():          # round 1: Ann predicts and plays her one card
            assert time.monotonic() < deadline, "round 1 did not finish"
            if not page.locator(YOUR_TURN).count():
                page.wait_for_timeout(150)
                continue
            target = page.locator(TRUMP if page.locator(TRUMP).count() else BID if page.locator(BID).count()
                                  else CARD).first
            click_if_there(target)
            page.wait_for_timeout(150)
        ended = time.monotonic()
        status = table.locator(".wizard-lookback-status")
        page.wait_for_function("el => el.innerText.includes('ready to look back on')",
                               arg=status.element_handle(), timeout=WAIT_MS)
        print(f"\nclass table look-back ready {time.monotonic() - ended:.2f} s after the round ended")
        button.click()
        review = table.locator(".wizard-lookback .wizard-bid-chances")
        review.wait_for(timeout=WAIT_MS)
        said = table.locator(".wizard-lookback").first.inner_text()
        assert "You predicted" in said and "The chance of each prediction coming true" in said
        assert "\u2605 best" in said and "Trick 1" in said and "takes it" in said
        assert "Ann" in said                     # the class table's names, not "Player 1"

        table.locator(".wizard-predictions-button").click()
        table.locator(".wizard-lookback", has_text="You got").wait_for(timeout=WAIT_MS)
        assert "hard computer player" in table.locator(".wizard-lookback", has_text="You got").inner_text()
    finally:
        if context is not None:
            context.close()
        stop(process, timeout=20)
        process.log_file.close()
