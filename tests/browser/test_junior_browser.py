"""The Junior notebooks in a real JupyterLab, clicked in headless Chromium.

The expected results come from the same widgets driven through their Python API
with the same seeds, so the browser must show what the engine decides.
"""

from __future__ import annotations

import pytest
from browser_helpers import widget

from wizard_edu.widgets import LegalPlayTrainer, TableWidget, TrickTrainer

pytestmark = pytest.mark.browser

WAIT = 30_000  # ms, for every single wait below


def said(trainer: TrickTrainer) -> str:
    """The trick's reason as the trainer says it: in card names, as a sentence of its own."""
    reason = trainer.vocab.trick_reason(trainer.result)
    return reason[:1].upper() + reason[1:]


def test_trick_trainer_click_gives_feedback(page, run_notebook):
    run_notebook("03-who-wins-the-trick.ipynb")
    trainer = widget(page, "wizard-trick-trainer")
    trainer.wait_for(state="visible", timeout=WAIT)
    # JupyterLab draws only the cells near the screen (a cell far down has no text yet): bring it into view.
    trainer.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    expected = TrickTrainer(seed=3)  # the notebook's trainer
    cards = trainer.locator(".wizard-trainer-card")
    assert cards.count() == len(expected.trick)
    # Each card is drawn as the hand and the table draw it: its label over its colour's symbol.
    assert [cards.nth(i).inner_text().strip() for i in range(cards.count())] == \
        [expected.vocab.button_label(c) for c in expected.trick]
    trainer.locator(f".wizard-position-{expected.result.winner}").click()
    feedback = trainer.locator(".wizard-trainer-feedback")
    feedback.get_by_text("Right!").wait_for(timeout=WAIT)
    assert said(expected) in feedback.inner_text()
    assert "Streak: 1" in trainer.locator(".wizard-streak").inner_text()

    # A wrong answer on the next trick resets the streak and says which rule decided it.
    expected.answer(expected.result.winner)
    expected.next()
    trainer.locator(".wizard-next-button").click()
    trainer.locator(".wizard-trainer-feedback").get_by_text("Right!").wait_for(state="detached", timeout=WAIT)
    wrong = next(i for i in range(len(expected.trick)) if i != expected.result.winner)
    trainer.locator(f".wizard-position-{wrong}").click()
    feedback.get_by_text("Not this time").wait_for(timeout=WAIT)
    assert said(expected) in feedback.inner_text()
    assert "Streak: 0" in trainer.locator(".wizard-streak").inner_text()


def test_legal_play_trainer_check(page, run_notebook):
    run_notebook("03-who-wins-the-trick.ipynb")
    trainer = widget(page, "wizard-legal-trainer")
    trainer.wait_for(state="visible", timeout=WAIT)
    expected = LegalPlayTrainer(seed=1)  # the notebook's trainer
    for text in sorted({str(c) for c in expected.legal}):
        trainer.locator(f".wizard-card-{text}").first.click()
    trainer.locator(".wizard-check-button").click()
    trainer.locator(".wizard-trainer-feedback").get_by_text("Right!").wait_for(timeout=WAIT)


def test_play_round_one_by_clicking(page, run_notebook):
    run_notebook("05-play-wizard-junior.ipynb")
    table = widget(page, "wizard-table")
    table.wait_for(state="visible", timeout=WAIT)
    expected = TableWidget(players=4, seed=1)  # the notebook's first table
    assert expected.view.phase == "bid" and expected.view.my_turn

    # Round 1 deals one card: predict 1 trick by clicking, then play the one legal card.
    table.locator(".wizard-bid-button.wizard-bid-1").click()
    expected.bid(1)
    card = expected.view.legal_cards[0]
    button = table.locator(f".wizard-hand-buttons .wizard-card-button.wizard-legal.wizard-card-{card}")
    button.wait_for(timeout=WAIT)
    assert button.get_attribute("title")  # the tooltip, e.g. "yellow 6 (★)"
    button.click()
    expected.play(card)

    result = table.locator(".wizard-round-over")
    result.wait_for(timeout=WAIT)
    assert "Round 1 result" in result.inner_text()
    status = table.locator(".wizard-status")
    status.get_by_text("Round 1 is over").wait_for(timeout=WAIT)
    mine = expected.last_round
    assert f"you predicted {mine.bids[0]} and won {mine.won[0]}" in status.inner_text()
    assert "Round 2 of 8" in table.locator(".wizard-header").inner_text()
    # Round 2: the hand now holds two cards, shown as buttons.
    table.locator(".wizard-hand-buttons .wizard-card-button").nth(1).wait_for(timeout=WAIT)
    assert table.locator(".wizard-hand-buttons .wizard-card-button").count() == 2

    # Round 2 by keyboard: focus the "0" prediction button and press Enter.
    zero = table.locator(".wizard-bid-button.wizard-bid-0")
    zero.wait_for(timeout=WAIT)
    zero.focus()
    page.keyboard.press("Enter")
    status.get_by_text("You predict 0.").wait_for(timeout=WAIT)
    assert expected.bid(0)
    # The browser's table shows the same predictions as the Python twin.
    chips = [table.locator(f".wizard-players .wizard-seat-{s} .wizard-chips") for s in range(4)]
    assert [chip.get_attribute("title") for chip in chips] == [
        "no prediction yet" if b is None else f"predicts {b} trick{'s' if b != 1 else ''}"
        for b in expected.game.bids]
