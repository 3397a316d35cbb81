"""The teacher's board at the class hub, in real Chromium: the hub login decides who sees it.

A real hub (hub/jupyterhub_config.py, through tests/support/hubdriver.py) runs the class tables as
its service. The teacher (the hub's admin) logs in on the hub's page and opens the board at
/services/wizard-tables/board: the hub's OAuth lets them in and the board is live. A pupil logged
in the same way gets "Teacher only". Needs Node.js and npm for the hub's proxy (skipped without).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WAIT = 60_000


def hub_login(page, hub, name: str, password: str) -> None:
    page.goto(f"{hub.base}/hub/login", timeout=WAIT)
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#login_submit").click()
    page.wait_for_url(lambda url: "/hub/login" not in url, timeout=WAIT)


def test_the_board_at_the_hub_is_for_the_teachers_login_only(browser):
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("the class hub needs Node.js and npm for its proxy")
    sys.path.insert(0, str(REPO / "tests" / "support"))
    from hubdriver import Hub

    hub = Hub(start_timeout=90)
    try:
        hub.start()
        hub.create_pupils(["teacher", "ada"])
        board_url = f"{hub.base}/services/wizard-tables/board"

        teacher = browser.new_context()
        try:
            page = teacher.new_page()
            hub_login(page, hub, "teacher", "teacher-secret-1")
            page.goto(board_url, timeout=WAIT)          # the hub's OAuth, then the board
            page.locator("#live", has_text="Live").wait_for(timeout=WAIT)
            page.get_by_text("No tables yet").wait_for(timeout=WAIT)
            # A pupil joins with their hub login: the teacher's board shows them without a reload.
            ada = hub.login("ada", "ada-secret-1")
            from wizard_edu.online import join

            seat = join(f"{hub.base}/services/wizard-tables/", None, None, hub_token=ada.token, timeout=30)
            try:
                page.locator(".table tr", has_text="ada").locator(".here").wait_for(timeout=WAIT)
            finally:
                seat.close()
            # The board's buttons work through the hub's login (its cookie, the board's XSRF token).
            page.get_by_role("button", name="Pause all").click()
            page.locator("#paused").wait_for(state="visible", timeout=WAIT)
            page.get_by_role("button", name="Go on").click()
            page.locator("#paused").wait_for(state="hidden", timeout=WAIT)
        finally:
            teacher.close()

        pupil = browser.new_context()
        try:
            page = pupil.new_page()
            hub_login(page, hub, "ada", "ada-secret-1")
            reply = page.goto(board_url, timeout=WAIT)
            page.get_by_text("Teacher only").wait_for(timeout=WAIT)
            assert reply is not None and reply.status == 403
            assert page.locator("#tables").count() == 0
        finally:
            pupil.close()
    except Exception:
        print(hub.log_tail(60))
        raise
    finally:
        problems = hub.stop()
    assert problems == [], problems
