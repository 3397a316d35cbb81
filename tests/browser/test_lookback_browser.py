"""Look back at a round in kid mode, in a real browser (issue 30 item 1).

Plays round 1 of the Junior kid app (one card each) by clicking, waits for the friendly line to give
way to "ready", opens "Look back" and sees the chance of each prediction and the round's trick.
Reuses the kid-mode server of ``test_kidmode_browser.py`` (``start_play``) and the shared ``page``.
"""

from __future__ import annotations

import time

import pytest
from test_kidmode_browser import WAIT_MS, no_code_shown, start_play

from wizard_edu.kidmode.kidmode import landing_url, stop


@pytest.fixture(scope="module")
def lookback_server(chromium_path, tmp_path_factory):
    process, port, notebooks, _ = start_play(tmp_path_factory.mktemp("lookback"))
    try:
        yield {"port": port}
    finally:
        stop(process, timeout=20)
        process.log_file.close()


def test_look_back_at_a_junior_round_in_kid_mode(page, lookback_server):
    page.goto(landing_url(lookback_server["port"]), timeout=WAIT_MS)
    page.get_by_role("link", name="Play Wizard Junior").click(timeout=WAIT_MS)
    page.wait_for_url("**/voila/render/apps/junior-table.ipynb", timeout=WAIT_MS)
    table = page.locator(".wizard-table").first
    table.wait_for(timeout=WAIT_MS)
    button = table.locator(".wizard-lookback-button")
    assert not button.is_visible()  # nothing to look back on before a round ends

    deadline = time.monotonic() + 60
    played = False
    while not played:
        assert time.monotonic() < deadline, "the table never offered a card to play"
        trump = table.locator(".wizard-trump-button")
        bid = table.locator(".wizard-bid-button:not(.wizard-not-allowed)")
        legal = table.locator(".wizard-card-button.wizard-legal")
        if legal.count():
            legal.first.click()
            played = True
        elif bid.count():
            bid.first.click()
            bid.first.wait_for(state="detached", timeout=WAIT_MS)
        elif trump.count():
            trump.first.click()
        else:
            page.wait_for_timeout(200)
    table.locator(".wizard-round-over").wait_for(timeout=WAIT_MS)
    start = time.monotonic()
    status = table.locator(".wizard-lookback-status")
    page.wait_for_function(
        "el => el.innerText.includes('ready to look back on')", arg=status.element_handle(), timeout=WAIT_MS)
    print(f"look-back ready {time.monotonic() - start:.2f} s after the round's result showed")
    button.click()
    review = table.locator(".wizard-lookback .wizard-bid-chances")
    review.wait_for(timeout=WAIT_MS)
    text = table.locator(".wizard-lookback").first.inner_text()
    assert "You predicted" in text and "The chance of each prediction coming true" in text
    chances = review.inner_text()  # one row per prediction, the chance in kid words
    assert any(word in chances for word in ("in 10", "every time", "never", "hardly ever", "nearly every time"))
    assert "\u2605 best" in text  # the best prediction marked
    assert "Trick 1" in text and "takes it" in text  # the round's one trick, its winner and why
    no_code_shown(page)
