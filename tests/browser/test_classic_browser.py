"""Notebook 08 in a real JupyterLab: play Classic Wizard by clicking, in headless Chromium.

A twin :class:`TableWidget`, driven through its Python API with the notebook's seed and the
same moves, says what the browser must show after every click.
"""

from __future__ import annotations

import time

import pytest
from browser_helpers import widget

from wizard_edu.players.coach import hint
from wizard_edu.widgets import TableWidget

pytestmark = pytest.mark.browser

WAIT = 30_000  # ms, for every single wait below
NOTEBOOK = "08-play-classic-wizard.ipynb"


def notebook_table() -> TableWidget:
    """The notebook's first table: no later cell acts on it, so it waits for the learner's first bid."""
    return TableWidget(rules="classic", players=4, opponents=["simulator", "rule-of-thumb", "rule-of-thumb"],
                       seed=8, theme="us")


def labels(twin: TableWidget) -> list[str]:
    """What the twin's hand buttons read (US Games faces: "▲ 8", never the kit's "R7")."""
    return [twin.vocab.button_label(c) for c in twin.view.hand]


def hand_texts(table_locator) -> list[str]:
    buttons = table_locator.locator(".wizard-hand-buttons .wizard-card-button")
    return buttons.evaluate_all("els => els.map(e => e.textContent.trim())")


def wait_for_hand(table_locator, expected: list[str], timeout: float = WAIT / 1000) -> None:
    """Wait (bounded) until the browser shows exactly the twin's hand."""
    deadline = time.monotonic() + timeout
    while True:
        shown = hand_texts(table_locator)
        if shown == expected:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the browser shows the hand {shown}, expected {expected}")
        time.sleep(0.1)


def settled_text(locator, still: float = 0.6, timeout: float = WAIT / 1000) -> str:
    """The locator's text once it has stopped changing for ``still`` seconds (the computers' cards and
    bids reach the page one push at a time: a text read too early is not the table's state)."""
    deadline = time.monotonic() + timeout
    text = locator.inner_text()
    while True:
        time.sleep(still)
        again = locator.inner_text()
        if again == text:
            return text
        assert time.monotonic() < deadline, "the table never stopped changing"
        text = again


def test_play_classic_by_clicking_and_an_illegal_click_changes_nothing(page, run_notebook):
    run_notebook(NOTEBOOK)
    table = widget(page, "wizard-table")
    table.wait_for(state="visible", timeout=WAIT)
    twin = notebook_table()
    illegal_tried = False
    rounds_seen = set()
    # Play by clicking until an illegal card has been tried and rounds 1-3 are over.
    while twin.game.round_number <= 8 and not (illegal_tried and twin.game.round_number > 3):
        view = twin.view
        assert view.my_turn, twin.game.status()
        rounds_seen.add(view.round_number)
        wait_for_hand(table, labels(twin))
        if view.phase == "bid":
            n = hint(view).action.value
            table.locator(f".wizard-bid-button.wizard-bid-{n}").click()
            assert twin.bid(n)
        elif view.phase == "trump":
            colour = hint(view).action.value
            table.locator(f".wizard-trump-button.wizard-trump-{colour}").click()
            assert twin.choose_trump(colour)
        else:
            illegal = [c for c in view.hand if c not in view.legal_cards]
            if illegal and not illegal_tried:
                card = illegal[0]
                # (The computer players' cards reach the page after their click returns: wait for them.)
                table.locator(".wizard-trick", has_text="Your turn").wait_for(timeout=WAIT)
                played = len(twin.view.trick)       # the cards before Fox's, as the twin game has them
                deadline = time.monotonic() + WAIT / 1000
                while table.locator(".wizard-trick .wizard-played").count() != played:
                    assert time.monotonic() < deadline, (played, table.locator(".wizard-trick").inner_text())
                    time.sleep(0.1)
                trick_before = settled_text(table.locator(".wizard-trick"))
                saved = twin.game.to_json()
                assert twin.play(card) is False and twin.game.to_json() == saved
                button = table.locator(f".wizard-hand-buttons .wizard-card-button.wizard-not-legal.wizard-card-{card}")
                button.first.wait_for(timeout=WAIT)  # shown as not playable, but still clickable
                button.first.click()
                error = table.locator(".wizard-status .wizard-message-error")
                error.wait_for(timeout=WAIT)
                assert "You must follow" in error.inner_text()
                assert twin.message in error.inner_text()
                # Nothing changed: same hand, same trick on the table.
                assert hand_texts(table) == labels(twin)
                assert table.locator(".wizard-trick").inner_text() == trick_before
                illegal_tried = True
                card = view.legal_cards[0]
            else:
                card = hint(view).action.value
            table.locator(f".wizard-hand-buttons .wizard-card-button.wizard-legal.wizard-card-{card}").first.click()
            assert twin.play(card)
    assert illegal_tried, "no illegal card came up in rounds 1-8 with the notebook's seed"
    assert {1, 2, 3} <= rounds_seen
    # Whole rounds were played by clicking: the round results in the browser match the twin's score pad.
    wait_for_hand(table, labels(twin))
    assert len(twin.game.rounds) >= 3


def test_hint_button_in_the_browser(page, run_notebook):
    run_notebook(NOTEBOOK)
    table = widget(page, "wizard-table")
    table.wait_for(state="visible", timeout=WAIT)
    twin = notebook_table()
    expected = hint(twin.view)
    table.locator(".wizard-hint-button").click()
    status = table.locator(".wizard-status .wizard-message-hint")
    status.wait_for(timeout=WAIT)
    assert twin.vocab.text(expected.text) in status.inner_text()   # in the table's words (US faces: suits)
