"""Look back and "How good are my predictions?" at a class table (issue 30): three pupils' ClassTables on
a real `wizard-edu tables` service play a Junior round; each table's panel shows the service's look-back
of its OWN seat (the friendly line until it is there), and the pupil's rounds summarized."""

from __future__ import annotations

import time

import pytest

from wizard_edu.errors import WizardError, WrongPhaseError
from wizard_edu.online import join
from wizard_edu.online.testing import running_tables
from wizard_edu.review import PredictionSummary, RoundReview
from wizard_edu.widgets.class_lookback import ClassLookBack
from wizard_edu.widgets.class_table import ClassTable

CODE = "KLOOK"
NAMES = ("Ann", "Ben", "Cleo")


def wait_for(condition, timeout: float = 30.0, what: str = "it"):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout} s"
        time.sleep(0.05)


@pytest.fixture
def tables(tmp_path):
    with running_tables(tmp_path / "class.sqlite", code=CODE, table_size=3,
                        extra=("--rules", "junior", "--computer-delay", "0")) as running:
        seats = [join(running.url, CODE, name, timeout=20) for name in NAMES]
        made = [ClassTable(seat, watch=False) for seat in seats]
        yield made
        for table in made:
            table.close()


def play_round_one(tables: list[ClassTable]) -> None:
    """Every pupil plays the first legal move until round 1 (one card each) is scored everywhere."""
    while not all(len(t.source.rounds) >= 1 for t in tables):
        for t in tables:
            t.update()
        turn = [t for t in tables if t.table.view.my_turn and t.table.view.legal and not t.source.rounds]
        if turn:
            assert turn[0].table.act(turn[0].table.view.legal[0]), turn[0].table.message
        else:
            time.sleep(0.05)
    for t in tables:
        t.update()


def test_each_class_table_looks_back_at_its_own_seat(tables):
    panel = tables[0].table.lookback
    assert isinstance(panel, ClassLookBack)
    assert panel.button.layout.display == "none" and panel.predictions_button.layout.display is None
    with pytest.raises(WrongPhaseError):
        tables[0].table.look_back()
    play_round_one(tables)
    for t in tables:
        panel = t.table.lookback
        assert panel.button.layout.display is None and "round 1" in panel.button.description
        assert 1 in panel.jobs        # fetched in the background since the round ended
        panel._click_look_back()     # answers at once: the friendly line, or the review if it is there
        assert "Looking back at round 1" in panel.body.value or "You predicted" in panel.body.value
    for t in tables:
        review = t.table.look_back()
        assert isinstance(review, RoundReview) and review.seat == t.seat.seat
        record = t.source.rounds[0]
        assert (review.bid, review.tricks) == (record.bids[t.seat.seat], record.won[t.seat.seat])
        wait_for(lambda t=t: "You predicted" in t.table.lookback.body.value, what="the review on the page")
        assert "In 10 rounds like this one" in t.table.lookback.body.value
        wait_for(lambda t=t: "ready to look back on" in t.table.lookback.status.value, what="the ready line")
    hands = {tuple(t.table.look_back(1).hand) for t in tables}
    assert len(hands) == 3           # three seats, three hands: nobody got another seat's look-back


def test_how_good_are_my_predictions_at_a_class_table(tables):
    play_round_one(tables)
    t = tables[1]
    wait_for(lambda: t.source.my_rounds()[1] == 0 and len(t.source.my_rounds()[0]) == 1,
             what="the service's look-back of round 1")
    summary = t.table.my_predictions()
    assert isinstance(summary, PredictionSummary) and summary.rounds == 1
    record = t.source.rounds[0]
    assert summary.exact == int(record.bids[t.seat.seat] == record.won[t.seat.seat])
    assert "You got" in t.table.lookback.predictions_html.value
    t.table.lookback._click_predictions()    # a second click hides it
    assert t.table.lookback.predictions_html.layout.display == "none"


def test_a_round_that_cannot_be_fetched_is_a_sentence(tables):
    play_round_one(tables)
    panel = tables[0].table.lookback
    tables[0].seat.close()           # the seat is gone: the service cannot be asked any more
    panel.jobs.clear()
    with pytest.raises(WizardError, match="closed"):
        tables[0].table.look_back(1)
    panel.show(1)
    wait_for(lambda: "closed" in panel.body.value, what="the sentence on the page")
    assert "Traceback" not in panel.body.value
